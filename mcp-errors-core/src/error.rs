//! The two traits every derived enum implements: [`McpError`] (per value) and
//! [`ErrorCatalog`] (per type), plus [`FieldSink`], through which a value hands its `data`
//! fields to an envelope without an intermediate `serde_json::Value`.

use core::fmt;
use core::time::Duration;

use crate::visitor::{DataVisitor, SinkVisitor};
use crate::{CodeRange, ErrorEntry, ErrorKind};

/// An error of an MCP server's taxonomy: a stable code, symbol, domain and retry guidance.
///
/// Implemented by `#[derive(McpError)]`. The trait is object safe: `&dyn McpError` and
/// `Box<dyn McpError + Send + Sync>` work with every envelope of
/// [`McpErrorExt`](crate::McpErrorExt).
///
/// Everything but [`entry`](McpError::entry) has a default that reads the catalog row, so
/// the methods agree with [`ErrorCatalog::ENTRIES`] unless a variant decides per value (a
/// `#[mcp(retryable)]` field, a `transparent` inner error).
pub trait McpError: std::error::Error {
    /// The catalog row of this value's variant. For a `transparent` variant, the inner
    /// error's row (whose `domain` is the inner enum's).
    fn entry(&self) -> &'static ErrorEntry;

    /// The domain this error is reported under: its row's. A `transparent` variant reports
    /// the outer enum's domain (the derive overrides this method then): a common
    /// `E_INPUT_TOO_LARGE` raised by the Python server counts as `python`.
    fn domain(&self) -> &'static str {
        self.entry().domain
    }

    /// The stable numeric code.
    fn code(&self) -> i32 {
        self.entry().code
    }

    /// The stable symbol (`E_PW_NAV`).
    fn symbol(&self) -> &'static str {
        self.entry().symbol
    }

    /// Whether the failed operation is worth retrying unchanged.
    fn retryable(&self) -> bool {
        self.entry().retryable
    }

    /// The category of the failure.
    fn kind(&self) -> ErrorKind {
        self.entry().kind
    }

    /// How long to wait before a retry, when the error knows (`#[mcp(retry_after)]` field).
    fn retry_after(&self) -> Option<Duration> {
        None
    }

    /// Writes the message that goes on the wire (every envelope's `message`): the variant's
    /// `message` template filled in. The same text as `Display` unless the variant gives
    /// `Display` a text of its own for logs (`#[mcp(display = "...")]`, `catch_all`).
    fn fmt_message(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }

    /// What the derive guarantees for an enum whose every variant has its own row and whose
    /// wire messages are all its templates: [`fmt_message`](McpError::fmt_message) writes
    /// the row's `message` as it stands whenever that text holds no `{` or `}` (no
    /// placeholder); [`domain`](McpError::domain) and [`symbol`](McpError::symbol) are
    /// checked names, and the keys [`visit_data`](McpError::visit_data) hands over hold no
    /// character JSON escapes. An envelope then copies the catalog's text instead of
    /// formatting and scanning it. `false` by default.
    #[doc(hidden)]
    fn __plain_catalog_text(&self) -> bool {
        false
    }

    /// A remediation suggestion for the caller (`#[mcp(help = "...")]`).
    fn help(&self) -> Option<&'static str> {
        self.entry().help
    }

    /// The page documenting this error (`#[mcp(doc_url = "...")]` on the variant, or the
    /// enum's template resolved for it), `None` when it has none. Read by the catalog and,
    /// when a server turns it on, written on the wire (`data.docUrl`, `_meta.docUrl`).
    fn doc_url(&self) -> Option<&'static str> {
        None
    }

    /// The `errorType` (`_meta.errorType` of a tool error): the variant's own
    /// (`#[mcp(error_type = "...")]`), else its enum's, else the one of its
    /// [`kind`](McpError::kind) ([`ErrorKind::error_type`]).
    fn error_type(&self) -> &'static str {
        self.entry().resolved_error_type()
    }

    /// How a tool reports this error: as an MCP tool error, or as a JSON-RPC error (a
    /// protocol failure). See [`Channel`](crate::Channel).
    fn channel(&self) -> crate::Channel {
        self.entry().channel
    }

    /// Hands the fields that go into `data` to `sink`: the `details` field through
    /// [`FieldSink::details`], every other serialized field through [`FieldSink::field`].
    /// `skip`, `source` (unless also `details`) and `retryable` fields are not visited; a
    /// `retry_after` field is visited under its key unless it is also `skip`, and an `Option`
    /// field only while it is `Some`.
    ///
    /// Generic and therefore not callable on `dyn McpError`; the envelopes reach trait
    /// objects through a hidden object-safe twin.
    ///
    /// The derive implements the hidden infallible twin `__visit` instead, which this default
    /// calls; a hand-written impl overrides this method.
    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error>
    where
        Self: Sized,
    {
        let mut visitor = SinkVisitor::new(sink);
        self.__visit(&mut visitor);
        visitor.finish()
    }

    /// What the derive generates for [`visit_data`](McpError::visit_data): each field handed
    /// to a visitor that cannot fail, a plain sequence of calls per variant.
    #[doc(hidden)]
    fn __visit<V: DataVisitor>(&self, visitor: &mut V)
    where
        Self: Sized,
    {
        let _ = visitor;
    }

    /// Object-safe twin of [`visit_data`](McpError::visit_data), generated by the derive.
    #[doc(hidden)]
    fn __visit_data_dyn(&self, sink: &mut dyn DynFieldSink) -> Result<(), serde_json::Error> {
        let _ = sink;
        Ok(())
    }
}

