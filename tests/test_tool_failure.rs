//! The draft `ToolFailure` member, `_meta["io.modelcontextprotocol/toolFailure"]`: written by
//! choice under the `tool-failure` feature (only catalog facts and the envelope's context), and
//! read back by the client on the vectors the TypeScript and Python runtimes read too
//! (`tests/polyglot/tool_failure_cases.json`).

use std::time::{Duration, UNIX_EPOCH};

use mcp_errors::tool_failure::{FailureCode, ToolFailure};
use mcp_errors::{ErrorObject, McpError};
use serde_json::{Value, json};

// Without the feature only `Nav` is written (the golden at the end).
#[cfg_attr(not(feature = "tool-failure"), allow(dead_code))]
#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
enum PwError {
    /// Navigation failed
    #[mcp(
        code = 2100,
        retryable,
        kind = "network",
        help = "check the URL and retry"
    )]
    Nav {
        #[mcp(details)]
        reason: String,
        #[mcp(data)]
        url: String,
    },
    #[mcp(code = 2101, kind = "permission", message = "Not allowed")]
    Denied {
        #[mcp(skip)]
        secret: String,
    },
    #[mcp(code = 2102, kind = "rate_limit", message = "Too many launches")]
    Throttled {
        #[mcp(retry_after, skip)]
        retry_after_ms: Duration,
    },
    #[mcp(code = 2103, kind = "validation", message = "Bad selector")]
    Selector,
}

/// The vectors' `{"$repeat": s, "times": n}` and `{"$concat": [...]}` expanded.
fn expand(v: &Value) -> Value {
    match v {
        Value::Array(items) => Value::Array(items.iter().map(expand).collect()),
        Value::Object(map) if map.contains_key("$repeat") => {
            let times = usize::try_from(map["times"].as_u64().unwrap()).unwrap();
            Value::String(map["$repeat"].as_str().unwrap().repeat(times))
        }
        Value::Object(map) if map.contains_key("$concat") => {
            let parts = map["$concat"].as_array().unwrap().iter().map(expand);
            Value::String(parts.map(|p| p.as_str().unwrap().to_owned()).collect())
        }
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, x)| (k.clone(), expand(x))).collect())
        }
        other => other.clone(),
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_nanos().div_ceil(1_000_000)).unwrap()
}

#[test]
fn reads_the_shared_vectors() {
    let vectors: Value =
        serde_json::from_str(include_str!("polyglot/tool_failure_cases.json")).unwrap();
    let now = UNIX_EPOCH + Duration::from_millis(vectors["nowMs"].as_u64().unwrap());
    let cases = vectors["cases"].as_array().unwrap();
    assert!(cases.len() >= 20);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let result = expand(&case["result"]);
        let failure = ToolFailure::from_tool_result(&result);
        match (&failure, &case["failure"]) {
            (None, Value::Null) => {}
            (Some(f), want) => {
                let code = match &f.code {
                    Some(FailureCode::Number(n)) => json!(n),
                    Some(FailureCode::Name(s)) => json!(s),
                    None => Value::Null,
                };
                let got = json!({
                    "class": f.class, "code": code, "retryable": f.retryable,
                    "retryAfterMs": f.retry_after_at(now).map(ms),
                    "correlationId": f.correlation_id, "agentGuidance": f.agent_guidance,
                });
                assert_eq!(&got, want, "{name}");
            }
            (None, want) => panic!("{name}: no failure read, expected {want}"),
        }
        let decoded = ErrorObject::from_tool_result(&result);
        let want = &case["decoded"];
        // Without a catalog a symbol names no code: only the generated modules resolve it.
        if want.is_null() || case["needsCatalog"] == true {
            assert_eq!(decoded, None, "{name}");
            let retryable = failure.as_ref().is_some_and(ToolFailure::is_retryable);
            let expected = if want.is_null() {
                &case["retryable"]
            } else {
                &want["retryable"]
            };
            assert_eq!(json!(retryable), *expected, "{name}");
        } else {
            let decoded = decoded.unwrap_or_else(|| panic!("{name}: not decoded"));
            assert_eq!(json!(decoded.code), want["code"], "{name}");
            assert_eq!(json!(decoded.is_retryable()), want["retryable"], "{name}");
            assert_eq!(json!(decoded.message), want["message"], "{name}");
            if let Some(expected) = want.get("retryAfterMs") {
                assert_eq!(json!(decoded.retry_after().map(ms)), *expected, "{name}");
            }
            let has = want
                .get("hasRetryAfter")
                .map_or(want.get("retryAfterMs").is_some(), |h| h == true);
            assert_eq!(decoded.retry_after().is_some(), has, "{name}");
        }
        // The retry reader: a delay wherever the member gives one, and never a panic.
        let delay = mcp_errors::retry::tool_result_retry_after(&result);
        if case["failure"]["retryAfterMs"].is_u64() {
            assert!(delay.is_some(), "{name}");
        }
        let _ = mcp_errors::retry::message_retry_after(&json!({"result": result}), None);
    }
}

#[cfg(feature = "tool-failure")]
mod write {
    use std::time::SystemTime;

