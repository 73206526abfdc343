//! Envelopes under stress: awkward text, fields that fail, keys that collide, stacks.

mod envelope_support;

use std::time::Duration;

use envelope_support::{Clash, FailingDisplay, Kb, Pw, Unserializable};
use mcp_errors_core::{McpError, McpErrorExt, ReplyBudget, ToolErrorFormat, Verbosity};
use serde::Serialize;
use serde_json::{Value, json};

fn value<T: Serialize>(envelope: T) -> Value {
    serde_json::to_value(envelope).expect("envelope serializes")
}

const AWKWARD: &str = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} \
                       e\u{301} \u{1F600} \u{2028} </script> \u{FEFF}";

#[test]
fn awkward_text_round_trips_exactly() {
    let err = Pw::Weird {
        text: AWKWARD.into(),
        note: format!("note: {AWKWARD}"),
    };
    let message = format!("Bad \"input\":\n{AWKWARD}");
    assert_eq!(err.to_string(), message);

    for text in [
        err.to_jsonrpc(1).to_json_string().unwrap(),
        err.to_error_response().to_json_string().unwrap(),
        err.to_tool_result().to_json_string().unwrap(),
    ] {
        // One line of valid JSON: every control character is escaped.
        assert!(!text.contains('\n') && !text.contains('\u{0}'), "{text:?}");
        serde_json::from_str::<Value>(&text).unwrap();
    }
    assert_eq!(
        value(err.to_jsonrpc("\u{1F600}").verbosity(Verbosity::Off)),
        json!({"jsonrpc":"2.0","id":"\u{1F600}","error":{"code":2103,"message":message,
            "data":{"domain":"playwright","symbol":"E_PW_WEIRD","retryable":false,
                    "details":AWKWARD,"note":format!("note: {AWKWARD}")}}})
    );
    assert_eq!(
        value(err.to_tool_result().format(ToolErrorFormat::MINIMAL))["content"][0]["text"],
        json!(format!("E_PW_WEIRD: {message}"))
    );
    let model = value(err.to_tool_result().format(ToolErrorFormat::MODEL));
    assert_eq!(
        model["content"][0]["text"],
        json!(format!(
            "E_PW_WEIRD: {message}\nDetails: {AWKWARD}\nHelp: use \"plain\" text\u{2026}\nRetryable: no"
        ))
    );
    assert_eq!(model["_meta"]["details"], json!(AWKWARD));
    assert_eq!(
        model["_meta"]["data"],
        json!({"note": format!("note: {AWKWARD}")})
    );
    assert_eq!(
        value(err.to_error_response().verbosity(Verbosity::Off))["details"],
        json!({"reason":AWKWARD,"note":format!("note: {AWKWARD}"),
               "suggestion":"use \"plain\" text\u{2026}"})
    );
}

#[test]
fn a_field_that_fails_to_serialize_is_an_error() {
    let err = Pw::Broken {
        value: Unserializable,
    };
    let failures = [
        err.to_error_object().to_json_string().err(),
        err.to_error_object().plain_data().to_json_string().err(),
        err.to_jsonrpc(1).to_json_string().err(),
        err.to_error_response().to_json_string().err(),
        err.to_jsonrpc_result(1).to_json_string().err(),
        err.to_jsonrpc(1).to_json_value().err(),
        serde_json::to_vec(&err.to_jsonrpc(1)).err(),
    ];
    for failure in failures {
        let failure = failure.expect("serialization fails");
        assert!(
            failure.to_string().contains("refuses to serialize"),
            "{failure}"
        );
    }
    // In the TypeScript hierarchy's format the tool result carries no fields, so it still
    // serializes; the default format's `_meta.data` fails like the others.
    assert_eq!(
        value(err.to_tool_result().format(ToolErrorFormat::MINIMAL))["content"][0]["text"],
        "E_PW_BROKEN: Broken"
    );
    let failure = err.to_tool_result().to_json_string().unwrap_err();
    assert!(
        failure.to_string().contains("refuses to serialize"),
        "{failure}"
    );

    // Through a trait object the failure surfaces the same way.
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(Pw::Broken {
        value: Unserializable,
    });
    let failure = boxed.to_jsonrpc(1).to_json_string().unwrap_err();
    assert!(
        failure.to_string().contains("refuses to serialize"),
        "{failure}"
    );
    assert!(boxed.to_error_response().to_json_value().is_err());
}

#[test]
fn a_display_that_fails_is_an_error_not_a_panic() {
    let err = Pw::BadDisplay {
        what: FailingDisplay,
    };
    let failure = err.to_jsonrpc(1).to_json_string().unwrap_err();
    assert!(failure.to_string().contains("Display"), "{failure}");
    assert!(err.to_error_response().to_json_vec().is_err());
    assert!(err.to_error_object().plain_data().to_json_value().is_err());
    let by_ref: &dyn McpError = &err;
    assert!(by_ref.to_jsonrpc(1).to_json_string().is_err());
}

