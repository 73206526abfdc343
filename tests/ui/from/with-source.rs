use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "filesystem")]
enum E {
    /// Read failed
    #[mcp(code = 1)]
    Read(#[mcp(from, source)] std::io::Error),
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
