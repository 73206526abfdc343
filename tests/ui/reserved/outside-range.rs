use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", range = 2100..=2199, reserved = [2150, 2190..=2210])]
enum E {
    /// A
    #[mcp(code = 2100)]
    Aa,
}

fn main() {}
