use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "legacy-fs")]
enum E {
    #[mcp(code = 2400, shared_code, message = "invalid path")]
    InvalidPath,
    #[mcp(code = 2400, message = "invalid range")]
    InvalidRange,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
