use mcp_errors::{McpError, McpErrorExt};

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
}

fn main() {
    let err = PlaywrightError::Nav { reason: "net::ERR_NAME_NOT_RESOLVED".into() };
    assert_eq!(err.code(), 2100);
    let json = err.to_jsonrpc(1).to_json_string().unwrap();
    assert!(json.contains("\"symbol\":\"E_PW_NAV\""), "{json}");
    let tool = err.to_tool_result().to_json_string().unwrap();
    assert!(tool.contains("\"isError\":true"), "{tool}");
    // The retry contract's text form is the server's to write, so it is here.
    let suffix = mcp_errors::retry::text_suffix(std::time::Duration::from_millis(1500));
    assert_eq!(suffix, " (retry after 1500 ms)");
}
