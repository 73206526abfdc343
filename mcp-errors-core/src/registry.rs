//! [`Registry`]: the error enums of a whole program side by side — cross-enum checks at run
//! time, the catalog as Markdown and JSON, and code stability against a lock file.

use core::any::TypeId;
use core::fmt::{self, Write as _};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::{CodeRange, ErrorCatalog, ErrorEntry};

/// The error enums of a program, registered one by one, checked and exported together.
///
/// [`assert_disjoint!`](crate::assert_disjoint) checks ranges at compile time; a `Registry`
/// does the same at run time (in a test, a build script, a `--check-errors` flag) and also
/// finds codes and symbols used twice, writes the catalog as Markdown or JSON, and guards code
/// stability with a lock file ([`assert_stable`](Registry::assert_stable)).
///
/// ```
/// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
/// # const fn row(code: i32, symbol: &'static str, domain: &'static str, message: &'static str) -> ErrorEntry {
/// #     ErrorEntry { code, symbol, domain, message, retryable: false, kind: ErrorKind::Internal,
/// #         variant: "V", doc: "", aliases: &[], help: None, fields: &[] } }
/// # struct CommonError; struct PythonError;
/// # impl ErrorCatalog for CommonError { const NAME: &'static str = "CommonError"; const DOMAIN: &'static str = "common";
/// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(1000, 1099));
/// #   const ENTRIES: &'static [ErrorEntry] = &[row(1005, "E_INPUT_TOO_LARGE", "common", "Input too large")]; }
/// # impl ErrorCatalog for PythonError { const NAME: &'static str = "PythonError"; const DOMAIN: &'static str = "python";
/// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(2000, 2099));
/// #   const ENTRIES: &'static [ErrorEntry] = &[row(2000, "E_PY_EXEC_FAIL", "python", "Execution failed")]; }
/// use mcp_errors_core::Registry;
///
/// let registry = Registry::new().with::<CommonError>().with::<PythonError>();
/// registry.check().expect("no two enums share a code");
/// assert!(registry.to_markdown().contains("| 2000 | `E_PY_EXEC_FAIL` | Execution failed |"));
/// assert_eq!(registry.to_json()["enums"][1]["name"], "PythonError");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Registry {
    enums: Vec<RegisteredEnum>,
}

