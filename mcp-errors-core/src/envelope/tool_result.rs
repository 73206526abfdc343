//! The MCP tool error: a `CallToolResult` with `isError: true` ([`ToolResultView`]), its
//! text `content` and its `_meta` ([`ToolMeta`], also what the rmcp integration sends).

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use super::EnvelopeView;
use super::budget::{Capped, Meter};
use super::fields::{TRUNCATED, retry_after_ms};
use super::text::{SymbolAndMessage, Text};
use super::view::Shape;
#[cfg(doc)]
use crate::McpErrorExt;
use crate::{McpError, VisitData};

/// The shape of an MCP `CallToolResult` with `isError: true`. It takes no options: the
/// code is always a number and no stack is ever added.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToolResultShape;

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
/// assert_eq!(result["content"][0]["text"], "E_PW_THROTTLED: Too many launches");
/// assert_eq!(result["_meta"]["errorType"], "RateLimitError");
/// assert_eq!(result["_meta"]["retryAfterMs"], 2000);
/// ```
pub type ToolResultView<'a, E> = EnvelopeView<'a, E, ToolResultShape>;

impl<E: ?Sized + VisitData> Serialize for EnvelopeView<'_, E, ToolResultShape> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let meter = self.options.meter();
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("content", &ToolContent(self.error, &meter))?;
        map.serialize_entry("isError", &true)?;
        map.serialize_entry("_meta", &ToolMeta(self.error, Some(&meter)))?;
        map.end()
    }
}

/// `content` of a tool error: one text block.
struct ToolContent<'a, E: ?Sized>(&'a E, &'a Meter);

impl<E: ?Sized + McpError> Serialize for ToolContent<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct TextBlock<'a, E: ?Sized>(&'a E, &'a Meter);
        impl<E: ?Sized + McpError> Serialize for TextBlock<'_, E> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("type", "text")?;
                map.serialize_entry(
                    "text",
                    &Text(Capped {
                        value: &SymbolAndMessage(self.0),
                        meter: self.1,
                    }),
                )?;
                map.end()
            }
        }

        let mut seq = serializer.serialize_seq(Some(1))?;
        seq.serialize_element(&TextBlock(self.0, self.1))?;
        seq.end()
    }
}

/// `_meta` of a tool error.
pub(crate) struct ToolMeta<'a, E: ?Sized>(pub(crate) &'a E, pub(crate) Option<&'a Meter>);

impl<E: ?Sized + McpError> Serialize for ToolMeta<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.0;
        let retry_after = retry_after_ms(error);
        let truncated = self.1.is_some_and(Meter::truncated);
        let mut map = serializer.serialize_map(Some(
            5 + usize::from(retry_after.is_some()) + usize::from(truncated),
        ))?;
        map.serialize_entry("errorType", error.kind().error_type())?;
        map.serialize_entry("errorCode", error.symbol())?;
        map.serialize_entry("retryable", &error.retryable())?;
        map.serialize_entry("code", &error.code())?;
        map.serialize_entry("domain", error.domain())?;
        if let Some(ms) = retry_after {
            map.serialize_entry("retryAfterMs", &ms)?;
        }
        if truncated {
            map.serialize_entry(TRUNCATED, &true)?;
        }
        map.end()
    }
}
