use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", data_fields, data_fields)]
enum E {
    /// A
    #[mcp(code = 1)]
    Aa { path: String },
}

fn main() {}
