//! The fleet file's TOML read into [`Fleet`]: serde with `toml::Spanned` around every key's
//! value, `deny_unknown_fields` on every table, then the checks serde cannot express (a range
//! is two codes, low first, each an `i32`; a catalog path stays in the fleet's folder).
//!
//! The helpers are public for the other TOML file of a fleet, the hand-written catalog (read by
//! the `mcp-errors` CLI), so that both files spell codes, ranges and reserved entries alike and
//! report them in the same words: [`ReservedEntry`], [`reserved`], [`pair`], [`code`],
//! [`located`], [`toml_error`].

use std::fmt;

use serde::Deserialize;
use serde::de::{self, SeqAccess, Visitor};
use toml::Spanned;

use super::{
    COMMON, CodeSpan, Domain, Fleet, FleetError, LineIndex, Located, Pos, path_stays_inside,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    fleet: Option<RawFleet>,
    common: Option<Spanned<RawDomain>>,
    #[serde(default)]
    domain: Vec<Spanned<RawDomain>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFleet {
    name: Option<Spanned<String>>,
    owner: Option<Spanned<String>>,
    description: Option<Spanned<String>>,
    doc_url: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDomain {
    name: Option<Spanned<String>>,
    range: Option<Spanned<Vec<Spanned<i64>>>>,
    catalog: Option<Spanned<String>>,
    #[serde(default)]
    reserved: Vec<Spanned<ReservedEntry>>,
    symbol_prefix: Option<Spanned<String>>,
    owner: Option<Spanned<String>>,
    description: Option<Spanned<String>>,
    #[serde(default)]
    locales: Vec<Spanned<String>>,
    doc_url: Option<Spanned<String>>,
}

/// One entry of a `reserved` array as written: a code, or an inclusive `[lo, hi]` pair (any
/// other value is a deserialization error saying so; [`reserved`] checks the pair).
pub enum ReservedEntry {
    /// One code.
    Code(i64),
    /// A pair, as many codes as written (at most three: a third is refused at once).
    Pair(Vec<i64>),
}

impl<'de> Deserialize<'de> for ReservedEntry {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ReservedEntry;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a code or an inclusive [lo, hi] pair of codes")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ReservedEntry, E> {
                Ok(ReservedEntry::Code(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ReservedEntry, E> {
                Ok(ReservedEntry::Code(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReservedEntry, A::Error> {
                let mut codes = Vec::new();
                while let Some(code) = seq.next_element::<i64>()? {
                    if codes.len() == 2 {
                        return Err(de::Error::custom(
                            "a reserved pair is [lo, hi]: two codes, found more",
                        ));
                    }
                    codes.push(code);
                }
                Ok(ReservedEntry::Pair(codes))
            }
        }
        d.deserialize_any(V)
    }
}

/// Reads a fleet file's text into a [`Fleet`].
///
/// Fails, with the position of the offending key or value, on text that is not TOML, a key
/// the format does not have (`deny_unknown_fields` on every table), a value of the wrong type,
/// a missing `[fleet] name` or domain `name` or `range`, a `range` or reserved pair that is
/// not two codes or is written backwards (`[2199, 2100]`), a code outside `i32`, and a
/// `catalog` path that is absolute or climbs out of the fleet file's folder (`..`).
///
/// What a fleet may well say but is wrong (overlapping ranges, a reserved code outside its
/// domain, two domains of one name, ...) is not an `Err` here but a finding of
/// [`rules::check_fleet`](super::rules::check_fleet).
///
/// ```
/// let fleet = mcp_errors_rules::fleet::parse(
///     "[fleet]\nname = \"acme\"\n\n[[domain]]\nname = \"playwright\"\nrange = [2100, 2199]\n",
/// )
/// .unwrap();
/// assert_eq!(fleet.domains[0].range.value.lo, 2100);
/// assert_eq!(fleet.domains[0].range.at.line, 6);
///
/// let err = mcp_errors_rules::fleet::parse("[fleet]\nname = \"acme\"\nowner = 1\n").unwrap_err();
/// assert_eq!((err.line, err.column), (3, 9));
/// ```
pub fn parse(text: &str) -> Result<Fleet, FleetError> {
    let lines = LineIndex::new(text);
    let raw: RawFile = toml::from_str(text).map_err(|e| toml_error(&lines, &e))?;
    let start = Pos { line: 1, column: 1 };
    let fleet = raw.fleet.ok_or_else(|| {
        FleetError::new(
            start,
            "a fleet file needs a `[fleet]` table with its `name` (`[fleet]\\nname = \"acme\"`)",
        )
    })?;
    let name = fleet
        .name
        .ok_or_else(|| FleetError::new(start, "`[fleet]` needs a `name` (`name = \"acme\"`)"))?;
    let common = raw
        .common
        .map(|c| domain(&lines, c, Some(COMMON)))
        .transpose()?;
    let domains = raw
        .domain
        .into_iter()
        .map(|d| domain(&lines, d, None))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Fleet {
        name: located(&lines, name),
        owner: fleet.owner.map(|s| located(&lines, s)),
        description: fleet.description.map(|s| located(&lines, s)),
        doc_url: doc_url(&lines, fleet.doc_url)?,
        common,
        domains,
    })
}

/// A `toml` error as a [`FleetError`] at its span's start (the file's start when it has none).
pub fn toml_error(lines: &LineIndex<'_>, e: &toml::de::Error) -> FleetError {
    let at = e
        .span()
        .map_or(Pos { line: 1, column: 1 }, |s| lines.pos(s.start));
    let message = e.message().trim().trim_end_matches('.');
    FleetError::new(at, message)
}

/// A spanned value as a [`Located`] one.
pub fn located<T>(lines: &LineIndex<'_>, s: Spanned<T>) -> Located<T> {
    let at = lines.pos(s.span().start);
    Located::new(s.into_inner(), at)
}

/// `value` as a code (`i32`), or the error at `at`.
pub fn code(value: i64, at: Pos) -> Result<i32, FleetError> {
    i32::try_from(value).map_err(|_| {
        FleetError::new(
            at,
            format!("code {value} is outside the JSON-RPC code range (a 32-bit integer)"),
        )
    })
}

/// `[lo, hi]` as written, as a [`CodeSpan`]: two codes, low first; `what` names the key in
/// messages (`range`, `a reserved pair`).
pub fn pair(values: &[i64], at: Pos, what: &str) -> Result<CodeSpan, FleetError> {
    let [lo, hi] = values else {
        return Err(FleetError::new(
            at,
            format!(
                "{what} is `[lo, hi]`, two codes; found {} code{}",
                values.len(),
                if values.len() == 1 { "" } else { "s" }
            ),
        ));
    };
    let (lo, hi) = (code(*lo, at)?, code(*hi, at)?);
    if lo <= hi {
        Ok(CodeSpan::new(lo, hi))
    } else {
        Err(FleetError::new(
            at,
            format!("{what} [{lo}, {hi}] is written backwards: write [{hi}, {lo}]"),
        ))
    }
}

/// A `reserved` array read into ranges, each at its position (pairs checked by [`pair`]).
pub fn reserved(
    lines: &LineIndex<'_>,
    raw: Vec<Spanned<ReservedEntry>>,
) -> Result<Vec<Located<CodeSpan>>, FleetError> {
    raw.into_iter()
        .map(|r| {
            let at = lines.pos(r.span().start);
            let range = match r.into_inner() {
                ReservedEntry::Code(c) => CodeSpan::single(code(c, at)?),
                ReservedEntry::Pair(p) => pair(&p, at, "a reserved pair")?,
            };
            Ok(Located::new(range, at))
        })
        .collect()
}

fn domain(
    lines: &LineIndex<'_>,
    raw: Spanned<RawDomain>,
    default_name: Option<&str>,
) -> Result<Domain, FleetError> {
    let at = lines.pos(raw.span().start);
    let table = if default_name.is_some() {
        "`[common]`"
    } else {
        "a `[[domain]]`"
    };
    let raw = raw.into_inner();
    let name = match (raw.name, default_name) {
        (Some(n), _) => located(lines, n),
        (None, Some(d)) => Located::new(d.to_owned(), at),
        (None, None) => {
            return Err(FleetError::new(
                at,
                format!("{table} needs a `name` (`name = \"playwright\"`)"),
            ));
        }
    };
    let Some(range) = raw.range else {
        return Err(FleetError::new(
            at,
            format!(
                "{table} needs a `range` (`range = [2100, 2199]`){}",
                if default_name.is_some() {
                    String::new()
                } else {
                    format!(" for domain `{}`", name.value)
                }
            ),
        ));
    };
    let range_at = lines.pos(range.span().start);
    let values: Vec<i64> = range
        .into_inner()
        .into_iter()
        .map(Spanned::into_inner)
        .collect();
    let range = Located::new(pair(&values, range_at, "`range`")?, range_at);
    let catalog = raw.catalog.map(|c| located(lines, c));
    if let Some(path) = &catalog
        && !path_stays_inside(&path.value)
    {
        return Err(FleetError::new(
            path.at,
            format!(
                "catalog path {:?} leaves the fleet file's folder: write a relative path without `..`",
                path.value
            ),
        ));
    }
    let locales: Vec<Located<String>> =
        raw.locales.into_iter().map(|l| located(lines, l)).collect();
    if let Some(first) = locales.first()
        && catalog.is_none()
    {
        return Err(FleetError::new(
            first.at,
            "`locales` translate a catalog's messages: give the domain its `catalog` too",
        ));
    }
    if let Some(path) = locales.iter().find(|l| !path_stays_inside(&l.value)) {
        return Err(FleetError::new(
            path.at,
            format!(
                "locale path {:?} leaves the fleet file's folder: write a relative path without `..`",
                path.value
            ),
        ));
    }
    Ok(Domain {
        locales,
        at,
        name,
        range,
        catalog,
        reserved: reserved(lines, raw.reserved)?,
        symbol_prefix: raw.symbol_prefix.map(|s| located(lines, s)),
        owner: raw.owner.map(|s| located(lines, s)),
        description: raw.description.map(|s| located(lines, s)),
        doc_url: doc_url(lines, raw.doc_url)?,
    })
}

/// A `doc_url` template checked by `rules::doc_url`; the error is at the value.
fn doc_url(
    lines: &LineIndex<'_>,
    value: Option<Spanned<String>>,
) -> Result<Option<Located<String>>, FleetError> {
    let Some(value) = value else {
        return Ok(None);
    };
    let value = located(lines, value);
    match crate::rules::doc_url::doc_url_problem(&value.value) {
        Some(problem) => Err(FleetError::new(value.at, problem.to_string())),
        None => Ok(Some(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLEET: &str = r#"[fleet]
name = "acme"
owner = "platform"

[common]
range = [1000, 1099]

[[domain]]
name = "playwright"
range = [2100, 2199]
catalog = "servers/playwright/catalog.json"
reserved = [2150, [2160, 2169]]
symbol_prefix = "E_PW_"

[[domain]]
name = "python"
range = [2000, 2099]
catalog = "servers/python/errors.toml"
"#;

    fn err(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_every_key_with_its_position() {
        let fleet = parse(FLEET).unwrap();
        assert_eq!(fleet.name.value, "acme");
        assert_eq!(fleet.name.at, Pos { line: 2, column: 8 });
        let common = fleet.common.as_ref().unwrap();
        assert_eq!(common.name.value, COMMON);
        assert_eq!(common.range.value, CodeSpan::new(1000, 1099));
        let pw = &fleet.domains[0];
        assert_eq!(pw.name.value, "playwright");
        assert_eq!(
            pw.range.at,
            Pos {
                line: 10,
                column: 9
            }
        );
        assert_eq!(
            pw.catalog.as_ref().unwrap().at,
            Pos {
                line: 11,
                column: 11
            }
        );
        let reserved: Vec<(CodeSpan, Pos)> = pw.reserved.iter().map(|r| (r.value, r.at)).collect();
        assert_eq!(
            reserved,
            [
                (
                    CodeSpan::single(2150),
                    Pos {
                        line: 12,
                        column: 13
                    }
                ),
                (
                    CodeSpan::new(2160, 2169),
                    Pos {
                        line: 12,
                        column: 19
                    }
                )
            ]
        );
        assert_eq!(pw.symbol_prefix.as_ref().unwrap().value, "E_PW_");
        assert_eq!(fleet.domains[1].at.line, 15);
        assert!(fleet.domain("common").is_some());
        assert!(fleet.is_common(fleet.domain("common").unwrap()));
    }

    #[test]
    fn bad_input_is_one_error_at_its_position() {
        assert_eq!(
            err("[fleet]\nname = \"a\"\ncolour = 1\n"),
            "3:1: unknown field `colour`, expected one of `name`, `owner`, `description`, `doc_url`"
        );
        assert_eq!(
            err(&FLEET.replace("[2100, 2199]", "[2199, 2100]")),
            "10:9: `range` [2199, 2100] is written backwards: write [2100, 2199]"
        );
        assert_eq!(
            err(&FLEET.replace("[2100, 2199]", "[2100.5, 2199]")),
            "10:10: invalid type: floating point `2100.5`, expected i64"
        );
        assert_eq!(
            err(&FLEET.replace("[2100, 2199]", "[2100]")),
            "10:9: `range` is `[lo, hi]`, two codes; found 1 code"
        );
        assert_eq!(
            err(&FLEET.replace("[2160, 2169]", "[2169, 2160]")),
            "12:19: a reserved pair [2169, 2160] is written backwards: write [2160, 2169]"
        );
        assert_eq!(
            err(&FLEET.replace("2150,", "\"x\",")),
            "12:13: invalid type: string \"x\", expected a code or an inclusive [lo, hi] pair of codes"
        );
        assert_eq!(
            err(&FLEET.replace("2150,", "99999999999,")),
            "12:13: code 99999999999 is outside the JSON-RPC code range (a 32-bit integer)"
        );
        assert_eq!(
            err(&FLEET.replace("servers/python", "../python")),
            "18:11: catalog path \"../python/errors.toml\" leaves the fleet file's folder: write a relative path without `..`"
        );
        assert!(err("[fleet\n").starts_with("1:"));
        assert!(err("{}").starts_with("1:1:"));
        assert_eq!(
            err("[[domain]]\nname = \"x\"\nrange = [1, 2]\n"),
            "1:1: a fleet file needs a `[fleet]` table with its `name` (`[fleet]\\nname = \"acme\"`)"
        );
        assert_eq!(
            err("[fleet]\nname = \"a\"\n[[domain]]\nname = \"x\"\n"),
            "3:1: a `[[domain]]` needs a `range` (`range = [2100, 2199]`) for domain `x`"
        );
    }
}
