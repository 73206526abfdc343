//! The draft `ToolFailure` extension of MCP (specification pull requests #3312 and #3313, not
//! accepted): a structured failure under `_meta["io.modelcontextprotocol/toolFailure"]` of a
//! tool error (`CallToolResult` with `isError: true`).
//!
//! The draft names these members, all of which this crate writes and reads as follows (the
//! draft gives no final types yet; those below are this crate's reading and may change with it):
//!
//! | member | type | written from |
//! |---|---|---|
//! | `class` | `"capability"`, `"reliability"` or `"governance"` | the variant's [`ErrorKind`] ([`class_of`]) |
//! | `code` | string | the variant's symbol (`E_PW_NAV`); its numeric code stays in `_meta.code` |
//! | `retryable` | boolean | the wire's `retryable` (the catalog's flag, or `true` with a delay) |
//! | `retryNotBefore` | RFC 3339 date-time, UTC (`2026-11-28T04:03:07.123Z`) | now plus [`McpError::retry_after`](crate::McpError::retry_after), rounded up to the millisecond; only with a delay |
//! | `correlationId` | string | the envelope's context ([`EnvelopeView::with_context`](crate::EnvelopeView::with_context)): its `correlationId`, else its `requestId`; only when there is one |
//! | `agentGuidance` | string | the variant's [`help`](crate::McpError::help); only when it has one |
//!
//! Only catalog facts and what the server passed as context reach it: never a field of the
//! variant, its message or its details.
//!
//! **Writing** needs the cargo feature `tool-failure`, and then a server's choice:
//! [`ToolErrorFormat::with_meta_tool_failure`](crate::ToolErrorFormat) (for one envelope, or
//! for every tool error of the process with `set_global`, which the rmcp integration reads).
//! Without that choice, feature or not, no byte of any tool error changes.
//!
//! **Reading** comes with the `client` feature, whatever `tool-failure` says:
//! [`ToolFailure::from_tool_result`]; and the decoders fall back on it for a tool result that
//! carries nothing else (another server that implements the draft):
//! [`ErrorObject::from_tool_result`](crate::ErrorObject::from_tool_result) takes its numeric
//! `code`, `retryable` and delay, and the retry contract's readers
//! ([`tool_result_retry_after`](crate::retry::tool_result_retry_after),
//! [`message_retry_after`](crate::retry::message_retry_after)) its `retryNotBefore`, after
//! `_meta.retryAfterMs` and the text form.

use crate::ErrorKind;

/// The `_meta` key of the draft's structured failure.
pub const META_KEY: &str = "io.modelcontextprotocol/toolFailure";

/// The draft's `class` of a failure of kind `kind`:
///
/// | kind | class | why |
/// |---|---|---|
/// | `validation`, `not_found`, `business`, `protocol` | `capability` | the tool cannot do this request as asked: change the request or the plan |
/// | `timeout`, `network`, `rate_limit`, `unavailable`, `internal`, `adapter` | `reliability` | the request may succeed later or elsewhere |
/// | `permission` | `governance` | a policy or the caller's rights refuse it |
///
/// ```
/// use mcp_errors_core::{ErrorKind, tool_failure::class_of};
///
/// assert_eq!(class_of(ErrorKind::RateLimit), "reliability");
/// assert_eq!(class_of(ErrorKind::Permission), "governance");
/// assert_eq!(class_of(ErrorKind::Validation), "capability");
/// ```
pub const fn class_of(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Validation | ErrorKind::NotFound | ErrorKind::Business | ErrorKind::Protocol => {
            "capability"
        }
        ErrorKind::Timeout
        | ErrorKind::Network
        | ErrorKind::RateLimit
        | ErrorKind::Unavailable
        | ErrorKind::Internal
        | ErrorKind::Adapter => "reliability",
        ErrorKind::Permission => "governance",
    }
}

/// The longest `correlationId` written or read, in bytes; a longer one is left out.
pub const MAX_CORRELATION_ID: usize = 128;

