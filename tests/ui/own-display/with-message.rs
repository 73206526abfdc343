use mcp_errors::McpError;

// `own_display`: the type's `Display` is every variant's text; a `message` would be another.
#[derive(Debug, McpError)]
#[mcp(domain = "ui", own_display)]
enum E {
    #[mcp(code = 1, message = "down")]
    Down,
}

impl std::fmt::Display for E {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("down")
    }
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
