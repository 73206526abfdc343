//! Golden tests of the string-coded knowledge base (`file_knowledge_mcp`): the seven JSON examples
//! it prints, byte for byte as values, the code tables with their data fields, and the client side
//! that decodes `"code":"2001"` back into the typed variant, against
//! `examples/taxonomies/seed4.rs`.

#[path = "../examples/taxonomies/seed4.rs"]
mod seed4;

use std::time::Duration;

use mcp_errors::{
    DecodeError, ErrorCatalog, ErrorObject, FieldRole, McpError, McpErrorExt, ProtocolError,
    Verbosity,
};
use seed4::KbError;
use serde_json::Value;

/// The seven examples, copied verbatim from the original.
const SEED_EXAMPLES: [&str; 7] = [
    // PATH_NOT_FOUND
    r#"{
  "error": {
    "code": "1001",
    "message": "Path not found: games/invalid",
    "data": {
      "path": "games/invalid"
    }
  }
}"#,
    // DOCUMENT_NOT_FOUND with suggestions
    r#"{
  "error": {
    "code": "1002",
    "message": "Document not found: games/Gloomhavn.pdf",
    "data": {
      "path": "games/Gloomhavn.pdf",
      "suggestions": [
        "games/coop/Gloomhaven.pdf",
        "games/coop/Gloomhaven JOTL.pdf"
      ]
    }
  }
}"#,
    // SEARCH_TIMEOUT
    r#"{
  "error": {
    "code": "2001",
    "message": "Search timed out after 30s",
    "data": {
      "query": "complex query with many terms",
      "timeout_seconds": 30
    }
  }
}"#,
    // SEARCH_ENGINE_ERROR
    r#"{
  "error": {
    "code": "2002",
    "message": "Search engine error: ugrep failed",
    "data": {
      "details": "pdftotext: command not found",
      "stderr": "sh: pdftotext: command not found"
    }
  }
}"#,
    // RCLONE_NOT_INSTALLED
    r#"{
  "error": {
    "code": "3003",
    "message": "rclone is not installed",
    "data": {
      "install_url": "https://rclone.org/install/"
    }
  }
}"#,
    // REMOTE_NOT_FOUND
    r#"{
  "error": {
    "code": "3002",
    "message": "Remote not found: dropbox",
    "data": {
      "remote": "dropbox",
      "available_remotes": ["gdrive", "s3"]
    }
  }
}"#,
    // FILE_TOO_LARGE
    r#"{
  "error": {
    "code": "4001",
    "message": "File too large: 150.5MB (max: 100MB)",
    "data": {
      "path": "huge_document.pdf",
      "size_mb": 150.5,
      "max_mb": 100
    }
  }
}"#,
];

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

fn wire(err: &KbError) -> Value {
    serde_json::to_value(seed4::wire(err)).unwrap()
}

/// The server side: each typed error serializes to the original's example, by value (`150.5`
/// stays a float, `100` an integer).
#[test]
fn seven_examples_by_value() {
    for (err, text) in seed4::seed_examples().iter().zip(SEED_EXAMPLES) {
        assert_eq!(wire(err), parse(text), "{}", err.symbol());
    }
}

/// The client side: each example decodes back into the typed variant it came from, and
/// re-encodes to the same JSON.
#[test]
fn seven_examples_decode_round_trip() {
    for (err, text) in seed4::seed_examples().iter().zip(SEED_EXAMPLES) {
        let received = parse(text);
        let object = ErrorObject::from_json(&received["error"].to_string()).unwrap();
        let decoded = KbError::from_error_object(&object).unwrap();
        assert_eq!(&decoded, err);
        assert_eq!(wire(&decoded), received);
    }
}

