//! The error enums of the envelope tests, derived with the real `#[derive(McpError)]`
//! (`crate = "::mcp_errors_core::unchecked"`: generated code names this crate instead of the facade).
//!
//! One type is written by hand: [`Clash`], whose data fields use keys the envelopes write
//! themselves (`domain`, `stack`). The derive rejects such keys at compile time, so only a
//! hand-written `McpError` can hand them to an envelope; the tests check that the envelope's
//! own keys still win (no duplicate keys on the wire).
#![allow(dead_code)]

use core::fmt;
use core::time::Duration;

use mcp_errors_core::__private::{DynAdapter, DynFieldSink, serde_json};
use mcp_errors_core::{
    CodeRange, ErrorCatalog, ErrorEntry, ErrorKind, FieldEntry, FieldRole, FieldSink, McpError,
};
use mcp_errors_derive::McpError;

// ---------------------------------------------------------------------------------------------
// Playwright (the Node fleet's numeric ranges) plus the awkward cases

/// A value whose `Serialize` impl always fails.
#[derive(Debug)]
pub struct Unserializable;

impl serde::Serialize for Unserializable {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        Err(serde::ser::Error::custom("this value refuses to serialize"))
    }
}

/// A value whose `Display` impl fails without the output failing (a contract violation that
/// must still not panic).
#[derive(Debug)]
pub struct FailingDisplay;

impl fmt::Display for FailingDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("partial")?;
        Err(fmt::Error)
    }
}

#[derive(Debug, McpError)]
#[mcp(crate = "::mcp_errors_core::unchecked", domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
pub enum Pw {
    /// 2100, `details`.
    #[mcp(code = 2100, kind = "network", message = "Navigation failed")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
    /// 2101, one data field and one `skip` field.
    #[mcp(code = 2101, message = "Browser launch failed: {reason}")]
    Launch {
        reason: String,
        #[mcp(skip)]
        api_key: String,
    },
    /// 2102, `retry_after` (not serialized) plus a data field, with `help`.
    #[mcp(
        code = 2102,
        kind = "rate_limit",
        message = "Too many launches",
        help = "wait, then launch fewer browsers"
    )]
    Throttled {
        #[mcp(retry_after, skip)]
        retry_after: Duration,
        limit: u32,
    },
    /// 2103, awkward text in the message, the details and a field.
    #[mcp(
        code = 2103,
        kind = "validation",
        message = "Bad \"input\":\n{text}",
        help = "use \"plain\" text\u{2026}"
    )]
    Weird {
        #[mcp(details)]
        text: String,
        note: String,
    },
    /// 2104, a field that fails to serialize.
    #[mcp(code = 2104, message = "Broken")]
    Broken { value: Unserializable },
    /// 2105, a details field whose `Display` fails.
    #[mcp(code = 2105, symbol = "E_PW_BAD_DISPLAY", message = "Bad display")]
    BadDisplay {
        #[mcp(details)]
        what: FailingDisplay,
    },
    /// 2106, data fields under keys the envelopes write themselves (hand-written inner).
    #[mcp(transparent)]
    Clash(Clash),
    /// 2107, an `Option` field, visited only when `Some`.
    #[mcp(code = 2107, message = "Maybe")]
    Maybe { hint: Option<String> },
}

/// 2106 `E_PW_CLASH`: data fields named `domain`, `stack` and `reason`, keys the envelopes
/// write themselves. Written by hand because the derive rejects reserved data keys; see the
/// module docs.
#[derive(Debug)]
pub struct Clash {
    pub domain: String,
    pub stack: String,
    pub reason: String,
    pub extra: u8,
}

const CLASH_FIELDS: &[FieldEntry] = &[
    FieldEntry {
        name: "domain",
        key: "domain",
        role: FieldRole::Data,
    },
    FieldEntry {
        name: "stack",
        key: "stack",
        role: FieldRole::Data,
    },
    FieldEntry {
        name: "reason",
        key: "reason",
        role: FieldRole::Data,
    },
    FieldEntry {
        name: "extra",
        key: "extra",
        role: FieldRole::Data,
    },
];

impl ErrorCatalog for Clash {
    const NAME: &'static str = "Clash";
    const DOMAIN: &'static str = "playwright";
    const RANGE: Option<CodeRange> = None;
    const ENTRIES: &'static [ErrorEntry] = &[ErrorEntry {
        code: 2106,
        symbol: "E_PW_CLASH",
        domain: "playwright",
        message: "Clash",
        retryable: false,
        kind: ErrorKind::Internal,
        variant: "Clash",
        doc: "",
        aliases: &[],
        help: None,
        channel: mcp_errors_core::Channel::ToolError,
        error_type: None,
        fields: CLASH_FIELDS,
    }];
}

impl McpError for Clash {
    fn entry(&self) -> &'static ErrorEntry {
        &<Self as ErrorCatalog>::ENTRIES[0]
    }

    fn domain(&self) -> &'static str {
        "playwright"
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        sink.field("domain", &self.domain)?;
        sink.field("stack", &self.stack)?;
        sink.field("reason", &self.reason)?;
        sink.field("extra", &self.extra)
    }

    fn __visit_data_dyn(&self, sink: &mut dyn DynFieldSink) -> Result<(), serde_json::Error> {
        self.visit_data(&mut DynAdapter(sink))
    }
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clash")
    }
}

