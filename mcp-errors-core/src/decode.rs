//! Runtime support for the `from_error_object` that `#[mcp(decode)]` generates.
//!
//! [`Decoder::new`] validates the received object (shape of `data`, nesting depth, the type
//! of `data.symbol`) and picks the variant: by `data.symbol` (symbol or alias) when present,
//! else by `code`; when both are present they must agree. The generated code then reads each
//! field with [`Decoder::field`], a `#[mcp(retryable)]` field with [`Decoder::retryable`]
//! (the catalog's default when `data.retryable` is absent) and a `#[mcp(retry_after)]` field
//! with [`Decoder::retry_after`] or [`Decoder::retry_after_field`] (from `data.retryAfterMs`).
//! An object whose `data` has no `symbol` (a gateway dropped it) is first read again from its
//! message: an embedded JSON-RPC error, or a `SYMBOL: ` of the catalog at its start
//! (`recover.rs`; docs/envelopes.md, "Identity through gateways").
//! Nothing here panics on hostile input: what does not decode is a [`DecodeError`], which
//! says why.

use core::fmt;
use core::time::Duration;
use std::borrow::Cow;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::ErrorCatalog;
pub use crate::ErrorObject;
use crate::field_types::{IntoRetryAfter, RetryableFlag, whole_ms};

/// Why a received [`ErrorObject`] could not become a typed error.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// No variant of the target type has this code.
    UnknownCode {
        /// The target type's name.
        target: &'static str,
        /// The received code.
        code: i32,
    },
    /// `data.symbol` names a symbol the target type does not know.
    UnknownSymbol {
        /// The target type's name.
        target: &'static str,
        /// The received symbol.
        symbol: String,
    },
    /// `data.symbol` and `code` name different variants.
    SymbolMismatch {
        /// The received code.
        code: i32,
        /// The received symbol.
        symbol: String,
        /// The symbol that `code` stands for.
        expected: &'static str,
    },
    /// `data` is present but not a JSON object, or too large or deep to accept.
    InvalidData {
        /// What was wrong.
        reason: String,
    },
    /// A field the variant needs is missing from `data`.
    MissingField {
        /// The variant's symbol.
        symbol: &'static str,
        /// The missing key.
        field: &'static str,
    },
    /// A field of `data` has the wrong shape for the variant's field type.
    InvalidField {
        /// The variant's symbol.
        symbol: &'static str,
        /// The offending key.
        field: &'static str,
        /// The deserializer's message.
        reason: String,
    },
    /// The input was not a JSON error object at all.
    InvalidJson {
        /// The parser's message.
        reason: String,
    },
}

impl fmt::Display for DecodeError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::UnknownCode { target, code } => {
                write!(f, "error code {code} is not defined by `{target}`")
            }
            DecodeError::UnknownSymbol { target, symbol } => {
                write!(f, "error symbol `{symbol}` is not defined by `{target}`")
            }
            DecodeError::SymbolMismatch {
                code,
                symbol,
                expected,
            } => write!(
                f,
                "error code {code} stands for `{expected}`, but data.symbol says `{symbol}`"
            ),
            DecodeError::InvalidData { reason } => write!(f, "invalid error data: {reason}"),
            DecodeError::MissingField { symbol, field } => {
                write!(f, "`{symbol}` error data lacks field `{field}`")
            }
            DecodeError::InvalidField {
                symbol,
                field,
                reason,
            } => {
                write!(
                    f,
                    "`{symbol}` error data field `{field}` is invalid: {reason}"
                )
            }
            DecodeError::InvalidJson { reason } => {
                write!(f, "not a JSON-RPC error object: {reason}")
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// The deepest `data` accepted, counting `data` itself as depth 1: 64, so a field's value
/// nests at most 63 levels, as deep as an envelope writes it (deeper parts are cut there, see
/// [`ReplyBudget`](crate::ReplyBudget)). What decodes therefore re-encodes unchanged, and an
/// envelope, which puts `data` two to four levels below its top, stays far inside
/// `serde_json`'s parsing limit of 128 levels. (With 128 here, a decoded value could re-encode
/// into an envelope that no longer parsed.) Also bounds values built in memory.
pub const MAX_DEPTH: usize = crate::envelope::MAX_FIELD_DEPTH + 1;

/// A received error object, checked and matched against one catalog.
#[derive(Debug)]
pub struct Decoder<'a> {
    data: Option<Cow<'a, Map<String, Value>>>,
    index: Option<usize>,
    entry_symbol: &'static str,
    code: i32,
    target: &'static str,
}

