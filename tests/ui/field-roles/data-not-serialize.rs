use mcp_errors::McpError;

#[derive(Debug)]
struct Opaque;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa { #[mcp(data)] value: Opaque },
}

fn main() {}
