//! `mcp-errors diff OLD NEW`: the changes between two catalogs that break a client or a server
//! of the fleet built on the old one, in the manner of `buf breaking`.
//!
//! Breaking (one finding each):
//! - a code removed (its symbol gone too) that the new catalog does not reserve (`reserved`:
//!   a code retired for good may go), or a symbol moved to another code;
//! - a reserved code used again, or its reservation dropped (a retired code stays retired:
//!   clients built on the old catalog may still see it from old servers);
//! - a code reused for another symbol that already existed;
//! - a symbol renamed (same code, the old symbol gone, a new one in its place);
//! - the domain of a code changed, or its channel (a tool error became a JSON-RPC error, which
//!   clients receive as a thrown error rather than a result, or the other way round);
//! - an enum removed, or its domain changed, or its range moved or shrunk.
//!
//! Enums are paired by domain and shared codes first, then by name and domain, then by name,
//! then by domain alone; pairs are compared as above, an enum left without one was removed.
//! The Rust type's name is not on the wire: a renamed enum (same domain) is no finding by
//! itself, nor are enums that swap names, only what else changed with them. The pairing is one
//! to one: an enum merged into another reads as removed, and one split in two as its range
//! moved, though every code stays (the codes themselves are checked one by one all the same).
//!
//! Not breaking: a new code, a new enum, a range that grows around the old one, a message,
//! help or description that changes, an enum's Rust name.

use std::collections::{BTreeMap, BTreeSet};

use crate::catalog::{Catalog, Entry, Enum};

/// The breaking changes from `old` to `new`, one sentence each, in a stable order.
pub fn breaking_changes(old: &Catalog, new: &Catalog) -> Vec<String> {
    let mut findings = Vec::new();
    enum_changes(old, new, &mut findings);
    code_changes(old, new, &mut findings);
    reserved_changes(old, new, &mut findings);
    findings
}

/// Whether some enum of `c` reserves `code`.
fn reserves(c: &Catalog, code: i64) -> bool {
    c.enums
        .iter()
        .any(|en| en.reserved.iter().any(|r| r.contains(code)))
}

/// The codes `old` reserved: each used again in `new` (always breaking), or no longer reserved
/// there (the retirement undone). Walks the reserved entries, not every code in them.
fn reserved_changes(old: &Catalog, new: &Catalog, findings: &mut Vec<String>) {
    let new_codes = by_code(new);
    for en in &old.enums {
        for r in &en.reserved {
            let (lo, hi) = r.bounds();
            for (code, entries) in new_codes.range(lo..=hi) {
                findings.push(format!(
                    "code {code} reused: reserved in the old catalog (domain {}), now {}",
                    en.domain, entries[0].symbol
                ));
            }
            let still = new.enums.iter().any(|n| {
                n.reserved.iter().any(|nr| {
                    let (a, b) = nr.bounds();
                    a <= lo && hi <= b
                })
            });
            if !still {
                let what = if lo == hi {
                    format!("code {lo}")
                } else {
                    format!("codes {lo}..={hi}")
                };
                findings.push(format!(
                    "{what} (domain {}): no longer reserved; a retired code stays retired",
                    en.domain
                ));
            }
        }
    }
}

/// The codes `new` adds to `old`, as `code SYMBOL`.
pub fn added_codes(old: &Catalog, new: &Catalog) -> Vec<String> {
    let old_codes: BTreeSet<i64> = old.entries().map(|e| e.code).collect();
    new.entries()
        .filter(|e| !old_codes.contains(&e.code))
        .map(|e| format!("{} {}", e.code, e.symbol))
        .collect()
}

/// Pairs each enum of `old` with its successor in `new`, in rounds, each over the enums the
/// rounds before left unpaired: the same domain, the enum sharing the most codes (at least
/// one; the same name breaks a tie); the same name and domain; the same name (the domain
/// changed); the same domain (the first left). The domain and the codes are on the wire and
/// the Rust name is not, so enums that swap or pass on names pair by their codes. `None`: no
/// successor, the enum was removed.
fn pair_enums<'a>(old: &'a Catalog, new: &'a Catalog) -> Vec<(&'a Enum, Option<&'a Enum>)> {
    type Score = fn(&Enum, &Enum) -> Option<usize>;
    let rounds: [Score; 4] = [
        |b, a| {
            let shared = shared_codes(b, a);
            (a.domain == b.domain && shared > 0)
                .then_some(2 * shared + usize::from(a.name == b.name))
        },
        |b, a| (a.name == b.name && a.domain == b.domain).then_some(1),
        |b, a| (a.name == b.name).then_some(1),
        |b, a| (a.domain == b.domain).then_some(1),
    ];
    let mut taken = vec![false; new.enums.len()];
    let mut found: Vec<Option<usize>> = vec![None; old.enums.len()];
    for score in rounds {
        for (before, slot) in old.enums.iter().zip(&mut found) {
            if slot.is_some() {
                continue;
            }
            // The best score, the first of equals.
            let mut best: Option<(usize, usize)> = None;
            for (i, after) in new.enums.iter().enumerate() {
                if let (false, Some(s)) = (taken[i], score(before, after))
                    && best.is_none_or(|(_, top)| s > top)
                {
                    best = Some((i, s));
                }
            }
            if let Some((i, _)) = best {
                taken[i] = true;
                *slot = Some(i);
            }
        }
    }
    old.enums
        .iter()
        .zip(found)
        .map(|(before, i)| (before, i.map(|i| &new.enums[i])))
        .collect()
}

