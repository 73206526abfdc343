//! Golden tests of the categorized error model (the canonical "Error Model"): the
//! recommended-pattern responses by value, the `ErrorResponse` structure, the code and range tables
//! and the retry guidance, against the taxonomy of `examples/taxonomies/seed1.rs`.

#[path = "../examples/taxonomies/seed1.rs"]
mod seed1;

use mcp_errors::{
    CodeRange, ErrorCatalog, ErrorKind, FieldRole, McpError, McpErrorExt, ProtocolError, Registry,
    Verbosity, jsonrpc,
};
use seed1::{AdapterError, BusinessError, ProtocolRangeError, SystemError, ValidationError};
use serde_json::{Value, json};

fn registry() -> Registry {
    Registry::new()
        .with::<ProtocolRangeError>()
        .with::<ValidationError>()
        .with::<BusinessError>()
        .with::<SystemError>()
        .with::<AdapterError>()
}

/// "Recommended pattern", domain failure (preferred), copied from the original with its keys
/// quoted.
#[test]
fn domain_failure_in_result_error() {
    let expected = json!({ "jsonrpc": "2.0", "result": { "error": { "code": 4001, "message": "Adapter error", "retryable": false, "details": { "originalError": "ORDER_NOT_FOUND" } } }, "id": 1 });
    let err = seed1::order_not_found();
    assert_eq!(
        err.to_jsonrpc_result(1)
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        expected
    );
    assert_eq!(
        err.to_error_response()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        expected["result"]["error"]
    );
}

/// "Recommended pattern", protocol validation failure (schema/shape), copied from the original
/// with its keys quoted.
#[test]
fn protocol_validation_failure() {
    let expected = json!({ "jsonrpc": "2.0", "error": { "code": -32602, "message": "Invalid params", "data": { "field": "order.customer.email" } }, "id": 1 });
    let err = seed1::invalid_email_param();
    assert_eq!(
        err.to_jsonrpc(1)
            .plain_data()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        expected
    );
    // A client decodes it back.
    let object = mcp_errors::ErrorObject::from_json(&expected["error"].to_string()).unwrap();
    assert_eq!(ProtocolError::from_error_object(&object).unwrap(), err);
}

/// "Error Structure": `interface ErrorResponse { code: number; message: string;
/// retryable: boolean; details?: { field?, reason?, suggestion?, context? } }`.
#[test]
fn error_response_structure() {
    let invalid = ValidationError::Invalid {
        field: Some("order.quantity".into()),
        reason: "must_be_positive".into(),
        context: Some(json!({ "received": -3, "schema": "#/properties/quantity" })),
    };
    assert_eq!(
        invalid
            .to_error_response()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        json!({
            "code": 2001,
            "message": "Parameters failed schema/format checks",
            "retryable": false,
            "details": {
                "field": "order.quantity",
                "reason": "must_be_positive",
                "suggestion": "Check the parameters against the tool's input schema",
                "context": { "received": -3, "schema": "#/properties/quantity" }
            }
        })
    );
    // `details` is optional: left out when the error has nothing to say.
    assert_eq!(
        BusinessError::RateLimitExceeded
            .to_error_response()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        json!({ "code": 3001, "message": "Too many requests", "retryable": true })
    );
    // The member types of the interface, for every standard code.
    for err in standard_errors() {
        let response = err
            .to_error_response()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap();
        let members: Vec<&str> = response
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert!(
            members
                .iter()
                .all(|k| ["code", "message", "retryable", "details"].contains(k)),
            "{response}"
        );
        assert!(response["code"].is_i64());
        assert!(response["message"].is_string());
        assert!(response["retryable"].is_boolean());
        if let Some(details) = response.get("details") {
            for key in details.as_object().unwrap().keys() {
                assert!(
                    ["field", "reason", "suggestion", "context", "originalError"]
                        .contains(&key.as_str()),
                    "{key} in {response}"
                );
            }
        }
    }
}

/// One value of every standard code.
fn standard_errors() -> Vec<Box<dyn McpError>> {
    vec![
        Box::new(ValidationError::Invalid {
            field: Some("order".into()),
            reason: "type".into(),
            context: None,
        }),
        Box::new(ValidationError::MissingRequiredField {
            field: "order.id".into(),
        }),
        Box::new(ValidationError::InvalidFormat {
            field: "order.customer.email".into(),
            reason: "not_an_email".into(),
        }),
        Box::new(BusinessError::RateLimitExceeded),
        Box::new(BusinessError::Timeout),
        Box::new(seed1::order_not_found()),
        Box::new(SystemError::BackendUnavailable {
            reason: "orders_db_unreachable".into(),
        }),
        Box::new(AdapterError::not_implemented("refund_order")),
    ]
}

