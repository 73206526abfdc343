use mcp_errors::McpError;

// No variant has a message: the type is taken to implement `Display` itself (thiserror's
// `#[derive(Error)]` without `#[error]`), and here it does not.
#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1)]
    Nav { reason: String },
}

fn main() {}
