//! The string-coded knowledge base (`docs/taxonomies.md`, `file_knowledge_mcp`): string codes
//! (`"code":"1001"`), `data` with each error's own fields, and the client side that decodes
//! a received error back into the typed variant.
//!
//! ```text
//! cargo run --example seed4_knowledge_base
//! ```
//!
//! Built here with the `client` feature on, as this repository's dev-dependencies ask: in your
//! own crate, retrying and decoding need `mcp-errors = { version = "0.1", features = ["client"] }`.

#[path = "taxonomies/seed4.rs"]
mod seed4;

use mcp_errors::{ErrorCatalog, ErrorObject, FieldRole, McpError};
use seed4::KbError;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("# error codes");
    for e in KbError::ENTRIES {
        let fields: Vec<&str> = e
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
        println!(
            "{:>5}  {:<22} {:<44} {}",
            e.code,
            e.symbol,
            e.message,
            fields.join(", ")
        );
    }

    println!("\n# the original's examples, as the server sends them");
    for err in seed4::seed_examples() {
        println!("{}", serde_json::to_string_pretty(&seed4::wire(&err))?);
    }

    println!("\n# the other codes (compact)");
    for err in seed4::other_errors() {
        println!("{}", serde_json::to_string(&seed4::wire(&err))?);
    }

    // The original's client: `if e.code == "2001": ... elif e.code == "1002": ...`, with
    // the received error decoded into the typed variant instead of poking at `e.data`.
    println!("\n# client side: decode what the server sent");
    let received = [
        r#"{"code":"2001","message":"Search timed out after 30s","data":{"query":"complex query with many terms","timeout_seconds":30}}"#,
        r#"{"code":"1002","message":"Document not found: games/Gloomhavn.pdf","data":{"path":"games/Gloomhavn.pdf","suggestions":["games/coop/Gloomhaven.pdf","games/coop/Gloomhaven JOTL.pdf"]}}"#,
        r#"{"code":"-32603","message":"Internal error","data":{"details":"Something went wrong"}}"#,
        r#"{"code":"4003","message":"Too many requests","data":{"retry_after_seconds":5}}"#,
        r#"{"code":"9999","message":"?"}"#,
    ];
    for text in received {
        let object = ErrorObject::from_json(text)?;
        match KbError::from_error_object(&object) {
            Ok(err) => println!(
                "{:>6} {:<18} retryable={:<5} retry_after={:?}  -> {}",
                object.code,
                err.symbol(),
                err.retryable(),
                err.retry_after(),
                seed4::client_reaction(&err)
            ),
            Err(e) => println!("{:>6} not decoded: {e}", object.code),
        }
    }
    // Constants for matching on codes, like the original's `ErrorCode` class.
    println!(
        "\nKbError::SEARCH_TIMEOUT = {}, KbError::DOCUMENT_NOT_FOUND = {}",
        KbError::SEARCH_TIMEOUT,
        KbError::DOCUMENT_NOT_FOUND
    );
    Ok(())
}
