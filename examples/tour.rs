//! A walk through mcp-errors on the five reference taxonomies (`docs/taxonomies.md`): the Node
//! fleet's common range and ten domains as checked enums, then every envelope, decoding, the
//! `sys/errorStats` counters and retry guidance. No setup:
//!
//! ```text
//! cargo run --example tour
//! ```
//!
//! Each taxonomy also has its own example (`seed0_harness` ... `seed4_knowledge_base`, in the
//! order of `docs/taxonomies.md`), and the taxonomies live in `examples/taxonomies/`.
//!
//! The examples build with the features `registry` (the catalog check of step 1) and `client`
//! (decoding, step 6, and the retry policy, step 8) on, as this repository's dev-dependencies
//! ask. In your own crate, a server needs neither; a client turns on `client`:
//! `mcp-errors = { version = "0.1", features = ["client"] }`.

#[path = "taxonomies/seed0.rs"]
mod seed0;
#[path = "taxonomies/seed1.rs"]
mod seed1;
#[path = "taxonomies/seed2.rs"]
mod seed2;
#[path = "taxonomies/seed3.rs"]
mod seed3;
#[path = "taxonomies/seed4.rs"]
mod seed4;

use std::time::Duration;

use mcp_errors::metrics::{ErrorStats, MetricsConfig, StatsSnapshot};
use mcp_errors::retry::RetryPolicy;
use mcp_errors::{
    CommonError, ErrorCatalog, ErrorObject, McpError, McpErrorExt, Registry, Verbosity,
};
use seed0::{
    FilesystemError, KgMemoryError, MemoryBankError, MiscError, NotionError, PlaywrightError,
    PuppeteerError, PythonError, SqlServerError, TavilyError,
};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

fn main() -> Result {
    println!("mcp-errors tour: five MCP servers' error models as Rust types");
    taxonomy()?;
    envelopes()?;
    decoding()?;
    error_stats()?;
    retry_guidance();

    heading("More");
    println!("cargo run --example seed0_harness | seed1_error_model | seed2_hierarchy");
    println!("cargo run --example seed3_github  | seed4_knowledge_base");
    Ok(())
}

/// Section 1: the Node fleet's enums and their catalogs.
fn taxonomy() -> Result {
    heading("1. The Node fleet's numeric ranges: the common range and ten domains");
    println!(
        "Each enum derives McpError; `assert_disjoint!` checked the eleven ranges at compile time."
    );
    catalog::<CommonError>();
    catalog::<PythonError>();
    catalog::<PlaywrightError>();
    catalog::<PuppeteerError>();
    catalog::<MemoryBankError>();
    catalog::<KgMemoryError>();
    catalog::<FilesystemError>();
    catalog::<SqlServerError>();
    catalog::<NotionError>();
    catalog::<TavilyError>();
    catalog::<MiscError>();
    let registry = Registry::new()
        .with::<CommonError>()
        .with::<PythonError>()
        .with::<PlaywrightError>()
        .with::<PuppeteerError>()
        .with::<MemoryBankError>()
        .with::<KgMemoryError>()
        .with::<FilesystemError>()
        .with::<SqlServerError>()
        .with::<NotionError>()
        .with::<TavilyError>()
        .with::<MiscError>();
    registry.check()?;
    let codes: usize = registry.enums().iter().map(|e| e.entries.len()).sum();
    println!(
        "Registry::check: {} enums, {codes} codes, no shared code or symbol.",
        registry.enums().len()
    );

    Ok(())
}

/// Sections 2 to 5: one error in every envelope.
fn envelopes() -> Result {
    heading("2. JSON-RPC error (the Node fleet's): `err.to_jsonrpc(1)`");
    pretty(&seed0::nav_failed().to_jsonrpc(1).verbosity(Verbosity::Off))?;
    println!("A common code raised by the Python server keeps its symbol, under `python`:");
    let too_large = PythonError::Common(CommonError::InputTooLarge {
        details: Some("code is 131072 bytes".into()),
    });
    println!(
        "{}",
        too_large
            .to_error_object()
            .verbosity(Verbosity::Off)
            .to_json_string()?
    );

    heading("3. MCP tool error (the TypeScript hierarchy's toToolError): `err.to_tool_result()`");
    if let Err(err) = seed2::my_tool(-1) {
        pretty(&err.to_tool_result())?;
    }

    heading("4. The categorized error model's result.error: `err.to_jsonrpc_result(1)`");
    pretty(
        &seed1::order_not_found()
            .to_jsonrpc_result(1)
            .verbosity(Verbosity::Off),
    )?;

    heading("5. The string-coded knowledge base: `.code_as_string().plain_data()`");
    let timeout = &seed4::seed_examples()[2];
    pretty(&seed4::wire(timeout))?;

    Ok(())
}

