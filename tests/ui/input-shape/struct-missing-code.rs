use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
/// Quota exceeded
struct Quota {
    code: i32,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<Quota>();
    let _ = |e: &Quota| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
