use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 2000, message("{x}", x = ))]
    Aa,
}

fn main() {}
