//! Hand-written `McpError` impls for the envelope tests: what `#[derive(McpError)]` would
//! generate, written out so the core crate is tested without the proc macro.
#![allow(dead_code)]

use core::fmt;
use core::time::Duration;

use mcp_errors_core::__private::{DynAdapter, DynFieldSink, serde_json};
use mcp_errors_core::{
    CodeRange, ErrorCatalog, ErrorEntry, ErrorKind, FieldEntry, FieldRole, FieldSink, McpError,
};

/// One catalog row with the parts the tests vary.
#[allow(clippy::too_many_arguments)]
const fn row(
    code: i32,
    symbol: &'static str,
    domain: &'static str,
    message: &'static str,
    retryable: bool,
    kind: ErrorKind,
    variant: &'static str,
    help: Option<&'static str>,
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
        doc: "",
        aliases: &[],
        help,
        fields,
    }
}

const fn field(name: &'static str, key: &'static str, role: FieldRole) -> FieldEntry {
    FieldEntry { name, key, role }
}

macro_rules! dyn_visit {
    () => {
        fn __visit_data_dyn(&self, sink: &mut dyn DynFieldSink) -> Result<(), serde_json::Error> {
            self.visit_data(&mut DynAdapter(sink))
        }
    };
}

// ---------------------------------------------------------------------------------------------
// Playwright (seed 000, SPEC §5) plus the awkward cases

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

#[derive(Debug)]
pub enum Pw {
    /// 2100, `details`.
    Nav { reason: String },
    /// 2101, one data field and one `skip` field.
    Launch { reason: String, api_key: String },
    /// 2102, `retry_after` plus a data field, with `help`.
    Throttled { retry_after: Duration, limit: u32 },
    /// 2103, awkward text in the message, the details and a field.
    Weird { text: String, note: String },
    /// 2104, a field that fails to serialize.
    Broken { value: Unserializable },
    /// 2105, a details field whose `Display` fails.
    BadDisplay { what: FailingDisplay },
    /// 2106, data fields under keys the envelopes write themselves.
    Clash {
        domain: String,
        stack: String,
        reason: String,
        extra: u8,
    },
    /// 2107, an `Option` field, visited only when `Some`.
    Maybe { hint: Option<String> },
}

const PW_DOMAIN: &str = "playwright";

impl ErrorCatalog for Pw {
    const NAME: &'static str = "Pw";
    const DOMAIN: &'static str = PW_DOMAIN;
    const RANGE: Option<CodeRange> = Some(CodeRange::new(2100, 2199));
    const ENTRIES: &'static [ErrorEntry] = &[
        row(
            2100,
            "E_PW_NAV",
            PW_DOMAIN,
            "Navigation failed",
            true,
            ErrorKind::Network,
            "Nav",
            None,
            &[field("reason", "details", FieldRole::Details)],
        ),
        row(
            2101,
            "E_PW_LAUNCH",
            PW_DOMAIN,
            "Browser launch failed: {reason}",
            false,
            ErrorKind::Internal,
            "Launch",
            None,
            &[
                field("reason", "reason", FieldRole::Data),
                field("api_key", "api_key", FieldRole::Skip),
            ],
        ),
        row(
            2102,
            "E_PW_THROTTLED",
            PW_DOMAIN,
            "Too many launches",
            true,
            ErrorKind::RateLimit,
            "Throttled",
            Some("wait, then launch fewer browsers"),
            &[
                field("retry_after", "retry_after", FieldRole::RetryAfter),
                field("limit", "limit", FieldRole::Data),
            ],
        ),
        row(
            2103,
            "E_PW_WEIRD",
            PW_DOMAIN,
            "Bad \"input\":\n{text}",
            false,
            ErrorKind::Validation,
            "Weird",
            Some("use \"plain\" text\u{2026}"),
            &[
                field("text", "details", FieldRole::Details),
                field("note", "note", FieldRole::Data),
            ],
        ),
        row(
            2104,
            "E_PW_BROKEN",
            PW_DOMAIN,
            "Broken",
            false,
            ErrorKind::Internal,
            "Broken",
            None,
            &[field("value", "value", FieldRole::Data)],
        ),
        row(
            2105,
            "E_PW_BAD_DISPLAY",
            PW_DOMAIN,
            "Bad display",
            false,
            ErrorKind::Internal,
            "BadDisplay",
            None,
            &[field("what", "details", FieldRole::Details)],
        ),
        row(
            2106,
            "E_PW_CLASH",
            PW_DOMAIN,
            "Clash",
            false,
            ErrorKind::Internal,
            "Clash",
            None,
            &[
                field("domain", "domain", FieldRole::Data),
                field("stack", "stack", FieldRole::Data),
                field("reason", "reason", FieldRole::Data),
                field("extra", "extra", FieldRole::Data),
            ],
        ),
        row(
            2107,
            "E_PW_MAYBE",
            PW_DOMAIN,
            "Maybe",
            false,
            ErrorKind::Internal,
            "Maybe",
            None,
            &[field("hint", "hint", FieldRole::Data)],
        ),
    ];
}

