use mcp_errors::McpError;

// 2101 was retired; 2165 lies in a retired range.
#[derive(Debug, McpError)]
#[mcp(domain = "ui", range = 2100..=2199, reserved = [2101, 2160..=2169])]
enum E {
    /// A
    #[mcp(code = 2100)]
    Aa,
    /// B
    #[mcp(code = 2101)]
    Bb,
    /// C
    #[mcp(code = 2165)]
    Cc,
}

fn main() {}
