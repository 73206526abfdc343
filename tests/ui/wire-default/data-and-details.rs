use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa {
        #[mcp(details, data)]
        reason: String,
    },
}

fn main() {}
