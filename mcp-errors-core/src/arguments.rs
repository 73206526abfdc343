//! Tool arguments that fail to deserialize, in the taxonomy: [`parse`] reads a tool's
//! arguments into its parameter type and, when that fails, returns an [`ArgumentError`]: seed
//! 000's common `E_INVALID_PARAMS` (1000), whose `data` names the offending argument as a
//! JSON Pointer and says what was expected.
//!
//! ```
//! use mcp_errors_core::arguments;
//! use mcp_errors_core::{McpError, McpErrorExt};
//!
//! #[derive(Debug, serde::Deserialize)]
//! struct NavigateArgs {
//!     url: String,
//! }
//!
//! let args = serde_json::json!({ "url": 42 });
//! let err = arguments::parse::<NavigateArgs>(&args).unwrap_err();
//! assert_eq!((err.code(), err.symbol()), (1000, "E_INVALID_PARAMS"));
//! assert_eq!(err.pointer(), "/url");
//! assert_eq!(err.expected(), Some("a string"));
//! assert_eq!(
//!     err.to_error_object().to_json_value().unwrap()["data"],
//!     serde_json::json!({
//!         "domain": "common", "symbol": "E_INVALID_PARAMS", "retryable": false,
//!         "details": "/url: invalid type: integer `42`, expected a string",
//!         "pointer": "/url", "expected": "a string",
//!     }),
//! );
//! ```
//!
//! The arguments are deserialized exactly as `serde_json::from_value` does; only when that
//! fails does a second, diagnostic pass over the same value find where.

use core::cell::RefCell;
use core::fmt;

use serde::de::{
    self, DeserializeOwned, DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess,
    Visitor,
};
use serde_json::{Map, Value};

use crate::{ErrorEntry, ErrorKind, FieldEntry, FieldRole, FieldSink, McpError};

/// The code of seed 000's common "Invalid parameters", `CommonError::InvalidParams`.
pub const INVALID_PARAMS: i32 = 1000;

const FIELDS: &[FieldEntry] = &[
    FieldEntry {
        name: "details",
        key: "details",
        role: FieldRole::Details,
    },
    FieldEntry {
        name: "pointer",
        key: "pointer",
        role: FieldRole::Data,
    },
    FieldEntry {
        name: "expected",
        key: "expected",
        role: FieldRole::Data,
    },
];

/// The catalog row of an [`ArgumentError`]: that of `CommonError::InvalidParams` (the facade
/// ties the two by a test), with the fields `details`, `pointer` and `expected`.
pub static ENTRY: ErrorEntry = ErrorEntry {
    code: INVALID_PARAMS,
    symbol: "E_INVALID_PARAMS",
    domain: "common",
    message: "Invalid parameters",
    retryable: false,
    kind: ErrorKind::Validation,
    variant: "InvalidParams",
    doc: "Invalid parameters\n\nA tool's arguments did not deserialize into its parameter type.",
    aliases: &[],
    help: Some("Fix the parameters and send the request again"),
    channel: crate::Channel::ToolError,
    error_type: None,
    fields: FIELDS,
};

/// A tool's arguments did not deserialize: seed 000's common `E_INVALID_PARAMS` (1000),
/// domain `common`, not retryable.
///
/// `data` holds `details` (``"/url: invalid type: integer `42`, expected a string"``),
/// `pointer` (the offending argument as a JSON Pointer, RFC 6901: `"/url"`,
/// `"/items/0/name"`; `""` for the arguments as a whole) and, when serde said,
/// `expected` (`"a string"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgumentError {
    pointer: String,
    expected: Option<String>,
    details: String,
}

impl ArgumentError {
    /// The error of a deserialization that failed with `error` at `pointer` (a JSON Pointer,
    /// `""` for the whole value). A `missing field` or `unknown field` error names the field
    /// itself, so it is appended to the pointer.
    pub fn new(error: &serde_json::Error, pointer: impl Into<String>) -> ArgumentError {
        Self::from_message(&error.to_string(), pointer.into())
    }

    fn from_message(message: &str, mut pointer: String) -> ArgumentError {
        let expected = if let Some(field) = field_named(message, "missing field `") {
            push_token(&mut pointer, field);
            Some("a value: the argument is required".to_owned())
        } else {
            if let Some(field) = field_named(message, "unknown field `") {
                push_token(&mut pointer, field);
            }
            message
                .split_once(", expected ")
                .map(|(_, expected)| expected.to_owned())
        };
        let details = if pointer.is_empty() {
            message.to_owned()
        } else {
            format!("{pointer}: {message}")
        };
        ArgumentError {
            pointer,
            expected,
            details,
        }
    }

