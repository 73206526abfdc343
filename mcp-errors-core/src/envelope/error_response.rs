//! The categorized error model's shapes: the `ErrorResponse` a tool returns inside a successful result
//! ([`ErrorResponseView`]) and the successful JSON-RPC response holding it
//! ([`JsonRpcResultView`]).

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::budget::Meter;
use super::error_object::{Code, RETRY_AFTER_MS};
use super::fields::{
    CONTEXT, MapSink, Reserved, STACK, Stack, TRUNCATED, Visited, end_with_context,
    has_details_field, message_over_budget, retry_after_ms,
};
use super::text::{Message, MeteredMessage};
use super::view::{Context, Shape, TakesOptions};
use super::{EnvelopeView, JSONRPC_VERSION, RequestId};
#[cfg(doc)]
use crate::McpErrorExt;
use crate::VisitData;

/// The shape of the categorized error model's `ErrorResponse`: `{"code","message","retryable","details"}`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ErrorResponseShape;

impl Shape for ErrorResponseShape {
    const NAME: &'static str = "ErrorResponseView";
}
impl TakesOptions for ErrorResponseShape {}

/// The categorized error model's `ErrorResponse`, from [`McpErrorExt::to_error_response`]:
/// `{"code","message","retryable","details"}`.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let response = err.to_error_response().code_as_string().to_json_value().unwrap();
/// assert_eq!(response["code"], "2102");
/// assert_eq!(response["details"]["retryAfterMs"], 2000);
/// ```
pub type ErrorResponseView<'a, E> = EnvelopeView<'a, E, ErrorResponseShape>;

/// The shape of the categorized error model's domain failure: `{"jsonrpc":"2.0","id":...,"result":{"error":{...}}}`.
#[derive(Clone, Debug)]
pub struct JsonRpcResultShape<'a> {
    pub(super) id: RequestId<'a>,
}

impl Shape for JsonRpcResultShape<'_> {
    const NAME: &'static str = "JsonRpcResultView";
    fn id(&self) -> Option<&RequestId<'_>> {
        Some(&self.id)
    }
}
impl TakesOptions for JsonRpcResultShape<'_> {}

/// The categorized error model's domain failure, from [`McpErrorExt::to_jsonrpc_result`]:
/// `{"jsonrpc":"2.0","id":...,"result":{"error":{...}}}`. The builder methods are those of
/// [`ErrorResponseView`] and apply to `result.error`.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let wire = err.to_jsonrpc_result("a").code_as_string().to_json_value().unwrap();
/// assert_eq!(wire["id"], "a");
/// assert_eq!(wire["result"]["error"]["code"], "2102");
/// ```
pub type JsonRpcResultView<'a, E> = EnvelopeView<'a, E, JsonRpcResultShape<'a>>;

impl<E: ?Sized + VisitData> Serialize for EnvelopeView<'_, E, ErrorResponseShape> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let stack = self.options.stack();
        let meter = self.options.meter();
        let with_details = error.help().is_some()
            || error.retry_after().is_some()
            || stack.is_some()
            || self.context.is_some()
            || Visited::of(error).any()
            || message_over_budget(&Message(error), &self.options.meter());
        let mut map = serializer.serialize_map(Some(3 + usize::from(with_details)))?;
        map.serialize_entry("code", &Code::new(error.code(), self.options))?;
        map.serialize_entry(
            "message",
            &MeteredMessage {
                error,
                meter: &meter,
            },
        )?;
        map.serialize_entry("retryable", &crate::field_types::wire_retryable(error))?;
        if with_details {
            map.serialize_entry(
                "details",
                &ResponseDetails {
                    error,
                    stack: stack.as_deref().map(|frames| Stack {
                        frames,
                        as_string: self.options.stack_as_string,
                    }),
                    context: self.context,
                    meter: &meter,
                },
            )?;
        }
        map.end()
    }
}

impl<E: ?Sized + VisitData> Serialize for EnvelopeView<'_, E, JsonRpcResultShape<'_>> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        struct ErrorMember<'a, E: ?Sized>(ErrorResponseView<'a, E>);
        impl<E: ?Sized + VisitData> Serialize for ErrorMember<'_, E> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("error", &self.0)?;
                map.end()
            }
        }

        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("jsonrpc", JSONRPC_VERSION)?;
        map.serialize_entry("id", &self.shape.id)?;
        map.serialize_entry("result", &ErrorMember(self.reshaped(ErrorResponseShape)))?;
        map.end()
    }
}

/// The `details` member of the categorized error model's `ErrorResponse`.
struct ResponseDetails<'a, E: ?Sized> {
    error: &'a E,
    stack: Option<Stack<'a>>,
    context: Option<&'a Context>,
    meter: &'a Meter,
}

/// `details` keys the envelope writes itself: the details field, the help, as in the categorized error model.
const REASON: &str = "reason";
const SUGGESTION: &str = "suggestion";

impl<E: ?Sized + VisitData> Serialize for ResponseDetails<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let help = error.help();
        let retry_after = retry_after_ms(error);
        let mut map = serializer.serialize_map(None)?;
        // A data field may use one of these keys only when the envelope does not write it.
        let reserved = Reserved {
            fixed: &[TRUNCATED],
            present: [
                has_details_field(error).then_some(REASON),
                help.map(|_| SUGGESTION),
                retry_after.map(|_| RETRY_AFTER_MS),
                self.stack.as_ref().map(|_| STACK),
                self.context.map(|_| CONTEXT),
            ],
        };
        error.visit_data_any(&mut MapSink {
            map: &mut map,
            details_key: Some(REASON),
            reserved,
            meter: self.meter,
        })?;
        if let Some(help) = help {
            map.serialize_entry(SUGGESTION, help)?;
        }
        if let Some(ms) = retry_after {
            map.serialize_entry(RETRY_AFTER_MS, &ms)?;
        }
        end_with_context(map, self.context, self.stack.as_ref(), self.meter)
    }
}
