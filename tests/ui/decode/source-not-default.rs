use mcp_errors::McpError;

// A foreign cause has no `Default`: decoding cannot rebuild it, and says so at the field.
#[derive(Debug, McpError)]
#[mcp(domain = "ui", decode)]
enum E {
    /// Read failed
    #[mcp(code = 1)]
    Read(#[mcp(from)] std::io::Error),
    /// Optional cause: decodes as `None`
    #[mcp(code = 2)]
    Parse {
        #[mcp(source)]
        cause: Option<std::io::Error>,
    },
}

fn main() {}
