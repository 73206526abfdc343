//! The fleet's rules, over plain data (a parsed [`Fleet`], codes, symbols): no file is read
//! here and no TOML type appears, so the derive (one enum against the fleet, at compile time)
//! and `mcp-errors check` (every catalog against it) give the same mistake the same words.
//! Where a fleet rule is a catalog rule applied to the fleet (two ranges sharing codes, a code
//! outside its range, a retired code), the words are the catalog rule's ([`crate::rules`]).
//!
//! Each function returns [`FleetFinding`]s: a stable kind, the message, and the positions in
//! the fleet file it concerns. Where the mistake itself lies elsewhere (a code in a catalog, an
//! attribute of an enum), the caller points there and shows the fleet file's position as the
//! other side.
//!
//! | rule | function | kinds |
//! |---|---|---|
//! | a domain named once, lower-kebab-case | [`check_fleet`] | `duplicate-domain`, `invalid-domain` |
//! | a `symbol_prefix` that can start a symbol | [`check_fleet`] | `invalid-symbol-prefix` |
//! | domain ranges (and the common range) disjoint | [`check_fleet`] | `overlapping-ranges` |
//! | no range in JSON-RPC's reserved range | [`check_fleet`] | `range-in-jsonrpc-reserved` |
//! | a domain reserves only its own codes | [`check_fleet`] | `reserved-outside-range` |
//! | an enum's or catalog's domain is allocated | [`allocation`] | `unallocated-domain` |
//! | an enum's declared range stays inside its allocation | [`check_range`] | `range-outside-allocation` |
//! | a code lies in its domain's range or the common range | [`check_code`] | `code-outside-range` |
//! | a code is not reserved (by its domain, or by `[common]`) | [`check_code`] | `reserved-code` |
//! | a symbol starts with its domain's `symbol_prefix` | [`check_symbol_prefix`] | `symbol-prefix` |
//! | no symbol in two domains | [`symbol_clash`] | `symbol-in-two-domains` |
//! | a common code means one symbol everywhere | [`common_code_clash`] | `common-code-clash` |
//! | a catalog holds the domains its `[[domain]]` entries name | [`unclaimed_domain`], [`absent_domain`] | `unclaimed-domain`, `absent-domain` |

use std::fmt::Write as _;

use super::{CodeSpan, Domain, Fleet, Pos, contains_span};
use crate::rules::{self, Claim, JSONRPC_RESERVED};

/// One broken fleet rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetFinding {
    /// Its stable name (`overlapping-ranges`, `reserved-code`, ...: the table of the module),
    /// for tools that filter or count findings.
    pub kind: &'static str,
    /// What is wrong, lowercase, one line, no position.
    pub message: String,
    /// The position in the fleet file: the offending key for a finding of the fleet file
    /// itself; otherwise the allocation (or reserved entry) that the enum or catalog breaks.
    pub at: Pos,
    /// The other side of a collision inside the fleet file (the earlier of two overlapping
    /// domains), if any.
    pub also: Option<Pos>,
}

impl FleetFinding {
    fn new(kind: &'static str, message: String, at: Pos) -> FleetFinding {
        FleetFinding {
            kind,
            message,
            at,
            also: None,
        }
    }

    fn of(finding: &rules::Finding<'_>, at: Pos) -> FleetFinding {
        FleetFinding::new(finding.kind(), finding.to_string(), at)
    }
}

