//! The JSON-RPC error shapes: the `error` member ([`ErrorObjectView`]) and the whole error
//! response ([`JsonRpcErrorView`]), with the `data` member and its reserved keys.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::budget::{CappedText, Meter};
use super::fields::{
    CONTEXT, MapSink, Reserved, STACK, Stack, TRUNCATED, Visited, end_with_context,
    has_details_field, message_over_budget, retry_after_ms,
};
use super::text::{Message, MeteredMessage};
use super::view::Context;
use super::view::{Options, Shape, TakesOptions, TakesPlainData};
use super::{EnvelopeView, JSONRPC_VERSION, RequestId};
#[cfg(doc)]
use crate::McpErrorExt;
use crate::VisitData;
use crate::field_types::retryable_on_wire;

/// The keys of `data` the envelope writes itself, in the order it writes them: `domain`,
/// `symbol`, `retryable`, `details`, `retryAfterMs`, `stack`, `truncated` (when the
/// [`ReplyBudget`](crate::ReplyBudget) cut something). A data field may not use one
/// (the derive rejects it; a field that still arrives under one is dropped, so the output
/// never has duplicate keys).
pub const RESERVED_DATA_KEYS: &[&str] = &[
    DOMAIN,
    SYMBOL,
    RETRYABLE,
    DETAILS,
    RETRY_AFTER_MS,
    STACK,
    TRUNCATED,
];

pub(super) const DOMAIN: &str = "domain";
pub(super) const SYMBOL: &str = "symbol";
pub(super) const RETRYABLE: &str = "retryable";
pub(super) const DETAILS: &str = "details";
pub(super) const RETRY_AFTER_MS: &str = "retryAfterMs";
/// `data.docUrl` ([`EnvelopeView::with_doc_url`]) and a tool error's `_meta.docUrl`
/// ([`ToolErrorFormat::meta_doc_url`](crate::ToolErrorFormat::meta_doc_url)).
pub(super) const DOC_URL: &str = "docUrl";

/// The shape of the JSON-RPC `error` member: `{"code","message","data"}`.
#[derive(Clone, Copy, Debug, Default)]
pub struct ErrorObjectShape;

impl Shape for ErrorObjectShape {
    const NAME: &'static str = "ErrorObjectView";
    fn write_unmetered<E: ?Sized + VisitData>(
        view: &EnvelopeView<'_, E, Self>,
        out: &mut Vec<u8>,
    ) -> bool {
        super::fast::write_error_object(view, out)
    }
    fn serialize_structured<'a, E, Ser>(
        view: &EnvelopeView<'a, E, Self>,
        serializer: Ser,
    ) -> Result<Ser::Ok, Ser::Error>
    where
        E: ?Sized + VisitData,
        Ser: Serializer,
        EnvelopeView<'a, E, Self>: Serialize,
    {
        view.serialize_metered(serializer)
    }
}
impl TakesOptions for ErrorObjectShape {}
impl TakesPlainData for ErrorObjectShape {}

/// The JSON-RPC `error` member of an error, from [`McpErrorExt::to_error_object`].
///
/// Serializes as `{"code","message","data"}`; the builder methods change the shape for
/// servers that expect another dialect:
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Nav { reason: "dns".into(), url: "games/invalid".into() };
/// // The knowledge base's dialect: the code as a string, `data` with the variant's fields only.
/// assert_eq!(
///     err.to_error_object().code_as_string().plain_data().to_json_value().unwrap(),
///     serde_json::json!({"code": "2100", "message": "Navigation failed",
///                        "data": {"details": "dns", "url": "games/invalid"}}),
/// );
/// ```
pub type ErrorObjectView<'a, E> = EnvelopeView<'a, E, ErrorObjectShape>;

/// The shape of a JSON-RPC 2.0 error response: `{"jsonrpc":"2.0","id":...,"error":{...}}`.
#[derive(Clone, Debug)]
pub struct JsonRpcErrorShape<'a> {
    pub(super) id: RequestId<'a>,
}

