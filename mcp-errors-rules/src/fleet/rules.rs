//! The fleet's rules, over plain data (a parsed [`Fleet`], codes, symbols): no file is read
//! here and no TOML type appears, so the derive (one enum against the fleet, at compile time)
//! and `mcp-errors check` (every catalog against it) give the same mistake the same words.
//!
//! Each function returns [`Finding`]s: the message, and the positions in the fleet file it
//! concerns. Where the mistake itself lies elsewhere (a code in a catalog, an attribute of an
//! enum), the caller points there and shows the fleet file's position as the other side.
//!
//! | rule | function |
//! |---|---|
//! | domain ranges disjoint (the common range too), none in JSON-RPC's reserved range, a domain named once, its reserved codes inside its range | [`check_fleet`] |
//! | an enum's or catalog's domain is allocated | [`allocation`] |
//! | an enum's declared range stays inside its allocation | [`check_range`] |
//! | a code lies in its domain's range or the common range, and is not reserved | [`check_code`] |
//! | a symbol starts with its domain's `symbol_prefix` | [`check_symbol_prefix`] |
//! | no symbol in two domains; a common code means one symbol everywhere | [`symbol_clash`], [`common_code_clash`] |
//! | a catalog holds the domains its `[[domain]]` entries name | [`unclaimed_domain`] |

use std::fmt::Write as _;

use super::{Domain, Fleet, Pos, Range};

/// JSON-RPC's reserved range, `-32768..=-32000`: the specifications' codes, which a fleet
/// does not allocate (a `protocol` enum's codes need no `[[domain]]`).
pub const JSON_RPC_RESERVED: Range = Range {
    start: -32768,
    end: -32000,
};

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What is wrong and how to fix it, lowercase, one line, no position.
    pub message: String,
    /// The position in the fleet file: the offending key for a finding of the fleet file
    /// itself; otherwise the allocation (or reserved entry) that the enum or catalog breaks.
    pub at: Pos,
    /// The other side of a collision inside the fleet file (the first of two overlapping
    /// domains), if any.
    pub also: Option<Pos>,
}

impl Finding {
    fn new(message: String, at: Pos) -> Finding {
        Finding {
            message,
            at,
            also: None,
        }
    }
}

/// The fleet file's own rules: every domain (and `[common]`) named once; the ranges pairwise
/// disjoint, and none inside JSON-RPC's reserved range ([`JSON_RPC_RESERVED`]); each reserved
/// entry inside its domain's range. One finding per broken rule, in file order; an overlap is
/// reported at the later domain's `range`, with the earlier one as [`Finding::also`].
///
/// Bounded: sorting the ranges once, O(n log n) for n domains.
pub fn check_fleet(fleet: &Fleet) -> Vec<Finding> {
    let mut findings = Vec::new();
    let all: Vec<&Domain> = fleet.common.iter().chain(&fleet.domains).collect();
    // Names: each once.
    let mut names: std::collections::BTreeMap<&str, &Domain> = std::collections::BTreeMap::new();
    for d in &all {
        if let Some(first) = names.insert(&d.name.value, d) {
            names.insert(&first.name.value, first);
            findings.push(Finding {
                message: format!(
                    "domain `{}` is allocated twice: merge the two `[[domain]]` tables",
                    d.name.value
                ),
                at: d.name.at,
                also: Some(first.name.at),
            });
        }
    }
    for d in &all {
        let range = d.range.value;
        if range.overlaps(JSON_RPC_RESERVED) {
            findings.push(Finding::new(
                format!(
                    "range {range} of domain `{}` overlaps JSON-RPC's reserved range {JSON_RPC_RESERVED}: allocate positive codes (the specifications' codes need no allocation)",
                    d.name.value
                ),
                d.range.at,
            ));
        }
        for r in &d.reserved {
            if !range.contains_range(r.value) {
                findings.push(Finding {
                    message: format!(
                        "reserved {} lies outside the range {range} of domain `{}`: a domain reserves only its own codes",
                        r.value, d.name.value
                    ),
                    at: r.at,
                    also: Some(d.range.at),
                });
            }
        }
    }
    // Overlaps: by start, each against the domain reaching furthest so far (every overlapping
    // domain is reported once, against one domain it overlaps).
    let mut by_start: Vec<&Domain> = all.clone();
    by_start.sort_by_key(|d| (d.range.value.start, d.range.at));
    let mut reach: Option<&Domain> = None;
    let mut overlaps = Vec::new();
    for d in by_start {
        if let Some(r) = reach {
            if r.range.value.overlaps(d.range.value) {
                let (first, second) = if r.range.at <= d.range.at {
                    (r, d)
                } else {
                    (d, r)
                };
                overlaps.push(Finding {
                    message: overlap_message(second, first),
                    at: second.range.at,
                    also: Some(first.range.at),
                });
            }
            if d.range.value.end > r.range.value.end {
                reach = Some(d);
            }
        } else {
            reach = Some(d);
        }
    }
    overlaps.sort_by_key(|f| f.at);
    findings.extend(overlaps);
    findings.sort_by_key(|f| f.at);
    findings
}