/// What a [`Registry`] knows about one registered enum: its [`ErrorCatalog`] constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegisteredEnum {
    /// [`ErrorCatalog::NAME`].
    pub name: &'static str,
    /// [`ErrorCatalog::DOMAIN`].
    pub domain: &'static str,
    /// [`ErrorCatalog::RANGE`].
    pub range: Option<CodeRange>,
    /// [`ErrorCatalog::SPAN`]: the declared range, or the lowest to highest own code.
    pub span: Option<CodeRange>,
    /// [`ErrorCatalog::ENTRIES`].
    pub entries: &'static [ErrorEntry],
    /// [`ErrorCatalog::SHARED_CODES`].
    pub shared_codes: &'static [i32],
    type_id: TypeId,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Registers `E` (builder form). Registering the same type twice has no effect.
    #[must_use]
    pub fn with<E: ErrorCatalog + 'static>(mut self) -> Registry {
        self.register::<E>();
        self
    }

    /// Registers `E` in place. Registering the same type twice has no effect.
    pub fn register<E: ErrorCatalog + 'static>(&mut self) -> &mut Registry {
        let type_id = TypeId::of::<E>();
        if !self.enums.iter().any(|e| e.type_id == type_id) {
            self.enums.push(RegisteredEnum {
                name: E::NAME,
                domain: E::DOMAIN,
                range: E::RANGE,
                span: E::SPAN,
                entries: E::ENTRIES,
                shared_codes: E::SHARED_CODES,
                type_id,
            });
        }
        self
    }

    /// The registered enums, in registration order.
    pub fn enums(&self) -> &[RegisteredEnum] {
        &self.enums
    }

    /// The registered enums in catalog order: by the start of their span (enums without
    /// codes last), then by name.
    fn sorted(&self) -> Vec<&RegisteredEnum> {
        let mut enums: Vec<&RegisteredEnum> = self.enums.iter().collect();
        enums.sort_by_key(|e| (e.span.is_none(), e.span.map(|s| (s.start, s.end)), e.name));
        enums
    }

    /// Checks the registered enums against each other: no two spans may overlap, no code and
    /// no symbol (or alias) may be used twice. Reports every conflict, in a stable order.
    ///
    /// Spans are sorted by start and swept once, keeping the spans still open, so the cost is
    /// `O(k log k)` for `k` enums plus one step per overlapping pair; codes and symbols are
    /// sorted and compared with their neighbours (`O(n log n)` for `n` entries). Nothing is
    /// compared all-pairs.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # const fn row(code: i32, symbol: &'static str) -> ErrorEntry {
    /// #     ErrorEntry { code, symbol, domain: "d", message: "m", retryable: false, kind: ErrorKind::Internal,
    /// #         variant: "V", doc: "", aliases: &[], help: None, fields: &[] } }
    /// # struct PlaywrightError; struct PythonError;
    /// # impl ErrorCatalog for PlaywrightError { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2100, "E_PW_NAV"), row(2101, "E_PW_LAUNCH")]; }
    /// # impl ErrorCatalog for PythonError { const NAME: &'static str = "PythonError"; const DOMAIN: &'static str = "python";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2001, "E_PY_SECURITY"), row(2101, "E_PY_EXEC_FAIL")]; }
    /// use mcp_errors_core::{Registry, RegistryConflict};
    ///
    /// let conflicts = Registry::new().with::<PlaywrightError>().with::<PythonError>().check().unwrap_err();
    /// assert!(conflicts.iter().any(|c| matches!(c,
    ///     RegistryConflict::DuplicateCode { code: 2101, first: "PythonError", second: "PlaywrightError", .. })));
    /// assert!(conflicts.iter().any(|c| matches!(c,
    ///     RegistryConflict::OverlappingRanges { code: 2100, first: "PythonError", second: "PlaywrightError", .. })));
    /// assert!(conflicts.to_string().contains(
    ///     "MCP error code 2101 is used by both `PythonError` (E_PY_EXEC_FAIL) and `PlaywrightError` (E_PW_LAUNCH)"
    /// ));
    /// ```
    pub fn check(&self) -> Result<(), RegistryConflicts> {
        let sorted = self.sorted();
        let mut conflicts = Vec::new();
        overlapping_spans(&sorted, &mut conflicts);
        duplicate_codes(&sorted, &mut conflicts);
        duplicate_symbols(&sorted, &mut conflicts);
        if conflicts.is_empty() {
            Ok(())
        } else {
            Err(RegistryConflicts(conflicts))
        }
    }

    /// The catalog as GitHub-flavoured Markdown: a table of ranges (one row per enum: range,
    /// domain, enum, number of codes), then one section per enum with a table of its codes
    /// (Code | Symbol | Message | Retryable | Kind | Variant | Aliases | Help), enums ordered
    /// by range, codes by value. Text is escaped so that `|`, `*`, `_`, `<` and friends in
    /// messages cannot break the table or its formatting; line breaks become `<br>`.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # struct NotionError;
    /// # impl ErrorCatalog for NotionError { const NAME: &'static str = "NotionError"; const DOMAIN: &'static str = "notion";
    /// #   const RANGE: Option<CodeRange> = Some(CodeRange::new(2700, 2799));
    /// #   const ENTRIES: &'static [ErrorEntry] = &[ErrorEntry { code: 2701, symbol: "E_NOTION_RATE", domain: "notion",
    /// #     message: "Rate limited | retry later", retryable: true, kind: ErrorKind::RateLimit, variant: "Rate",
    /// #     doc: "", aliases: &[], help: Some("wait for `retryAfterMs`"), fields: &[] }]; }
    /// use mcp_errors_core::Registry;
    ///
    /// let md = Registry::new().with::<NotionError>().to_markdown();
    /// assert!(md.contains("| 2700–2799 | notion | `NotionError` | 1 |"));
    /// assert!(md.contains(
    ///     "| 2701 | `E_NOTION_RATE` | Rate limited \\| retry later | yes | rate\\_limit | `Rate` |  | wait for \\`retryAfterMs\\` |"
    /// ));
    /// ```
    pub fn to_markdown(&self) -> String {
        let sorted = self.sorted();
        let mut out = String::new();
        out.push_str("## Ranges\n\n| Range | Domain | Enum | Codes |\n|---|---|---|---|\n");
        for e in &sorted {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                range_cell(e),
                md_text(e.domain),
                md_code(e.name),
                e.entries.len()
            );
        }
        for e in &sorted {
            let _ = write!(
                out,
                "\n## {}: {}, {}\n\n",
                md_code(e.name),
                md_text(e.domain),
                range_cell(e)
            );
            out.push_str(
                "| Code | Symbol | Message | Retryable | Kind | Variant | Aliases | Help |\n\
                 |---:|---|---|---|---|---|---|---|\n",
            );
            for entry in sorted_entries(e.entries) {
                let aliases: Vec<String> = entry.aliases.iter().map(|a| md_code(a)).collect();
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {} | {} | {} |",
                    entry.code,
                    md_code(entry.symbol),
                    md_text(entry.message),
                    if entry.retryable { "yes" } else { "no" },
                    md_text(entry.kind.as_str()),
                    md_code(entry.variant),
                    aliases.join(", "),
                    entry.help.map(md_text).unwrap_or_default(),
                );
            }
        }
        out
    }

    /// The catalog as JSON, in a stable shape and order:
    ///
    /// ```json
    /// {"format": "mcp-errors-catalog", "version": 1,
    ///  "enums": [{"name": "CommonError", "domain": "common",
    ///             "range": {"start": 1000, "end": 1099}, "span": {"start": 1000, "end": 1099},
    ///             "entries": [{"code": 1000, "symbol": "E_INVALID_PARAMS", ...}]}]}
    /// ```
    ///
    /// Enums are ordered by range, entries by code; each entry is an [`ErrorEntry`] as it
    /// serializes. `range` is `null` for an enum without a declared range, `span` for an enum
    /// without codes.
    pub fn to_json(&self) -> serde_json::Value {
        let enums: Vec<serde_json::Value> = self
            .sorted()
            .into_iter()
            .map(|e| {
                serde_json::json!({
                    "name": e.name,
                    "domain": e.domain,
                    "range": e.range,
                    "span": e.span,
                    "entries": sorted_entries(e.entries),
                })
            })
            .collect();
        serde_json::json!({
            "format": "mcp-errors-catalog",
            "version": 1,
            "enums": enums,
        })
    }

    /// The rows of a lock file for the current catalog: every `(code, symbol, domain)`,
    /// sorted by code, then domain, then symbol, without duplicates.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # const fn row(code: i32, symbol: &'static str) -> ErrorEntry {
    /// #     ErrorEntry { code, symbol, domain: "playwright", message: "m", retryable: false, kind: ErrorKind::Internal,
    /// #         variant: "V", doc: "", aliases: &[], help: None, fields: &[] } }
    /// # struct PlaywrightError;
    /// # impl ErrorCatalog for PlaywrightError { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2101, "E_PW_LAUNCH"), row(2100, "E_PW_NAV")]; }
    /// use mcp_errors_core::Registry;
    ///
    /// let rows = Registry::new().with::<PlaywrightError>().lock_entries();
    /// let text: Vec<String> = rows.iter().map(ToString::to_string).collect();
    /// assert_eq!(text, ["2100 E_PW_NAV (playwright)", "2101 E_PW_LAUNCH (playwright)"]);
    /// ```
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
    /// `yes`, `on`; see [`metrics::is_truthy`](crate::metrics::is_truthy)), and always when the
    /// file does not exist yet.
    ///
    /// Typically one test per server:
    ///
    /// ```no_run
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry};
    /// # struct PlaywrightError;
    /// # impl ErrorCatalog for PlaywrightError { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[]; }
    /// #[test]
    /// fn error_codes_are_stable() {
    ///     mcp_errors_core::Registry::new()
    ///         .with::<PlaywrightError>()
    ///         .assert_stable("errors.lock.json")
    ///         .unwrap();
    /// }
    /// ```
    pub fn assert_stable(&self, path: impl AsRef<Path>) -> Result<StabilityReport, StabilityError> {
        let update =
            std::env::var("MCP_ERRORS_UPDATE_LOCK").is_ok_and(|v| crate::metrics::is_truthy(&v));
        self.assert_stable_with(path, update)
    }

    /// Compares the catalog with the lock file at `path` (format: see [`LockFile`]).
    ///
    /// - The file does not exist: it is written with every current code (one code per line,
    ///   sorted) and the report says `created`.
    /// - A locked code no longer exists, or now has another symbol or domain: `Err`
    ///   ([`StabilityError::Unstable`]) listing every change; the file is left alone, even
    ///   with `update`. Codes are a public contract (seed 002: "don't change codes between
    ///   versions"): to accept a breaking change, edit the lock file by hand.
    /// - Codes not in the file yet: listed in [`StabilityReport::added`], and written to the
    ///   file when `update` is true.
    ///
    /// Messages, kinds, retryability and everything else may change freely.
    ///
    /// ```
    /// # use mcp_errors_core::{CodeRange, ErrorCatalog, ErrorEntry, ErrorKind};
    /// # const fn row(code: i32, symbol: &'static str) -> ErrorEntry {
    /// #     ErrorEntry { code, symbol, domain: "playwright", message: "m", retryable: false, kind: ErrorKind::Internal,
    /// #         variant: "V", doc: "", aliases: &[], help: None, fields: &[] } }
    /// # struct V1; struct V2;
    /// # impl ErrorCatalog for V1 { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2100, "E_PW_NAV"), row(2101, "E_PW_LAUNCH")]; }
    /// # impl ErrorCatalog for V2 { const NAME: &'static str = "PlaywrightError"; const DOMAIN: &'static str = "playwright";
    /// #   const RANGE: Option<CodeRange> = None; const ENTRIES: &'static [ErrorEntry] = &[row(2100, "E_PW_NAVIGATE")]; }
    /// use mcp_errors_core::Registry;
    ///
    /// let path = std::env::temp_dir().join(format!("doc-{}-errors.lock.json", std::process::id()));
    /// # let _ = std::fs::remove_file(&path);
    /// let created = Registry::new().with::<V1>().assert_stable_with(&path, false).unwrap();
    /// assert!(created.created);
    ///
    /// // Version 2 renamed 2100's symbol and dropped 2101.
    /// let err = Registry::new().with::<V2>().assert_stable_with(&path, true).unwrap_err();
    /// let text = err.to_string();
    /// assert!(text.contains("changed  2100: symbol E_PW_NAV -> E_PW_NAVIGATE"), "{text}");
    /// assert!(text.contains("removed  2101 E_PW_LAUNCH (playwright)"), "{text}");
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn assert_stable_with(
        &self,
        path: impl AsRef<Path>,
        update: bool,
    ) -> Result<StabilityReport, StabilityError> {
        let path = path.as_ref();
        let current = self.lock_entries();
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                write_lock(path, current.clone())?;
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
        let lock = LockFile::parse(&text).map_err(|reason| StabilityError::Malformed {
            path: path.to_owned(),
            reason,
        })?;

        let mut by_code: BTreeMap<i32, Vec<&LockEntry>> = BTreeMap::new();
        for row in &current {
            by_code.entry(row.code).or_default().push(row);
        }
        let mut changes = Vec::new();
        for old in &lock.codes {
            match by_code.get(&old.code) {
                None => changes.push(LockChange::Removed(old.clone())),
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
            write_lock(path, rows)?;
        }
        Ok(StabilityReport {
            added,
            written,
            created: false,
        })
    }
}

