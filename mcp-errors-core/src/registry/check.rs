//! [`Registry::check`]: spans that overlap, codes and symbols used twice.

use core::fmt;

use super::{RegisteredEnum, Registry};
use crate::{CodeRange, ErrorEntry};

impl Registry {
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
    /// #         variant: "V", doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] } }
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
    #[inline]
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
}

/// Every pair of overlapping spans: sweep the spans in start order, keeping those still open.
#[inline]
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
#[inline]
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
#[inline]
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
    #[inline]
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

    #[inline]
    fn deref(&self) -> &[RegistryConflict] {
        &self.0
    }
}

impl fmt::Display for RegistryConflicts {
    #[inline]
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
