//! `mcp-errors check FLEET_FILE`: the fleet file and every catalog it names, against the fleet
//! rules (`mcp_errors_rules::fleet::rules`) and the catalog rules (`mcp_errors_rules::rules`),
//! every problem in one run.
//!
//! What is checked:
//! - the fleet file itself ([`check_fleet`](mcp_errors_rules::fleet::rules::check_fleet)):
//!   domains named once and lower-kebab-case, ranges disjoint and outside JSON-RPC's reserved
//!   range, reserved entries inside their domain, symbol prefixes well-formed;
//! - each catalog (loaded once however many domains name it) against the catalog rules: symbol
//!   and alias format, one code per symbol and one symbol per code, codes inside the enum's own
//!   range, no retired code used, and for a hand-written catalog JSON-RPC's reserved range;
//! - each catalog against the fleet: its enums' domains are the ones the fleet names it for
//!   (common and protocol codes excepted), their codes lie in the domain's range or the common
//!   range and are not reserved there, their symbols carry the domain's prefix, their declared
//!   ranges stay inside the allocation;
//! - across catalogs: no symbol in two domains, and a common code has one symbol everywhere.
//!
//! Output: one line per finding, `PATH:LINE:COLUMN: error: MESSAGE`, and `(see PATH:LINE:COLUMN)`
//! naming the other side of a collision; or, with `--format json`, one JSON object. Exit 0
//! clean, 1 with findings, 2 when a file cannot be read or parsed (each such file one line,
//! the other files still checked).
//!
//! Bounded: each catalog is read once (at most [`MAX_FILE_BYTES`]), and every rule is a sort
//! or a map lookup per entry, so time is `O(n log n)` and memory linear in the entries.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use mcp_errors_rules::fleet::rules::{self as fleet_rules, FleetFinding};
use mcp_errors_rules::fleet::{self, Domain, Fleet, Pos};
use mcp_errors_rules::rules::{self, CodeSpan, CodeUse, NameRole, NameUse};

use crate::catalog::{Catalog, Enum, Format};

/// The largest file `check` reads (256 MiB): a catalog of 100,000 errors is some 40 MB.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// A place in one of the checked files.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The file, as the command line or the fleet file wrote it (joined to the fleet's folder).
    pub path: String,
    /// The line and column.
    pub at: Pos,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.path, self.at)
    }
}

/// One problem: a finding (exit 1), or a file that cannot be read or parsed (exit 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where.
    pub place: Place,
    /// The rule's stable name (`overlapping-ranges`, ...), or `unreadable` / `unparsable`.
    pub kind: &'static str,
    /// What is wrong, one line.
    pub message: String,
    /// The other side of a collision, or the fleet file's allocation a catalog breaks.
    pub see: Option<Place>,
}

impl Problem {
    /// Whether this is bad input (exit 2) rather than a finding.
    pub fn is_bad_input(&self) -> bool {
        matches!(self.kind, "unreadable" | "unparsable")
    }

    /// `PATH:LINE:COLUMN: error: MESSAGE (see PATH:LINE:COLUMN)`.
    pub fn line(&self) -> String {
        let mut line = format!("{}: error: {}", self.place, fleet::one_line(&self.message));
        if let Some(see) = &self.see {
            let _ = write!(line, " (see {see})");
        }
        line
    }
}

/// The outcome of one run: every problem, sorted by file then position.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The problems.
    pub problems: Vec<Problem>,
    /// How many catalogs were read.
    pub catalogs: usize,
    /// How many entries they hold.
    pub entries: usize,
}

impl Report {
    /// 0 clean, 1 findings, 2 bad input.
    pub fn exit_code(&self) -> i32 {
        if self.problems.iter().any(Problem::is_bad_input) {
            crate::EXIT_BAD_INPUT
        } else if self.problems.is_empty() {
            0
        } else {
            crate::EXIT_BREAKING
        }
    }