impl McpError for Pw {
    fn entry(&self) -> &'static ErrorEntry {
        let i = match self {
            Pw::Nav { .. } => 0,
            Pw::Launch { .. } => 1,
            Pw::Throttled { .. } => 2,
            Pw::Weird { .. } => 3,
            Pw::Broken { .. } => 4,
            Pw::BadDisplay { .. } => 5,
            Pw::Clash { .. } => 6,
            Pw::Maybe { .. } => 7,
        };
        &<Self as ErrorCatalog>::ENTRIES[i]
    }

    fn domain(&self) -> &'static str {
        PW_DOMAIN
    }

    fn retry_after(&self) -> Option<Duration> {
        match self {
            Pw::Throttled { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        match self {
            Pw::Nav { reason } => sink.details(reason),
            Pw::Launch { reason, .. } => sink.field("reason", reason),
            Pw::Throttled { limit, .. } => sink.field("limit", limit),
            Pw::Weird { text, note } => {
                sink.details(text)?;
                sink.field("note", note)
            }
            Pw::Broken { value } => sink.field("value", value),
            Pw::BadDisplay { what } => sink.details(what),
            Pw::Clash {
                domain,
                stack,
                reason,
                extra,
            } => {
                sink.field("domain", domain)?;
                sink.field("stack", stack)?;
                sink.field("reason", reason)?;
                sink.field("extra", extra)
            }
            Pw::Maybe { hint } => match hint {
                Some(hint) => sink.field("hint", hint),
                None => Ok(()),
            },
        }
    }

    dyn_visit!();
}

impl fmt::Display for Pw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pw::Nav { .. } => f.write_str("Navigation failed"),
            Pw::Launch { reason, .. } => write!(f, "Browser launch failed: {reason}"),
            Pw::Throttled { .. } => f.write_str("Too many launches"),
            Pw::Weird { text, .. } => write!(f, "Bad \"input\":\n{text}"),
            Pw::Broken { .. } => f.write_str("Broken"),
            Pw::BadDisplay { .. } => f.write_str("Bad display"),
            Pw::Clash { .. } => f.write_str("Clash"),
            Pw::Maybe { .. } => f.write_str("Maybe"),
        }
    }
}

impl std::error::Error for Pw {}

// ---------------------------------------------------------------------------------------------
// Seed 004: a knowledge-base server whose codes travel as strings

#[derive(Debug)]
pub enum Kb {
    PathNotFound {
        path: String,
    },
    DocumentNotFound {
        path: String,
        suggestions: Vec<String>,
    },
    SearchTimeout {
        query: String,
        timeout_seconds: u32,
    },
    SearchEngine {
        details: String,
        stderr: String,
    },
    SyncNotConfigured,
    RemoteNotFound {
        remote: String,
        available_remotes: Vec<String>,
    },
    RcloneNotInstalled {
        install_url: String,
    },
    FileTooLarge {
        path: String,
        size_mb: f64,
        max_mb: u32,
    },
}

const KB_DOMAIN: &str = "knowledge-base";

