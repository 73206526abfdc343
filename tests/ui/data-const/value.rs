use mcp_errors::McpError;

const CODE: &str = "invalid_input";

#[derive(Debug, McpError)]
#[mcp(domain = "browser")]
enum E {
    /// Not a list
    #[mcp(code = 2100, data = "invalid_input")]
    NotAList,
    /// A value that varies
    #[mcp(code = 2101, data(code = CODE))]
    NotALiteral,
    /// A byte string
    #[mcp(code = 2102, data(code = b"x"))]
    ByteString,
    /// A path key
    #[mcp(code = 2103, data(a::b = "x"))]
    PathKey,
    /// Not `key = value`
    #[mcp(code = 2104, data("invalid_input"))]
    NoKey,
}

fn main() {
    fn implements<T: McpError + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