/// The longest `code` and `agentGuidance` read, in bytes; a longer one is left out.
#[cfg(feature = "client")]
const MAX_TEXT: usize = 4096;

/// Whether `id` may go out (or come in) as a `correlationId`: 1 to [`MAX_CORRELATION_ID`]
/// bytes, no control characters.
#[cfg(any(feature = "client", feature = "tool-failure"))]
fn valid_correlation_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= MAX_CORRELATION_ID && !id.chars().any(char::is_control)
}

#[cfg(feature = "tool-failure")]
pub(crate) use write::FailureMeta;

#[cfg(feature = "tool-failure")]
mod write {
    use std::borrow::Cow;
    use std::time::{SystemTime, UNIX_EPOCH};

    use serde::ser::{Serialize, SerializeMap, Serializer};

    use super::{class_of, valid_correlation_id};
    use crate::VisitData;
    use crate::field_types::retryable_on_wire;

    /// An envelope's request-scoped context.
    type Context = serde_json::Map<String, serde_json::Value>;

    /// The value of `_meta["io.modelcontextprotocol/toolFailure"]` for `error`.
    pub(crate) struct FailureMeta<'a, E: ?Sized> {
        pub(crate) error: &'a E,
        pub(crate) context: Option<&'a Context>,
    }

    impl<E: ?Sized + VisitData> Serialize for FailureMeta<'_, E> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let error = self.error;
            let mut map = serializer.serialize_map(None)?;
            map.serialize_entry("class", class_of(error.kind()))?;
            map.serialize_entry("code", error.symbol())?;
            let delay = error.retry_after();
            let retryable = retryable_on_wire(error.retryable(), delay.is_some());
            map.serialize_entry("retryable", &retryable)?;
            if let Some(at) = delay.and_then(not_before) {
                map.serialize_entry("retryNotBefore", &at)?;
            }
            if let Some(id) = self.context.and_then(correlation_id) {
                map.serialize_entry("correlationId", &id)?;
            }
            if let Some(help) = error.help() {
                map.serialize_entry("agentGuidance", help)?;
            }
            map.end()
        }
    }

    /// The context's `correlationId`, else its `requestId`: a string (borrowed), or an integer
    /// written as one, that [`valid_correlation_id`] accepts.
    fn correlation_id(context: &Context) -> Option<Cow<'_, str>> {
        ["correlationId", "requestId"].iter().find_map(|key| {
            let id = match context.get(*key)? {
                serde_json::Value::String(s) => Cow::Borrowed(s.as_str()),
                serde_json::Value::Number(n) if n.is_i64() || n.is_u64() => {
                    Cow::Owned(n.to_string())
                }
                _ => return None,
            };
            valid_correlation_id(&id).then_some(id)
        })
    }

    /// Now plus `delay`, rounded up to the millisecond, as RFC 3339 UTC; `None` past year 9999.
    fn not_before(delay: core::time::Duration) -> Option<super::time::UtcMs> {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).ok()?;
        let now_ms = crate::field_types::whole_ms(now);
        let at = now_ms.checked_add(crate::field_types::whole_ms(delay))?;
        super::time::UtcMs::new(at)
    }
}

#[cfg(feature = "client")]
pub use read::{FailureCode, ToolFailure};

#[cfg(feature = "client")]
mod read {
    use core::time::Duration;
    use std::time::SystemTime;

    use serde_json::Value;

    use super::{MAX_TEXT, META_KEY, valid_correlation_id};

    /// The `code` of a received [`ToolFailure`].
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum FailureCode {
        /// A JSON integer within `i32`, or a string of one (as string-coded servers send
        /// codes): a numeric error code.
        Number(i32),
        /// Any other string (this crate writes the symbol, `E_PW_NAV`).
        Name(String),
    }