/// The fleet file's own rules: every domain (and `[common]`) named once; the ranges pairwise
/// disjoint ([`rules::overlapping_ranges`]: every overlapping pair once), and none inside
/// JSON-RPC's reserved range; each reserved entry inside its domain's range. Sorted by
/// position; an overlap is reported at the `range` of the domain that starts later, with the
/// other as [`FleetFinding::also`].
///
/// Bounded: O(n log n) for n domains, plus one step per overlapping pair.
pub fn check_fleet(fleet: &Fleet) -> Vec<FleetFinding> {
    let mut findings = Vec::new();
    let all: Vec<&Domain> = fleet.common.iter().chain(&fleet.domains).collect();
    let mut names: std::collections::BTreeMap<&str, &Domain> = std::collections::BTreeMap::new();
    for d in &all {
        if let Some(first) = names.get(d.name.value.as_str()) {
            findings.push(FleetFinding {
                kind: "duplicate-domain",
                message: format!(
                    "domain `{}` is allocated twice: merge the two tables",
                    d.name.value
                ),
                at: d.name.at,
                also: Some(first.name.at),
            });
        } else {
            names.insert(&d.name.value, d);
        }
    }
    for d in &all {
        if let Some(f) = rules::domain(&d.name.value) {
            findings.push(FleetFinding::of(&f, d.name.at));
        }
        if let Some(p) = &d.symbol_prefix
            && !rules::names::is_valid_symbol_prefix(&p.value)
        {
            findings.push(FleetFinding::new(
                "invalid-symbol-prefix",
                format!(
                    "symbol prefix `{}` cannot start a symbol: upper-case letters, digits and `_`, a letter first (`E_PW_`)",
                    p.value
                ),
                p.at,
            ));
        }
        let range = d.range.value;
        if range.overlaps(JSONRPC_RESERVED) {
            findings.push(FleetFinding::new(
                "range-in-jsonrpc-reserved",
                format!(
                    "range {range} of domain `{}` overlaps JSON-RPC's reserved range {JSONRPC_RESERVED}: allocate codes outside it (the specifications' codes need no allocation)",
                    d.name.value
                ),
                d.range.at,
            ));
        }
        for r in &d.reserved {
            if !contains_span(range, r.value) {
                findings.push(FleetFinding {
                    kind: "reserved-outside-range",
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
    let claims: Vec<Claim<'_>> = all
        .iter()
        .map(|d| Claim {
            owner: &d.name.value,
            range: d.range.value,
        })
        .collect();
    for c in rules::overlapping_ranges(&claims) {
        findings.push(FleetFinding {
            kind: c.finding.kind(),
            message: c.finding.to_string(),
            at: all[c.second].range.at,
            also: Some(all[c.first].range.at),
        });
    }
    findings.sort_by_key(|f| f.at);
    findings
}

/// The allocation of `domain` in `fleet` (a `[[domain]]`, or `[common]`), or the finding that
/// it has none, at the fleet's `name`.
pub fn allocation<'f>(fleet: &'f Fleet, domain: &str) -> Result<&'f Domain, FleetFinding> {
    fleet.domain(domain).ok_or_else(|| {
        FleetFinding::new(
            "unallocated-domain",
            format!(
                "domain `{domain}` has no allocation in fleet `{}`: add a `[[domain]]` with `name = \"{domain}\"` and its `range`",
                fleet.name.value
            ),
            fleet.name.at,
        )
    })
}

/// An enum's declared `range` against its domain's allocation: `None` when it lies inside.
pub fn check_range(domain: &Domain, range: CodeSpan) -> Option<FleetFinding> {
    let allocated = domain.range.value;
    (!contains_span(allocated, range)).then(|| {
        FleetFinding::new(
            "range-outside-allocation",
            format!(
                "range {range} leaves the allocation {allocated} of domain `{}`",
                domain.name.value
            ),
            domain.range.at,
        )
    })
}

/// One code of `domain` against the fleet: `None` when it lies in the domain's range or the
/// fleet's common range and that range does not reserve it, or in JSON-RPC's reserved range
/// (the specifications' codes, allocated by nobody; whether an enum may use them is
/// [`rules::protocol_band`]'s business). Otherwise [`rules::code_in_range`]'s finding against
/// the domain's range (at its `range`), or [`rules::reserved_code`]'s (at the reserved entry).
pub fn check_code(fleet: &Fleet, domain: &Domain, code: i32) -> Option<FleetFinding> {
    if JSONRPC_RESERVED.contains(code) {
        return None;
    }
    let owner = if domain.range.value.contains(code) {
        domain
    } else if let Some(c) = fleet
        .common
        .as_ref()
        .filter(|c| c.range.value.contains(code))
    {
        c
    } else {
        let finding = rules::code_in_range(code, domain.range.value)?;
        return Some(FleetFinding::of(&finding, domain.range.at));
    };
    let reserved: Vec<CodeSpan> = owner.reserved.iter().map(|r| r.value).collect();
    let finding = rules::reserved_code(code, &reserved)?;
    let at = owner.reserved_entry(code).map_or(owner.range.at, |r| r.at);
    Some(FleetFinding::of(&finding, at))
}

/// A symbol of `domain` against its `symbol_prefix`: `None` when there is no prefix, the
/// symbol starts with it, or the code is a common or a protocol one (those keep their own
/// symbols).
pub fn check_symbol_prefix(
    fleet: &Fleet,
    domain: &Domain,
    symbol: &str,
    code: i32,
) -> Option<FleetFinding> {
    let prefix = domain.symbol_prefix.as_ref()?;
    if symbol.starts_with(prefix.value.as_str())
        || fleet.common_range().is_some_and(|c| c.contains(code))
        || JSONRPC_RESERVED.contains(code)
    {
        return None;
    }
    Some(FleetFinding::new(
        "symbol-prefix",
        format!(
            "symbol `{symbol}` of domain `{}` does not start with the domain's prefix `{}`",
            domain.name.value, prefix.value
        ),
        prefix.at,
    ))
}

/// One symbol seen in two domains, `first` and `second` as (domain, code): the message, or
/// `None` when that is allowed (one domain; or the same common or protocol code, which every
/// server may use under its own domain).
pub fn symbol_clash(
    fleet: &Fleet,
    symbol: &str,
    first: (&str, i32),
    second: (&str, i32),
) -> Option<String> {
    let ((d1, c1), (d2, c2)) = (first, second);
    let everyones = |c: i32| {
        JSONRPC_RESERVED.contains(c) || fleet.common_range().is_some_and(|r| r.contains(c))
    };
    if d1 == d2 || (c1 == c2 && everyones(c1)) {
        return None;
    }
    Some(format!(
        "symbol `{symbol}` is used by two domains, `{d2}` (code {c2}) and `{d1}` (code {c1}): a symbol names one error in the whole fleet"
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

/// A catalog that the fleet names for `domain` but that defines no codes of it: the message.
pub fn absent_domain(domain: &str) -> String {
    format!(
        "this catalog defines nothing of domain `{domain}`, which the fleet names it for: fix the catalog's domain, or the fleet's `catalog` path"
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
    fn overlaps_name_both_domains_in_the_catalog_rules_words() {
        let f = fleet(
            "[[domain]]\nname = \"python\"\nrange = [2000, 2149]\n[[domain]]\nname = \"playwright\"\nrange = [2100, 2199]\n[[domain]]\nname = \"c\"\nrange = [1050, 1060]\n",
        );
        let found = check_fleet(&f);
        assert_eq!(
            found.iter().map(|f| f.message.as_str()).collect::<Vec<_>>(),
            [
                "range 2100..=2199 of `playwright` overlaps range 2000..=2149 of `python` from code 2100",
                "range 1050..=1060 of `c` overlaps range 1000..=1099 of `common` from code 1050",
            ]
        );
        assert_eq!(found[0].kind, "overlapping-ranges");
        assert_eq!((found[0].at.line, found[0].also.unwrap().line), (11, 8));
    }

    #[test]
    fn reserved_range_twice_named_and_stray_reserved_codes() {
        let f = fleet(
            "[[domain]]\nname = \"a\"\nrange = [-32100, -32050]\n[[domain]]\nname = \"b\"\nrange = [2100, 2199]\nreserved = [2300]\n[[domain]]\nname = \"b\"\nrange = [2200, 2299]\n",
        );
        assert_eq!(
            messages(&f),
            [
                "range -32100..=-32050 of domain `a` overlaps JSON-RPC's reserved range -32768..=-32000: allocate codes outside it (the specifications' codes need no allocation)",
                "reserved 2300 lies outside the range 2100..=2199 of domain `b`: a domain reserves only its own codes",
                "domain `b` is allocated twice: merge the two tables",
            ]
        );
    }

    #[test]
    fn names_and_prefixes() {
        let f = fleet(
            "[[domain]]\nname = \"Play_Wright\"\nrange = [2000, 2099]\nsymbol_prefix = \"e_pw\"\n",
        );
        let found = check_fleet(&f);
        assert_eq!(
            found.iter().map(|f| f.kind).collect::<Vec<_>>(),
            ["invalid-domain", "invalid-symbol-prefix"]
        );
        assert_eq!(
            found[1].message,
            "symbol prefix `e_pw` cannot start a symbol: upper-case letters, digits and `_`, a letter first (`E_PW_`)"
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
        let outside = check_code(&f, a, 2100).unwrap();
        assert_eq!(
            (outside.kind, outside.message.as_str()),
            (
                "code-outside-range",
                "code 2100 is outside the range 2000..=2099"
            )
        );
        let reserved = check_code(&f, a, 2015).unwrap();
        assert_eq!(
            reserved.message,
            "code 2015 is reserved (retired with 2010..=2019); use a new code"
        );
        assert_eq!(reserved.at.line, 9);
        let common = check_code(&f, a, 1090).unwrap();
        assert_eq!(
            (common.message.as_str(), common.at.line),
            ("code 1090 is reserved (retired); use a new code", 5)
        );
        assert_eq!(
            allocation(&f, "zz").unwrap_err().message,
            "domain `zz` has no allocation in fleet `acme`: add a `[[domain]]` with `name = \"zz\"` and its `range`"
        );
        assert!(check_range(a, CodeSpan::new(2000, 2050)).is_none());
        assert_eq!(
            check_range(a, CodeSpan::new(2000, 2100)).unwrap().message,
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
            "symbol `E_X` is used by two domains, `b` (code 2100) and `a` (code 2000): a symbol names one error in the whole fleet"
        );
        assert_eq!(common_code_clash(1001, "E_TIMEOUT", "E_TIMEOUT"), None);
        assert!(common_code_clash(1001, "E_TIMEOUT", "E_SLOW").is_some());
        assert!(absent_domain("x").starts_with("this catalog defines nothing of domain `x`"));
        assert_eq!(
            unclaimed_domain("x", &["a", "b"]),
            "this catalog defines codes of domain `x`, but the fleet names it for `a`, `b` only: add `x` to the fleet with this catalog, or fix the catalog's domain"
        );
    }
}
