//! The bytes the Rust server sends as a tool error, for the Go module's test of
//! `ToToolError` (`tests/polyglot/go/catalog_test.go`, run by `.ci/golang.sh` on the module
//! generated from `examples/mcp_server/clients/catalog.json`): `tests/polyglot/go/tool_errors.json`
//! holds, per error, its symbol, its details and `serde_json::to_string` of its
//! `to_tool_result()` in the default format. This test fails when the file is not what the
//! Rust server writes now (`MCP_ERRORS_BLESS=1` rewrites it); the Go test fails when the Go
//! module writes other bytes for the same symbol and details.

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
    let lines: Vec<String> = vectors
        .iter()
        .map(|v| format!("  {}", serde_json::to_string(v).unwrap()))
        .collect();
    let mut text = format!("[\n{}\n", lines.join(",\n"));
    text.push_str("]\n");
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/polyglot/go/tool_errors.json");
    if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
        return;
    }
    if std::env::var_os("MCP_ERRORS_BLESS").is_some() {
        std::fs::write(&path, text).unwrap();
    } else {
        panic!(
            "{} is not what the Rust server writes now; rewrite it with MCP_ERRORS_BLESS=1 cargo test --test test_go_vectors",
            path.display()
        );
    }
}
