//! The checks of the fuzz targets, one module per target, each with `run(&[u8])`.
//!
//! Included with `#[path]` by every target in `fuzz/fuzz_targets/` and by
//! `tests/fuzz_regressions.rs`, which replays the kept inputs under `fuzz/regressions/<target>/`
//! as an ordinary test. A violated invariant panics (libFuzzer reports a crash, the test fails).
//!
//! Invariants, for every error value the targets build or decode and every envelope form
//! (`to_error_object` with and without `code_as_string` / `plain_data`, `to_jsonrpc`,
//! `to_tool_result`, `to_error_response` with and without `code_as_string`,
//! `to_jsonrpc_result`):
//!
//! - the output parses as JSON (with `serde_json`'s default depth limit), on one line;
//! - a decoded value re-encodes to the same JSON value, and decoding that again gives an error
//!   with the same code, symbol, message, `retryable()` and `retry_after()`;
//! - the text of a `skip` field never appears in any output;
//! - an output stays within the reply budget (`hostile`);
//! - `sys/errorStats` answers exactly the requests its documentation says it answers, with
//!   the request's `id` (`stats`).

#![allow(dead_code, clippy::pedantic)]

use std::fmt;
use std::time::Duration;

use arbitrary::{Arbitrary, Unstructured};
use mcp_errors::{
    CommonError, DecodeError, ErrorCatalog, ErrorObject, McpError, McpErrorExt, ProtocolError,
    RequestId, Verbosity,
};
use serde_json::{Map, Value, json};

#[path = "../examples/taxonomies/seed3.rs"]
pub mod seed3;
#[path = "../examples/taxonomies/seed4.rs"]
pub mod seed4;

use seed3::GithubMcpError;
use seed4::KbError;

/// The text every `skip` field is set to before encoding; it must appear in no output.
pub const SENTINEL: &str = "skip-sentinel-4f1c9a";

/// Every field role and reference taxonomy's style in one decodable enum: the Node fleet's
/// `transparent` common codes and `details`, the categorized error model's `help`, the
/// TypeScript hierarchy's kinds and `retry_after` durations, the negative-code GitHub
/// server's `rename`, aliases and `skip`, the string-coded knowledge base's floats in the
/// message.
#[derive(Debug, mcp_errors::McpError)]
#[mcp(domain = "fuzz-styles", range = 3900..=3999, symbol_prefix = "E_FZ_", decode, data_fields)]
pub enum StyleError {
    /// Navigation failed
    #[mcp(code = 3900, retryable, kind = "network", alias = "E_FZ_OLD_NAV")]
    Nav {
        /// `data.details`.
        #[mcp(details)]
        reason: String,
        /// `data.url`.
        url: String,
        /// Never on the wire.
        #[mcp(skip)]
        secret: String,
    },
    /// The file exceeds the size limit.
    #[mcp(
        code = 3901,
        kind = "validation",
        message = "File too large: {size_mb}MB (max: {max_mb}MB)",
        help = "send a smaller file"
    )]
    TooLarge {
        /// A float, in `data` and in the message.
        size_mb: f64,
        /// The limit.
        max_mb: u32,
    },
    /// Flaky upstream
    #[mcp(code = 3902, kind = "unavailable")]
    Flaky {
        /// Decides `retryable` per value; `None` defers to the catalog.
        #[mcp(retryable)]
        transient: Option<bool>,
        /// Renamed.
        #[mcp(rename = "attemptCount")]
        attempts: u64,
    },
    /// Throttled
    #[mcp(code = 3903, retryable, kind = "rate_limit")]
    Throttled {
        /// Only as `data.retryAfterMs`.
        #[mcp(retry_after, skip)]
        wait: Duration,
        /// Never on the wire.
        #[mcp(skip)]
        token: Option<String>,
    },
    /// Too slow
    #[mcp(code = 3904, retryable, kind = "timeout")]
    Slow {
        /// Seconds, also `retryAfterMs`.
        #[mcp(retry_after)]
        retry_after_secs: u64,
    },
    /// Upstream failed
    #[mcp(code = 3905, kind = "adapter")]
    Upstream {
        /// Opaque JSON from the upstream.
        payload: Value,
        /// `data.details`.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Bad item {0}
    #[mcp(code = 3906)]
    Item(String, Vec<i64>),
    /// The Node fleet's common codes.
    #[mcp(transparent)]
    Common(CommonError),
}

