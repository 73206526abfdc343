use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// A
    #[mcp(code = 1, symbol = "E_THIS_SYMBOL_IS_MUCH_TOO_LONG_TO_BE_USEFUL_IN_ANY_CLIENT_ANYWHERE")]
    Aa,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