/// How many codes two enums both have.
fn shared_codes(a: &Enum, b: &Enum) -> usize {
    let codes: BTreeSet<i64> = a.entries.iter().map(|e| e.code).collect();
    b.entries.iter().filter(|e| codes.contains(&e.code)).count()
}

fn enum_changes(old: &Catalog, new: &Catalog, findings: &mut Vec<String>) {
    for (before, after) in pair_enums(old, new) {
        let Some(after) = after else {
            findings.push(format!(
                "enum {} (domain {}) removed",
                before.name, before.domain
            ));
            continue;
        };
        let name = if after.name == before.name {
            before.name.clone()
        } else {
            format!("{} (now {})", before.name, after.name)
        };
        if after.domain != before.domain {
            findings.push(format!(
                "enum {name}: domain moved from {} to {}",
                before.domain, after.domain
            ));
        }
        match (before.range, after.range) {
            (Some(b), Some(a)) if !a.contains_range(b) => {
                findings.push(format!("enum {name}: range moved from {b} to {a}"));
            }
            (Some(b), None) => findings.push(format!("enum {name}: range {b} removed")),
            _ => {}
        }
    }
}

fn channel_name(e: &Entry) -> &'static str {
    if e.is_json_rpc() {
        "JSON-RPC error"
    } else {
        "tool error"
    }
}

fn by_code(c: &Catalog) -> BTreeMap<i64, Vec<&Entry>> {
    let mut m: BTreeMap<i64, Vec<&Entry>> = BTreeMap::new();
    for e in c.entries() {
        m.entry(e.code).or_default().push(e);
    }
    m
}

fn by_symbol(c: &Catalog) -> BTreeMap<&str, &Entry> {
    let mut m = BTreeMap::new();
    for e in c.entries() {
        m.entry(e.symbol.as_str()).or_insert(e);
    }
    m
}

fn code_changes(old: &Catalog, new: &Catalog, findings: &mut Vec<String>) {
    let new_codes = by_code(new);
    let (old_symbols, new_symbols) = (by_symbol(old), by_symbol(new));
    let mut seen = BTreeSet::new();
    for before in old.entries() {
        if !seen.insert((before.code, before.symbol.as_str())) {
            continue;
        }
        let here = new_codes.get(&before.code).map_or(&[][..], Vec::as_slice);
        if let Some(after) = here.iter().find(|e| e.symbol == before.symbol) {
            if after.domain != before.domain {
                findings.push(format!(
                    "code {} ({}): domain moved from {} to {}",
                    before.code, before.symbol, before.domain, after.domain
                ));
            }
            if after.is_json_rpc() != before.is_json_rpc() {
                findings.push(format!(
                    "code {} ({}): channel moved from {} to {}",
                    before.code,
                    before.symbol,
                    channel_name(before),
                    channel_name(after)
                ));
            }
            continue;
        }
        let moved_to = new_symbols.get(before.symbol.as_str()).map(|e| e.code);
        match (here.first(), moved_to) {
            (None, None) if reserves(new, before.code) => {}
            (None, None) => {
                findings.push(format!("code {} ({}) removed", before.code, before.symbol));
            }
            (None, Some(code)) => findings.push(format!(
                "symbol {} moved from code {} to {code}; code {} removed",
                before.symbol, before.code, before.code
            )),
            (Some(after), _)
                if moved_to.is_none() && !old_symbols.contains_key(after.symbol.as_str()) =>
            {
                findings.push(format!(
                    "code {}: symbol renamed from {} to {}",
                    before.code, before.symbol, after.symbol
                ));
            }
            (Some(after), _) => findings.push(format!(
                "code {} reused: was {}, now {}",
                before.code, before.symbol, after.symbol
            )),
        }
    }
}
