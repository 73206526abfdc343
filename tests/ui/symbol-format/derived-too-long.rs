use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", symbol_prefix = "E_A_RATHER_LONG_PREFIX_FOR_SYMBOLS_")]
enum E {
    /// Long
    #[mcp(code = 1)]
    AVeryLongVariantNameThatOverflowsTheLimit,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
