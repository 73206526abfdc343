//! The hand-written catalog: the errors of a server not written in Rust (TypeScript, Python,
//! Go), in TOML, read into the same [`Catalog`] model as a derived one, so `gen`, `diff` and
//! `check` take it as they take a Rust server's `--catalog` JSON.
//!
//! ```toml
//! domain = "python"                 # required, lower-kebab-case
//! name = "PythonError"              # optional: the catalog's name (default: the domain)
//! range = [2000, 2099]              # optional: every code inside (as the derive's `range`)
//! reserved = [2042, [2050, 2059]]   # optional: codes retired for good
//! kind = "internal"                 # optional: the default kind of every error
//! retryable = false                 # optional: the default flag of every error
//! doc_url = "https://errors.acme.dev/{domain}#{symbol}"  # optional: every error's page
//!
//! [[error]]
//! code = 2000
//! symbol = "E_PY_EXEC_FAIL"
//! message = "Execution failed: {reason}"   # the derive's template language
//! kind = "internal"                         # default: the catalog's, else `internal`
//! retryable = false                         # default: the catalog's, else the kind's
//! channel = "tool_error"                    # or "jsonrpc"; default "tool_error"
//! error_type = "InternalError"              # default: the kind's (`InternalError`)
//! help = "Check the code for syntax errors"
//! aliases = ["E_PY_FAIL"]                   # older symbols still decoded
//! doc = "The interpreter raised."           # the description generated modules show
//! doc_url = "https://acme.dev/exec"         # its page (default: the catalog's `doc_url`)
//! fields = { reason = "string" }            # name = JSON type, or a table:
//! # fields = { reason = { type = "string", role = "details", key = "why" } }
//! ```
//!
//! [`parse`] fails, at the position of the offending value, on anything a derived catalog
//! could not hold: not TOML, an unknown key, a value of the wrong type, a code outside `i32`, a
//! kind, channel, field role or JSON type the runtime does not know, a template that names no
//! field. What the catalog rules say (duplicate codes, the symbol pattern, the range, the
//! reserved codes) is `check`'s ([`crate::check::catalog_problems`]), and `gen` refuses a
//! catalog that breaks one.

use std::fmt;

use mcp_errors_rules::fleet::read::{self, ReservedEntry};
use mcp_errors_rules::fleet::{FleetError, LineIndex, Pos};
use mcp_errors_rules::rules::template;
use serde::Deserialize;
use serde::de::{self, MapAccess, Visitor};
use toml::Spanned;

use crate::catalog::{
    CHANNELS, Catalog, Entry, Enum, FORMAT, Field, JSON_TYPES, KINDS, ROLES, Range, Reserved,
    VERSION,
};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalog {
    domain: Option<Spanned<String>>,
    name: Option<String>,
    range: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    reserved: Vec<Spanned<ReservedEntry>>,
    kind: Option<Spanned<String>>,
    retryable: Option<bool>,
    doc_url: Option<Spanned<String>>,
    #[serde(default)]
    error: Vec<Spanned<RawError>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawError {
    code: Option<Spanned<i64>>,
    symbol: Option<Spanned<String>>,
    message: Option<Spanned<String>>,
    kind: Option<Spanned<String>>,
    retryable: Option<bool>,
    channel: Option<Spanned<String>>,
    error_type: Option<Spanned<String>>,
    help: Option<String>,
    #[serde(default)]
    aliases: Vec<String>,
    doc: Option<String>,
    doc_url: Option<Spanned<String>>,
    #[serde(default)]
    fields: Option<Spanned<RawFields>>,
}

/// A field's declaration: its JSON type alone, or a table.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawField {
    #[serde(rename = "type")]
    json_type: Option<String>,
    role: Option<String>,
    key: Option<String>,
}

/// The `fields` table, in the order the file gives.
struct RawFields(Vec<(String, RawField)>);

impl<'de> Deserialize<'de> for RawFields {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = RawFields;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a table of fields, each `name = \"type\"` or `name = { type, role, key }`",
                )
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFields, A::Error> {
                let mut out = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    let field = map.next_value::<OneField>()?.0;
                    out.push((name, field));
                }
                Ok(RawFields(out))
            }
        }
        struct OneField(RawField);
        impl<'de> Deserialize<'de> for OneField {
            fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct One;
                impl<'de> Visitor<'de> for One {
                    type Value = OneField;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("a JSON type (\"string\") or a table { type, role, key }")
                    }
                    fn visit_str<E: de::Error>(self, v: &str) -> Result<OneField, E> {
                        Ok(OneField(RawField {
                            json_type: Some(v.to_owned()),
                            role: None,
                            key: None,
                        }))
                    }
                    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<OneField, A::Error> {
                        RawField::deserialize(de::value::MapAccessDeserializer::new(map))
                            .map(OneField)
                    }
                }
                d.deserialize_any(One)
            }
        }
        d.deserialize_map(Fields)
    }
}

