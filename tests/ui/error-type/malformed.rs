use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Not signed in
    #[mcp(code = 1, error_type = "authentication")]
    SignedOut,
    /// Failed
    #[mcp(code = 2, error_type = "error")]
    Failed,
}

fn main() {}
