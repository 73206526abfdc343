use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", protocol)]
enum E {
    /// Resource not found
    #[mcp(code = -32002, legacy = true)]
    ResourceNotFound,
}

fn main() {
    let _ = E::ResourceNotFound.code();
}
