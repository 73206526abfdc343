use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Failed
    #[mcp(code = 1, doc_url = "ftp://errors.acme.dev/{symbol}")]
    Failed,
    /// Gone
    #[mcp(code = 2, doc_url = "javascript:alert(1)")]
    Gone,
}

fn main() {}