fn sorted_entries(entries: &'static [ErrorEntry]) -> Vec<&'static ErrorEntry> {
    let mut out: Vec<&ErrorEntry> = entries.iter().collect();
    out.sort_by_key(|e| e.code);
    out
}

// ---------------------------------------------------------------------------------------------
// check()

/// Every pair of overlapping spans: sweep the spans in start order, keeping those still open.
fn overlapping_spans(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut open: Vec<(&RegisteredEnum, CodeRange)> = Vec::new();
    for e in sorted {
        let Some(span) = e.span else { continue };
        open.retain(|(_, s)| s.end >= span.start);
        for (first, first_span) in &open {
            out.push(RegistryConflict::OverlappingRanges {
                first: first.name,
                first_span: *first_span,
                second: e.name,
                second_span: span,
                code: span.start.max(first_span.start),
            });
        }
        open.push((e, span));
    }
}

/// Every code defined twice: sort all `(code, enum, entry)` and compare neighbours.
fn duplicate_codes(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut rows: Vec<(i32, usize, &ErrorEntry)> = sorted
        .iter()
        .enumerate()
        .flat_map(|(i, e)| e.entries.iter().map(move |entry| (entry.code, i, entry)))
        .collect();
    rows.sort_by_key(|&(code, i, _)| (code, i));
    // A code that both sides declare `shared_code` is shared on purpose.
    let shared = |i: usize, code: i32| sorted[i].shared_codes.contains(&code);
    for run in rows.chunk_by(|a, b| a.0 == b.0) {
        let (code, i, first) = run[0];
        for &(_, j, second) in &run[1..] {
            if shared(i, code) && shared(j, code) {
                continue;
            }
            out.push(RegistryConflict::DuplicateCode {
                code,
                first: sorted[i].name,
                first_symbol: first.symbol,
                second: sorted[j].name,
                second_symbol: second.symbol,
            });
        }
    }
}

/// Every symbol or alias naming two different entries.
fn duplicate_symbols(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut names: Vec<(&'static str, usize, usize, i32)> = Vec::new();
    for (i, e) in sorted.iter().enumerate() {
        for (k, entry) in e.entries.iter().enumerate() {
            names.push((entry.symbol, i, k, entry.code));
            for alias in entry.aliases {
                names.push((alias, i, k, entry.code));
            }
        }
    }
    names.sort_unstable();
    names.dedup_by_key(|&mut (symbol, i, k, _)| (symbol, i, k));
    for run in names.chunk_by(|a, b| a.0 == b.0) {
        let (symbol, i, _, first_code) = run[0];
        for &(_, j, _, second_code) in &run[1..] {
            out.push(RegistryConflict::DuplicateSymbol {
                symbol,
                first: sorted[i].name,
                first_code,
                second: sorted[j].name,
                second_code,
            });
        }
    }
}

/// One problem found by [`Registry::check`]. Enums are named in catalog order (by span).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RegistryConflict {
    /// Two enums claim overlapping spans (declared ranges, or lowest to highest code).
    OverlappingRanges {
        /// The enum whose span starts first.
        first: &'static str,
        /// Its span.
        first_span: CodeRange,
        /// The other enum.
        second: &'static str,
        /// Its span.
        second_span: CodeRange,
        /// The first code both spans contain.
        code: i32,
    },
    /// Two entries (usually of two enums) have the same code.
    DuplicateCode {
        /// The code.
        code: i32,
        /// The first enum using it.
        first: &'static str,
        /// The symbol it gives the code.
        first_symbol: &'static str,
        /// The second enum using it (the same as `first` for a duplicate inside one enum).
        second: &'static str,
        /// The symbol it gives the code.
        second_symbol: &'static str,
    },
    /// Two entries have the same symbol (or one's alias is the other's symbol or alias).
    DuplicateSymbol {
        /// The symbol.
        symbol: &'static str,
        /// The first enum using it.
        first: &'static str,
        /// The code it stands for there.
        first_code: i32,
        /// The second enum using it.
        second: &'static str,
        /// The code it stands for there.
        second_code: i32,
    },
}

impl fmt::Display for RegistryConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RegistryConflict::OverlappingRanges {
                first,
                first_span,
                second,
                second_span,
                code,
            } => write!(
                f,
                "MCP error ranges overlap from code {code}: `{first}` claims {first_span} \
                 and `{second}` claims {second_span}"
            ),
            RegistryConflict::DuplicateCode {
                code,
                first,
                first_symbol,
                second,
                second_symbol,
            } => write!(
                f,
                "MCP error code {code} is used by both `{first}` ({first_symbol}) \
                 and `{second}` ({second_symbol})"
            ),
            RegistryConflict::DuplicateSymbol {
                symbol,
                first,
                first_code,
                second,
                second_code,
            } => write!(
                f,
                "MCP error symbol {symbol} is used by both `{first}` (code {first_code}) \
                 and `{second}` (code {second_code})"
            ),
        }
    }
}

