//! [`RequestId`]: the `id` of a JSON-RPC response.

use core::fmt;
use std::borrow::Cow;

use serde::{Serialize, Serializer};

/// The `id` of a JSON-RPC response: an integer, a string, or `null`.
///
/// Borrows a string id when it can, so echoing a request's id allocates nothing. Integers
/// up to `i64` convert with `From` (`to_jsonrpc(1)`), strings from `&str`, `String`,
/// `&String` and `Cow<str>` (`to_jsonrpc("abc")`), and `Option<T>` maps `None` to `null`.
///
/// ```
/// use mcp_errors_core::RequestId;
///
/// assert_eq!(RequestId::from(1), RequestId::Number(1));
/// assert_eq!(RequestId::from("abc"), RequestId::String("abc".into()));
/// assert_eq!(RequestId::from(None::<i64>), RequestId::Null);
///
/// // Echo the id of a parsed request.
/// let request: serde_json::Value = serde_json::from_str(r#"{"id":"x-1","method":"m"}"#).unwrap();
/// let id = RequestId::from_json(&request["id"]).unwrap();
/// assert_eq!(serde_json::to_string(&id).unwrap(), r#""x-1""#);
/// assert_eq!(RequestId::from_json(&serde_json::json!(1.5)), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RequestId<'a> {
    /// An integer id.
    Number(i64),
    /// A string id.
    String(Cow<'a, str>),
    /// `null`: the id of the request could not be determined (parse errors).
    Null,
}

impl RequestId<'_> {
    /// Reads the `id` of a received request. `None` unless the value is an integer that fits
    /// `i64`, a string, or `null`.
    pub fn from_json(value: &serde_json::Value) -> Option<RequestId<'_>> {
        match value {
            serde_json::Value::Null => Some(RequestId::Null),
            serde_json::Value::Number(n) => n.as_i64().map(RequestId::Number),
            serde_json::Value::String(s) => Some(RequestId::String(Cow::Borrowed(s))),
            _ => None,
        }
    }

    /// An owned copy that borrows nothing.
    ///
    /// ```
    /// # use mcp_errors_core::RequestId;
    /// let owned: RequestId<'static> = RequestId::from(&String::from("a")).into_owned();
    /// assert_eq!(owned, RequestId::String("a".into()));
    /// ```
    pub fn into_owned(self) -> RequestId<'static> {
        match self {
            RequestId::Number(n) => RequestId::Number(n),
            RequestId::String(s) => RequestId::String(Cow::Owned(s.into_owned())),
            RequestId::Null => RequestId::Null,
        }
    }
}

macro_rules! request_id_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for RequestId<'_> {
            fn from(n: $t) -> Self {
                RequestId::Number(i64::from(n))
            }
        }
    )*};
}
request_id_from_int!(i8, i16, i32, i64, u8, u16, u32);

impl<'a> From<&'a str> for RequestId<'a> {
    fn from(s: &'a str) -> Self {
        RequestId::String(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for RequestId<'a> {
    fn from(s: &'a String) -> Self {
        RequestId::String(Cow::Borrowed(s))
    }
}

impl From<String> for RequestId<'_> {
    fn from(s: String) -> Self {
        RequestId::String(Cow::Owned(s))
    }
}

impl<'a> From<Cow<'a, str>> for RequestId<'a> {
    fn from(s: Cow<'a, str>) -> Self {
        RequestId::String(s)
    }
}

impl<'a> From<&'a RequestId<'_>> for RequestId<'a> {
    fn from(id: &'a RequestId<'_>) -> Self {
        match id {
            RequestId::Number(n) => RequestId::Number(*n),
            RequestId::String(s) => RequestId::String(Cow::Borrowed(s)),
            RequestId::Null => RequestId::Null,
        }
    }
}

impl<'a, T: Into<RequestId<'a>>> From<Option<T>> for RequestId<'a> {
    fn from(id: Option<T>) -> Self {
        id.map_or(RequestId::Null, Into::into)
    }
}

impl Serialize for RequestId<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RequestId::Number(n) => serializer.serialize_i64(*n),
            RequestId::String(s) => serializer.serialize_str(s),
            RequestId::Null => serializer.serialize_unit(),
        }
    }
}

impl<'de> serde::Deserialize<'de> for RequestId<'static> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct IdVisitor;
        impl serde::de::Visitor<'_> for IdVisitor {
            type Value = RequestId<'static>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON-RPC id: an integer, a string or null")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Self::Value, E> {
                Ok(RequestId::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Self::Value, E> {
                i64::try_from(v)
                    .map(RequestId::Number)
                    .map_err(|_| E::custom(format_args!("request id {v} is out of range")))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(RequestId::String(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(RequestId::String(Cow::Owned(v)))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(RequestId::Null)
            }
            fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(RequestId::Null)
            }
        }
        deserializer.deserialize_any(IdVisitor)
    }
}
