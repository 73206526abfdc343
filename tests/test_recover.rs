//! Identity recovery through gateways (`docs/envelopes.md`, "Identity through gateways"):
//! the vectors the TypeScript and Python runtimes run too (`tests/polyglot/recover_cases.json`),
//! decoded here by an enum with the sample catalog's rows
//! (`mcp-errors-cli/src/lang/runtime/sample_catalog.json`), and the Rust-only paths.

use std::time::Duration;

use mcp_errors::{DecodeError, ErrorObject, McpError};
use serde_json::{Value, json};

/// The sample catalog's `browser` rows.
#[derive(Debug, McpError)]
#[mcp(domain = "browser", decode)]
enum Sample {
    /// Navigation timed out
    #[mcp(code = 2100, symbol = "E_NAV_TIMEOUT", kind = "timeout", retryable)]
    NavTimeout {
        #[mcp(data)]
        url: Option<String>,
        #[mcp(retry_after)]
        retry: Option<Duration>,
    },
    /// No element matches
    #[mcp(code = 2101, symbol = "E_SELECTOR", kind = "not_found")]
    Selector {
        #[mcp(details)]
        why: Option<String>,
    },
}

/// Every `%PAD%` in the strings of `value` replaced by `pad`.
fn expand(value: &mut Value, pad: &str) {
    match value {
        Value::String(s) => *s = s.replace("%PAD%", pad),
        Value::Array(items) => items.iter_mut().for_each(|v| expand(v, pad)),
        Value::Object(map) => map.values_mut().for_each(|v| expand(v, pad)),
        _ => {}
    }
}

/// What a client holds, as the `ErrorObject` it decodes: a tool result's, a response's
/// `error`, or the error object itself.
fn error_object(input: &Value) -> Option<ErrorObject> {
    if input.get("isError") == Some(&Value::Bool(true)) {
        return ErrorObject::from_tool_result(input);
    }
    let object = match input.get("error") {
        Some(error @ Value::Object(_)) => error,
        _ => input,
    };
    serde_json::from_value(object.clone()).ok()
}

#[test]
fn the_shared_vectors_decode_as_in_every_language() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/polyglot/recover_cases.json"
    ))
    .unwrap();
    let vectors: Value = serde_json::from_str(&text).unwrap();
    let cases = vectors["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    for case in cases {
        let why = case["why"].as_str().unwrap();
        let mut input = case["input"].clone();
        if let Some(pad) = case.get("pad") {
            let times = usize::try_from(pad["times"].as_u64().unwrap()).unwrap();
            expand(&mut input, &pad["text"].as_str().unwrap().repeat(times));
        }
        let expected = &case["expected"];
        let decoded = error_object(&input).map(|o| Sample::from_error_object(&o));
        if expected["symbol"].is_null() {
            assert!(
                matches!(
                    decoded,
                    None | Some(Err(
                        DecodeError::UnknownCode { .. } | DecodeError::UnknownSymbol { .. }
                    ))
                ),
                "{why}: {decoded:?}"
            );
            continue;
        }
        let error = match decoded {
            Some(Ok(error)) => error,
            other => panic!("{why}: {other:?}"),
        };
        assert_eq!(i64::from(error.code()), expected["code"], "{why}");
        assert_eq!(error.symbol(), expected["symbol"], "{why}");
        assert_eq!(error.domain(), expected["domain"], "{why}");
        assert_eq!(error.retryable(), expected["retryable"], "{why}");
        let ms = error
            .retry_after()
            .map(|d| u64::try_from(d.as_millis()).unwrap());
        assert_eq!(ms, expected["retryAfterMs"].as_u64(), "{why}");
    }
}

#[test]
fn the_embedded_error_keeps_its_fields() {
    let reply = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": 2101,
        "message": "No element matches", "data": {"symbol": "E_SELECTOR", "details": "gone"}}});
    let outer = ErrorObject {
        code: -32603,
        message: format!("Error POSTing to endpoint: {reply}"),
        data: None,
    };
    match Sample::from_error_object(&outer).unwrap() {
        Sample::Selector { why } => assert_eq!(why.as_deref(), Some("gone")),
        other @ Sample::NavTimeout { .. } => panic!("{other:?}"),
    }
}

#[test]
fn an_embedded_error_is_checked_as_a_received_one() {
    // The embedded object's symbol and code disagree: refused, as they would be on the wire.
    let reply = json!({"code": 2101, "message": "m", "data": {"symbol": "E_NAV_TIMEOUT"}});
    let outer = ErrorObject {
        code: -32603,
        message: format!("upstream: {reply}"),
        data: None,
    };
    assert!(matches!(
        Sample::from_error_object(&outer),
        Err(DecodeError::SymbolMismatch { .. })
    ));
    // Its data nests one level deeper than a received one may: refused, as on the wire.
    let deep = format!(
        "upstream: {{\"code\":2101,\"message\":\"m\",\"data\":{{\"a\":{}1{}}}}}",
        "[".repeat(64),
        "]".repeat(64)
    );
    let outer = ErrorObject {
        code: -32603,
        message: deep,
        data: None,
    };
    assert!(matches!(
        Sample::from_error_object(&outer),
        Err(DecodeError::InvalidData { .. })
    ));
}

#[test]
fn a_symbol_prefix_needs_a_symbol_of_the_catalog() {
    // An alias counts as a symbol; a word that is none leaves the object as it is.
    let outer = |message: &str| ErrorObject {
        code: 2101,
        message: message.to_owned(),
        data: None,
    };
    assert!(matches!(
        Sample::from_error_object(&outer("E_NAV_TIMEOUT: m")),
        Ok(Sample::NavTimeout { .. })
    ));
    assert!(matches!(
        Sample::from_error_object(&outer("WARNING: m")),
        Ok(Sample::Selector { .. })
    ));
    // A tool result without `_meta` and without a prefix stays undecodable, as before.
    let plain = json!({"content": [{"type": "text", "text": "Missing required client capability"}], "isError": true});
    assert_eq!(ErrorObject::from_tool_result(&plain), None);
}