    use super::*;
    use mcp_errors::tool_failure::META_KEY;
    use mcp_errors::{McpErrorExt, ToolErrorFormat};

    fn nav() -> PwError {
        PwError::Nav {
            reason: "net::ERR_NAME_NOT_RESOLVED".into(),
            url: "https://a.invalid/private?token=s3cr3t".into(),
        }
    }

    fn with_failure(err: &PwError, context: Option<&Value>) -> Value {
        let format = ToolErrorFormat::MODEL.with_meta_tool_failure(true);
        let view = err.to_tool_result().format(format);
        match context {
            Some(c) => view
                .with_context(c.as_object().unwrap())
                .to_json_value()
                .unwrap(),
            None => view.to_json_value().unwrap(),
        }
    }

    #[test]
    fn off_unless_chosen_and_then_only_added() {
        let err = nav();
        assert!(!ToolErrorFormat::MODEL.meta_tool_failure());
        assert!(!ToolErrorFormat::MINIMAL.meta_tool_failure());
        assert!(!ToolErrorFormat::default().meta_tool_failure());
        let plain = err
            .to_tool_result()
            .format(ToolErrorFormat::MODEL)
            .to_json_value()
            .unwrap();
        assert!(plain["_meta"].get(META_KEY).is_none());
        // Chosen: the same result plus one `_meta` member.
        let mut chosen = with_failure(&err, None);
        assert!(
            chosen["_meta"]
                .as_object_mut()
                .unwrap()
                .remove(META_KEY)
                .is_some()
        );
        assert_eq!(chosen, plain);
        // Chosen and unchosen again: the exact bytes of the default.
        let back = ToolErrorFormat::MODEL
            .with_meta_tool_failure(true)
            .with_meta_tool_failure(false);
        assert_eq!(back, ToolErrorFormat::MODEL);
        assert_eq!(
            err.to_tool_result().format(back).to_json_string().unwrap(),
            err.to_tool_result()
                .format(ToolErrorFormat::MODEL)
                .to_json_string()
                .unwrap()
        );
    }

    #[test]
    fn writes_catalog_facts_only() {
        let result = with_failure(&nav(), None);
        assert_eq!(
            result["_meta"][META_KEY],
            json!({"class": "reliability", "code": "E_PW_NAV", "retryable": true,
                   "agentGuidance": "check the URL and retry"})
        );
        // Neither the message's values, the details nor a field (wire or skipped) go in it.
        let denied = with_failure(
            &PwError::Denied {
                secret: "hunter2".into(),
            },
            None,
        );
        let member = denied["_meta"][META_KEY].to_string();
        assert_eq!(
            denied["_meta"][META_KEY],
            json!({"class": "governance", "code": "E_PW_DENIED", "retryable": false})
        );
        assert!(!member.contains("hunter2"));
        assert!(
            !with_failure(&nav(), None)["_meta"][META_KEY]
                .to_string()
                .contains("s3cr3t")
        );
        assert_eq!(
            with_failure(&PwError::Selector, None)["_meta"][META_KEY]["class"],
            "capability"
        );
    }

    #[test]
    fn retry_not_before_is_now_plus_the_delay() {
        let err = PwError::Throttled {
            retry_after_ms: Duration::from_micros(1_500_500),
        };
        let before = SystemTime::now();
        let result = with_failure(&err, None);
        let after = SystemTime::now();
        let member = &result["_meta"][META_KEY];
        assert_eq!(
            member["retryable"], true,
            "a delay makes it retryable on the wire"
        );
        let text = member["retryNotBefore"].as_str().unwrap();
        assert!(text.len() == 24 && text.ends_with('Z'), "{text}");
        let failure = ToolFailure::from_tool_result(&result).unwrap();
        let at = failure.retry_not_before.unwrap();
        // Rounded up to the millisecond: never before now + delay, within a few ms after.
        assert!(at >= before + Duration::from_micros(1_500_500), "{text}");
        assert!(at <= after + Duration::from_millis(1_503), "{text}");
        assert_eq!(
            failure.code,
            Some(FailureCode::Name("E_PW_THROTTLED".into()))
        );
        // Ours stay first: the decoded delay is `_meta.retryAfterMs`.
        let decoded = ErrorObject::from_tool_result(&result).unwrap();
        assert_eq!(decoded.retry_after(), Some(Duration::from_millis(1501)));
        // A delay past year 9999 leaves the member without `retryNotBefore`, never a panic.
        let far = with_failure(
            &PwError::Throttled {
                retry_after_ms: Duration::MAX,
            },
            None,
        );
        assert!(far["_meta"][META_KEY].get("retryNotBefore").is_none());
        assert_eq!(far["_meta"][META_KEY]["retryable"], true);
    }

