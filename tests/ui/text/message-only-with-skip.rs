use mcp_errors::McpError;

// `message_only` lets the message show the field; `skip` keeps it out of every text.
#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "expired")]
    Expired {
        #[mcp(message_only, skip)]
        id: String,
    },
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
