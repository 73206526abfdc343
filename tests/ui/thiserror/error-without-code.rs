// A leftover `#[error(..)]` stands for the message only: the variant's other mistakes (here its
// missing code) are reported in the same build.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[error("gone")]
    Gone,
}

fn main() {}
