// The same trap written as `Into`: the derive's `From<YourEnum> for ErrorData` already gives
// `Into<ErrorData>` through the blanket impl, so the hand-written `Into` conflicts (E0119).
// The fix (docs/adopt.md): delete the hand-written impl.
use rmcp::ErrorData;

#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", range = 2100..=2199)]
enum BrowserError {
    /// Navigation failed
    #[mcp(code = 2100)]
    Nav,
}

#[allow(clippy::from_over_into)]
impl Into<ErrorData> for BrowserError {
    fn into(self) -> ErrorData {
        ErrorData::internal_error(format!("{self:?}"), None)
    }
}

fn main() {
    let _: ErrorData = BrowserError::Nav.into();
}
