//! [`EnvelopeView`]: the one struct behind every envelope. The options (`code_as_string`,
//! `plain_data`, `verbosity`) and the output methods (`to_json_string`, `write_json_line`, ...)
//! are defined here once, for every [`Shape`] that takes them; each shape's file defines only
//! its `Serialize`.

use core::cell::RefCell;
use core::fmt;
use std::io;

use serde::{Serialize, Serializer};

use super::RequestId;
use super::budget::{Meter, ReplyBudget};
#[cfg(doc)]
use crate::McpErrorExt;
use crate::{JsonRpcMessageFormat, Verbosity, VisitData};

/// The options of an envelope. Each shape takes those that apply to it (see
/// [`TakesOptions`], [`TakesPlainData`]); a shape that takes none ignores them.
#[derive(Clone, Copy, Debug, Default)]
#[allow(clippy::struct_excessive_bools)] // independent switches of one envelope
pub(crate) struct Options {
    /// [`EnvelopeView::code_as_string`].
    pub(crate) code_as_string: bool,
    /// [`EnvelopeView::plain_data`].
    pub(crate) plain_data: bool,
    /// [`EnvelopeView::verbosity`]; `None` follows `MCP_ERRORS_VERBOSE`.
    pub(crate) verbosity: Option<Verbosity>,
    pub(crate) budget: Option<ReplyBudget>,
    /// [`EnvelopeView::stack_as_string`].
    pub(crate) stack_as_string: bool,
    /// [`EnvelopeView::message_format`]; `None` follows [`JsonRpcMessageFormat::global`].
    pub(crate) message_format: Option<JsonRpcMessageFormat>,
    /// [`EnvelopeView::with_doc_url`].
    pub(crate) doc_url: bool,
}

impl Options {
    /// The meter of one envelope being written: this view's budget, else the process default.
    pub(crate) fn meter(self) -> Meter {
        Meter::new(self.budget.unwrap_or_else(ReplyBudget::current))
    }

    /// The JSON-RPC format of this envelope, resolved once: this view's, else the process's
    /// ([`JsonRpcMessageFormat::global`]), with the doc URL on when
    /// [`EnvelopeView::with_doc_url`] asks for it. Its `symbol_first` says whether the message
    /// starts with the symbol, its `doc_url` whether `data` carries the error's doc URL.
    pub(crate) fn json_rpc_format(self) -> JsonRpcMessageFormat {
        let format = self
            .message_format
            .unwrap_or_else(JsonRpcMessageFormat::global);
        format.with_doc_url(self.doc_url || format.doc_url())
    }

    /// The stack to write, if the verbosity asks for one.
    pub(crate) fn stack(self) -> Option<Vec<String>> {
        self.verbosity
            .unwrap_or_else(Verbosity::from_env)
            .capture_stack()
    }
}

/// An envelope of an error, borrowed and ready to serialize: what every method of
/// [`McpErrorExt`] returns.
///
/// `S` is the wire shape; the crate names each combination: [`ErrorObjectView`](crate::ErrorObjectView),
/// [`JsonRpcErrorView`](crate::JsonRpcErrorView), [`ToolResultView`](crate::ToolResultView),
/// [`ErrorResponseView`](crate::ErrorResponseView) and
/// [`JsonRpcResultView`](crate::JsonRpcResultView). Nothing is built until a serializer asks.
/// Views are `Copy` (those with a request id `Clone`) and `Debug` without serializing.
pub struct EnvelopeView<'a, E: ?Sized, S> {
    pub(super) error: &'a E,
    pub(super) options: Options,
    pub(super) shape: S,
    /// [`EnvelopeView::with_context`].
    pub(super) context: Option<&'a Context>,
}

/// Request-scoped data for [`EnvelopeView::with_context`]: a JSON object.
pub(crate) type Context = serde_json::Map<String, serde_json::Value>;

