use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", range = 2100..=2199)]
enum E {
    /// A
    #[mcp(code = 2100)]
    Aa,
    /// B
    #[mcp(code = 2300)]
    Bb,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
