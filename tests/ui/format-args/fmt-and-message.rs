use mcp_errors::McpError;

fn busy(f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    f.write_str("busy")
}

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite")]
enum E {
    #[mcp(code = 1, message = "busy", fmt = busy)]
    Busy,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
