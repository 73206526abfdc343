//! [`ToolErrorFormat`]: what a tool error tells the model in its text, and the programs
//! around it in `_meta`, beyond the TypeScript hierarchy's `toToolError`.

use core::fmt;
use core::sync::atomic::{AtomicU16, Ordering};

use serde::Serialize;

use crate::field_types::retryable_on_wire;
use crate::{FieldSink, VisitData};

/// What an MCP tool error carries besides the TypeScript hierarchy's shape (`"SYMBOL: message"` and the
/// `_meta` keys `errorType`, `errorCode`, `retryable`, `code`, `domain`, `retryAfterMs`).
///
/// The text (`content[0].text`) is what the model reads, and often all it reads: many hosts
/// do not show it `_meta`. The default, [`ToolErrorFormat::MODEL`], writes one line per part
/// the error has, in this order:
///
/// ```text
/// E_FS_PATH_ESCAPE: Path escapes the server's root
/// Details: ...                          (the #[mcp(details)] field)
/// Help: use a relative path without `..` inside the server's root directory
/// Retryable: no                         ("yes", or "yes (retry after 2000 ms)" with a delay)
/// ```
///
/// and adds to `_meta` the keys `details`, `help` and `data` (the variant's serialized
/// fields). [`ToolErrorFormat::MINIMAL`] is the TypeScript hierarchy's `toToolError` shape exactly. Each part can be
/// switched on its own; a server chooses once with [`ToolErrorFormat::set_global`], which
/// the conversions of the rmcp integration read, or per envelope with
/// [`ToolResultView::format`](crate::ToolResultView::format).
///
/// ```
/// use mcp_errors_core::ToolErrorFormat;
///
/// let terse = ToolErrorFormat::MODEL.with_text_details(false).with_meta_data(false);
/// assert!(terse.text_help() && !terse.text_details() && !terse.meta_data());
/// assert_eq!(ToolErrorFormat::default(), ToolErrorFormat::MODEL);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ToolErrorFormat {
    bits: u16,
}

const TEXT_DETAILS: u16 = 1;
const TEXT_HELP: u16 = 1 << 1;
const TEXT_RETRY: u16 = 1 << 2;
const META_DETAILS: u16 = 1 << 3;
const META_HELP: u16 = 1 << 4;
const META_DATA: u16 = 1 << 5;
const TEXT_RETRY_AFTER: u16 = 1 << 6;
/// Not in [`ALL`]: the draft `ToolFailure` member is only ever written by choice.
#[cfg(feature = "tool-failure")]
const META_TOOL_FAILURE: u16 = 1 << 7;
/// Opt-in, in no preset: `_meta.docUrl`.
const META_DOC_URL: u16 = 1 << 8;
const ALL: u16 =
    TEXT_DETAILS | TEXT_HELP | TEXT_RETRY | META_DETAILS | META_HELP | META_DATA | TEXT_RETRY_AFTER;

/// The process-wide format; `u16::MAX` is "not set", read as [`ToolErrorFormat::MODEL`].
static GLOBAL: AtomicU16 = AtomicU16::new(u16::MAX);

