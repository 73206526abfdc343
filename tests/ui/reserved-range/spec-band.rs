// -32020..=-32099 is reserved for codes the MCP specification defines (MCP 2026-07-28).
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Quota exceeded
    #[mcp(code = -32050)]
    Quota,
}

fn main() {
    let _ = E::Quota.code();
}
