//! What two entries or two catalogs may not share: [`duplicate_codes`], [`duplicate_names`],
//! [`overlapping_ranges`]. Each takes the uses in the checker's order and returns a
//! [`Collision`] per repeat, naming the earlier use, found with one sort (`O(n log n)`), never
//! all pairs.

#[cfg(not(proc_macro))]
use super::codes::CodeSpan;
use super::finding::{Finding, NameRole, Sharing};
#[cfg(not(proc_macro))]
use super::order::{first_uses_by, sorted_order};

/// One entry's code, for [`duplicate_codes`].
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug))]
pub struct CodeUse<'a> {
    /// The code.
    pub code: i32,
    /// The entry's symbol, how findings name it.
    pub symbol: &'a str,
    /// Whether the entry says it shares its code on purpose (`shared_code`).
    pub shared: bool,
}

/// One symbol or alias of an entry, for [`duplicate_names`].
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug))]
pub struct NameUse<'a> {
    /// The name.
    pub name: &'a str,
    /// Symbol or alias.
    pub role: NameRole,
    /// The code of the entry it names, how findings name the entry.
    pub code: i32,
}

#[cfg(not(proc_macro))]
/// A range some owner claims (an enum's `range`, a fleet domain's allocation), for
/// [`overlapping_ranges`].
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug))]
pub struct Claim<'a> {
    /// Who claims it, how findings name it (a domain).
    pub owner: &'a str,
    /// The range.
    pub range: CodeSpan,
}

#[cfg(not(proc_macro))]
/// A rule broken by two uses: indices into the slice the rule was given. A checker reports
/// `finding` at `second` (the later use) and may point at `first` as where the name or code
/// was first used.
#[derive(Clone, Copy)]
#[cfg_attr(not(proc_macro), derive(Debug, PartialEq, Eq))]
pub struct Collision<'a> {
    /// The index of the earlier use.
    pub first: usize,
    /// The index of the use that repeats it.
    pub second: usize,
    /// What is wrong.
    pub finding: Finding<'a>,
}

#[cfg(not(proc_macro))]
/// The rule: a code identifies one entry on the wire, so two entries with one code cannot be
/// told apart by a client, unless both say they share it (`shared_code`: several entries of a
/// protocol catalog on -32602, each with its own symbol). Each repeat is reported against the
/// first use of its code, in the order of `uses`. Finding: "duplicate code 2100; first used by
/// `E_PW_NAV`".
#[inline]
pub fn duplicate_codes<'a>(uses: &[CodeUse<'a>]) -> Vec<Collision<'a>> {
    let first = first_uses_by(uses.len(), &|a, b| uses[a].code.cmp(&uses[b].code));
    let mut out = Vec::new();
    for (second, &first) in first.iter().enumerate() {
        if first != second
            && let Some(finding) = duplicate_code(&uses[first], &uses[second])
        {
            out.push(Collision {
                first,
                second,
                finding,
            });
        }
    }
    out
}

/// [`duplicate_codes`]'s rule for one repeat: `second` uses the code `first` used before it
/// (a checker that finds repeats itself, as the derive does, calls this). `None` when both
/// share it on purpose.
#[inline]
pub fn duplicate_code<'a>(first: &CodeUse<'a>, second: &CodeUse<'a>) -> Option<Finding<'a>> {
    let sharing = match (first.shared, second.shared) {
        (true, true) => return None,
        (true, false) => Sharing::FirstOnly,
        (false, true) => Sharing::SecondOnly,
        (false, false) => Sharing::Neither,
    };
    Some(Finding::DuplicateCode {
        code: second.code,
        first: first.symbol,
        second: second.symbol,
        sharing,
    })
}

#[cfg(not(proc_macro))]
/// The rule: decoding picks an entry by `data.symbol`, so symbols and aliases share one
/// namespace, and each names one entry once. Each repeat is reported against the first use of
/// its name, in the order of `uses`. Finding: "duplicate alias `E_NAV`; first used by code
/// 2100".
#[inline]
pub fn duplicate_names<'a>(uses: &[NameUse<'a>]) -> Vec<Collision<'a>> {
    let first = first_uses_by(uses.len(), &|a, b| uses[a].name.cmp(uses[b].name));
    let mut out = Vec::new();
    for (second, &first) in first.iter().enumerate() {
        if first != second {
            out.push(Collision {
                first,
                second,
                finding: duplicate_name(&uses[first], &uses[second]),
            });
        }
    }
    out
}

/// [`duplicate_names`]'s rule for one repeat: `second` uses the name `first` used before it
/// (a checker that finds repeats itself, as the derive does, calls this).
#[inline]
pub fn duplicate_name<'a>(first: &NameUse<'_>, second: &NameUse<'a>) -> Finding<'a> {
    Finding::DuplicateName {
        name: second.name,
        role: second.role,
        first_code: first.code,
    }
}

