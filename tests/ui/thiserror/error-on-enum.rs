// thiserror's enum-level `#[error(..)]` left on a ported enum: the error is under it, not a
// "missing message" under each variant.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[error("storage failed")]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "disk full")]
    Full,
    #[mcp(code = 2)]
    Offline,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
