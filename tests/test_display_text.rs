//! `display = "..."`: a `Display` text (what logs print) that differs from the wire message.
//! `message` stays the wire message and the catalog's template.

mod derive_support;

use mcp_errors::{ErrorCatalog, McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite", range = 2600..=2699, symbol_prefix = "E_SQL_", data_fields)]
enum SqliteError {
    #[mcp(
        code = 2600,
        kind = "validation",
        message = "{0}",
        display = "invalid input: {0}"
    )]
    InvalidInput(String),
    #[mcp(
        code = 2601,
        kind = "unavailable",
        message = "database unavailable",
        display = "database {path} unavailable: {source}"
    )]
    Unavailable {
        path: String,
        source: std::io::Error,
    },
    /// Database is locked
    #[mcp(code = 2602, kind = "unavailable", display = "locked: {source}")]
    Locked {
        source: std::io::Error,
        #[mcp(skip)]
        pid: u32,
    },
}

fn wire_message(e: &SqliteError) -> serde_json::Value {
    serde_json::to_value(e.to_error_object()).unwrap()["message"].clone()
}

#[test]
fn display_is_the_log_text_message_is_the_wire_text() {
    let e = SqliteError::InvalidInput("LIMIT -1".into());
    assert_eq!(e.to_string(), "invalid input: LIMIT -1");
    assert_eq!(wire_message(&e), json!("LIMIT -1"));
    assert_eq!(SqliteError::ENTRIES[0].message, "{0}");

    let e = SqliteError::Unavailable {
        path: "/var/db/app.sqlite".into(),
        source: std::io::Error::other("EACCES"),
    };
    assert_eq!(
        e.to_string(),
        "database /var/db/app.sqlite unavailable: EACCES"
    );
    assert_eq!(wire_message(&e), json!("database unavailable"));
}

#[test]
fn trait_objects_and_tool_results_use_the_wire_message() {
    let e = SqliteError::InvalidInput("LIMIT -1".into());
    let boxed: Box<dyn McpError + Send + Sync> = Box::new(e);
    let object = serde_json::to_value(boxed.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("LIMIT -1"));
    let tool = serde_json::to_value(boxed.to_tool_result()).unwrap();
    assert_eq!(
        tool["content"][0]["text"],
        json!("E_SQL_INVALID_INPUT: LIMIT -1\nRetryable: no")
    );
}

#[test]
fn a_doc_line_stays_the_wire_message_beside_a_display_text() {
    let e = SqliteError::Locked {
        source: std::io::Error::other("held by pid 4242"),
        pid: 4242,
    };
    assert_eq!(e.to_string(), "locked: held by pid 4242");
    assert_eq!(wire_message(&e), json!("Database is locked"));
    assert_eq!(SqliteError::ENTRIES[2].message, "Database is locked");
    let wire = serde_json::to_string(&e.to_jsonrpc(1)).unwrap();
    assert!(!wire.contains("4242"), "{wire}");
}
