//! The categorized error model (`docs/taxonomies.md`), a server's "Error Model": category
//! ranges, the standard codes with their retryability, the `ErrorResponse` a tool returns in
//! `result.error`, and JSON-RPC `-32602` for protocol-level validation.
//!
//! ```text
//! cargo run --example seed1_error_model
//! ```
//!
//! The original's code table contradicts its range table (3001, 3002 and 4001 lie outside their
//! category's range); `examples/taxonomies/seed1.rs` explains the resolution: the published
//! codes stay, the range decides the enum, the category's meaning becomes the `kind`.

#[path = "taxonomies/seed1.rs"]
mod seed1;

use mcp_errors::{ErrorCatalog, ErrorEntry, FieldRole, McpError, McpErrorExt, Verbosity};
use seed1::{AdapterError, BusinessError, ProtocolRangeError, SystemError, ValidationError};
use serde_json::json;

fn main() -> serde_json::Result<()> {
    println!("# code ranges");
    print_range::<ProtocolRangeError>();
    print_range::<ValidationError>();
    print_range::<BusinessError>();
    print_range::<SystemError>();
    print_range::<AdapterError>();

    println!("\n# standard codes");
    println!(
        "{:>5}  {:<24} {:<10} {:<11} retryable",
        "code", "name", "range", "kind"
    );
    let tables: [(&str, &[ErrorEntry]); 4] = [
        (ValidationError::DOMAIN, ValidationError::ENTRIES),
        (BusinessError::DOMAIN, BusinessError::ENTRIES),
        (SystemError::DOMAIN, SystemError::ENTRIES),
        (AdapterError::DOMAIN, AdapterError::ENTRIES),
    ];
    for (domain, entries) in tables {
        for e in entries {
            let varies = e.fields.iter().any(|f| f.role == FieldRole::Retryable);
            let retryable = match (varies, e.retryable) {
                (true, _) => "Varies",
                (false, true) => "Yes",
                (false, false) => "No",
            };
            println!(
                "{:>5}  {:<24} {domain:<10} {:<11} {retryable}",
                e.code,
                e.symbol,
                e.kind.as_str()
            );
        }
    }

    println!("\n# recommended pattern: success (the tool's own result; not an error)");
    show(&json!({ "jsonrpc": "2.0", "result": { "order": { "id": "A-1" } }, "id": 1 }))?;

    println!("\n# recommended pattern: domain failure (preferred) -> result.error");
    let not_found = seed1::order_not_found();
    show(&not_found.to_jsonrpc_result(1).verbosity(Verbosity::Off))?;

    println!("\n# recommended pattern: protocol validation failure -> JSON-RPC -32602");
    let bad_param = seed1::invalid_email_param();
    show(
        &bad_param
            .to_jsonrpc(1)
            .plain_data()
            .verbosity(Verbosity::Off),
    )?;

    println!("\n# ErrorResponse with every `details` member");
    let invalid = ValidationError::Invalid {
        field: Some("order.quantity".into()),
        reason: "must_be_positive".into(),
        context: Some(json!({ "received": -3 })),
    };
    show(&invalid.to_error_response().verbosity(Verbosity::Off))?;

    println!("\n# ADAPTER_ERROR retryability varies per value");
    let transient = SystemError::Adapter {
        original_error: Some("UPSTREAM_TIMEOUT".into()),
        retryable: true,
        context: None,
    };
    for err in [&not_found, &transient] {
        println!(
            "{} details {}: retryable = {}",
            err.code(),
            err.to_error_response().to_json_value()?["details"],
            err.retryable()
        );
    }

    println!("\n# retry guidance");
    let guidance: [&dyn McpError; 6] = [
        &BusinessError::RateLimitExceeded,
        &BusinessError::Timeout,
        &SystemError::BackendUnavailable {
            reason: "orders_db_unreachable".into(),
        },
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
    for err in guidance {
        let advice = if err.retryable() {
            "retry with exponential backoff and jitter"
        } else {
            "do not retry without changing the input"
        };
        println!("{} {:<24} {advice}", err.code(), err.symbol());
    }
    Ok(())
}

fn print_range<E: ErrorCatalog>() {
    let range = E::RANGE.map_or_else(String::new, |r| format!("{}–{}", r.start, r.end));
    println!(
        "{range:<10} {:<11} {} standard code(s)",
        E::DOMAIN,
        E::ENTRIES.len()
    );
}

fn show<T: serde::Serialize + ?Sized>(value: &T) -> serde_json::Result<()> {
    println!("{}", serde_json::to_string_pretty(value)?);
    Ok(())
}
