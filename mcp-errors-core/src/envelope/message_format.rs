//! [`JsonRpcMessageFormat`]: whether a JSON-RPC error's `message` starts with its symbol, so
//! that a gateway which keeps only the message keeps the error's identity.

use core::fmt;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::McpError;

/// How a JSON-RPC error's `message` is written.
///
/// [`PLAIN`](Self::PLAIN), the default, is the message as it stands
/// (`"Navigation failed"`). [`SYMBOL_FIRST`](Self::SYMBOL_FIRST) writes it as a tool error's
/// text starts, `"E_PW_NAV: Navigation failed"`, followed by the retry contract's
/// `" (retry after N ms)"` when the error knows its delay: some gateways turn a JSON-RPC
/// error into a tool result of its message alone, or answer with an error of their own that
/// keeps only the message, and from that text the decoders of every language (the derive's
/// `from_error_object`, the generated TypeScript and Python modules) recover the symbol, and
/// through their catalog the code, domain and retryable flag (docs/envelopes.md, "Identity
/// through gateways"). `data` is unchanged.
///
/// A server chooses once with [`set_global`](Self::set_global), which every JSON-RPC error
/// envelope, the rmcp integration's conversions and the HTTP layer's own rejections read, or
/// per envelope with
/// [`EnvelopeView::message_format`](crate::EnvelopeView::message_format). The budget of the
/// reply counts the prefix and the delay with the message; a message cut by it may lose the
/// delay, never the symbol.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::{JsonRpcMessageFormat, McpErrorExt};
///
/// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
/// let wire = err.to_error_object().to_json_value().unwrap();
/// assert_eq!(wire["message"], "Too many launches");
/// let wire = err
///     .to_error_object()
///     .message_format(JsonRpcMessageFormat::SYMBOL_FIRST)
///     .to_json_value()
///     .unwrap();
/// assert_eq!(wire["message"], "E_PW_THROTTLED: Too many launches (retry after 2000 ms)");
/// assert_eq!(wire["data"]["symbol"], "E_PW_THROTTLED");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct JsonRpcMessageFormat {
    symbol_first: bool,
    doc_url: bool,
}

/// The process-wide format's bits: [`SYMBOL_FIRST_BIT`], [`DOC_URL_BIT`]; 0 is plain (the
/// default).
static GLOBAL: AtomicU8 = AtomicU8::new(0);
const SYMBOL_FIRST_BIT: u8 = 1;
const DOC_URL_BIT: u8 = 1 << 1;

impl JsonRpcMessageFormat {
    /// The message as it stands: the default, today's bytes.
    pub const PLAIN: JsonRpcMessageFormat = JsonRpcMessageFormat {
        symbol_first: false,
        doc_url: false,
    };

    /// `"SYMBOL: message"`, then `" (retry after N ms)"` when the delay is known.
    pub const SYMBOL_FIRST: JsonRpcMessageFormat = JsonRpcMessageFormat {
        symbol_first: true,
        doc_url: false,
    };

    /// Whether the message starts with the symbol.
    #[must_use]
    pub const fn symbol_first(self) -> bool {
        self.symbol_first
    }

    /// This format, with the error's doc URL (`#[mcp(doc_url = ...)]`) in `data.docUrl` when
    /// `on` and the error has one (off in [`PLAIN`](Self::PLAIN) and
    /// [`SYMBOL_FIRST`](Self::SYMBOL_FIRST)): what
    /// [`EnvelopeView::with_doc_url`](crate::EnvelopeView::with_doc_url) asks of one envelope,
    /// for every envelope of this format, and with [`set_global`](Self::set_global) for the
    /// rmcp integration's conversions too.
    #[must_use]
    pub const fn with_doc_url(self, on: bool) -> JsonRpcMessageFormat {
        JsonRpcMessageFormat {
            doc_url: on,
            ..self
        }
    }

    /// Whether `data` carries the error's doc URL (`docUrl`).
    #[must_use]
    pub const fn doc_url(self) -> bool {
        self.doc_url
    }

    /// The format of this process's JSON-RPC errors: the last
    /// [`set_global`](Self::set_global), else [`PLAIN`](Self::PLAIN).
    #[must_use]
    pub fn global() -> JsonRpcMessageFormat {
        let bits = GLOBAL.load(Ordering::Relaxed);
        JsonRpcMessageFormat {
            symbol_first: bits & SYMBOL_FIRST_BIT != 0,
            doc_url: bits & DOC_URL_BIT != 0,
        }
    }

    /// Makes `self` the format of this process's JSON-RPC errors: what every JSON-RPC error
    /// envelope without a format of its own, and the rmcp integration's conversions, write
    /// from now on. Call it once, before serving.
    pub fn set_global(self) {
        let bits = if self.symbol_first {
            SYMBOL_FIRST_BIT
        } else {
            0
        } | if self.doc_url { DOC_URL_BIT } else { 0 };
        GLOBAL.store(bits, Ordering::Relaxed);
    }
}

/// `message` of the error `symbol` names in `format`: what the HTTP layer's own replies write
/// (in the process's format), as the envelopes do.
#[cfg(feature = "http")]
pub(crate) fn formatted_message(
    format: JsonRpcMessageFormat,
    symbol: &str,
    message: &str,
    retry_after: Option<core::time::Duration>,
) -> String {
    if !format.symbol_first() {
        return message.to_owned();
    }
    let mut text = String::new();
    // Writing into a `String` cannot fail.
    let _ = write_symbol_first(&mut text, symbol, &message, retry_after);
    text
}

/// The [`SYMBOL_FIRST`](JsonRpcMessageFormat::SYMBOL_FIRST) message, the one place its rule
/// is written: `symbol`, `": "`, `message`, then the retry contract's text form when the
/// delay is known.
fn write_symbol_first(
    out: &mut dyn fmt::Write,
    symbol: &str,
    message: &dyn fmt::Display,
    retry_after: Option<core::time::Duration>,
) -> fmt::Result {
    write!(out, "{symbol}: {message}")?;
    if let Some(delay) = retry_after {
        write!(out, "{}", crate::retry::TextSuffix(delay))?;
    }
    Ok(())
}

/// The message of `error` in the [`SYMBOL_FIRST`](JsonRpcMessageFormat::SYMBOL_FIRST) format.
pub(super) struct SymbolFirst<'a, E: ?Sized>(pub(super) &'a E);

impl<E: ?Sized + McpError> fmt::Display for SymbolFirst<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = super::text::Message(self.0);
        write_symbol_first(f, self.0.symbol(), &message, self.0.retry_after())
    }
}

#[cfg(all(test, feature = "http"))]
mod tests {
    use core::time::Duration;

    use super::*;

    #[test]
    fn the_http_layer_s_messages_take_the_format() {
        let plain = formatted_message(JsonRpcMessageFormat::PLAIN, "E_X", "m", None);
        assert_eq!(plain, "m");
        let first = JsonRpcMessageFormat::SYMBOL_FIRST;
        assert_eq!(formatted_message(first, "E_X", "m", None), "E_X: m");
        let delayed = formatted_message(first, "E_X", "m", Some(Duration::from_millis(1500)));
        assert_eq!(delayed, "E_X: m (retry after 1500 ms)");
    }
}
