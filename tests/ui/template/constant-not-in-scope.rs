use mcp_errors::McpError;

// An upper-case name that is no field is left to `format_args!` (a constant in scope, as in
// thiserror 2): without such a constant, rustc says so at the template.
#[derive(Debug, McpError)]
#[mcp(domain = "ui")]
enum E {
    #[mcp(code = 1, message = "{LIMIT} reached")]
    Full { used: u32 },
}

fn main() {}
