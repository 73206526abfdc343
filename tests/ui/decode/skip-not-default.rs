use mcp_errors::McpError;

#[derive(Debug)]
struct Secret;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa {
        #[mcp(skip)]
        secret: Secret,
    },
}

fn main() {}