impl ErrorCatalog for Kb {
    const NAME: &'static str = "Kb";
    const DOMAIN: &'static str = KB_DOMAIN;
    const RANGE: Option<CodeRange> = None;
    const ENTRIES: &'static [ErrorEntry] = &[
        row(
            1001,
            "PATH_NOT_FOUND",
            KB_DOMAIN,
            "Path not found: {path}",
            false,
            ErrorKind::NotFound,
            "PathNotFound",
            None,
            &[field("path", "path", FieldRole::Data)],
        ),
        row(
            1002,
            "DOCUMENT_NOT_FOUND",
            KB_DOMAIN,
            "Document not found: {path}",
            false,
            ErrorKind::NotFound,
            "DocumentNotFound",
            None,
            &[
                field("path", "path", FieldRole::Data),
                field("suggestions", "suggestions", FieldRole::Data),
            ],
        ),
        row(
            2001,
            "SEARCH_TIMEOUT",
            KB_DOMAIN,
            "Search timed out after {timeout_seconds}s",
            true,
            ErrorKind::Timeout,
            "SearchTimeout",
            None,
            &[
                field("query", "query", FieldRole::Data),
                field("timeout_seconds", "timeout_seconds", FieldRole::Data),
            ],
        ),
        row(
            2002,
            "SEARCH_ENGINE_ERROR",
            KB_DOMAIN,
            "Search engine error: ugrep failed",
            false,
            ErrorKind::Internal,
            "SearchEngine",
            None,
            &[
                field("details", "details", FieldRole::Details),
                field("stderr", "stderr", FieldRole::Data),
            ],
        ),
        row(
            3001,
            "SYNC_NOT_CONFIGURED",
            KB_DOMAIN,
            "Sync not enabled",
            false,
            ErrorKind::Unavailable,
            "SyncNotConfigured",
            None,
            &[],
        ),
        row(
            3002,
            "REMOTE_NOT_FOUND",
            KB_DOMAIN,
            "Remote not found: {remote}",
            false,
            ErrorKind::NotFound,
            "RemoteNotFound",
            None,
            &[
                field("remote", "remote", FieldRole::Data),
                field("available_remotes", "available_remotes", FieldRole::Data),
            ],
        ),
        row(
            3003,
            "RCLONE_NOT_INSTALLED",
            KB_DOMAIN,
            "rclone is not installed",
            false,
            ErrorKind::Unavailable,
            "RcloneNotInstalled",
            None,
            &[field("install_url", "install_url", FieldRole::Data)],
        ),
        row(
            4001,
            "FILE_TOO_LARGE",
            KB_DOMAIN,
            "File too large: {size_mb}MB (max: {max_mb}MB)",
            false,
            ErrorKind::Validation,
            "FileTooLarge",
            None,
            &[
                field("path", "path", FieldRole::Data),
                field("size_mb", "size_mb", FieldRole::Data),
                field("max_mb", "max_mb", FieldRole::Data),
            ],
        ),
    ];
}

impl McpError for Kb {
    fn entry(&self) -> &'static ErrorEntry {
        let i = match self {
            Kb::PathNotFound { .. } => 0,
            Kb::DocumentNotFound { .. } => 1,
            Kb::SearchTimeout { .. } => 2,
            Kb::SearchEngine { .. } => 3,
            Kb::SyncNotConfigured => 4,
            Kb::RemoteNotFound { .. } => 5,
            Kb::RcloneNotInstalled { .. } => 6,
            Kb::FileTooLarge { .. } => 7,
        };
        &<Self as ErrorCatalog>::ENTRIES[i]
    }

    fn domain(&self) -> &'static str {
        KB_DOMAIN
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        match self {
            Kb::PathNotFound { path } => sink.field("path", path),
            Kb::DocumentNotFound { path, suggestions } => {
                sink.field("path", path)?;
                sink.field("suggestions", suggestions)
            }
            Kb::SearchTimeout {
                query,
                timeout_seconds,
            } => {
                sink.field("query", query)?;
                sink.field("timeout_seconds", timeout_seconds)
            }
            Kb::SearchEngine { details, stderr } => {
                sink.details(details)?;
                sink.field("stderr", stderr)
            }
            Kb::SyncNotConfigured => Ok(()),
            Kb::RemoteNotFound {
                remote,
                available_remotes,
            } => {
                sink.field("remote", remote)?;
                sink.field("available_remotes", available_remotes)
            }
            Kb::RcloneNotInstalled { install_url } => sink.field("install_url", install_url),
            Kb::FileTooLarge {
                path,
                size_mb,
                max_mb,
            } => {
                sink.field("path", path)?;
                sink.field("size_mb", size_mb)?;
                sink.field("max_mb", max_mb)
            }
        }
    }

    dyn_visit!();
}