/// "For Clients": `if e.code == "2001"` retries with a smaller scope, `"1002"` shows the
/// suggestions, everything else prints the message.
#[test]
fn python_client_behaviour() {
    let decode = |text: &str| {
        let received = parse(text);
        KbError::from_error_object(&ErrorObject::from_json(&received["error"].to_string()).unwrap())
            .unwrap()
    };
    let timeout = decode(SEED_EXAMPLES[2]);
    assert!(matches!(
        timeout,
        KbError::SearchTimeout {
            timeout_seconds: 30,
            ..
        }
    ));
    assert_eq!(timeout.code(), KbError::SEARCH_TIMEOUT);
    assert!(timeout.retryable());
    assert_eq!(
        seed4::client_reaction(&timeout),
        "retry `complex query with many terms` with a smaller scope"
    );
    let missing = decode(SEED_EXAMPLES[1]);
    assert_eq!(missing.code(), KbError::DOCUMENT_NOT_FOUND);
    assert_eq!(
        seed4::client_reaction(&missing),
        r#"Did you mean: ["games/coop/Gloomhaven.pdf", "games/coop/Gloomhaven JOTL.pdf"]?"#
    );
    assert_eq!(
        seed4::client_reaction(&decode(SEED_EXAMPLES[4])),
        "Error: rclone is not installed"
    );
}

/// The four code tables: code, name and "Data Fields" of every row.
#[test]
fn code_tables_with_data_fields() {
    let rows: Vec<(i32, &str, Vec<&str>)> = KbError::ENTRIES
        .iter()
        .map(|e| {
            let keys = e
                .fields
                .iter()
                .filter(|f| {
                    matches!(
                        f.role,
                        FieldRole::Data | FieldRole::Details | FieldRole::RetryAfter
                    )
                })
                .map(|f| f.key)
                .collect();
            (e.code, e.symbol, keys)
        })
        .collect();
    let expected: Vec<(i32, &str, Vec<&str>)> = vec![
        (1001, "PATH_NOT_FOUND", vec!["path"]),
        (1002, "DOCUMENT_NOT_FOUND", vec!["path", "suggestions"]),
        (1003, "COLLECTION_NOT_FOUND", vec!["path"]),
        (
            1004,
            "FORMAT_NOT_SUPPORTED",
            vec!["path", "format", "supported_formats"],
        ),
        (2001, "SEARCH_TIMEOUT", vec!["query", "timeout_seconds"]),
        (2002, "SEARCH_ENGINE_ERROR", vec!["details", "stderr"]),
        (2003, "INVALID_QUERY", vec!["query", "reason"]),
        (3001, "SYNC_NOT_CONFIGURED", vec![]),
        (
            3002,
            "REMOTE_NOT_FOUND",
            vec!["remote", "available_remotes"],
        ),
        (3003, "RCLONE_NOT_INSTALLED", vec!["install_url"]),
        (3004, "RCLONE_ERROR", vec!["stderr"]),
        (3005, "SYNC_IN_PROGRESS", vec!["remote"]),
        (3006, "SYNC_TIMEOUT", vec!["remote", "timeout_seconds"]),
        (4001, "FILE_TOO_LARGE", vec!["path", "size_mb", "max_mb"]),
        (4002, "RESULT_TRUNCATED", vec!["returned", "total"]),
        (4003, "RATE_LIMITED", vec!["retry_after_seconds"]),
    ];
    assert_eq!(rows, expected);
}