fn overlap_message(second: &Domain, first: &Domain) -> String {
    let (a, b) = (second.range.value, first.range.value);
    let shared = Range {
        start: a.start.max(b.start),
        end: a.end.min(b.end),
    };
    format!(
        "range {a} of domain `{}` overlaps range {b} of domain `{}` (codes {shared}): give each domain its own range",
        second.name.value, first.name.value
    )
}

/// The allocation of `domain` in `fleet` (a `[[domain]]`, or `[common]`), or the finding that
/// it has none, at the fleet's `name`.
pub fn allocation<'f>(fleet: &'f Fleet, domain: &str) -> Result<&'f Domain, Finding> {
    fleet.domain(domain).ok_or_else(|| {
        Finding::new(
            format!(
                "domain `{domain}` has no allocation in fleet `{}`: add a `[[domain]]` with `name = \"{domain}\"` and its `range`",
                fleet.name.value
            ),
            fleet.name.at,
        )
    })
}

/// An enum's declared `range` against its domain's allocation: `None` when it lies inside
/// (or inside the common range, for the common domain's enums).
pub fn check_range(domain: &Domain, range: Range) -> Option<Finding> {
    let allocated = domain.range.value;
    (!allocated.contains_range(range)).then(|| {
        Finding::new(
            format!(
                "range {range} leaves the allocation {allocated} of domain `{}`",
                domain.name.value
            ),
            domain.range.at,
        )
    })
}

/// One code of `domain` against the fleet: `None` when it lies in the domain's range or the
/// fleet's common range and neither reserves it, or in JSON-RPC's reserved range (the
/// specifications' codes, allocated by nobody; whether an enum may use them is the catalog
/// rules' business). Otherwise the finding: the code is reserved (at the reserved entry), or
/// lies outside the allocation (at the domain's `range`).
pub fn check_code(fleet: &Fleet, domain: &Domain, code: i32) -> Option<Finding> {
    if JSON_RPC_RESERVED.contains(code) {
        return None;
    }
    let common = fleet.common.as_ref();
    let owner = if domain.range.value.contains(code) {
        domain
    } else if let Some(c) = common.filter(|c| c.range.value.contains(code)) {
        c
    } else {
        let mut message = format!(
            "code {code} lies outside the allocation {} of domain `{}`",
            domain.range.value, domain.name.value
        );
        if let Some(c) = common.filter(|c| !std::ptr::eq(*c, domain)) {
            let _ = write!(message, " and the common range {}", c.range.value);
        }
        message.push_str(": take a code from the domain's range, or widen its allocation");
        return Some(Finding::new(message, domain.range.at));
    };
    owner.reserved_entry(code).map(|r| {
        Finding::new(
            format!(
                "code {code} is reserved by domain `{}` (retired for good): give this error a new code",
                owner.name.value
            ),
            r.at,
        )
    })
}