/// Reads a hand-written catalog's text into a [`Catalog`] of one enum (its domain's), every
/// entry, enum and reserved entry with its position. `Err`: the first problem, at its position.
pub fn parse(text: &str) -> Result<Catalog, FleetError> {
    let lines = LineIndex::new(text);
    let raw: RawCatalog = toml::from_str(text).map_err(|e| read::toml_error(&lines, &e))?;
    let start = Pos { line: 1, column: 1 };
    let domain = raw.domain.ok_or_else(|| {
        FleetError::new(
            start,
            "a hand-written catalog needs its `domain` (`domain = \"python\"`) before its first `[[error]]`",
        )
    })?;
    let domain = read::located(&lines, domain);
    let default_kind = raw
        .kind
        .map(|k| known(&lines, k, "kind", KINDS))
        .transpose()?;
    let range = match raw.range {
        Some(r) => {
            let at = lines.pos(r.span().start);
            let r = read::pair(r.get_ref(), at, "`range`")?;
            Some(Range {
                start: i64::from(r.lo),
                end: i64::from(r.hi),
            })
        }
        None => None,
    };
    let reserved = read::reserved(&lines, raw.reserved)?;
    let doc_url = raw
        .doc_url
        .map(|t| doc_url_template(&lines, t))
        .transpose()?;
    let mut entries = Vec::with_capacity(raw.error.len());
    for e in raw.error {
        let mut e = entry(
            &lines,
            e,
            &domain.value,
            default_kind.as_deref(),
            raw.retryable,
        )?;
        if let (None, Some(template)) = (&e.doc_url, &doc_url) {
            e.doc_url = resolve_doc_url(template, &e);
        }
        entries.push(e);
    }
    entries.sort_by_key(|e: &Entry| e.code);
    let span = match (entries.first(), entries.last()) {
        (Some(a), Some(b)) => Some(Range {
            start: a.code,
            end: b.code,
        }),
        _ => None,
    };
    let catalog = Catalog {
        format: FORMAT.to_owned(),
        version: VERSION,
        enums: vec![Enum {
            name: raw.name.unwrap_or_else(|| domain.value.clone()),
            domain: domain.value,
            range,
            span,
            entries,
            reserved: reserved
                .iter()
                .map(|r| {
                    if r.value.lo == r.value.hi {
                        Reserved::Code(i64::from(r.value.lo))
                    } else {
                        Reserved::Range([i64::from(r.value.lo), i64::from(r.value.hi)])
                    }
                })
                .collect(),
            at: Some(domain.at),
            reserved_at: reserved.iter().map(|r| r.at).collect(),
        }],
    };
    Ok(catalog)
}

/// A `doc_url` (a template or an explicit URL) checked by the rule of `rules::doc_url`; the
/// error is at the value.
fn doc_url_template(lines: &LineIndex<'_>, value: Spanned<String>) -> Result<String, FleetError> {
    let v = read::located(lines, value);
    match mcp_errors_rules::rules::doc_url::doc_url_problem(&v.value) {
        Some(problem) => Err(FleetError::new(v.at, problem.to_string())),
        None => Ok(v.value),
    }
}

/// `template` resolved for `entry` (a checked template always resolves).
pub(crate) fn resolve_doc_url(template: &str, entry: &Entry) -> Option<String> {
    let code = i32::try_from(entry.code).ok()?;
    mcp_errors_rules::rules::doc_url::resolve_doc_url(template, &entry.domain, &entry.symbol, code)
        .ok()
}

/// `value` if it is one of `allowed`, else the error at it naming the key and the choices.
fn known(
    lines: &LineIndex<'_>,
    value: Spanned<String>,
    key: &str,
    allowed: &[&str],
) -> Result<String, FleetError> {
    let v = read::located(lines, value);
    if allowed.contains(&v.value.as_str()) {
        Ok(v.value)
    } else {
        Err(FleetError::new(
            v.at,
            format!(
                "unknown {key} {:?} (one of: {})",
                v.value,
                allowed.join(", ")
            ),
        ))
    }
}