impl<'a, E: ?Sized, S> EnvelopeView<'a, E, S> {
    /// `error` in the shape `shape`, with default options.
    pub(super) fn new(error: &'a E, shape: S) -> Self {
        EnvelopeView {
            error,
            options: Options::default(),
            shape,
            context: None,
        }
    }

    /// The same error and options in another shape (a response shape serializes its inner
    /// member this way).
    pub(super) fn reshaped<T>(&self, shape: T) -> EnvelopeView<'a, E, T> {
        EnvelopeView {
            error: self.error,
            options: self.options,
            shape,
            context: self.context,
        }
    }

    /// Adds request-scoped data (a request id, the tool's name, a tenant) to this envelope,
    /// without a field on the error: `data.context` of a JSON-RPC error (the categorized error model's
    /// `details.context`), `_meta.context` of a tool error. A data field of the variant that
    /// is itself called `context` gives way to it.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// use serde_json::json;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let context = json!({"requestId": "req-7", "tool": "navigate"});
    /// let context = context.as_object().unwrap();
    /// let wire = err.to_error_object().with_context(context).to_json_value().unwrap();
    /// assert_eq!(wire["data"]["context"], json!({"requestId": "req-7", "tool": "navigate"}));
    /// let wire = err.to_jsonrpc(7).with_context(context).to_json_value().unwrap();
    /// assert_eq!(wire["error"]["data"]["context"]["requestId"], "req-7");
    /// let tool = err.to_tool_result().with_context(context).to_json_value().unwrap();
    /// assert_eq!(tool["_meta"]["context"]["tool"], "navigate");
    /// let response = err.to_error_response().with_context(context).to_json_value().unwrap();
    /// assert_eq!(response["details"]["context"]["requestId"], "req-7");
    /// ```
    #[must_use]
    pub fn with_context(mut self, context: &'a serde_json::Map<String, serde_json::Value>) -> Self {
        self.context = Some(context);
        self
    }
}

/// A wire shape of [`EnvelopeView`]. Implemented by this crate's shapes only.
pub trait Shape {
    /// The view's name in `Debug` output.
    #[doc(hidden)]
    const NAME: &'static str;

    /// The request id a JSON-RPC response shape echoes.
    #[doc(hidden)]
    fn id(&self) -> Option<&RequestId<'_>> {
        None
    }

    /// Writes `view` into `out` without the reply budget's meter when that gives the same
    /// bytes as its `Serialize` (see `fast/`); `false` when the shape has no such writer
    /// or gave up, and `out` must then be cut back and written through `Serialize`.
    #[doc(hidden)]
    fn write_unmetered<E: ?Sized + VisitData>(
        view: &EnvelopeView<'_, E, Self>,
        out: &mut Vec<u8>,
    ) -> bool
    where
        Self: Sized,
    {
        let _ = (view, out);
        false
    }

    /// Serializes `view` through its structured, metered `Serialize`, never handing it to
    /// `serde_json` as raw JSON (`raw.rs`): the output methods take it once the optimistic
    /// writer gave up, so that it is not tried twice.
    #[doc(hidden)]
    fn serialize_structured<'a, E, Ser>(
        view: &EnvelopeView<'a, E, Self>,
        serializer: Ser,
    ) -> Result<Ser::Ok, Ser::Error>
    where
        Self: Sized,
        E: ?Sized + VisitData,
        Ser: Serializer,
        EnvelopeView<'a, E, Self>: Serialize,
    {
        view.serialize(serializer)
    }
}

/// A view serialized by [`Shape::serialize_structured`].
struct Structured<'v, 'a, E: ?Sized, S>(&'v EnvelopeView<'a, E, S>);

impl<'a, E: ?Sized + VisitData, S: Shape> Serialize for Structured<'_, 'a, E, S>
where
    EnvelopeView<'a, E, S>: Serialize,
{
    fn serialize<Ser: Serializer>(&self, serializer: Ser) -> Result<Ser::Ok, Ser::Error> {
        S::serialize_structured(self.0, serializer)
    }
}

