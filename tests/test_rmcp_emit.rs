//! The `rmcp-3` feature: the generated conversions count each error once in the process-wide
//! counters (`emit`), the pure conversion functions do not. One test per binary, so that it
//! configures the global counters before anything reads the environment.

#![cfg(feature = "rmcp-3")]

use mcp_errors::McpError;
use mcp_errors::metrics::MetricsConfig;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::ErrorData;

#[test]
fn conversions_emit_into_the_global_counters() {
    #[derive(Debug, McpError)]
    #[mcp(domain = "emission", range = 9100..=9199, symbol_prefix = "E_EMIT_")]
    enum Emitted {
        /// Counted
        #[mcp(code = 9100)]
        Counted,
    }

    // The only test in this binary: nothing has configured the global counters yet.
    let stats = mcp_errors::metrics::init_global(MetricsConfig::enabled())
        .expect("the global counters are configured here first");
    let count = || {
        stats
            .snapshot()
            .by_symbol
            .get("E_EMIT_COUNTED")
            .copied()
            .unwrap_or(0)
    };
    let before = count();
    let _ = ErrorData::from(Emitted::Counted);
    let _ = Err::<(), _>(Emitted::Counted).into_call_tool_result();
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(Emitted::Counted);
    let _ = ErrorData::from(boxed);
    // The pure functions do not count.
    let _ = mcp_errors::integrations::rmcp_3::error_data(&Emitted::Counted);
    let _ = mcp_errors::integrations::rmcp_3::tool_result(&Emitted::Counted);
    assert_eq!(count() - before, 3);
    assert_eq!(stats.snapshot().by_domain.get("emission").copied(), Some(3));
}
