use mcp_errors::McpError;

// A shorthand inside any expression must name a field; `None::<i32>.is_some()` is a method
// call, not one.
#[derive(Debug, McpError)]
#[mcp(domain = "sqlite")]
enum E {
    #[mcp(code = 1, message("{intro}: {0} {}", None::<i32>.is_some(), intro = match .2 {
        Some(n) => n,
        None => 0,
    }))]
    Failed(String, Option<usize>),
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