impl Shape for JsonRpcErrorShape<'_> {
    const NAME: &'static str = "JsonRpcErrorView";
    fn id(&self) -> Option<&RequestId<'_>> {
        Some(&self.id)
    }
    fn write_unmetered<E: ?Sized + VisitData>(
        view: &EnvelopeView<'_, E, Self>,
        out: &mut Vec<u8>,
    ) -> bool {
        super::fast::write_jsonrpc_error(view, out)
    }
    fn serialize_structured<'a, E, Ser>(
        view: &EnvelopeView<'a, E, Self>,
        serializer: Ser,
    ) -> Result<Ser::Ok, Ser::Error>
    where
        E: ?Sized + VisitData,
        Ser: Serializer,
        EnvelopeView<'a, E, Self>: Serialize,
    {
        view.serialize_metered(serializer)
    }
}
impl TakesOptions for JsonRpcErrorShape<'_> {}
impl TakesPlainData for JsonRpcErrorShape<'_> {}

/// A JSON-RPC 2.0 error response, from [`McpErrorExt::to_jsonrpc`]:
/// `{"jsonrpc":"2.0","id":...,"error":{...}}`. The builder methods are those of
/// [`ErrorObjectView`] and apply to the `error` member.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::McpErrorExt;
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
/// let mut line = Vec::new();
/// err.to_jsonrpc(1).plain_data().write_json_line(&mut line).unwrap();
/// assert_eq!(
///     line,
///     b"{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":2102,\"message\":\"Too many launches\"}}\n"
/// );
/// ```
pub type JsonRpcErrorView<'a, E> = EnvelopeView<'a, E, JsonRpcErrorShape<'a>>;

/// Handed to `serde_json`'s compact serializer over a `Vec<u8>`, the optimistic writer's
/// bytes as raw JSON (`raw.rs`); else, or when that writer gives up, the metered path.
impl<E: ?Sized + VisitData> Serialize for EnvelopeView<'_, E, ErrorObjectShape> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        super::raw::serialize(
            serializer,
            |out| super::fast::write_error_object(self, out),
            |serializer| self.serialize_metered(serializer),
        )
    }
}

impl<E: ?Sized + VisitData> EnvelopeView<'_, E, ErrorObjectShape> {
    /// The structured path: the error object under its own [`Meter`].
    fn serialize_metered<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MeteredErrorObject {
            view: self,
            meter: &self.options.meter(),
        }
        .serialize(serializer)
    }
}

/// An error object written under a given [`Meter`]: its own, or (as a tool error's
/// `structuredContent`) the one of the envelope it is part of, so the whole reply keeps one
/// budget.
pub(super) struct MeteredErrorObject<'v, 'a, E: ?Sized> {
    pub(super) view: &'v EnvelopeView<'a, E, ErrorObjectShape>,
    pub(super) meter: &'v Meter,
}

impl<E: ?Sized + VisitData> Serialize for MeteredErrorObject<'_, '_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let view = self.view;
        let meter = self.meter;
        let error = view.error;
        let plain = view.options.plain_data;
        let stack = view.options.stack();
        let format = view.options.json_rpc_format();
        // Asked of the error only when the format wants it.
        let doc_url = format.doc_url().then(|| error.doc_url()).flatten();
        let with_data = !plain
            || doc_url.is_some()
            || stack.is_some()
            || view.context.is_some()
            || Visited::of(error).any()
            || message_over_budget(&Message(error), &meter.clone());
        let mut map = serializer.serialize_map(Some(2 + usize::from(with_data)))?;
        map.serialize_entry("code", &Code::new(error.code(), view.options))?;
        if format.symbol_first() {
            let message = super::message_format::SymbolFirst(error);
            map.serialize_entry(
                "message",
                &CappedText {
                    value: &message,
                    meter,
                },
            )?;
        } else {
            map.serialize_entry("message", &MeteredMessage { error, meter })?;
        }
        if with_data {
            map.serialize_entry(
                "data",
                &Data {
                    error,
                    plain,
                    stack: stack.as_deref().map(|frames| Stack {
                        frames,
                        as_string: view.options.stack_as_string,
                    }),
                    context: view.context,
                    doc_url,
                    meter,
                },
            )?;
        }
        map.end()
    }
}