    /// The `--format json` document.
    pub fn to_json(&self) -> serde_json::Value {
        let place = |p: &Place| serde_json::json!({"path": p.path, "line": p.at.line, "column": p.at.column});
        serde_json::json!({
            "problems": self.problems.iter().map(|p| {
                let mut v = place(&p.place);
                v["severity"] = "error".into();
                v["kind"] = p.kind.into();
                v["message"] = p.message.clone().into();
                if let Some(see) = &p.see {
                    v["see"] = place(see);
                }
                v
            }).collect::<Vec<_>>(),
            "catalogs": self.catalogs,
            "entries": self.entries,
            "exit": self.exit_code(),
        })
    }
}

/// The help of `mcp-errors check`.
/// Runs `check` on `fleet` and prints the report: text (findings on `out`, one line each, bad
/// input on `err`; `ok: ...` when clean) or, with `json`, one JSON document on `out`. Returns
/// the exit code.
pub fn run(
    fleet: &Path,
    json: bool,
    out: &mut dyn std::io::Write,
    err: &mut dyn std::io::Write,
) -> i32 {
    let report = check(fleet);
    if json {
        let _ = writeln!(out, "{}", report.to_json());
    } else {
        for p in &report.problems {
            let stream: &mut dyn std::io::Write = if p.is_bad_input() {
                &mut *err
            } else {
                &mut *out
            };
            let _ = writeln!(stream, "{}", p.line());
        }
        if report.problems.is_empty() {
            let _ = writeln!(
                out,
                "ok: {}: {} catalog{}, {} error{}, no problems",
                fleet.display(),
                report.catalogs,
                if report.catalogs == 1 { "" } else { "s" },
                report.entries,
                if report.entries == 1 { "" } else { "s" },
            );
        }
    }
    report.exit_code()
}

/// Reads `path` whole, refusing what exceeds [`MAX_FILE_BYTES`].
fn read(path: &Path) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read: {e}"))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "cannot read: {} bytes, more than the {MAX_FILE_BYTES} a catalog may have",
            meta.len()
        ));
    }
    std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))
}

/// The start of a file, for problems without a better position.
const START: Pos = Pos { line: 1, column: 1 };

/// Checks the fleet file at `fleet_path` and every catalog it names.
pub fn check(fleet_path: &Path) -> Report {
    let mut report = Report::default();
    let fleet_name = fleet_path.display().to_string();
    let at = |p: Pos| Place {
        path: fleet_name.clone(),
        at: p,
    };
    let text = match read(fleet_path) {
        Ok(t) => t,
        Err(message) => {
            report.problems.push(Problem {
                place: at(START),
                kind: "unreadable",
                message,
                see: None,
            });
            return report;
        }
    };
    let fleet = match fleet::parse(&text) {
        Ok(f) => f,
        Err(e) => {
            report.problems.push(Problem {
                place: at(e.pos()),
                kind: "unparsable",
                message: e.message,
                see: None,
            });
            return report;
        }
    };
    for f in fleet_rules::check_fleet(&fleet) {
        report.problems.push(Problem {
            place: at(f.at),
            kind: f.kind,
            message: f.message,
            see: f.also.map(at),
        });
    }
    // Each catalog once, with the domains that name it.
    let dir = fleet_path.parent().unwrap_or(Path::new(""));
    let mut catalogs: Vec<(String, Pos, Vec<&Domain>)> = Vec::new();
    for d in fleet.common.iter().chain(&fleet.domains) {
        let Some(c) = &d.catalog else { continue };
        let key = normalize(&c.value);
        match catalogs.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, ds)) => ds.push(d),
            None => catalogs.push((key, c.at, vec![d])),
        }
    }
    let mut across = Across::default();
    for (rel, written_at, domains) in &catalogs {
        let path = dir.join(rel);
        check_catalog(
            &fleet,
            dir,
            &path,
            &at(*written_at),
            domains,
            &mut across,
            &mut report,
        );
    }
    // Files in the fleet's order (the fleet file first), then by position.
    let order: HashMap<String, usize> = std::iter::once(fleet_name.clone())
        .chain(
            catalogs
                .iter()
                .map(|(rel, _, _)| dir.join(rel).display().to_string()),
        )
        .enumerate()
        .map(|(i, p)| (p, i))
        .collect();
    report.problems.sort_by_key(|p| {
        (
            order.get(&p.place.path).copied().unwrap_or(usize::MAX),
            p.place.at,
        )
    });
    report
}