/// A symbol of `domain` against its `symbol_prefix`: `None` when there is no prefix, the
/// symbol starts with it, or the code is a common one (common codes keep their own symbols).
pub fn check_symbol_prefix(
    fleet: &Fleet,
    domain: &Domain,
    symbol: &str,
    code: i32,
) -> Option<Finding> {
    let prefix = domain.symbol_prefix.as_ref()?;
    if symbol.starts_with(prefix.value.as_str())
        || fleet.common_range().is_some_and(|c| c.contains(code))
        || JSON_RPC_RESERVED.contains(code)
    {
        return None;
    }
    Some(Finding::new(
        format!(
            "symbol `{symbol}` of domain `{}` does not start with the domain's prefix `{}`",
            domain.name.value, prefix.value
        ),
        prefix.at,
    ))
}

/// One symbol seen in two domains: the message, or `None` when that is allowed (the same
/// common code, which every server may use under its own domain).
pub fn symbol_clash(
    fleet: &Fleet,
    symbol: &str,
    first: (&str, i32),
    second: (&str, i32),
) -> Option<String> {
    let ((d1, c1), (d2, c2)) = (first, second);
    if d1 == d2 || (c1 == c2 && fleet.common_range().is_some_and(|c| c.contains(c1))) {
        return None;
    }
    Some(format!(
        "symbol `{symbol}` is used by two domains: `{d2}` (code {c2}) and `{d1}` (code {c1}); a symbol names one error in the whole fleet"
    ))
}

/// One common code seen with two symbols (in two catalogs): the message, or `None` when the
/// symbols agree.
pub fn common_code_clash(code: i32, first: &str, second: &str) -> Option<String> {
    (first != second).then(|| {
        format!(
            "common code {code} is `{second}` here but `{first}` elsewhere: a common code means one error in the whole fleet"
        )
    })
}

