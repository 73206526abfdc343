use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 2000, message("{x}", x = 1, r#x = 2))]
    Aa,
}

fn main() {}
