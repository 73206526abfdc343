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
use mcp_errors_rules::fleet::{CodeSpan, FleetError, LineIndex, Located, Pos};
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
    /// `None` when the file has no `error` key (a piece before the first `[[error]]` must not).
    error: Option<Vec<Spanned<RawError>>>,
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

/// The table `e` with every position moved by `by` bytes.
fn shifted(e: Spanned<RawError>, by: usize) -> Spanned<RawError> {
    let span = e.span();
    let e = e.into_inner();
    let moved = RawError {
        code: e.code.map(|v| shift(v, by)),
        symbol: e.symbol.map(|v| shift(v, by)),
        message: e.message.map(|v| shift(v, by)),
        kind: e.kind.map(|v| shift(v, by)),
        channel: e.channel.map(|v| shift(v, by)),
        error_type: e.error_type.map(|v| shift(v, by)),
        doc_url: e.doc_url.map(|v| shift(v, by)),
        fields: e.fields.map(|v| shift(v, by)),
        ..e
    };
    Spanned::new(span.start + by..span.end + by, moved)
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
///
/// A catalog past 64 KiB is read in pieces, cut before its `[[error]]` headers: toml's parser
/// holds the tokens, the events and the tree of all it reads at once (about 2 KiB for each
/// `[[error]]` of a few lines), so a piece's only while it is read. On any problem in a piece,
/// or a text that cannot be cut, the whole text is read at once, so the error and its position
/// are the same either way.
pub fn parse(text: &str) -> Result<Catalog, FleetError> {
    if text.len() > PIECE
        && let Some(catalog) = parse_in_pieces(text)
    {
        return Ok(catalog);
    }
    parse_whole(text)
}

/// [`parse`] of the whole text at once.
fn parse_whole(text: &str) -> Result<Catalog, FleetError> {
    let lines = LineIndex::new(text);
    let mut raw: RawCatalog = toml::from_str(text).map_err(|e| read::toml_error(&lines, &e))?;
    let errors = raw.error.take().unwrap_or_default();
    let header = Header::read(&lines, raw)?;
    let mut entries = Vec::with_capacity(errors.len());
    for e in errors {
        entries.push(header.entry(&lines, e)?);
    }
    Ok(header.catalog(entries))
}

/// The size of a piece [`parse_in_pieces`] hands toml's parser (it cuts only before an
/// `[[error]]`, so a piece is this or one error more).
const PIECE: usize = 64 * 1024;

/// [`parse`] of `text` cut before top-level `[[error]]` headers ([`piece_starts`]): the part
/// before the first, then each piece alone, its positions moved by where it starts. `None`
/// when it cannot be cut, or on any problem (then [`parse`] reads the whole text, for its
/// error). The pieces read as the whole would: the first holds every top-level key and no
/// `error`, every other only `[[error]]` tables (each starting with one), so no key is defined
/// in two pieces and the errors come in the file's order.
fn parse_in_pieces(text: &str) -> Option<Catalog> {
    let starts = piece_starts(text);
    let first = *starts.first()?;
    let lines = LineIndex::new(text);
    let raw: RawCatalog = toml::from_str(&text[..first]).ok()?;
    if raw.error.is_some() {
        return None;
    }
    let header = Header::read(&lines, raw).ok()?;
    let mut entries = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let piece: RawPiece = toml::from_str(&text[start..end]).ok()?;
        for e in piece.error {
            entries.push(header.entry(&lines, shifted(e, start)).ok()?);
        }
    }
    Some(header.catalog(entries))
}

