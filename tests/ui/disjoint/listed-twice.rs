use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199)]
enum PlaywrightError {
    /// A
    #[mcp(code = 2100)]
    Nav,
}

mcp_errors::assert_disjoint!(PlaywrightError, mcp_errors::CommonError, PlaywrightError);

fn main() {}
