// derive_more-style `#[error(source)]` on a field, and the literal and `transparent` forms on
// variants: each error says what to write in that place.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "read failed")]
    Read(#[error(source)] std::io::Error),
    #[mcp(code = 2)]
    #[error(r"timed out after {0} s")]
    Timeout(u64),
    #[error(transparent)]
    Other(mcp_errors::CommonError),
}

fn main() {}
