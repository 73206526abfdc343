//! Code stability: [`LockFile`] and [`Registry::assert_stable`].

use core::fmt::{self, Write as _};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mcp_errors_rules::rules::{self, CodeSpan};

use super::Registry;
use crate::line_safe::LineSafe;
use crate::{CodeRange, ErrorEntry};

impl Registry {
    /// The rows of a lock file for the current catalog: every `(code, symbol, domain)`,
    /// sorted by code, then domain, then symbol, without duplicates.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # const fn row(code: i32, symbol: &'static str) -> ErrorEntry {
    /// #     ErrorEntry { code, symbol, domain: "playwright", message: "m", retryable: false, kind: ErrorKind::Internal,
    /// #         variant: "V", doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] } }
    /// # struct PlaywrightError;
    /// # impl ErrorCatalog for PlaywrightError { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2101, "E_PW_LAUNCH"), row(2100, "E_PW_NAV")]; }
    /// use mcp_errors_core::Registry;
    ///
    /// let rows = Registry::new().with::<PlaywrightError>().lock_entries();
    /// let text: Vec<String> = rows.iter().map(ToString::to_string).collect();
    /// assert_eq!(text, ["2100 E_PW_NAV (playwright)", "2101 E_PW_LAUNCH (playwright)"]);
    /// ```
    #[inline]
    pub fn lock_entries(&self) -> Vec<LockEntry> {
        let mut rows: Vec<LockEntry> = self
            .enums
            .iter()
            .flat_map(|e| e.entries.iter())
            .map(LockEntry::of)
            .collect();
        rows.sort();
        rows.dedup();
        rows
    }