/// Every conflict [`Registry::check`] found: a list that displays one conflict per line and
/// can be returned as an error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryConflicts(pub Vec<RegistryConflict>);

impl core::ops::Deref for RegistryConflicts {
    type Target = [RegistryConflict];

    fn deref(&self) -> &[RegistryConflict] {
        &self.0
    }
}

impl fmt::Display for RegistryConflicts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        write!(
            f,
            "{n} MCP error catalog conflict{}:",
            if n == 1 { "" } else { "s" }
        )?;
        for conflict in &self.0 {
            write!(f, "\n  {conflict}")?;
        }
        Ok(())
    }
}

impl std::error::Error for RegistryConflicts {}

// ---------------------------------------------------------------------------------------------
// Markdown

fn range_cell(e: &RegisteredEnum) -> String {
    match (e.range, e.span) {
        (Some(r), _) => format!("{}–{}", r.start, r.end),
        (None, Some(s)) => format!("{}–{} (codes)", s.start, s.end),
        (None, None) => "—".to_owned(),
    }
}

/// Text for a table cell: Markdown punctuation backslash-escaped, line breaks as `<br>`.
fn md_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut lines = s
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .peekable();
    while let Some(line) = lines.next() {
        for c in line.chars() {
            if matches!(
                c,
                '\\' | '|' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '~' | '#' | '&'
            ) {
                out.push('\\');
            }
            out.push(c);
        }
        if lines.peek().is_some() {
            out.push_str("<br>");
        }
    }
    out
}