/// "Standard Codes": code, name and retryability of every row ("Varies" is a per-value
/// `#[mcp(retryable)]` field). The Category column is where the original contradicts its ranges;
/// the enum (domain) of each code is the range it falls in, and the category's meaning is
/// the kind.
#[test]
fn standard_codes_table() {
    let rows: Vec<(i32, &str, &str, ErrorKind, &str)> = registry()
        .enums()
        .iter()
        .flat_map(|e| e.entries.iter())
        .map(|e| {
            let retryable = if e.fields.iter().any(|f| f.role == FieldRole::Retryable) {
                "Varies"
            } else if e.retryable {
                "Yes"
            } else {
                "No"
            };
            (e.code, e.symbol, e.domain, e.kind, retryable)
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                2001,
                "VALIDATION_ERROR",
                "validation",
                ErrorKind::Validation,
                "No"
            ),
            (
                2002,
                "MISSING_REQUIRED_FIELD",
                "validation",
                ErrorKind::Validation,
                "No"
            ),
            (
                2003,
                "INVALID_FORMAT",
                "validation",
                ErrorKind::Validation,
                "No"
            ),
            (
                3001,
                "RATE_LIMIT_EXCEEDED",
                "business",
                ErrorKind::RateLimit,
                "Yes"
            ),
            (3002, "TIMEOUT", "business", ErrorKind::Timeout, "Yes"),
            (
                4001,
                "ADAPTER_ERROR",
                "system",
                ErrorKind::Adapter,
                "Varies"
            ),
            (
                4002,
                "BACKEND_UNAVAILABLE",
                "system",
                ErrorKind::Unavailable,
                "Yes"
            ),
            (5001, "NOT_IMPLEMENTED", "adapter", ErrorKind::Adapter, "No"),
        ]
    );
    // The descriptions of the table are the messages.
    let messages: Vec<String> = standard_errors().iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "Parameters failed schema/format checks",
            "Required field missing",
            "Field format incorrect",
            "Too many requests",
            "Operation exceeded time limit",
            "Adapter error",
            "Downstream service unavailable",
            "Tool unsupported by adapter",
        ]
    );
}

/// "Code Ranges": one enum per range, and each code's enum is the one whose range holds it,
/// so a client can find the category from the number alone.
#[test]
fn code_ranges_table() {
    let ranges: Vec<(&str, Option<CodeRange>)> = registry()
        .enums()
        .iter()
        .map(|e| (e.domain, e.range))
        .collect();
    let r = |a, b| Some(CodeRange::new(a, b));
    assert_eq!(
        ranges,
        [
            ("protocol", r(1000, 1999)),
            ("validation", r(2000, 2999)),
            ("business", r(3000, 3999)),
            ("system", r(4000, 4999)),
            ("adapter", r(5000, 5999)),
        ]
    );
    registry().check().unwrap();
    let category_of = |code: i32| {
        registry()
            .enums()
            .iter()
            .find(|e| e.range.is_some_and(|r| r.contains(code)))
            .map(|e| e.domain)
    };
    for e in registry().enums() {
        for entry in e.entries {
            assert_eq!(category_of(entry.code), Some(e.domain), "{}", entry.symbol);
        }
    }
    assert_eq!(ProtocolRangeError::ENTRIES.len(), 0, "no invented codes");
}

/// "Retry Guidance": the original's two example lists.
#[test]
fn retry_guidance_examples() {
    let retryable: [&dyn McpError; 3] = [
        &BusinessError::RateLimitExceeded,
        &BusinessError::Timeout,
        &SystemError::BackendUnavailable {
            reason: "orders_db_unreachable".into(),
        },
    ];
    assert_eq!(
        retryable.map(|e| (e.code(), e.retryable())),
        [(3001, true), (3002, true), (4002, true)]
    );
    let terminal: [&dyn McpError; 3] = [
        &ValidationError::Invalid {
            field: None,
            reason: "schema".into(),
            context: None,
        },
        &ValidationError::MissingRequiredField {
            field: "order.id".into(),
        },
        &AdapterError::not_implemented("refund_order"),
    ];
    assert_eq!(
        terminal.map(|e| (e.code(), e.retryable())),
        [(2001, false), (2002, false), (5001, false)]
    );
    for err in terminal {
        assert!(mcp_errors::retry::is_terminal(err));
    }
}

/// `ADAPTER_ERROR`: "Varies" — the value decides, and every envelope shows its decision.
#[test]
fn adapter_error_retryability_varies() {
    let transient = SystemError::Adapter {
        original_error: Some("UPSTREAM_TIMEOUT".into()),
        retryable: true,
        context: Some(json!({ "backend": "erp" })),
    };
    assert!(transient.retryable());
    assert!(!seed1::order_not_found().retryable());
    assert_eq!(
        transient
            .to_error_response()
            .verbosity(Verbosity::Off)
            .to_json_value()
            .unwrap(),
        json!({ "code": 4001, "message": "Adapter error", "retryable": true,
                "details": { "originalError": "UPSTREAM_TIMEOUT", "context": { "backend": "erp" } } })
    );
    let object: Value = transient
        .to_error_object()
        .verbosity(Verbosity::Off)
        .to_json_value()
        .unwrap();
    assert_eq!(object["data"]["retryable"], true);
}

/// "Layers and Formats": the JSON-RPC 2.0 codes the original lists, as `ProtocolError` defines
/// them.
#[test]
fn jsonrpc_codes() {
    let codes = [
        (jsonrpc::PARSE_ERROR, -32700),
        (jsonrpc::INVALID_REQUEST, -32600),
        (jsonrpc::METHOD_NOT_FOUND, -32601),
        (jsonrpc::INVALID_PARAMS, -32602),
        (jsonrpc::INTERNAL_ERROR, -32603),
    ];
    for (constant, seed) in codes {
        assert_eq!(constant, seed);
        assert!(ProtocolError::entry_by_code(seed).is_some(), "{seed}");
    }
    assert_eq!(
        ProtocolError::entry_by_code(-32602).unwrap().message,
        "Invalid params"
    );
}