/// The derive's `errorType` of a kind (`network` -> `NetworkError`), as mcp-errors-core's
/// `ErrorKind::error_type` writes it (tests/handwritten.rs ties the two).
pub fn error_type_of(kind: &str) -> String {
    let mut out = String::with_capacity(kind.len() + 5);
    for part in kind.split('_') {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        }
    }
    out.push_str("Error");
    out
}

/// Whether a kind is retryable when nothing says otherwise (mcp-errors-core's
/// `ErrorKind::default_retryable`, tied by tests/handwritten.rs).
pub fn default_retryable(kind: &str) -> bool {
    matches!(kind, "timeout" | "network" | "rate_limit" | "unavailable")
}

fn entry(
    lines: &LineIndex<'_>,
    raw: Spanned<RawError>,
    domain: &str,
    default_kind: Option<&str>,
    default_retryable_flag: Option<bool>,
) -> Result<Entry, FleetError> {
    let table_at = lines.pos(raw.span().start);
    let raw = raw.into_inner();
    let missing = |key: &str, example: &str| {
        FleetError::new(
            table_at,
            format!("an `[[error]]` needs its `{key}` (`{key} = {example}`)"),
        )
    };
    let code = raw.code.ok_or_else(|| missing("code", "2000"))?;
    let code = read::located(lines, code);
    let code_value = read::code(code.value, code.at)?;
    let symbol = read::located(
        lines,
        raw.symbol
            .ok_or_else(|| missing("symbol", "\"E_PY_EXEC_FAIL\""))?,
    );
    let message = read::located(
        lines,
        raw.message
            .ok_or_else(|| missing("message", "\"Execution failed: {reason}\""))?,
    );
    let kind = match raw.kind {
        Some(k) => known(lines, k, "kind", KINDS)?,
        None => default_kind.unwrap_or("internal").to_owned(),
    };
    let channel = match raw.channel {
        Some(c) => known(lines, c, "channel", CHANNELS)?,
        None => "tool_error".to_owned(),
    };
    let error_type = match raw.error_type {
        Some(t) => {
            let t = read::located(lines, t);
            if t.value.is_empty() || !t.value.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(FleetError::new(
                    t.at,
                    format!(
                        "`error_type` {:?} is not a type name (letters and digits, `NetworkError`)",
                        t.value
                    ),
                ));
            }
            t.value
        }
        None => error_type_of(&kind),
    };
    let fields = fields(lines, raw.fields, table_at)?;
    let doc_url = raw
        .doc_url
        .map(|t| doc_url_template(lines, t))
        .transpose()?;
    match missing_placeholder(&message.value, &fields) {
        Ok(None) => {}
        Ok(Some(name)) => {
            return Err(FleetError::new(
                message.at,
                format!(
                    "the message names `{{{name}}}`, which is no field of {:?}: add it to `fields` (`fields = {{ {name} = \"string\" }}`)",
                    symbol.value
                ),
            ));
        }
        Err(error) => {
            return Err(FleetError::new(
                message.at,
                format!(
                    "the message of {:?} is not a template: {error}",
                    symbol.value
                ),
            ));
        }
    }
    let mut out = Entry {
        code: i64::from(code_value),
        symbol: symbol.value,
        domain: domain.to_owned(),
        message: message.value,
        retryable: raw
            .retryable
            .or(default_retryable_flag)
            .unwrap_or_else(|| default_retryable(&kind)),
        kind,
        variant: String::new(),
        doc: raw.doc.unwrap_or_default(),
        aliases: raw.aliases,
        help: raw.help,
        doc_url: None,
        channel,
        error_type,
        fields,
        at: Some(code.at),
        symbol_at: Some(symbol.at),
    };
    if let Some(template) = doc_url {
        out.doc_url = resolve_doc_url(&template, &out);
    }
    Ok(out)
}

