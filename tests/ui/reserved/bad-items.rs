use mcp_errors::McpError;

// A range written backwards, and an item that is not an integer.
#[derive(Debug, McpError)]
#[mcp(domain = "ui", reserved = [2169..=2160, "2150"])]
enum E {
    /// A
    #[mcp(code = 2100)]
    Aa,
}

fn main() {}