/// An error type the targets decode into and encode from.
pub trait Subject: McpError + fmt::Debug + Sized {
    /// The type's decoder.
    fn decode(object: &ErrorObject) -> Result<Self, DecodeError>;
    /// Sets every `skip` field that holds text to [`SENTINEL`].
    fn poison(&mut self) {}
}

impl Subject for StyleError {
    fn decode(object: &ErrorObject) -> Result<Self, DecodeError> {
        StyleError::from_error_object(object)
    }
    fn poison(&mut self) {
        match self {
            StyleError::Nav { secret, .. } => *secret = SENTINEL.to_owned(),
            StyleError::Throttled { token, .. } => *token = Some(SENTINEL.to_owned()),
            _ => {}
        }
    }
}

impl Subject for GithubMcpError {
    fn decode(object: &ErrorObject) -> Result<Self, DecodeError> {
        // The GitHub server's client decoder, which restores `retry_after` from `rateLimit`.
        GithubMcpError::decode(object)
    }
}

impl Subject for KbError {
    fn decode(object: &ErrorObject) -> Result<Self, DecodeError> {
        KbError::from_error_object(object)
    }
}

impl Subject for CommonError {
    fn decode(object: &ErrorObject) -> Result<Self, DecodeError> {
        CommonError::from_error_object(object)
    }
}

impl Subject for ProtocolError {
    fn decode(object: &ErrorObject) -> Result<Self, DecodeError> {
        ProtocolError::from_error_object(object)
    }
}

/// The envelope forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Object,
    ObjectCodeString,
    ObjectPlain,
    ObjectPlainCodeString,
    JsonRpc,
    JsonRpcCodeStringPlain,
    ToolResult,
    Response,
    ResponseCodeString,
    JsonRpcResult,
}

pub const FORMS: [Form; 10] = [
    Form::Object,
    Form::ObjectCodeString,
    Form::ObjectPlain,
    Form::ObjectPlainCodeString,
    Form::JsonRpc,
    Form::JsonRpcCodeStringPlain,
    Form::ToolResult,
    Form::Response,
    Form::ResponseCodeString,
    Form::JsonRpcResult,
];

impl Form {
    /// Whether the form carries a JSON-RPC `error` member that decodes back.
    fn decodes(self) -> bool {
        !matches!(
            self,
            Form::ToolResult | Form::Response | Form::ResponseCodeString | Form::JsonRpcResult
        )
    }

    /// Whether `data` keeps `retryable`, `retryAfterMs` and the symbol (not `plain_data`).
    fn full(self) -> bool {
        matches!(self, Form::Object | Form::ObjectCodeString | Form::JsonRpc)
    }

    /// The `error` member of the parsed output, for the forms that decode back.
    fn error_member(self, parsed: &Value) -> &Value {
        match self {
            Form::JsonRpc | Form::JsonRpcCodeStringPlain => &parsed["error"],
            _ => parsed,
        }
    }
}

