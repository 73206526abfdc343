use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum Generic<T> {
    /// A {0}
    #[mcp(code = 1)]
    Aa(T),
}

fn main() {
    let _ = <Generic<u8> as mcp_errors::ErrorCatalog>::ENTRIES;
    let _ = Generic::Aa(1u8).to_string();
}
