//! Golden tests of the TypeScript hierarchy (the commons.systems error hierarchy): the `_meta`
//! assertions of its vitest examples, the `content` / `isError` structure of `toToolError()`, the
//! `errorCode`s, `isTerminalError` and `withRetry`, against `examples/taxonomies/seed2.rs`.
//! No test sleeps: retries run with an injected sleeper or zero delays.

#[path = "../examples/taxonomies/seed2.rs"]
mod seed2;

use std::time::Duration;

use mcp_errors::retry::{self, RetryPolicy};
use mcp_errors::{ErrorCatalog, ErrorKind, McpError, McpErrorExt, ToolErrorFormat};
use seed2::CommonsError;
use serde_json::{Value, json};

/// The TypeScript hierarchy's `toToolError` exactly: the format that keeps its shape byte for byte.
fn tool_result(err: &CommonsError) -> Value {
    err.to_tool_result()
        .format(ToolErrorFormat::MINIMAL)
        .to_json_value()
        .unwrap()
}

/// `it('returns ValidationError for invalid input')`: `myTool({ port: -1 })`.
#[test]
fn vitest_validation_error() {
    let result = tool_result(&seed2::my_tool(-1).unwrap_err());
    assert_eq!(result["isError"], true);
    assert_eq!(result["_meta"]["errorType"], "ValidationError");
    assert_eq!(result["_meta"]["errorCode"], "INVALID_PORT");
    assert_eq!(result["_meta"]["retryable"], false);
    assert!(seed2::my_tool(8080).is_ok());
    assert!(seed2::my_tool(65_536).is_err());
}

/// `it('returns TimeoutError when operation times out')`.
#[test]
fn vitest_timeout_error() {
    for err in [
        CommonsError::WorkflowTimeout {
            run_id: 1,
            timeout_secs: 600,
        },
        CommonsError::StartupTimeout { timeout_secs: 120 },
        CommonsError::EmulatorTimeout,
    ] {
        let result = tool_result(&err);
        assert_eq!(result["isError"], true);
        assert_eq!(result["_meta"]["errorType"], "TimeoutError");
        assert_eq!(result["_meta"]["retryable"], true);
    }
}

/// `it('returns NetworkError on connection failure')`.
#[test]
fn vitest_network_error() {
    for err in [
        CommonsError::GithubApiError {
            reason: "ECONNRESET".into(),
        },
        CommonsError::FirestoreConnectionError {
            host: "127.0.0.1:8081".into(),
        },
        CommonsError::ServiceUnavailable { status: 503 },
    ] {
        let result = tool_result(&err);
        assert_eq!(result["isError"], true);
        assert_eq!(result["_meta"]["errorType"], "NetworkError");
        assert_eq!(result["_meta"]["retryable"], true);
    }
}

/// "Integration with MCP Tool Results": `content` (human-readable), `isError: true`, `_meta`
/// (errorType, errorCode, retryable), the whole `ToolError` by value.
#[test]
fn tool_error_structure() {
    assert_eq!(
        tool_result(&seed2::my_tool(-1).unwrap_err()),
        json!({
            "content": [{ "type": "text", "text": "INVALID_PORT: Port must be between 0 and 65535" }],
            "isError": true,
            "_meta": {
                "errorType": "ValidationError",
                "errorCode": "INVALID_PORT",
                "retryable": false,
                "code": 3000,
                "domain": "commons"
            }
        })
    );
    assert_eq!(
        tool_result(&CommonsError::WorkflowTimeout {
            run_id: 42,
            timeout_secs: 600
        }),
        json!({
            "content": [{ "type": "text", "text": "WORKFLOW_TIMEOUT: Workflow run did not complete within 600 seconds" }],
            "isError": true,
            "_meta": {
                "errorType": "TimeoutError",
                "errorCode": "WORKFLOW_TIMEOUT",
                "retryable": true,
                "code": 3010,
                "domain": "commons"
            }
        })
    );
    // Every tool error has exactly one text block and no structuredContent.
    for err in seed2::samples() {
        let result = tool_result(&err);
        let content = result["content"].as_array().unwrap();
        assert_eq!(content.len(), 1);
        assert_eq!(content[0]["type"], "text");
        assert_eq!(
            content[0]["text"],
            format!("{}: {}", err.symbol(), err),
            "human-readable message"
        );
        assert!(result.get("structuredContent").is_none());
    }
}

