//! The string-coded knowledge base (`docs/taxonomies.md`; the original is
//! `file_knowledge_mcp`'s "Error Codes"): knowledge-base, search, sync and limit errors with
//! the original's data fields, plus the standard JSON-RPC errors.
//!
//! Not an example on its own: `examples/seed4_knowledge_base.rs`, `examples/tour.rs` and
//! `tests/golden_seed4.rs` include it with `#[path = ...] mod seed4;`.
//!
//! The original's servers send the code as a string (`"code":"1001"`) and `data` with the error's
//! own fields only (`{"path":"games/invalid"}`): that is the envelope's
//! `.code_as_string().plain_data()` dialect, see [`wire`]. Symbols are the original's names
//! (`PATH_NOT_FOUND`, ...). With `decode`, a client turns a received `error` back into the
//! typed variant: by code, since this dialect sends no symbol.

// Each includer uses a different part of this module.
#![allow(dead_code)]

use mcp_errors::{ErrorObjectView, McpError, McpErrorExt, ProtocolError, Verbosity};

/// Every error of the knowledge-base server.
#[derive(Debug, Clone, PartialEq, McpError)]
#[mcp(domain = "knowledge-base", range = 1000..=4999, decode, data_fields)]
pub enum KbError {
    // Knowledge Base Errors (1xxx).
    /// Path not found: {path}
    #[mcp(code = 1001, kind = "not_found")]
    PathNotFound {
        /// The path, relative to the knowledge root.
        path: String,
    },
    /// Document not found: {path}
    #[mcp(code = 1002, kind = "not_found")]
    DocumentNotFound {
        /// The path asked for.
        path: String,
        /// Close matches, for "Did you mean ...?".
        suggestions: Vec<String>,
    },
    /// Collection not found: {path}
    #[mcp(code = 1003, kind = "not_found")]
    CollectionNotFound {
        /// The collection's path.
        path: String,
    },
    /// File format not supported: {format}
    #[mcp(code = 1004, kind = "validation")]
    FormatNotSupported {
        /// The file.
        path: String,
        /// Its format.
        format: String,
        /// The formats the server reads.
        supported_formats: Vec<String>,
    },

    // Search Errors (2xxx).
    /// The search outlived its deadline.
    // `message =` rather than a doc line where a placeholder names a snake_case field:
    // clippy's `doc_markdown` would want it in backticks, which would reach the message.
    #[mcp(
        code = 2001,
        kind = "timeout",
        message = "Search timed out after {timeout_seconds}s",
        help = "Retry with a smaller scope or fewer terms"
    )]
    SearchTimeout {
        /// The query.
        query: String,
        /// The deadline that passed.
        timeout_seconds: u64,
    },
    /// Search engine error: ugrep failed
    #[mcp(code = 2002)]
    SearchEngineError {
        /// What failed, for the caller (`data.details`).
        #[mcp(details)]
        details: String,
        /// The engine's standard error.
        stderr: String,
    },
    /// Invalid search query: {reason}
    #[mcp(code = 2003, kind = "validation")]
    InvalidQuery {
        /// The query.
        query: String,
        /// What is wrong with it.
        reason: String,
    },

    // Sync Errors (3xxx).
    /// Sync is not enabled
    #[mcp(code = 3001, kind = "business")]
    SyncNotConfigured,
    /// Remote not found: {remote}
    #[mcp(code = 3002, kind = "not_found")]
    RemoteNotFound {
        /// The remote asked for.
        remote: String,
        /// The configured remotes.
        available_remotes: Vec<String>,
    },
    /// rclone is not installed
    #[mcp(code = 3003, kind = "unavailable", retryable = false)]
    RcloneNotInstalled {
        /// Where to get it.
        install_url: String,
    },
    /// rclone command failed
    #[mcp(code = 3004)]
    RcloneError {
        /// rclone's standard error.
        stderr: String,
    },
    /// Another sync is running: {remote}
    #[mcp(code = 3005, kind = "unavailable")]
    SyncInProgress {
        /// The remote being synced.
        remote: String,
    },
    /// The sync outlived its deadline.
    #[mcp(
        code = 3006,
        kind = "timeout",
        message = "Sync timed out after {timeout_seconds}s"
    )]
    SyncTimeout {
        /// The remote.
        remote: String,
        /// The deadline that passed.
        timeout_seconds: u64,
    },

    // Limit Errors (4xxx).
    /// The file exceeds the size limit.
    #[mcp(
        code = 4001,
        kind = "validation",
        message = "File too large: {size_mb}MB (max: {max_mb}MB)"
    )]
    FileTooLarge {
        /// The file.
        path: String,
        /// Its size in MB.
        size_mb: f64,
        /// The limit in MB.
        max_mb: u32,
    },
    /// Results were truncated: {returned} of {total}
    #[mcp(code = 4002, kind = "business")]
    ResultTruncated {
        /// How many results were returned.
        returned: u64,
        /// How many matched.
        total: u64,
    },
    /// Too many requests
    #[mcp(code = 4003, kind = "rate_limit")]
    RateLimited {
        /// Seconds to wait; also the error's `retry_after()`.
        #[mcp(retry_after)]
        retry_after_seconds: u64,
    },

    /// The standard JSON-RPC errors (-32700 ... -32603), also sent by this server.
    #[mcp(transparent)]
    Protocol(ProtocolError),
}

