// `#[error(..)]` left beside an `#[mcp(...)]` that already gives the message is to be deleted;
// thiserror's enum-level `#[error(transparent)]` belongs on a variant (and stands for the
// enum's message: `Bare`, without one, adds no error of its own).
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[error(transparent)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "read failed")]
    #[error("read failed")]
    Read,
    #[mcp(code = 2)]
    Bare,
}

fn main() {}
