//! [`ErrorEntry`] and [`FieldEntry`]: the static rows of an error catalog.

/// One row of an error catalog: everything known about a variant at compile time.
///
/// The derive emits one `ErrorEntry` per non-`transparent` variant into
/// [`ErrorCatalog::ENTRIES`](crate::ErrorCatalog::ENTRIES); [`McpError::entry`](crate::McpError::entry)
/// returns the row of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ErrorEntry {
    /// The stable numeric code (`2100`).
    pub code: i32,
    /// The stable symbol (`"E_PW_NAV"`).
    pub symbol: &'static str,
    /// The domain of the enum that defines the variant (`"playwright"`).
    pub domain: &'static str,
    /// The message template, with `{field}` / `{0}` placeholders (`"Navigation failed"`).
    pub message: &'static str,
    /// Whether a failure of this variant is worth retrying.
    pub retryable: bool,
    /// The category of the failure.
    pub kind: ErrorKind,
    /// The Rust name of the variant (`"Nav"`).
    pub variant: &'static str,
    /// The variant's doc comment, lines joined with `\n` (empty when there is none).
    pub doc: &'static str,
    /// More symbols that decode to this variant (legacy names).
    pub aliases: &'static [&'static str],
    /// A remediation suggestion for the caller.
    pub help: Option<&'static str>,
    /// How a tool reports a failure of this variant: as an MCP tool error, or (a protocol
    /// failure) as a JSON-RPC error.
    pub channel: Channel,
    /// The `errorType` (a tool error's `_meta.errorType`) when the variant names its own
    /// (`#[mcp(error_type = "AuthenticationError")]`); `None` for the one of its kind
    /// ([`ErrorKind::error_type`]).
    pub error_type: Option<&'static str>,
    /// The variant's fields, in declaration order.
    pub fields: &'static [FieldEntry],
}

impl ErrorEntry {
    /// The `errorType` of this row: its own ([`error_type`](ErrorEntry::error_type)),
    /// else the one of its [`kind`](ErrorEntry::kind).
    pub const fn resolved_error_type(&self) -> &'static str {
        match self.error_type {
            Some(error_type) => error_type,
            None => self.kind.error_type(),
        }
    }
}

/// How a tool reports a failure (MCP 2025-11-25, SEP-1303): a failure of the tool's work or of
/// its input is a tool error the model reads; a failure of the protocol itself (unknown tool,
/// malformed request, missing client capability) is a JSON-RPC error.
///
/// A variant of a `#[mcp(protocol)]` enum, or one marked `#[mcp(protocol)]`, is
/// [`JsonRpcError`](Channel::JsonRpcError); every other variant is [`ToolError`](Channel::ToolError).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Channel {
    /// A JSON-RPC error response (`{"error": {"code", "message", "data"}}`).
    JsonRpcError,
    /// A `tools/call` result with `isError: true`.
    #[default]
    ToolError,
}

impl Channel {
    /// The spelling used in catalog JSON: `"tool_error"` or `"jsonrpc"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Channel::ToolError => "tool_error",
            Channel::JsonRpcError => "jsonrpc",
        }
    }
}

/// One field of a variant, as the catalog describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldEntry {
    /// The Rust name of the field (`"reason"`), or its index for tuple fields (`"0"`).
    pub name: &'static str,
    /// The key under which the field appears in `data` (after `rename`); for a `details`
    /// field `"details"`, for a `skip` or `source` field the same as `name`.
    pub key: &'static str,
    /// How the field reaches the wire.
    pub role: FieldRole,
}

/// How a field reaches the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldRole {
    /// Serialized into `data` under its key: its author chose it (`#[mcp(data)]`, `rename`,
    /// `text`, or `data_fields` on its variant or enum).
    Data,
    /// Never serialized (`#[mcp(skip)]`): secrets, PII.
    Skip,
    /// Its `Display` fills `data.details` (`#[mcp(details)]`).
    Details,
    /// The wrapped cause (`#[mcp(source)]`); its text never reaches the wire.
    Source,
    /// The delay before a retry (`#[mcp(retry_after)]`); becomes `data.retryAfterMs`.
    RetryAfter,
    /// A `bool` that decides `retryable` per value (`#[mcp(retryable)]` on a field).
    Retryable,
    /// The inner error of a `transparent` variant.
    Transparent,
    /// In no `data`: it reaches the wire only where the message names it. A field its author
    /// never mentioned for the wire, a `#[mcp(message_only)]` one, or the lone unnamed field
    /// of a variant whose message names it (`Variant(String)` with `"invalid input: {0}"`).
    Message,
}

