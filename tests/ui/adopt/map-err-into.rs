// Adopting mcp-errors adds `From<YourEnum> for ErrorData`: `ErrorData` then has two `From`
// impls, and a closure that only says `e.into()` no longer names its target (E0283). The fix
// (docs/adopt.md): `?` alone, or `.map_err(ErrorData::from)?`.
use rmcp::ErrorData;

#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "browser", range = 2100..=2199)]
enum BrowserError {
    /// Navigation failed
    #[mcp(code = 2100)]
    Nav,
}

fn step() -> Result<u8, ErrorData> {
    Err(ErrorData::internal_error("step", None))
}

fn tool() -> Result<u8, ErrorData> {
    let value = step().map_err(|e| e.into())?;
    let _ = BrowserError::Nav;
    Ok(value)
}

fn main() {
    let _ = tool();
}