/// The `fields` table read into [`Field`]s, in the file's order (its own position for errors).
fn fields(
    lines: &LineIndex<'_>,
    raw: Option<Spanned<RawFields>>,
    table_at: Pos,
) -> Result<Vec<Field>, FleetError> {
    let fields_at = raw.as_ref().map_or(table_at, |f| lines.pos(f.span().start));
    let mut fields = Vec::new();
    for (name, f) in raw.map(Spanned::into_inner).map_or_else(Vec::new, |f| f.0) {
        let role = f.role.unwrap_or_else(|| "data".to_owned());
        if !ROLES.contains(&role.as_str()) {
            return Err(FleetError::new(
                fields_at,
                format!(
                    "field {name:?} has an unknown role {role:?} (one of: {})",
                    ROLES.join(", ")
                ),
            ));
        }
        if let Some(t) = &f.json_type
            && !JSON_TYPES.contains(&t.as_str())
        {
            return Err(FleetError::new(
                fields_at,
                format!(
                    "field {name:?} has an unknown JSON type {t:?} (one of: {})",
                    JSON_TYPES.join(", ")
                ),
            ));
        }
        fields.push(Field {
            key: f.key.unwrap_or_else(|| name.clone()),
            name,
            role,
            json_type: f.json_type,
        });
    }
    Ok(fields)
}

/// The first argument of `template` (a placeholder `{name}`, `{0}`, `{name:?}`, or a count
/// `{x:width$}`) that names none of `fields`, by the template rule the derive reads a Rust
/// enum's messages with (`rules::template`): `{}` (a positional argument, which a catalog
/// cannot supply) is the empty name, `{0}` the name `0`. The error says why `template` is not
/// one (an unmatched brace, `{ name }`, `.*`).
fn missing_placeholder<'t>(
    template: &'t str,
    fields: &[Field],
) -> Result<Option<String>, template::TemplateError<'t>> {
    let mut missing = None;
    template::args(template, &mut |arg| {
        if missing.is_some() {
            return;
        }
        let name = match arg {
            template::Arg::Named(name) => name.to_owned(),
            template::Arg::Index(index) => index.to_string(),
            template::Arg::Next => String::new(),
        };
        if !fields.iter().any(|f| f.name == name) {
            missing = Some(name);
        }
    })?;
    Ok(missing)
}