    /// The offending argument as a JSON Pointer (`"/url"`), `""` for the arguments as a whole.
    pub fn pointer(&self) -> &str {
        &self.pointer
    }

    /// What was expected there (`"a string"`), when the deserializer said.
    pub fn expected(&self) -> Option<&str> {
        self.expected.as_deref()
    }

    /// The full text: the pointer and the deserializer's message.
    pub fn details(&self) -> &str {
        &self.details
    }
}

impl fmt::Display for ArgumentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(ENTRY.message)
    }
}

impl std::error::Error for ArgumentError {}

impl McpError for ArgumentError {
    fn entry(&self) -> &'static ErrorEntry {
        &ENTRY
    }

    fn domain(&self) -> &'static str {
        ENTRY.domain
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        sink.details(&self.details)?;
        sink.field("pointer", &self.pointer)?;
        if let Some(expected) = &self.expected {
            sink.field("expected", expected)?;
        }
        Ok(())
    }

    fn __visit_data_dyn(
        &self,
        sink: &mut dyn crate::error::DynFieldSink,
    ) -> Result<(), serde_json::Error> {
        self.visit_data(&mut crate::error::DynAdapter(sink))
    }
}

/// Deserializes a tool's `arguments` into `T`, as `serde_json::from_value` does; on failure
/// an [`ArgumentError`] naming the offending argument.
///
/// # Errors
///
/// [`ArgumentError`] when `arguments` does not deserialize into `T`.
pub fn parse<T: DeserializeOwned>(arguments: &Value) -> Result<T, ArgumentError> {
    T::deserialize(arguments).map_err(|error| locate::<T>(arguments, &error))
}

/// [`parse`] of a tool's arguments as MCP sends them: an object, or nothing (`{}`).
///
/// # Errors
///
/// [`ArgumentError`] when `arguments` does not deserialize into `T`.
pub fn parse_object<T: DeserializeOwned>(
    arguments: Option<Map<String, Value>>,
) -> Result<T, ArgumentError> {
    parse(&Value::Object(arguments.unwrap_or_default()))
}

/// The error of a failed deserialization of `value` into `T`: a second pass through a
/// deserializer that remembers where it is finds the offending argument. Should that pass
/// disagree with the first (a type that deserializes differently when watched), the error
/// names the whole value.
fn locate<T: DeserializeOwned>(value: &Value, error: &serde_json::Error) -> ArgumentError {
    let found = RefCell::new(None);
    let tracked = Tracked {
        value,
        path: &Path::Root,
        found: &found,
    };
    match (T::deserialize(tracked), found.into_inner()) {
        (Err(again), Some(pointer)) => ArgumentError::new(&again, pointer),
        _ => ArgumentError::new(error, String::new()),
    }
}

/// The name between the backticks after `prefix` (serde's ``missing field `url` ``).
fn field_named<'m>(message: &'m str, prefix: &str) -> Option<&'m str> {
    let rest = message.strip_prefix(prefix)?;
    rest.split_once('`').map(|(name, _)| name)
}

/// Appends one reference token to a JSON Pointer, escaped (`~` as `~0`, `/` as `~1`).
fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    for c in token.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// Where the tracked deserializer is: a linked list on the stack, turned into a pointer only
/// when something fails.
enum Path<'a> {
    Root,
    Key(&'a Path<'a>, &'a str),
    Index(&'a Path<'a>, usize),
}

impl Path<'_> {
    fn pointer(&self) -> String {
        let mut tokens = Vec::new();
        let mut at = self;
        loop {
            match at {
                Path::Root => break,
                Path::Key(parent, key) => {
                    tokens.push((*key).to_owned());
                    at = parent;
                }
                Path::Index(parent, index) => {
                    tokens.push(index.to_string());
                    at = parent;
                }
            }
        }
        let mut pointer = String::new();
        for token in tokens.iter().rev() {
            push_token(&mut pointer, token);
        }
        pointer
    }
}

