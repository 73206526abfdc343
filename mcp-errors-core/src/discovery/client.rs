//! [`DiscoveredCatalog`]: a server's catalog read at run time, and what it decodes.

use std::collections::HashMap;
use std::fmt;

use serde::Deserialize;
use serde_json::Value;

use super::{CATALOG_URI, MAX_CATALOG_BYTES};
use crate::ErrorObject;

/// Why a catalog text was not loaded. The catalog loaded before (if any) stays in use.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogRejected {
    /// The text is longer than [`MAX_CATALOG_BYTES`]; it was not parsed.
    TooLarge {
        /// The text's length in bytes.
        len: usize,
    },
    /// The text is not JSON, or not a catalog (`{"enums": [{"domain", "entries": [...]}]}`
    /// with each entry's `code`, `symbol`, `kind`, `retryable`, `message`).
    Malformed {
        /// What `serde_json` said, with the position.
        reason: String,
    },
    /// Two entries claim one symbol (or alias) with different codes: the catalog cannot say
    /// which one a received symbol means.
    DuplicateSymbol {
        /// The symbol.
        symbol: String,
    },
    /// A `resources/read` result without a text content for [`CATALOG_URI`].
    NoCatalogContent,
}

impl fmt::Display for CatalogRejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogRejected::TooLarge { len } => write!(
                f,
                "catalog refused: {len} bytes, the limit is {MAX_CATALOG_BYTES}"
            ),
            CatalogRejected::Malformed { reason } => {
                write!(f, "catalog refused: not a catalog: {reason}")
            }
            CatalogRejected::DuplicateSymbol { symbol } => {
                write!(f, "catalog refused: symbol {symbol:?} has two codes")
            }
            CatalogRejected::NoCatalogContent => {
                write!(f, "catalog refused: no text content for {CATALOG_URI}")
            }
        }
    }
}

impl std::error::Error for CatalogRejected {}

/// One error of a [`DiscoveredCatalog`], as the catalog JSON describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DiscoveredEntry {
    /// The wire code.
    pub code: i32,
    /// The stable symbol (`E_PW_NAV`).
    pub symbol: String,
    /// The domain of the enum that declares it.
    pub domain: String,
    /// The kind (`network`, `validation`, ...).
    pub kind: String,
    /// The TypeScript hierarchy's class name (`NetworkError`), when the catalog gives it.
    pub error_type: Option<String>,
    /// Whether the catalog says it is worth retrying.
    pub retryable: bool,
    /// `tool_error` or `jsonrpc`, when the catalog gives it.
    pub channel: Option<String>,
    /// The message template.
    pub message: String,
    /// What to do about it, when the catalog says.
    pub help: Option<String>,
}

/// A received error read with a [`DiscoveredCatalog`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct DiscoveredError<'a> {
    /// The catalog's row for the error.
    pub entry: &'a DiscoveredEntry,
    /// The domain it was sent under (`data.domain`, else the entry's).
    pub domain: String,
    /// The wire's `retryable` flag, else whether a delay was sent, else the catalog's.
    pub retryable: bool,
    /// The delay the server asked for (`data.retryAfterMs`), when sent.
    pub retry_after_ms: Option<u64>,
    /// The message as received.
    pub message: String,
}

/// A server's catalog read at run time (the resource [`CATALOG_URI`]), which decodes that
/// server's errors by symbol without a generated type for them.
///
/// Loading never panics and is bounded: a text over [`MAX_CATALOG_BYTES`] is refused before it
/// is parsed, then `serde_json` reads it (its nesting limit, 128), and a catalog that is not
/// JSON or not a catalog, or that gives one symbol two codes, is refused as a whole
/// ([`CatalogRejected`]); [`load`](DiscoveredCatalog::load) then keeps the catalog it had.
/// Unknown members are ignored, so a newer server's catalog still loads.
///
/// ```
/// # use mcp_errors_core as mcp_errors;
/// use mcp_errors::discovery::DiscoveredCatalog;
/// use mcp_errors::ErrorObject;
///
/// let text = r#"{"format":"mcp-errors-catalog","version":1,"enums":[{"domain":"playwright",
///   "entries":[{"code":2100,"symbol":"E_PW_NAV","domain":"playwright","kind":"network",
///   "retryable":true,"message":"Navigation failed","help":null}]}]}"#;
/// let mut catalog = DiscoveredCatalog::default();
/// catalog.load(text).unwrap();
/// assert!(catalog.load("not json").is_err()); // the catalog loaded above stays
///
/// let received = ErrorObject::from_json(r#"{"code":2100,"message":"Navigation failed"}"#).unwrap();
/// let error = catalog.decode(&received).unwrap();
/// assert_eq!((error.entry.symbol.as_str(), error.retryable), ("E_PW_NAV", true));
/// ```
#[derive(Clone, Debug, Default)]
pub struct DiscoveredCatalog {
    entries: Vec<DiscoveredEntry>,
    /// Symbols and aliases to their entry.
    by_symbol: HashMap<String, usize>,
    /// Codes to their entries, in catalog order.
    by_code: HashMap<i32, Vec<usize>>,
}

#[derive(Deserialize)]
struct WireCatalog {
    enums: Vec<WireEnum>,
}

#[derive(Deserialize)]
struct WireEnum {
    domain: String,
    entries: Vec<WireEntry>,
}

