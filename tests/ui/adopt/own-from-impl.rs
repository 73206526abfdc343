// A server that wrote its own conversion before adopting: every derived enum already has
// `From<YourEnum> for ErrorData` (the conversion `?` uses), so the hand-written one conflicts
// (E0119). The fix (docs/adopt.md): delete the hand-written impl; to keep its wire, see
// "What changes on the wire".
use rmcp::ErrorData;

#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", range = 2100..=2199)]
enum BrowserError {
    /// Navigation failed
    #[mcp(code = 2100)]
    Nav,
}

impl From<BrowserError> for ErrorData {
    fn from(err: BrowserError) -> Self {
        ErrorData::internal_error(format!("{err:?}"), None)
    }
}

fn main() {
    let _ = ErrorData::from(BrowserError::Nav);
}