/// Where [`parse_in_pieces`] cuts `text`: before top-level `[[error]]` headers (at the start of
/// a line, outside any array or inline table), at least [`PIECE`] bytes apart, the first being
/// the first header. Found with toml's own lexer, so a `[[error]]` inside a string is never
/// taken for one; a header spelled otherwise (`[[ "error" ]]`) is not cut at.
fn piece_starts(text: &str) -> Vec<usize> {
    use toml_parser::lexer::TokenKind;

    let mut starts: Vec<usize> = Vec::new();
    // Brackets and braces open in a value; whether only whitespace came since the line began.
    let mut depth = 0_usize;
    let mut line_start = true;
    // The header being read: where it starts, and its tokens but whitespace.
    let mut header: Option<(usize, Vec<(TokenKind, &str)>)> = None;
    for token in toml_parser::Source::new(text).lex() {
        let kind = token.kind();
        let span = token.span();
        if let Some((at, tokens)) = &mut header {
            match kind {
                TokenKind::Newline | TokenKind::Eof => {
                    let is_error = matches!(
                        tokens.as_slice(),
                        [
                            (TokenKind::LeftSquareBracket, _),
                            (TokenKind::LeftSquareBracket, _),
                            (TokenKind::Atom, "error"),
                            (TokenKind::RightSquareBracket, _),
                            (TokenKind::RightSquareBracket, _),
                        ]
                    );
                    if is_error && starts.last().is_none_or(|last| *at - last >= PIECE) {
                        starts.push(*at);
                    }
                    header = None;
                    line_start = true;
                }
                TokenKind::Whitespace | TokenKind::Comment => {}
                _ => tokens.push((kind, &text[span.start()..span.end()])),
            }
            continue;
        }
        match kind {
            TokenKind::Newline => line_start = true,
            TokenKind::Whitespace => {}
            TokenKind::LeftSquareBracket if depth == 0 && line_start => {
                header = Some((span.start(), vec![(kind, "[")]));
            }
            TokenKind::LeftSquareBracket | TokenKind::LeftCurlyBracket => {
                depth += 1;
                line_start = false;
            }
            TokenKind::RightSquareBracket | TokenKind::RightCurlyBracket => {
                depth = depth.saturating_sub(1);
                line_start = false;
            }
            _ => line_start = false,
        }
    }
    starts
}

/// A piece of a catalog after its first `[[error]]`: `[[error]]` tables only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    error: Vec<Spanned<RawError>>,
}

/// `value` with its span moved by `by` bytes (a piece's position in the whole text).
fn shift<T>(value: Spanned<T>, by: usize) -> Spanned<T> {
    let span = value.span();
    Spanned::new(span.start + by..span.end + by, value.into_inner())
}

/// What a hand-written catalog says above its errors, read: what every entry takes from it.
struct Header {
    name: Option<String>,
    domain: Located<String>,
    default_kind: Option<String>,
    default_retryable: Option<bool>,
    range: Option<Range>,
    reserved: Vec<Located<CodeSpan>>,
    doc_url: Option<String>,
}

impl Header {
    /// The top-level keys of `raw` (its `error` already taken), checked in the file's terms.
    fn read(lines: &LineIndex<'_>, raw: RawCatalog) -> Result<Header, FleetError> {
        let start = Pos { line: 1, column: 1 };
        let domain = raw.domain.ok_or_else(|| {
            FleetError::new(
                start,
                "a hand-written catalog needs its `domain` (`domain = \"python\"`) before its first `[[error]]`",
            )
        })?;
        let domain = read::located(lines, domain);
        let default_kind = raw
            .kind
            .map(|k| known(lines, k, "kind", KINDS))
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
        let reserved = read::reserved(lines, raw.reserved)?;
        let doc_url = raw
            .doc_url
            .map(|t| doc_url_template(lines, t))
            .transpose()?;
        Ok(Header {
            name: raw.name,
            domain,
            default_kind,
            default_retryable: raw.retryable,
            range,
            reserved,
            doc_url,
        })
    }

    /// The entry of one `[[error]]`, the catalog's defaults applied.
    fn entry(&self, lines: &LineIndex<'_>, raw: Spanned<RawError>) -> Result<Entry, FleetError> {
        let mut e = entry(
            lines,
            raw,
            &self.domain.value,
            self.default_kind.as_deref(),
            self.default_retryable,
        )?;
        if let (None, Some(template)) = (&e.doc_url, &self.doc_url) {
            e.doc_url = resolve_doc_url(template, &e);
        }
        Ok(e)
    }

