//! The bytes the Rust server sends as a tool error, for the Go module's test of
//! `ToToolError` (`tests/polyglot/go/catalog_test.go`, run by `.ci/golang.sh` on the module
//! generated from `examples/mcp_server/clients/catalog.json`): `tests/polyglot/go/tool_errors.json`
//! holds, per error, its symbol, its details and `serde_json::to_string` of its
//! `to_tool_result()` in the default format. This test fails when the file is not what the
//! Rust server writes now (`MCP_ERRORS_BLESS=1` rewrites it); the Go test fails when the Go
//! module writes other bytes for the same symbol and details. With the `registry` feature, the
//! same for `VectorError` below, whose catalog is `vectors_catalog.json` and whose errors
//! carry data (strings, integers, floats in every notation, a list, a bool), a retry delay and
//! help: `vectors_tool_errors.json`.

use std::path::Path;

use mcp_errors::{CommonError, McpError, McpErrorExt};
use serde_json::{Value, json};

/// Details that exercise every escape: quotes, a backslash, control characters, what HTML
/// escapes (`<`, `>`, `&`), the Unicode line separator, non-ASCII, an emoji, and a text that
/// looks like the retry contract's.
const HOSTILE: &str = "\"q\" \\ \u{1}\t\n\r <script>&amp; \u{2028} é 😀 \u{7f} (retry after 5 ms)";

fn vector(error: &CommonError, details: Option<&str>) -> Value {
    let bytes = serde_json::to_string(&error.to_tool_result()).expect("a tool error serializes");
    json!({"symbol": error.symbol(), "details": details, "rust": bytes})
}

#[test]
fn tool_errors_json_is_what_the_rust_server_writes() {
    let mut vectors = Vec::new();
    for details in [None, Some("no answer within 30 s"), Some(HOSTILE), Some("")] {
        let d = details.map(str::to_owned);
        for error in [
            CommonError::InvalidParams { details: d.clone() },
            CommonError::Timeout { details: d.clone() },
            CommonError::LimitExceeded { details: d.clone() },
            CommonError::NotInstalled { details: d.clone() },
            CommonError::SessionNotFound { details: d.clone() },
        ] {
            vectors.push(vector(&error, details));
        }
    }
    check_file("tool_errors.json", &lines_of(&vectors));
}

/// `values` as a JSON array, one value a line.
fn lines_of(values: &[Value]) -> String {
    let lines: Vec<String> = values
        .iter()
        .map(|v| format!("  {}", serde_json::to_string(v).unwrap()))
        .collect();
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// Fails unless `tests/polyglot/go/NAME` is `text`; rewrites it under `MCP_ERRORS_BLESS`.
fn check_file(name: &str, text: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/polyglot/go")
        .join(name);
    if std::fs::read_to_string(&path).ok().as_deref() == Some(text) {
        return;
    }
    if std::env::var_os("MCP_ERRORS_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
    } else {
        panic!(
            "{} is not what the Rust server writes now; rewrite it with MCP_ERRORS_BLESS=1 cargo test --all-features --test test_go_vectors",
            path.display()
        );
    }
}

/// Errors whose tool errors carry what `CommonError`'s do not.
#[cfg(feature = "registry")]
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "vectors", range = 7000..=7099, symbol_prefix = "E_VEC_")]
enum VectorError {
    #[mcp(
        code = 7000,
        retryable,
        kind = "network",
        message = "Navigation to {url} failed after {attempts} attempts",
        help = "check <the> \"URL\" & retry"
    )]
    Nav {
        #[mcp(data)]
        url: String,
        #[mcp(data)]
        attempts: u32,
        #[mcp(details)]
        reason: String,
    },
    #[mcp(
        code = 7001,
        retryable,
        kind = "rate_limit",
        message = "Too many requests"
    )]
    Throttled {
        #[mcp(retry_after, skip)]
        retry_after_secs: u64,
    },
    #[mcp(code = 7002, kind = "validation", message = "Bad value")]
    Value {
        #[mcp(data)]
        z_value: f64,
        #[mcp(data)]
        tags: Vec<String>,
        #[mcp(data)]
        enabled: bool,
        #[mcp(data)]
        a_offset: i64,
    },
}

#[cfg(feature = "registry")]
#[test]
fn vectors_json_is_what_the_rust_server_writes() {
    let catalog = mcp_errors::Registry::new().with::<VectorError>().to_json();
    check_file("vectors_catalog.json", &format!("{catalog:#}\n"));
    let mut errors = vec![
        VectorError::Nav {
            url: "https://a.invalid/<x>?q=\"1\"&r=\u{2028}".into(),
            attempts: 3,
            reason: "dns: \u{1} no such host".into(),
        },
        VectorError::Throttled {
            retry_after_secs: 2,
        },
        VectorError::Throttled {
            retry_after_secs: 0,
        },
    ];
    for (i, z_value) in [
        5.0,
        0.1,
        -2.5,
        1e15,
        1e16,
        1.5e16,
        123_456.789,
        1e-5,
        1e-6,
        1.5e-7,
        0.0,
        -0.0,
        5e-324,
        1.797_693_134_862_315_7e308,
    ]
    .into_iter()
    .enumerate()
    {
        errors.push(VectorError::Value {
            z_value,
            tags: vec!["a".into(); i % 3],
            enabled: i % 2 == 0,
            a_offset: -9_007_199_254_740_993 + i64::try_from(i).unwrap(),
        });
    }
    let vectors: Vec<Value> = errors
        .iter()
        .map(|error| {
            let tool = error.to_tool_result().to_json_value().unwrap();
            let meta = &tool["_meta"];
            json!({
                "symbol": error.symbol(),
                "details": meta.get("details"),
                "retryAfterMs": meta.get("retryAfterMs"),
                "data": meta.get("data"),
                "rust": serde_json::to_string(&error.to_tool_result()).unwrap(),
            })
        })
        .collect();
    check_file("vectors_tool_errors.json", &lines_of(&vectors));
}