/// Encodes `err` in `form` (verbosity off: stacks depend on the environment).
pub fn encode<E: ?Sized + McpError + mcp_errors::VisitData>(
    err: &E,
    form: Form,
    id: &RequestId<'_>,
) -> Result<String, serde_json::Error> {
    let object = err.to_error_object().verbosity(Verbosity::Off);
    let response = err.to_error_response().verbosity(Verbosity::Off);
    match form {
        Form::Object => object.to_json_string(),
        Form::ObjectCodeString => object.code_as_string().to_json_string(),
        Form::ObjectPlain => object.plain_data().to_json_string(),
        Form::ObjectPlainCodeString => object.plain_data().code_as_string().to_json_string(),
        Form::JsonRpc => err
            .to_jsonrpc(id)
            .verbosity(Verbosity::Off)
            .to_json_string(),
        Form::JsonRpcCodeStringPlain => err
            .to_jsonrpc(id)
            .verbosity(Verbosity::Off)
            .code_as_string()
            .plain_data()
            .to_json_string(),
        Form::ToolResult => err.to_tool_result().to_json_string(),
        Form::Response => response.to_json_string(),
        Form::ResponseCodeString => response.code_as_string().to_json_string(),
        Form::JsonRpcResult => err
            .to_jsonrpc_result(id)
            .verbosity(Verbosity::Off)
            .to_json_string(),
    }
}

/// Whether this build's `serde_json` parses floats exactly (its `float_roundtrip` feature).
/// Without it a parsed `f64` may be one unit in the last place off (docs/envelopes.md, "Floating-point
/// fields"), and the checks compare floats and float-bearing messages within that drift.
pub fn exact_floats() -> bool {
    let text = "8.739899877464282e245";
    serde_json::from_str::<f64>(text).ok() == text.parse::<f64>().ok()
}

/// Parses an output: it must be JSON on one line.
#[track_caller]
pub fn parse_output(text: &str, what: &dyn fmt::Display) -> Value {
    assert!(!text.contains('\n'), "{what}: output has a raw newline");
    match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => panic!(
            "{what}: output does not parse as JSON ({e}): {}",
            clip(text)
        ),
    }
}

/// At most 300 characters of `text`, for messages.
pub fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(300).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out
}

/// Whether two JSON values are equal; floats within a few ulps when `exact` is false.
pub fn json_eq(a: &Value, b: &Value, exact: bool) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if !exact => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) if x.is_finite() && y.is_finite() && !x.is_nan() => {
                x == y || ulps(x, y) <= 4
            }
            _ => x == y,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b, exact))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, a)| y.get(k).is_some_and(|b| json_eq(a, b, exact)))
        }
        _ => a == b,
    }
}

fn ulps(x: f64, y: f64) -> u64 {
    if x.is_sign_negative() != y.is_sign_negative() {
        return u64::MAX;
    }
    x.to_bits().abs_diff(y.to_bits())
}

/// Whether the value holds a number that is not an integer.
fn has_float(value: &Value) -> bool {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Number(n) if n.is_f64() => return true,
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    false
}

/// Drops a value without recursing (a deep `Value`'s own drop recurses once per level).
pub fn drop_flat(value: Value) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// What a decoded or built error must keep through one more encode → decode.
fn observed<E: McpError>(err: &E) -> (i32, &'static str, bool, Option<Duration>, String) {
    (
        err.code(),
        err.symbol(),
        err.retryable(),
        err.retry_after(),
        err.to_string(),
    )
}

