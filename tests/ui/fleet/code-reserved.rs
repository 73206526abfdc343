use mcp_errors::McpError;

// The fleet retired 2150 and 2160..=2169 for playwright.
#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, fleet = "../../../../tests/ui/fleet/acme.toml")]
enum PlaywrightError {
    /// A
    #[mcp(code = 2150)]
    Nav,
    /// B
    #[mcp(code = 2163)]
    Click,
}

fn main() {}
