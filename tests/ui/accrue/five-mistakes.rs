use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "Playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, kind = "netwrok")]
    Nav,
    /// Launch failed: {reson}
    #[mcp(code = 2101)]
    Launch { reason: String },
    /// Closed
    #[mcp(code = 2100)]
    Closed,
    /// Out of range
    #[mcp(code = 2200)]
    Elsewhere,
}

fn main() {
    fn implements<T: McpError + mcp_errors::ErrorCatalog + std::fmt::Display + std::error::Error>() {}
    implements::<PlaywrightError>();
    let _ = |e: &PlaywrightError| -> (i32, String) {
        let object: &dyn McpError = e;
        (object.code(), e.to_string())
    };
    // The constants survive the errors: no cascade where the client matches codes.
    let _ = |code: i32| match code {
        PlaywrightError::E_PW_NAV | PlaywrightError::E_PW_LAUNCH => "known",
        PlaywrightError::E_PW_ELSEWHERE => "elsewhere",
        _ => "unknown",
    };
}
