//! The Node fleet's numeric ranges (`docs/taxonomies.md`), its shared JSON-RPC harness: the
//! common range plus ten domain ranges, the error object with
//! `data.{domain,symbol,details,retryable}`, the readiness sentinel, the `sys/errorStats`
//! counters and the verbose stack mode.
//!
//! ```text
//! cargo run --example seed0_harness
//! ```

#[path = "taxonomies/seed0.rs"]
mod seed0;

use mcp_errors::metrics::{ErrorStats, MetricsConfig};
use mcp_errors::{CommonError, ErrorCatalog, McpErrorExt, ProtocolError, ReadySentinel, Verbosity};
use seed0::{
    FilesystemError, KgMemoryError, MemoryBankError, MiscError, NotionError, PlaywrightError,
    PuppeteerError, PythonError, SqlServerError, TavilyError,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A stdio server announces itself with this line once it accepts requests.
    println!("# readiness sentinel");
    ReadySentinel::CURRENT.print()?;

    println!("\n# catalog: common range + ten domains");
    print_catalog::<CommonError>();
    print_catalog::<PythonError>();
    print_catalog::<PlaywrightError>();
    print_catalog::<PuppeteerError>();
    print_catalog::<MemoryBankError>();
    print_catalog::<KgMemoryError>();
    print_catalog::<FilesystemError>();
    print_catalog::<SqlServerError>();
    print_catalog::<NotionError>();
    print_catalog::<TavilyError>();
    print_catalog::<MiscError>();

    // The original's "Error Object Shape". Verbosity is pinned off so the output does not depend on
    // MCP_ERRORS_VERBOSE (see the end of this example).
    println!("\n# error object");
    let nav = seed0::nav_failed();
    show(&nav.to_jsonrpc(1).verbosity(Verbosity::Off))?;

    // Migration step 2 of the original: `appError(1000, 'Invalid selector', { domain:'playwright',
    // symbol:'E_INVALID_PARAMS' })` is a common code raised under the playwright domain.
    println!("\n# a common code under a server's domain (migration step 2)");
    let invalid_selector = PlaywrightError::Common(CommonError::InvalidParams {
        details: Some("Invalid selector".into()),
    });
    show(&invalid_selector.to_jsonrpc(2).verbosity(Verbosity::Off))?;

    // Every variant once, as the `error` member the harness sends (compact).
    println!("\n# one error of every variant");
    for err in seed0::samples() {
        let object = err.to_error_object().verbosity(Verbosity::Off);
        println!("{}", object.to_json_string()?);
    }

    // Protocol issues keep the negative JSON-RPC codes.
    println!("\n# protocol error (negative code, reserved range)");
    let unknown = ProtocolError::MethodNotFound {
        method: Some("tools/frobnicate".into()),
    };
    show(&unknown.to_jsonrpc(3).verbosity(Verbosity::Off))?;

    // MCP_ERRORS_METRICS=1 turns on the process-wide counters (`metrics::global()`); this
    // example uses its own enabled instance so that it prints the same with or without it.
    println!("\n# sys/errorStats after the original's three errors");
    let stats = ErrorStats::new(MetricsConfig::enabled());
    for err in seed0::stats_example_errors() {
        println!(
            "recorded {} {} under `{}`",
            err.code(),
            err.symbol(),
            err.domain()
        );
        stats.record(&*err);
    }
    println!("-> {}", seed0::STATS_REQUEST);
    let reply = stats
        .answer_request(seed0::STATS_REQUEST)
        .ok_or("sys/errorStats was not answered")?;
    show(&serde_json::from_str::<serde_json::Value>(&reply)?)?;

    // MCP_ERRORS_VERBOSE=N|full adds a sanitized stack to `data.stack`; unset, nothing about
    // the process leaves it. `.verbosity(...)` overrides the variable per envelope.
    println!("\n# verbose mode: MCP_ERRORS_VERBOSE=2 (forced here with .verbosity)");
    let verbose = nav
        .to_error_object()
        .verbosity(Verbosity::Frames(2))
        .to_json_value()?;
    show(&verbose["data"])?;
    println!(
        "(MCP_ERRORS_VERBOSE is {:?} in this process)",
        Verbosity::from_env()
    );
    Ok(())
}

/// One line per code: code, symbol, retryable, message.
fn print_catalog<E: ErrorCatalog>() {
    let range = E::RANGE.map_or_else(|| "no range".to_owned(), |r| r.to_string());
    println!("\n{} `{}` {range}", E::NAME, E::DOMAIN);
    if E::ENTRIES.is_empty() {
        println!("  (reserved: no codes yet)");
    }
    for e in E::ENTRIES {
        let retry = if e.retryable { "retryable" } else { "terminal" };
        println!(
            "  {:>5}  {:<22} {retry:<9}  {}",
            e.code, e.symbol, e.message
        );
    }
}

fn show<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
