use mcp_errors::McpError;

// The one deliberate overlap of `tests/fleet/overlap/fleet.toml` (playwright's range starts
// inside python's): the derive reports it in the words of `mcp-errors check` and
// `Registry::check` (tests/test_fleet_words.rs compares the three).
#[derive(Debug, McpError)]
#[mcp(domain = "python", range = 2000..=2149, fleet = "../../../../tests/fleet/overlap/fleet.toml")]
enum PythonError {
    /// A
    #[mcp(code = 2000)]
    ExecFail,
}

fn main() {}
