use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    ///
    #[mcp(code = 1)]
    Nav,
    /// Closed
    #[mcp(code = 2)]
    Closed,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