    /// Checks that no code was removed or changed since the lock file at `path` was written;
    /// see [`assert_stable_with`](Registry::assert_stable_with). New codes are written to the
    /// file when the environment variable `MCP_ERRORS_UPDATE_LOCK` is truthy (`1`, `true`,
    /// `yes` or `on`, in any case), and always when the
    /// file does not exist yet.
    ///
    /// Typically one test per server. A new code passes without the variable (it is only
    /// listed in the report), so a test that wants every code locked before a release also
    /// fails on codes it did not write:
    ///
    /// ```no_run
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry};
    /// # struct PlaywrightError;
    /// # impl ErrorCatalog for PlaywrightError { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[]; }
    /// #[test]
    /// fn error_codes_are_stable() {
    ///     let report = mcp_errors_core::Registry::new()
    ///         .with::<PlaywrightError>()
    ///         .assert_stable("errors.lock.json")
    ///         .unwrap();
    ///     assert!(
    ///         report.added.is_empty() || report.written,
    ///         "codes not in errors.lock.json yet (run with MCP_ERRORS_UPDATE_LOCK=1): {:?}",
    ///         report.added,
    ///     );
    /// }
    /// ```
    pub fn assert_stable(&self, path: impl AsRef<Path>) -> Result<StabilityReport, StabilityError> {
        let update = crate::env::UPDATE_LOCK
            .get()
            .is_some_and(|v| crate::env::is_truthy(&v));
        self.assert_stable_with(path, update)
    }

    /// Compares the catalog with the lock file at `path` (format: see [`LockFile`]).
    ///
    /// - The file does not exist: it is written with every current code (one code per line,
    ///   sorted) and the report says `created`.
    /// - A locked code no longer exists (or its symbol moved to another code), or now has
    ///   another symbol or domain: `Err` ([`StabilityError::Unstable`]) listing every change;
    ///   the file is left alone, even with `update`. Codes are a public contract (the
    ///   TypeScript hierarchy's rule: "don't change codes between versions"): to accept a
    ///   breaking change, edit the lock file by hand.
    /// - Codes not in the file yet: listed in [`StabilityReport::added`], and written to the
    ///   file when `update` is true.
    ///
    /// Messages, kinds, retryability and everything else may change freely.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # const fn row(code: i32, symbol: &'static str) -> ErrorEntry {
    /// #     ErrorEntry { code, symbol, domain: "playwright", message: "m", retryable: false, kind: ErrorKind::Internal,
    /// #         variant: "V", doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] } }
    /// # struct V1; struct V2;
    /// # impl ErrorCatalog for V1 { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2100, "E_PW_NAV"), row(2101, "E_PW_LAUNCH"), row(2102, "E_PW_CLICK")]; }
    /// # impl ErrorCatalog for V2 { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2100, "E_PW_NAVIGATE"), row(2103, "E_PW_CLICK")]; }
    /// use mcp_errors_core::Registry;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-{}-errors.lock.json", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let created = Registry::new().with::<V1>().assert_stable_with(&path, false).unwrap();
    /// assert!(created.created);
    ///
    /// // Version 2 renamed 2100's symbol, dropped 2101 and moved E_PW_CLICK to 2103.
    /// let err = Registry::new().with::<V2>().assert_stable_with(&path, true).unwrap_err();
    /// let text = err.to_string();
    /// assert!(text.contains("changed  2100: symbol E_PW_NAV -> E_PW_NAVIGATE"), "{text}");
    /// assert!(text.contains("removed  2101 E_PW_LAUNCH (playwright)"), "{text}");
    /// assert!(text.contains("moved    E_PW_CLICK (playwright) from code 2102 to 2103"), "{text}");
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn assert_stable_with(
        &self,
        path: impl AsRef<Path>,
        update: bool,
    ) -> Result<StabilityReport, StabilityError> {
        let path = path.as_ref();
        let current = self.lock_entries();
        let malformed = |reason: String| StabilityError::Malformed {
            path: path.to_owned(),
            reason,
        };
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|e| {
                // UTF-16 starts with its byte-order mark: what PowerShell 5's `>` writes.
                let utf16 = matches!(e.as_bytes(), [0xff, 0xfe, ..] | [0xfe, 0xff, ..]);
                malformed(format!(
                    "not UTF-8 text ({}); save it as UTF-8, or delete it to have it written anew",
                    if utf16 {
                        "UTF-16".to_owned()
                    } else {
                        e.utf8_error().to_string()
                    }
                ))
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                write_lock(path, &LockFile::new(current.clone()).to_text())?;
                return Ok(StabilityReport {
                    added: current,
                    written: true,
                    created: true,
                });
            }
            Err(source) => {
                return Err(StabilityError::Io {
                    path: path.to_owned(),
                    source,
                });
            }
        };
        let lock = LockFile::parse(&text).map_err(malformed)?;

        let mut by_code: BTreeMap<i32, Vec<&LockEntry>> = BTreeMap::new();
        for row in &current {
            by_code.entry(row.code).or_default().push(row);
        }
        // The codes the enums retired (`reserved`): removing a locked code is fine when it is
        // retired (as `buf breaking` allows a removed field that is reserved), using one is not.
        let mut retired: Vec<CodeSpan> = Vec::new();
        for e in &self.enums {
            for r in e.reserved {
                retired.push(CodeSpan::new(r.start, r.end));
            }
        }
        let mut changes = Vec::new();
        for row in &current {
            if let Some(rules::Finding::ReservedCode { retired, .. }) =
                rules::reserved_code(row.code, &retired)
            {
                changes.push(LockChange::Reused {
                    new: row.clone(),
                    retired: CodeRange::new(retired.lo, retired.hi),
                });
            }
        }
        for old in &lock.codes {
            match by_code.get(&old.code) {
                None if rules::reserved_code(old.code, &retired).is_some() => {}
                None => changes.push(match moved_to(&current, old) {
                    Some(new) => LockChange::Moved {
                        old: old.clone(),
                        new: new.clone(),
                    },
                    None => LockChange::Removed(old.clone()),
                }),
                Some(rows) if !rows.contains(&old) => changes.push(LockChange::Changed {
                    old: old.clone(),
                    new: rows[0].clone(),
                }),
                Some(_) => {}
            }
        }
        if !changes.is_empty() {
            return Err(StabilityError::Unstable {
                path: path.to_owned(),
                changes,
            });
        }
        let added: Vec<LockEntry> = current
            .into_iter()
            .filter(|row| !lock.codes.contains(row))
            .collect();
        let written = update && !added.is_empty();
        if written {
            let mut rows = lock.codes;
            rows.extend(added.iter().cloned());
            let mut new_text = LockFile::new(rows).to_text();
            // Keep what the checkout or an editor gave the file (Windows line endings, a
            // byte-order mark), so that the review diff shows only the new codes.
            if text.contains("\r\n") {
                new_text = new_text.replace('\n', "\r\n");
            }
            if text.starts_with('\u{feff}') {
                new_text.insert(0, '\u{feff}');
            }
            write_lock(path, &new_text)?;
        }
        Ok(StabilityReport {
            added,
            written,
            created: false,
        })
    }
}

