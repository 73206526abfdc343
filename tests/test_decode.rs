//! `#[mcp(decode)]`: `from_error_object` round trips, aliases, transparent decoding and
//! hostile input, which must come back as `Err`, never a panic.

mod derive_support;

use std::time::Duration;

use derive_support::data_of;
use mcp_errors::{
    CommonError, DecodeError, ErrorObject, McpError, McpErrorExt, ProtocolError, Verbosity,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Suggestion {
    path: String,
    score: f32,
}

#[derive(Debug, McpError)]
#[mcp(domain = "knowledge-base", range = 1100..=1199, symbol_prefix = "E_KB_", decode, data_fields)]
enum KbError {
    /// Path not found: {path}
    #[mcp(code = 1101, kind = "not_found", alias = "PATH_NOT_FOUND")]
    PathNotFound { path: String },
    /// Document not found
    #[mcp(code = 1102, kind = "not_found")]
    DocumentNotFound {
        path: String,
        suggestions: Vec<Suggestion>,
        #[mcp(rename = "supportedFormats")]
        formats: Option<Vec<String>>,
    },
    /// Backend failed
    #[mcp(code = 1103)]
    Backend {
        #[mcp(details)]
        reason: String,
        #[mcp(skip)]
        token: String,
        #[mcp(source)]
        cause: Option<std::io::Error>,
        #[mcp(retryable)]
        transient: Option<bool>,
        #[mcp(retry_after)]
        wait_secs: Option<u64>,
    },
    /// Unit
    #[mcp(code = 1104)]
    Unit,
    /// Tuple {0}
    #[mcp(code = 1105)]
    Tuple(u16, #[mcp(skip)] u8),
    #[mcp(transparent)]
    Common(CommonError),
}

/// The wire form that the envelopes build, reproduced here from the traits alone.
fn wire<E: McpError>(err: &E) -> ErrorObject {
    let mut data = data_of(err);
    let map = data.as_object_mut().unwrap();
    map.insert("domain".into(), err.domain().into());
    map.insert("symbol".into(), err.symbol().into());
    map.insert("retryable".into(), err.retryable().into());
    ErrorObject {
        code: err.code(),
        message: err.to_string(),
        data: Some(data),
    }
}

fn obj(code: i32, data: Option<Value>) -> ErrorObject {
    ErrorObject {
        code,
        message: "m".into(),
        data,
    }
}

/// A variant with a nested, a renamed and an optional field.
fn document_not_found() -> KbError {
    KbError::DocumentNotFound {
        path: "games/Gloomhavn.pdf".into(),
        suggestions: vec![Suggestion {
            path: "games/Gloomhaven.pdf".into(),
            score: 0.9,
        }],
        formats: Some(vec!["pdf".into()]),
    }
}

#[test]
fn round_trips_through_the_wire_form() {
    let e = document_not_found();
    let back = KbError::from_error_object(&wire(&e)).unwrap();
    let KbError::DocumentNotFound {
        path,
        suggestions,
        formats,
    } = back
    else {
        panic!("wrong variant: {back:?}")
    };
    assert_eq!(path, "games/Gloomhavn.pdf");
    assert_eq!(suggestions[0].path, "games/Gloomhaven.pdf");
    assert_eq!(formats.as_deref(), Some(&["pdf".to_owned()][..]));

    let e = KbError::Backend {
        reason: "db down".into(),
        token: "secret".into(),
        cause: Some(std::io::Error::other("x")),
        transient: Some(true),
        wait_secs: Some(5),
    };
    let back = KbError::from_error_object(&wire(&e)).unwrap();
    let KbError::Backend {
        reason,
        token,
        cause,
        transient,
        wait_secs,
    } = &back
    else {
        panic!("wrong variant")
    };
    assert_eq!(reason, "db down", "details come back from data.details");
    assert_eq!(token, "", "skip fields take Default");
    assert!(cause.is_none(), "source fields take Default");
    assert_eq!(
        *transient,
        Some(true),
        "retryable field from data.retryable"
    );
    assert_eq!(*wait_secs, Some(5));
    assert_eq!(back.retry_after(), Some(Duration::from_secs(5)));

    let back = KbError::from_error_object(&wire(&KbError::Tuple(9, 1))).unwrap();
    assert!(matches!(back, KbError::Tuple(9, 0)));
    assert!(matches!(
        KbError::from_error_object(&wire(&KbError::Unit)).unwrap(),
        KbError::Unit
    ));
}

/// The tool result the envelope writes for `err`, read back as the `error` member it stands for.
fn through_tool_result<E: McpError>(err: &E) -> ErrorObject {
    let result = err.to_tool_result().to_json_value().unwrap();
    ErrorObject::from_tool_result(&result).expect("an mcp-errors tool error")
}

#[test]
fn tool_errors_decode_like_json_rpc_errors() {
    let e = document_not_found();
    let object = through_tool_result(&e);
    assert_eq!(object.code, 1102);
    assert_eq!(object.message, "Document not found");
    assert_eq!(object.symbol(), Some("E_KB_DOCUMENT_NOT_FOUND"));
    assert_eq!(object.domain(), Some("knowledge-base"));
    let back = KbError::from_error_object(&object).unwrap();
    assert!(
        matches!(&back, KbError::DocumentNotFound { path, suggestions, formats }
            if path == "games/Gloomhavn.pdf" && suggestions[0].path == "games/Gloomhaven.pdf"
                && formats.as_deref() == Some(&["pdf".to_owned()][..])),
        "{back:?}"
    );

    // details, the retryable flag and the delay come back from `_meta`; the secret never left.
    let e = KbError::Backend {
        reason: "db down".into(),
        token: "secret".into(),
        cause: None,
        transient: Some(true),
        wait_secs: Some(5),
    };
    let result = e.to_tool_result().to_json_value().unwrap();
    assert!(!result.to_string().contains("secret"));
    let object = ErrorObject::from_tool_result(&result).unwrap();
    assert_eq!(object.message, "Backend failed");
    assert!(object.is_retryable());
    assert_eq!(object.retry_after(), Some(Duration::from_secs(5)));
    let back = KbError::from_error_object(&object).unwrap();
    assert!(
        matches!(&back, KbError::Backend { reason, token, transient: Some(true), wait_secs: Some(5), .. }
            if reason == "db down" && token.is_empty()),
        "{back:?}"
    );

    // The delay is `_meta`'s: a `(retry after N ms)` in the text (here in user-controlled
    // text) makes nothing retryable, and one that ends the message's line is cut from it.
    let mut result = KbError::Unit.to_tool_result().to_json_value().unwrap();
    result["content"][0]["text"] =
        "E_KB_UNIT: Unit (retry after 250 ms)\nDetails: said (retry after 1 ms)".into();
    let object = ErrorObject::from_tool_result(&result).unwrap();
    assert_eq!(object.message, "Unit");
    assert_eq!(object.retry_after(), None);
    assert!(!object.is_retryable());

    // A `structuredContent.error` is the JSON-RPC object itself.
    let e = KbError::PathNotFound { path: "a/b".into() };
    let result = e
        .to_tool_result()
        .structured_content()
        .to_json_value()
        .unwrap();
    let object = ErrorObject::from_tool_result(&result).unwrap();
    assert_eq!(object, wire(&e));

    // A code as a string of digits, as `ErrorObject`'s `Deserialize` takes it.
    let mut result = KbError::Unit.to_tool_result().to_json_value().unwrap();
    result["_meta"]["code"] = "1104".into();
    assert_eq!(ErrorObject::from_tool_result(&result).unwrap().code, 1104);

    // Not an mcp-errors tool error: no error at all, no `_meta`, a `_meta` without a code.
    for other in [
        json!({"content": [{"type": "text", "text": "ok"}]}),
        json!({"content": [{"type": "text", "text": "ok"}], "isError": false, "_meta": {"code": 1}}),
        json!({"content": [{"type": "text", "text": "boom"}], "isError": true}),
        json!({"content": [], "isError": true, "_meta": {"errorCode": "E_X"}}),
        json!({"content": [], "isError": true, "_meta": {"code": 1e10}}),
        json!({"content": [], "isError": true, "_meta": {"code": 99_999_999_999_i64}}),
        json!("isError"),
        Value::Null,
    ] {
        assert_eq!(ErrorObject::from_tool_result(&other), None, "{other}");
    }
}

#[test]
fn picks_by_code_symbol_or_alias() {
    let by_code = obj(1101, Some(json!({"path": "a"})));
    assert!(
        matches!(KbError::from_error_object(&by_code), Ok(KbError::PathNotFound { path }) if path == "a")
    );
    let by_alias = obj(1101, Some(json!({"path": "b", "symbol": "PATH_NOT_FOUND"})));
    assert!(matches!(
        KbError::from_error_object(&by_alias),
        Ok(KbError::PathNotFound { .. })
    ));
    // The string-coded knowledge base sends codes as strings.
    let text = r#"{"code":"1104","message":"Unit","data":{"symbol":"E_KB_UNIT","domain":"knowledge-base"}}"#;
    let o = ErrorObject::from_json(text).unwrap();
    assert!(matches!(KbError::from_error_object(&o), Ok(KbError::Unit)));
    // A unit variant needs no data at all.
    assert!(matches!(
        KbError::from_error_object(&obj(1104, None)),
        Ok(KbError::Unit)
    ));
    assert!(matches!(
        KbError::from_error_object(&obj(1104, Some(Value::Null))),
        Ok(KbError::Unit)
    ));
}

#[test]
fn transparent_variants_decode_through_the_inner_type() {
    let e = KbError::Common(CommonError::SessionNotFound {
        details: Some("s-1".into()),
    });
    let o = wire(&e);
    assert_eq!(o.data.as_ref().unwrap()["domain"], "knowledge-base");
    let back = KbError::from_error_object(&o).unwrap();
    assert!(matches!(
        back,
        KbError::Common(CommonError::SessionNotFound { details: Some(ref d) }) if d == "s-1"
    ));
    // By code alone too.
    let back = KbError::from_error_object(&obj(1006, None)).unwrap();
    assert!(matches!(
        back,
        KbError::Common(CommonError::Unsupported { details: None })
    ));
    // Inner errors other than "unknown" are reported as they are.
    let bad = obj(1000, Some(json!({"details": 5})));
    assert!(matches!(
        KbError::from_error_object(&bad),
        Err(DecodeError::InvalidField {
            symbol: "E_INVALID_PARAMS",
            field: "details",
            ..
        })
    ));
}

#[test]
fn facade_enums_decode() {
    let o = ErrorObject::from_json(
        r#"{"code":-32602,"message":"Invalid params","data":{"field":"order.customer.email"}}"#,
    )
    .unwrap();
    assert_eq!(
        ProtocolError::from_error_object(&o).unwrap(),
        ProtocolError::InvalidParams {
            field: Some("order.customer.email".into()),
            details: None,
            uri: None
        }
    );
    let o = ErrorObject::from_json(
        r#"{"code":-32002,"message":"Resource not found","data":{"uri":"file:///nonexistent.txt"}}"#,
    )
    .unwrap();
    assert_eq!(
        ProtocolError::from_error_object(&o).unwrap(),
        ProtocolError::ResourceNotFound {
            uri: Some("file:///nonexistent.txt".into())
        }
    );
    let e = CommonError::Timeout {
        details: Some("nav".into()),
    };
    assert_eq!(CommonError::from_error_object(&wire(&e)).unwrap(), e);
}

#[test]
fn unknown_codes_and_symbols() {
    assert_eq!(
        KbError::from_error_object(&obj(4242, None)).unwrap_err(),
        DecodeError::UnknownCode {
            target: "KbError",
            code: 4242
        }
    );
    assert_eq!(
        KbError::from_error_object(&obj(1101, Some(json!({"symbol": "E_WHO"})))).unwrap_err(),
        DecodeError::UnknownSymbol {
            target: "KbError",
            symbol: "E_WHO".into()
        }
    );
    // Symbol and code disagree.
    assert_eq!(
        KbError::from_error_object(&obj(1104, Some(json!({"symbol": "E_KB_PATH_NOT_FOUND"}))))
            .unwrap_err(),
        DecodeError::SymbolMismatch {
            code: 1104,
            symbol: "E_KB_PATH_NOT_FOUND".into(),
            expected: "E_KB_UNIT"
        }
    );
    // ... also across the transparent boundary.
    assert_eq!(
        KbError::from_error_object(&obj(1104, Some(json!({"symbol": "E_TIMEOUT"})))).unwrap_err(),
        DecodeError::SymbolMismatch {
            code: 1104,
            symbol: "E_TIMEOUT".into(),
            expected: "E_KB_UNIT"
        }
    );
    assert!(matches!(
        KbError::from_error_object(&obj(1001, Some(json!({"symbol": "E_KB_UNIT"})))),
        Err(DecodeError::SymbolMismatch {
            expected: "E_TIMEOUT",
            ..
        })
    ));
}

#[test]
fn malformed_data_is_an_error() {
    type Check = fn(&DecodeError) -> bool;
    let cases: Vec<(ErrorObject, Check)> = vec![
        (obj(1101, None), |e| {
            *e == DecodeError::MissingField {
                symbol: "E_KB_PATH_NOT_FOUND",
                field: "path",
            }
        }),
        (obj(1101, Some(json!({}))), |e| {
            matches!(e, DecodeError::MissingField { field: "path", .. })
        }),
        (obj(1101, Some(json!({"path": 5}))), |e| {
            matches!(e, DecodeError::InvalidField { field: "path", .. })
        }),
        (obj(1101, Some(json!({"path": null}))), |e| {
            matches!(e, DecodeError::InvalidField { field: "path", .. })
        }),
        (obj(1101, Some(json!("a string"))), |e| {
            matches!(e, DecodeError::InvalidData { .. })
        }),
        (obj(1101, Some(json!([1, 2]))), |e| {
            matches!(e, DecodeError::InvalidData { .. })
        }),
        (obj(1104, Some(json!(true))), |e| {
            matches!(e, DecodeError::InvalidData { .. })
        }),
        (obj(1101, Some(json!({"symbol": ["x"]}))), |e| {
            matches!(e, DecodeError::InvalidData { .. })
        }),
        (obj(1105, Some(json!({"0": 70000}))), |e| {
            matches!(e, DecodeError::InvalidField { field: "0", .. })
        }),
        (obj(1105, Some(json!({"0": -1}))), |e| {
            matches!(e, DecodeError::InvalidField { .. })
        }),
        (
            obj(
                1102,
                Some(json!({"path": "p", "suggestions": [{"path": 1}]})),
            ),
            |e| {
                matches!(
                    e,
                    DecodeError::InvalidField {
                        field: "suggestions",
                        ..
                    }
                )
            },
        ),
        (
            obj(1102, Some(json!({"path": "p", "suggestions": {}}))),
            |e| {
                matches!(
                    e,
                    DecodeError::InvalidField {
                        field: "suggestions",
                        ..
                    }
                )
            },
        ),
        (
            obj(1103, Some(json!({"details": "r", "retryable": "yes"}))),
            |e| {
                matches!(
                    e,
                    DecodeError::InvalidField {
                        field: "retryable",
                        ..
                    }
                )
            },
        ),
        (
            obj(1103, Some(json!({"details": "r", "wait_secs": -3}))),
            |e| {
                matches!(
                    e,
                    DecodeError::InvalidField {
                        field: "wait_secs",
                        ..
                    }
                )
            },
        ),
    ];
    for (o, check) in cases {
        let err = KbError::from_error_object(&o).unwrap_err();
        assert!(check(&err), "{o:?} gave {err:?}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn deep_and_huge_data_do_not_panic() {
    // As deep as serde_json's parser lets through, in a field of type `Value` would be
    // accepted; deeper values built in memory are rejected up front.
    let mut deep = json!(1);
    for _ in 0..200 {
        deep = json!([deep]);
    }
    let o = obj(1102, Some(json!({"path": "p", "suggestions": deep})));
    assert!(matches!(
        KbError::from_error_object(&o),
        Err(DecodeError::InvalidData { .. })
    ));
    // Deep JSON text fails in the parser, as an error.
    let text = format!(
        r#"{{"code":1102,"message":"m","data":{{"path":{}1{}}}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(matches!(
        ErrorObject::from_json(&text),
        Err(DecodeError::InvalidJson { .. })
    ));

    // Huge but flat: decoded or rejected by type, never a panic.
    let big = "x".repeat(4 << 20);
    let o = obj(1101, Some(json!({"path": big})));
    let KbError::PathNotFound { path } = KbError::from_error_object(&o).unwrap() else {
        panic!()
    };
    assert_eq!(path.len(), 4 << 20);
    let many: Vec<Value> = (0..200_000)
        .map(|i| json!({"path": i.to_string(), "score": 0.5}))
        .collect();
    let o = obj(1102, Some(json!({"path": "p", "suggestions": many})));
    let Ok(KbError::DocumentNotFound { suggestions, .. }) = KbError::from_error_object(&o) else {
        panic!()
    };
    assert_eq!(suggestions.len(), 200_000);
    let o = obj(
        1101,
        Some(json!({"path": (0..100_000).collect::<Vec<_>>()})),
    );
    assert!(matches!(
        KbError::from_error_object(&o),
        Err(DecodeError::InvalidField { .. })
    ));
    // Extreme codes.
    for code in [i32::MIN, -32768, -1, 0, i32::MAX] {
        assert!(KbError::from_error_object(&obj(code, None)).is_err());
    }
}

/// `retry_after` fields of every supported shape, and per-value `retryable` flags.
#[derive(Debug, PartialEq, McpError)]
#[mcp(domain = "throttle", range = 1200..=1299, symbol_prefix = "E_TH_", decode, data_fields)]
enum Throttle {
    /// Skipped duration
    #[mcp(code = 1201, retryable, kind = "rate_limit")]
    SkipDuration {
        #[mcp(retry_after, skip)]
        wait: Duration,
    },
    /// Skipped optional seconds
    #[mcp(code = 1202, retryable)]
    SkipSecs {
        #[mcp(retry_after, skip)]
        wait: Option<u32>,
    },
    /// Serialized seconds
    #[mcp(code = 1203, retryable)]
    Secs {
        #[mcp(retry_after)]
        wait: u64,
    },
    /// Serialized optional duration
    #[mcp(code = 1204)]
    Dur {
        #[mcp(retry_after, rename = "waitFor")]
        wait: Option<Duration>,
    },
    /// Skipped small signed seconds
    #[mcp(code = 1205)]
    Signed {
        #[mcp(retry_after, skip)]
        wait: i8,
    },
    /// Skipped fractional seconds
    #[mcp(code = 1206)]
    Float {
        #[mcp(retry_after, skip)]
        wait: f64,
    },
    /// Retryable per value, by default yes
    #[mcp(code = 1207, retryable)]
    FlagOn {
        #[mcp(retryable)]
        retry: bool,
        n: u8,
    },
    /// Retryable per value, by default no
    #[mcp(code = 1208)]
    FlagOff {
        #[mcp(retryable)]
        retry: bool,
    },
    /// Retryable per value, optional
    #[mcp(code = 1209)]
    FlagMaybe {
        #[mcp(retryable)]
        retry: Option<bool>,
    },
}

/// The envelope as `to_error_object` writes it, received back as an `ErrorObject`.
fn envelope<E: McpError>(err: &E, plain: bool) -> ErrorObject {
    let view = err.to_error_object().verbosity(Verbosity::Off);
    let view = if plain { view.plain_data() } else { view };
    serde_json::from_value(view.to_json_value().unwrap()).unwrap()
}

fn throttle(data: Value) -> Result<Throttle, DecodeError> {
    let code = match data["symbol"].as_str() {
        Some("E_TH_SECS") => 1203,
        Some("E_TH_DUR") => 1204,
        Some("E_TH_SIGNED") => 1205,
        Some("E_TH_FLOAT") => 1206,
        Some("E_TH_SKIP_SECS") => 1202,
        _ => 1201,
    };
    Throttle::from_error_object(&obj(code, Some(data)))
}

#[test]
fn retry_after_round_trips_through_data_retry_after_ms() {
    let samples = [
        Throttle::SkipDuration {
            wait: Duration::from_millis(1_500),
        },
        Throttle::SkipSecs { wait: Some(7) },
        Throttle::SkipSecs { wait: None },
        Throttle::Secs { wait: 3 },
        Throttle::Secs { wait: u64::MAX },
        Throttle::Dur {
            wait: Some(Duration::new(2, 345_678)),
        },
        Throttle::Dur { wait: None },
        Throttle::Signed { wait: 42 },
        Throttle::Float { wait: 0.25 },
    ];
    for sample in samples {
        let wire = envelope(&sample, false);
        let back = Throttle::from_error_object(&wire).unwrap();
        assert_eq!(back, sample, "{wire:?}");
        assert_eq!(back.retry_after(), sample.retry_after());
        // Re-encoding keeps the server's delay.
        assert_eq!(envelope(&back, false), wire);
    }
}

#[test]
fn retry_after_ms_converts_into_the_field_type() {
    let ok = |data: Value| throttle(data).unwrap();
    // Integer seconds round up; durations keep the milliseconds.
    assert_eq!(
        ok(json!({"symbol": "E_TH_SKIP_SECS", "retryAfterMs": 1_001})),
        Throttle::SkipSecs { wait: Some(2) }
    );
    assert_eq!(
        ok(json!({"symbol": "E_TH_SKIP_SECS", "retryAfterMs": 0})),
        Throttle::SkipSecs { wait: Some(0) }
    );
    assert_eq!(
        ok(json!({"retryAfterMs": 1_001})),
        Throttle::SkipDuration {
            wait: Duration::from_millis(1_001)
        }
    );
    assert_eq!(
        ok(json!({"symbol": "E_TH_FLOAT", "retryAfterMs": 1_500})),
        Throttle::Float { wait: 1.5 }
    );
    assert_eq!(
        ok(json!({"symbol": "E_TH_SIGNED", "retryAfterMs": 127_000})),
        Throttle::Signed { wait: 127 }
    );
    assert_eq!(
        ok(json!({"retryAfterMs": u64::MAX})),
        Throttle::SkipDuration {
            wait: Duration::from_millis(u64::MAX)
        }
    );
    // A field serialized under its own key: `retryAfterMs` wins over a disagreeing key
    // (a sub-millisecond difference is the key's precision, which it keeps: 1 s and 999 ns
    // is 1001 ms on the wire, rounded up by the retry contract).
    assert_eq!(
        ok(json!({"symbol": "E_TH_SECS", "wait": 5, "retryAfterMs": 9_000})),
        Throttle::Secs { wait: 9 }
    );
    assert_eq!(
        ok(
            json!({"symbol": "E_TH_DUR", "waitFor": {"secs": 1, "nanos": 999}, "retryAfterMs": 1_001})
        ),
        Throttle::Dur {
            wait: Some(Duration::new(1, 999))
        }
    );
    // Without `retryAfterMs`: the field's own key (the string-coded knowledge base sends
    // `retry_after_seconds`), then `Default`; a `null` `retryAfterMs` counts as absent.
    assert_eq!(
        ok(json!({"symbol": "E_TH_SECS", "wait": 5})),
        Throttle::Secs { wait: 5 }
    );
    assert_eq!(
        ok(json!({"symbol": "E_TH_SECS", "retryAfterMs": null})),
        Throttle::Secs { wait: 0 }
    );
    assert_eq!(
        ok(json!({"symbol": "E_TH_DUR"})),
        Throttle::Dur { wait: None }
    );
    assert_eq!(
        ok(json!({})),
        Throttle::SkipDuration {
            wait: Duration::ZERO
        }
    );
    assert_eq!(
        ok(json!({"symbol": "E_TH_SKIP_SECS"})),
        Throttle::SkipSecs { wait: None }
    );
}

#[test]
fn hostile_retry_after_ms_is_a_decode_error() {
    let hostile = [
        json!(-1),
        json!(-0.5),
        json!(1.5),
        json!(1e30),
        json!(18_446_744_073_709_551_616.0_f64),
        json!(f64::MAX),
        json!("1000"),
        json!(true),
        json!([1000]),
        json!({"ms": 1000}),
    ];
    for symbol in [
        "E_TH_SKIP_DURATION",
        "E_TH_SKIP_SECS",
        "E_TH_SECS",
        "E_TH_DUR",
        "E_TH_SIGNED",
        "E_TH_FLOAT",
    ] {
        for value in &hostile {
            let err = throttle(json!({"symbol": symbol, "retryAfterMs": value})).unwrap_err();
            assert!(
                matches!(
                    err,
                    DecodeError::InvalidField {
                        field: "retryAfterMs",
                        ..
                    }
                ),
                "{symbol} {value}: {err:?}"
            );
        }
    }
    // Valid milliseconds that do not fit the field's type.
    for ms in [128_000_u64, u64::MAX] {
        let err = throttle(json!({"symbol": "E_TH_SIGNED", "retryAfterMs": ms})).unwrap_err();
        assert!(
            matches!(
                err,
                DecodeError::InvalidField {
                    field: "retryAfterMs",
                    ..
                }
            ),
            "{ms}: {err:?}"
        );
    }
    let err = throttle(json!({"symbol": "E_TH_SKIP_SECS", "retryAfterMs": u64::MAX})).unwrap_err();
    assert!(matches!(err, DecodeError::InvalidField { .. }), "{err:?}");
    // The field's own key is still checked.
    let err = throttle(json!({"symbol": "E_TH_SECS", "wait": "soon"})).unwrap_err();
    assert!(matches!(
        err,
        DecodeError::InvalidField { field: "wait", .. }
    ));
}

#[test]
fn plain_data_retryable_flags_fall_back_to_the_catalog() {
    let samples = [
        Throttle::FlagOn { retry: true, n: 3 },
        Throttle::FlagOff { retry: false },
        Throttle::FlagMaybe { retry: None },
        Throttle::Secs { wait: 4 },
    ];
    for sample in samples {
        let wire = envelope(&sample, true);
        assert!(
            wire.data
                .as_ref()
                .is_none_or(|d| d.get("retryable").is_none()),
            "{wire:?}"
        );
        let back = Throttle::from_error_object(&wire).unwrap();
        assert_eq!(back, sample, "{wire:?}");
        assert_eq!(back.retryable(), sample.retryable());
    }
    // With `data.retryable`, the value wins over the catalog.
    for sample in [
        Throttle::FlagOn { retry: false, n: 1 },
        Throttle::FlagOff { retry: true },
        Throttle::FlagMaybe { retry: Some(true) },
    ] {
        let back = Throttle::from_error_object(&envelope(&sample, false)).unwrap();
        assert_eq!(back, sample);
    }
    // A present but mistyped flag is still an error.
    let err = Throttle::from_error_object(&obj(1208, Some(json!({"retryable": 1})))).unwrap_err();
    assert!(matches!(
        err,
        DecodeError::InvalidField {
            field: "retryable",
            ..
        }
    ));
}