/// Section 6: the client side.
fn decoding() -> Result {
    heading("6. Decoding (client side): `KbError::from_error_object`");
    let received = r#"{"code":"2001","message":"Search timed out after 30s","data":{"query":"complex query with many terms","timeout_seconds":30}}"#;
    println!("received: {received}");
    let decoded = seed4::KbError::from_error_object(&ErrorObject::from_json(received)?)?;
    println!("decoded:  {decoded:?}");
    let again = serde_json::to_value(seed4::wire(&decoded))?;
    let original: serde_json::Value = serde_json::from_str(received)?;
    println!("re-encoded equals received: {}", again["error"] == original);
    let legacy = r#"{"code":-31003,"message":"Bad credentials","data":{"symbol":"UNAUTHORIZED","github":{"status":401}}}"#;
    let github = seed3::GithubMcpError::decode(&ErrorObject::from_json(legacy)?)?;
    println!(
        "the GitHub server's legacy alias UNAUTHORIZED decodes to {} ({})",
        github.symbol(),
        github.code()
    );

    Ok(())
}

/// Section 7: the counters.
fn error_stats() -> Result {
    heading("7. sys/errorStats (the Node fleet's, MCP_ERRORS_METRICS=1)");
    let stats = ErrorStats::new(MetricsConfig::enabled());
    for err in seed0::stats_example_errors() {
        stats.record(&*err);
    }
    println!("-> {}", seed0::STATS_REQUEST);
    let reply = stats
        .answer_request(seed0::STATS_REQUEST)
        .ok_or("sys/errorStats not answered")?;
    let reply: serde_json::Value = serde_json::from_str(&reply)?;
    println!("<- id {} result:", reply["id"]);
    let snapshot: StatsSnapshot = serde_json::from_value(reply["result"].clone())?;
    pretty(&snapshot)?;

    Ok(())
}

/// Section 8: what a client should do with an error.
fn retry_guidance() {
    heading("8. Retry guidance: `RetryPolicy` (no jitter shown)");
    let policy = RetryPolicy::new().with_jitter(0.0);
    let retryable = seed0::nav_failed();
    let terminal = FilesystemError::PathEscape {
        path: "../../etc/passwd".into(),
    };
    let limited = seed3::rate_limited_example();
    let cases: [&dyn McpError; 3] = [&retryable, &terminal, &limited];
    for err in cases {
        let mut backoff = policy.backoff();
        let delays: Vec<Duration> = std::iter::from_fn(|| backoff.next_delay(err)).collect();
        let verdict = if mcp_errors::retry::is_terminal(err) {
            "terminal: do not retry".to_owned()
        } else {
            format!("retry after {delays:?}")
        };
        println!("{:<20} {:<11} {verdict}", err.symbol(), err.kind().as_str());
    }
    println!("(GitHub's retry-after of 60 s overrides the backoff for GITHUB_RATE_LIMITED.)");
}

fn heading(title: &str) {
    println!("\n== {title} ==");
}

/// One line per code: code, symbol, retryable, message.
fn catalog<E: ErrorCatalog>() {
    let range = E::RANGE.map_or_else(String::new, |r| format!("{}–{}", r.start, r.end));
    println!("\n{range} `{}` ({})", E::DOMAIN, E::NAME);
    if E::ENTRIES.is_empty() {
        println!("  reserved, no codes yet");
    }
    for e in E::ENTRIES {
        let retry = if e.retryable { "retryable" } else { "terminal" };
        println!(
            "  {:>5}  {:<20} {retry:<9}  {}",
            e.code, e.symbol, e.message
        );
    }
}

fn pretty<T: serde::Serialize + ?Sized>(value: &T) -> Result {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