#[cfg(not(proc_macro))]
/// The rule: two owners' ranges share no code. Every overlapping pair is reported once, the
/// range that starts first as `first` (then the one given first), swept in start order keeping
/// the ranges still open: `O(k log k)` plus one step per overlapping pair. Finding: "range
/// 2100..=2199 of `playwright` overlaps range 2000..=2149 of `python` from code 2100".
#[inline]
pub fn overlapping_ranges<'a>(claims: &[Claim<'a>]) -> Vec<Collision<'a>> {
    let order = sorted_order(claims.len(), &|a, b| {
        claims[a].range.lo.cmp(&claims[b].range.lo)
    });
    let mut open: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for &second in &order {
        let range = claims[second].range;
        open.retain(|&o| claims[o].range.hi >= range.lo);
        for &first in &open {
            let earlier = &claims[first];
            out.push(Collision {
                first,
                second,
                finding: Finding::OverlappingRanges {
                    first: earlier.owner,
                    first_range: earlier.range,
                    second: claims[second].owner,
                    second_range: range,
                    code: range.lo.max(earlier.range.lo),
                },
            });
        }
        open.push(second);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(code: i32, symbol: &str, shared: bool) -> CodeUse<'_> {
        CodeUse {
            code,
            symbol,
            shared,
        }
    }

    #[test]
    fn repeated_codes_name_the_first_use() {
        let uses = [
            code(2100, "E_NAV", false),
            code(2101, "E_LAUNCH", false),
            code(2100, "E_NAV_AGAIN", false),
            code(2100, "E_NAV_THIRD", false),
        ];
        let found = duplicate_codes(&uses);
        assert_eq!(found.len(), 2);
        assert_eq!((found[0].first, found[0].second), (0, 2));
        assert_eq!((found[1].first, found[1].second), (0, 3));
        assert_eq!(
            found[0].finding.to_string(),
            "duplicate code 2100; first used by `E_NAV`"
        );
        assert_eq!(found[0].finding.kind(), "duplicate-code");
    }

    #[test]
    fn a_code_is_shared_only_when_both_sides_say_so() {
        assert!(
            duplicate_codes(&[code(-32602, "E_A", true), code(-32602, "E_B", true)]).is_empty()
        );
        let one = duplicate_codes(&[code(-32602, "E_A", true), code(-32602, "E_B", false)]);
        assert!(
            one[0]
                .finding
                .to_string()
                .contains("`E_A` shares it (`shared_code`), so `E_B`")
        );
        let other = duplicate_codes(&[code(-32602, "E_A", false), code(-32602, "E_B", true)]);
        assert!(
            other[0]
                .finding
                .to_string()
                .contains("`E_A` uses it without `shared_code`")
        );
    }

    #[test]
    fn symbols_and_aliases_share_one_namespace() {
        let uses = [
            NameUse {
                name: "E_NAV",
                role: NameRole::Symbol,
                code: 2100,
            },
            NameUse {
                name: "E_OLD",
                role: NameRole::Alias,
                code: 2100,
            },
            NameUse {
                name: "E_OLD",
                role: NameRole::Symbol,
                code: 2101,
            },
            NameUse {
                name: "E_NAV",
                role: NameRole::Alias,
                code: 2102,
            },
        ];
        let found = duplicate_names(&uses);
        let words: Vec<String> = found.iter().map(|c| c.finding.to_string()).collect();
        assert_eq!(
            words,
            [
                "duplicate symbol `E_OLD`; first used by code 2100",
                "duplicate alias `E_NAV`; first used by code 2100"
            ]
        );
        assert_eq!((found[1].first, found[1].second), (0, 3));
    }

    #[test]
    fn every_overlapping_pair_once_in_start_order() {
        let claim = |owner, lo, hi| Claim {
            owner,
            range: CodeSpan::new(lo, hi),
        };
        let claims = [
            claim("playwright", 2100, 2199),
            claim("python", 2000, 2149),
            claim("sql", 3000, 3099),
            claim("wide", 1000, 2999),
        ];
        let found = overlapping_ranges(&claims);
        let pairs: Vec<(usize, usize)> = found.iter().map(|c| (c.first, c.second)).collect();
        assert_eq!(pairs, [(3, 1), (3, 0), (1, 0)]);
        assert_eq!(
            found[2].finding.to_string(),
            "range 2100..=2199 of `playwright` overlaps range 2000..=2149 of `python` from code 2100"
        );
        assert!(overlapping_ranges(&claims[..3][2..]).is_empty());
    }
}