    #[test]
    fn correlation_id_comes_from_the_context() {
        let id = |context: Value| {
            with_failure(&nav(), Some(&context))["_meta"][META_KEY]
                .get("correlationId")
                .cloned()
        };
        assert_eq!(
            id(json!({"correlationId": "c-1", "requestId": "r-1"})),
            Some(json!("c-1"))
        );
        assert_eq!(id(json!({"requestId": "r-1"})), Some(json!("r-1")));
        assert_eq!(id(json!({"requestId": 42})), Some(json!("42")));
        assert_eq!(id(json!({"tool": "navigate"})), None);
        assert_eq!(id(json!({"requestId": "x".repeat(129)})), None);
        assert_eq!(id(json!({"requestId": "a\nb"})), None);
        assert_eq!(id(json!({"requestId": ""})), None);
        assert_eq!(id(json!({"requestId": {"nested": true}})), None);
        assert_eq!(id(json!({"requestId": 1.5})), None);
    }

    /// A `Display` that fails: the envelope fails, and the integration falls back on the
    /// catalog's `_meta`.
    #[derive(Debug)]
    struct Fails;

    impl std::fmt::Display for Fails {
        fn fmt(&self, _: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            Err(std::fmt::Error)
        }
    }

    #[derive(Debug, McpError)]
    #[mcp(domain = "broken", range = 2200..=2299, symbol_prefix = "E_BR_")]
    enum Broken {
        /// Broken
        #[mcp(code = 2200, kind = "internal", help = "try later")]
        Bad {
            #[mcp(details)]
            why: Fails,
        },
    }

    #[test]
    fn the_process_format_reaches_the_integrations() {
        // The only test of this binary that sets the process-wide format; the others pass
        // theirs explicitly.
        ToolErrorFormat::MODEL
            .with_meta_tool_failure(true)
            .set_global();
        let outcome = mcp_errors::integrations::outcome::tool_call_outcome(&nav());
        let fallback =
            mcp_errors::integrations::outcome::tool_call_outcome(&Broken::Bad { why: Fails });
        ToolErrorFormat::MODEL.set_global();
        let mcp_errors::integrations::outcome::ToolCallOutcome::ToolError(fallback) = fallback
        else {
            panic!("a tool error");
        };
        assert_eq!(
            fallback["_meta"][META_KEY],
            json!({"class": "reliability", "code": "E_BR_BAD", "retryable": false,
                   "agentGuidance": "try later"})
        );
        let mcp_errors::integrations::outcome::ToolCallOutcome::ToolError(result) = outcome else {
            panic!("a tool error");
        };
        assert_eq!(result["_meta"][META_KEY]["code"], "E_PW_NAV");
        let outcome = mcp_errors::integrations::outcome::tool_call_outcome(&nav());
        let mcp_errors::integrations::outcome::ToolCallOutcome::ToolError(result) = outcome else {
            panic!("a tool error");
        };
        assert!(result["_meta"].get(META_KEY).is_none());
    }

    #[test]
    fn what_it_writes_reads_back_alone() {
        // A gateway that keeps only the draft's member: the reader still has the failure.
        let err = PwError::Throttled {
            retry_after_ms: Duration::from_secs(2),
        };
        let full = with_failure(&err, Some(&json!({"requestId": "r-9"})));
        let text = json!([{"type": "text", "text": "Too many launches"}]);
        let alone = json!({"content": text, "isError": true,
                           "_meta": {META_KEY: full["_meta"][META_KEY]}});
        let failure = ToolFailure::from_tool_result(&alone).unwrap();
        assert_eq!(failure.class.as_deref(), Some("reliability"));
        assert_eq!(failure.correlation_id.as_deref(), Some("r-9"));
        assert!(failure.is_retryable());
        let delay = mcp_errors::retry::tool_result_retry_after(&alone).unwrap();
        // Now rounded up to the millisecond, plus the delay: at most 1 ms more than asked.
        assert!(
            delay <= Duration::from_millis(2001) && delay > Duration::from_millis(1500),
            "{delay:?}"
        );
    }
}

/// The exact bytes of a tool error in the default format, with or without the feature: what
/// every server sends today (`cargo test --test test_tool_failure` and with
/// `--features tool-failure` compare the same literal).
#[test]
fn default_bytes_are_the_same_with_or_without_the_feature() {
    use mcp_errors::{McpErrorExt, ToolErrorFormat};
    let err = PwError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED".into(),
        url: "https://a.invalid".into(),
    };
    let golden = concat!(
        r#"{"content":[{"type":"text","text":"E_PW_NAV: Navigation failed\nDetails: net::ERR_NAME_NOT_RESOLVED\nHelp: check the URL and retry\nRetryable: yes"}],"#,
        r#""isError":true,"_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,"code":2100,"domain":"playwright","#,
        r#""details":"net::ERR_NAME_NOT_RESOLVED","help":"check the URL and retry","data":{"url":"https://a.invalid"}}}"#
    );
    let bytes = err
        .to_tool_result()
        .format(ToolErrorFormat::MODEL)
        .to_json_string()
        .unwrap();
    assert_eq!(bytes, golden);
    let minimal = err
        .to_tool_result()
        .format(ToolErrorFormat::MINIMAL)
        .to_json_string()
        .unwrap();
    assert_eq!(
        minimal,
        r#"{"content":[{"type":"text","text":"E_PW_NAV: Navigation failed"}],"isError":true,"_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,"code":2100,"domain":"playwright"}}"#
    );
}