impl std::error::Error for Clash {}

// ---------------------------------------------------------------------------------------------
// The string-coded knowledge base: a knowledge-base server whose codes travel as strings

#[derive(Debug, McpError)]
#[mcp(
    crate = "::mcp_errors_core::unchecked",
    domain = "knowledge-base",
    data_fields
)]
pub enum Kb {
    #[mcp(code = 1001, kind = "not_found", message = "Path not found: {path}")]
    PathNotFound { path: String },
    #[mcp(
        code = 1002,
        kind = "not_found",
        message = "Document not found: {path}"
    )]
    DocumentNotFound {
        path: String,
        suggestions: Vec<String>,
    },
    #[mcp(
        code = 2001,
        kind = "timeout",
        message = "Search timed out after {timeout_seconds}s"
    )]
    SearchTimeout { query: String, timeout_seconds: u32 },
    #[mcp(
        code = 2002,
        symbol = "SEARCH_ENGINE_ERROR",
        message = "Search engine error: ugrep failed"
    )]
    SearchEngine {
        #[mcp(details)]
        details: String,
        stderr: String,
    },
    #[mcp(
        code = 3001,
        kind = "unavailable",
        retryable = false,
        message = "Sync not enabled"
    )]
    SyncNotConfigured,
    #[mcp(
        code = 3002,
        kind = "not_found",
        message = "Remote not found: {remote}"
    )]
    RemoteNotFound {
        remote: String,
        available_remotes: Vec<String>,
    },
    #[mcp(
        code = 3003,
        kind = "unavailable",
        retryable = false,
        message = "rclone is not installed"
    )]
    RcloneNotInstalled { install_url: String },
    #[mcp(
        code = 4001,
        kind = "validation",
        message = "File too large: {size_mb}MB (max: {max_mb}MB)"
    )]
    FileTooLarge {
        path: String,
        size_mb: f64,
        max_mb: u32,
    },
}

// ---------------------------------------------------------------------------------------------
// The categorized error model: an order server returning `result.error`, and its protocol errors

#[derive(Debug, McpError)]
#[mcp(crate = "::mcp_errors_core::unchecked", domain = "orders", range = 1000..=5999, data_fields)]
pub enum Orders {
    /// 4001 `ADAPTER_ERROR`; the field travels as `originalError`.
    #[mcp(
        code = 4001,
        symbol = "ADAPTER_ERROR",
        kind = "adapter",
        message = "Adapter error"
    )]
    Adapter {
        #[mcp(rename = "originalError")]
        original_error: String,
    },
    /// 2001 `VALIDATION_ERROR` with `help`; the field is named `field`.
    #[mcp(
        code = 2001,
        symbol = "VALIDATION_ERROR",
        kind = "validation",
        message = "Parameters failed schema/format checks",
        help = "send a well-formed e-mail address"
    )]
    Validation { field: String },
}

/// The categorized error model's protocol validation failure: `-32602 Invalid params` with the
/// offending field.
#[derive(Debug, McpError)]
#[mcp(
    crate = "::mcp_errors_core::unchecked",
    domain = "jsonrpc",
    protocol,
    data_fields
)]
pub enum Proto {
    #[mcp(code = -32602, message = "Invalid params")]
    InvalidParams { field: String },
}

// ---------------------------------------------------------------------------------------------
// The TypeScript hierarchy: tool errors with errorType / errorCode / retryable

#[derive(Debug, McpError)]
#[mcp(crate = "::mcp_errors_core::unchecked", domain = "commons", range = 3100..=3199, data_fields)]
pub enum Tools {
    #[mcp(
        code = 3100,
        kind = "validation",
        message = "Port must be between 0 and 65535"
    )]
    InvalidPort,
    #[mcp(
        code = 3101,
        kind = "timeout",
        message = "Workflow run did not complete within {seconds} seconds"
    )]
    WorkflowTimeout { seconds: u32 },
    #[mcp(
        code = 3102,
        symbol = "GITHUB_API_ERROR",
        kind = "network",
        message = "Failed to fetch GitHub workflow run"
    )]
    GithubApi,
}

// ---------------------------------------------------------------------------------------------
// A `transparent` variant: the Node fleet's common 1005 raised by the Python server

#[derive(Debug, McpError)]
#[mcp(crate = "::mcp_errors_core::unchecked", domain = "common", range = 1000..=1099, symbol_prefix = "E_", data_fields)]
pub enum Common {
    #[mcp(code = 1005, kind = "validation", message = "Input too large")]
    InputTooLarge { len: usize, max: usize },
}

#[derive(Debug, McpError)]
#[mcp(crate = "::mcp_errors_core::unchecked", domain = "python", range = 2000..=2099, symbol_prefix = "E_PY_")]
pub enum Py {
    #[mcp(code = 2000, message = "Python execution failed")]
    ExecFail {
        #[mcp(details)]
        code: String,
    },
    #[mcp(transparent)]
    Common(Common),
}
