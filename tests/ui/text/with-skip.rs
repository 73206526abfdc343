use mcp_errors::McpError;

// `text` sends the field's text; `skip` keeps it off the wire: one or the other.
#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "expired")]
    Expired {
        #[mcp(text, skip)]
        id: String,
    },
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
