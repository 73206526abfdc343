use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2249, fleet = "../../../../tests/ui/fleet/acme.toml")]
enum PlaywrightError {
    /// A
    #[mcp(code = 2100)]
    Nav,
}

fn main() {}
