use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "bad {0:?}")]
    Aa(#[mcp(message_only, data)] String),
}

fn main() {}