    /// A received `_meta["io.modelcontextprotocol/toolFailure"]` (see the
    /// [module](super)): each member as far as it has the expected type and size, else
    /// `None`. Reading never fails on the members' values.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use mcp_errors_core::tool_failure::{FailureCode, ToolFailure};
    /// use serde_json::json;
    ///
    /// let result = json!({"isError": true, "content": [{"type": "text", "text": "slow down"}],
    ///     "_meta": {"io.modelcontextprotocol/toolFailure": {"class": "reliability",
    ///         "code": "RATE_LIMITED", "retryable": true,
    ///         "retryNotBefore": "2026-01-01T00:00:02Z", "correlationId": "req-7"}}});
    /// let failure = ToolFailure::from_tool_result(&result).unwrap();
    /// assert_eq!(failure.code, Some(FailureCode::Name("RATE_LIMITED".into())));
    /// assert_eq!(failure.retryable, Some(true));
    /// let now = UNIX_EPOCH + Duration::from_secs(1_767_225_600); // 2026-01-01T00:00:00Z
    /// assert_eq!(failure.retry_after_at(now), Some(Duration::from_secs(2)));
    /// // A moment already past: retry now.
    /// assert_eq!(failure.retry_after_at(now + Duration::from_secs(60)), Some(Duration::ZERO));
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq, Default)]
    #[non_exhaustive]
    pub struct ToolFailure {
        /// `class` (`capability`, `reliability`, `governance`, or another string the draft
        /// may add).
        pub class: Option<String>,
        /// `code`.
        pub code: Option<FailureCode>,
        /// `retryable`.
        pub retryable: Option<bool>,
        /// `retryNotBefore`, an RFC 3339 date-time with a `Z` or `±HH:MM` offset, years 0000
        /// to 9999.
        pub retry_not_before: Option<SystemTime>,
        /// `correlationId`: 1 to
        /// [`MAX_CORRELATION_ID`](super::MAX_CORRELATION_ID) bytes without control characters.
        pub correlation_id: Option<String>,
        /// `agentGuidance`.
        pub agent_guidance: Option<String>,
    }

    impl ToolFailure {
        /// The failure of a tool result (`CallToolResult` JSON with `isError: true`), when
        /// its `_meta` has the draft's key with an object; `None` otherwise.
        pub fn from_tool_result(result: &Value) -> Option<ToolFailure> {
            if result.get("isError") != Some(&Value::Bool(true)) {
                return None;
            }
            ToolFailure::from_meta(result.get("_meta")?)
        }

        /// The failure under the draft's key of a tool result's `_meta`.
        pub(crate) fn from_meta(meta: &Value) -> Option<ToolFailure> {
            let failure = meta.get(META_KEY)?.as_object()?;
            let text = |key: &str| {
                failure
                    .get(key)
                    .and_then(Value::as_str)
                    .filter(|s| s.len() <= MAX_TEXT)
                    .map(str::to_owned)
            };
            let code = match failure.get("code") {
                Some(Value::Number(n)) => n
                    .as_i64()
                    .and_then(|n| i32::try_from(n).ok())
                    .map(FailureCode::Number),
                Some(Value::String(s)) if !s.is_empty() && s.len() <= MAX_TEXT => {
                    Some(match s.trim().parse::<i32>() {
                        Ok(n) => FailureCode::Number(n),
                        Err(_) => FailureCode::Name(s.clone()),
                    })
                }
                _ => None,
            };
            Some(ToolFailure {
                class: text("class"),
                code,
                retryable: failure.get("retryable").and_then(Value::as_bool),
                retry_not_before: failure
                    .get("retryNotBefore")
                    .and_then(Value::as_str)
                    .and_then(super::time::parse),
                correlation_id: text("correlationId").filter(|id| valid_correlation_id(id)),
                agent_guidance: text("agentGuidance"),
            })
        }

        /// How long to wait from `now` before retrying: `retryNotBefore` minus `now`, zero
        /// once it has passed; `None` without a `retryNotBefore`.
        pub fn retry_after_at(&self, now: SystemTime) -> Option<Duration> {
            let at = self.retry_not_before?;
            Some(at.duration_since(now).unwrap_or(Duration::ZERO))
        }

        /// [`retry_after_at`](Self::retry_after_at) the current time.
        pub fn retry_after(&self) -> Option<Duration> {
            self.retry_after_at(SystemTime::now())
        }

        /// Whether it says the call is worth retrying: `retryable` is `true`, or a
        /// `retryNotBefore` is given.
        pub fn is_retryable(&self) -> bool {
            crate::field_types::retryable_on_wire(
                self.retryable == Some(true),
                self.retry_not_before.is_some(),
            )
        }
    }

    /// The retry delay of the failure in a tool result's `_meta`, from now.
    pub(crate) fn meta_retry_after(meta: &Value) -> Option<Duration> {
        ToolFailure::from_meta(meta)?.retry_after()
    }
}

