use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa,
}

fn main() {}