macro_rules! parts {
    ($($(#[$doc:meta])* $get:ident, $set:ident, $bit:ident;)*) => {$(
        $(#[$doc])*
        #[must_use]
        pub const fn $get(self) -> bool {
            self.bits & $bit != 0
        }

        #[doc = concat!("This format with [`", stringify!($get), "`](Self::", stringify!($get), ") on or off.")]
        #[must_use]
        pub const fn $set(self, on: bool) -> Self {
            ToolErrorFormat {
                bits: if on { self.bits | $bit } else { self.bits & !$bit },
            }
        }
    )*};
}

impl ToolErrorFormat {
    /// Everything the model and the programs around it can use: the default.
    pub const MODEL: ToolErrorFormat = ToolErrorFormat { bits: ALL };

    /// Nothing beyond the minimal tool error, the shape of the TypeScript hierarchy's
    /// `toToolError`: the text `"SYMBOL: message"`, `_meta` with `errorType`, `errorCode`,
    /// `retryable`, `code`, `domain` (and `retryAfterMs` when known).
    pub const MINIMAL: ToolErrorFormat = ToolErrorFormat { bits: 0 };

    /// The former name of [`MINIMAL`](Self::MINIMAL). Kept for one release.
    #[doc(hidden)]
    #[deprecated(note = "use `ToolErrorFormat::MINIMAL`, the same format")]
    pub const SEED_002: ToolErrorFormat = ToolErrorFormat::MINIMAL;

    parts! {
        /// A `Details:` line with the `#[mcp(details)]` field's text, when it has one.
        text_details, with_text_details, TEXT_DETAILS;
        /// A `Help:` line with [`McpError::help`](crate::McpError::help), when there is one.
        text_help, with_text_help, TEXT_HELP;
        /// A `Retryable:` line: `yes`, `no`, or with a known delay `yes` followed by the
        /// retry contract's text form (`yes, after 2 s` without
        /// [`text_retry_after`](Self::text_retry_after)).
        text_retry, with_text_retry, TEXT_RETRY;
        /// The retry contract's text form ([`retry`](crate::retry)): when the error knows its
        /// delay, the text ends with `" (retry after N ms)"`, which clients decode with
        /// [`retry_after_text`](crate::retry::retry_after_text). Off in
        /// [`MINIMAL`](Self::MINIMAL), whose text stays `"SYMBOL: message"`.
        text_retry_after, with_text_retry_after, TEXT_RETRY_AFTER;
        /// `_meta.details`: the `#[mcp(details)]` field's text, when it has one.
        meta_details, with_meta_details, META_DETAILS;
        /// `_meta.help`: [`McpError::help`](crate::McpError::help), when there is one.
        meta_help, with_meta_help, META_HELP;
        /// `_meta.data`: the variant's serialized fields, when there are any (a request's
        /// context is written as `_meta.context` whatever this says).
        meta_data, with_meta_data, META_DATA;
        /// `_meta.docUrl`: the page documenting the error
        /// ([`McpError::doc_url`](crate::McpError::doc_url)), when it has one. Off in every
        /// preset: a server turns it on (`MODEL.with_meta_doc_url(true)`); the text never
        /// carries it.
        meta_doc_url, with_meta_doc_url, META_DOC_URL;
    }

    #[cfg(feature = "tool-failure")]
    parts! {
        /// `_meta["io.modelcontextprotocol/toolFailure"]`, the structured failure of the draft
        /// `ToolFailure` proposal ([`tool_failure`](crate::tool_failure)): class, code, retryable,
        /// retry-not-before, correlation id and guidance, from the catalog entry and the
        /// envelope's context alone. Off in every format until chosen, [`MODEL`](Self::MODEL)
        /// included; feature `tool-failure`.
        ///
        /// ```
        /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
        /// # use sample::PlaywrightError;
        /// use mcp_errors_core::{McpErrorExt, ToolErrorFormat};
        ///
        /// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
        /// assert!(!ToolErrorFormat::MODEL.meta_tool_failure());
        /// let format = ToolErrorFormat::MODEL.with_meta_tool_failure(true);
        /// let result = err.to_tool_result().format(format).to_json_value().unwrap();
        /// let failure = &result["_meta"]["io.modelcontextprotocol/toolFailure"];
        /// assert_eq!(failure["class"], "reliability");
        /// assert_eq!(failure["code"], "E_PW_THROTTLED");
        /// assert_eq!(failure["retryable"], true);
        /// assert!(failure["retryNotBefore"].as_str().unwrap().ends_with('Z'));
        /// ```
        meta_tool_failure, with_meta_tool_failure, META_TOOL_FAILURE;
    }

    /// The format of this process's tool errors: the last [`set_global`](Self::set_global),
    /// else [`MODEL`](Self::MODEL).
    pub fn global() -> ToolErrorFormat {
        match GLOBAL.load(Ordering::Relaxed) {
            u16::MAX => ToolErrorFormat::MODEL,
            bits => ToolErrorFormat { bits },
        }
    }

    /// Makes `self` the format of this process's tool errors: what
    /// [`McpErrorExt::to_tool_result`](crate::McpErrorExt::to_tool_result) and the rmcp
    /// integration's conversions write from now on. Call it once, before serving.
    pub fn set_global(self) {
        GLOBAL.store(self.bits, Ordering::Relaxed);
    }
}

impl Default for ToolErrorFormat {
    fn default() -> Self {
        ToolErrorFormat::MODEL
    }
}

impl fmt::Debug for ToolErrorFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct("ToolErrorFormat");
        s.field("text_details", &self.text_details())
            .field("text_help", &self.text_help())
            .field("text_retry", &self.text_retry())
            .field("meta_details", &self.meta_details())
            .field("meta_help", &self.meta_help())
            .field("meta_data", &self.meta_data())
            .field("text_retry_after", &self.text_retry_after())
            .field("meta_doc_url", &self.meta_doc_url());
        #[cfg(feature = "tool-failure")]
        s.field("meta_tool_failure", &self.meta_tool_failure());
        s.finish()
    }
}