#[cfg(feature = "client")]
pub(crate) use read::meta_retry_after;

/// RFC 3339 date-times in UTC, by hand: two conversions between a calendar date and days since
/// 1970 (the days-from-civil algorithm of H. Hinnant), which do not justify a date crate in
/// the core's build.
mod time {
    /// Days since 1970-01-01 of the proleptic Gregorian date `y-m-d` (`m` 1..=12).
    #[cfg(feature = "client")]
    fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `(y, m, d)` `days` after 1970-01-01.
    #[cfg(feature = "tool-failure")]
    fn civil_from_days(days: i64) -> (i64, i64, i64) {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = doy - (153 * mp + 2) / 5 + 1;
        let m = if mp < 10 { mp + 3 } else { mp - 9 };
        (yoe + era * 400 + i64::from(m <= 2), m, d)
    }

    /// A moment in milliseconds after the Unix epoch, written (`Display`, and serialized as a
    /// string through `collect_str`, no `String`) as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    #[cfg(feature = "tool-failure")]
    #[derive(Clone, Copy)]
    pub(super) struct UtcMs {
        /// Whole seconds after the epoch.
        secs: i64,
        /// The milliseconds past them.
        millis: u64,
    }

    #[cfg(feature = "tool-failure")]
    impl UtcMs {
        /// `ms` after the epoch; `None` past year 9999.
        pub(super) fn new(ms: u64) -> Option<UtcMs> {
            let secs = i64::try_from(ms / 1000).ok()?;
            let (y, _, _) = civil_from_days(secs.div_euclid(86_400));
            (y <= 9999).then_some(UtcMs {
                secs,
                millis: ms % 1000,
            })
        }
    }