/// Encodes `err` in every form and checks the invariants. With `roundtrip`, the forms that
/// carry an `error` member must decode back to an error that re-encodes to the same JSON;
/// `skip_check` is false when the input itself contained [`SENTINEL`] outside a skip field.
pub fn check_value<T: Subject>(err: &T, roundtrip: bool, skip_check: bool) {
    let exact = exact_floats();
    let id = RequestId::Number(7);
    for form in FORMS {
        let what = format_args!("{} {form:?} of {err:?}", core::any::type_name::<T>());
        let what = clip(&what.to_string());
        let text =
            encode(err, form, &id).unwrap_or_else(|e| panic!("{what}: serializing failed: {e}"));
        if skip_check {
            assert!(
                !text.contains(SENTINEL),
                "{what}: a skip field reached the wire"
            );
        }
        assert!(
            text.len() <= MAX_REPLY,
            "{what}: reply of {} bytes is over {MAX_REPLY}",
            text.len()
        );
        let parsed = parse_output(&text, &what);
        if !(roundtrip && form.decodes()) {
            continue;
        }
        let member = form.error_member(&parsed);
        // A reply the budget cut is not the value any more: it only has to parse. The
        // envelope's flag says so whatever was cut (a map entry or array element left out
        // leaves no mark), and a user's field cannot be called `truncated`; the mark alone
        // may be a value's own text, which must go round like any other.
        if member["data"]["truncated"] == Value::Bool(true) {
            continue;
        }
        let object: ErrorObject = serde_json::from_value(member.clone())
            .unwrap_or_else(|e| panic!("{what}: not an ErrorObject: {e}"));
        let mut back = T::decode(&object)
            .unwrap_or_else(|e| panic!("{what}: its own envelope does not decode: {e}"));
        back.poison();
        let again =
            encode(&back, form, &id).unwrap_or_else(|e| panic!("{what}: re-encoding failed: {e}"));
        let reparsed = parse_output(&again, &what);
        assert!(
            json_eq(&parsed, &reparsed, exact),
            "{what}: re-encoding differs:\n{}\n{}",
            clip(&text),
            clip(&again)
        );
        if form.full() {
            let (a, b) = (observed(err), observed(&back));
            if exact || !has_float(member) {
                assert_eq!(a, b, "{what}: decoding changed the error");
            } else {
                assert_eq!((a.0, a.1, a.2, a.3), (b.0, b.1, b.2, b.3), "{what}");
            }
        }
    }
}

/// Decodes `object` into `T` and, when that succeeds, checks the value.
fn check_decoded<T: Subject>(object: &ErrorObject, skip_check: bool) {
    if let Ok(mut err) = T::decode(object) {
        err.poison();
        check_value(&err, true, skip_check);
    }
}

/// Every subject, decoding one received object.
pub fn check_object(object: &ErrorObject) {
    let skip_check = !serde_json::to_string(object)
        .map(|s| s.contains(SENTINEL))
        .unwrap_or(true);
    check_decoded::<StyleError>(object, skip_check);
    check_decoded::<GithubMcpError>(object, skip_check);
    check_decoded::<KbError>(object, skip_check);
    check_decoded::<CommonError>(object, skip_check);
    check_decoded::<ProtocolError>(object, skip_check);
}

/// Target `decode`: the input is the JSON text of a received `error` member.
pub mod decode {
    use super::*;

    pub fn run(data: &[u8]) {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        if let Ok(object) = ErrorObject::from_json(text) {
            check_object(&object);
            if let Some(data) = object.data {
                drop_flat(data);
            }
        }
        // The same text as a gateway carries it (identity recovery, `recover.rs`): in its own
        // error's message without `data`, and as a tool result's only text.
        check_object(&ErrorObject {
            code: -32603,
            message: format!("Error POSTing to endpoint: {text}"),
            data: None,
        });
        let tool = json!({"content": [{"type": "text", "text": text}], "isError": true});
        if let Some(object) = ErrorObject::from_tool_result(&tool) {
            check_object(&object);
        }
    }
}

/// A JSON value from fuzz bytes: scalars of every kind (floats with large exponents
/// included), short and long strings, arrays and objects, sometimes nested deep.
fn arb_value(u: &mut Unstructured<'_>, depth: usize) -> arbitrary::Result<Value> {
    Ok(match u.int_in_range(0..=9u8)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => json!(u.arbitrary::<i64>()?),
        3 => json!(u.arbitrary::<u64>()?),
        4 => {
            let f = f64::from_bits(u.arbitrary()?);
            serde_json::Number::from_f64(f).map_or(Value::Null, Value::Number)
        }
        5 | 6 => Value::String(arb_string(u)?),
        7 if depth < 4 => {
            let n = u.int_in_range(0..=3)?;
            Value::Array(
                (0..n)
                    .map(|_| arb_value(u, depth + 1))
                    .collect::<arbitrary::Result<_>>()?,
            )
        }
        8 if depth < 4 => {
            let n = u.int_in_range(0..=3)?;
            let mut map = Map::new();
            for _ in 0..n {
                map.insert(arb_string(u)?, arb_value(u, depth + 1)?);
            }
            Value::Object(map)
        }
        9 => {
            // A chain of arrays around the serde_json depth limit.
            let levels = u.int_in_range(100..=140usize)?;
            let mut v = Value::Null;
            for _ in 0..levels {
                v = Value::Array(vec![v]);
            }
            v
        }
        _ => Value::Null,
    })
}

