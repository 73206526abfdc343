use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", symbol_prefix = "E_")]
enum E {
    /// A
    #[mcp(code = 1, alias = "NAV")]
    Navigate,
    /// B
    #[mcp(code = 2)]
    NAV,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |code: i32| matches!(code, E::E_NAV);
}
