//! The TypeScript hierarchy (`docs/taxonomies.md`), commons.systems' error classes:
//! `ValidationError` / `TimeoutError` / `NetworkError` with `errorCode`s, `toToolError()`
//! (here `to_tool_result()`), `isTerminalError` (here `retry::is_terminal`) and `withRetry`
//! (here `retry::retry`).
//!
//! ```text
//! cargo run --example seed2_hierarchy
//! ```
//!
//! Built here with the `client` feature on, as this repository's dev-dependencies ask: in your
//! own crate, retrying and decoding need `mcp-errors = { version = "0.1", features = ["client"] }`.

#[path = "taxonomies/seed2.rs"]
mod seed2;

use std::cell::Cell;
use std::time::{Duration, Instant};

use mcp_errors::retry::{self, RetryPolicy};
use mcp_errors::{ErrorCatalog, McpError, McpErrorExt};
use seed2::CommonsError;

fn main() -> serde_json::Result<()> {
    println!("# error codes (errorType from the kind, errorCode = symbol)");
    for e in CommonsError::ENTRIES {
        println!(
            "{:>5}  {:<15} {:<27} retryable={:<5}  {}",
            e.code,
            e.kind.error_type(),
            e.symbol,
            e.retryable,
            e.message
        );
    }

    // function myTool(port) { ... return error.toToolError(); }
    println!("\n# myTool({{ port: -1 }}) -> toToolError()");
    match seed2::my_tool(-1) {
        Ok(text) => println!("{text}"),
        Err(err) => show(&err.to_tool_result())?,
    }
    println!("\n# myTool({{ port: 8080 }})");
    match seed2::my_tool(8080) {
        Ok(text) => println!("{text}"),
        Err(err) => show(&err.to_tool_result())?,
    }

    println!("\n# _meta of every errorCode");
    for err in seed2::samples() {
        println!("{}", serde_json::to_string(&err.to_tool_result())?);
    }

    println!("\n# isTerminalError");
    for err in seed2::samples() {
        let verdict = if retry::is_terminal(&err) {
            "terminal: return error.toToolError() to the user"
        } else {
            "retry with backoff"
        };
        println!("{:<27} {verdict}", err.symbol());
    }

    // withRetry(operation, maxRetries = 3): three attempts, backoff 1 s, 2 s. The delays are
    // scaled down to 1 ms and 2 ms here so the example runs instantly.
    println!("\n# withRetry: a workflow that times out twice, then completes");
    let policy = RetryPolicy::new()
        .with_base_delay(Duration::from_millis(1))
        .with_jitter(0.0)
        .with_max_retries_all(2);
    let attempts = Cell::new(0);
    let started = Instant::now();
    let result = retry::retry(&policy, || {
        attempts.set(attempts.get() + 1);
        println!("attempt {}", attempts.get());
        if attempts.get() < 3 {
            Err(CommonsError::WorkflowTimeout {
                run_id: 123_456,
                timeout_secs: 600,
            })
        } else {
            Ok("Workflow completed: success")
        }
    });
    println!("{result:?} after {:?}", started.elapsed());

    println!("\n# withRetry: a ValidationError is not retried");
    let attempts = Cell::new(0);
    let result: Result<(), _> = retry::retry(&policy, || {
        attempts.set(attempts.get() + 1);
        Err(CommonsError::InvalidPort { port: 70_000 })
    });
    println!(
        "{} attempt(s), then {}",
        attempts.get(),
        result.map_err(|e| e.symbol()).unwrap_err()
    );

    println!("\n# the production schedule (1 s, 2 s, 4 s, no jitter) per kind");
    let production = RetryPolicy::new().with_jitter(0.0);
    for err in [
        CommonsError::InvalidPort { port: -1 },
        CommonsError::EmulatorTimeout,
        CommonsError::ServiceUnavailable { status: 503 },
    ] {
        let delays: Vec<Duration> = production.delays(err.kind()).collect();
        println!("{:<16} {delays:?}", err.kind().error_type());
    }
    Ok(())
}

fn show<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
