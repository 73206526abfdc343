//! The envelopes by value: the documented wire shapes and every JSON example of the reference
//! taxonomies, the options, trait objects and request ids.

mod envelope_support;

use std::borrow::Cow;
use std::time::Duration;

use envelope_support::{Kb, Orders, Proto, Pw, Py, Tools};
use mcp_errors_core::{
    McpError, McpErrorExt, ReadySentinel, RequestId, ToolErrorFormat, Verbosity,
};
use serde::Serialize;
use serde_json::{Value, json};

fn value<T: Serialize>(envelope: T) -> Value {
    serde_json::to_value(envelope).expect("envelope serializes")
}

fn nav() -> Pw {
    Pw::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED".into(),
    }
}

#[test]
fn jsonrpc_error_matches_spec_and_seed_000() {
    let wire = value(nav().to_jsonrpc(1).verbosity(Verbosity::Off));
    assert_eq!(
        wire,
        json!({"jsonrpc":"2.0","id":1,"error":{"code":2100,"message":"Navigation failed",
            "data":{"domain":"playwright","symbol":"E_PW_NAV","details":"net::ERR_NAME_NOT_RESOLVED","retryable":true}}})
    );
    // The `error` member alone is the same object.
    assert_eq!(
        value(nav().to_error_object().verbosity(Verbosity::Off)),
        wire["error"]
    );
}

#[test]
fn default_verbosity_follows_the_environment() {
    // The test runner does not set MCP_ERRORS_VERBOSE; when it is unset the default envelope
    // carries no stack (tests/envelope_env.rs covers the variable being set).
    if std::env::var_os(Verbosity::ENV_VAR).is_none() {
        assert_eq!(Verbosity::from_env(), Verbosity::Off);
        assert_eq!(
            value(nav().to_jsonrpc(1)),
            value(nav().to_jsonrpc(1).verbosity(Verbosity::Off))
        );
        assert!(
            value(nav().to_error_response())["details"]
                .get("stack")
                .is_none()
        );
    }
}

