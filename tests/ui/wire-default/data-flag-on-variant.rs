use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// A
    #[mcp(code = 1, data)]
    Aa { path: String },
}

fn main() {}
