//! The Node fleet's numeric ranges (`docs/taxonomies.md`; the original is titled "MCP Server
//! Error Code Taxonomy"): the global common range 1000–1099 (the facade's [`CommonError`])
//! and ten domain ranges, one enum per server.
//!
//! Not an example on its own: `examples/seed0_harness.rs`, `examples/tour.rs` and
//! `tests/golden_seed0.rs` include it with `#[path = ...] mod seed0;`.
//!
//! The original names two codes per domain (`2100 E_PW_NAV, 2101 E_PW_LAUNCH`, ...) and gives a
//! message only for `E_PW_NAV` ("Navigation failed"); the other messages, kinds and fields
//! below are this port's reading of the symbol names. Every server also raises the common
//! codes under its own domain (the original's `sys/errorStats` counts `1005 E_INPUT_TOO_LARGE`
//! under `python`), so every enum that stands for a server has a `transparent`
//! [`CommonError`] variant.

// Each includer uses a different part of this module.
#![allow(dead_code)]

use std::time::Duration;

use mcp_errors::{CommonError, McpError};

/// Python execution server, 2000–2099.
#[derive(Debug, McpError)]
#[mcp(domain = "python", range = 2000..=2099, symbol_prefix = "E_PY_")]
pub enum PythonError {
    /// Python execution failed
    ///
    /// The submitted code raised; `details` is the exception's last line.
    #[mcp(code = 2000)]
    ExecFail {
        /// `ZeroDivisionError: division by zero`.
        #[mcp(details)]
        exception: String,
    },
    /// Code rejected by the sandbox policy
    #[mcp(
        code = 2001,
        kind = "permission",
        help = "Remove the imports the sandbox forbids (os, subprocess, socket)"
    )]
    Security {
        /// The rule that rejected the code.
        #[mcp(details)]
        rule: String,
    },
    /// A common failure, reported under `python`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Playwright browser server, 2100–2199.