impl FieldRole {
    /// The spelling used in catalog JSON: `"data"`, `"skip"`, `"details"`, ...
    pub const fn as_str(self) -> &'static str {
        match self {
            FieldRole::Data => "data",
            FieldRole::Skip => "skip",
            FieldRole::Details => "details",
            FieldRole::Source => "source",
            FieldRole::RetryAfter => "retry_after",
            FieldRole::Retryable => "retryable",
            FieldRole::Transparent => "transparent",
            FieldRole::Message => "message",
        }
    }
}

use crate::ErrorKind;

impl serde::Serialize for FieldEntry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("FieldEntry", 3)?;
        s.serialize_field("name", self.name)?;
        s.serialize_field("key", self.key)?;
        s.serialize_field("role", self.role.as_str())?;
        s.end()
    }
}

impl serde::Serialize for ErrorEntry {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("ErrorEntry", 13)?;
        s.serialize_field("code", &self.code)?;
        s.serialize_field("symbol", self.symbol)?;
        s.serialize_field("domain", self.domain)?;
        s.serialize_field("message", self.message)?;
        s.serialize_field("retryable", &self.retryable)?;
        s.serialize_field("kind", &self.kind)?;
        s.serialize_field("variant", self.variant)?;
        s.serialize_field("doc", self.doc)?;
        s.serialize_field("aliases", self.aliases)?;
        s.serialize_field("help", &self.help)?;
        s.serialize_field("channel", self.channel.as_str())?;
        s.serialize_field("errorType", self.resolved_error_type())?;
        s.serialize_field("fields", self.fields)?;
        s.end()
    }
}

// ---------------------------------------------------------------------------------------------
// The constructors generated catalogs call (through `__private`; not public API). They run
// only in const evaluation, inside a catalog's `ENTRIES`: `#[inline]`, so that no crate
// compiles machine code for them.

/// A catalog row; the derive emits one call per variant (cheaper for the compiler than a
/// struct literal, which matters for enums with a thousand variants). Aliases and help,
/// which few variants have, are added by [`with_extras`].
#[inline]
#[allow(clippy::too_many_arguments)]
pub const fn entry(
    code: i32,
    symbol: &'static str,
    domain: &'static str,
    message: &'static str,
    retryable: bool,
    kind: ErrorKind,
    variant: &'static str,
    doc: &'static str,
    fields: &'static [FieldEntry],
) -> ErrorEntry {
    ErrorEntry {
        code,
        symbol,
        domain,
        message,
        retryable,
        kind,
        variant,
        doc,
        aliases: &[],
        help: None,
        channel: Channel::ToolError,
        error_type: None,
        fields,
    }
}

/// The row `row` of `E`'s catalog: what a generated `entry()` and `entry_by_code` return.
/// Generic, so the user's crate does not evaluate `E::ENTRIES` while checking those methods
/// (a lint that looks for panicking indexes would otherwise run the whole table at compile
/// time); the table is read where the method runs.
#[inline]
#[must_use]
pub fn row_entry<E: crate::ErrorCatalog + ?Sized>(row: usize) -> &'static ErrorEntry {
    &E::ENTRIES[row]
}

/// The doc URL of row `row` of `E`'s catalog ([`ErrorCatalog::DOC_URLS`](crate::ErrorCatalog::DOC_URLS)):
/// what a generated `doc_url()` returns.
#[inline]
#[must_use]
pub fn row_doc_url<E: crate::ErrorCatalog + ?Sized>(row: usize) -> Option<&'static str> {
    match E::DOC_URLS.get(row) {
        Some(url) => *url,
        None => None,
    }
}

/// `entry` of a variant that fails as a JSON-RPC error: a `protocol` enum's, or one marked
/// `#[mcp(protocol)]`.
#[inline]
pub const fn json_rpc(entry: ErrorEntry) -> ErrorEntry {
    ErrorEntry {
        channel: Channel::JsonRpcError,
        ..entry
    }
}

/// `entry` with its own `errorType` (`#[mcp(error_type = "...")]`).
#[inline]
pub const fn with_error_type(entry: ErrorEntry, error_type: &'static str) -> ErrorEntry {
    ErrorEntry {
        error_type: Some(error_type),
        ..entry
    }
}

/// `entry` with aliases and help.
#[inline]
pub const fn with_extras(
    entry: ErrorEntry,
    aliases: &'static [&'static str],
    help: Option<&'static str>,
) -> ErrorEntry {
    ErrorEntry {
        aliases,
        help,
        ..entry
    }
}
