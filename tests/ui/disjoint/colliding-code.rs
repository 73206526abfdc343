use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199)]
enum PlaywrightError {
    /// A
    #[mcp(code = 2100)]
    Nav,
    /// B
    #[mcp(code = 2101)]
    Launch,
}

#[derive(Debug, McpError)]
#[mcp(domain = "python", range = 2000..=2199)]
enum PythonError {
    /// A
    #[mcp(code = 2000)]
    ExecFail,
    /// B
    #[mcp(code = 2101)]
    Security,
}

mcp_errors::assert_disjoint!(mcp_errors::CommonError, PlaywrightError, PythonError);

fn main() {}
