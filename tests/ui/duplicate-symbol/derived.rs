use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", symbol_prefix = "E_")]
enum E {
    /// A
    #[mcp(code = 1)]
    FileNotFound,
    /// B
    #[mcp(code = 2, symbol = "E_FILE_NOT_FOUND")]
    MissingFile,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
