use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199)]
enum PlaywrightError {
    /// A
    #[mcp(code = 2100)]
    Nav,
}

#[derive(Debug, McpError)]
#[mcp(domain = "puppeteer", range = 2150..=2299)]
enum PuppeteerError {
    /// A
    #[mcp(code = 2200)]
    Nav,
}

mcp_errors::assert_disjoint!(PlaywrightError, PuppeteerError);

fn main() {}