/// A string: arbitrary text, control characters, or a long repetition.
fn arb_string(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => {
            let n = u.int_in_range(0..=40u8)?;
            (0..n)
                .map(|_| char::from(u.int_in_range(0..=0x1fu8).unwrap_or(0)))
                .collect()
        }
        1 => {
            let unit = <String as Arbitrary>::arbitrary(u)?;
            let times = u.int_in_range(1..=4096usize)?;
            unit.chars().take(8).collect::<String>().repeat(times)
        }
        _ => u.arbitrary()?,
    })
}

/// Target `roundtrip`: a structured error object (a catalog's code, `data` keyed by the
/// variant's field names with values of every JSON type) decoded by every subject and then
/// taken through every envelope form and back.
pub mod roundtrip {
    use super::*;

    fn entries(pick: u8) -> &'static [mcp_errors::ErrorEntry] {
        match pick % 5 {
            0 => StyleError::ENTRIES,
            1 => GithubMcpError::ENTRIES,
            2 => KbError::ENTRIES,
            3 => CommonError::ENTRIES,
            _ => ProtocolError::ENTRIES,
        }
    }

    fn build(u: &mut Unstructured<'_>) -> arbitrary::Result<ErrorObject> {
        let rows = entries(u.arbitrary()?);
        let entry = u.choose(rows)?;
        let mut data = Map::new();
        for field in entry.fields {
            if u.ratio(7, 8)? {
                data.insert(field.key.to_owned(), arb_value(u, 1)?);
            }
        }
        if u.ratio(1, 2)? {
            let symbol = if u.ratio(3, 4)? {
                entry.symbol.to_owned()
            } else {
                entry
                    .aliases
                    .first()
                    .map_or_else(|| entry.symbol.to_owned(), |a| (*a).to_owned())
            };
            data.insert("symbol".into(), Value::String(symbol));
            data.insert("domain".into(), Value::String(entry.domain.to_owned()));
        }
        if u.ratio(1, 3)? {
            data.insert("retryable".into(), arb_value(u, 3)?);
        }
        if u.ratio(1, 3)? {
            let ms = if u.ratio(1, 2)? {
                json!(u.arbitrary::<u64>()?)
            } else {
                arb_value(u, 3)?
            };
            data.insert("retryAfterMs".into(), ms);
        }
        // Fill typed fields plausibly half of the time, so that decoding succeeds often.
        if u.ratio(1, 2)? {
            for (key, value) in &mut data {
                let plausible = match key.as_str() {
                    "size_mb" => json!(f64::from_bits(u.arbitrary()?).abs() % 1e300),
                    "max_mb" | "timeout_seconds" | "returned" | "total" | "attemptCount" => {
                        json!(u.arbitrary::<u32>()?)
                    }
                    "retry_after_secs" | "retry_after_seconds" => json!(u.arbitrary::<u64>()?),
                    "rateLimit" => json!({
                        "limit": u.arbitrary::<u32>()?, "remaining": u.arbitrary::<u32>()?,
                        "reset": u.arbitrary::<u64>()?,
                        "retryAfter": u.arbitrary::<u64>()?,
                    }),
                    "github" => json!({"status": u.arbitrary::<u16>()?}),
                    "transient" | "retryable" => json!(u.arbitrary::<bool>()?),
                    "suggestions" | "supported_formats" | "available_remotes" => {
                        json!([arb_string(u)?])
                    }
                    "1" | "validation" => json!([]),
                    "payload" => continue,
                    _ => Value::String(arb_string(u)?),
                };
                *value = plausible;
            }
        }
        Ok(ErrorObject {
            code: if u.ratio(15, 16)? {
                entry.code
            } else {
                u.arbitrary()?
            },
            message: arb_string(u)?,
            data: if u.ratio(15, 16)? {
                Some(Value::Object(data))
            } else {
                Some(arb_value(u, 1)?)
            },
        })
    }

    pub fn run(data: &[u8]) {
        let mut u = Unstructured::new(data);
        if let Ok(object) = build(&mut u) {
            check_object(&object);
            if let Some(data) = object.data {
                drop_flat(data);
            }
        }
    }
}

