use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(transparent, data_fields)]
    Common(mcp_errors::CommonError),
}

fn main() {}