#[derive(Deserialize)]
struct WireEntry {
    code: i32,
    symbol: String,
    #[serde(default)]
    domain: Option<String>,
    kind: String,
    retryable: bool,
    #[serde(default)]
    channel: Option<String>,
    #[serde(default, rename = "errorType")]
    error_type: Option<String>,
    message: String,
    #[serde(default)]
    help: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
}

impl DiscoveredCatalog {
    /// Reads a catalog text (the resource's `text`), or says why not.
    pub fn from_json(text: &str) -> Result<Self, CatalogRejected> {
        if text.len() > MAX_CATALOG_BYTES {
            return Err(CatalogRejected::TooLarge { len: text.len() });
        }
        let wire: WireCatalog =
            serde_json::from_str(text).map_err(|e| CatalogRejected::Malformed {
                reason: e.to_string(),
            })?;
        let mut catalog = DiscoveredCatalog::default();
        for en in wire.enums {
            for entry in en.entries {
                catalog.insert(&en.domain, entry)?;
            }
        }
        Ok(catalog)
    }

    /// Reads the catalog from a `resources/read` result as JSON (`{"contents": [{"uri",
    /// "mimeType", "text"}]}`, `serde_json::to_value(&read_resource_result)` on any rmcp
    /// line): the text content whose `uri` is [`CATALOG_URI`].
    pub fn from_read_result(result: &Value) -> Result<Self, CatalogRejected> {
        let text = result
            .get("contents")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter(|c| c.get("uri").and_then(Value::as_str) == Some(CATALOG_URI))
            .find_map(|c| c.get("text").and_then(Value::as_str))
            .ok_or(CatalogRejected::NoCatalogContent)?;
        Self::from_json(text)
    }

    /// Replaces this catalog with the one `text` holds; on refusal this catalog stays as it
    /// was.
    pub fn load(&mut self, text: &str) -> Result<(), CatalogRejected> {
        *self = Self::from_json(text)?;
        Ok(())
    }

    fn insert(&mut self, enum_domain: &str, wire: WireEntry) -> Result<(), CatalogRejected> {
        let index = self.entries.len();
        for name in std::iter::once(&wire.symbol).chain(&wire.aliases) {
            if let Some(&other) = self.by_symbol.get(name.as_str()) {
                if self.entries[other].code != wire.code {
                    return Err(CatalogRejected::DuplicateSymbol {
                        symbol: name.clone(),
                    });
                }
                // The same row again (an enum's entry also listed by another): keep the first.
                continue;
            }
            self.by_symbol.insert(name.clone(), index);
        }
        self.by_code.entry(wire.code).or_default().push(index);
        self.entries.push(DiscoveredEntry {
            code: wire.code,
            symbol: wire.symbol,
            domain: wire.domain.unwrap_or_else(|| enum_domain.to_owned()),
            kind: wire.kind,
            error_type: wire.error_type,
            retryable: wire.retryable,
            channel: wire.channel,
            message: wire.message,
            help: wire.help,
        });
        Ok(())
    }

    /// The catalog's rows, in catalog order.
    pub fn entries(&self) -> &[DiscoveredEntry] {
        &self.entries
    }

    /// Whether nothing is loaded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The row of a symbol or alias.
    pub fn entry_by_symbol(&self, symbol: &str) -> Option<&DiscoveredEntry> {
        self.by_symbol.get(symbol).map(|&i| &self.entries[i])
    }

    /// The row of a code: the one row with it, else among several the one of `domain`
    /// (shared codes are told apart by their symbol, which the wire carries).
    pub fn entry_by_code(&self, code: i32, domain: Option<&str>) -> Option<&DiscoveredEntry> {
        let rows = self.by_code.get(&code)?;
        match rows.as_slice() {
            [one] => Some(&self.entries[*one]),
            several => {
                let domain = domain?;
                let mut of_domain = several
                    .iter()
                    .map(|&i| &self.entries[i])
                    .filter(|e| e.domain == domain);
                let first = of_domain.next()?;
                of_domain.next().is_none().then_some(first)
            }
        }
    }

    /// Reads a received JSON-RPC error (or a tool error turned into one by
    /// [`ErrorObject::from_tool_result`]) with this catalog: by `data.symbol`, else by code
    /// (and `data.domain` when the code is shared). `None` when the catalog has no row for it.
    pub fn decode(&self, error: &ErrorObject) -> Option<DiscoveredError<'_>> {
        let entry = match error.symbol() {
            Some(symbol) => self.entry_by_symbol(symbol)?,
            None => self.entry_by_code(error.code, error.domain())?,
        };
        let data = error.data.as_ref();
        let retry_after_ms = data
            .and_then(|d| d.get("retryAfterMs"))
            .and_then(Value::as_u64);
        let retryable = data
            .and_then(|d| d.get("retryable"))
            .and_then(Value::as_bool)
            .unwrap_or(crate::field_types::retryable_on_wire(
                entry.retryable,
                retry_after_ms.is_some(),
            ));
        Some(DiscoveredError {
            entry,
            domain: error.domain().unwrap_or(&entry.domain).to_owned(),
            retryable,
            retry_after_ms,
            message: error.message.clone(),
        })
    }

    /// Reads a received tool result (as JSON, with `isError: true`) with this catalog:
    /// [`ErrorObject::from_tool_result`], then [`decode`](DiscoveredCatalog::decode).
    pub fn decode_tool_result(&self, result: &Value) -> Option<DiscoveredError<'_>> {
        self.decode(&ErrorObject::from_tool_result(result)?)
    }
}