/// The text of a tool error in `format`, in two parts: [`head`](ToolText::head), what comes
/// from the error's values (symbol, message, details), which the reply budget may cut, and
/// [`tail`](ToolText::tail), the catalog's help and the retry line, bounded by the type and
/// always written whole, so the model keeps what it needs to act.
pub(super) struct ToolText<'a, E: ?Sized> {
    pub(super) error: &'a E,
    pub(super) format: ToolErrorFormat,
}

// Not derived: the derive would ask `E: Copy`.
impl<E: ?Sized> Clone for ToolText<'_, E> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<E: ?Sized> Copy for ToolText<'_, E> {}

/// How the text's lines after `SYMBOL: message` open; [`TextHead`] and [`TextTail`] write
/// them and `ErrorObject::from_tool_result` cuts the message before them.
pub(crate) const DETAILS_LINE: &str = "\nDetails: ";
/// See [`DETAILS_LINE`].
pub(crate) const HELP_LINE: &str = "\nHelp: ";
/// See [`DETAILS_LINE`].
pub(crate) const RETRYABLE_LINE: &str = "\nRetryable: ";

impl<'a, E: ?Sized> ToolText<'a, E> {
    /// `SYMBOL: message` and the `Details:` line.
    pub(super) fn head(self) -> TextHead<'a, E> {
        TextHead(self)
    }

    /// The `Help:` and `Retryable:` lines.
    pub(super) fn tail(self) -> TextTail<'a, E> {
        TextTail(self)
    }
}

/// See [`ToolText::head`].
pub(super) struct TextHead<'a, E: ?Sized>(ToolText<'a, E>);

/// See [`ToolText::tail`].
pub(super) struct TextTail<'a, E: ?Sized>(ToolText<'a, E>);

impl<E: ?Sized + VisitData> fmt::Display for TextHead<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ToolText { error, format } = self.0;
        f.write_str(error.symbol())?;
        f.write_str(": ")?;
        error.fmt_message(f)?;
        if format.text_details() {
            write_details(error, f, DETAILS_LINE)?;
        }
        Ok(())
    }
}

impl<E: ?Sized + VisitData> fmt::Display for TextTail<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ToolText { error, format } = self.0;
        if let Some(help) = error.help().filter(|_| format.text_help()) {
            f.write_str(HELP_LINE)?;
            f.write_str(help)?;
        }
        let delay = error.retry_after();
        if format.text_retry() {
            f.write_str(RETRYABLE_LINE)?;
            let retryable = retryable_on_wire(error.retryable(), delay.is_some());
            match (retryable, delay) {
                (false, _) => f.write_str("no")?,
                (true, None) => f.write_str("yes")?,
                (true, Some(_)) if format.text_retry_after() => f.write_str("yes")?,
                (true, Some(delay)) => {
                    let ms = crate::field_types::whole_ms(delay);
                    if ms.is_multiple_of(1000) {
                        write!(f, "yes, after {} s", ms / 1000)?;
                    } else {
                        write!(f, "yes, after {ms} ms")?;
                    }
                }
            }
        }
        if let Some(delay) = delay.filter(|_| format.text_retry_after()) {
            write!(f, "{}", crate::retry::TextSuffix(delay))?;
        }
        Ok(())
    }
}

/// Writes `prefix` and the `#[mcp(details)]` text of `error` into `f`, when it has one.
fn write_details<E: ?Sized + VisitData>(
    error: &E,
    f: &mut fmt::Formatter<'_>,
    prefix: &str,
) -> fmt::Result {
    struct Sink<'a, 'b> {
        f: &'a mut fmt::Formatter<'b>,
        prefix: &'a str,
        failed: bool,
    }
    impl FieldSink for Sink<'_, '_> {
        type Error = serde_json::Error;
        fn field<T: ?Sized + Serialize>(
            &mut self,
            _: &'static str,
            _: &T,
        ) -> Result<(), Self::Error> {
            Ok(())
        }
        fn details(&mut self, details: &dyn fmt::Display) -> Result<(), Self::Error> {
            let written = self
                .f
                .write_str(self.prefix)
                .and_then(|()| fmt::Display::fmt(details, self.f));
            if written.is_err() {
                self.failed = true;
                return Err(serde::ser::Error::custom("formatter error"));
            }
            Ok(())
        }
    }
    let mut sink = Sink {
        f,
        prefix,
        failed: false,
    };
    match error.visit_data_any(&mut sink) {
        // A field that fails to serialize is not this text's business.
        Err(_) if sink.failed => Err(fmt::Error),
        _ => Ok(()),
    }
}

