//! [`Finding`]: one broken rule, its words and its stable kind.

use core::fmt;

use super::band::Band;
use super::codes::CodeSpan;
use super::names::{SymbolProblem, to_kebab};

/// What a name is used as: symbols and aliases share one namespace (decoding picks an entry by
/// either), so a collision between them is one rule.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq, PartialOrd, Ord, Hash))]
pub enum NameRole {
    /// An entry's own symbol.
    Symbol,
    /// One of an entry's aliases (older symbols still decoded).
    Alias,
}

impl fmt::Display for NameRole {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NameRole::Symbol => "symbol",
            NameRole::Alias => "alias",
        })
    }
}

/// Which sides of a repeated code declare that they share it (`shared_code` in the derive):
/// a code is shared on purpose only when both do.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub enum Sharing {
    /// Neither side shares it.
    Neither,
    /// Only the first use shares it; the second must say so too.
    FirstOnly,
    /// Only the second use shares it; the first must say so too.
    SecondOnly,
}

/// One broken rule. `Display` writes the message (lower case, no trailing period); the
/// checker adds where it is. [`Finding::kind`] is its stable name (`duplicate-code`, ...),
/// for tools that filter or count findings.
///
/// It borrows the names it speaks of from the checker's own data (`'a`) and owns nothing: a
/// finding is built and written without allocating, and has no drop code (the derive builds
/// them at compile time of every server, where each owned `String` is code generated there).
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
#[non_exhaustive]
pub enum Finding<'a> {
    /// A symbol or alias that does not match `^[A-Z][A-Z0-9_]*[A-Z0-9]$` (at most 63).
    InvalidName {
        /// The name as written.
        name: &'a str,
        /// Symbol or alias.
        role: NameRole,
        /// What is wrong with it.
        problem: SymbolProblem,
    },
    /// A domain that is not lower-kebab-case.
    InvalidDomain {
        /// The domain as written.
        domain: &'a str,
    },
    /// A code outside the range its owner declared.
    CodeOutsideRange {
        /// The code.
        code: i32,
        /// The declared range.
        range: CodeSpan,
    },
    /// A code in JSON-RPC's reserved range -32768..=-32000 that its band does not allow
    /// (kinds `jsonrpc-reserved`, `spec-band`, `legacy-band`, `unmarked-legacy`).
    ProtocolBand {
        /// The code.
        code: i32,
        /// Its band.
        band: Band,
        /// Whether its owner is a protocol catalog (`#[mcp(protocol)]`), which may use the
        /// range, the legacy band only for codes marked `legacy`.
        protocol: bool,
    },
    /// A code marked `legacy` that is not in the legacy band.
    LegacyOutsideBand {
        /// The code.
        code: i32,
    },
    /// A code that its catalog retired (`reserved`) used by an entry.
    ReservedCode {
        /// The code.
        code: i32,
        /// The reserved entry (one code or an inclusive range) that holds it.
        retired: CodeSpan,
    },
    /// A code used by two entries.
    DuplicateCode {
        /// The code.
        code: i32,
        /// The symbol of the first entry using it.
        first: &'a str,
        /// The symbol of the second entry using it.
        second: &'a str,
        /// Which of the two say they share it.
        sharing: Sharing,
    },
    /// A symbol or alias naming two entries (or written twice for one).
    DuplicateName {
        /// The name.
        name: &'a str,
        /// What the second use is.
        role: NameRole,
        /// The code of the entry that uses it first.
        first_code: i32,
    },
    /// Two ranges that share codes (found by [`overlapping_ranges`](super::overlapping_ranges),
    /// which the derive does not call: left out where the folder is compiled into it).
    #[cfg(not(proc_macro))]
    OverlappingRanges {
        /// The owner of the range that starts first (a domain).
        first: &'a str,
        /// Its range.
        first_range: CodeSpan,
        /// The other owner.
        second: &'a str,
        /// Its range.
        second_range: CodeSpan,
        /// The first code both contain.
        code: i32,
    },
}

