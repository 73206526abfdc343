use mcp_errors::McpError;

// `IO` is named like its symbol, so its constant is `E::IO_CODE`: the symbol of `IoCode`.
#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// Input/output failed
    #[mcp(code = 1)]
    IO,
    /// B
    #[mcp(code = 2)]
    IoCode,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |code: i32| matches!(code, E::IO_CODE);
}
