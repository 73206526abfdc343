// A port that added the codes but kept thiserror's `#[error(..)]`: one error under each
// `error`, saying what to write, and no "doesn't implement `Display`" where `E` is used.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1)]
    #[error("read failed: {0}")]
    Read(String),
    #[mcp(code = 2)]
    #[error("timed out")]
    Timeout,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
