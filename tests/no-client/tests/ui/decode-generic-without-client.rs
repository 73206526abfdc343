use mcp_errors::McpError;

// Two rules read `decode` here (it needs `client`, and it is not for a generic type): only
// the first reports, so that the token carries one error.
#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E<T: std::error::Error + 'static> {
    /// A
    #[mcp(code = 1)]
    Aa {
        #[mcp(source)]
        inner: T,
    },
}

fn main() {}
