use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(transparent, doc_url = "https://errors.acme.dev/{symbol}")]
    Common(mcp_errors::CommonError),
}

fn main() {}
