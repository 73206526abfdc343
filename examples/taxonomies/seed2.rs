//! The TypeScript hierarchy (`docs/taxonomies.md`; the original is commons.systems' "MCP
//! Error Hierarchy"): `ValidationError`, `TimeoutError` and `NetworkError` with their
//! `errorCode`s, as one enum.
//!
//! Not an example on its own: `examples/seed2_hierarchy.rs`, `examples/tour.rs` and
//! `tests/golden_seed2.rs` include it with `#[path = ...] mod seed2;`.
//!
//! The original's class hierarchy becomes the `kind` of each variant: the `errorType` of a tool
//! error is the kind's name (`validation` → `"ValidationError"`, `timeout` →
//! `"TimeoutError"`, `network` → `"NetworkError"`), its `retryable` the kind's default (the
//! original: validation is terminal, timeouts and network failures are retryable). The original's
//! `errorCode` strings are the symbols, spelled exactly as the original writes them.
//!
//! The original has no numeric codes; the derive requires one per variant, so this port
//! assigns them in a range of its own: 3000–3009 validation, 3010–3019 timeouts, 3020–3029 network.
//! Messages are the original's example messages.

// Each includer uses a different part of this module.
#![allow(dead_code)]

use mcp_errors::McpError;

/// The errors of the commons.systems MCP servers (`@commons/mcp-common/errors`).
#[derive(Debug, McpError)]
#[mcp(domain = "commons", range = 3000..=3099, data_fields)]
pub enum CommonsError {
    // ValidationError: "Input validation failures that require user correction".
    /// Port must be between 0 and 65535
    #[mcp(code = 3000, kind = "validation")]
    InvalidPort {
        /// The rejected port.
        port: i64,
    },
    /// {parameter} is required
    #[mcp(code = 3001, kind = "validation")]
    MissingParameter {
        /// The missing parameter, as the user knows it (`Module name`).
        parameter: String,
    },
    /// Invalid JSON in configuration
    #[mcp(code = 3002, kind = "validation")]
    InvalidJson {
        /// The parser's message.
        #[mcp(details)]
        reason: String,
    },

    // TimeoutError: "Operations that exceed time limits".
    /// The workflow run outlived its deadline.
    // `message =` rather than a doc line: clippy's `doc_markdown` would want the placeholder
    // in backticks, which would then be part of the message.
    #[mcp(
        code = 3010,
        kind = "timeout",
        message = "Workflow run did not complete within {timeout_secs} seconds"
    )]
    WorkflowTimeout {
        /// The workflow run.
        #[mcp(rename = "runId")]
        run_id: u64,
        /// The deadline that passed.
        #[mcp(rename = "timeoutSeconds")]
        timeout_secs: u64,
    },
    /// The dev server did not come up in time.
    #[mcp(
        code = 3011,
        kind = "timeout",
        message = "Dev server failed to start within {timeout_secs} seconds"
    )]
    StartupTimeout {
        /// The deadline that passed.
        #[mcp(rename = "timeoutSeconds")]
        timeout_secs: u64,
    },
    /// Emulator did not become ready within timeout
    #[mcp(code = 3012, kind = "timeout")]
    EmulatorTimeout,

    // NetworkError: "Network connectivity and communication failures".
    /// Failed to fetch GitHub workflow run
    #[mcp(code = 3020, kind = "network")]
    GithubApiError {
        /// What the GitHub client reported.
        #[mcp(details)]
        reason: String,
    },
    /// Cannot connect to Firestore emulator
    #[mcp(code = 3021, kind = "network")]
    FirestoreConnectionError {
        /// The emulator's address.
        host: String,
    },
    /// Request failed with status {status}
    #[mcp(code = 3022, kind = "network")]
    ServiceUnavailable {
        /// The HTTP status.
        status: u16,
    },
}

/// The original's `myTool(port)`: `INVALID_PORT` outside 0–65535.
pub fn my_tool(port: i64) -> Result<String, CommonsError> {
    if !(0..=65_535).contains(&port) {
        return Err(CommonsError::InvalidPort { port });
    }
    Ok(format!("Port {port} is valid"))
}

/// One value of every variant, in declaration order.
pub fn samples() -> Vec<CommonsError> {
    vec![
        CommonsError::InvalidPort { port: -1 },
        CommonsError::MissingParameter {
            parameter: "Module name".into(),
        },
        CommonsError::InvalidJson {
            reason: "expected `,` or `}` at line 3 column 9".into(),
        },
        CommonsError::WorkflowTimeout {
            run_id: 123_456,
            timeout_secs: 600,
        },
        CommonsError::StartupTimeout { timeout_secs: 120 },
        CommonsError::EmulatorTimeout,
        CommonsError::GithubApiError {
            reason: "502 Bad Gateway".into(),
        },
        CommonsError::FirestoreConnectionError {
            host: "127.0.0.1:8081".into(),
        },
        CommonsError::ServiceUnavailable { status: 503 },
    ]
}