#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
pub enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, kind = "network")]
    Nav {
        /// The browser's error text (`net::ERR_NAME_NOT_RESOLVED`).
        #[mcp(details)]
        reason: String,
    },
    /// Browser launch failed
    ///
    /// The original's guideline 4: the low-level error is wrapped, not leaked; its text stays in
    /// the process (`source`), the caller gets a terse `details`.
    #[mcp(code = 2101, kind = "unavailable")]
    Launch {
        /// A terse description for the caller.
        #[mcp(details)]
        reason: String,
        /// The original error.
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// A common failure, reported under `playwright`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Puppeteer browser server, 2200–2299.
#[derive(Debug, McpError)]
#[mcp(domain = "puppeteer", range = 2200..=2299, symbol_prefix = "E_PT_")]
pub enum PuppeteerError {
    /// Navigation failed
    #[mcp(code = 2200, kind = "network")]
    Nav {
        /// The browser's error text.
        #[mcp(details)]
        reason: String,
    },
    /// Browser launch failed
    #[mcp(code = 2201, kind = "unavailable")]
    Launch {
        /// A terse description for the caller.
        #[mcp(details)]
        reason: String,
        /// The original error.
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// A common failure, reported under `puppeteer`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Memory-bank server, 2300–2399.
#[derive(Debug, McpError)]
#[mcp(domain = "memory-bank", range = 2300..=2399, symbol_prefix = "E_MB_", data_fields)]
pub enum MemoryBankError {
    /// Memory bank file not found
    #[mcp(code = 2300, kind = "not_found")]
    FileNotFound {
        /// The file, relative to the memory bank's root.
        path: String,
    },
    /// Memory bank file could not be read
    #[mcp(code = 2301)]
    Read {
        /// The file, relative to the memory bank's root.
        path: String,
        /// The I/O error; not sent to the caller.
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// A common failure, reported under `memory-bank`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Knowledge-graph memory server, 2400–2499.
#[derive(Debug, McpError)]
#[mcp(domain = "kg-memory", range = 2400..=2499, symbol_prefix = "E_KG_", data_fields)]
pub enum KgMemoryError {
    /// Knowledge graph is full
    #[mcp(
        code = 2400,
        kind = "business",
        help = "Delete entities or raise the capacity"
    )]
    Full {
        /// The configured number of triples.
        capacity: u64,
    },
    /// Invalid triple
    #[mcp(code = 2401, kind = "validation")]
    InvalidTriple {
        /// What is wrong with it.
        #[mcp(details)]
        reason: String,
    },
    /// A common failure, reported under `kg-memory`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Filesystem server, 2500–2599.
#[derive(Debug, McpError)]
#[mcp(domain = "filesystem", range = 2500..=2599, symbol_prefix = "E_FS_", data_fields)]
pub enum FilesystemError {
    /// Path escapes the allowed directories
    #[mcp(
        code = 2500,
        kind = "permission",
        help = "Use a path inside one of the allowed directories"
    )]
    PathEscape {
        /// The path as requested.
        path: String,
    },
    /// Permission denied
    #[mcp(code = 2501, kind = "permission")]
    Denied {
        /// The path as requested.
        path: String,
        /// The I/O error; not sent to the caller.
        #[mcp(source)]
        cause: std::io::Error,
    },
    /// A common failure, reported under `filesystem`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// SQL Server server, 2600–2699.
#[derive(Debug, McpError)]
#[mcp(domain = "sql-server", range = 2600..=2699, symbol_prefix = "E_SQL_")]
pub enum SqlServerError {
    /// Database connection failed
    #[mcp(code = 2600, kind = "network")]
    Conn {
        /// The driver's message.
        #[mcp(details)]
        reason: String,
        /// Holds the password: never serialized.
        #[mcp(skip)]
        connection_string: String,
    },
    /// Query failed
    #[mcp(code = 2601, kind = "validation")]
    Query {
        /// The server's message.
        #[mcp(details)]
        message: String,
        /// The five-character SQLSTATE, as `data.sqlState`.
        #[mcp(rename = "sqlState")]
        sql_state: String,
    },
    /// A common failure, reported under `sql-server`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Notion server, 2700–2799.
#[derive(Debug, McpError)]
#[mcp(domain = "notion", range = 2700..=2799, symbol_prefix = "E_NOTION_")]
pub enum NotionError {
    /// Notion authentication failed
    #[mcp(
        code = 2700,
        kind = "permission",
        help = "Check the integration token and the page's connections"
    )]
    Auth,
    /// Notion rate limit exceeded
    #[mcp(code = 2701, kind = "rate_limit")]
    Rate {
        /// Notion's `Retry-After`; shown as `data.retryAfterMs`.
        #[mcp(retry_after, skip)]
        retry_after: Duration,
    },
    /// A common failure, reported under `notion`.
    #[mcp(transparent)]
    Common(CommonError),
}

/// Tavily search server, 2800–2899.
#[derive(Debug, McpError)]
#[mcp(domain = "tavily", range = 2800..=2899, symbol_prefix = "E_TAVILY_", data_fields)]
pub enum TavilyError {
    /// Tavily request failed with HTTP {status}
    #[mcp(code = 2800, kind = "network")]
    Http {
        /// The HTTP status.
        status: u16,
        /// Whether the status is worth a retry (5xx); see [`TavilyError::http`].
        #[mcp(retryable)]
        transient: bool,
    },
    /// Tavily rate limit exceeded
    #[mcp(code = 2801, kind = "rate_limit")]
    Rate {
        /// Tavily's `Retry-After`; shown as `data.retryAfterMs`.
        #[mcp(retry_after, skip)]
        retry_after: Duration,
    },
    /// A common failure, reported under `tavily`.
    #[mcp(transparent)]
    Common(CommonError),
}

impl TavilyError {
    /// `E_TAVILY_HTTP` for `status`: retryable for server errors (5xx), terminal otherwise
    /// (a 401 does not heal by itself; 429 is `E_TAVILY_RATE`).
    pub fn http(status: u16) -> TavilyError {
        TavilyError::Http {
            status,
            transient: (500..600).contains(&status),
        }
    }
}

/// 2900–2999, "Future / Misc: Reserved".
///
/// No server uses the range yet, so the enum has no variants: it cannot be constructed, its
/// catalog is empty, and it exists only so that `assert_disjoint!` keeps every other enum out
/// of the reserved range. A placeholder variant would put an invented code on the wire.
#[derive(Debug, McpError)]
#[mcp(domain = "misc", range = 2900..=2999, symbol_prefix = "E_MISC_")]
pub enum MiscError {}

// The eleven ranges of the original, checked against each other at compile time.
mcp_errors::assert_disjoint!(
    CommonError,
    PythonError,
    PlaywrightError,
    PuppeteerError,
    MemoryBankError,
    KgMemoryError,
    FilesystemError,
    SqlServerError,
    NotionError,
    TavilyError,
    MiscError,
);

/// The original's own error example: `E_PW_NAV` with `details: "net::ERR_NAME_NOT_RESOLVED"`.
pub fn nav_failed() -> PlaywrightError {
    PlaywrightError::Nav {
        reason: "net::ERR_NAME_NOT_RESOLVED".into(),
    }
}

/// The three errors behind the original's `sys/errorStats` example: `E_INPUT_TOO_LARGE` (1005)
/// twice from the Python server, `E_MB_FILE_NOT_FOUND` (2300) once from the memory bank.
pub fn stats_example_errors() -> [Box<dyn McpError + Send + Sync>; 3] {
    let too_large = || {
        PythonError::Common(CommonError::InputTooLarge {
            details: Some("code is 131072 bytes; the limit is 65536".into()),
        })
    };
    [
        Box::new(too_large()),
        Box::new(too_large()),
        Box::new(MemoryBankError::FileNotFound {
            path: "progress.md".into(),
        }),
    ]
}

/// One value of every variant of the ten domain enums (a common code under each domain
/// included), in catalog order.
pub fn samples() -> Vec<Box<dyn McpError + Send + Sync>> {
    let io = |text: &str| std::io::Error::other(text.to_owned());
    let common = |details: &str| CommonError::Timeout {
        details: Some(details.to_owned()),
    };
    vec![
        Box::new(PythonError::ExecFail {
            exception: "ZeroDivisionError: division by zero".into(),
        }),
        Box::new(PythonError::Security {
            rule: "import of `subprocess`".into(),
        }),
        Box::new(PythonError::Common(CommonError::InputTooLarge {
            details: Some("code is 131072 bytes; the limit is 65536".into()),
        })),
        Box::new(nav_failed()),
        Box::new(PlaywrightError::Launch {
            reason: "chromium exited during startup".into(),
            cause: io("exit status 127"),
        }),
        Box::new(PlaywrightError::Common(common(
            "page.goto exceeded 30000 ms",
        ))),
        Box::new(PuppeteerError::Nav {
            reason: "net::ERR_CONNECTION_REFUSED".into(),
        }),
        Box::new(PuppeteerError::Launch {
            reason: "no usable sandbox".into(),
            cause: io("clone: Operation not permitted"),
        }),
        Box::new(PuppeteerError::Common(CommonError::NotInstalled {
            details: Some("puppeteer".into()),
        })),
        Box::new(MemoryBankError::FileNotFound {
            path: "progress.md".into(),
        }),
        Box::new(MemoryBankError::Read {
            path: "activeContext.md".into(),
            cause: io("Input/output error"),
        }),
        Box::new(MemoryBankError::Common(CommonError::LimitExceeded {
            details: Some("line length 20000 > 10000".into()),
        })),
        Box::new(KgMemoryError::Full { capacity: 100_000 }),
        Box::new(KgMemoryError::InvalidTriple {
            reason: "predicate is empty".into(),
        }),
        Box::new(KgMemoryError::Common(CommonError::Unsupported {
            details: Some("graph merge".into()),
        })),
        Box::new(FilesystemError::PathEscape {
            path: "../../etc/passwd".into(),
        }),
        Box::new(FilesystemError::Denied {
            path: "/srv/data/private".into(),
            cause: io("Permission denied (os error 13)"),
        }),
        Box::new(FilesystemError::Common(CommonError::InvalidParams {
            details: Some("`path` must be a string".into()),
        })),
        Box::new(SqlServerError::Conn {
            reason: "login timeout expired".into(),
            connection_string: "Server=db;User Id=sa;Password=hunter2".into(),
        }),
        Box::new(SqlServerError::Query {
            message: "Invalid object name 'orderz'.".into(),
            sql_state: "42S02".into(),
        }),
        Box::new(SqlServerError::Common(CommonError::SessionNotFound {
            details: Some("session 7f3a".into()),
        })),
        Box::new(NotionError::Auth),
        Box::new(NotionError::Rate {
            retry_after: Duration::from_secs(3),
        }),
        Box::new(NotionError::Common(common("database query exceeded 10 s"))),
        Box::new(TavilyError::http(502)),
        Box::new(TavilyError::Rate {
            retry_after: Duration::from_secs(20),
        }),
        Box::new(TavilyError::Common(CommonError::InvalidParams {
            details: Some("`query` is empty".into()),
        })),
    ]
}

/// The request line a client sends to read the counters, with the original's id 7.
pub const STATS_REQUEST: &str = r#"{"jsonrpc":"2.0","id":7,"method":"sys/errorStats"}"#;
