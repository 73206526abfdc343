//! The retry contract (`mcp_errors::retry`, module docs): an error with a retry delay says so
//! the same way on every channel, in whole milliseconds rounded up, and decoding reads it back
//! from any of them; malformed values are skipped, never a panic. The HTTP channel (429 and
//! `Retry-After` from `RateLimitLayer`) is in `tests/test_http_layer.rs`.

use std::time::Duration;

use mcp_errors::retry::{
    message_retry_after, retry_after_header, retry_after_text, text_suffix, tool_result_retry_after,
};
use mcp_errors::{ErrorObject, McpError, McpErrorExt, ToolErrorFormat, Verbosity};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "contract", range = 9300..=9399, symbol_prefix = "E_RC_", data_fields)]
enum Limited {
    /// Too many requests
    #[mcp(code = 9300, kind = "rate_limit")]
    Throttled {
        /// How long to wait.
        #[mcp(retry_after)]
        wait: Duration,
    },
    /// Quota used up
    ///
    /// Not retryable by the catalog, but this value knows when the quota refills.
    #[mcp(code = 9301, kind = "business")]
    Quota {
        /// When the quota refills.
        #[mcp(retry_after)]
        refill: Option<Duration>,
    },
}

fn throttled() -> Limited {
    // 1.5 ms and a little: 1501 ms is the rounded-up figure on every channel.
    Limited::Throttled {
        wait: Duration::from_micros(1_500_001),
    }
}

#[test]
fn every_channel_says_the_same_delay() {
    let err = throttled();
    let object = err
        .to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap();
    assert_eq!(object["data"]["retryAfterMs"], 1501);
    assert_eq!(object["data"]["retryable"], true);

    let tool = err
        .to_tool_result()
        .format(ToolErrorFormat::MODEL)
        .to_json_value()
        .unwrap();
    assert_eq!(tool["_meta"]["retryAfterMs"], 1501);
    let text = tool["content"][0]["text"].as_str().unwrap();
    assert!(text.ends_with(" (retry after 1501 ms)"), "{text}");
    assert_eq!(
        text,
        "E_RC_THROTTLED: Too many requests\nRetryable: yes (retry after 1501 ms)"
    );
    assert!(text.ends_with(&text_suffix(Duration::from_micros(1_500_001))));

    // Without the Retryable line the suffix still ends the text.
    let terse = ToolErrorFormat::MODEL.with_text_retry(false);
    let tool = err.to_tool_result().format(terse).to_json_value().unwrap();
    assert_eq!(
        tool["content"][0]["text"],
        "E_RC_THROTTLED: Too many requests (retry after 1501 ms)"
    );

    // The TypeScript hierarchy's format keeps its text exactly (the suffix is part of the format).
    let seed = err
        .to_tool_result()
        .format(ToolErrorFormat::MINIMAL)
        .to_json_value()
        .unwrap();
    assert_eq!(
        seed["content"][0]["text"],
        "E_RC_THROTTLED: Too many requests"
    );
    assert_eq!(seed["_meta"]["retryAfterMs"], 1501);
}

#[test]
fn a_delay_makes_an_error_retryable_on_the_wire() {
    let err = Limited::Quota {
        refill: Some(Duration::from_secs(60)),
    };
    assert!(!err.retryable(), "the catalog's flag stays");
    let object = err.to_error_object().to_json_value().unwrap();
    assert_eq!(object["data"]["retryable"], true);
    let tool = err
        .to_tool_result()
        .format(ToolErrorFormat::MODEL)
        .to_json_value()
        .unwrap();
    assert_eq!(tool["_meta"]["retryable"], true);
    assert_eq!(
        tool["content"][0]["text"],
        "E_RC_QUOTA: Quota used up\nRetryable: yes (retry after 60000 ms)"
    );
    // Without a delay it is the catalog's "no".
    let none = Limited::Quota { refill: None };
    let tool = none
        .to_tool_result()
        .format(ToolErrorFormat::MODEL)
        .to_json_value()
        .unwrap();
    assert_eq!(tool["_meta"]["retryable"], false);
    assert!(
        tool["content"][0]["text"]
            .as_str()
            .unwrap()
            .ends_with("Retryable: no")
    );
}

