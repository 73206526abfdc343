//! The MCP tool error: a `CallToolResult` with `isError: true` ([`ToolResultView`]), its
//! text `content` (what the model reads) and its `_meta` (what programs read), in a
//! [`ToolErrorFormat`].

use core::fmt;

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::EnvelopeView;
use super::budget::{Capped, CappedText, Meter};
use super::error_object::{ErrorObjectShape, MeteredErrorObject};
use super::fields::{MapSink, Reserved, Visited, end_with_context, retry_after_ms};
use super::text::Text;
use super::tool_format::{DetailsText, ToolErrorFormat, ToolText};
use super::view::{Context, Shape};
#[cfg(doc)]
use crate::McpErrorExt;
use crate::VisitData;
use crate::field_types::retryable_on_wire;

/// The shape of an MCP `CallToolResult` with `isError: true`: its [`ToolErrorFormat`] (the
/// process-wide one unless set) and whether it carries `structuredContent`. The code is
/// always a number and no stack is ever added.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToolResultShape {
    format: Option<ToolErrorFormat>,
    structured: bool,
}

impl Shape for ToolResultShape {
    const NAME: &'static str = "ToolResultView";
}

/// An MCP `CallToolResult` with `isError: true`, from [`McpErrorExt::to_tool_result`].
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let result = err.to_tool_result().to_json_value().unwrap();
/// assert_eq!(result["isError"], true);
/// assert_eq!(
///     result["content"][0]["text"],
///     "E_PW_THROTTLED: Too many launches\nRetryable: yes (retry after 2000 ms)"
/// );
/// assert_eq!(result["_meta"]["errorType"], "RateLimitError");
/// assert_eq!(result["_meta"]["retryAfterMs"], 2000);
/// ```
pub type ToolResultView<'a, E> = EnvelopeView<'a, E, ToolResultShape>;

impl<E: ?Sized> ToolResultView<'_, E> {
    /// Writes the tool error in `format` rather than the process-wide
    /// [`ToolErrorFormat::global`]. [`ToolErrorFormat::MINIMAL`] is the TypeScript hierarchy's
    /// `toToolError` exactly:
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, ToolErrorFormat};
    ///
    /// let err = PlaywrightError::Nav { reason: "timeout".into(), url: "https://a.invalid".into() };
    /// assert_eq!(
    ///     err.to_tool_result().format(ToolErrorFormat::MINIMAL).to_json_value().unwrap(),
    ///     serde_json::json!({
    ///         "content": [{"type": "text", "text": "E_PW_NAV: Navigation failed"}],
    ///         "isError": true,
    ///         "_meta": {"errorType": "NetworkError", "errorCode": "E_PW_NAV", "retryable": true,
    ///                   "code": 2100, "domain": "playwright"}}),
    /// );
    /// ```
    #[must_use]
    pub fn format(mut self, format: ToolErrorFormat) -> Self {
        self.shape.format = Some(format);
        self
    }

    /// Adds `structuredContent`: `{"error": {"code","message","data"}}`, the JSON-RPC error
    /// object of the error. Clients validate `structuredContent` against the tool's
    /// `outputSchema` even when `isError` is true, so set it only for a tool whose output
    /// schema allows that object ([`structured_error_allowed`](crate::structured_error_allowed)
    /// tells); a tool without an output schema has no use for it.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
    /// let result = err.to_tool_result().structured_content().to_json_value().unwrap();
    /// assert_eq!(result["structuredContent"]["error"]["code"], 2102);
    /// assert_eq!(result["structuredContent"]["error"]["data"]["symbol"], "E_PW_THROTTLED");
    /// ```
    #[must_use]
    pub fn structured_content(mut self) -> Self {
        self.shape.structured = true;
        self
    }
}

impl<E: ?Sized + VisitData> Serialize for EnvelopeView<'_, E, ToolResultShape> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let format = self.shape.format.unwrap_or_else(ToolErrorFormat::global);
        let structured = self.shape.structured;
        let meter = self.options.meter();
        let mut map = serializer.serialize_map(Some(3 + usize::from(structured)))?;
        map.serialize_entry(
            "content",
            &ToolContent(
                ToolText {
                    error: self.error,
                    format,
                },
                &meter,
            ),
        )?;
        if structured {
            map.serialize_entry(
                "structuredContent",
                &Structured(MeteredErrorObject {
                    view: &structured_view(self),
                    meter: &meter,
                }),
            )?;
        }
        map.serialize_entry("isError", &true)?;
        map.serialize_entry(
            "_meta",
            &ToolMeta {
                error: self.error,
                format,
                context: self.context,
                meter: &meter,
            },
        )?;
        map.end()
    }
}

/// `content` of a tool error: one text block.
struct ToolContent<'a, E: ?Sized>(ToolText<'a, E>, &'a Meter);

