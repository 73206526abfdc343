use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "browser")]
enum E {
    /// Internal error
    #[mcp(code = 2199, catch_all, transparent)]
    Other(std::io::Error),
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
