//! [`Registry::check`]: spans that overlap, codes and symbols used twice, retired codes used
//! again. The rules and their words are `mcp_errors_rules::rules`' (the derive's and the
//! `mcp-errors` CLI's too); this file gathers the registered enums' rows for them and names
//! the enums involved.

use core::fmt;

use mcp_errors_rules::rules::{
    self, Claim, CodeSpan, CodeUse, Finding, NameRole, NameUse, Sharing,
};

use super::{RegisteredEnum, Registry};
use crate::CodeRange;

impl Registry {
    /// Checks the registered enums against each other: no two spans may overlap, no code and
    /// no symbol (or alias) may be used twice, no code one enum retired (`reserved`) may be
    /// used by another. Reports every conflict, in a stable order; each displays as the enums
    /// involved, then the words the derive and `mcp-errors check` use for the same mistake
    /// ([`RegistryConflict::finding`]).
    ///
    /// Spans are sorted by start and swept once, keeping the spans still open, so the cost is
    /// `O(k log k)` for `k` enums plus one step per overlapping pair; codes and symbols are
    /// sorted once (`O(n log n)` for `n` entries); retired codes are looked up by binary
    /// search. Nothing is compared all-pairs.
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
    ///     "`PythonError` and `PlaywrightError`: duplicate code 2101; first used by `E_PY_EXEC_FAIL`"
    /// ));
    /// ```
    #[inline]
    pub fn check(&self) -> Result<(), RegistryConflicts> {
        let sorted = self.sorted();
        let mut conflicts = Vec::new();
        overlapping_spans(&sorted, &mut conflicts);
        duplicate_codes(&sorted, &mut conflicts);
        duplicate_symbols(&sorted, &mut conflicts);
        reserved_codes(&sorted, &mut conflicts);
        if conflicts.is_empty() {
            Ok(())
        } else {
            Err(RegistryConflicts(conflicts))
        }
    }
}

/// Every pair of overlapping spans ([`rules::overlapping_ranges`], by domain).
#[inline]
fn overlapping_spans(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut claimed: Vec<&RegisteredEnum> = Vec::new();
    let mut claims: Vec<Claim<'_>> = Vec::new();
    for e in sorted {
        if let Some(span) = e.span {
            claimed.push(e);
            claims.push(Claim {
                owner: e.domain,
                range: CodeSpan::new(span.start, span.end),
            });
        }
    }
    for c in rules::overlapping_ranges(&claims) {
        let (first, second) = (claimed[c.first], claimed[c.second]);
        if let Finding::OverlappingRanges { code, .. } = c.finding {
            out.push(RegistryConflict::OverlappingRanges {
                first: first.name,
                first_span: first.span.unwrap_or(CodeRange::new(code, code)),
                second: second.name,
                second_span: second.span.unwrap_or(CodeRange::new(code, code)),
                code,
                first_domain: first.domain,
                second_domain: second.domain,
            });
        }
    }
}

/// Every code defined twice ([`rules::duplicate_codes`] over every row, enums in catalog
/// order).
#[inline]
fn duplicate_codes(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut owners: Vec<usize> = Vec::new();
    let mut uses: Vec<CodeUse<'_>> = Vec::new();
    for (i, e) in sorted.iter().enumerate() {
        for entry in e.entries {
            owners.push(i);
            uses.push(CodeUse {
                code: entry.code,
                symbol: entry.symbol,
                shared: e.shared_codes.contains(&entry.code),
            });
        }
    }
    for c in rules::duplicate_codes(&uses) {
        let (first, second) = (sorted[owners[c.first]], sorted[owners[c.second]]);
        out.push(RegistryConflict::DuplicateCode {
            code: uses[c.second].code,
            first: first.name,
            first_symbol: uses[c.first].symbol,
            second: second.name,
            second_symbol: uses[c.second].symbol,
            first_shares: uses[c.first].shared,
            second_shares: uses[c.second].shared,
        });
    }
}

/// Every symbol or alias naming two different entries ([`rules::duplicate_names`]; an alias
/// that repeats its own entry's symbol is the derive's to report, not a conflict between
/// entries).
#[inline]
fn duplicate_symbols(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut owners: Vec<(usize, usize)> = Vec::new();
    let mut uses: Vec<NameUse<'_>> = Vec::new();
    for (i, e) in sorted.iter().enumerate() {
        for (k, entry) in e.entries.iter().enumerate() {
            owners.push((i, k));
            uses.push(NameUse {
                name: entry.symbol,
                role: NameRole::Symbol,
                code: entry.code,
            });
            for alias in entry.aliases {
                owners.push((i, k));
                uses.push(NameUse {
                    name: alias,
                    role: NameRole::Alias,
                    code: entry.code,
                });
            }
        }
    }
    for c in rules::duplicate_names(&uses) {
        let (first, second) = (owners[c.first], owners[c.second]);
        if first == second {
            continue;
        }
        out.push(RegistryConflict::DuplicateSymbol {
            symbol: uses[c.second].name,
            first: sorted[first.0].name,
            first_code: uses[c.first].code,
            second: sorted[second.0].name,
            second_code: uses[c.second].code,
            second_is_alias: uses[c.second].role == NameRole::Alias,
        });
    }
}

