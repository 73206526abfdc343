// A `transparent` variant takes its code from the inner error, so `legacy` has nothing to mark.
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "ui", protocol)]
enum E {
    #[mcp(transparent, legacy)]
    Protocol(mcp_errors::ProtocolError),
}

fn main() {
    let _ = |e: &E| e.code();
}