impl fmt::Display for Kb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kb::PathNotFound { path } => write!(f, "Path not found: {path}"),
            Kb::DocumentNotFound { path, .. } => write!(f, "Document not found: {path}"),
            Kb::SearchTimeout {
                timeout_seconds, ..
            } => write!(f, "Search timed out after {timeout_seconds}s"),
            Kb::SearchEngine { .. } => f.write_str("Search engine error: ugrep failed"),
            Kb::SyncNotConfigured => f.write_str("Sync not enabled"),
            Kb::RemoteNotFound { remote, .. } => write!(f, "Remote not found: {remote}"),
            Kb::RcloneNotInstalled { .. } => f.write_str("rclone is not installed"),
            Kb::FileTooLarge {
                size_mb, max_mb, ..
            } => write!(f, "File too large: {size_mb}MB (max: {max_mb}MB)"),
        }
    }
}

impl std::error::Error for Kb {}

// ---------------------------------------------------------------------------------------------
// Seed 001: an order server returning `result.error`, and its protocol errors

#[derive(Debug)]
pub enum Orders {
    /// 4001 `ADAPTER_ERROR`; `#[mcp(rename = "originalError")] original_error: String`.
    Adapter { original_error: String },
    /// 2001 `VALIDATION_ERROR` with `help`; the field is named `field`.
    Validation { field: String },
}

const ORDERS_DOMAIN: &str = "orders";

impl ErrorCatalog for Orders {
    const NAME: &'static str = "Orders";
    const DOMAIN: &'static str = ORDERS_DOMAIN;
    const RANGE: Option<CodeRange> = Some(CodeRange::new(1000, 5999));
    const ENTRIES: &'static [ErrorEntry] = &[
        row(
            4001,
            "ADAPTER_ERROR",
            ORDERS_DOMAIN,
            "Adapter error",
            false,
            ErrorKind::Adapter,
            "Adapter",
            None,
            &[field("original_error", "originalError", FieldRole::Data)],
        ),
        row(
            2001,
            "VALIDATION_ERROR",
            ORDERS_DOMAIN,
            "Parameters failed schema/format checks",
            false,
            ErrorKind::Validation,
            "Validation",
            Some("send a well-formed e-mail address"),
            &[field("field", "field", FieldRole::Data)],
        ),
    ];
}

impl McpError for Orders {
    fn entry(&self) -> &'static ErrorEntry {
        match self {
            Orders::Adapter { .. } => &<Self as ErrorCatalog>::ENTRIES[0],
            Orders::Validation { .. } => &<Self as ErrorCatalog>::ENTRIES[1],
        }
    }

    fn domain(&self) -> &'static str {
        ORDERS_DOMAIN
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        match self {
            Orders::Adapter { original_error } => sink.field("originalError", original_error),
            Orders::Validation { field } => sink.field("field", field),
        }
    }

    dyn_visit!();
}

impl fmt::Display for Orders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.entry().message)
    }
}

impl std::error::Error for Orders {}

/// Seed 001's protocol validation failure: `-32602 Invalid params` with the offending field.
#[derive(Debug)]
pub enum Proto {
    InvalidParams { field: String },
}

impl ErrorCatalog for Proto {
    const NAME: &'static str = "Proto";
    const DOMAIN: &'static str = "jsonrpc";
    const RANGE: Option<CodeRange> = None;
    const ENTRIES: &'static [ErrorEntry] = &[row(
        -32602,
        "INVALID_PARAMS",
        "jsonrpc",
        "Invalid params",
        false,
        ErrorKind::Protocol,
        "InvalidParams",
        None,
        &[field("field", "field", FieldRole::Data)],
    )];
}

impl McpError for Proto {
    fn entry(&self) -> &'static ErrorEntry {
        &<Self as ErrorCatalog>::ENTRIES[0]
    }

    fn domain(&self) -> &'static str {
        "jsonrpc"
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        let Proto::InvalidParams { field } = self;
        sink.field("field", field)
    }

    dyn_visit!();
}

impl fmt::Display for Proto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Invalid params")
    }
}

impl std::error::Error for Proto {}

// ---------------------------------------------------------------------------------------------
// Seed 002: tool errors with errorType / errorCode / retryable

#[derive(Debug)]
pub enum Tools {
    InvalidPort,
    WorkflowTimeout { seconds: u32 },
    GithubApi,
}

const TOOLS_DOMAIN: &str = "commons";

