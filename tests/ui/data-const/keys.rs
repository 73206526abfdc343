use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "browser")]
enum E {
    /// Reserved
    #[mcp(code = 2100, data(symbol = "X"))]
    Reserved,
    /// Taken by a field
    #[mcp(code = 2101, data(code = "x"))]
    Field { #[mcp(data)] code: u32 },
    /// Twice
    #[mcp(code = 2102, data(code = "x", code = "y"))]
    Twice,
    #[mcp(transparent, data(code = "x"))]
    Inner(mcp_errors::CommonError),
}

fn main() {
    fn implements<T: McpError + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