/// Receives the `data` fields of an error, one by one, in declaration order.
pub trait FieldSink {
    /// What a failing sink reports.
    type Error;

    /// A serialized field, under its wire key.
    fn field<T: ?Sized + serde::Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error>;

    /// The `#[mcp(details)]` field, as its `Display` text.
    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), Self::Error>;
}

/// Object-safe form of [`FieldSink`], used for `dyn McpError`.
#[doc(hidden)]
pub trait DynFieldSink {
    fn field(
        &mut self,
        key: &'static str,
        value: &dyn ErasedValue,
    ) -> Result<(), serde_json::Error>;
    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), serde_json::Error>;
}

/// A `Serialize` value behind a trait object: it can only become JSON.
#[doc(hidden)]
pub trait ErasedValue {
    /// The value as a `serde_json::Value`.
    fn to_json_value(&self) -> Result<serde_json::Value, serde_json::Error>;
}

impl<T: serde::Serialize> ErasedValue for T {
    fn to_json_value(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
}

/// Adapts a `&mut dyn DynFieldSink` to the generic [`FieldSink`]; the derive's
/// `__visit_data_dyn` is `self.visit_data(&mut DynAdapter(sink))`.
#[doc(hidden)]
pub struct DynAdapter<'a>(pub &'a mut dyn DynFieldSink);

impl FieldSink for DynAdapter<'_> {
    type Error = serde_json::Error;

    fn field<T: ?Sized + serde::Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Self::Error> {
        self.0.field(key, &value)
    }

    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), Self::Error> {
        self.0.details(details)
    }
}

/// Gives any `McpError`, sized or a trait object, the generic [`McpError::visit_data`].
///
/// Blanket-implemented for every sized `McpError` (the derive's zero-allocation path) and for
/// `dyn McpError` (+ `Send` + `Sync`), which goes through `__visit_data_dyn`. Envelopes are
/// generic over `E: ?Sized + VisitData`.
pub trait VisitData: McpError {
    /// See [`McpError::visit_data`].
    fn visit_data_any<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error>
    where
        S::Error: serde::ser::Error;
}

impl<E: McpError> VisitData for E {
    fn visit_data_any<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error>
    where
        S::Error: serde::ser::Error,
    {
        self.visit_data(sink)
    }
}

/// Bridges a generic sink to the object-safe path: each field is turned into a
/// `serde_json::Value` first (the one place a trait object pays an allocation per field).
struct DynBridge<'a, S: FieldSink> {
    sink: &'a mut S,
    error: Option<S::Error>,
}

impl<S: FieldSink> DynFieldSink for DynBridge<'_, S>
where
    S::Error: serde::ser::Error,
{
    fn field(
        &mut self,
        key: &'static str,
        value: &dyn ErasedValue,
    ) -> Result<(), serde_json::Error> {
        let value = value.to_json_value()?;
        self.forward(|sink| sink.field(key, &value))
    }

    fn details(&mut self, details: &dyn fmt::Display) -> Result<(), serde_json::Error> {
        self.forward(|sink| sink.details(details))
    }
}

impl<S: FieldSink> DynBridge<'_, S>
where
    S::Error: serde::ser::Error,
{
    fn forward(
        &mut self,
        f: impl FnOnce(&mut S) -> Result<(), S::Error>,
    ) -> Result<(), serde_json::Error> {
        f(self.sink).map_err(|e| {
            let text = e.to_string();
            self.error = Some(e);
            <serde_json::Error as serde::ser::Error>::custom(text)
        })
    }
}

