//! The `rmcp-3` feature: the impls `__impl_integrations!` generates for every derived enum
//! (`From<E> for ErrorData`, `IntoCallToolResult for E`), the `Box<dyn McpError>` impls and
//! the `sys/errorStats` handler. Emission into the global counters: `test_rmcp_emit.rs`.

#![cfg(feature = "rmcp-3")]

use std::time::Duration;

use mcp_errors::integrations::rmcp_3::{answer_error_stats, on_custom_request};
use mcp_errors::metrics::{ErrorStats, MetricsConfig};
use mcp_errors::{McpError, McpErrorExt};
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, CustomRequest, ErrorCode, ErrorData};
use serde_json::{Value, json};

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
        url: String,
        #[mcp(skip)]
        #[allow(dead_code)] // never read: that is what `skip` is for
        cookie: String,
    },
    /// Too many launches
    #[mcp(code = 2102, kind = "rate_limit")]
    Throttled {
        #[mcp(retry_after)]
        retry_after_secs: u64,
    },
    /// Bad data
    #[mcp(code = 2103)]
    Unserializable { value: Unserializable },
    /// The browser session expired
    #[mcp(code = 2101, protocol)]
    SessionExpired,
}

/// A field whose `Serialize` always fails.
#[derive(Debug)]
struct Unserializable;

impl serde::Serialize for Unserializable {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("cannot serialize"))
    }
}

fn nav() -> PlaywrightError {
    PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED".into(),
        url: "https://example.invalid".into(),
        cookie: "secret-cookie".into(),
    }
}

fn complete(response: Result<CallToolResponse, ErrorData>) -> CallToolResult {
    match response {
        Ok(CallToolResponse::Complete(result)) => result,
        other => panic!("expected a complete tool result, got {other:?}"),
    }
}

fn tool_json(result: &CallToolResult) -> Value {
    let mut value = serde_json::to_value(result).unwrap();
    // rmcp's own protocol-2026 discriminator, not part of the envelope.
    value.as_object_mut().unwrap().remove("resultType");
    value
}

#[test]
fn error_data_is_the_spec_jsonrpc_error() {
    let err = nav();
    let expected_object = err.to_error_object().to_json_value().unwrap();
    let data = ErrorData::from(err);
    assert_eq!(data.code, ErrorCode(2100));
    assert_eq!(data.message, "Navigation failed");
    let wire = serde_json::to_value(&data).unwrap();
    assert_eq!(
        wire,
        json!({"code": 2100, "message": "Navigation failed", "data": {
            "domain": "playwright", "symbol": "E_PW_NAV", "retryable": true,
            "details": "net::ERR_NAME_NOT_RESOLVED", "url": "https://example.invalid"}})
    );
    // Exactly the core envelope, and the skipped field never leaves.
    assert_eq!(wire, expected_object);
    assert!(!wire.to_string().contains("secret-cookie"));
}

#[test]
fn question_mark_converts_into_error_data() {
    fn tool() -> Result<String, ErrorData> {
        let page: Result<String, PlaywrightError> = Err(nav());
        Ok(page?)
    }
    let err = tool().unwrap_err();
    assert_eq!(err.code.0, 2100);
    assert_eq!(err.data.unwrap()["symbol"], "E_PW_NAV");
}

#[test]
fn a_tool_result_err_is_the_spec_tool_error() {
    let result = complete(Err::<String, _>(nav()).into_call_tool_result());
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        tool_json(&result),
        json!({
            "content": [{"type": "text", "text":
                "E_PW_NAV: Navigation failed\nDetails: net::ERR_NAME_NOT_RESOLVED\nRetryable: yes"}],
            "isError": true,
            "_meta": {"errorType": "NetworkError", "errorCode": "E_PW_NAV", "retryable": true,
                      "code": 2100, "domain": "playwright",
                      "details": "net::ERR_NAME_NOT_RESOLVED",
                      "data": {"url": "https://example.invalid"}}})
    );
    assert_eq!(
        tool_json(&result),
        nav().to_tool_result().to_json_value().unwrap()
    );
}

#[test]
fn the_error_alone_is_a_tool_error_too() {
    let result = complete(nav().into_call_tool_result());
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.meta.unwrap().0["code"], 2100);
}

/// MCP 2026-07-28 requires `resultType` on every result; a tool error carries the one rmcp's
/// own constructors write (rmcp removes it again for peers on earlier revisions).
#[test]
fn a_tool_error_is_a_complete_result() {
    for result in [
        complete(nav().into_call_tool_result()),
        complete(Err::<String, _>(nav()).into_call_tool_result()),
    ] {
        assert_eq!(
            serde_json::to_value(&result).unwrap()["resultType"],
            "complete"
        );
    }
}

