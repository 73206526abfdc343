//! Envelopes of derived enums: the reference taxonomies' JSON reproduced by value through
//! `#[derive(McpError)]`, and the attributes that shape `data` (`details`, `rename`, `skip`,
//! `source`, `retry_after`, `help`, `transparent`).

use std::time::Duration;

use mcp_errors::{
    CommonError, McpError, McpErrorExt, ProtocolError, ReadySentinel, RequestId, ToolErrorFormat,
    Verbosity,
};
use serde::Serialize;
use serde_json::{Value, json};

fn value<T: Serialize>(envelope: T) -> Value {
    serde_json::to_value(envelope).expect("envelope serializes")
}

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
    #[mcp(
        code = 2101,
        symbol = "E_PW_LAUNCH",
        message = "Browser launch failed: {reason}"
    )]
    Launch {
        reason: String,
        #[mcp(skip)]
        api_key: String,
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// Too many browsers
    #[mcp(code = 2102, kind = "rate_limit", help = "close idle sessions first")]
    Throttled {
        #[mcp(retry_after)]
        retry_after_secs: u64,
        open: u32,
    },
    #[mcp(transparent)]
    Common(CommonError),
}

#[test]
fn seed_000_and_spec_shapes() {
    let err = PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED".into(),
    };
    assert_eq!(
        value(err.to_jsonrpc(1).verbosity(Verbosity::Off)),
        json!({"jsonrpc":"2.0","id":1,"error":{"code":2100,"message":"Navigation failed",
            "data":{"domain":"playwright","symbol":"E_PW_NAV","details":"net::ERR_NAME_NOT_RESOLVED","retryable":true}}})
    );
    // mcp-errors' tool error is the TypeScript hierarchy's shape.
    assert_eq!(
        value(err.to_tool_result().format(ToolErrorFormat::MINIMAL)),
        json!({"content":[{"type":"text","text":"E_PW_NAV: Navigation failed"}],"isError":true,
            "_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,"code":2100,"domain":"playwright"}})
    );
    // The default adds what a model needs to act: the details, and whether to retry.
    assert_eq!(
        value(err.to_tool_result()),
        json!({"content":[{"type":"text","text":
                "E_PW_NAV: Navigation failed\nDetails: net::ERR_NAME_NOT_RESOLVED\nRetryable: yes"}],
            "isError":true,
            "_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,"code":2100,
                     "domain":"playwright","details":"net::ERR_NAME_NOT_RESOLVED"}})
    );
    assert_eq!(
        value(ReadySentinel::CURRENT),
        json!({"type":"ready","schema":{"errorCodes":1}})
    );
}

#[test]
fn skip_and_source_stay_off_the_wire() {
    let err = PlaywrightError::Launch {
        reason: "no display".into(),
        api_key: "sk-secret".into(),
        cause: std::io::Error::other("DISPLAY unset at /home/me"),
    };
    assert_eq!(
        value(err.to_jsonrpc("a").verbosity(Verbosity::Off)),
        json!({"jsonrpc":"2.0","id":"a","error":{"code":2101,"message":"Browser launch failed: no display",
            "data":{"domain":"playwright","symbol":"E_PW_LAUNCH","retryable":false,"reason":"no display"}}})
    );
    for text in [
        err.to_jsonrpc(1).to_json_string().unwrap(),
        err.to_tool_result().to_json_string().unwrap(),
        err.to_error_response().to_json_string().unwrap(),
    ] {
        assert!(
            !text.contains("sk-secret") && !text.contains("/home/me"),
            "{text}"
        );
    }
}

/// The derive also serializes a `retry_after` field under its own key (the string-coded knowledge
/// base sends `retry_after_seconds` in `data`); the envelopes add `retryAfterMs`.
#[test]
fn retry_after_and_help() {
    let err = PlaywrightError::Throttled {
        retry_after_secs: 3,
        open: 12,
    };
    assert_eq!(
        value(err.to_error_object().verbosity(Verbosity::Off)),
        json!({"code":2102,"message":"Too many browsers","data":{"domain":"playwright",
            "symbol":"E_PW_THROTTLED","retryable":true,"retry_after_secs":3,"open":12,"retryAfterMs":3000}})
    );
    assert_eq!(err.retry_after(), Some(Duration::from_secs(3)));
    assert_eq!(
        value(err.to_error_response().verbosity(Verbosity::Off)),
        json!({"code":2102,"message":"Too many browsers","retryable":true,
            "details":{"retry_after_secs":3,"open":12,"suggestion":"close idle sessions first","retryAfterMs":3000}})
    );
    assert_eq!(value(err.to_tool_result())["_meta"]["retryAfterMs"], 3000);
}

#[test]
fn transparent_common_error_counts_under_the_outer_domain() {
    let err = PlaywrightError::Common(CommonError::InputTooLarge {
        details: Some("selector longer than 2048 bytes".into()),
    });
    assert_eq!(
        value(err.to_jsonrpc(4).verbosity(Verbosity::Off)),
        json!({"jsonrpc":"2.0","id":4,"error":{"code":1005,"message":"Input too large",
            "data":{"domain":"playwright","symbol":"E_INPUT_TOO_LARGE","retryable":false,
                    "details":"selector longer than 2048 bytes"}}})
    );
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(err);
    assert_eq!(
        value(boxed.to_tool_result())["_meta"]["domain"],
        "playwright"
    );
}