fn visit_dyn<S: FieldSink>(err: &(dyn McpError + '_), sink: &mut S) -> Result<(), S::Error>
where
    S::Error: serde::ser::Error,
{
    let mut bridge = DynBridge { sink, error: None };
    match err.__visit_data_dyn(&mut bridge) {
        Ok(()) => Ok(()),
        Err(e) => Err(bridge
            .error
            .take()
            .unwrap_or_else(|| <S::Error as serde::ser::Error>::custom(e))),
    }
}

macro_rules! visit_data_for_dyn {
    ($($ty:ty),*) => {$(
        impl VisitData for $ty {
            fn visit_data_any<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error>
            where
                S::Error: serde::ser::Error,
            {
                visit_dyn(self, sink)
            }
        }
    )*};
}

visit_data_for_dyn!(
    dyn McpError + '_,
    dyn McpError + Send + '_,
    dyn McpError + Send + Sync + '_
);

/// The static description of an error type: its domain, reserved range and catalog rows.
///
/// Implemented by `#[derive(McpError)]`; read by [`assert_disjoint!`](crate::assert_disjoint),
/// [`Registry`](crate::Registry) and the decoders.
pub trait ErrorCatalog {
    /// The Rust name of the type (`"PlaywrightError"`), for messages.
    const NAME: &'static str;
    /// The domain of the type (`"playwright"`).
    const DOMAIN: &'static str;
    /// The reserved range, when the enum declares one (`range = 2100..=2199`).
    const RANGE: Option<CodeRange>;
    /// One row per own (non-`transparent`) variant, in declaration order.
    const ENTRIES: &'static [ErrorEntry];
    /// The codes this type claims against others: [`RANGE`](ErrorCatalog::RANGE) when set,
    /// else its lowest to highest own code, widened by its retired codes
    /// ([`RESERVED`](ErrorCatalog::RESERVED)); `None` for a type without either.
    const SPAN: Option<CodeRange> = widen(span_of(Self::RANGE, Self::ENTRIES), Self::RESERVED);
    /// The codes of the own (non-`transparent`) variants, ascending: what
    /// [`assert_disjoint!`](crate::assert_disjoint) reads to name a shared code. A list of
    /// integers costs the compiler far less to evaluate than [`ENTRIES`](ErrorCatalog::ENTRIES),
    /// which the check therefore never touches. The derive fills it (and `SPAN`); a
    /// hand-written impl that leaves it empty still has its overlaps reported, as ranges.
    const OWN_CODES: &'static [i32] = &[];
    /// Codes that several variants use on purpose (`#[mcp(shared_code)]`, for servers that
    /// keep a legacy wire code such as -32602 while giving each variant its own symbol),
    /// ascending. They are not in [`OWN_CODES`](ErrorCatalog::OWN_CODES) or
    /// [`SPAN`](ErrorCatalog::SPAN): [`assert_disjoint!`](crate::assert_disjoint) and
    /// [`Registry::check`](crate::Registry::check) treat them as declared, not as collisions,
    /// and decoding needs `data.symbol` to pick among their variants.
    const SHARED_CODES: &'static [i32] = &[];
    /// Codes the type retired for good (`#[mcp(reserved = [2150, 2160..=2169])]`), each one
    /// code (`start == end`) or an inclusive range, as declared: no variant uses them, and
    /// no other type may. They are part of [`SPAN`](ErrorCatalog::SPAN) (inside a declared
    /// `RANGE`, or widening the span of one without), so
    /// [`assert_disjoint!`](crate::assert_disjoint) and
    /// [`Registry::check`](crate::Registry::check) report another type using one; the
    /// catalog JSON lists them (`"reserved"`) and the lock file lets a reserved code go.
    const RESERVED: &'static [CodeRange] = &[];
    /// The doc URL of each row of [`ENTRIES`](ErrorCatalog::ENTRIES), in the same order
    /// (`#[mcp(doc_url = "...")]`, resolved), or empty when no row has one.
    const DOC_URLS: &'static [Option<&'static str>] = &[];

    /// The row with this code, including those of `transparent` inner types.
    fn entry_by_code(code: i32) -> Option<&'static ErrorEntry> {
        Self::ENTRIES.iter().find(|e| e.code == code)
    }

    /// The row with this symbol or alias, including those of `transparent` inner types.
    fn entry_by_symbol(symbol: &str) -> Option<&'static ErrorEntry> {
        Self::ENTRIES
            .iter()
            .find(|e| e.symbol == symbol || e.aliases.contains(&symbol))
    }
}

/// `span` widened to hold every range of `reserved`.
const fn widen(span: Option<CodeRange>, reserved: &[CodeRange]) -> Option<CodeRange> {
    let mut out = span;
    let mut i = 0;
    while i < reserved.len() {
        let r = reserved[i];
        out = match out {
            Some(s) => Some(CodeRange {
                start: if r.start < s.start { r.start } else { s.start },
                end: if r.end > s.end { r.end } else { s.end },
            }),
            None => Some(r),
        };
        i += 1;
    }
    out
}

/// `range` when set, else the lowest to highest code of `entries`.
pub const fn span_of(range: Option<CodeRange>, entries: &[ErrorEntry]) -> Option<CodeRange> {
    if let Some(r) = range {
        return Some(r);
    }
    if entries.is_empty() {
        return None;
    }
    let mut lo = entries[0].code;
    let mut hi = lo;
    let mut i = 1;
    while i < entries.len() {
        let c = entries[i].code;
        if c < lo {
            lo = c;
        }
        if c > hi {
            hi = c;
        }
        i += 1;
    }
    Some(CodeRange { start: lo, end: hi })
}