#[test]
fn a_failing_writer_is_an_error() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk full"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let err = Pw::Nav { reason: "r".into() };
    assert!(err.to_jsonrpc(1).write_json(Full).is_err());
    assert!(err.to_tool_result().write_json_line(Full).is_err());
    assert!(
        mcp_errors_core::ReadySentinel::CURRENT
            .write_line(Full)
            .is_err()
    );
}

fn clash() -> Pw {
    Pw::Clash(Clash {
        domain: "evil".into(),
        stack: "fake stack".into(),
        reason: "r".into(),
        extra: 1,
    })
}

#[test]
fn envelope_keys_win_over_data_fields() {
    let err = clash();
    // Full data: `domain` is the envelope's; `stack` is free while no stack is captured.
    let text = err
        .to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_string()
        .unwrap();
    assert_eq!(text.matches("\"domain\":").count(), 1, "{text}");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap()["data"],
        json!({"domain":"playwright","symbol":"E_PW_CLASH","retryable":false,
               "stack":"fake stack","reason":"r","extra":1})
    );
    // With a stack, the envelope's stack replaces the field.
    let text = err
        .to_error_object()
        .verbosity(Verbosity::Full)
        .to_json_string()
        .unwrap();
    assert_eq!(text.matches("\"stack\":").count(), 1, "{text}");
    assert!(serde_json::from_str::<Value>(&text).unwrap()["data"]["stack"].is_array());
    // Plain data writes no `domain` of its own, so the field keeps it.
    assert_eq!(
        value(err.to_error_object().plain_data().verbosity(Verbosity::Off))["data"],
        json!({"domain":"evil","stack":"fake stack","reason":"r","extra":1})
    );
    // The error response writes no `reason` here (no details field), so the field keeps it.
    assert_eq!(
        value(err.to_error_response().verbosity(Verbosity::Off))["details"],
        json!({"domain":"evil","stack":"fake stack","reason":"r","extra":1})
    );
}

fn assert_sanitized(stack: &Value, max: Option<usize>) -> Vec<String> {
    let frames: Vec<String> = stack
        .as_array()
        .unwrap_or_else(|| panic!("stack is an array: {stack}"))
        .iter()
        .map(|f| f.as_str().expect("frames are strings").to_owned())
        .collect();
    if let Some(max) = max {
        assert!(frames.len() <= max, "{frames:#?}");
    }
    for frame in &frames {
        for internal in [
            "std::",
            "core::",
            "alloc::",
            "serde",
            "mcp_errors",
            "test::",
        ] {
            assert!(!frame.starts_with(internal), "{frame}");
        }
        assert!(!frame.contains("mcp_errors_core"), "{frame}");
        assert!(!frame.contains("/rustc/"), "{frame}");
        // Paths are cut at the crate directory.
        assert!(!frame.contains("/work/"), "{frame}");
        assert!(!frame.contains("/home/"), "{frame}");
        assert!(!frame.contains(".cargo/registry"), "{frame}");
    }
    frames
}

#[inline(never)]
fn serialize_here(verbosity: Verbosity) -> Value {
    value(
        Kb::PathNotFound { path: "p".into() }
            .to_jsonrpc(1)
            .verbosity(verbosity),
    )
}

#[test]
fn verbose_stacks_are_sanitized_and_limited() {
    let full = serialize_here(Verbosity::Full);
    let frames = assert_sanitized(&full["error"]["data"]["stack"], None);
    if cfg!(debug_assertions) {
        // With debug info the innermost frames left are the callers in this file:
        // `value` (which called serde_json), then `serialize_here`.
        assert!(
            frames
                .first()
                .is_some_and(|f| f.starts_with("envelope_edge::value ")),
            "{frames:#?}"
        );
        assert!(
            frames
                .get(1)
                .is_some_and(|f| f.starts_with("envelope_edge::serialize_here ")),
            "{frames:#?}"
        );
        assert!(
            frames.iter().any(|f| f.contains("envelope_edge.rs:")),
            "{frames:#?}"
        );
    }
    let two = serialize_here(Verbosity::Frames(2));
    let limited = assert_sanitized(&two["error"]["data"]["stack"], Some(2));
    assert_eq!(limited[..], frames[..frames.len().min(2)]);
    let one = serialize_here(Verbosity::Frames(1));
    assert_sanitized(&one["error"]["data"]["stack"], Some(1));

    // Off, and Frames(0), leave no stack and no trace of one.
    for off in [Verbosity::Off, Verbosity::Frames(0)] {
        let text = Kb::PathNotFound { path: "p".into() }
            .to_jsonrpc(1)
            .verbosity(off)
            .to_json_string()
            .unwrap();
        assert!(!text.contains("stack"), "{text}");
    }
}