/// A catalog that holds codes of `domain`, named by fleet entries that claim only `claimed`:
/// the message (the catalog's domain is not the one its entries name).
pub fn unclaimed_domain(domain: &str, claimed: &[&str]) -> String {
    let mut names = String::new();
    for (i, c) in claimed.iter().enumerate() {
        if i > 0 {
            names.push_str(", ");
        }
        let _ = write!(names, "`{c}`");
    }
    format!(
        "this catalog defines codes of domain `{domain}`, but the fleet names it for {names} only: add `{domain}` to the fleet with this catalog, or fix the catalog's domain"
    )
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn fleet(domains: &str) -> Fleet {
        parse(&format!(
            "[fleet]\nname = \"acme\"\n[common]\nrange = [1000, 1099]\nreserved = [1090]\n{domains}"
        ))
        .unwrap()
    }

    fn messages(f: &Fleet) -> Vec<String> {
        check_fleet(f).into_iter().map(|f| f.message).collect()
    }

    #[test]
    fn a_clean_fleet_has_no_finding() {
        let f = fleet(
            "[[domain]]\nname = \"a\"\nrange = [2000, 2099]\nreserved = [2050]\n[[domain]]\nname = \"b\"\nrange = [2100, 2199]\n",
        );
        assert!(check_fleet(&f).is_empty());
    }

    #[test]
    fn overlaps_name_both_domains_and_the_shared_codes() {
        let f = fleet(
            "[[domain]]\nname = \"a\"\nrange = [2000, 2150]\n[[domain]]\nname = \"b\"\nrange = [2100, 2199]\n[[domain]]\nname = \"c\"\nrange = [1050, 1060]\n",
        );
        let found = check_fleet(&f);
        assert_eq!(
            found.iter().map(|f| f.message.as_str()).collect::<Vec<_>>(),
            [
                "range 2100..=2199 of domain `b` overlaps range 2000..=2150 of domain `a` (codes 2100..=2150): give each domain its own range",
                "range 1050..=1060 of domain `c` overlaps range 1000..=1099 of domain `common` (codes 1050..=1060): give each domain its own range",
            ]
        );
        assert_eq!(found[0].at.line, 11);
        assert_eq!(found[0].also.unwrap().line, 8);
    }

    #[test]
    fn reserved_range_twice_named_and_stray_reserved_codes() {
        let f = fleet(
            "[[domain]]\nname = \"a\"\nrange = [-32100, -32050]\n[[domain]]\nname = \"b\"\nrange = [2100, 2199]\nreserved = [2300]\n[[domain]]\nname = \"b\"\nrange = [2200, 2299]\n",
        );
        assert_eq!(
            messages(&f),
            [
                "range -32100..=-32050 of domain `a` overlaps JSON-RPC's reserved range -32768..=-32000: allocate positive codes (the specifications' codes need no allocation)",
                "reserved 2300 lies outside the range 2100..=2199 of domain `b`: a domain reserves only its own codes",
                "domain `b` is allocated twice: merge the two `[[domain]]` tables",
            ]
        );
    }

    #[test]
    fn codes_against_the_allocation() {
        let f = fleet(
            "[[domain]]\nname = \"a\"\nrange = [2000, 2099]\nreserved = [[2010, 2019]]\nsymbol_prefix = \"E_A_\"\n",
        );
        let a = allocation(&f, "a").unwrap();
        for fine in [2000, 2099, 1000, 1099, -32601] {
            assert_eq!(check_code(&f, a, fine), None, "{fine}");
        }
        assert_eq!(
            check_code(&f, a, 2100).unwrap().message,
            "code 2100 lies outside the allocation 2000..=2099 of domain `a` and the common range 1000..=1099: take a code from the domain's range, or widen its allocation"
        );
        let reserved = check_code(&f, a, 2015).unwrap();
        assert_eq!(
            reserved.message,
            "code 2015 is reserved by domain `a` (retired for good): give this error a new code"
        );
        assert_eq!(reserved.at.line, 9);
        assert_eq!(
            check_code(&f, a, 1090).unwrap().message,
            "code 1090 is reserved by domain `common` (retired for good): give this error a new code"
        );
        assert_eq!(
            allocation(&f, "zz").unwrap_err().message,
            "domain `zz` has no allocation in fleet `acme`: add a `[[domain]]` with `name = \"zz\"` and its `range`"
        );
        assert!(check_range(a, Range::new(2000, 2050).unwrap()).is_none());
        assert_eq!(
            check_range(a, Range::new(2000, 2100).unwrap())
                .unwrap()
                .message,
            "range 2000..=2100 leaves the allocation 2000..=2099 of domain `a`"
        );
        assert!(check_symbol_prefix(&f, a, "E_A_X", 2000).is_none());
        assert!(check_symbol_prefix(&f, a, "E_TIMEOUT", 1001).is_none());
        assert_eq!(
            check_symbol_prefix(&f, a, "E_B_X", 2000).unwrap().message,
            "symbol `E_B_X` of domain `a` does not start with the domain's prefix `E_A_`"
        );
    }

    #[test]
    fn symbols_and_common_codes_across_domains() {
        let f = fleet("");
        assert_eq!(symbol_clash(&f, "E_X", ("a", 2000), ("a", 2001)), None);
        assert_eq!(
            symbol_clash(&f, "E_TIMEOUT", ("a", 1001), ("b", 1001)),
            None
        );
        assert_eq!(
            symbol_clash(&f, "E_X", ("a", 2000), ("b", 2100)).unwrap(),
            "symbol `E_X` is used by two domains: `b` (code 2100) and `a` (code 2000); a symbol names one error in the whole fleet"
        );
        assert_eq!(common_code_clash(1001, "E_TIMEOUT", "E_TIMEOUT"), None);
        assert!(common_code_clash(1001, "E_TIMEOUT", "E_SLOW").is_some());
        assert_eq!(
            unclaimed_domain("x", &["a", "b"]),
            "this catalog defines codes of domain `x`, but the fleet names it for `a`, `b` only: add `x` to the fleet with this catalog, or fix the catalog's domain"
        );
    }
}