#[test]
fn decoding_reads_every_channel_in_order() {
    let err = throttled();
    let delay = Duration::from_millis(1501);
    let response = err.to_jsonrpc(7).to_json_value().unwrap();
    assert_eq!(message_retry_after(&response, None), Some(delay));
    let object: ErrorObject = serde_json::from_value(response["error"].clone()).unwrap();
    assert_eq!(object.retry_after(), Some(delay));
    assert!(object.is_retryable());

    let tool = err.to_tool_result().to_json_value().unwrap();
    assert_eq!(tool_result_retry_after(&tool), Some(delay));
    let wrapped = json!({"jsonrpc": "2.0", "id": 1, "result": tool});
    assert_eq!(message_retry_after(&wrapped, Some("9")), Some(delay));

    // Only the text: a host that dropped _meta.
    let seen_by_model = json!({"isError": true, "content": [{"type": "text",
        "text": err.to_tool_result().to_json_value().unwrap()["content"][0]["text"]}]});
    assert_eq!(tool_result_retry_after(&seen_by_model), Some(delay));
    // Only the header.
    let bare = json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "m"}});
    assert_eq!(
        message_retry_after(&bare, Some("2")),
        Some(Duration::from_secs(2))
    );
    assert_eq!(message_retry_after(&bare, None), None);
}

#[test]
fn malformed_delays_are_skipped() {
    for bad in [
        json!(-1),
        json!(1.5),
        json!("1500"),
        json!(null),
        json!([1]),
        json!(1e30),
    ] {
        let body = json!({"error": {"code": 1, "message": "m", "data": {"retryAfterMs": bad}}});
        assert_eq!(message_retry_after(&body, None), None, "{body}");
        let tool = json!({"isError": true, "content": [], "_meta": {"retryAfterMs": bad}});
        assert_eq!(tool_result_retry_after(&tool), None, "{tool}");
        // A malformed first channel does not hide a good later one.
        let tool = json!({"isError": true, "_meta": {"retryAfterMs": bad},
            "content": [{"type": "text", "text": "x (retry after 5 ms)"}]});
        assert_eq!(
            tool_result_retry_after(&tool),
            Some(Duration::from_millis(5))
        );
    }
    for bad in [
        "(retry after  5 ms)",
        "(retry after 5ms)",
        "(retry after +5 ms)",
        "(retry after 5 s)",
        "(retry after 18446744073709551616 ms)",
        "(retry after ",
        "",
    ] {
        assert_eq!(retry_after_text(bad), None, "{bad:?}");
    }
    // The last occurrence counts.
    assert_eq!(
        retry_after_text("user said (retry after 1 ms) (retry after 7 ms)"),
        Some(Duration::from_millis(7))
    );
    assert_eq!(
        retry_after_text("(retry after 18446744073709551615 ms)"),
        Some(Duration::from_millis(u64::MAX))
    );
    for bad in [
        "",
        "1.5",
        "-3",
        "+3",
        "0x10",
        "Wed, 21 Oct 2015 07:28:00 GMT",
        "99999999999999999999",
    ] {
        assert_eq!(retry_after_header(bad), None, "{bad:?}");
    }
    assert_eq!(retry_after_header(" 0 "), Some(Duration::ZERO));
    // Overflow once multiplied by 1000.
    assert_eq!(retry_after_header("18446744073709551615"), None);
}

#[test]
fn rate_limited_is_retryable_when_decoded() {
    // -32023 (SEP-3304, proposed) decodes as retryable whatever the `sep-3304` feature says.
    let object = ErrorObject::from_json(r#"{"code":-32023,"message":"Rate limited"}"#).unwrap();
    assert!(object.is_retryable());
    let object = ErrorObject::from_json(r#"{"code":-32000,"message":"x"}"#).unwrap();
    assert!(!object.is_retryable());
}