/// Where the symbol of a locked row whose code is gone went: a row of `current` with its
/// symbol, in its domain if there is one.
#[inline]
fn moved_to<'a>(current: &'a [LockEntry], old: &LockEntry) -> Option<&'a LockEntry> {
    let mut same_symbol = current.iter().filter(|row| row.symbol == old.symbol);
    let first = same_symbol.clone().next()?;
    Some(
        same_symbol
            .find(|row| row.domain == old.domain)
            .unwrap_or(first),
    )
}

/// One row of a lock file: a code and the symbol and domain it must keep.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct LockEntry {
    /// The code.
    pub code: i32,
    /// The domain it belongs to.
    pub domain: String,
    /// Its symbol.
    pub symbol: String,
}

impl LockEntry {
    #[inline]
    fn of(entry: &ErrorEntry) -> LockEntry {
        LockEntry {
            code: entry.code,
            domain: entry.domain.to_owned(),
            symbol: entry.symbol.to_owned(),
        }
    }
}

impl fmt::Display for LockEntry {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} ({})",
            self.code,
            LineSafe(&self.symbol),
            LineSafe(&self.domain)
        )
    }
}

/// The lock file of [`Registry::assert_stable`]: JSON, committed next to the code.
///
/// ```json
/// {
///   "format": "mcp-errors-lock",
///   "version": 1,
///   "codes": [
///     {"code": 1000, "domain": "common", "symbol": "E_INVALID_PARAMS"},
///     {"code": 2100, "domain": "playwright", "symbol": "E_PW_NAV"}
///   ]
/// }
/// ```
///
/// `codes` is sorted by code, then domain, then symbol, one row per definition; the file is
/// written indented, one code per line, with a final newline, so it diffs well in review
/// (an update keeps the `\r\n` line endings and byte-order mark a Windows checkout or
/// editor gave the file, and reading skips the mark). An update writes a temporary file
/// beside it and renames it into place; a crash between the two leaves that file
/// (`errors.lock.json.<pid>-<n>.tmp`), which can be deleted. Only codes, symbols and domains are
/// locked: messages, kinds and the rest are free to change. Unknown
/// members are ignored when reading; a `format` other than `mcp-errors-lock` or a `version`
/// other than 1 is rejected.
///
/// Available with the `registry` feature, as [`Registry`](crate::Registry).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LockFile {
    /// Always `"mcp-errors-lock"`.
    pub format: String,
    /// Always `1`.
    pub version: u32,
    /// The locked codes.
    pub codes: Vec<LockEntry>,
}

impl LockFile {
    /// The format name written in [`LockFile::format`].
    pub const FORMAT: &'static str = "mcp-errors-lock";
    /// The version written in [`LockFile::version`].
    pub const VERSION: u32 = 1;

