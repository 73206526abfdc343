use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "notion", fleet = "../../../../tests/ui/fleet/acme.toml")]
enum NotionError {
    /// A
    #[mcp(code = 2700)]
    Rate,
}

fn main() {}
