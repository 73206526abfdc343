use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "python", fleet = "../../../../tests/ui/fleet/no-such-fleet.toml")]
enum PythonError {
    /// A
    #[mcp(code = 2000)]
    ExecFail,
}

fn main() {}