    /// A lock file holding `codes`, sorted and deduplicated.
    ///
    /// ```
    /// use mcp_errors_core::{LockEntry, LockFile};
    ///
    /// let row = |code, symbol: &str| LockEntry { code, domain: "common".into(), symbol: symbol.into() };
    /// let lock = LockFile::new(vec![row(1001, "E_TIMEOUT"), row(1000, "E_INVALID_PARAMS")]);
    /// assert_eq!(lock.to_text(), r#"{
    ///   "format": "mcp-errors-lock",
    ///   "version": 1,
    ///   "codes": [
    ///     {"code": 1000, "domain": "common", "symbol": "E_INVALID_PARAMS"},
    ///     {"code": 1001, "domain": "common", "symbol": "E_TIMEOUT"}
    ///   ]
    /// }
    /// "#);
    /// assert_eq!(LockFile::parse(&lock.to_text()), Ok(lock));
    /// ```
    #[inline]
    pub fn new(mut codes: Vec<LockEntry>) -> LockFile {
        codes.sort();
        codes.dedup();
        LockFile {
            format: LockFile::FORMAT.to_owned(),
            version: LockFile::VERSION,
            codes,
        }
    }

    /// Parses and validates a lock file's text. A leading byte-order mark (some Windows
    /// editors write one) is skipped; an empty text or one with merge-conflict markers is an
    /// error that says how to recover.
    #[inline]
    pub fn parse(text: &str) -> Result<LockFile, String> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lock: LockFile = serde_json::from_str(text).map_err(|e| {
            if text.trim().is_empty() {
                "the file is empty; delete it to have it written anew".to_owned()
            } else if text.lines().any(|l| l.starts_with("<<<<<<<")) {
                "it holds merge conflict markers; keep one side, then run again with \
                 MCP_ERRORS_UPDATE_LOCK=1 to add the other side's new codes"
                    .to_owned()
            } else {
                e.to_string()
            }
        })?;
        if lock.format != LockFile::FORMAT {
            return Err(format!(
                "`format` is {:?}, expected {:?}",
                lock.format,
                LockFile::FORMAT
            ));
        }
        if lock.version != LockFile::VERSION {
            return Err(format!(
                "`version` {} is not supported (expected {})",
                lock.version,
                LockFile::VERSION
            ));
        }
        Ok(lock)
    }

    /// The file's text: indented JSON with one code per line (so that a review diff shows
    /// one line per added code) and a final newline.
    #[inline]
    pub fn to_text(&self) -> String {
        let mut text = String::from("{\n");
        let _ = writeln!(text, "  \"format\": {},", json_string(&self.format));
        let _ = writeln!(text, "  \"version\": {},", self.version);
        text.push_str("  \"codes\": [");
        for (i, row) in self.codes.iter().enumerate() {
            text.push_str(if i == 0 { "\n    " } else { ",\n    " });
            let _ = write!(
                text,
                "{{\"code\": {}, \"domain\": {}, \"symbol\": {}}}",
                row.code,
                json_string(&row.domain),
                json_string(&row.symbol)
            );
        }
        text.push_str(if self.codes.is_empty() {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        });
        text
    }
}

/// A JSON string literal (quotes and escapes included).
#[inline]
fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// Writes the lock file next to its final place, then renames it, so a crash never leaves
/// half a file. The temporary name is the writer's own (process and call), so two tests or
/// two processes updating one lock at once each rename a whole file of their own; a crash
/// between the two steps leaves that file (`errors.lock.json.<pid>-<n>.tmp`) behind, which
/// the `LockFile` docs tell to delete.
#[inline]
fn write_lock(path: &Path, text: &str) -> Result<(), StabilityError> {
    static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}-{n}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let io = |source| StabilityError::Io {
        path: path.to_owned(),
        source,
    };
    std::fs::write(&tmp, text).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io(e)
    })
}

/// What [`Registry::assert_stable`] found when the catalog is stable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StabilityReport {
    /// Codes of the catalog that the lock file did not list (all of them when `created`).
    pub added: Vec<LockEntry>,
    /// Whether the lock file was written.
    pub written: bool,
    /// Whether the lock file did not exist and was created.
    pub created: bool,
}