impl<'a> Decoder<'a> {
    /// Checks `obj` and finds its variant among `T`'s own entries.
    ///
    /// [`index`](Decoder::index) is `None` when the code or symbol belongs to one of `T`'s
    /// `transparent` inner types (the generated code then asks those).
    pub fn new<T: ErrorCatalog + ?Sized>(obj: &'a ErrorObject) -> Result<Self, DecodeError> {
        // A gateway may have dropped `data` and kept the error in the message: read it there
        // (`recover.rs`), else the object as it is.
        match crate::recover::recover::<T>(obj) {
            Some(found) => Self::checked::<T>(found.code, found.data.map(Cow::Owned)),
            None => Self::checked::<T>(obj.code, obj.data.as_ref().map(Cow::Borrowed)),
        }
    }

    fn checked<T: ErrorCatalog + ?Sized>(
        code: i32,
        data: Option<Cow<'a, Value>>,
    ) -> Result<Self, DecodeError> {
        let data: Option<Cow<'a, Map<String, Value>>> = match data {
            None | Some(Cow::Borrowed(Value::Null) | Cow::Owned(Value::Null)) => None,
            Some(Cow::Borrowed(Value::Object(map))) => Some(Cow::Borrowed(map)),
            Some(Cow::Owned(Value::Object(map))) => Some(Cow::Owned(map)),
            Some(other) => {
                return Err(DecodeError::InvalidData {
                    reason: format!("`data` must be a JSON object, found {}", describe(&other)),
                });
            }
        };
        if let Some(map) = &data {
            check_depth(map)?;
        }
        let received_symbol = match data.as_deref().and_then(|d| d.get("symbol")) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.as_str()),
            Some(other) => {
                return Err(DecodeError::InvalidData {
                    reason: format!("`data.symbol` must be a string, found {}", describe(other)),
                });
            }
        };
        let entries = T::ENTRIES;
        if received_symbol.is_none() && T::SHARED_CODES.contains(&code) {
            let symbols: Vec<&str> = entries
                .iter()
                .filter(|e| e.code == code)
                .map(|e| e.symbol)
                .collect();
            return Err(DecodeError::InvalidData {
                reason: format!(
                    "code {code} is shared by {}; `data.symbol` is needed to tell them apart",
                    symbols.join(", ")
                ),
            });
        }
        let index = match received_symbol {
            Some(symbol) => entries
                .iter()
                .position(|e| e.symbol == symbol || e.aliases.contains(&symbol)),
            None => entries.iter().position(|e| e.code == code),
        };
        if let Some(symbol) = received_symbol {
            let symbol_code = match index {
                Some(i) => entries[i].code,
                None => match T::entry_by_symbol(symbol) {
                    Some(entry) => entry.code,
                    None => {
                        return Err(DecodeError::UnknownSymbol {
                            target: T::NAME,
                            symbol: symbol.to_owned(),
                        });
                    }
                },
            };
            if symbol_code != code {
                return Err(match T::entry_by_code(code) {
                    Some(entry) => DecodeError::SymbolMismatch {
                        code,
                        symbol: symbol.to_owned(),
                        expected: entry.symbol,
                    },
                    None => DecodeError::UnknownCode {
                        target: T::NAME,
                        code,
                    },
                });
            }
        } else if index.is_none() && T::entry_by_code(code).is_none() {
            return Err(DecodeError::UnknownCode {
                target: T::NAME,
                code,
            });
        }
        Ok(Decoder {
            data,
            index,
            entry_symbol: index.map_or("", |i| entries[i].symbol),
            code,
            target: T::NAME,
        })
    }

    /// The index into `ENTRIES` of the variant to build, or `None` for a `transparent` one.
    #[inline]
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    /// `data[key]` as a `T`. A missing key is accepted when `T` accepts `null` (an
    /// `Option`), else it is [`DecodeError::MissingField`].
    pub fn field<T: FromData>(&self, key: &'static str) -> Result<T, DecodeError> {
        match self.data.as_deref().and_then(|d| d.get(key)) {
            Some(value) => T::deserialize(value).map_err(|e| DecodeError::InvalidField {
                symbol: self.entry_symbol,
                field: key,
                reason: e.to_string(),
            }),
            None => T::deserialize(&Value::Null).map_err(|_| DecodeError::MissingField {
                symbol: self.entry_symbol,
                field: key,
            }),
        }
    }

    /// A `#[mcp(retryable)]` field: `data.retryable` when present, else the catalog's
    /// `default` (a `plain_data` envelope leaves `retryable` out). A present but mistyped
    /// value is [`DecodeError::InvalidField`].
    pub fn retryable<T: FromData + RetryableFlag>(&self, default: bool) -> Result<T, DecodeError> {
        match self.data.as_deref().and_then(|d| d.get("retryable")) {
            Some(_) => self.field("retryable"),
            None => Ok(T::from_catalog(default)),
        }
    }

    /// `data.retryAfterMs`: `None` when absent or `null`, else a whole number of
    /// milliseconds in `u64`. Anything else (negative, fractional, too large, not a number)
    /// is [`DecodeError::InvalidField`].
    #[inline]
    pub fn retry_after_ms(&self) -> Result<Option<u64>, DecodeError> {
        let value = match self.data.as_deref().and_then(|d| d.get(RETRY_AFTER_MS)) {
            None | Some(Value::Null) => return Ok(None),
            Some(value) => value,
        };
        match (value.as_u64(), value) {
            (Some(ms), _) => Ok(Some(ms)),
            (None, Value::Number(n)) => Err(self.invalid_retry_after(format!(
                "expected a whole number of milliseconds in 0..2^64, found {n}"
            ))),
            (None, other) => Err(self.invalid_retry_after(format!(
                "expected a whole number of milliseconds, found {}",
                describe(other)
            ))),
        }
    }

    /// A `#[mcp(retry_after)]` field that has no key of its own in `data` (`skip`): from
    /// `data.retryAfterMs` when present, else `Default`.
    pub fn retry_after<T: FromRetryAfterMs + Default>(&self) -> Result<T, DecodeError> {
        match self.retry_after_ms()? {
            Some(ms) => self.decode_ms(ms),
            None => Ok(T::default()),
        }
    }

    /// A `#[mcp(retry_after)]` field also serialized under `key`: from `data.retryAfterMs`
    /// when present, else from `data[key]`, else `Default`.
    ///
    /// When both are present and `data[key]` stands for the same whole milliseconds (the
    /// envelope writes both from one value), `data[key]` is taken: it keeps what
    /// milliseconds cannot (sub-millisecond `Duration`s, seconds beyond `u64::MAX` ms).
    /// Either key, when present, must be well formed.
    pub fn retry_after_field<T>(&self, key: &'static str) -> Result<T, DecodeError>
    where
        T: FromData + FromRetryAfterMs + IntoRetryAfter + Default,
    {
        let ms = self.retry_after_ms()?;
        let own = match self.data.as_deref().and_then(|d| d.get(key)) {
            Some(_) => Some(self.field::<T>(key)?),
            None => None,
        };
        match (ms, own) {
            (Some(ms), Some(own)) if own.retry_after().map(whole_ms) == Some(ms) => Ok(own),
            (Some(ms), _) => self.decode_ms(ms),
            (None, Some(own)) => Ok(own),
            (None, None) => Ok(T::default()),
        }
    }

    /// `ms` as the field's type; a value the type cannot hold is an error on `retryAfterMs`.
    fn decode_ms<T: FromRetryAfterMs>(&self, ms: u64) -> Result<T, DecodeError> {
        T::from_retry_after_ms(ms).map_err(|e| self.invalid_retry_after(e))
    }

    #[inline]
    fn invalid_retry_after(&self, reason: String) -> DecodeError {
        DecodeError::InvalidField {
            symbol: self.entry_symbol,
            field: RETRY_AFTER_MS,
            reason,
        }
    }

    /// `data.symbol`, when it is a string.
    fn received_symbol(&self) -> Option<&str> {
        self.data.as_deref()?.get("symbol")?.as_str()
    }

    /// The error for an object that no variant, own or `transparent`, accepted.
    #[inline]
    pub fn unknown(&self) -> DecodeError {
        match self.received_symbol() {
            Some(symbol) => DecodeError::UnknownSymbol {
                target: self.target,
                symbol: symbol.to_owned(),
            },
            None => DecodeError::UnknownCode {
                target: self.target,
                code: self.code,
            },
        }
    }
}

