use mcp_errors::McpError;

#[derive(Debug)]
struct Opaque;

// `text` sends the field's `Display` text; a type without `Display` has none.
#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "expired")]
    Expired {
        #[mcp(text)]
        id: Opaque,
    },
}

fn main() {}