/// Every code, not only the printed ones: string code, `data` with exactly the table's
/// fields (no `domain`/`symbol`/`retryable`), and a decode round trip.
#[test]
fn every_code_in_the_seed_dialect() {
    let all: Vec<KbError> = seed4::seed_examples()
        .into_iter()
        .chain(seed4::other_errors())
        .collect();
    assert_eq!(
        all.len(),
        KbError::ENTRIES.len() + 1,
        "every row and a protocol error"
    );
    for err in &all {
        let sent = wire(err);
        let error = &sent["error"];
        assert_eq!(error["code"], err.code().to_string());
        assert_eq!(error["message"], err.to_string());
        let keys: Vec<&str> = error
            .get("data")
            .map(|d| d.as_object().unwrap().keys().map(String::as_str).collect())
            .unwrap_or_default();
        for envelope_key in ["domain", "symbol", "retryable", "retryAfterMs", "stack"] {
            assert!(!keys.contains(&envelope_key), "{sent}");
        }
        let object = ErrorObject::from_json(&error.to_string()).unwrap();
        let back = KbError::from_error_object(&object).unwrap();
        assert_eq!(&back, err);
    }
    // A variant without fields sends no `data` at all.
    assert_eq!(
        wire(&KbError::SyncNotConfigured),
        parse(r#"{"error":{"code":"3001","message":"Sync is not enabled"}}"#)
    );
}

/// "Standard JSON-RPC Errors": the five codes, sent and decoded through the same enum.
#[test]
fn standard_jsonrpc_errors() {
    let table = [
        (-32700, "PARSE_ERROR"),
        (-32600, "INVALID_REQUEST"),
        (-32601, "METHOD_NOT_FOUND"),
        (-32602, "INVALID_PARAMS"),
        (-32603, "INTERNAL_ERROR"),
    ];
    for (code, name) in table {
        assert_eq!(KbError::entry_by_code(code).unwrap().symbol, name);
    }
    // "Or create custom error": `McpError(code=ErrorCode.INTERNAL_ERROR, ...)`.
    let internal = KbError::Protocol(ProtocolError::InternalError {
        details: Some("Something went wrong".into()),
    });
    let sent = wire(&internal);
    assert_eq!(
        sent,
        parse(
            r#"{"error":{"code":"-32603","message":"Internal error","data":{"details":"Something went wrong"}}}"#
        )
    );
    let back =
        KbError::from_error_object(&ErrorObject::from_json(&sent["error"].to_string()).unwrap())
            .unwrap();
    assert_eq!(back, internal);
    assert_eq!(back.domain(), "knowledge-base");
}

/// `RATE_LIMITED`'s `retry_after_seconds` is the error's `retry_after()`, in the original's
/// dialect and, in the standard one, as `data.retryAfterMs`.
#[test]
fn rate_limited_retry_after() {
    let text = r#"{"code":"4003","message":"Too many requests","data":{"retry_after_seconds":5}}"#;
    let err = KbError::from_error_object(&ErrorObject::from_json(text).unwrap()).unwrap();
    assert_eq!(err.retry_after(), Some(Duration::from_secs(5)));
    assert!(err.retryable());
    let standard = err
        .to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap();
    assert_eq!(standard["data"]["retryAfterMs"], 5000);
    assert_eq!(standard["data"]["retry_after_seconds"], 5);
}

/// What a client must not trust: unknown codes, non-numeric codes and malformed `data` are
/// errors, never panics.
#[test]
fn hostile_input_is_an_error() {
    let decode =
        |text: &str| ErrorObject::from_json(text).and_then(|o| KbError::from_error_object(&o));
    assert!(matches!(
        decode(r#"{"code":"9999","message":"?"}"#),
        Err(DecodeError::UnknownCode { code: 9999, .. })
    ));
    assert!(matches!(
        decode(r#"{"code":"10O1","message":"?"}"#),
        Err(DecodeError::InvalidJson { .. })
    ));
    assert!(matches!(
        decode(r#"{"code":"1001","message":"?","data":"games/invalid"}"#),
        Err(DecodeError::InvalidData { .. })
    ));
    assert!(matches!(
        decode(r#"{"code":"1001","message":"?","data":{}}"#),
        Err(DecodeError::MissingField { field: "path", .. })
    ));
    assert!(matches!(
        decode(r#"{"code":"4001","message":"?","data":{"path":"a","size_mb":"big","max_mb":1}}"#),
        Err(DecodeError::InvalidField {
            field: "size_mb",
            ..
        })
    ));
}