/// A deserializer over `&Value` that records where the first error arose.
#[derive(Clone, Copy)]
struct Tracked<'de, 'p> {
    value: &'de Value,
    path: &'p Path<'p>,
    found: &'p RefCell<Option<String>>,
}

impl Tracked<'_, '_> {
    /// Records this position for the first error only: the innermost failure wins.
    fn mark<T>(&self, result: Result<T, serde_json::Error>) -> Result<T, serde_json::Error> {
        if result.is_err() {
            let mut found = self.found.borrow_mut();
            if found.is_none() {
                *found = Some(self.path.pointer());
            }
        }
        result
    }
}

macro_rules! forward_leaf {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, serde_json::Error> {
            self.mark(self.value.$method(visitor))
        }
    )*};
}

impl<'de> Deserializer<'de> for Tracked<'de, '_> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, serde_json::Error> {
        match self.value {
            Value::Object(map) => self.visit_map(map, visitor),
            Value::Array(items) => self.visit_seq(items, visitor),
            value => self.mark(value.deserialize_any(visitor)),
        }
    }

    forward_leaf! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_unit
        deserialize_identifier
    }

    fn deserialize_option<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        match self.value {
            Value::Null => self.mark(visitor.visit_none()),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        self.mark(self.value.deserialize_unit_struct(name, visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, serde_json::Error> {
        match self.value {
            Value::Array(items) => self.visit_seq(items, visitor),
            value => self.mark(value.deserialize_seq(visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, serde_json::Error> {
        match self.value {
            Value::Object(map) => self.visit_map(map, visitor),
            value => self.mark(value.deserialize_map(visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        match self.value {
            Value::Object(map) => self.visit_map(map, visitor),
            Value::Array(items) => self.visit_seq(items, visitor),
            value => self.mark(value.deserialize_struct(name, fields, visitor)),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        self.mark(self.value.deserialize_enum(name, variants, visitor))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        visitor.visit_unit()
    }
}

impl<'de> Tracked<'de, '_> {
    fn visit_map<V: Visitor<'de>>(
        self,
        map: &'de Map<String, Value>,
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        let mut access = TrackedMap {
            iter: map.iter(),
            value: None,
            parent: self,
        };
        let value = self.mark(visitor.visit_map(&mut access))?;
        if access.iter.len() == 0 {
            Ok(value)
        } else {
            self.mark(Err(de::Error::invalid_length(
                map.len(),
                &"fewer elements in map",
            )))
        }
    }

    fn visit_seq<V: Visitor<'de>>(
        self,
        items: &'de [Value],
        visitor: V,
    ) -> Result<V::Value, serde_json::Error> {
        let mut access = TrackedSeq {
            iter: items.iter().enumerate(),
            parent: self,
        };
        let value = self.mark(visitor.visit_seq(&mut access))?;
        if access.iter.len() == 0 {
            Ok(value)
        } else {
            self.mark(Err(de::Error::invalid_length(
                items.len(),
                &"fewer elements in array",
            )))
        }
    }
}

struct TrackedMap<'de, 'p> {
    iter: serde_json::map::Iter<'de>,
    value: Option<(&'de str, &'de Value)>,
    parent: Tracked<'de, 'p>,
}

impl<'de> MapAccess<'de> for TrackedMap<'de, '_> {
    type Error = serde_json::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, serde_json::Error> {
        let Some((key, value)) = self.iter.next() else {
            return Ok(None);
        };
        self.value = Some((key.as_str(), value));
        seed.deserialize(de::value::BorrowedStrDeserializer::<serde_json::Error>::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, serde_json::Error> {
        let Some((key, value)) = self.value.take() else {
            return Err(serde_json::Error::custom("value is missing"));
        };
        let path = Path::Key(self.parent.path, key);
        seed.deserialize(Tracked {
            value,
            path: &path,
            found: self.parent.found,
        })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}

struct TrackedSeq<'de, 'p> {
    iter: core::iter::Enumerate<core::slice::Iter<'de, Value>>,
    parent: Tracked<'de, 'p>,
}

impl<'de> SeqAccess<'de> for TrackedSeq<'de, '_> {
    type Error = serde_json::Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, serde_json::Error> {
        let Some((index, value)) = self.iter.next() else {
            return Ok(None);
        };
        let path = Path::Index(self.parent.path, index);
        seed.deserialize(Tracked {
            value,
            path: &path,
            found: self.parent.found,
        })
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.iter.len())
    }
}