/// The names of `template`'s arguments in order, repeats kept, by the template rule the derive
/// reads a Rust enum's messages with (`rules::template`): `{name}`, `{name:?}` and a count
/// `{x:width$}` name `name` and `width`, `{0}` the name `0`, `{}` the empty name. `Err` says
/// why `template` is not one. The translations' placeholder check ([`crate::locale`]) reads
/// templates through it, as [`missing_placeholder`] does.
pub(crate) fn placeholder_names(template: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    template::args(template, &mut |arg| {
        names.push(match arg {
            template::Arg::Named(name) => name.to_owned(),
            template::Arg::Index(index) => index.to_string(),
            template::Arg::Next => String::new(),
        });
    })
    .map_err(|e| e.to_string())?;
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CATALOG: &str = r#"domain = "python"
reserved = [2042, [2050, 2059]]

[[error]]
code = 2001
symbol = "E_PY_SECURITY"
message = "Blocked"
kind = "permission"

[[error]]
code = 2000
symbol = "E_PY_EXEC_FAIL"
message = "Execution failed: {reason}"
kind = "timeout"
fields = { reason = "string", secret = { role = "skip" } }
aliases = ["E_PY_FAIL"]
"#;

    fn err(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_into_the_derived_model() {
        let c = parse(CATALOG).unwrap();
        let en = &c.enums[0];
        assert_eq!((en.name.as_str(), en.domain.as_str()), ("python", "python"));
        assert_eq!(
            en.reserved,
            [Reserved::Code(2042), Reserved::Range([2050, 2059])]
        );
        assert_eq!(
            en.reserved_at[1],
            Pos {
                line: 2,
                column: 19
            }
        );
        assert_eq!(
            en.span,
            Some(Range {
                start: 2000,
                end: 2001
            })
        );
        let e = &en.entries[0];
        assert_eq!(e.symbol, "E_PY_EXEC_FAIL");
        assert_eq!(
            e.at,
            Some(Pos {
                line: 11,
                column: 8
            })
        );
        assert_eq!(
            (e.kind.as_str(), e.error_type.as_str(), e.retryable),
            ("timeout", "TimeoutError", true)
        );
        assert_eq!(e.channel, "tool_error");
        assert_eq!(e.fields.len(), 2);
        assert_eq!(e.fields[1].role, "skip");
        assert_eq!(e.fields[0].json_type.as_deref(), Some("string"));
        assert!(!en.entries[1].retryable);
    }

    #[test]
    fn doc_urls_come_from_the_entry_else_the_template() {
        let text = CATALOG
            .replace(
                "reserved = [2042",
                "doc_url = \"https://errors.acme.dev/{domain}#{symbol}\"\nreserved = [2042",
            )
            .replace(
                "kind = \"permission\"",
                "kind = \"permission\"\ndoc_url = \"https://acme.dev/{code}\"",
            );
        let c = parse(&text).unwrap();
        let urls: Vec<Option<&str>> = c.enums[0]
            .entries
            .iter()
            .map(|e| e.doc_url.as_deref())
            .collect();
        assert_eq!(
            urls,
            [
                Some("https://errors.acme.dev/python#E_PY_EXEC_FAIL"),
                Some("https://acme.dev/2001"),
            ]
        );
        assert_eq!(parse(CATALOG).unwrap().enums[0].entries[0].doc_url, None);
        assert_eq!(
            err(&text.replace("{domain}#", "{page}#")),
            "2:11: unknown placeholder `{page}` in the doc URL; expected `{domain}`, `{symbol}` or `{code}` (write `{{` and `}}` for literal braces)"
        );
        assert_eq!(
            err(&text.replace("https://acme.dev/", "ftp://acme.dev/")),
            "10:11: a doc URL must start with `https://` or `http://`; write the page's absolute address"
        );
    }

    #[test]
    fn bad_values_are_located() {
        assert_eq!(
            err(&CATALOG.replace("kind = \"timeout\"", "kind = \"slow\"")),
            "14:8: unknown kind \"slow\" (one of: validation, timeout, network, rate_limit, unavailable, not_found, permission, internal, protocol, adapter, business)"
        );
        assert_eq!(
            err(&CATALOG.replace("code = 2000", "code = \"2000\"")),
            "11:8: invalid type: string \"2000\", expected i64"
        );
        assert_eq!(
            err(&CATALOG.replace("aliases", "alias")),
            "16:1: unknown field `alias`, expected one of `code`, `symbol`, `message`, `kind`, `retryable`, `channel`, `error_type`, `help`, `aliases`, `doc`, `doc_url`, `fields`"
        );
        assert_eq!(
            err(&CATALOG.replace("{reason}", "{why}")),
            "13:11: the message names `{why}`, which is no field of \"E_PY_EXEC_FAIL\": add it to `fields` (`fields = { why = \"string\" }`)"
        );
        // The derive's template rule: escaped braces name nothing, specs and counts are read.
        for ok in [
            "{{why}} {reason}",
            "{reason:?}",
            "{reason:>8}",
            "{{{reason}}}",
        ] {
            assert!(parse(&CATALOG.replace("{reason}", ok)).is_ok(), "{ok}");
        }
        for (template, error) in [
            (
                "{reason:>width$}",
                "13:11: the message names `{width}`, which is no field",
            ),
            ("{0}", "13:11: the message names `{0}`, which is no field"),
            ("{}", "13:11: the message names `{}`, which is no field"),
            (
                "{ reason }",
                "13:11: the message of \"E_PY_EXEC_FAIL\" is not a template: `{ reason }` does not name a field; expected `{field}` or `{0}`",
            ),
            (
                "{reason",
                "13:11: the message of \"E_PY_EXEC_FAIL\" is not a template: unmatched `{` in template; write `{{` for a literal brace",
            ),
            (
                "reason}",
                "13:11: the message of \"E_PY_EXEC_FAIL\" is not a template: unmatched `}` in template; write `}}` for a literal brace",
            ),
        ] {
            let got = err(&CATALOG.replace("{reason}", template));
            assert!(got.starts_with(error), "{template}: {got}");
        }
        assert_eq!(
            err(&CATALOG.replace("[2050, 2059]", "[2059, 2050]")),
            "2:19: a reserved pair [2059, 2050] is written backwards: write [2050, 2059]"
        );
        assert!(
            err("domain = \"x\"\n[[error]]\ncode = 1\n")
                .starts_with("2:1: an `[[error]]` needs its `symbol`")
        );
        assert!(err("[[error]]\n").starts_with("1:1: a hand-written catalog needs its `domain`"));
        assert!(
            err(&CATALOG.replace("\"string\"", "\"text\"")).contains("unknown JSON type \"text\"")
        );
    }

    #[test]
    fn kinds_spell_their_error_types() {
        assert_eq!(error_type_of("rate_limit"), "RateLimitError");
        assert_eq!(error_type_of("not_found"), "NotFoundError");
        assert!(default_retryable("network") && !default_retryable("internal"));
    }
}