/// The original's example scenarios: every `errorCode`, its class and its message.
#[test]
fn error_codes_and_classes() {
    let rows: Vec<(&str, &str, bool)> = CommonsError::ENTRIES
        .iter()
        .map(|e| (e.symbol, e.kind.error_type(), e.retryable))
        .collect();
    assert_eq!(
        rows,
        [
            ("INVALID_PORT", "ValidationError", false),
            ("MISSING_PARAMETER", "ValidationError", false),
            ("INVALID_JSON", "ValidationError", false),
            ("WORKFLOW_TIMEOUT", "TimeoutError", true),
            ("STARTUP_TIMEOUT", "TimeoutError", true),
            ("EMULATOR_TIMEOUT", "TimeoutError", true),
            ("GITHUB_API_ERROR", "NetworkError", true),
            ("FIRESTORE_CONNECTION_ERROR", "NetworkError", true),
            ("SERVICE_UNAVAILABLE", "NetworkError", true),
        ]
    );
    let messages: Vec<String> = seed2::samples().iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "Port must be between 0 and 65535",
            "Module name is required",
            "Invalid JSON in configuration",
            "Workflow run did not complete within 600 seconds",
            "Dev server failed to start within 120 seconds",
            "Emulator did not become ready within timeout",
            "Failed to fetch GitHub workflow run",
            "Cannot connect to Firestore emulator",
            "Request failed with status 503",
        ]
    );
}

/// "Error Code Conventions": `SCREAMING_SNAKE_CASE`, specific (never a bare `ERROR`).
#[test]
fn error_code_conventions() {
    for e in CommonsError::ENTRIES {
        let s = e.symbol;
        assert!(
            s.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
            "{s}"
        );
        assert!(s.starts_with(|c: char| c.is_ascii_uppercase()), "{s}");
        assert_ne!(s, "ERROR");
    }
    assert_eq!(CommonsError::INVALID_PORT, 3000);
    assert_eq!(CommonsError::WORKFLOW_TIMEOUT, 3010);
    assert_eq!(CommonsError::GITHUB_API_ERROR, 3020);
}

/// `isTerminalError`: only `ValidationError` is terminal.
#[test]
fn is_terminal_error() {
    for err in seed2::samples() {
        assert_eq!(
            retry::is_terminal(&err),
            err.kind() == ErrorKind::Validation,
            "{}",
            err.symbol()
        );
    }
    let erased: &dyn McpError = &CommonsError::InvalidPort { port: -1 };
    assert!(retry::is_terminal(erased));
}

/// "Retry Guidelines": validation N/A, timeout and network 3–5 with exponential backoff,
/// unknown errors 3.
#[test]
fn retry_guidelines_table() {
    let policy = RetryPolicy::new().with_jitter(0.0);
    assert_eq!(policy.max_retries(ErrorKind::Validation), 0);
    assert!((3..=5).contains(&policy.max_retries(ErrorKind::Timeout)));
    assert!((3..=5).contains(&policy.max_retries(ErrorKind::Network)));
    assert_eq!(policy.max_retries(ErrorKind::Internal), 3, "unknown errors");
    let delays: Vec<Duration> = policy.delays(ErrorKind::Timeout).collect();
    assert_eq!(delays, [1, 2, 4].map(Duration::from_secs), "exponential");
}

/// Example 3, `withRetry(operation, maxRetries = 3)`: at most three attempts, backoff 1 s
/// then 2 s, terminal errors thrown at once.
#[test]
fn with_retry_example() {
    let with_retry = RetryPolicy::new().with_jitter(0.0).with_max_retries_all(2);

    // Always times out: three attempts, then the error.
    let mut calls = 0;
    let mut slept = Vec::new();
    let result: Result<(), CommonsError> = retry::retry_with_sleep(
        &with_retry,
        |d| slept.push(d),
        || {
            calls += 1;
            Err(CommonsError::EmulatorTimeout)
        },
    );
    assert!(matches!(result, Err(CommonsError::EmulatorTimeout)));
    assert_eq!(calls, 3);
    assert_eq!(slept, [Duration::from_secs(1), Duration::from_secs(2)]);

    // A ValidationError is not retried.
    let mut calls = 0;
    let mut slept = Vec::new();
    let result: Result<(), CommonsError> = retry::retry_with_sleep(
        &with_retry,
        |d| slept.push(d),
        || {
            calls += 1;
            Err(CommonsError::InvalidPort { port: -1 })
        },
    );
    assert!(matches!(
        result,
        Err(CommonsError::InvalidPort { port: -1 })
    ));
    assert_eq!((calls, slept.len()), (1, 0));

    // A network blip, then success.
    let mut calls = 0;
    let mut slept = Vec::new();
    let result = retry::retry_with_sleep(
        &with_retry,
        |d| slept.push(d),
        || {
            calls += 1;
            if calls == 1 {
                Err(CommonsError::ServiceUnavailable { status: 503 })
            } else {
                Ok("Workflow completed: success")
            }
        },
    );
    assert_eq!(result.unwrap(), "Workflow completed: success");
    assert_eq!(slept, [Duration::from_secs(1)]);

    // `retry::retry` itself, with zero delays so nothing waits.
    let instant = with_retry.with_base_delay(Duration::ZERO);
    let mut calls = 0;
    let result = retry::retry(
        &instant,
        || -> Result<(), Box<dyn McpError + Send + Sync>> {
            calls += 1;
            Err(Box::new(CommonsError::GithubApiError {
                reason: "502".into(),
            }))
        },
    );
    assert_eq!(result.unwrap_err().symbol(), "GITHUB_API_ERROR");
    assert_eq!(calls, 3);
}
