//! `#[mcp(decode)]`: `from_error_object` round trips, aliases, transparent decoding and
//! hostile input, which must come back as `Err`, never a panic.

mod derive_support;

use std::time::Duration;

use derive_support::data_of;
use mcp_errors::{CommonError, DecodeError, ErrorObject, McpError, ProtocolError};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Suggestion {
    path: String,
    score: f32,
}

#[derive(Debug, McpError)]
#[mcp(domain = "knowledge-base", range = 1100..=1199, symbol_prefix = "E_KB_", decode)]
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

#[test]
fn round_trips_through_the_wire_form() {
    let e = KbError::DocumentNotFound {
        path: "games/Gloomhavn.pdf".into(),
        suggestions: vec![Suggestion {
            path: "games/Gloomhaven.pdf".into(),
            score: 0.9,
        }],
        formats: Some(vec!["pdf".into()]),
    };
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
    // Seed 004 sends codes as strings.
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
            details: None
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