/// Reads the catalog at `path` (named by `domains` of the fleet, at `written` in the fleet
/// file) and adds its problems to `report`.
fn check_catalog(
    fleet: &Fleet,
    dir: &Path,
    path: &Path,
    written: &Place,
    domains: &[&Domain],
    across: &mut Across,
    report: &mut Report,
) {
    let name = path.display().to_string();
    let place = |p: Pos| Place {
        path: name.clone(),
        at: p,
    };
    let text = match read(path) {
        Ok(t) => t,
        Err(message) => {
            report.problems.push(Problem {
                place: written.clone(),
                kind: "unreadable",
                message: format!("catalog {}: {message}", path.display()),
                see: None,
            });
            return;
        }
    };
    let format = Format::of(path, &text);
    let parsed = match format {
        Format::Json => Catalog::from_json(&text).map_err(|m| (json_pos(&m), m)),
        Format::Toml => crate::handwritten::parse(&text).map_err(|e| (e.pos(), e.message)),
    };
    let catalog = match parsed {
        Ok(c) => c,
        Err((pos, message)) => {
            report.problems.push(Problem {
                place: place(pos),
                kind: "unparsable",
                message,
                see: None,
            });
            return;
        }
    };
    report.catalogs += 1;
    report.entries += catalog.entries().count();
    let mut found = Vec::new();
    catalog_findings(&catalog, format == Format::Toml, &mut found);
    against_fleet(fleet, &catalog, domains, written.at, &mut found);
    across.add(fleet, &catalog, &mut found);
    for (pos, kind, message, see) in found {
        report.problems.push(Problem {
            place: place(pos),
            kind,
            message,
            see: see.map(|s| match s {
                See::Fleet(p) => Place {
                    path: written.path.clone(),
                    at: p,
                },
                See::Here(p) => place(p),
                See::Other(p) => p,
            }),
        });
    }
    across.finish_file(&name);
    check_locales(dir, &catalog, domains, report);
}

/// Reads each translation file the `domains` name (`locales`, relative to the fleet file's
/// folder `dir`) against their `catalog` ([`crate::locale`]) and adds its problem, if any.
fn check_locales(dir: &Path, catalog: &Catalog, domains: &[&Domain], report: &mut Report) {
    for written in domains.iter().flat_map(|d| &d.locales) {
        let path = dir.join(&written.value);
        let name = path.display().to_string();
        let problem = match read(&path) {
            Err(message) => Problem {
                place: Place {
                    path: name,
                    at: START,
                },
                kind: "unreadable",
                message,
                see: None,
            },
            Ok(text) => match crate::locale::parse(&text, catalog) {
                Ok(_) => continue,
                Err(e) => Problem {
                    place: Place {
                        path: name,
                        at: e.error.pos(),
                    },
                    kind: e.kind,
                    message: e.error.message,
                    see: None,
                },
            },
        };
        report.problems.push(problem);
    }
}

/// `./a/b.json` and `a/b.json` are one file.
fn normalize(path: &str) -> String {
    let p: PathBuf = Path::new(path)
        .components()
        .filter(|c| !matches!(c, std::path::Component::CurDir))
        .collect();
    p.display().to_string()
}

