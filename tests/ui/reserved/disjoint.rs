use mcp_errors::McpError;

// Without a `range`, the retired codes widen the span: 2100..=2169.
#[derive(Debug, McpError)]
#[mcp(domain = "playwright", reserved = [2150, 2160..=2169])]
enum PlaywrightError {
    /// A
    #[mcp(code = 2100)]
    Nav,
}

// Takes a code the other enum retired.
#[derive(Debug, McpError)]
#[mcp(domain = "python")]
enum PythonError {
    /// A
    #[mcp(code = 2165)]
    ExecFail,
}

mcp_errors::assert_disjoint!(PlaywrightError, PythonError);

fn main() {}
