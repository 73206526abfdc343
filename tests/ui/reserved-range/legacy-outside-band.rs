// `legacy` only marks a code of the legacy band -32000..=-32019.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", protocol)]
enum E {
    /// Invalid params
    #[mcp(code = -32602, legacy)]
    InvalidParams,
    /// Resource not found: marked, accepted
    #[mcp(code = -32002, legacy)]
    ResourceNotFound,
}

#[derive(Debug, McpError)]
#[mcp(domain = "ui-app")]
enum App {
    /// Navigation failed
    #[mcp(code = 2100, legacy)]
    Nav,
}

fn main() {
    let _ = (E::ResourceNotFound.code(), App::Nav.code());
}