/// Shapes with a `code` and room for a stack: they take
/// [`code_as_string`](EnvelopeView::code_as_string) and
/// [`verbosity`](EnvelopeView::verbosity).
pub trait TakesOptions: Shape {}

/// Shapes with a JSON-RPC `data` member: they also take
/// [`plain_data`](EnvelopeView::plain_data).
pub trait TakesPlainData: TakesOptions {}

impl<E: ?Sized, S: TakesOptions> EnvelopeView<'_, E, S> {
    /// Writes `code` as a JSON string (`"code":"1001"`), as the string-coded knowledge base's servers do.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// assert_eq!(err.to_error_object().code_as_string().to_json_value().unwrap()["code"], "2102");
    /// assert_eq!(err.to_error_response().code_as_string().to_json_value().unwrap()["code"], "2102");
    /// let wire = err.to_jsonrpc(1).code_as_string().to_json_value().unwrap();
    /// assert_eq!(wire["error"]["code"], "2102");
    /// let wire = err.to_jsonrpc_result(1).code_as_string().to_json_value().unwrap();
    /// assert_eq!(wire["result"]["error"]["code"], "2102");
    /// ```
    #[must_use]
    pub fn code_as_string(mut self) -> Self {
        self.options.code_as_string = true;
        self
    }

    /// Overrides `MCP_ERRORS_VERBOSE` for this envelope: whether and how much of a stack goes
    /// into `data.stack` (`details.stack` in the categorized error model's shapes).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, Verbosity};
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let quiet = err.to_error_object().verbosity(Verbosity::Off).to_json_value().unwrap();
    /// assert!(quiet["data"].get("stack").is_none());
    /// let loud = err.to_error_object().verbosity(Verbosity::Full).to_json_value().unwrap();
    /// assert!(loud["data"]["stack"].is_array());
    /// let wire = err.to_jsonrpc(1).verbosity(Verbosity::Frames(3)).to_json_value().unwrap();
    /// assert!(wire["error"]["data"]["stack"].as_array().unwrap().len() <= 3);
    /// let wire = err.to_error_response().verbosity(Verbosity::Full).to_json_value().unwrap();
    /// assert!(wire["details"]["stack"].is_array());
    /// let wire = err.to_jsonrpc_result(1).verbosity(Verbosity::Off).to_json_value().unwrap();
    /// assert!(wire["result"]["error"]["details"].get("stack").is_none());
    /// ```
    #[must_use]
    pub fn verbosity(mut self, verbosity: Verbosity) -> Self {
        self.options.verbosity = Some(verbosity);
        self
    }

    /// Writes the stack, when there is one, as one string of lines joined by `\n` instead of
    /// an array of frames: the GitHub server types `data.stack` as a string.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, Verbosity};
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let wire = err.to_error_object().verbosity(Verbosity::Full).stack_as_string()
    ///     .to_json_value().unwrap();
    /// assert!(wire["data"]["stack"].is_string());
    /// let quiet = err.to_error_object().verbosity(Verbosity::Off).stack_as_string()
    ///     .to_json_value().unwrap();
    /// assert!(quiet["data"].get("stack").is_none());
    /// ```
    #[must_use]
    pub fn stack_as_string(mut self) -> Self {
        self.options.stack_as_string = true;
        self
    }

    /// Adds `data.docUrl`, the page documenting the error
    /// ([`McpError::doc_url`](crate::McpError::doc_url)), when it has one (`#[mcp(doc_url =
    /// "...")]`), in the JSON-RPC error shapes and a tool error's `structuredContent` (the
    /// categorized error model's response shapes ignore it). Off by default: without it the
    /// bytes are those of earlier versions. A data field of the variant that is itself called
    /// `docUrl` gives way to it. A tool error's `_meta.docUrl` is
    /// [`ToolErrorFormat::meta_doc_url`](crate::ToolErrorFormat::meta_doc_url).
    #[must_use]
    pub fn with_doc_url(mut self) -> Self {
        self.options.doc_url = true;
        self
    }
}