/// The largest reply an envelope may produce for the values `hostile` builds (the reply
/// budget's default, 32 KiB of caller text, plus the envelope's own members).
pub const MAX_REPLY: usize = 64 * 1024;

/// Target `hostile`: errors built in memory (not decoded) whose fields hold control
/// characters, huge strings, NaN and infinities, `u64::MAX` seconds and `Duration::MAX`,
/// and deeply nested JSON; checked in every form, concrete and as `dyn McpError`.
pub mod hostile {
    use super::*;

    fn text(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
        Ok(match u.int_in_range(0..=5u8)? {
            0 => (0u8..0x20)
                .map(char::from)
                .chain(['\u{7f}', '\u{2028}', '\u{2029}', '\u{feff}'])
                .collect(),
            1 => "x".repeat(u.int_in_range(60_000..=200_000usize)?),
            2 => "\u{1F600}\"\\".repeat(u.int_in_range(1..=40_000usize)?),
            3 => "\u{0}".repeat(u.int_in_range(1..=100_000usize)?),
            _ => arb_string(u)?,
        })
    }

    fn float(u: &mut Unstructured<'_>) -> arbitrary::Result<f64> {
        let any = f64::from_bits(u.arbitrary()?);
        Ok(*u.choose(&[
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -0.0,
            f64::MIN_POSITIVE,
            f64::MAX,
            5e-324,
            any,
        ])?)
    }

    fn deep(levels: usize) -> Value {
        let mut v = Value::Null;
        for _ in 0..levels {
            v = json!({ "a": [v] });
        }
        v
    }

    fn duration(u: &mut Unstructured<'_>) -> arbitrary::Result<Duration> {
        Ok(*u.choose(&[
            Duration::MAX,
            Duration::from_secs(u64::MAX),
            Duration::from_millis(u64::MAX),
            Duration::new(u64::MAX / 1000, 999_999_999),
            Duration::from_nanos(1),
            Duration::ZERO,
        ])?)
    }

    fn build_style(u: &mut Unstructured<'_>) -> arbitrary::Result<StyleError> {
        Ok(match u.int_in_range(0..=7u8)? {
            0 => StyleError::Nav {
                reason: text(u)?,
                url: text(u)?,
                secret: SENTINEL.to_owned(),
            },
            1 => StyleError::TooLarge {
                size_mb: float(u)?,
                max_mb: u.arbitrary()?,
            },
            2 => StyleError::Flaky {
                transient: u.arbitrary()?,
                attempts: u64::MAX,
            },
            3 => StyleError::Throttled {
                wait: duration(u)?,
                token: Some(SENTINEL.to_owned()),
            },
            4 => StyleError::Slow {
                retry_after_secs: *u.choose(&[u64::MAX, u64::MAX / 1000 + 1, 0])?,
            },
            5 => StyleError::Upstream {
                payload: if u.ratio(1, 2)? {
                    deep(u.int_in_range(60..=300usize)?)
                } else {
                    json!({"text": text(u)?, "n": float(u)?})
                },
                details: Some(text(u)?),
            },
            6 => StyleError::Item(text(u)?, vec![i64::MIN, i64::MAX]),
            _ => StyleError::Common(CommonError::InputTooLarge {
                details: Some(text(u)?),
            }),
        })
    }

