// In a `protocol` enum a code of the legacy band -32000..=-32019 must be marked `legacy`:
// no new codes go there.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", protocol)]
enum E {
    /// Invalid params
    #[mcp(code = -32602)]
    InvalidParams,
    /// Resource not found
    #[mcp(code = -32002)]
    ResourceNotFound,
    /// Session expired: the spec's band, fine in a protocol enum
    #[mcp(code = -32030)]
    SessionExpired,
}

fn main() {
    let _ = E::ResourceNotFound.code();
}
