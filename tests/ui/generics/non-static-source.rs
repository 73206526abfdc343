use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "parser")]
enum E<'a> {
    /// Lex failed
    #[mcp(code = 1)]
    Lex(#[mcp(source)] &'a std::io::Error),
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E<'static>>();
}