impl<E: ?Sized, S: Shape> EnvelopeView<'_, E, S> {
    /// Overrides the [`ReplyBudget`] for this envelope: how many JSON-escaped bytes the
    /// message, the `details` text and the data fields may take together before they are cut
    /// (cut text ends with [`TRUNCATION_MARK`](crate::TRUNCATION_MARK), and the envelope adds
    /// `"truncated": true` to `data`, `details` or `_meta`).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, ReplyBudget};
    ///
    /// let err = PlaywrightError::Nav { reason: "dns".repeat(100), url: "u".into() };
    /// let wire = err.to_error_object().budget(ReplyBudget::bytes(40)).to_json_value().unwrap();
    /// assert!(wire["data"]["details"].as_str().unwrap().ends_with("…[truncated]"));
    /// assert_eq!(wire["data"]["truncated"], true);
    ///
    /// // A tool error's text: what comes from the values is cut; the help and retry lines,
    /// // the catalog's, stay whole.
    /// let tool = err.to_tool_result().budget(ReplyBudget::bytes(10)).to_json_value().unwrap();
    /// assert_eq!(
    ///     tool["content"][0]["text"],
    ///     "E_PW_NAV…[truncated]\nHelp: check the URL\nRetryable: yes"
    /// );
    /// assert_eq!(tool["_meta"]["truncated"], true);
    /// ```
    #[must_use]
    pub fn budget(mut self, budget: ReplyBudget) -> Self {
        self.options.budget = Some(budget);
        self
    }
}

impl<E: ?Sized, S: TakesPlainData> EnvelopeView<'_, E, S> {
    /// Makes `data` hold only the variant's own data: the `details` text and the serialized
    /// fields, without `domain`, `symbol`, `retryable` and `retryAfterMs` (the knowledge base's
    /// `"data":{"path":"games/invalid"}`, the categorized error model's `"data":{"field":"order.customer.email"}`).
    /// `data` is left out when there is nothing to put in it: no field (a variant without data
    /// fields, or whose `Option` fields are all `None`), no details text and no stack.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Nav { reason: "r".into(), url: "u".into() };
    /// let wire = err.to_jsonrpc(1).plain_data().to_json_value().unwrap();
    /// assert_eq!(wire["error"]["data"], serde_json::json!({"details": "r", "url": "u"}));
    /// ```
    #[must_use]
    pub fn plain_data(mut self) -> Self {
        self.options.plain_data = true;
        self
    }

    /// Overrides [`JsonRpcMessageFormat::global`] for this envelope: with
    /// [`JsonRpcMessageFormat::SYMBOL_FIRST`] the message reads `"SYMBOL: message"` (see there).
    #[must_use]
    pub fn message_format(mut self, format: JsonRpcMessageFormat) -> Self {
        self.options.message_format = Some(format);
        self
    }
}