#[test]
fn tool_result_matches_spec() {
    assert_eq!(
        value(nav().to_tool_result().format(ToolErrorFormat::MINIMAL)),
        json!({"content":[{"type":"text","text":"E_PW_NAV: Navigation failed"}],"isError":true,
            "_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,"code":2100,"domain":"playwright"}})
    );
}

#[test]
fn tool_results_match_seed_002() {
    let cases = [
        (Tools::InvalidPort, "ValidationError", "INVALID_PORT", false),
        (
            Tools::WorkflowTimeout { seconds: 600 },
            "TimeoutError",
            "WORKFLOW_TIMEOUT",
            true,
        ),
        (Tools::GithubApi, "NetworkError", "GITHUB_API_ERROR", true),
    ];
    for (err, error_type, error_code, retryable) in cases {
        let result = value(err.to_tool_result().format(ToolErrorFormat::MINIMAL));
        assert_eq!(
            result,
            json!({"content":[{"type":"text","text":format!("{error_code}: {err}")}],"isError":true,
                "_meta":{"errorType":error_type,"errorCode":error_code,"retryable":retryable,
                         "code":err.code(),"domain":"commons"}})
        );
    }
    assert_eq!(
        value(
            Tools::WorkflowTimeout { seconds: 600 }
                .to_tool_result()
                .format(ToolErrorFormat::MINIMAL)
        )["content"][0]["text"],
        "WORKFLOW_TIMEOUT: Workflow run did not complete within 600 seconds"
    );
}

#[test]
fn domain_failure_matches_seed_001() {
    let err = Orders::Adapter {
        original_error: "ORDER_NOT_FOUND".into(),
    };
    assert_eq!(
        value(err.to_jsonrpc_result(1).verbosity(Verbosity::Off)),
        json!({ "jsonrpc": "2.0", "result": { "error": { "code": 4001, "message": "Adapter error",
            "retryable": false, "details": { "originalError": "ORDER_NOT_FOUND" } } }, "id": 1 })
    );
    assert_eq!(
        value(err.to_error_response().verbosity(Verbosity::Off)),
        json!({"code":4001,"message":"Adapter error","retryable":false,"details":{"originalError":"ORDER_NOT_FOUND"}})
    );
}

#[test]
fn error_response_maps_field_and_suggestion() {
    let err = Orders::Validation {
        field: "order.customer.email".into(),
    };
    assert_eq!(
        value(err.to_error_response().verbosity(Verbosity::Off)),
        json!({"code":2001,"message":"Parameters failed schema/format checks","retryable":false,
            "details":{"field":"order.customer.email","suggestion":"send a well-formed e-mail address"}})
    );
    // `reason` comes from the details field.
    assert_eq!(
        value(nav().to_error_response().verbosity(Verbosity::Off)),
        json!({"code":2100,"message":"Navigation failed","retryable":true,
            "details":{"reason":"net::ERR_NAME_NOT_RESOLVED"}})
    );
    // Nothing to say: no `details` at all.
    assert_eq!(
        value(
            Kb::SyncNotConfigured
                .to_error_response()
                .verbosity(Verbosity::Off)
        ),
        json!({"code":3001,"message":"Sync not enabled","retryable":false})
    );
    assert_eq!(
        value(
            Kb::SyncNotConfigured
                .to_error_response()
                .code_as_string()
                .verbosity(Verbosity::Off)
        ),
        json!({"code":"3001","message":"Sync not enabled","retryable":false})
    );
}

#[test]
fn protocol_failure_matches_seed_001() {
    let err = Proto::InvalidParams {
        field: "order.customer.email".into(),
    };
    assert_eq!(
        value(err.to_jsonrpc(1).plain_data().verbosity(Verbosity::Off)),
        json!({ "jsonrpc": "2.0", "error": { "code": -32602, "message": "Invalid params",
            "data": { "field": "order.customer.email" } }, "id": 1 })
    );
}

/// The string-coded knowledge base prints its examples as `{"error": {...}}`.
#[derive(Serialize)]
struct ErrorMember<T> {
    error: T,
}

fn seed_004<E: McpErrorExt + ?Sized>(err: &E) -> Value {
    value(ErrorMember {
        error: err
            .to_error_object()
            .code_as_string()
            .plain_data()
            .verbosity(Verbosity::Off),
    })
}

#[test]
fn examples_of_seed_004() {
    let cases: [(Kb, Value); 7] = [
        (
            Kb::PathNotFound {
                path: "games/invalid".into(),
            },
            json!({"error":{"code":"1001","message":"Path not found: games/invalid","data":{"path":"games/invalid"}}}),
        ),
        (
            Kb::DocumentNotFound {
                path: "games/Gloomhavn.pdf".into(),
                suggestions: vec![
                    "games/coop/Gloomhaven.pdf".into(),
                    "games/coop/Gloomhaven JOTL.pdf".into(),
                ],
            },
            json!({"error":{"code":"1002","message":"Document not found: games/Gloomhavn.pdf",
                "data":{"path":"games/Gloomhavn.pdf","suggestions":["games/coop/Gloomhaven.pdf","games/coop/Gloomhaven JOTL.pdf"]}}}),
        ),
        (
            Kb::SearchTimeout {
                query: "complex query with many terms".into(),
                timeout_seconds: 30,
            },
            json!({"error":{"code":"2001","message":"Search timed out after 30s",
                "data":{"query":"complex query with many terms","timeout_seconds":30}}}),
        ),
        (
            Kb::SearchEngine {
                details: "pdftotext: command not found".into(),
                stderr: "sh: pdftotext: command not found".into(),
            },
            json!({"error":{"code":"2002","message":"Search engine error: ugrep failed",
                "data":{"details":"pdftotext: command not found","stderr":"sh: pdftotext: command not found"}}}),
        ),
        (
            Kb::RcloneNotInstalled {
                install_url: "https://rclone.org/install/".into(),
            },
            json!({"error":{"code":"3003","message":"rclone is not installed",
                "data":{"install_url":"https://rclone.org/install/"}}}),
        ),
        (
            Kb::RemoteNotFound {
                remote: "dropbox".into(),
                available_remotes: vec!["gdrive".into(), "s3".into()],
            },
            json!({"error":{"code":"3002","message":"Remote not found: dropbox",
                "data":{"remote":"dropbox","available_remotes":["gdrive","s3"]}}}),
        ),
        (
            Kb::FileTooLarge {
                path: "huge_document.pdf".into(),
                size_mb: 150.5,
                max_mb: 100,
            },
            json!({"error":{"code":"4001","message":"File too large: 150.5MB (max: 100MB)",
                "data":{"path":"huge_document.pdf","size_mb":150.5,"max_mb":100}}}),
        ),
    ];
    for (err, expected) in &cases {
        assert_eq!(&seed_004(err), expected, "{err:?}");
        // The same through a trait object.
        let dyn_err: &dyn McpError = err;
        assert_eq!(&seed_004(dyn_err), expected, "{err:?} as dyn");
    }
    // A variant without data fields has no `data` in the plain form.
    assert_eq!(
        seed_004(&Kb::SyncNotConfigured),
        json!({"error":{"code":"3001","message":"Sync not enabled"}})
    );
}

#[test]
fn code_as_string_alone_keeps_full_data() {
    let wire = value(
        Kb::PathNotFound { path: "a".into() }
            .to_jsonrpc("r1")
            .code_as_string()
            .verbosity(Verbosity::Off),
    );
    assert_eq!(
        wire,
        json!({"jsonrpc":"2.0","id":"r1","error":{"code":"1001","message":"Path not found: a",
            "data":{"domain":"knowledge-base","symbol":"PATH_NOT_FOUND","retryable":false,"path":"a"}}})
    );
    // A negative code as a string.
    let proto = Proto::InvalidParams { field: "x".into() };
    assert_eq!(
        value(proto.to_error_object().code_as_string())["code"],
        "-32602"
    );
}

#[test]
fn retry_after_and_fields_in_every_envelope() {
    let err = Pw::Throttled {
        retry_after: Duration::from_millis(1500),
        limit: 3,
    };
    assert_eq!(
        value(err.to_error_object().verbosity(Verbosity::Off)),
        json!({"code":2102,"message":"Too many launches","data":{"domain":"playwright",
            "symbol":"E_PW_THROTTLED","retryable":true,"limit":3,"retryAfterMs":1500}})
    );
    // The plain form has the variant's fields only.
    assert_eq!(
        value(err.to_error_object().plain_data().verbosity(Verbosity::Off)),
        json!({"code":2102,"message":"Too many launches","data":{"limit":3}})
    );
    assert_eq!(
        value(err.to_tool_result().format(ToolErrorFormat::MINIMAL)),
        json!({"content":[{"type":"text","text":"E_PW_THROTTLED: Too many launches"}],"isError":true,
            "_meta":{"errorType":"RateLimitError","errorCode":"E_PW_THROTTLED","retryable":true,
                     "code":2102,"domain":"playwright","retryAfterMs":1500}})
    );
    // What a model reads by default: the help, and when to retry.
    assert_eq!(
        value(err.to_tool_result().format(ToolErrorFormat::MODEL)),
        json!({"content":[{"type":"text","text":"E_PW_THROTTLED: Too many launches\n\
            Help: wait, then launch fewer browsers\nRetryable: yes (retry after 1500 ms)"}],"isError":true,
            "_meta":{"errorType":"RateLimitError","errorCode":"E_PW_THROTTLED","retryable":true,
                     "code":2102,"domain":"playwright","retryAfterMs":1500,
                     "help":"wait, then launch fewer browsers","data":{"limit":3}}})
    );
    assert_eq!(
        value(err.to_error_response().verbosity(Verbosity::Off)),
        json!({"code":2102,"message":"Too many launches","retryable":true,
            "details":{"limit":3,"suggestion":"wait, then launch fewer browsers","retryAfterMs":1500}})
    );
}

#[test]
fn retry_after_is_whole_milliseconds_rounded_up_and_saturates() {
    let ms = |retry_after| {
        value(
            Pw::Throttled {
                retry_after,
                limit: 1,
            }
            .to_error_object()
            .verbosity(Verbosity::Off),
        )["data"]["retryAfterMs"]
            .clone()
    };
    // The retry contract: rounded up, so a client never retries too early.
    assert_eq!(ms(Duration::from_micros(2999)), json!(3));
    assert_eq!(ms(Duration::from_millis(3)), json!(3));
    assert_eq!(ms(Duration::ZERO), json!(0));
    assert_eq!(ms(Duration::MAX), json!(u64::MAX));
}

#[test]
fn skip_fields_never_reach_the_wire() {
    let err = Pw::Launch {
        reason: "no display".into(),
        api_key: "sk-secret-123".into(),
    };
    let texts = [
        err.to_error_object().to_json_string().unwrap(),
        err.to_error_object().plain_data().to_json_string().unwrap(),
        err.to_jsonrpc(1).to_json_string().unwrap(),
        err.to_tool_result().to_json_string().unwrap(),
        err.to_error_response().to_json_string().unwrap(),
        err.to_jsonrpc_result(1).to_json_string().unwrap(),
    ];
    for text in &texts {
        assert!(!text.contains("sk-secret"), "{text}");
        assert!(!text.contains("api_key"), "{text}");
    }
    assert_eq!(
        value(err.to_error_object().verbosity(Verbosity::Off)),
        json!({"code":2101,"message":"Browser launch failed: no display","data":{"domain":"playwright",
            "symbol":"E_PW_LAUNCH","retryable":false,"reason":"no display"}})
    );
}

#[test]
fn transparent_variants_report_the_outer_domain() {
    let err = Py::Common(envelope_support::Common::InputTooLarge {
        len: 5000,
        max: 4096,
    });
    assert_eq!(
        value(err.to_jsonrpc(9).verbosity(Verbosity::Off)),
        json!({"jsonrpc":"2.0","id":9,"error":{"code":1005,"message":"Input too large",
            "data":{"domain":"python","symbol":"E_INPUT_TOO_LARGE","retryable":false,"len":5000,"max":4096}}})
    );
    assert_eq!(value(err.to_tool_result())["_meta"]["domain"], "python");
    assert_eq!(
        value(err.to_error_object().plain_data().verbosity(Verbosity::Off))["data"],
        json!({"len":5000,"max":4096})
    );
}

/// Every envelope of `err`, in one value, with the stack switched off.
fn all_envelopes<E: McpErrorExt + ?Sized>(err: &E) -> Value {
    json!([
        value(err.to_error_object().verbosity(Verbosity::Off)),
        value(
            err.to_error_object()
                .plain_data()
                .code_as_string()
                .verbosity(Verbosity::Off)
        ),
        value(err.to_jsonrpc(1).verbosity(Verbosity::Off)),
        value(err.to_jsonrpc("a").plain_data().verbosity(Verbosity::Off)),
        value(err.to_tool_result()),
        value(err.to_error_response().verbosity(Verbosity::Off)),
        value(
            err.to_jsonrpc_result(RequestId::Null)
                .code_as_string()
                .verbosity(Verbosity::Off)
        ),
    ])
}

#[test]
fn trait_objects_serialize_like_concrete_errors() {
    let errors: Vec<Box<dyn McpError + Send + Sync>> = vec![
        Box::new(nav()),
        Box::new(Pw::Throttled {
            retry_after: Duration::from_secs(2),
            limit: 7,
        }),
        Box::new(Pw::Weird {
            text: "a\"b\nc\u{e9}".into(),
            note: "\u{1F600}".into(),
        }),
        Box::new(Kb::DocumentNotFound {
            path: "p".into(),
            suggestions: vec!["q".into()],
        }),
        Box::new(Kb::FileTooLarge {
            path: "f".into(),
            size_mb: 0.1,
            max_mb: 1,
        }),
        Box::new(Orders::Adapter {
            original_error: "X".into(),
        }),
        Box::new(Py::Common(envelope_support::Common::InputTooLarge {
            len: 1,
            max: 0,
        })),
        Box::new(Kb::SyncNotConfigured),
    ];
    let concrete = [
        all_envelopes(&nav()),
        all_envelopes(&Pw::Throttled {
            retry_after: Duration::from_secs(2),
            limit: 7,
        }),
        all_envelopes(&Pw::Weird {
            text: "a\"b\nc\u{e9}".into(),
            note: "\u{1F600}".into(),
        }),
        all_envelopes(&Kb::DocumentNotFound {
            path: "p".into(),
            suggestions: vec!["q".into()],
        }),
        all_envelopes(&Kb::FileTooLarge {
            path: "f".into(),
            size_mb: 0.1,
            max_mb: 1,
        }),
        all_envelopes(&Orders::Adapter {
            original_error: "X".into(),
        }),
        all_envelopes(&Py::Common(envelope_support::Common::InputTooLarge {
            len: 1,
            max: 0,
        })),
        all_envelopes(&Kb::SyncNotConfigured),
    ];
    for (boxed, expected) in errors.iter().zip(&concrete) {
        // Box<dyn McpError + Send + Sync>, through auto-deref.
        assert_eq!(&all_envelopes(&**boxed), expected);
        assert_eq!(
            &value(boxed.to_jsonrpc(1).verbosity(Verbosity::Off)),
            &expected[2]
        );
        // &dyn McpError.
        let by_ref: &dyn McpError = &**boxed;
        assert_eq!(&value(by_ref.to_tool_result()), &expected[4]);
        assert_eq!(&all_envelopes(by_ref), expected);
        // &(dyn McpError + Send).
        let by_send: &(dyn McpError + Send) = &**boxed;
        assert_eq!(&all_envelopes(by_send), expected);
    }
    // A Box without Send + Sync works the same.
    let plain: Box<dyn McpError> = Box::new(nav());
    assert_eq!(all_envelopes(&*plain), concrete[0]);
    assert_eq!(
        value(plain.to_error_response().verbosity(Verbosity::Off)),
        concrete[0][5]
    );
}

#[test]
fn request_ids_of_every_kind() {
    let id = |wire: Value| wire["id"].clone();
    let err = nav();
    assert_eq!(id(value(err.to_jsonrpc(1))), json!(1));
    assert_eq!(id(value(err.to_jsonrpc(-7_i64))), json!(-7));
    assert_eq!(id(value(err.to_jsonrpc(i64::MAX))), json!(i64::MAX));
    assert_eq!(id(value(err.to_jsonrpc(u32::MAX))), json!(u32::MAX));
    assert_eq!(id(value(err.to_jsonrpc(7_u8))), json!(7));
    assert_eq!(id(value(err.to_jsonrpc("abc"))), json!("abc"));
    let owned = String::from("req-\"1\"\n");
    assert_eq!(id(value(err.to_jsonrpc(&owned))), json!("req-\"1\"\n"));
    assert_eq!(id(value(err.to_jsonrpc(owned.clone()))), json!(owned));
    assert_eq!(id(value(err.to_jsonrpc(Cow::Borrowed("c")))), json!("c"));
    assert_eq!(id(value(err.to_jsonrpc(RequestId::Null))), Value::Null);
    assert_eq!(id(value(err.to_jsonrpc(None::<i64>))), Value::Null);
    assert_eq!(id(value(err.to_jsonrpc(Some("s")))), json!("s"));
    let kept = RequestId::from("kept");
    assert_eq!(id(value(err.to_jsonrpc(&kept))), json!("kept"));
    assert_eq!(id(value(err.to_jsonrpc_result(&kept))), json!("kept"));
    assert_eq!(id(value(err.to_jsonrpc_result(2))), json!(2));

    // Ids read from requests.
    for raw in [json!(5), json!(-5), json!("x"), Value::Null] {
        let from_json = RequestId::from_json(&raw).unwrap();
        assert_eq!(value(&from_json), raw);
        let parsed: RequestId<'static> = serde_json::from_value(raw.clone()).unwrap();
        assert_eq!(parsed, from_json.into_owned());
    }
    for bad in [
        json!(1.5),
        json!(true),
        json!([1]),
        json!({"id":1}),
        json!(u64::MAX),
    ] {
        assert_eq!(RequestId::from_json(&bad), None, "{bad}");
        assert!(serde_json::from_value::<RequestId<'static>>(bad).is_err());
    }
}

#[test]
fn helpers_agree_with_serde_json() {
    let err = Kb::DocumentNotFound {
        path: "p".into(),
        suggestions: vec!["a".into(), "b".into()],
    };
    let view = err.to_jsonrpc(3).verbosity(Verbosity::Off);
    let text = view.to_json_string().unwrap();
    assert_eq!(text.as_bytes(), view.to_json_vec().unwrap());
    assert_eq!(text, serde_json::to_string(&view).unwrap());
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap(),
        view.to_json_value().unwrap()
    );
    let mut buf = Vec::new();
    view.write_json(&mut buf).unwrap();
    assert_eq!(buf, text.as_bytes());
    buf.clear();
    view.write_json_line(&mut buf).unwrap();
    assert_eq!(buf, format!("{text}\n").into_bytes());
    // Views are cheap to copy and clone, and debug-print without serializing.
    let object = err.to_error_object();
    let copy = object;
    assert_eq!(value(object), value(copy));
    assert_eq!(value(view.clone()), value(&view));
    let debug = format!("{view:?}");
    assert!(debug.starts_with("JsonRpcErrorView"), "{debug}");
    assert!(debug.contains("DocumentNotFound"), "{debug}");
}

#[test]
fn the_result_envelope_is_a_jsonrpc_success() {
    let wire = value(nav().to_jsonrpc_result("q").verbosity(Verbosity::Off));
    let keys: Vec<&String> = wire.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 3);
    assert!(wire.get("error").is_none());
    assert_eq!(
        wire["result"]["error"],
        value(nav().to_error_response().verbosity(Verbosity::Off))
    );
}

#[test]
fn ready_sentinel_of_seed_000() {
    assert_eq!(
        value(ReadySentinel::CURRENT),
        json!({"type":"ready","schema":{"errorCodes":1}})
    );
    assert_eq!(ReadySentinel::default(), ReadySentinel::CURRENT);
    assert_eq!(
        value(ReadySentinel { error_codes: 2 }),
        json!({"type":"ready","schema":{"errorCodes":2}})
    );
    let mut line = Vec::new();
    ReadySentinel::CURRENT.write_line(&mut line).unwrap();
    let text = String::from_utf8(line).unwrap();
    assert!(text.ends_with('\n') && text.matches('\n').count() == 1);
    assert_eq!(
        serde_json::from_str::<Value>(text.trim_end()).unwrap(),
        json!({"type":"ready","schema":{"errorCodes":1}})
    );
}

#[test]
fn empty_members_are_left_out() {
    let none = Pw::Maybe { hint: None };
    let some = Pw::Maybe {
        hint: Some("h".into()),
    };
    let by_dyn: &dyn McpError = &none;
    for err in [&none as &dyn McpError, by_dyn] {
        assert_eq!(
            value(err.to_error_object().plain_data().verbosity(Verbosity::Off)),
            json!({"code":2107,"message":"Maybe"})
        );
        assert_eq!(
            value(err.to_error_response().verbosity(Verbosity::Off)),
            json!({"code":2107,"message":"Maybe","retryable":false})
        );
        // The full form always has `data`.
        assert_eq!(
            value(err.to_error_object().verbosity(Verbosity::Off))["data"],
            json!({"domain":"playwright","symbol":"E_PW_MAYBE","retryable":false})
        );
    }
    assert_eq!(
        value(
            some.to_error_object()
                .plain_data()
                .verbosity(Verbosity::Off)
        ),
        json!({"code":2107,"message":"Maybe","data":{"hint":"h"}})
    );
    assert_eq!(
        value(some.to_error_response().verbosity(Verbosity::Off)),
        json!({"code":2107,"message":"Maybe","retryable":false,"details":{"hint":"h"}})
    );
    assert_eq!(
        value(
            none.to_error_object()
                .plain_data()
                .verbosity(Verbosity::Off)
        ),
        value(
            (&none as &dyn McpError)
                .to_error_object()
                .plain_data()
                .verbosity(Verbosity::Off)
        )
    );
}

#[cfg(feature = "client")]
#[test]
fn error_objects_parse_back_into_error_object() {
    use mcp_errors_core::ErrorObject;

    let err = Kb::DocumentNotFound {
        path: "p".into(),
        suggestions: vec!["s".into()],
    };
    let full = err.to_error_object().verbosity(Verbosity::Off);
    let parsed = ErrorObject::from_json(&full.to_json_string().unwrap()).unwrap();
    assert_eq!(parsed.code, 1002);
    assert_eq!(parsed.message, "Document not found: p");
    assert_eq!(parsed.symbol(), Some("DOCUMENT_NOT_FOUND"));
    assert_eq!(parsed.domain(), Some("knowledge-base"));
    assert_eq!(serde_json::to_value(&parsed).unwrap(), value(full));

    // The knowledge base's dialect parses too: the string code becomes a number again.
    let plain = err
        .to_error_object()
        .code_as_string()
        .plain_data()
        .verbosity(Verbosity::Off);
    let parsed = ErrorObject::from_json(&plain.to_json_string().unwrap()).unwrap();
    assert_eq!(parsed.code, 1002);
    assert_eq!(parsed.symbol(), None);
    assert_eq!(parsed.data, Some(json!({"path":"p","suggestions":["s"]})));
}