/// The key of the delay in `data`, as the envelopes write it.
const RETRY_AFTER_MS: &str = "retryAfterMs";

/// A field type that `from_error_object` can read from `data`: every `serde::Deserialize`
/// type. A trait of its own so that a missing impl is reported in the derive's words.
#[diagnostic::on_unimplemented(
    message = "`#[mcp(decode)]` cannot read `{Self}` from `data`",
    label = "this type does not implement `serde::Deserialize`",
    note = "derive `serde::Deserialize` for it, mark the field `#[mcp(skip)]` (it then takes \
            `Default`), or remove `decode` from the enum"
)]
pub trait FromData: DeserializeOwned {}

#[diagnostic::do_not_recommend]
impl<T: DeserializeOwned> FromData for T {}

/// A field that never reaches the wire (`skip`, `source`, `from`), which `from_error_object`
/// rebuilds with `Default`. A trait of its own so that a type without `Default` (a foreign
/// error, most often) is reported in the derive's words.
#[diagnostic::on_unimplemented(
    message = "`#[mcp(decode)]` cannot rebuild `{Self}`: it has no `Default`",
    label = "never on the wire, so decoding fills this field with `Default::default()`",
    note = "make the field an `Option<...>` (decoded as `None`), implement `Default` for the \
            type, or remove `decode` from the enum"
)]
pub trait DefaultOnDecode {
    /// The field's value in a decoded error.
    fn default_on_decode() -> Self;
}

