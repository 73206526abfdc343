//! `JsonRpcMessageFormat`: the opt-in `SYMBOL: ` at the start of a JSON-RPC error's message,
//! per envelope and process-wide (the rmcp conversions' included), on both writers (the
//! optimistic one and the metered one), within the reply budget; and what the decoders make
//! of it after a gateway. Its own test binary, with one test that sets the process's format.

use std::time::Duration;

use mcp_errors::{ErrorObject, JsonRpcMessageFormat, McpError, McpErrorExt, ReplyBudget};
use serde_json::{Value, json};

#[derive(Debug, McpError)]
#[mcp(
    domain = "playwright",
    range = 2100..=2199,
    symbol_prefix = "E_PW_",
    decode,
    doc_url = "https://errors.example.dev/{domain}#{symbol}"
)]
enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
    /// Too many launches
    #[mcp(code = 2102, retryable, kind = "rate_limit")]
    Throttled {
        #[mcp(retry_after, skip)]
        after: Option<Duration>,
    },
}

fn nav() -> PlaywrightError {
    PlaywrightError::Nav {
        reason: "dns".into(),
    }
}

const FIRST: JsonRpcMessageFormat = JsonRpcMessageFormat::SYMBOL_FIRST;

/// Every output method of the JSON-RPC error view, as JSON values.
fn outputs(err: &PlaywrightError, format: Option<JsonRpcMessageFormat>) -> Vec<Value> {
    let object = match format {
        Some(f) => err.to_error_object().message_format(f),
        None => err.to_error_object(),
    };
    let response = match format {
        Some(f) => err.to_jsonrpc(1).message_format(f),
        None => err.to_jsonrpc(1),
    };
    let mut line = Vec::new();
    response.write_json_line(&mut line).unwrap();
    vec![
        object.to_json_value().unwrap(),
        serde_json::from_str(&object.to_json_string().unwrap()).unwrap(),
        serde_json::from_slice(&object.to_json_vec().unwrap()).unwrap(),
        serde_json::from_slice::<Value>(&line).unwrap()["error"].clone(),
        response.to_json_value().unwrap()["error"].clone(),
    ]
}

#[test]
fn the_format_per_envelope_and_for_the_process() {
    // Default: today's bytes.
    assert_eq!(JsonRpcMessageFormat::global(), JsonRpcMessageFormat::PLAIN);
    let plain = nav().to_jsonrpc(1).to_json_string().unwrap();
    assert_eq!(
        plain,
        r#"{"jsonrpc":"2.0","id":1,"error":{"code":2100,"message":"Navigation failed","data":{"domain":"playwright","symbol":"E_PW_NAV","retryable":true,"details":"dns"}}}"#
    );
    for out in outputs(&nav(), None) {
        assert_eq!(out["message"], "Navigation failed");
    }
    // Per envelope, on every output method (the optimistic writer gives up for it).
    for out in outputs(&nav(), Some(FIRST)) {
        assert_eq!(out["message"], "E_PW_NAV: Navigation failed");
        assert_eq!(
            out["data"],
            json!({"domain": "playwright", "symbol": "E_PW_NAV", "details": "dns", "retryable": true})
        );
    }
    // A known delay follows as the retry contract's text form; data keeps retryAfterMs.
    let throttled = PlaywrightError::Throttled {
        after: Some(Duration::from_millis(1500)),
    };
    for out in outputs(&throttled, Some(FIRST)) {
        assert_eq!(
            out["message"],
            "E_PW_THROTTLED: Too many launches (retry after 1500 ms)"
        );
        assert_eq!(out["data"]["retryAfterMs"], 1500);
    }
    // The budget cuts the message's end, never the symbol.
    let tight = nav()
        .to_error_object()
        .message_format(FIRST)
        .budget(ReplyBudget::bytes(20))
        .to_json_value()
        .unwrap();
    let message = tight["message"].as_str().unwrap();
    assert!(
        message.starts_with("E_PW_NAV: ") && message.ends_with("[truncated]"),
        "{message}"
    );
    // A tool error's text is unchanged by it (it starts with the symbol anyway).
    let tool = nav().to_tool_result().to_json_value().unwrap();
    assert!(
        tool["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("E_PW_NAV: Navigation failed")
    );

    // For the process: every view without a format of its own.
    FIRST.set_global();
    assert_eq!(JsonRpcMessageFormat::global(), FIRST);
    for out in outputs(&nav(), None) {
        assert_eq!(out["message"], "E_PW_NAV: Navigation failed");
    }
    for out in outputs(&nav(), Some(JsonRpcMessageFormat::PLAIN)) {
        assert_eq!(out["message"], "Navigation failed");
    }
    // What a gateway keeps of it decodes back: the message alone, under the gateway's code.
    let wire = throttled.to_error_object().to_json_value().unwrap();
    let kept = ErrorObject {
        code: -32603,
        message: wire["message"].as_str().unwrap().to_owned(),
        data: None,
    };
    match PlaywrightError::from_error_object(&kept).unwrap() {
        PlaywrightError::Throttled { after } => {
            assert_eq!(after, Some(Duration::from_millis(1500)));
        }
        other @ PlaywrightError::Nav { .. } => panic!("{other:?}"),
    }
    // And the message of an intact one is the catalog's, after its prefix.
    let intact: ErrorObject = serde_json::from_value(wire).unwrap();
    assert!(PlaywrightError::from_error_object(&intact).is_ok());
    JsonRpcMessageFormat::PLAIN.set_global();
    assert_eq!(nav().to_jsonrpc(1).to_json_string().unwrap(), plain);

    // The doc URL in `data`: per envelope, per format, and for the process (what the rmcp
    // conversions write); never in the message.
    let url = "https://errors.example.dev/playwright#E_PW_NAV";
    for out in outputs(&nav(), None) {
        assert!(out["data"].get("docUrl").is_none(), "{out}");
    }
    let with_url = JsonRpcMessageFormat::PLAIN.with_doc_url(true);
    assert!(with_url.doc_url() && !with_url.symbol_first());
    for out in outputs(&nav(), Some(with_url)) {
        assert_eq!(out["data"]["docUrl"], url, "{out}");
        assert_eq!(out["message"], "Navigation failed");
    }
    assert_eq!(
        nav()
            .to_error_object()
            .with_doc_url()
            .to_json_value()
            .unwrap()["data"]["docUrl"],
        url
    );
    FIRST.with_doc_url(true).set_global();
    assert_eq!(JsonRpcMessageFormat::global(), FIRST.with_doc_url(true));
    for out in outputs(&nav(), None) {
        assert_eq!(out["data"]["docUrl"], url, "{out}");
        assert_eq!(out["message"], "E_PW_NAV: Navigation failed");
    }
    // A view's own format wins over the process's.
    for out in outputs(&nav(), Some(JsonRpcMessageFormat::PLAIN)) {
        assert!(out["data"].get("docUrl").is_none(), "{out}");
    }
    JsonRpcMessageFormat::PLAIN.set_global();
    assert_eq!(JsonRpcMessageFormat::global(), JsonRpcMessageFormat::PLAIN);
    assert_eq!(nav().to_jsonrpc(1).to_json_string().unwrap(), plain);
}
