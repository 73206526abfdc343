use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", reserved = 2150)]
enum E {
    /// A
    #[mcp(code = 2100)]
    Aa,
}

fn main() {}
