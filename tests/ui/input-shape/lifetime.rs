use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum Borrowed<'a> {
    /// A {0}
    #[mcp(code = 1)]
    Aa(&'a str),
}

fn main() {
    let _ = <Borrowed<'static> as mcp_errors::ErrorCatalog>::ENTRIES;
}
