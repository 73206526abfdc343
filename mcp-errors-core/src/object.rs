//! [`ErrorObject`]: a received JSON-RPC `error` member, the receiving side of the wire.

/// The owned form of a received JSON-RPC `error` member: `{"code", "message", "data"}`.
///
/// With the `client` feature it is `Deserialize` (and [`from_json`](Self::from_json)): `code`
/// accepts a JSON integer or, as seed 004's servers send it, a string of one (`"1001"`);
/// anything else (floats, out-of-range integers, other strings) is a deserialization error.
/// It serializes back with a numeric code.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "client", derive(serde::Deserialize))]
pub struct ErrorObject {
    /// The numeric code.
    #[cfg_attr(
        feature = "client",
        serde(deserialize_with = "code_from_number_or_string")
    )]
    pub code: i32,
    /// The human-readable message.
    pub message: String,
    /// The structured `data`, when present.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

#[cfg(feature = "client")]
fn code_from_number_or_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i32, D::Error> {
    struct CodeVisitor;
    impl serde::de::Visitor<'_> for CodeVisitor {
        type Value = i32;
        #[inline]
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("an i32 error code, as a number or a string of digits")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom(format_args!("error code {v} is out of range")))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i32, E> {
            i32::try_from(v).map_err(|_| E::custom(format_args!("error code {v} is out of range")))
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<i32, E> {
            v.trim()
                .parse()
                .map_err(|_| E::invalid_value(serde::de::Unexpected::Str(v), &self))
        }
    }
    d.deserialize_any(CodeVisitor)
}

impl ErrorObject {
    /// `data.symbol`, when `data` is an object with a string `symbol`.
    #[inline]
    pub fn symbol(&self) -> Option<&str> {
        self.data.as_ref()?.get("symbol")?.as_str()
    }

    /// `data.domain`, when `data` is an object with a string `domain`.
    #[inline]
    pub fn domain(&self) -> Option<&str> {
        self.data.as_ref()?.get("domain")?.as_str()
    }
}

/// The client's side: parsing, and the retry contract read from `data`.
#[cfg(feature = "client")]
impl ErrorObject {
    /// Parses an `error` member from JSON text. Malformed input is a
    /// [`DecodeError`](crate::DecodeError).
    #[inline]
    pub fn from_json(json: &str) -> Result<ErrorObject, crate::DecodeError> {
        serde_json::from_str(json).map_err(|e| crate::DecodeError::InvalidJson {
            reason: e.to_string(),
        })
    }

    /// `data.retryAfterMs` as a delay, when it is an integer from 0 to `u64::MAX` (the retry
    /// contract, [`retry`](crate::retry)); a malformed value is `None`.
    #[inline]
    pub fn retry_after(&self) -> Option<core::time::Duration> {
        crate::retry::retry_after_ms_of(self.data.as_ref()?.get("retryAfterMs")?)
    }

    /// Whether the error is worth retrying: `data.retryable` is `true`, a retry delay is
    /// known ([`retry_after`](Self::retry_after)), or the code is -32023 `RateLimited`
    /// (SEP-3304, proposed; read whatever the `sep-3304` feature says).
    #[inline]
    pub fn is_retryable(&self) -> bool {
        self.code == -32023
            || self.retry_after().is_some()
            || self
                .data
                .as_ref()
                .and_then(|d| d.get("retryable"))
                .and_then(serde_json::Value::as_bool)
                == Some(true)
    }
}

#[cfg(all(test, feature = "client"))]
mod tests {
    use super::*;
    use crate::DecodeError;

    #[test]
    fn code_accepts_numbers_and_digit_strings_only() {
        let o = ErrorObject::from_json(r#"{"code":"1001","message":"m"}"#).unwrap();
        assert_eq!(o.code, 1001);
        assert_eq!(o.data, None);
        let o = ErrorObject::from_json(r#"{"code":-32602,"message":"m","data":{"symbol":"X"}}"#)
            .unwrap();
        assert_eq!((o.code, o.symbol()), (-32602, Some("X")));
        for bad in [
            r#"{"code":2100.5,"message":"m"}"#,
            r#"{"code":99999999999,"message":"m"}"#,
            r#"{"code":"abc","message":"m"}"#,
            r#"{"code":true,"message":"m"}"#,
            r#"{"message":"m"}"#,
            "[1,2]",
            "",
        ] {
            assert!(
                matches!(
                    ErrorObject::from_json(bad),
                    Err(DecodeError::InvalidJson { .. })
                ),
                "{bad}"
            );
        }
    }
}