impl<E: ?Sized + VisitData> Serialize for ToolContent<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The text: its head within the budget, then its tail whole.
        struct Budgeted<'v, 'a, E: ?Sized>(ToolText<'a, E>, &'v Meter);
        impl<E: ?Sized + VisitData> fmt::Display for Budgeted<'_, '_, E> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let head = self.0.head();
                let capped = Capped {
                    value: &head,
                    meter: self.1,
                };
                write!(f, "{capped}{}", self.0.tail())
            }
        }
        struct TextBlock<'v, 'a, E: ?Sized>(ToolText<'a, E>, &'v Meter);
        impl<E: ?Sized + VisitData> Serialize for TextBlock<'_, '_, E> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("type", "text")?;
                map.serialize_entry("text", &Text(Budgeted(self.0, self.1)))?;
                map.end()
            }
        }

        let mut seq = serializer.serialize_seq(Some(1))?;
        seq.serialize_element(&TextBlock(self.0, self.1))?;
        seq.end()
    }
}

/// The error object of `structuredContent`: the tool error's options and context, never a
/// stack (a tool error carries none, whatever `MCP_ERRORS_VERBOSE` says).
fn structured_view<'a, E: ?Sized>(
    view: &EnvelopeView<'a, E, ToolResultShape>,
) -> EnvelopeView<'a, E, ErrorObjectShape> {
    let mut object = view.reshaped(ErrorObjectShape);
    object.options.verbosity = Some(crate::Verbosity::Off);
    object
}

/// `structuredContent`: `{"error": <the error object>}`, under the tool error's budget.
struct Structured<'v, 'a, E: ?Sized>(MeteredErrorObject<'v, 'a, E>);

impl<E: ?Sized + VisitData> Serialize for Structured<'_, '_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(1))?;
        map.serialize_entry("error", &self.0)?;
        map.end()
    }
}

/// `_meta` of a tool error: the TypeScript hierarchy's keys, then what the format adds.
pub(crate) struct ToolMeta<'a, E: ?Sized> {
    pub(crate) error: &'a E,
    pub(crate) format: ToolErrorFormat,
    pub(crate) context: Option<&'a Context>,
    /// The envelope's reply budget (`_meta` adds `truncated` when it cut something).
    pub(crate) meter: &'a Meter,
}

impl<E: ?Sized + VisitData> ToolMeta<'_, E> {
    /// The `_meta` of `error` in the TypeScript hierarchy's format alone: the catalog's keys and
    /// [`McpError::retry_after`](crate::McpError::retry_after), which always serialize (and the
    /// draft `ToolFailure` member, catalog facts too, when the process's format chose it).
    pub(crate) fn catalog_only(error: &E) -> serde_json::Result<serde_json::Value> {
        let format = ToolErrorFormat::MINIMAL;
        #[cfg(feature = "tool-failure")]
        let format = format.with_meta_tool_failure(ToolErrorFormat::global().meta_tool_failure());
        serde_json::to_value(ToolMeta {
            error,
            format,
            context: None,
            meter: &Meter::new(crate::ReplyBudget::current()),
        })
    }
}

impl<E: ?Sized + VisitData> Serialize for ToolMeta<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let format = self.format;
        let retry_after = retry_after_ms(error);
        // Only when asked: through a trait object the dry run converts every field.
        let visited = if format.meta_details() || format.meta_data() {
            Visited::of(error)
        } else {
            Visited::default()
        };
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("errorType", error.error_type())?;
        map.serialize_entry("errorCode", error.symbol())?;
        let retryable = retryable_on_wire(error.retryable(), retry_after.is_some());
        map.serialize_entry("retryable", &retryable)?;
        map.serialize_entry("code", &error.code())?;
        map.serialize_entry("domain", error.domain())?;
        if let Some(ms) = retry_after {
            map.serialize_entry("retryAfterMs", &ms)?;
        }
        if format.meta_details() && visited.details {
            let details = DetailsText(error);
            map.serialize_entry(
                "details",
                &CappedText {
                    value: &details,
                    meter: self.meter,
                },
            )?;
        }
        if let Some(help) = error.help().filter(|_| format.meta_help()) {
            map.serialize_entry("help", help)?;
        }
        if let Some(url) = error.doc_url().filter(|_| format.meta_doc_url()) {
            map.serialize_entry(super::error_object::DOC_URL, url)?;
        }
        if format.meta_data() && visited.data_fields() {
            map.serialize_entry("data", &DataFields(error, self.meter))?;
        }
        #[cfg(feature = "tool-failure")]
        if format.meta_tool_failure() {
            map.serialize_entry(
                crate::tool_failure::META_KEY,
                &crate::tool_failure::FailureMeta {
                    error,
                    context: self.context,
                },
            )?;
        }
        end_with_context(map, self.context, None, self.meter)
    }
}

/// `_meta.data`: the variant's serialized fields, without the details text, each within the
/// envelope's budget.
struct DataFields<'a, E: ?Sized>(&'a E, &'a Meter);

impl<E: ?Sized + VisitData> Serialize for DataFields<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.0.visit_data_any(&mut MapSink {
            map: &mut map,
            details_key: None,
            reserved: Reserved::NONE,
            meter: self.1,
        })?;
        map.end()
    }
}