/// `_meta.details`: the details text alone.
pub(super) struct DetailsText<'a, E: ?Sized>(pub(super) &'a E);

impl<E: ?Sized + VisitData> fmt::Display for DetailsText<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_details(self.0, f, "")
    }
}

/// Whether a tool whose `outputSchema` is `schema` accepts a tool error's
/// `structuredContent` (`{"error": {"code","message","data"}}`, see
/// [`ToolResultView::structured_content`](crate::ToolResultView::structured_content)):
/// clients validate `structuredContent` against it even when `isError` is true.
///
/// A deliberately small check of the schema's top level: an object schema whose
/// `required` names nothing but `error`, and either whose `properties` declare `error` as
/// `true`, `{}` or `{"type": "object"}` (annotations such as `description` aside), or, without
/// `properties.error`, whose `additionalProperties` is absent or `true`. `false` for anything
/// it cannot vouch for: no schema, a non-object type, `$ref`, combinators (`oneOf`, `allOf`,
/// `if`, ...), and keywords that constrain the object's members or their count
/// (`patternProperties`, `propertyNames`, `minProperties`, `unevaluatedProperties`, ...).
///
/// ```
/// use mcp_errors_core::structured_error_allowed;
/// use serde_json::json;
///
/// let with_error = json!({"type": "object", "properties": {"title": {"type": "string"},
///     "error": {"type": "object", "description": "set on failure"}}});
/// assert!(structured_error_allowed(&with_error));
/// assert!(structured_error_allowed(&json!({"type": "object"})));
/// let title_required = json!({"type": "object", "properties": {"title": {"type": "string"}},
///     "required": ["title"]});
/// assert!(!structured_error_allowed(&title_required));
/// assert!(!structured_error_allowed(&json!({"$ref": "#/$defs/Page"})));
/// // Members other than the declared ones must be strings: `error` is not.
/// assert!(!structured_error_allowed(&json!({"type": "object",
///     "additionalProperties": {"type": "string"}})));
/// // `error` declared with a shape of its own, which the error object may not match.
/// assert!(!structured_error_allowed(&json!({"type": "object", "properties": {"error": {
///     "type": "object", "required": ["reason"]}}})));
/// assert!(!structured_error_allowed(&json!({"type": "object", "minProperties": 2})));
/// ```
pub fn structured_error_allowed(schema: &serde_json::Value) -> bool {
    use serde_json::Value;

    /// Keywords this check does not evaluate: a schema with one of them may refuse the object.
    const UNCHECKED: &[&str] = &[
        "$ref",
        "$dynamicRef",
        "oneOf",
        "anyOf",
        "allOf",
        "not",
        "if",
        "const",
        "enum",
        "patternProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
        "unevaluatedProperties",
        "dependentRequired",
        "dependentSchemas",
        "dependencies",
    ];
    /// Keywords that describe without constraining.
    const ANNOTATIONS: &[&str] = &["title", "description", "$comment", "examples", "default"];

    let Some(schema) = schema.as_object() else {
        return false;
    };
    // Plain loops: iterator adapters cost the default build more code.
    for keyword in UNCHECKED {
        if schema.contains_key(*keyword) {
            return false;
        }
    }
    if let Some(ty) = schema.get("type")
        && ty != "object"
    {
        return false;
    }
    // Only `error` may be required.
    match schema.get("required") {
        None => {}
        Some(Value::Array(names)) => {
            for name in names {
                if name != "error" {
                    return false;
                }
            }
        }
        Some(_) => return false,
    }
    let declared = match schema.get("properties") {
        None => None,
        Some(Value::Object(properties)) => properties.get("error"),
        Some(_) => return false,
    };
    match declared {
        Some(Value::Bool(b)) => *b,
        Some(Value::Object(error)) => {
            for (key, value) in error {
                if !((key == "type" && value == "object") || ANNOTATIONS.contains(&key.as_str())) {
                    return false;
                }
            }
            true
        }
        Some(_) => false,
        None => matches!(
            schema.get("additionalProperties"),
            None | Some(Value::Bool(true))
        ),
    }
}
