use mcp_errors::McpError;

#[derive(Debug, serde::Serialize)]
struct Opaque;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa { #[mcp(data)] value: Opaque },
}

fn main() {}