/// A code that changed since the lock file was written. More kinds of change may come: a
/// `match` needs a `_` arm.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LockChange {
    /// The locked code no longer exists, nor does its symbol.
    Removed(LockEntry),
    /// The locked code no longer exists; its symbol is now at another code.
    Moved {
        /// The locked row.
        old: LockEntry,
        /// The catalog's row of the symbol now (in the same domain when there is one).
        new: LockEntry,
    },
    /// A code that an enum retired (`reserved`) is used, by this row.
    Reused {
        /// The catalog's row using it.
        new: LockEntry,
        /// The reserved entry holding it (one code: `start == end`).
        retired: CodeRange,
    },
    /// The locked code now has another symbol or domain.
    Changed {
        /// The locked row.
        old: LockEntry,
        /// What the catalog says now.
        new: LockEntry,
    },
}

impl fmt::Display for LockChange {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockChange::Removed(old) => write!(f, "removed  {old}"),
            LockChange::Moved { old, new } => {
                write!(
                    f,
                    "moved    {} ({}) from code {} to {}",
                    LineSafe(&old.symbol),
                    LineSafe(&old.domain),
                    old.code,
                    new.code
                )?;
                if old.domain != new.domain {
                    write!(
                        f,
                        ", domain {} -> {}",
                        LineSafe(&old.domain),
                        LineSafe(&new.domain)
                    )?;
                }
                Ok(())
            }
            LockChange::Reused { new, retired } => {
                let finding = rules::Finding::ReservedCode {
                    code: new.code,
                    retired: CodeSpan::new(retired.start, retired.end),
                };
                write!(f, "reused   {new}: {finding}")
            }
            LockChange::Changed { old, new } => {
                write!(f, "changed  {}:", old.code)?;
                let mut sep = " ";
                if old.symbol != new.symbol {
                    write!(
                        f,
                        "{sep}symbol {} -> {}",
                        LineSafe(&old.symbol),
                        LineSafe(&new.symbol)
                    )?;
                    sep = ", ";
                }
                if old.domain != new.domain {
                    write!(
                        f,
                        "{sep}domain {} -> {}",
                        LineSafe(&old.domain),
                        LineSafe(&new.domain)
                    )?;
                }
                Ok(())
            }
        }
    }
}

/// Why [`Registry::assert_stable`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum StabilityError {
    /// Codes were removed or changed since the lock file was written.
    Unstable {
        /// The lock file.
        path: PathBuf,
        /// Every change, in lock-file order.
        changes: Vec<LockChange>,
    },
    /// The lock file is not a valid lock file.
    Malformed {
        /// The lock file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The lock file could not be read or written.
    Io {
        /// The lock file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

impl fmt::Display for StabilityError {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StabilityError::Unstable { path, changes } => {
                write!(
                    f,
                    "MCP error codes changed since the lock file `{}` was written:",
                    path.display()
                )?;
                for change in changes {
                    write!(f, "\n  {change}")?;
                }
                write!(
                    f,
                    "\ncodes, symbols and domains are a public contract; restore them, or edit \
                     the lock file by hand to accept the breaking change"
                )
            }
            StabilityError::Malformed { path, reason } => {
                write!(
                    f,
                    "`{}` is not an mcp-errors lock file: {reason}",
                    path.display()
                )
            }
            StabilityError::Io { path, source } => {
                write!(
                    f,
                    "cannot access the lock file `{}`: {source}",
                    path.display()
                )
            }
        }
    }
}

impl std::error::Error for StabilityError {
    #[inline]
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StabilityError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_file_validation() {
        assert!(LockFile::parse(r#"{"format":"mcp-errors-lock","version":1,"codes":[]}"#).is_ok());
        assert!(LockFile::parse(r#"{"format":"other","version":1,"codes":[]}"#).is_err());
        assert!(LockFile::parse(r#"{"format":"mcp-errors-lock","version":2,"codes":[]}"#).is_err());
        assert!(LockFile::parse(r#"{"format":"mcp-errors-lock","version":1}"#).is_err());
        assert!(LockFile::parse("[").is_err());
    }
}
