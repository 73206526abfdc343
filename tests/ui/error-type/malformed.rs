use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Not signed in
    #[mcp(code = 1, error_type = "authentication")]
    SignedOut,
}

fn main() {}
