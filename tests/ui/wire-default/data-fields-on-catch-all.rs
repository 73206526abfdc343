use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Internal error
    #[mcp(code = 1, catch_all, data_fields)]
    Other(std::io::Error),
}

fn main() {}