/// The position in a `serde_json` message (`... at line 3 column 7`), else the file's start.
fn json_pos(message: &str) -> Pos {
    let Some(i) = message.rfind(" at line ") else {
        return START;
    };
    let mut words = message[i + 9..].split(' ');
    let line = words.next().and_then(|w| w.parse().ok());
    let column = (words.next() == Some("column"))
        .then(|| {
            words.next().and_then(|w| {
                w.trim_end_matches(|c: char| !c.is_ascii_digit())
                    .parse()
                    .ok()
            })
        })
        .flatten();
    match (line, column) {
        (Some(line), Some(column)) => Pos { line, column },
        _ => START,
    }
}

/// The other side of a finding.
enum See {
    /// In the fleet file.
    Fleet(Pos),
    /// In the same catalog.
    Here(Pos),
    /// In another file.
    Other(Place),
}

type Found = Vec<(Pos, &'static str, String, Option<See>)>;

fn pos_of(at: Option<Pos>) -> Pos {
    at.unwrap_or(START)
}

fn code_of(code: i64) -> i32 {
    // Catalog::from_json and handwritten::parse refuse codes outside i32.
    i32::try_from(code).unwrap_or(i32::MAX)
}

fn spans(en: &Enum) -> Vec<CodeSpan> {
    en.reserved
        .iter()
        .map(|r| {
            let (lo, hi) = r.bounds();
            CodeSpan::new(code_of(lo), code_of(hi))
        })
        .collect()
}

/// The catalog rules over one catalog read from `path`, as problems; what `gen` and `diff`
/// refuse a hand-written catalog for. The rules: names, codes against the enum's own range
/// and retired codes, JSON-RPC's reserved range for a hand-written catalog (which cannot say
/// `protocol`), one code per symbol and one symbol per code across the file.
pub fn catalog_problems(catalog: &Catalog, handwritten: bool, path: &str) -> Vec<Problem> {
    let mut found = Vec::new();
    catalog_findings(catalog, handwritten, &mut found);
    let place = |at| Place {
        path: path.to_owned(),
        at,
    };
    let mut problems: Vec<Problem> = found
        .into_iter()
        .map(|(at, kind, message, see)| Problem {
            place: place(at),
            kind,
            message,
            see: see.map(|s| match s {
                See::Fleet(p) | See::Here(p) => place(p),
                See::Other(p) => p,
            }),
        })
        .collect();
    problems.sort_by_key(|p| p.place.at);
    problems
}

/// The catalog rules over one catalog: names, codes against the enum's own range and retired
/// codes, and (for a hand-written catalog, which cannot say `protocol`) JSON-RPC's reserved
/// range; one code per symbol and one symbol per code across the file. An entry repeated with
/// its code and symbol (a common error in several enums of one server) counts once; a
/// derived catalog's codes shared within one enum were shared on purpose (`shared_code`,
/// which the derive checked), and so were its protocol codes (JSON-RPC's reserved range,
/// where a protocol enum may name a specification's code again under its own symbol).
fn catalog_findings(catalog: &Catalog, handwritten: bool, found: &mut Found) {
    let mut seen = std::collections::HashSet::new();
    let mut code_uses: Vec<(CodeUse<'_>, Pos)> = Vec::new();
    let mut name_uses: Vec<(NameUse<'_>, Pos)> = Vec::new();
    for en in &catalog.enums {
        if let Some(f) = rules::domain(&en.domain) {
            found.push((pos_of(en.at), f.kind(), f.to_string(), None));
        }
        let reserved = spans(en);
        let range = en
            .range
            .map(|r| CodeSpan::new(code_of(r.start), code_of(r.end)));
        let mut per_code: BTreeMap<i64, usize> = BTreeMap::new();
        for e in &en.entries {
            *per_code.entry(e.code).or_default() += 1;
        }
        for e in &en.entries {
            let code = code_of(e.code);
            let at = pos_of(e.at);
            if !seen.insert((e.code, e.symbol.as_str())) {
                continue;
            }
            let mut rule = |f: Option<rules::Finding<'_>>, at: Pos| {
                if let Some(f) = f {
                    found.push((at, f.kind(), f.to_string(), None));
                }
            };
            rule(
                rules::symbol(&e.symbol, NameRole::Symbol),
                pos_of(e.symbol_at),
            );
            for a in &e.aliases {
                rule(rules::symbol(a, NameRole::Alias), pos_of(e.symbol_at));
            }
            if let Some(r) = range {
                rule(rules::code_in_range(code, r), at);
            }
            if handwritten {
                rule(rules::protocol_band(code, false, false), at);
            }
            if let Some(f) = rules::reserved_code(code, &reserved) {
                let k = reserved.iter().position(|r| r.contains(code));
                let see = k
                    .and_then(|k| en.reserved_at.get(k))
                    .copied()
                    .map(See::Here);
                found.push((at, f.kind(), f.to_string(), see));
            }
            code_uses.push((
                CodeUse {
                    code,
                    symbol: &e.symbol,
                    shared: !handwritten
                        && (per_code[&e.code] > 1 || rules::JSONRPC_RESERVED.contains(code)),
                },
                at,
            ));
            name_uses.push((
                NameUse {
                    name: &e.symbol,
                    role: NameRole::Symbol,
                    code,
                },
                pos_of(e.symbol_at),
            ));
            for a in &e.aliases {
                name_uses.push((
                    NameUse {
                        name: a,
                        role: NameRole::Alias,
                        code,
                    },
                    pos_of(e.symbol_at),
                ));
            }
        }
    }
    let codes: Vec<CodeUse<'_>> = code_uses.iter().map(|(u, _)| *u).collect();
    for c in rules::duplicate_codes(&codes) {
        found.push((
            code_uses[c.second].1,
            c.finding.kind(),
            c.finding.to_string(),
            Some(See::Here(code_uses[c.first].1)),
        ));
    }
    let names: Vec<NameUse<'_>> = name_uses.iter().map(|(u, _)| *u).collect();
    for c in rules::duplicate_names(&names) {
        found.push((
            name_uses[c.second].1,
            c.finding.kind(),
            c.finding.to_string(),
            Some(See::Here(name_uses[c.first].1)),
        ));
    }
}

fn push_fleet(found: &mut Found, at: Pos, f: FleetFinding) {
    found.push((at, f.kind, f.message, Some(See::Fleet(f.at))));
}

/// One catalog against the fleet: each enum's domain must be one the fleet names this catalog
/// for (or the common domain; an enum of protocol codes only needs no allocation), its codes
/// inside the allocation or the common range and not reserved, its symbols with the domain's
/// prefix, its declared range inside the allocation; and each domain naming the catalog must
/// find something of its own in it.
fn against_fleet(
    fleet: &Fleet,
    catalog: &Catalog,
    domains: &[&Domain],
    written_at: Pos,
    found: &mut Found,
) {
    for d in domains {
        if !fleet.is_common(d) && !catalog.enums.iter().any(|en| en.domain == d.name.value) {
            found.push((
                catalog.enums.first().and_then(|en| en.at).unwrap_or(START),
                "absent-domain",
                fleet_rules::absent_domain(&d.name.value),
                Some(See::Fleet(written_at)),
            ));
        }
    }
    for en in &catalog.enums {
        let allocation = match domains.iter().find(|d| d.name.value == en.domain) {
            Some(d) => Some(*d),
            None => fleet.common.as_ref().filter(|c| c.name.value == en.domain),
        };
        let Some(domain) = allocation else {
            let protocol_only = en
                .entries
                .iter()
                .all(|e| rules::JSONRPC_RESERVED.contains(code_of(e.code)));
            if !protocol_only {
                let claimed: Vec<&str> = domains.iter().map(|d| d.name.value.as_str()).collect();
                found.push((
                    pos_of(en.at),
                    "unclaimed-domain",
                    fleet_rules::unclaimed_domain(&en.domain, &claimed),
                    Some(See::Fleet(written_at)),
                ));
            }
            continue;
        };
        if let Some(r) = en.range
            && let Some(f) =
                fleet_rules::check_range(domain, CodeSpan::new(code_of(r.start), code_of(r.end)))
        {
            push_fleet(found, pos_of(en.at), f);
        }
        for e in &en.entries {
            let code = code_of(e.code);
            if let Some(f) = fleet_rules::check_code(fleet, domain, code) {
                push_fleet(found, pos_of(e.at), f);
            }
            if let Some(f) = fleet_rules::check_symbol_prefix(fleet, domain, &e.symbol, code) {
                push_fleet(found, pos_of(e.symbol_at), f);
            }
        }
    }
}

/// What must agree across catalogs: each symbol (and alias) names one domain's error, each
/// common code one symbol. The first use of each is kept with its place.
#[derive(Default)]
struct Across {
    symbols: HashMap<String, (String, i32, Place)>,
    common: HashMap<i32, (String, Place)>,
    pending: Vec<(String, String, i32, Pos)>,
    pending_common: Vec<(i32, String, Pos)>,
}

impl Across {
    /// Compares `catalog`'s names and common codes with the catalogs before it; what it adds
    /// waits for [`Across::finish_file`] (a catalog's own repeats are the catalog rules').
    fn add(&mut self, fleet: &Fleet, catalog: &Catalog, found: &mut Found) {
        let common = fleet.common_range();
        let mut seen = std::collections::HashSet::new();
        for en in &catalog.enums {
            for e in &en.entries {
                let code = code_of(e.code);
                let at = pos_of(e.symbol_at);
                for name in std::iter::once(&e.symbol).chain(&e.aliases) {
                    if !seen.insert((name.as_str(), en.domain.as_str(), code)) {
                        continue;
                    }
                    match self.symbols.get(name.as_str()) {
                        Some((domain, c, place)) => {
                            if let Some(m) = fleet_rules::symbol_clash(
                                fleet,
                                name,
                                (domain, *c),
                                (&en.domain, code),
                            ) {
                                found.push((
                                    at,
                                    "symbol-in-two-domains",
                                    m,
                                    Some(See::Other(place.clone())),
                                ));
                            }
                        }
                        None => self
                            .pending
                            .push((name.clone(), en.domain.clone(), code, at)),
                    }
                }
                if common.is_some_and(|c| c.contains(code)) {
                    match self.common.get(&code) {
                        Some((symbol, place)) => {
                            if let Some(m) = fleet_rules::common_code_clash(code, symbol, &e.symbol)
                            {
                                found.push((
                                    pos_of(e.at),
                                    "common-code-clash",
                                    m,
                                    Some(See::Other(place.clone())),
                                ));
                            }
                        }
                        None => self
                            .pending_common
                            .push((code, e.symbol.clone(), pos_of(e.at))),
                    }
                }
            }
        }
    }

    /// Records the first uses of the catalog just added, at `path`.
    fn finish_file(&mut self, path: &str) {
        for (name, domain, code, at) in self.pending.drain(..) {
            self.symbols.entry(name).or_insert_with(|| {
                (
                    domain,
                    code,
                    Place {
                        path: path.to_owned(),
                        at,
                    },
                )
            });
        }
        for (code, symbol, at) in self.pending_common.drain(..) {
            self.common.entry(code).or_insert_with(|| {
                (
                    symbol,
                    Place {
                        path: path.to_owned(),
                        at,
                    },
                )
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_positions_from_serde_messages() {
        assert_eq!(
            json_pos("not JSON: EOF while parsing a value at line 3 column 7"),
            Pos { line: 3, column: 7 }
        );
        assert_eq!(json_pos("no position"), START);
        assert_eq!(normalize("./a/./b.json"), "a/b.json");
    }
}
