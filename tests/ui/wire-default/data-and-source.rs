use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa {
        #[mcp(source, data)]
        cause: std::io::Error,
    },
}

fn main() {}
