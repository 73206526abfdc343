//! The negative-code GitHub server (`docs/taxonomies.md`): negative codes (JSON-RPC,
//! MCP-specific, GitHub API, protocol version), legacy aliases that decode to the same
//! variant, `MCPErrorData` (`github`, `rateLimit`, `validation`, `protocol`, ...), GitHub
//! error mapping, and `retryAfter` feeding `data.retryAfterMs` and the retry policy.
//!
//! ```text
//! cargo run --example seed3_github
//! ```
//!
//! Built here with the `client` feature on, as this repository's dev-dependencies ask: in your
//! own crate, retrying and decoding need `mcp-errors = { version = "0.1", features = ["client"] }`.

#[path = "taxonomies/seed3.rs"]
mod seed3;

use mcp_errors::retry::RetryPolicy;
use mcp_errors::{ErrorCatalog, ErrorObject, McpError, McpErrorExt, Verbosity};
use seed3::{GithubMcpError, GithubResponse, ValidationIssue};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("# MCPErrorCode");
    for e in GithubMcpError::ENTRIES {
        let aliases = if e.aliases.is_empty() {
            String::new()
        } else {
            format!("  (legacy alias {})", e.aliases.join(", "))
        };
        println!("{:>7}  {:<26} {}{aliases}", e.code, e.symbol, e.kind);
    }
    println!(
        "VALIDATION_ERROR = {}, UNAUTHORIZED = {}, RATE_LIMITED = {}",
        GithubMcpError::VALIDATION_ERROR,
        GithubMcpError::UNAUTHORIZED,
        GithubMcpError::RATE_LIMITED
    );

    println!("\n# rate limited: rateLimit + github data, retryAfterMs");
    let limited = seed3::rate_limited_example();
    show(&limited.to_jsonrpc(1).verbosity(Verbosity::Off))?;
    let policy = RetryPolicy::new();
    println!(
        "retry policy: wait {:?} before the first retry (GitHub's retry-after beats the 1 s backoff)",
        policy.next_delay(0, &limited).ok_or("not retryable")?
    );

    println!("\n# mapGitHubError: 422 with validation errors");
    let unprocessable = seed3::map_github_error(GithubResponse {
        status: 422,
        message: Some("Validation Failed".into()),
        documentation_url: Some(
            "https://docs.github.com/rest/issues/issues#create-an-issue".into(),
        ),
        rate_limit: None,
        errors: vec![ValidationIssue {
            path: "title".into(),
            message: "title wasn't supplied".into(),
            code: "missing_field".into(),
        }],
    });
    show(&unprocessable.to_error_object().verbosity(Verbosity::Off))?;

    println!("\n# protocol version mismatch");
    let mismatch = GithubMcpError::version_mismatch("2025-01-01");
    show(&mismatch.to_error_object().verbosity(Verbosity::Off))?;

    println!("\n# legacy clients: aliases decode to the same variant");
    for legacy in [
        r#"{"code":-32602,"message":"Invalid params","data":{"symbol":"VALIDATION_ERROR","validation":[]}}"#,
        r#"{"code":-31003,"message":"Bad credentials","data":{"symbol":"UNAUTHORIZED","github":{"status":401}}}"#,
        r#"{"code":-31001,"message":"Rate limited","data":{"symbol":"RATE_LIMITED","rateLimit":{"limit":60,"remaining":0,"reset":1769792400,"retryAfter":30},"github":{}}}"#,
    ] {
        let object = ErrorObject::from_json(legacy)?;
        let err = GithubMcpError::decode(&object)?;
        println!(
            "{:<16} -> {:<20} retryable={} retry_after={:?}",
            object.symbol().unwrap_or_default(),
            err.symbol(),
            err.retryable(),
            err.retry_after()
        );
    }
    Ok(())
}

fn show<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