#[diagnostic::do_not_recommend]
impl<T: Default> DefaultOnDecode for T {
    #[inline]
    fn default_on_decode() -> Self {
        T::default()
    }
}

/// Whether a `transparent` inner type rejected the object only because it does not know it
/// (so the next candidate may be asked).
#[inline]
pub fn is_unknown(error: &DecodeError) -> bool {
    matches!(
        error,
        DecodeError::UnknownCode { .. } | DecodeError::UnknownSymbol { .. }
    )
}

/// Rejects `data` nested deeper than [`MAX_DEPTH`], without recursing.
#[inline]
fn check_depth(map: &Map<String, Value>) -> Result<(), DecodeError> {
    let mut stack: Vec<(&Value, usize)> = map.values().map(|v| (v, 2)).collect();
    while let Some((value, depth)) = stack.pop() {
        let children: Box<dyn Iterator<Item = &Value>> = match value {
            Value::Array(items) => Box::new(items.iter()),
            Value::Object(map) => Box::new(map.values()),
            _ => continue,
        };
        if depth > MAX_DEPTH {
            return Err(DecodeError::InvalidData {
                reason: format!("`data` is nested deeper than {MAX_DEPTH} levels"),
            });
        }
        stack.extend(children.map(|v| (v, depth + 1)));
    }
    Ok(())
}

#[inline]
fn describe(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The decoding side of [`IntoRetryAfter`](crate::__private::IntoRetryAfter): a `#[mcp(retry_after)]` field rebuilt from a
/// received `data.retryAfterMs` (whole milliseconds, already checked to be a `u64`).
#[diagnostic::on_unimplemented(
    message = "`#[mcp(decode)]` cannot rebuild a `{Self}` from `data.retryAfterMs`",
    label = "a decoded `retry_after` field must be a `Duration`, integer seconds, `f64` \
             seconds, or an `Option` of one of these",
    note = "remove `decode` from the enum, or give the field one of those types"
)]
pub trait FromRetryAfterMs: Sized {
    /// `ms` milliseconds as this type; integer seconds round up. `Err` says why the value
    /// does not fit (never a panic).
    fn from_retry_after_ms(ms: u64) -> Result<Self, String>;
}

impl FromRetryAfterMs for Duration {
    fn from_retry_after_ms(ms: u64) -> Result<Self, String> {
        Ok(Duration::from_millis(ms))
    }
}

macro_rules! retry_after_from_ms_int {
    ($($t:ty),*) => {$(
        impl FromRetryAfterMs for $t {
            fn from_retry_after_ms(ms: u64) -> Result<Self, String> {
                let secs = ms.div_ceil(1000);
                <$t>::try_from(secs).map_err(|_| {
                    format!(
                        "{ms} ms ({secs} s) do not fit in `{}` seconds",
                        core::stringify!($t)
                    )
                })
            }
        }
    )*};
}
retry_after_from_ms_int!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl FromRetryAfterMs for f64 {
    #[allow(clippy::cast_precision_loss)] // beyond 2^53 ms (285 000 years) precision is moot
    fn from_retry_after_ms(ms: u64) -> Result<Self, String> {
        Ok(ms as f64 / 1000.0)
    }
}

impl<T: FromRetryAfterMs> FromRetryAfterMs for Option<T> {
    fn from_retry_after_ms(ms: u64) -> Result<Self, String> {
        T::from_retry_after_ms(ms).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CodeRange, ErrorEntry, ErrorKind};

    struct Cat;

