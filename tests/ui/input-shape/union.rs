use mcp_errors::McpError;

#[derive(McpError)]
#[mcp(domain = "ui")]
union NotAnEnum {
    a: u32,
    b: f32,
}

fn main() {
    let _ = <NotAnEnum as mcp_errors::ErrorCatalog>::ENTRIES;
}
