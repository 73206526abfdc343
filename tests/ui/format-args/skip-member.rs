use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite")]
enum E {
    #[mcp(code = 1, message("login failed ({} chars)", .password.len()))]
    Login {
        #[mcp(skip)]
        password: String,
    },
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<E>();
}
