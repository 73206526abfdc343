use mcp_errors::McpError;

// A fleet file whose range is written backwards: the reader's one line, with its position.
#[derive(Debug, McpError)]
#[mcp(domain = "python", fleet = "../../../../tests/ui/fleet/backwards.toml")]
enum PythonError {
    /// A
    #[mcp(code = 2000)]
    ExecFail,
}

fn main() {}
