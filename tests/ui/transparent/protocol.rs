use mcp_errors::{CommonError, McpError};

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(transparent, protocol, error_type = "CustomError")]
    Common(CommonError),
}

fn main() {}
