//! Test doubles for the metrics, retry and registry tests: an error value made from any
//! catalog row ([`Hand`]) and a catalog made from any rows ([`catalog!`]).
//!
//! Deliberately not derived (the envelope tests use the real derive): these tests feed the
//! runtime rows the derive cannot produce or rejects by design. The metrics tests build
//! thousands of distinct rows at run time (`Box::leak`) to fill and overflow the counter
//! table; the registry tests declare catalogs whose codes and symbols collide, lie outside
//! their range or come in any order; the retry tests pair kinds with retryable flags freely.
//! What they test is the runtime's handling of catalog data, whatever produced it.

#![allow(dead_code)] // each test binary uses a different part

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};

/// A catalog row with the given identity and defaults for the rest.
pub const fn row(
    code: i32,
    symbol: &'static str,
    domain: &'static str,
    kind: ErrorKind,
    retryable: bool,
) -> ErrorEntry {
    ErrorEntry {
        code,
        symbol,
        domain,
        message: symbol,
        retryable,
        kind,
        variant: "Variant",
        doc: "",
        aliases: &[],
        help: None,
        channel: mcp_errors_core::Channel::ToolError,
        error_type: None,
        fields: &[],
    }
}

/// An error value: a catalog row, the domain it is reported under (the outer enum's for a
/// `transparent` variant) and an optional retry-after.
#[derive(Clone, Copy, Debug)]
pub struct Hand {
    pub entry: &'static ErrorEntry,
    pub domain: &'static str,
    pub retry_after: Option<Duration>,
}

impl Hand {
    /// An error reported under its own row's domain.
    pub const fn new(entry: &'static ErrorEntry) -> Hand {
        Hand {
            entry,
            domain: entry.domain,
            retry_after: None,
        }
    }

    /// The same row wrapped by an enum of another domain (a `transparent` variant).
    pub const fn under(entry: &'static ErrorEntry, domain: &'static str) -> Hand {
        Hand {
            entry,
            domain,
            retry_after: None,
        }
    }

    pub const fn retry_after(self, d: Duration) -> Hand {
        Hand {
            retry_after: Some(d),
            ..self
        }
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.entry.message)
    }
}

impl std::error::Error for Hand {}

impl McpError for Hand {
    fn entry(&self) -> &'static ErrorEntry {
        self.entry
    }

    fn domain(&self) -> &'static str {
        self.domain
    }

    fn retry_after(&self) -> Option<Duration> {
        self.retry_after
    }
}

/// `catalog!(Type, "domain", range, [rows...])` declares a unit struct implementing
/// `ErrorCatalog` with `NAME` = the type's name.
#[macro_export]
macro_rules! catalog {
    ($ty:ident, $domain:literal, $range:expr, [$($row:expr),* $(,)?]) => {
        struct $ty;
        impl ::mcp_errors_core::ErrorCatalog for $ty {
            const NAME: &'static str = stringify!($ty);
            const DOMAIN: &'static str = $domain;
            const RANGE: Option<::mcp_errors_core::CodeRange> = $range;
            const ENTRIES: &'static [::mcp_errors_core::ErrorEntry] = &[$($row),*];
        }
    };
    // With retired codes (`RESERVED`).
    ($ty:ident, $domain:literal, $range:expr, [$($row:expr),* $(,)?], [$($retired:expr),* $(,)?]) => {
        struct $ty;
        impl ::mcp_errors_core::ErrorCatalog for $ty {
            const NAME: &'static str = stringify!($ty);
            const DOMAIN: &'static str = $domain;
            const RANGE: Option<::mcp_errors_core::CodeRange> = $range;
            const ENTRIES: &'static [::mcp_errors_core::ErrorEntry] = &[$($row),*];
            const RESERVED: &'static [::mcp_errors_core::CodeRange] = &[$($retired),*];
        }
    };
}

/// A fresh, empty directory under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "mcp-errors-{name}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
