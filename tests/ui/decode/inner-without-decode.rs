use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "inner")]
enum Inner {
    /// A
    #[mcp(code = 1)]
    Aa,
}

#[derive(Debug, McpError)]
#[mcp(domain = "outer", decode)]
enum Outer {
    #[mcp(transparent)]
    Inner(Inner),
}

fn main() {}