/// The categorized error model: an adapter error forwarded under `details.originalError`.
#[derive(Debug, McpError)]
#[mcp(domain = "orders", range = 1000..=5999, data_fields)]
enum OrderError {
    #[mcp(
        code = 4001,
        symbol = "ADAPTER_ERROR",
        kind = "adapter",
        message = "Adapter error"
    )]
    Adapter {
        #[mcp(rename = "originalError")]
        original_error: String,
    },
    #[mcp(
        code = 2002,
        symbol = "MISSING_REQUIRED_FIELD",
        kind = "validation",
        message = "Required field missing",
        help = "send the field"
    )]
    Missing { field: String },
}

#[test]
fn seed_001_domain_failure_and_protocol_failure() {
    let err = OrderError::Adapter {
        original_error: "ORDER_NOT_FOUND".into(),
    };
    assert_eq!(
        value(err.to_jsonrpc_result(1).verbosity(Verbosity::Off)),
        json!({ "jsonrpc": "2.0", "result": { "error": { "code": 4001, "message": "Adapter error",
            "retryable": false, "details": { "originalError": "ORDER_NOT_FOUND" } } }, "id": 1 })
    );
    assert_eq!(
        value(
            OrderError::Missing {
                field: "order.customer.email".into()
            }
            .to_error_response()
            .verbosity(Verbosity::Off)
        ),
        json!({"code":2002,"message":"Required field missing","retryable":false,
            "details":{"field":"order.customer.email","suggestion":"send the field"}})
    );

    let protocol = ProtocolError::InvalidParams {
        field: Some("order.customer.email".into()),
        details: None,
        uri: None,
    };
    assert_eq!(
        value(
            protocol
                .to_jsonrpc(1)
                .plain_data()
                .verbosity(Verbosity::Off)
        ),
        json!({ "jsonrpc": "2.0", "error": { "code": -32602, "message": "Invalid params",
            "data": { "field": "order.customer.email" } }, "id": 1 })
    );
    // A parse error has no id to echo and, without details, no data in the plain form.
    assert_eq!(
        value(
            ProtocolError::ParseError { details: None }
                .to_jsonrpc(RequestId::Null)
                .plain_data()
                .verbosity(Verbosity::Off)
        ),
        json!({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})
    );
}

/// The string-coded knowledge base: codes as strings, `data` with the variant's fields only.
#[derive(Debug, McpError)]
#[mcp(domain = "knowledge-base", range = 1000..=4999, data_fields)]
enum KnowledgeError {
    #[mcp(
        code = 1002,
        symbol = "DOCUMENT_NOT_FOUND",
        kind = "not_found",
        message = "Document not found: {path}"
    )]
    DocumentNotFound {
        path: String,
        suggestions: Vec<String>,
    },
    #[mcp(
        code = 2002,
        symbol = "SEARCH_ENGINE_ERROR",
        message = "Search engine error: ugrep failed"
    )]
    SearchEngine {
        #[mcp(details)]
        details: String,
        stderr: String,
    },
    #[mcp(
        code = 4001,
        symbol = "FILE_TOO_LARGE",
        kind = "validation",
        message = "File too large: {size_mb}MB (max: {max_mb}MB)"
    )]
    FileTooLarge {
        path: String,
        size_mb: f64,
        max_mb: u32,
    },
    #[mcp(
        code = 3001,
        symbol = "SYNC_NOT_CONFIGURED",
        kind = "unavailable",
        message = "Sync not enabled"
    )]
    SyncNotConfigured,
}

#[derive(Serialize)]
struct ErrorMember<T> {
    error: T,
}

fn seed_004(err: &KnowledgeError) -> Value {
    value(ErrorMember {
        error: err
            .to_error_object()
            .code_as_string()
            .plain_data()
            .verbosity(Verbosity::Off),
    })
}

#[test]
fn seed_004_examples() {
    assert_eq!(
        seed_004(&KnowledgeError::DocumentNotFound {
            path: "games/Gloomhavn.pdf".into(),
            suggestions: vec![
                "games/coop/Gloomhaven.pdf".into(),
                "games/coop/Gloomhaven JOTL.pdf".into()
            ],
        }),
        json!({"error":{"code":"1002","message":"Document not found: games/Gloomhavn.pdf",
            "data":{"path":"games/Gloomhavn.pdf","suggestions":["games/coop/Gloomhaven.pdf","games/coop/Gloomhaven JOTL.pdf"]}}})
    );
    assert_eq!(
        seed_004(&KnowledgeError::SearchEngine {
            details: "pdftotext: command not found".into(),
            stderr: "sh: pdftotext: command not found".into(),
        }),
        json!({"error":{"code":"2002","message":"Search engine error: ugrep failed",
            "data":{"details":"pdftotext: command not found","stderr":"sh: pdftotext: command not found"}}})
    );
    assert_eq!(
        seed_004(&KnowledgeError::FileTooLarge {
            path: "huge_document.pdf".into(),
            size_mb: 150.5,
            max_mb: 100,
        }),
        json!({"error":{"code":"4001","message":"File too large: 150.5MB (max: 100MB)",
            "data":{"path":"huge_document.pdf","size_mb":150.5,"max_mb":100}}})
    );
    assert_eq!(
        seed_004(&KnowledgeError::SyncNotConfigured),
        json!({"error":{"code":"3001","message":"Sync not enabled"}})
    );
}
