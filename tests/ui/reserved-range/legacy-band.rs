// -32000..=-32019 is the legacy band of JSON-RPC's reserved range (MCP 2026-07-28).
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Tool failed
    #[mcp(code = -32010)]
    ToolFailed,
}

fn main() {
    let _ = E::ToolFailed.code();
}