/// Handed to `serde_json`'s compact serializer over a `Vec<u8>`, the optimistic writer's
/// bytes as raw JSON (`raw.rs`); else, or when that writer gives up, the metered path.
impl<E: ?Sized + VisitData> Serialize for EnvelopeView<'_, E, JsonRpcErrorShape<'_>> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        super::raw::serialize(
            serializer,
            |out| super::fast::write_jsonrpc_error(self, out),
            |serializer| self.serialize_metered(serializer),
        )
    }
}

impl<E: ?Sized + VisitData> EnvelopeView<'_, E, JsonRpcErrorShape<'_>> {
    /// The structured path: the `error` member metered as an error object's own (the raw
    /// route is not tried again for it).
    fn serialize_metered<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("jsonrpc", JSONRPC_VERSION)?;
        map.serialize_entry("id", &self.shape.id)?;
        map.serialize_entry(
            "error",
            &MeteredErrorObject {
                view: &self.reshaped(ErrorObjectShape),
                meter: &self.options.meter(),
            },
        )?;
        map.end()
    }
}

/// The `data` member of an error object.
struct Data<'a, E: ?Sized> {
    error: &'a E,
    plain: bool,
    stack: Option<Stack<'a>>,
    context: Option<&'a Context>,
    /// `docUrl`, when the view asks for it and the error has one.
    doc_url: Option<&'static str>,
    meter: &'a Meter,
}

impl<E: ?Sized + VisitData> Serialize for Data<'_, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let error = self.error;
        let mut map = serializer.serialize_map(None)?;
        let retry_after = if self.plain {
            None
        } else {
            retry_after_ms(error)
        };
        let details = has_details_field(error).then_some(DETAILS);
        let stack = self.stack.as_ref().map(|_| STACK);
        let context = self.context.map(|_| CONTEXT);
        let doc_url = self.doc_url.map(|_| DOC_URL);
        let reserved = if self.plain {
            Reserved {
                fixed: &[TRUNCATED],
                present: [details, stack, context, doc_url, None],
            }
        } else {
            map.serialize_entry(DOMAIN, error.domain())?;
            map.serialize_entry(SYMBOL, error.symbol())?;
            let retryable = retryable_on_wire(error.retryable(), retry_after.is_some());
            map.serialize_entry(RETRYABLE, &retryable)?;
            Reserved {
                fixed: &[DOMAIN, SYMBOL, RETRYABLE, TRUNCATED],
                present: [
                    details,
                    stack,
                    retry_after.map(|_| RETRY_AFTER_MS),
                    context,
                    doc_url,
                ],
            }
        };
        error.visit_data_any(&mut MapSink {
            map: &mut map,
            details_key: Some(DETAILS),
            reserved,
            meter: self.meter,
        })?;
        if let Some(ms) = retry_after {
            map.serialize_entry(RETRY_AFTER_MS, &ms)?;
        }
        if let Some(url) = self.doc_url {
            map.serialize_entry(DOC_URL, url)?;
        }
        end_with_context(map, self.context, self.stack.as_ref(), self.meter)
    }
}

/// The `code` member, as a number or as a string.
pub(super) struct Code {
    code: i32,
    as_string: bool,
}

impl Code {
    pub(super) fn new(code: i32, options: Options) -> Code {
        Code {
            code,
            as_string: options.code_as_string,
        }
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.as_string {
            serializer.collect_str(&self.code)
        } else {
            serializer.serialize_i32(self.code)
        }
    }
}
