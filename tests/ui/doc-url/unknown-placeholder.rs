use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", doc_url = "https://errors.acme.dev/{domain}/{name}")]
enum E {
    /// Failed
    #[mcp(code = 1)]
    Failed,
}

fn main() {}