    /// The catalog of this header and its `entries`.
    fn catalog(self, mut entries: Vec<Entry>) -> Catalog {
        entries.sort_by_key(|e: &Entry| e.code);
        let span = match (entries.first(), entries.last()) {
            (Some(a), Some(b)) => Some(Range {
                start: a.code,
                end: b.code,
            }),
            _ => None,
        };
        let reserved = &self.reserved;
        Catalog {
            format: FORMAT.to_owned(),
            version: VERSION,
            enums: vec![Enum {
                name: self.name.unwrap_or_else(|| self.domain.value.clone()),
                domain: self.domain.value,
                range: self.range,
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
                at: Some(self.domain.at),
                reserved_at: reserved.iter().map(|r| r.at).collect(),
            }],
        }
    }
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
/// `{x:width$}`) that names none of `fields`, read by [`placeholder_names`]: `{}` (a
/// positional argument, which a catalog cannot supply) is the empty name, `{0}` the name `0`.
/// The error says why `template` is not one (an unmatched brace, `{ name }`, `.*`).
fn missing_placeholder(template: &str, fields: &[Field]) -> Result<Option<String>, String> {
    Ok(placeholder_names(template)?
        .into_iter()
        .find(|name| !fields.iter().any(|f| f.name == *name)))
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
    use std::fmt::Write as _;

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

    /// A catalog several pieces long, with `[[error]]` inside strings, comments and an array,
    /// a table header in another spelling, and a `fields` subtable.
    fn long_catalog(bad: &str) -> String {
        let mut text = String::from(
            "domain = \"big\"\ndoc_url = \"https://e.dev/{domain}#{symbol}\"\nreserved = [\n  [99000, 99009],\n]\n",
        );
        for i in 0..3000 {
            let code = 100_000 + i;
            let _ = write!(
                text,
                "\n# [[error]] in a comment\n[[error]]\ncode = {code}\nsymbol = \"E_BIG_{i}\"\nmessage = \"m {{reason}}\"\n"
            );
            match i % 4 {
                0 => text.push_str("doc = \"\"\"\n[[error]]\ncode = 1\n\"\"\"\nfields = { reason = \"string\" }\n"),
                1 => text.push_str("aliases = [\n  \"E_OLD\",\n]\n[error.fields]\nreason = { type = \"string\", role = \"details\" }\n"),
                2 => text.push_str("help = \'\'\'\n[[error]]\'\'\'\nfields = { reason = \"string\" }\n"),
                _ => text.push_str("fields = { reason = \"string\" }\n[[ \"error\" ]] # another spelling\ncode = 1\nsymbol = \"E_SPELT\"\nmessage = \"m\"\n"),
            }
            if i == 2500 {
                text.push_str(bad);
            }
        }
        text
    }

    #[test]
    fn a_long_catalog_read_in_pieces_is_the_catalog_read_whole() {
        let text = long_catalog("");
        let starts = piece_starts(&text);
        assert!(starts.len() > 3, "{starts:?}");
        for &at in &starts {
            assert!(text[at..].starts_with("[[error]]\ncode = "), "{at}");
        }
        let pieces = parse_in_pieces(&text).expect("read in pieces");
        let whole = parse_whole(&text).unwrap();
        assert_eq!(format!("{pieces:?}"), format!("{whole:?}"));
        assert_eq!(whole.enums[0].entries.len(), 3000 + 750);
    }

    #[test]
    fn a_long_catalog_s_problems_are_the_whole_reading_s() {
        for bad in [
            "kind = \"nope\"\n",
            "colour = \"red\"\n",
            "code = 5\n",
            "[stray]\nx = 1\n",
        ] {
            let text = long_catalog(bad);
            assert!(parse_in_pieces(&text).is_none(), "{bad}");
            let whole = parse_whole(&text).unwrap_err().to_string();
            assert_eq!(err(&text), whole, "{bad}");
        }
        // An `error` key above the first `[[error]]` is TOML's error, not a piece's.
        let text = long_catalog("").replacen("reserved", "error = []\nreserved", 1);
        assert_eq!(err(&text), parse_whole(&text).unwrap_err().to_string());
        assert!(err(&text).contains("duplicate key"), "{}", err(&text));
    }

    #[test]
    fn cuts_only_before_a_top_level_error_header() {
        let text = "a = [\n[[error]]\n]\ns = \"\"\"\n[[error]]\n\"\"\"\n[[error]]\n";
        assert_eq!(piece_starts(text), [text.rfind("[[error]]").unwrap()]);
        assert_eq!(piece_starts("[[error]]\n[[errors]]\n"), [0]);
        assert_eq!(piece_starts("[[ error ]] # spaced\n"), [0]);
        assert!(piece_starts("x = { a = [\n[[error]]\n] }\n").is_empty());
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