impl ErrorCatalog for Tools {
    const NAME: &'static str = "Tools";
    const DOMAIN: &'static str = TOOLS_DOMAIN;
    const RANGE: Option<CodeRange> = Some(CodeRange::new(3100, 3199));
    const ENTRIES: &'static [ErrorEntry] = &[
        row(
            3100,
            "INVALID_PORT",
            TOOLS_DOMAIN,
            "Port must be between 0 and 65535",
            false,
            ErrorKind::Validation,
            "InvalidPort",
            None,
            &[],
        ),
        row(
            3101,
            "WORKFLOW_TIMEOUT",
            TOOLS_DOMAIN,
            "Workflow run did not complete within {seconds} seconds",
            true,
            ErrorKind::Timeout,
            "WorkflowTimeout",
            None,
            &[field("seconds", "seconds", FieldRole::Data)],
        ),
        row(
            3102,
            "GITHUB_API_ERROR",
            TOOLS_DOMAIN,
            "Failed to fetch GitHub workflow run",
            true,
            ErrorKind::Network,
            "GithubApi",
            None,
            &[],
        ),
    ];
}

impl McpError for Tools {
    fn entry(&self) -> &'static ErrorEntry {
        let i = match self {
            Tools::InvalidPort => 0,
            Tools::WorkflowTimeout { .. } => 1,
            Tools::GithubApi => 2,
        };
        &<Self as ErrorCatalog>::ENTRIES[i]
    }

    fn domain(&self) -> &'static str {
        TOOLS_DOMAIN
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        match self {
            Tools::WorkflowTimeout { seconds } => sink.field("seconds", seconds),
            Tools::InvalidPort | Tools::GithubApi => Ok(()),
        }
    }

    dyn_visit!();
}

impl fmt::Display for Tools {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tools::WorkflowTimeout { seconds } => {
                write!(f, "Workflow run did not complete within {seconds} seconds")
            }
            _ => f.write_str(self.entry().message),
        }
    }
}

impl std::error::Error for Tools {}

// ---------------------------------------------------------------------------------------------
// A `transparent` variant: seed 000's common 1005 raised by the Python server

#[derive(Debug)]
pub enum Common {
    InputTooLarge { len: usize, max: usize },
}

impl ErrorCatalog for Common {
    const NAME: &'static str = "Common";
    const DOMAIN: &'static str = "common";
    const RANGE: Option<CodeRange> = Some(CodeRange::new(1000, 1099));
    const ENTRIES: &'static [ErrorEntry] = &[row(
        1005,
        "E_INPUT_TOO_LARGE",
        "common",
        "Input too large",
        false,
        ErrorKind::Validation,
        "InputTooLarge",
        None,
        &[
            field("len", "len", FieldRole::Data),
            field("max", "max", FieldRole::Data),
        ],
    )];
}

impl McpError for Common {
    fn entry(&self) -> &'static ErrorEntry {
        &<Self as ErrorCatalog>::ENTRIES[0]
    }

    fn domain(&self) -> &'static str {
        "common"
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        let Common::InputTooLarge { len, max } = self;
        sink.field("len", len)?;
        sink.field("max", max)
    }

    dyn_visit!();
}

impl fmt::Display for Common {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Input too large")
    }
}

impl std::error::Error for Common {}

#[derive(Debug)]
pub enum Py {
    ExecFail { code: String },
    Common(Common),
}

impl ErrorCatalog for Py {
    const NAME: &'static str = "Py";
    const DOMAIN: &'static str = "python";
    const RANGE: Option<CodeRange> = Some(CodeRange::new(2000, 2099));
    const ENTRIES: &'static [ErrorEntry] = &[row(
        2000,
        "E_PY_EXEC_FAIL",
        "python",
        "Python execution failed",
        false,
        ErrorKind::Internal,
        "ExecFail",
        None,
        &[field("code", "details", FieldRole::Details)],
    )];
}

impl McpError for Py {
    fn entry(&self) -> &'static ErrorEntry {
        match self {
            Py::ExecFail { .. } => &<Self as ErrorCatalog>::ENTRIES[0],
            Py::Common(inner) => inner.entry(),
        }
    }

    fn domain(&self) -> &'static str {
        "python"
    }

    fn visit_data<S: FieldSink>(&self, sink: &mut S) -> Result<(), S::Error> {
        match self {
            Py::ExecFail { code } => sink.details(code),
            Py::Common(inner) => inner.visit_data(sink),
        }
    }

    dyn_visit!();
}

impl fmt::Display for Py {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Py::ExecFail { .. } => f.write_str("Python execution failed"),
            Py::Common(inner) => fmt::Display::fmt(inner, f),
        }
    }
}

impl std::error::Error for Py {}