impl<E: ?Sized + VisitData, S: Shape> EnvelopeView<'_, E, S>
where
    Self: Serialize,
{
    /// The envelope's bytes appended to `out`: written optimistically when the shape can
    /// (the common, small reply), else serialized under the reply budget.
    fn append_json(&self, out: &mut Vec<u8>) -> Result<(), serde_json::Error> {
        let start = out.len();
        if S::write_unmetered(self, out) {
            return Ok(());
        }
        out.truncate(start);
        serde_json::to_writer(out, &Structured(self))
    }

    /// Serializes the envelope into a `String` of compact JSON.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let text = err.to_jsonrpc(1).to_json_string().unwrap();
    /// assert!(text.starts_with(r#"{"jsonrpc":"2.0","id":1,"error":{"code":2102,"#));
    /// ```
    pub fn to_json_string(&self) -> Result<String, serde_json::Error> {
        let bytes = self.to_json_vec()?;
        String::from_utf8(bytes).map_err(|_| {
            <serde_json::Error as serde::ser::Error>::custom("serialized JSON is not UTF-8")
        })
    }

    /// Serializes the envelope into a new byte vector of compact JSON.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let bytes = err.to_tool_result().to_json_vec().unwrap();
    /// assert!(bytes.starts_with(br#"{"content":[{"type":"text","#));
    /// ```
    pub fn to_json_vec(&self) -> Result<Vec<u8>, serde_json::Error> {
        let mut out = Vec::with_capacity(256);
        self.append_json(&mut out)?;
        Ok(out)
    }

    /// Converts the envelope into a `serde_json::Value` (allocates a tree: for tests and
    /// for merging into other values, not for the hot path).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// assert_eq!(err.to_error_response().to_json_value().unwrap()["retryable"], true);
    /// ```
    pub fn to_json_value(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }

    /// Writes the envelope as compact JSON into `writer`. Into a reused `Vec<u8>` with
    /// enough capacity, a sized error serializes without allocating.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let mut buf = Vec::with_capacity(256);
    /// err.to_jsonrpc(1).write_json(&mut buf).unwrap();
    /// assert!(buf.ends_with(b"}}}"));
    /// ```
    pub fn write_json<W: io::Write>(&self, mut writer: W) -> Result<(), serde_json::Error> {
        with_scratch(|scratch| {
            let Some(scratch) = scratch else {
                return serde_json::to_writer(&mut writer, &Structured(self));
            };
            self.append_json(scratch)?;
            writer.write_all(scratch).map_err(serde_json::Error::io)
        })
    }

    /// Writes the envelope as one line of JSON followed by `\n`, the framing of MCP's
    /// stdio transport (JSON text never contains a raw newline).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    /// let err = PlaywrightError::Nav { reason: "a\nb".into(), url: "u".into() };
    /// let mut out = Vec::new();
    /// err.to_jsonrpc(1).write_json_line(&mut out).unwrap();
    /// assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
    /// assert!(out.ends_with(b"\n"));
    /// ```
    pub fn write_json_line<W: io::Write>(&self, mut writer: W) -> Result<(), serde_json::Error> {
        with_scratch(|scratch| {
            let Some(scratch) = scratch else {
                serde_json::to_writer(&mut writer, &Structured(self))?;
                return writer.write_all(b"\n").map_err(serde_json::Error::io);
            };
            self.append_json(scratch)?;
            scratch.push(b'\n');
            writer.write_all(scratch).map_err(serde_json::Error::io)
        })
    }
}

/// Runs `f` with this thread's empty scratch buffer, where `write_json` builds an envelope
/// before handing it to the writer in one `write_all`; `None` when the buffer is in use (an
/// envelope written from inside another's `Display`), and `f` then writes directly. The raw
/// route of the serde path (`raw.rs`) builds its bytes here too.
pub(super) fn with_scratch<T>(f: impl FnOnce(Option<&mut Vec<u8>>) -> T) -> T {
    /// Larger buffers are not kept for the next envelope.
    const KEEP: usize = 64 * 1024;
    thread_local! {
        static SCRATCH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    }
    let mut f = Some(f);
    let result = SCRATCH.try_with(|cell| {
        let Ok(mut scratch) = cell.try_borrow_mut() else {
            return None;
        };
        scratch.clear();
        let result = (f.take()?)(Some(&mut scratch));
        if scratch.capacity() > KEEP {
            *scratch = Vec::new();
        }
        Some(result)
    });
    match (result, f) {
        (Ok(Some(result)), _) => result,
        (_, Some(f)) => f(None),
        (_, None) => unreachable!("f ran and returned"),
    }
}

impl<E: ?Sized + fmt::Debug, S: Shape> fmt::Debug for EnvelopeView<'_, E, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = f.debug_struct(S::NAME);
        if let Some(id) = self.shape.id() {
            s.field("id", id);
        }
        s.field("error", &self.error)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl<E: ?Sized, S: Clone> Clone for EnvelopeView<'_, E, S> {
    fn clone(&self) -> Self {
        self.reshaped(self.shape.clone())
    }
}

impl<E: ?Sized, S: Copy> Copy for EnvelopeView<'_, E, S> {}