/// The original's wire form of an error: `{"error":{"code":"1001","message":...,"data":{...}}}`.
#[derive(Debug, serde::Serialize)]
pub struct Wire<'a> {
    /// The `error` member, in the original's dialect.
    pub error: ErrorObjectView<'a, KbError>,
}

/// `err` in the original's wire form (string code, plain data, never a stack).
pub fn wire(err: &KbError) -> Wire<'_> {
    Wire {
        error: err
            .to_error_object()
            .code_as_string()
            .plain_data()
            .verbosity(Verbosity::Off),
    }
}

/// What the original's Python client does with an error (`if e.code == "2001": ...`).
pub fn client_reaction(err: &KbError) -> String {
    match err {
        KbError::SearchTimeout { query, .. } => {
            format!("retry `{query}` with a smaller scope")
        }
        KbError::DocumentNotFound { suggestions, .. } => {
            format!("Did you mean: {suggestions:?}?")
        }
        other => format!("Error: {other}"),
    }
}

/// The seven errors the original prints as JSON examples, in the original's order.
pub fn seed_examples() -> [KbError; 7] {
    [
        KbError::PathNotFound {
            path: "games/invalid".into(),
        },
        KbError::DocumentNotFound {
            path: "games/Gloomhavn.pdf".into(),
            suggestions: vec![
                "games/coop/Gloomhaven.pdf".into(),
                "games/coop/Gloomhaven JOTL.pdf".into(),
            ],
        },
        KbError::SearchTimeout {
            query: "complex query with many terms".into(),
            timeout_seconds: 30,
        },
        KbError::SearchEngineError {
            details: "pdftotext: command not found".into(),
            stderr: "sh: pdftotext: command not found".into(),
        },
        KbError::RcloneNotInstalled {
            install_url: "https://rclone.org/install/".into(),
        },
        KbError::RemoteNotFound {
            remote: "dropbox".into(),
            available_remotes: vec!["gdrive".into(), "s3".into()],
        },
        KbError::FileTooLarge {
            path: "huge_document.pdf".into(),
            size_mb: 150.5,
            max_mb: 100,
        },
    ]
}

/// One value of every variant the original's tables list but does not print, in code order.
pub fn other_errors() -> Vec<KbError> {
    vec![
        KbError::CollectionNotFound {
            path: "games/legacy".into(),
        },
        KbError::FormatNotSupported {
            path: "notes/board.pages".into(),
            format: "pages".into(),
            supported_formats: vec!["pdf".into(), "md".into(), "txt".into()],
        },
        KbError::InvalidQuery {
            query: "(unbalanced".into(),
            reason: "unbalanced parenthesis".into(),
        },
        KbError::SyncNotConfigured,
        KbError::RcloneError {
            stderr: "Failed to copy: directory not found".into(),
        },
        KbError::SyncInProgress {
            remote: "gdrive".into(),
        },
        KbError::SyncTimeout {
            remote: "s3".into(),
            timeout_seconds: 300,
        },
        KbError::ResultTruncated {
            returned: 50,
            total: 1234,
        },
        KbError::RateLimited {
            retry_after_seconds: 5,
        },
        KbError::Protocol(ProtocolError::InternalError {
            details: Some("Something went wrong".into()),
        }),
    ]
}