    const fn entry(
        code: i32,
        symbol: &'static str,
        aliases: &'static [&'static str],
    ) -> ErrorEntry {
        ErrorEntry {
            code,
            symbol,
            domain: "t",
            message: "m",
            retryable: false,
            kind: ErrorKind::Internal,
            variant: "V",
            doc: "",
            aliases,
            help: None,
            channel: crate::Channel::ToolError,
            error_type: None,
            fields: &[],
        }
    }

    impl ErrorCatalog for Cat {
        const NAME: &'static str = "Cat";
        const DOMAIN: &'static str = "t";
        const RANGE: Option<CodeRange> = None;
        const ENTRIES: &'static [ErrorEntry] = &[
            entry(10, "E_TEN", &["E_OLD_TEN"]),
            entry(11, "E_ELEVEN", &[]),
        ];
    }

    fn obj(code: i32, data: Option<Value>) -> ErrorObject {
        ErrorObject {
            code,
            message: String::new(),
            data,
        }
    }

    #[test]
    fn picks_by_symbol_alias_or_code() {
        let o = obj(11, None);
        assert_eq!(Decoder::new::<Cat>(&o).unwrap().index(), Some(1));
        let o = obj(10, Some(serde_json::json!({"symbol": "E_OLD_TEN"})));
        assert_eq!(Decoder::new::<Cat>(&o).unwrap().index(), Some(0));
    }

    #[test]
    fn rejects_unknown_and_disagreeing_objects() {
        let o = obj(12, None);
        assert_eq!(
            Decoder::new::<Cat>(&o).unwrap_err(),
            DecodeError::UnknownCode {
                target: "Cat",
                code: 12
            }
        );
        let o = obj(10, Some(serde_json::json!({"symbol": "E_NOPE"})));
        assert!(matches!(
            Decoder::new::<Cat>(&o).unwrap_err(),
            DecodeError::UnknownSymbol { .. }
        ));
        let o = obj(10, Some(serde_json::json!({"symbol": "E_ELEVEN"})));
        assert_eq!(
            Decoder::new::<Cat>(&o).unwrap_err(),
            DecodeError::SymbolMismatch {
                code: 10,
                symbol: "E_ELEVEN".to_owned(),
                expected: "E_TEN"
            }
        );
        let o = obj(99, Some(serde_json::json!({"symbol": "E_ELEVEN"})));
        assert!(matches!(
            Decoder::new::<Cat>(&o).unwrap_err(),
            DecodeError::UnknownCode { code: 99, .. }
        ));
        for data in [
            serde_json::json!("x"),
            serde_json::json!([1]),
            serde_json::json!({"symbol": 5}),
        ] {
            let o = obj(10, Some(data));
            assert!(matches!(
                Decoder::new::<Cat>(&o).unwrap_err(),
                DecodeError::InvalidData { .. }
            ));
        }
    }

    #[test]
    fn fields_missing_optional_or_mistyped() {
        let o = obj(10, Some(serde_json::json!({"n": 5, "s": "x"})));
        let d = Decoder::new::<Cat>(&o).unwrap();
        assert_eq!(d.field::<u8>("n").unwrap(), 5);
        assert_eq!(d.field::<Option<u8>>("absent").unwrap(), None);
        assert_eq!(
            d.field::<u8>("absent").unwrap_err(),
            DecodeError::MissingField {
                symbol: "E_TEN",
                field: "absent"
            }
        );
        assert!(matches!(
            d.field::<u8>("s").unwrap_err(),
            DecodeError::InvalidField { field: "s", .. }
        ));
    }

    #[test]
    fn deep_data_is_rejected_without_recursion() {
        let mut value = Value::Null;
        for _ in 0..100_000 {
            value = Value::Array(vec![value]);
        }
        let mut map = Map::new();
        map.insert("deep".to_owned(), value);
        let o = obj(10, Some(Value::Object(map)));
        assert!(matches!(
            Decoder::new::<Cat>(&o).unwrap_err(),
            DecodeError::InvalidData { .. }
        ));
        // Tear the value down iteratively: the default drop would recurse 100 000 deep.
        let Some(Value::Object(mut map)) = o.data else {
            unreachable!()
        };
        let mut next = map.remove("deep");
        while let Some(Value::Array(mut items)) = next {
            next = items.pop();
        }

        let mut ok = Value::Null;
        for _ in 0..MAX_DEPTH - 1 {
            ok = Value::Array(vec![ok]);
        }
        let o = obj(10, Some(serde_json::json!({ "deep": ok })));
        assert!(Decoder::new::<Cat>(&o).is_ok());
    }
}
