use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite")]
enum E {
    /// Import failed
    #[mcp(code = 1)]
    Import { source: String },
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
