//! A type that implements `Display` itself: no variant has a message, a doc line or `fmt`
//! (thiserror's `#[derive(Error)]` without `#[error]`). The derive writes no `Display`; the
//! wire message is the `Display` text; the catalog shows each variant's name.

use std::error::Error as _;
use std::fmt;

use mcp_errors::{ErrorCatalog, McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "hand-written", range = 2400..=2499, data_fields)]
enum Hand {
    #[mcp(code = 2400)]
    Braced {
        #[mcp(source)]
        cause: std::io::Error,
    },
    #[mcp(code = 2401)]
    Tuple(String, usize),
    #[mcp(code = 2402)]
    Unit,
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hand::Braced { cause } => write!(f, "braced: {cause}"),
            Hand::Tuple(text, n) => write!(f, "tuple {text} {n}"),
            Hand::Unit => f.write_str("unit"),
        }
    }
}

#[derive(Debug, McpError)]
#[mcp(
    domain = "hand-written",
    code = 2450,
    symbol = "E_HAND_STRUCT",
    data_fields
)]
struct HandStruct {
    pos: usize,
}

impl fmt::Display for HandStruct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at {}", self.pos)
    }
}

#[test]
fn the_wire_message_is_the_hand_written_display() {
    let e = Hand::Braced {
        cause: std::io::Error::other("gone"),
    };
    assert_eq!(e.to_string(), "braced: gone");
    assert_eq!(e.source().unwrap().to_string(), "gone");
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("braced: gone"));
    let object = serde_json::to_value(Hand::Tuple("x".into(), 2).to_error_object()).unwrap();
    assert_eq!(object["message"], json!("tuple x 2"));
    assert_eq!(object["data"]["0"], json!("x"));
    assert_eq!(Hand::Unit.code(), 2402);
    let object = serde_json::to_value(HandStruct { pos: 3 }.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("at 3"));
    assert_eq!(object["data"]["pos"], json!(3));
}

#[test]
fn the_catalog_shows_the_variant_names() {
    let messages: Vec<&str> = Hand::ENTRIES.iter().map(|e| e.message).collect();
    assert_eq!(messages, ["Braced", "Tuple", "Unit"]);
    assert_eq!(HandStruct::ENTRIES[0].message, "HandStruct");
}

// Generic: its `Display` may hold for some parameters only, so the impls ask for it (a doc
// comment here would be the message).
#[derive(Debug, McpError)]
#[mcp(
    domain = "hand-written",
    code = 2460,
    symbol = "E_HAND_GENERIC",
    data_fields
)]
struct HandGeneric<T> {
    value: T,
}

impl fmt::Display for HandGeneric<u8> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}", self.value)
    }
}

#[test]
fn a_generic_type_with_a_hand_written_display_for_some_parameters() {
    fn is_error<T: std::error::Error>() {}
    is_error::<HandGeneric<u8>>();
    let e = HandGeneric { value: 7u8 };
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("byte 7"));
}

/// Documented variants: `own_display` says the doc lines are documentation (the catalog's
/// text), not messages.
#[derive(Debug, McpError)]
#[mcp(domain = "hand-written", range = 2470..=2479, own_display, data_fields)]
enum Documented {
    /// The upstream {service} did not answer
    #[mcp(code = 2470, kind = "unavailable")]
    Down { service: String },
}

impl fmt::Display for Documented {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Documented::Down { service } => write!(f, "{service} is down"),
        }
    }
}

#[test]
fn own_display_keeps_doc_lines_as_documentation() {
    let e = Documented::Down {
        service: "db".into(),
    };
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["message"], json!("db is down"));
    assert_eq!(object["data"]["service"], json!("db"));
    assert_eq!(
        Documented::ENTRIES[0].message,
        "The upstream {service} did not answer"
    );
}