    #[cfg(feature = "tool-failure")]
    impl core::fmt::Display for UtcMs {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            let secs = self.secs;
            let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
            let in_day = secs.rem_euclid(86_400);
            write!(
                f,
                "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z",
                in_day / 3600,
                in_day / 60 % 60,
                in_day % 60,
                self.millis
            )
        }
    }

    #[cfg(feature = "tool-failure")]
    impl serde::Serialize for UtcMs {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    /// [`UtcMs`] as a `String`; `None` past year 9999.
    #[cfg(all(test, feature = "tool-failure"))]
    pub(super) fn format_ms(ms: u64) -> Option<String> {
        UtcMs::new(ms).map(|at| at.to_string())
    }

    /// Parses an RFC 3339 date-time (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and `Z`
    /// in either case, a leap second read as :59); `None` for anything else, or a moment
    /// before 1970 (read as the epoch itself: long past).
    #[cfg(feature = "client")]
    pub(super) fn parse(text: &str) -> Option<std::time::SystemTime> {
        use core::time::Duration;
        use std::time::UNIX_EPOCH;

        /// The number of `n` ASCII digits at `at`.
        fn digits(b: &[u8], at: usize, n: usize) -> Option<i64> {
            let part = b.get(at..at + n)?;
            part.iter().try_fold(0i64, |acc, c| {
                c.is_ascii_digit().then(|| acc * 10 + i64::from(c - b'0'))
            })
        }

        // The longest valid form is well under this: nine fraction digits and an offset.
        if text.len() > 64 {
            return None;
        }
        let bytes = text.as_bytes();
        let (year, month, day) = (
            digits(bytes, 0, 4)?,
            digits(bytes, 5, 2)?,
            digits(bytes, 8, 2)?,
        );
        let (hour, minute, second) = (
            digits(bytes, 11, 2)?,
            digits(bytes, 14, 2)?,
            digits(bytes, 17, 2)?,
        );
        if bytes.get(4) != Some(&b'-')
            || bytes.get(7) != Some(&b'-')
            || !matches!(bytes.get(10), Some(b'T' | b't'))
            || bytes.get(13) != Some(&b':')
            || bytes.get(16) != Some(&b':')
        {
            return None;
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let month_days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        if day < 1 || day > month_days || hour > 23 || minute > 59 || second > 60 {
            return None;
        }
        let mut at = 19;
        let mut nanos = 0i64;
        if bytes.get(at) == Some(&b'.') {
            at += 1;
            let start = at;
            while bytes.get(at).is_some_and(u8::is_ascii_digit) {
                if at - start < 9 {
                    nanos = nanos * 10 + i64::from(bytes[at] - b'0');
                }
                at += 1;
            }
            let count = at - start;
            if count == 0 {
                return None;
            }
            for _ in count..9 {
                nanos *= 10;
            }
        }
        let offset = match bytes.get(at..)? {
            [b'Z' | b'z'] => 0,
            [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
                let (hours, minutes) = (digits(bytes, at + 1, 2)?, digits(bytes, at + 4, 2)?);
                if hours > 23 || minutes > 59 {
                    return None;
                }
                let offset = hours * 3600 + minutes * 60;
                if *sign == b'+' { offset } else { -offset }
            }
            _ => return None,
        };
        let secs =
            days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second.min(59)
                - offset;
        let Ok(secs) = u64::try_from(secs) else {
            return Some(UNIX_EPOCH);
        };
        let nanos = u32::try_from(nanos).ok()?;
        UNIX_EPOCH.checked_add(Duration::new(secs, nanos))
    }

    #[cfg(all(test, feature = "client", feature = "tool-failure"))]
    mod tests {
        use std::time::{Duration, UNIX_EPOCH};

        use super::{format_ms, parse};

        #[test]
        fn formats_and_parses_back() {
            for ms in [
                0,
                1,
                999,
                86_399_999,
                951_782_400_000,
                1_767_225_600_123,
                253_402_300_799_999,
            ] {
                let text = format_ms(ms).unwrap();
                assert_eq!(
                    parse(&text),
                    Some(UNIX_EPOCH + Duration::from_millis(ms)),
                    "{text}"
                );
            }
            assert_eq!(format_ms(0).unwrap(), "1970-01-01T00:00:00.000Z");
            assert_eq!(
                format_ms(951_782_400_000).unwrap(),
                "2000-02-29T00:00:00.000Z"
            );
            assert_eq!(format_ms(253_402_300_800_000), None);
        }

        #[test]
        fn reads_offsets_and_refuses_the_rest() {
            let utc = parse("2026-01-01T00:00:00Z").unwrap();
            assert_eq!(parse("2026-01-01T01:30:00+01:30"), Some(utc));
            assert_eq!(parse("2025-12-31t23:00:00-01:00"), Some(utc));
            assert_eq!(parse("1969-12-31T23:59:59Z"), Some(UNIX_EPOCH));
            assert_eq!(parse("0000-01-01T00:00:00Z"), Some(UNIX_EPOCH));
            for bad in [
                "",
                "2026-01-01",
                "2026-02-29T00:00:00Z",
                "2026-13-01T00:00:00Z",
                "2026-01-01T24:00:00Z",
                "2026-01-01T00:00:00",
                "2026-01-01T00:00:00.Z",
                "2026-01-01T00:00:00+0100",
                "+2026-01-01T00:00:00Z",
                "٢٠٢٦-01-01T00:00:00Z",
                "2026-01-01T00:00:00Zjunk",
            ] {
                assert_eq!(parse(bad), None, "{bad}");
            }
            assert_eq!(parse(&"9".repeat(100_000)), None);
        }
    }
}