/// A code span for identifiers; falls back to escaped text when the identifier could break
/// out of a code span (a backtick, a line break).
fn md_code(s: &str) -> String {
    if s.is_empty() || s.contains(['`', '\n', '\r']) {
        md_text(s)
    } else {
        format!("`{}`", s.replace('|', "\\|"))
    }
}

// ---------------------------------------------------------------------------------------------
// Lock file

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
    fn of(entry: &ErrorEntry) -> LockEntry {
        LockEntry {
            code: entry.code,
            domain: entry.domain.to_owned(),
            symbol: entry.symbol.to_owned(),
        }
    }
}

impl fmt::Display for LockEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} ({})", self.code, self.symbol, self.domain)
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
/// written indented, one code per line, with a final newline, so it diffs well in review. Only codes,
/// symbols and domains are locked: messages, kinds and the rest are free to change. Unknown
/// members are ignored when reading; a `format` other than `mcp-errors-lock` or a `version`
/// other than 1 is rejected.
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
    pub fn new(mut codes: Vec<LockEntry>) -> LockFile {
        codes.sort();
        codes.dedup();
        LockFile {
            format: LockFile::FORMAT.to_owned(),
            version: LockFile::VERSION,
            codes,
        }
    }

    /// Parses and validates a lock file's text.
    pub fn parse(text: &str) -> Result<LockFile, String> {
        let lock: LockFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
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
fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// Writes the lock file next to its final place, then renames it, so a crash never leaves
/// half a file.
fn write_lock(path: &Path, codes: Vec<LockEntry>) -> Result<(), StabilityError> {
    let text = LockFile::new(codes).to_text();
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
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

/// A code that changed since the lock file was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockChange {
    /// The locked code no longer exists.
    Removed(LockEntry),
    /// The locked code now has another symbol or domain.
    Changed {
        /// The locked row.
        old: LockEntry,
        /// What the catalog says now.
        new: LockEntry,
    },
}

impl fmt::Display for LockChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockChange::Removed(old) => write!(f, "removed  {old}"),
            LockChange::Changed { old, new } => {
                write!(f, "changed  {}:", old.code)?;
                let mut sep = " ";
                if old.symbol != new.symbol {
                    write!(f, "{sep}symbol {} -> {}", old.symbol, new.symbol)?;
                    sep = ", ";
                }
                if old.domain != new.domain {
                    write!(f, "{sep}domain {} -> {}", old.domain, new.domain)?;
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
    fn markdown_text_is_escaped() {
        assert_eq!(md_text("a|b"), "a\\|b");
        assert_eq!(md_text("x *y* _z_"), "x \\*y\\* \\_z\\_");
        assert_eq!(md_text("<script>"), "\\<script\\>");
        assert_eq!(md_text("one\n\ntwo\r\nthree"), "one<br>two<br>three");
        assert_eq!(md_code("E_PW_NAV"), "`E_PW_NAV`");
        assert_eq!(md_code("a`b"), "a\\`b");
        assert_eq!(md_code("a|b"), "`a\\|b`");
    }

    #[test]
    fn lock_file_validation() {
        assert!(LockFile::parse(r#"{"format":"mcp-errors-lock","version":1,"codes":[]}"#).is_ok());
        assert!(LockFile::parse(r#"{"format":"other","version":1,"codes":[]}"#).is_err());
        assert!(LockFile::parse(r#"{"format":"mcp-errors-lock","version":2,"codes":[]}"#).is_err());
        assert!(LockFile::parse(r#"{"format":"mcp-errors-lock","version":1}"#).is_err());
        assert!(LockFile::parse("[").is_err());
    }
}