    fn build_kb(u: &mut Unstructured<'_>) -> arbitrary::Result<KbError> {
        Ok(match u.int_in_range(0..=3u8)? {
            0 => KbError::FileTooLarge {
                path: text(u)?,
                size_mb: float(u)?,
                max_mb: u32::MAX,
            },
            1 => KbError::RateLimited {
                retry_after_seconds: u64::MAX,
            },
            2 => KbError::DocumentNotFound {
                path: text(u)?,
                suggestions: (0..u.int_in_range(0..=2000usize)?)
                    .map(|i| format!("suggestion {i} \u{0}\u{1b}"))
                    .collect(),
            },
            _ => KbError::SearchEngineError {
                details: text(u)?,
                stderr: text(u)?,
            },
        })
    }

    /// Every form of `err` parses, hides the skip fields and stays within [`MAX_REPLY`].
    fn check<E: ?Sized + McpError + mcp_errors::VisitData + fmt::Debug>(err: &E) {
        let id = RequestId::String("id-\u{0}\n".into());
        for form in FORMS {
            let what = format!("{form:?} of a hostile {}", err.symbol());
            let Ok(out) = encode(err, form, &id) else {
                // Refusing to serialize is allowed; panicking or writing bad JSON is not.
                continue;
            };
            assert!(
                !out.contains(SENTINEL),
                "{what}: a skip field reached the wire"
            );
            assert!(
                out.len() <= MAX_REPLY,
                "{what}: reply of {} bytes is over {MAX_REPLY}",
                out.len()
            );
            let parsed = parse_output(&out, &what);
            drop_flat(parsed);
        }
    }

    pub fn run(data: &[u8]) {
        let mut u = Unstructured::new(data);
        let Ok(pick) = u.int_in_range(0..=2u8) else {
            return;
        };
        match pick {
            0 => {
                if let Ok(err) = build_style(&mut u) {
                    check(&err);
                    let boxed: Box<dyn McpError + Send + Sync> = Box::new(err);
                    check(&*boxed);
                }
            }
            1 => {
                if let Ok(err) = build_kb(&mut u) {
                    check(&err);
                    let boxed: Box<dyn McpError + Send + Sync> = Box::new(err);
                    check(&*boxed);
                }
            }
            _ => {
                if let (Ok(retry), Ok(status)) = (duration(&mut u), u.arbitrary::<u16>()) {
                    let err = GithubMcpError::GithubRateLimited {
                        rate_limit: seed3::RateLimit {
                            limit: u32::MAX,
                            remaining: 0,
                            reset: u64::MAX,
                            retry_after: Some(retry.as_secs()),
                        },
                        github: seed3::GithubInfo {
                            status: Some(status),
                            message: text(&mut u).ok(),
                            documentation_url: None,
                        },
                        retry_after: Some(retry),
                    };
                    check(&err);
                }
            }
        }
    }
}

/// Target `stats`: `ErrorStats::answer_request` on request lines, raw or assembled from
/// pieces (method, `jsonrpc`, `id` and `params` of every shape, batches, scalars), checked
/// against what its documentation promises.
pub mod stats {
    use super::*;
    use mcp_errors::metrics::{ErrorStats, MetricsConfig};