/// A protocol-class variant returned from a tool is a JSON-RPC error: the one the rmcp
/// guide's first example shows (docs/rmcp.md).
#[test]
fn a_protocol_class_variant_is_a_json_rpc_error() {
    let error = Err::<String, _>(PlaywrightError::SessionExpired)
        .into_call_tool_result()
        .expect_err("a JSON-RPC error");
    let readme = include_str!("../docs/rmcp.md");
    let marker = "<!-- protocol-reply -->\n```json\n";
    let start = readme
        .find(marker)
        .expect("docs/rmcp.md marks the protocol reply")
        + marker.len();
    let shown: Value =
        serde_json::from_str(&readme[start..start + readme[start..].find("```").unwrap()]).unwrap();
    assert_eq!(serde_json::to_value(&error).unwrap(), shown["error"]);
}

#[test]
fn a_tool_result_ok_is_unchanged() {
    let result = complete(Ok::<String, PlaywrightError>("done".into()).into_call_tool_result());
    assert_eq!(result.is_error, Some(false));
    assert_eq!(
        serde_json::to_value(&result.content).unwrap(),
        json!([{"type": "text", "text": "done"}])
    );
}

#[test]
fn retry_after_reaches_data_and_meta() {
    let err = PlaywrightError::Throttled {
        retry_after_secs: 2,
    };
    assert_eq!(err.retry_after(), Some(Duration::from_secs(2)));
    let data = ErrorData::from(PlaywrightError::Throttled {
        retry_after_secs: 2,
    });
    assert_eq!(data.data.unwrap()["retryAfterMs"], 2000);
    let result = complete(err.into_call_tool_result());
    let meta = result.meta.unwrap().0;
    assert_eq!(meta["retryAfterMs"], 2000);
    assert_eq!(meta["errorType"], "RateLimitError");
}

#[test]
fn a_failing_field_falls_back_to_the_catalog_instead_of_panicking() {
    let data = ErrorData::from(PlaywrightError::Unserializable {
        value: Unserializable,
    });
    assert_eq!(
        serde_json::to_value(&data).unwrap(),
        json!({"code": 2103, "message": "Bad data", "data": {
            "domain": "playwright", "symbol": "E_PW_UNSERIALIZABLE", "retryable": false}})
    );
    // The tool error carries no field data, so it is complete.
    let result = complete(
        PlaywrightError::Unserializable {
            value: Unserializable,
        }
        .into_call_tool_result(),
    );
    assert_eq!(
        tool_json(&result)["_meta"],
        json!({"errorType": "InternalError", "errorCode": "E_PW_UNSERIALIZABLE",
               "retryable": false, "code": 2103, "domain": "playwright"})
    );
}

#[test]
fn boxed_trait_objects_convert_too() {
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(nav());
    let data = ErrorData::from(boxed);
    assert_eq!(
        serde_json::to_value(&data).unwrap(),
        serde_json::to_value(ErrorData::from(nav())).unwrap()
    );

    let boxed: Box<dyn McpError + Send + Sync> = Box::new(nav());
    let result = complete(Err::<String, _>(boxed).into_call_tool_result());
    assert_eq!(tool_json(&result)["_meta"]["errorCode"], "E_PW_NAV");
}

#[test]
fn error_stats_answers_only_its_method() {
    let stats = ErrorStats::new(MetricsConfig::enabled());
    stats.record(&nav());
    stats.record(&nav());

    let request = CustomRequest::new("sys/errorStats", None);
    let answer = answer_error_stats(&request, &stats).unwrap().unwrap();
    assert_eq!(
        answer.0,
        json!({"total": 2, "byCode": {"2100": 2}, "byDomain": {"playwright": 2},
               "bySymbol": {"E_PW_NAV": 2}})
    );

    let off = ErrorStats::new(MetricsConfig::disabled());
    let err = answer_error_stats(&request, &off).unwrap().unwrap_err();
    assert_eq!(err.code, ErrorCode::METHOD_NOT_FOUND);

    let other = CustomRequest::new("tools/frobnicate", None);
    assert!(answer_error_stats(&other, &stats).is_none());
    let err = on_custom_request(&other).unwrap_err();
    assert_eq!(
        serde_json::to_value(&err).unwrap(),
        json!({"code": -32601, "message": "Method not found",
               "data": {"method": "tools/frobnicate"}})
    );
}

#[test]
fn a_received_error_decodes_back_into_the_typed_variant() {
    let sent = mcp_errors::CommonError::Timeout {
        details: Some("navigation took 30s".into()),
    };
    let received: ErrorData =
        serde_json::from_value(serde_json::to_value(ErrorData::from(sent.clone())).unwrap())
            .unwrap();
    let object = mcp_errors::ErrorObject::from(&received);
    assert_eq!(object.symbol(), Some("E_TIMEOUT"));
    assert_eq!(
        mcp_errors::CommonError::from_error_object(&object).unwrap(),
        sent
    );
    assert_eq!(mcp_errors::ErrorObject::from(received), object);
}