#[cfg(not(proc_macro))]
impl Finding<'_> {
    /// The finding's stable name, kebab-case: what `--format json` and tests match on.
    #[inline]
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::InvalidName { .. } => "invalid-symbol",
            Finding::InvalidDomain { .. } => "invalid-domain",
            Finding::CodeOutsideRange { .. } => "code-outside-range",
            Finding::ProtocolBand { band, protocol, .. } => match (band, protocol) {
                (Band::Legacy, true) => "unmarked-legacy",
                (Band::Legacy, false) => "legacy-band",
                (Band::Spec, _) => "spec-band",
                (Band::JsonRpc, _) => "jsonrpc-reserved",
            },
            Finding::LegacyOutsideBand { .. } => "legacy-outside-band",
            Finding::ReservedCode { .. } => "reserved-code",
            Finding::DuplicateCode { .. } => "duplicate-code",
            Finding::DuplicateName { .. } => "duplicate-symbol",
            Finding::OverlappingRanges { .. } => "overlapping-ranges",
        }
    }
}

/// The advice every band message ends with.
const OUTSIDE: &str = "give application errors a code outside -32768..=-32000, e.g. a positive one";

impl fmt::Display for Finding<'_> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::InvalidName {
                name,
                role,
                problem,
            } => write!(f, "invalid {role} `{name}`: it {problem}"),
            Finding::InvalidDomain { domain } => write!(
                f,
                "domain `{domain}` must be lower-kebab-case, e.g. `{}`",
                to_kebab(domain)
            ),
            Finding::CodeOutsideRange { code, range } => {
                write!(f, "code {code} is outside the range {range}")
            }
            Finding::ProtocolBand {
                code,
                band,
                protocol,
            } => band_message(f, *code, *band, *protocol),
            Finding::LegacyOutsideBand { code } => write!(
                f,
                "`legacy` marks a `#[mcp(protocol)]` enum's code in the legacy band \
                 -32000..=-32019, and code {code} is not in it; remove `legacy`"
            ),
            Finding::ReservedCode { code, retired } => {
                if retired.lo == retired.hi {
                    write!(f, "code {code} is reserved (retired); use a new code")
                } else {
                    write!(
                        f,
                        "code {code} is reserved (retired with {retired}); use a new code"
                    )
                }
            }
            Finding::DuplicateCode {
                code,
                first,
                second,
                sharing,
            } => match sharing {
                Sharing::Neither => write!(f, "duplicate code {code}; first used by `{first}`"),
                Sharing::FirstOnly => write!(
                    f,
                    "duplicate code {code}; `{first}` shares it (`shared_code`), so `{second}` \
                     must say `shared_code` too to share it on purpose"
                ),
                Sharing::SecondOnly => write!(
                    f,
                    "duplicate code {code}; `{first}` uses it without `shared_code`; mark both \
                     to share it on purpose"
                ),
            },
            Finding::DuplicateName {
                name,
                role,
                first_code,
            } => write!(
                f,
                "duplicate {role} `{name}`; first used by code {first_code}"
            ),
            #[cfg(not(proc_macro))]
            Finding::OverlappingRanges {
                first,
                first_range,
                second,
                second_range,
                code,
            } => write!(
                f,
                "range {second_range} of `{second}` overlaps range {first_range} of `{first}` \
                 from code {code}"
            ),
        }
    }
}

/// The words of [`Finding::ProtocolBand`].
#[inline]
fn band_message(f: &mut fmt::Formatter<'_>, c: i32, band: Band, protocol: bool) -> fmt::Result {
    match (band, protocol) {
        (Band::Legacy, false) => write!(
            f,
            "code {c} is in -32000..=-32019, the legacy band of JSON-RPC's reserved range \
             -32768..=-32000, where MCP 2026-07-28 allows no new codes; {OUTSIDE} (an existing \
             protocol code kept on purpose needs `#[mcp(protocol)]` on the enum and `legacy` on \
             the variant)"
        ),
        (Band::Spec, _) => write!(
            f,
            "code {c} is in -32020..=-32099, which MCP 2026-07-28 reserves for codes the \
             specification defines; {OUTSIDE} (only a `#[mcp(protocol)]` enum may use it)"
        ),
        (Band::JsonRpc, _) => write!(
            f,
            "code {c} is in the JSON-RPC reserved range -32768..=-32000 (JSON-RPC 2.0's own \
             codes and server errors), so clients would read it as a protocol failure; \
             {OUTSIDE} (only a `#[mcp(protocol)]` enum may use it)"
        ),
        (Band::Legacy, true) => write!(
            f,
            "code {c} is in -32000..=-32019, the legacy band of JSON-RPC's reserved range, \
             where MCP 2026-07-28 allows no new codes; if it is an existing code kept for \
             compatibility, mark it `#[mcp(code = {c}, legacy)]`, else use a code outside \
             -32768..=-32000"
        ),
    }
}
