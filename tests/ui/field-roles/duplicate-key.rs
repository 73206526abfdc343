use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa {
        #[mcp(data)] path: String,
        #[mcp(rename = "path")]
        other_path: String,
    },
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
    let _ = |e: &E| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
}