    fn assemble(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
        let mut map = Map::new();
        if u.ratio(7, 8)? {
            let method = *u.choose(&["sys/errorStats", "tools/list", "sys/errorstats"])?;
            map.insert("method".into(), json!(method));
        }
        if u.ratio(7, 8)? {
            let v = u
                .choose(&[json!("2.0"), json!("1.0"), json!(2.0), Value::Null])?
                .clone();
            map.insert("jsonrpc".into(), v);
        }
        if u.ratio(7, 8)? {
            let id = match u.int_in_range(0..=6u8)? {
                0 => json!(u.arbitrary::<i64>()?),
                1 => json!(u.arbitrary::<u64>()?),
                2 => json!(1.5),
                3 => Value::Null,
                4 => json!([1]),
                5 => json!({"x": 1}),
                _ => Value::String(arb_string(u)?),
            };
            map.insert("id".into(), id);
        }
        if u.ratio(1, 2)? {
            let params = match u.int_in_range(0..=3u8)? {
                0 => json!({}),
                1 => json!([]),
                2 => json!(5),
                _ => arb_value(u, 2)?,
            };
            map.insert("params".into(), params);
        }
        let request = Value::Object(map);
        Ok(match u.int_in_range(0..=7u8)? {
            0 => Value::Array(vec![request]).to_string(),
            1 => {
                // A request cut short, at a character boundary (the line is a `&str`).
                let mut s = request.to_string();
                let mut cut = u.int_in_range(0..=s.len())?;
                while !s.is_char_boundary(cut) {
                    cut -= 1;
                }
                s.truncate(cut);
                s
            }
            2 => format!("  {request}\r"),
            _ => request.to_string(),
        })
    }

    /// What `answer_request` must do with `line`, per its documentation.
    fn expect(line: &str) -> Option<Expected> {
        let value: Value = match serde_json::from_str(line) {
            Ok(value) => value,
            Err(e) if e.to_string().contains("recursion limit") => return None,
            Err(e) if e.is_data() => unreachable!("a Value accepts all JSON"),
            Err(_) => return Some(Expected::Error(-32700, Value::Null)),
        };
        let Value::Object(map) = &value else {
            return Some(Expected::Silent);
        };
        if map.get("method") != Some(&json!("sys/errorStats")) {
            return Some(Expected::Silent);
        }
        let Some(id) = map.get("id") else {
            return Some(Expected::Silent);
        };
        let id_ok = id.is_string() || id.is_null() || id.is_number();
        if !id_ok {
            return Some(Expected::Error(-32600, Value::Null));
        }
        let params_ok = map
            .get("params")
            .is_none_or(|p| p.is_object() || p.is_array());
        if map.get("jsonrpc") != Some(&json!("2.0")) || !params_ok {
            return Some(Expected::Error(-32600, id.clone()));
        }
        Some(Expected::Stats(id.clone()))
    }

    #[derive(Debug)]
    enum Expected {
        Silent,
        Error(i64, Value),
        Stats(Value),
    }

    pub fn check(line: &str) {
        let stats = ErrorStats::new(MetricsConfig::enabled());
        stats.record_parts(1005, "python", "E_INPUT_TOO_LARGE");
        let reply = stats.answer_request(line);
        let what = format!("answer_request({})", clip(line));
        let parsed = reply.as_deref().map(|r| parse_output(r, &what));
        if let Some(reply) = &parsed {
            assert_eq!(reply["jsonrpc"], "2.0", "{what}: {reply}");
            let id = &reply["id"];
            assert!(
                id.is_null() || id.is_string() || id.is_number(),
                "{what}: {reply}"
            );
            assert!(
                reply.get("result").is_some() != reply.get("error").is_some(),
                "{what}: {reply}"
            );
        }
        match (expect(line), &parsed) {
            (None, _) => {}
            (Some(Expected::Silent), None) => {}
            (Some(Expected::Error(code, id)), Some(reply))
                if reply["error"]["code"] == code && reply["id"] == id => {}
            (Some(Expected::Stats(id)), Some(reply))
                if reply["result"]["total"] == 1 && reply["id"] == id => {}
            (expected, _) => panic!("{what}: expected {expected:?}, got {parsed:?}"),
        }
        if let Some(p) = parsed {
            drop_flat(p);
        }
    }

    /// An input that starts with the byte 0xff (never the start of UTF-8 text) is a
    /// structured one, assembled from pieces; any other input is the request line itself.
    pub fn run(data: &[u8]) {
        match data {
            [0xff, rest @ ..] => {
                if let Ok(line) = assemble(&mut Unstructured::new(rest)) {
                    check(&line);
                }
            }
            _ => check(&String::from_utf8_lossy(data)),
        }
    }
}
