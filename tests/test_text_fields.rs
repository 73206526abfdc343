//! `#[mcp(text)]`: a field whose type displays but does not serialize (someone else's id or
//! error type) goes into `data` as its `Display` text, under its key; templates name it as
//! any field. A generic one needs `Display` rather than `Serialize`.

mod derive_support;

use std::fmt;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, FieldRole, McpError, McpErrorExt};
use serde_json::json;

/// Displays, but does not serialize (a foreign type).
#[derive(Debug)]
struct SessionId(u64);

impl fmt::Display for SessionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sess-{}", self.0)
    }
}

#[derive(Debug, McpError)]
#[mcp(domain = "sessions", range = 2500..=2599, symbol_prefix = "E_SESS_", data_fields)]
enum SessionError {
    #[mcp(code = 2500, message = "session {id} expired")]
    Expired {
        #[mcp(text)]
        id: SessionId,
        minutes: u32,
    },
    #[mcp(code = 2501, message = "no session {0}")]
    Missing(#[mcp(text, rename = "session")] SessionId, Option<u8>),
    /// Maybe a session
    #[mcp(code = 2502)]
    Maybe {
        #[mcp(text)]
        id: Option<SessionId>,
    },
}

#[derive(Debug, McpError)]
#[mcp(
    domain = "sessions",
    code = 2550,
    symbol = "E_SESS_GENERIC",
    message = "bad {id}"
)]
struct Generic<T> {
    #[mcp(text)]
    id: T,
}

#[test]
fn a_text_field_is_its_display_text_in_data() {
    let e = SessionError::Expired {
        id: SessionId(7),
        minutes: 30,
    };
    assert_eq!(e.to_string(), "session sess-7 expired");
    assert_eq!(data_of(&e), json!({"id": "sess-7", "minutes": 30}));
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["data"]["id"], json!("sess-7"));
    assert_eq!(SessionError::ENTRIES[0].fields[0].role, FieldRole::Data);
    let e = SessionError::Missing(SessionId(8), None);
    assert_eq!(
        data_of(&e),
        json!({"session": "sess-8"}),
        "a `None` is left out"
    );
    let e = SessionError::Maybe { id: None };
    assert_eq!(data_of(&e), json!({}));
    let e = SessionError::Maybe {
        id: Some(SessionId(9)),
    };
    assert_eq!(data_of(&e), json!({"id": "sess-9"}));
}

#[test]
fn a_generic_text_field_needs_display_only() {
    let e = Generic { id: SessionId(1) };
    assert_eq!(e.to_string(), "bad sess-1");
    assert_eq!(data_of(&e), json!({"id": "sess-1"}));
}

/// Debug only: no `Display`, no `Serialize`.
#[derive(Debug)]
#[allow(dead_code)] // read through `Debug` only
struct Token(u8);

#[derive(Debug, McpError)]
#[mcp(domain = "sessions", range = 2600..=2699, symbol_prefix = "E_TOK_", data_fields)]
enum TokenError {
    /// `message_only`: out of `data`, shown by the message (any format trait).
    #[mcp(code = 2600, message = "bad token {0:?} at {1}")]
    Bad(#[mcp(message_only)] Token, usize),
    #[mcp(code = 2601, message = "unexpected {token:?}")]
    Unexpected {
        #[mcp(message_only)]
        token: Token,
        line: u32,
    },
}

#[test]
fn a_message_only_field_is_shown_but_not_sent_in_data() {
    let e = TokenError::Bad(Token(3), 7);
    assert_eq!(e.to_string(), "bad token Token(3) at 7");
    assert_eq!(data_of(&e), json!({"1": 7}));
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("bad token Token(3) at 7"));
    assert_eq!(TokenError::ENTRIES[0].fields[0].role, FieldRole::Message);
    let e = TokenError::Unexpected {
        token: Token(1),
        line: 2,
    };
    assert_eq!(data_of(&e), json!({"line": 2}));
}