/// Serializes `envelope` from `depth` frames of recursion further down.
#[inline(never)]
fn serialize_deep(depth: usize, envelope: &dyn Fn() -> String) -> String {
    if depth == 0 {
        envelope()
    } else {
        std::hint::black_box(serialize_deep(depth - 1, envelope))
    }
}

/// A stack is charged to the reply budget like a field: `Full` on a deep stack (a recursive
/// parser, a deep async chain) sends what fits, marked `truncated`, not every frame.
#[test]
fn verbose_stacks_are_bounded_by_the_reply_budget() {
    let budget = ReplyBudget::bytes(2_000);
    let err = || Kb::PathNotFound { path: "p".into() };
    let object = serialize_deep(400, &|| {
        err()
            .to_jsonrpc(1)
            .verbosity(Verbosity::Full)
            .budget(budget)
            .to_json_string()
            .unwrap()
    });
    // Unbounded, 400 frames of `envelope_edge::serialize_deep (...)` are some 25 KB.
    assert!(object.len() < 3_000, "{} bytes", object.len());
    let object: Value = serde_json::from_str(&object).unwrap();
    assert_eq!(object["error"]["data"]["truncated"], true);
    assert!(!assert_sanitized(&object["error"]["data"]["stack"], None).is_empty());

    let lines = serialize_deep(400, &|| {
        err()
            .to_error_response()
            .verbosity(Verbosity::Full)
            .stack_as_string()
            .budget(budget)
            .to_json_string()
            .unwrap()
    });
    assert!(lines.len() < 3_000, "{} bytes", lines.len());
    let lines: Value = serde_json::from_str(&lines).unwrap();
    assert_eq!(lines["details"]["truncated"], true);
    // Whole lines only: each one a frame, the last with its location.
    let text = lines["details"]["stack"].as_str().unwrap();
    assert!(!text.contains("[truncated]"), "{text}");
    assert!(text.lines().count() > 1, "{text}");
    assert!(text.lines().all(|l| l.ends_with(')')), "{text}");
}

/// A field that spends the whole budget leaves no room for frames: the stack is then empty,
/// still an array (or a string), and the request's context, written before it, is kept.
#[test]
fn a_spent_budget_leaves_the_stack_empty_but_well_formed() {
    let err = || Kb::PathNotFound {
        path: "p".repeat(5_000),
    };
    let budget = ReplyBudget::bytes(200);
    let object = value(
        err()
            .to_jsonrpc(1)
            .verbosity(Verbosity::Frames(3))
            .budget(budget),
    );
    let data = &object["error"]["data"];
    assert_eq!(data["truncated"], true);
    assert_eq!(data["stack"], serde_json::json!([]), "{data}");

    // A small path leaves room: the context goes first, the frames take what is left.
    let context = serde_json::json!({"tool": "read"});
    let object = value(
        Kb::PathNotFound { path: "p".into() }
            .to_jsonrpc(1)
            .verbosity(Verbosity::Full)
            .budget(budget)
            .with_context(context.as_object().unwrap()),
    );
    let data = &object["error"]["data"];
    assert_eq!(data["context"], context, "{data}");
    assert!(data["stack"].is_array(), "{data}");

    let lines = value(
        err()
            .to_error_response()
            .verbosity(Verbosity::Frames(3))
            .stack_as_string()
            .budget(budget),
    );
    assert_eq!(lines["details"]["stack"], "", "{lines}");
}

#[test]
fn verbose_stacks_in_other_envelopes() {
    // The plain form keeps the stack: the only extra key it gets.
    let plain = value(
        Kb::SyncNotConfigured
            .to_error_object()
            .plain_data()
            .verbosity(Verbosity::Full),
    );
    let data = plain["data"].as_object().unwrap();
    assert_eq!(data.keys().collect::<Vec<_>>(), ["stack"]);
    assert_sanitized(&plain["data"]["stack"], None);

    // The categorized error model's shape puts it under `details`, which then exists even with no
    // fields.
    let response = value(
        Kb::SyncNotConfigured
            .to_jsonrpc_result(1)
            .verbosity(Verbosity::Frames(3)),
    );
    let details = response["result"]["error"]["details"].as_object().unwrap();
    assert_eq!(details.keys().collect::<Vec<_>>(), ["stack"]);
    assert_sanitized(&response["result"]["error"]["details"]["stack"], Some(3));

    // The tool result never carries one.
    let tool = Pw::Throttled {
        retry_after: Duration::from_secs(1),
        limit: 1,
    }
    .to_tool_result()
    .to_json_string()
    .unwrap();
    assert!(!tool.contains("stack"), "{tool}");
}

#[test]
fn captured_stacks_match_the_public_capture() {
    let frames = Verbosity::Full.capture_stack().expect("a stack");
    assert_sanitized(&json!(frames), None);
    assert_eq!(Verbosity::Off.capture_stack(), None);
    assert!(Verbosity::Frames(1).capture_stack().unwrap().len() <= 1);
}
