// The error used by the envelope doctests, derived with the real `#[derive(McpError)]` (a
// dev-dependency of this crate; `crate = "::mcp_errors_core"` makes the generated code name
// this crate instead of the facade). Not a module of the crate: doctests `include!` it.

#[derive(Debug, mcp_errors_derive::McpError)]
#[mcp(
    crate = "::mcp_errors_core::unchecked",
    domain = "playwright",
    range = 2100..=2199,
    symbol_prefix = "E_PW_"
)]
pub enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network", help = "check the URL")]
    Nav {
        #[mcp(details)]
        reason: String,
        #[mcp(data)]
        url: String,
    },
    #[mcp(code = 2102, retryable, kind = "rate_limit", message = "Too many launches")]
    Throttled {
        #[mcp(retry_after, skip)]
        retry_after_secs: u64,
    },
}
