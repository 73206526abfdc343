use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E {
    #[mcp(code = 1, message = "no page at {url}")]
    Nav { url: String, #[mcp(data)] status: u16 },
    #[mcp(code = 2, message = "invalid input: {0}")]
    Invalid(String),
}

fn main() {}
