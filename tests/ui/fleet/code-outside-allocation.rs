use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", fleet = "../../../../tests/ui/fleet/acme.toml")]
enum PlaywrightError {
    /// A
    #[mcp(code = 2100)]
    Nav,
    /// B
    #[mcp(code = 2230)]
    Click,
}

fn main() {}