/// Every code one enum retired (`reserved`) that another uses ([`rules::reserved_code`]): the
/// retired ranges of all enums sorted once, each code looked up by binary search among those
/// that start at or below it (retired ranges of one enum do not overlap another's span, so
/// the few candidates are scanned back from there).
#[inline]
fn reserved_codes(sorted: &[&RegisteredEnum], out: &mut Vec<RegistryConflict>) {
    let mut retired: Vec<(CodeSpan, usize)> = Vec::new();
    for (i, e) in sorted.iter().enumerate() {
        for r in e.reserved {
            retired.push((CodeSpan::new(r.start, r.end), i));
        }
    }
    if retired.is_empty() {
        return;
    }
    retired.sort_unstable();
    for (j, e) in sorted.iter().enumerate() {
        for entry in e.entries {
            let below = retired.partition_point(|(span, _)| span.lo <= entry.code);
            for &(span, i) in retired[..below].iter().rev() {
                if i == j {
                    continue;
                }
                if let Some(Finding::ReservedCode { .. }) =
                    rules::reserved_code(entry.code, &[span])
                {
                    out.push(RegistryConflict::ReservedCode {
                        code: entry.code,
                        reserved_by: sorted[i].name,
                        retired: CodeRange::new(span.lo, span.hi),
                        used_by: e.name,
                        symbol: entry.symbol,
                    });
                    break;
                }
            }
        }
    }
}

/// One problem found by [`Registry::check`]. Enums are named in catalog order (by span).
/// `Display` names the enums involved, then the rule's words
/// ([`finding`](RegistryConflict::finding)): "`PythonError` and `PlaywrightError`: duplicate
/// code 2101; first used by `E_PY_EXEC_FAIL`".
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
        /// The first enum's domain (how the rule's words name a range's owner).
        first_domain: &'static str,
        /// The second enum's domain.
        second_domain: &'static str,
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
        /// Whether the first enum declares the code shared (`shared_code`).
        first_shares: bool,
        /// Whether the second does.
        second_shares: bool,
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
        /// Whether the second use is an alias (else a symbol).
        second_is_alias: bool,
    },
    /// An enum uses a code that another enum retired (`reserved`).
    ReservedCode {
        /// The code.
        code: i32,
        /// The enum that retired it.
        reserved_by: &'static str,
        /// Its reserved entry holding the code (one code: `start == end`).
        retired: CodeRange,
        /// The enum that uses it.
        used_by: &'static str,
        /// The symbol it gives the code.
        symbol: &'static str,
    },
}

impl RegistryConflict {
    /// The broken rule, as the derive and `mcp-errors check` report the same mistake: its
    /// `Display` is the words after the enums' names, its `kind()` a stable name
    /// (`duplicate-code`, ...).
    #[inline]
    pub fn finding(&self) -> Finding<'static> {
        match *self {
            RegistryConflict::OverlappingRanges {
                first_span,
                second_span,
                code,
                first_domain,
                second_domain,
                ..
            } => Finding::OverlappingRanges {
                first: first_domain,
                first_range: CodeSpan::new(first_span.start, first_span.end),
                second: second_domain,
                second_range: CodeSpan::new(second_span.start, second_span.end),
                code,
            },
            RegistryConflict::DuplicateCode {
                code,
                first_symbol,
                second_symbol,
                first_shares,
                second_shares,
                ..
            } => Finding::DuplicateCode {
                code,
                first: first_symbol,
                second: second_symbol,
                sharing: match (first_shares, second_shares) {
                    (true, _) => Sharing::FirstOnly,
                    (false, true) => Sharing::SecondOnly,
                    (false, false) => Sharing::Neither,
                },
            },
            RegistryConflict::DuplicateSymbol {
                symbol,
                first_code,
                second_is_alias,
                ..
            } => Finding::DuplicateName {
                name: symbol,
                role: if second_is_alias {
                    NameRole::Alias
                } else {
                    NameRole::Symbol
                },
                first_code,
            },
            RegistryConflict::ReservedCode { code, retired, .. } => Finding::ReservedCode {
                code,
                retired: CodeSpan::new(retired.start, retired.end),
            },
        }
    }

    /// The enums involved: the first and the second (the same for a conflict inside one).
    #[inline]
    fn enums(&self) -> (&'static str, &'static str) {
        match *self {
            RegistryConflict::OverlappingRanges { first, second, .. }
            | RegistryConflict::DuplicateCode { first, second, .. }
            | RegistryConflict::DuplicateSymbol { first, second, .. } => (first, second),
            RegistryConflict::ReservedCode {
                reserved_by,
                used_by,
                ..
            } => (reserved_by, used_by),
        }
    }
}

impl fmt::Display for RegistryConflict {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (first, second) = self.enums();
        if first == second {
            write!(f, "`{first}`: {}", self.finding())
        } else {
            write!(f, "`{first}` and `{second}`: {}", self.finding())
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

#[cfg(test)]
mod tests {
    use mcp_errors_rules::rules;

    use crate::jsonrpc;

    /// The rules' bands, which the derive checks codes with, are the protocol's.
    #[test]
    fn the_rules_bands_are_jsonrpc_s() {
        for (ours, theirs) in [
            (jsonrpc::RESERVED, rules::JSONRPC_RESERVED),
            (jsonrpc::LEGACY, rules::LEGACY),
            (jsonrpc::SPEC_DEFINED, rules::SPEC_DEFINED),
        ] {
            assert_eq!((ours.start, ours.end), (theirs.lo, theirs.hi));
        }
    }
}
