use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", error_type = "Custom")]
enum E {
    /// Failed
    #[mcp(code = 1)]
    Failed,
}

fn main() {}
