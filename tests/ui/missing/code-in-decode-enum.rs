use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E {
    /// Navigation failed
    Nav { #[mcp(data)] reason: String },
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
    let _ = E::from_error_object;
}
