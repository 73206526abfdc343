//! A source's text in the message, and the field named `source`.
//!
//! Naming a `source` (or `from`) field in a template is the user's explicit choice to put its
//! `Display` on the wire, as thiserror's `#[error("read {path}: {source}")]` does in logs.
//! A field named `source` is the source without an attribute, as in thiserror.

mod derive_support;

use std::error::Error as _;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, FieldRole, McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "sqlite", range = 2600..=2699, symbol_prefix = "E_SQL_", data_fields)]
enum SqliteError {
    #[mcp(code = 2600, message = "read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[mcp(code = 2601, kind = "validation", message = "JSON error: {0}")]
    Json(#[mcp(from)] serde_json::Error),
    #[mcp(code = 2602, message = "query failed: {cause}")]
    Query {
        #[mcp(source)]
        cause: std::io::Error,
        #[mcp(skip)]
        connection_string: String,
    },
    /// Row is not valid
    #[mcp(code = 2603)]
    BadRow {
        /// Data, not the source: `rename` says so.
        #[mcp(rename = "source")]
        source: String,
    },
    /// Open failed
    #[mcp(code = 2604)]
    Open {
        #[mcp(source)]
        cause: std::io::Error,
        /// Another source field is declared, so this one is data.
        source: String,
    },
}

#[test]
fn a_field_named_source_is_the_source() {
    let e = SqliteError::Read {
        path: "/db/main.sqlite".into(),
        source: std::io::Error::other("permission denied"),
    };
    assert_eq!(e.source().unwrap().to_string(), "permission denied");
    assert_eq!(data_of(&e), json!({"path": "/db/main.sqlite"}));
    assert_eq!(SqliteError::ENTRIES[0].fields[1].role, FieldRole::Source);
}

#[test]
fn naming_the_source_puts_its_text_in_the_message_and_on_the_wire() {
    let e = SqliteError::Read {
        path: "/db/main.sqlite".into(),
        source: std::io::Error::other("permission denied"),
    };
    assert_eq!(e.to_string(), "read /db/main.sqlite: permission denied");
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(
        object["message"],
        json!("read /db/main.sqlite: permission denied")
    );

    let json = SqliteError::from(serde_json::from_str::<u8>("x").unwrap_err());
    assert!(json.to_string().starts_with("JSON error: expected value"));
    assert_eq!(data_of(&json), json!({}), "text once: in the message only");
}

#[test]
fn skip_fields_stay_off_the_wire_while_the_source_is_named() {
    let e = SqliteError::Query {
        cause: std::io::Error::other("locked"),
        connection_string: "file:secret.db?key=hunter2".into(),
    };
    assert_eq!(e.to_string(), "query failed: locked");
    let wire = serde_json::to_string(&e.to_jsonrpc(1)).unwrap();
    assert!(!wire.contains("hunter2"), "{wire}");
}

#[test]
fn an_attribute_or_another_source_keeps_a_source_named_field_as_data() {
    let row = SqliteError::BadRow {
        source: "csv import".into(),
    };
    assert!(row.source().is_none());
    assert_eq!(data_of(&row), json!({"source": "csv import"}));

    let open = SqliteError::Open {
        cause: std::io::Error::other("busy"),
        source: "pool".into(),
    };
    assert_eq!(open.source().unwrap().to_string(), "busy");
    assert_eq!(data_of(&open), json!({"source": "pool"}));
}

/// A move from one place to another
#[derive(Debug, McpError)]
#[mcp(
    domain = "moves",
    code = 2690,
    symbol = "E_MOVE",
    message = "{source} ==> {destination}",
    data_fields
)]
struct Move {
    /// Raw: just a name, not the source (thiserror's rule), so it is data.
    r#source: char,
    destination: char,
}

#[test]
fn a_raw_source_field_is_not_the_source() {
    let e = Move {
        source: 'S',
        destination: 'D',
    };
    assert_eq!(e.to_string(), "S ==> D");
    assert!(e.source().is_none());
    assert_eq!(data_of(&e), json!({"source": "S", "destination": "D"}));
}
