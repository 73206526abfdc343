use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(transparent)]
    Common(#[mcp(data)] mcp_errors::CommonError),
}

fn main() {}
