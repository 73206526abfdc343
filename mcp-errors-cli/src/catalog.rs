//! The catalog JSON of `Registry::to_json` (`{"format": "mcp-errors-catalog", "version": 1,
//! "enums": [...]}`), read back, and the one-line errors of a file that is not one. A
//! hand-written TOML catalog ([`crate::handwritten`]) is read into the same model, so every
//! command takes either ([`Catalog::load`] chooses by extension, else by content).
//!
//! Each enum and entry remembers where it was written ([`Enum::at`], [`Entry::at`], ...), for
//! the findings of `mcp-errors check`: a JSON catalog's members are found through
//! `serde_json`'s borrowed `RawValue`s, a TOML one's through `toml::Spanned`.

use std::fmt;
use std::path::Path;

use mcp_errors_rules::fleet::{FleetError, LineIndex, Pos};
use serde::Deserialize;
use serde_json::value::RawValue;

/// The `format` member every catalog carries.
pub const FORMAT: &str = "mcp-errors-catalog";
/// The catalog format version this tool reads.
pub const VERSION: u64 = 1;

/// The channels an entry may have, as mcp-errors-core writes them (`Channel::as_str`): a
/// tool error, or a JSON-RPC error.
pub const CHANNELS: &[&str] = &["tool_error", "jsonrpc"];
/// The kinds an entry may have, as mcp-errors-core writes them (`ErrorKind::as_str`).
pub const KINDS: &[&str] = &[
    "validation",
    "timeout",
    "network",
    "rate_limit",
    "unavailable",
    "not_found",
    "permission",
    "internal",
    "protocol",
    "adapter",
    "business",
];
/// The roles a field may have, as mcp-errors-core writes them (`FieldRole::as_str`).
pub const ROLES: &[&str] = &[
    "data",
    "skip",
    "details",
    "source",
    "retry_after",
    "retryable",
    "transparent",
    "message",
];

/// A whole catalog: its enums, ordered by range, each with its entries ordered by code.
#[derive(Clone, Debug, Deserialize)]
pub struct Catalog {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u64,
    /// One per registered enum.
    pub enums: Vec<Enum>,
}

/// An inclusive code range.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub struct Range {
    /// First code.
    pub start: i64,
    /// Last code.
    pub end: i64,
}

impl Range {
    /// Whether `other` lies inside `self`.
    pub fn contains_range(self, other: Range) -> bool {
        self.start <= other.start && other.end <= self.end
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", self.start, self.end)
    }
}

/// A code or an inclusive range of codes an enum retired for good (`"reserved": [2150,
/// [2160, 2169]]`): no entry may use it again, and `diff` lets a code go only into it.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Reserved {
    /// One code.
    Code(i64),
    /// `[lo, hi]`, inclusive.
    Range([i64; 2]),
}

impl Reserved {
    /// The first and last code.
    pub fn bounds(self) -> (i64, i64) {
        match self {
            Reserved::Code(c) => (c, c),
            Reserved::Range([lo, hi]) => (lo, hi),
        }
    }

    /// Whether `code` is retired by this entry.
    pub fn contains(self, code: i64) -> bool {
        let (lo, hi) = self.bounds();
        lo <= code && code <= hi
    }
}

/// One registered enum (or a hand-written catalog: one enum of its domain).
#[derive(Clone, Debug, Deserialize)]
pub struct Enum {
    /// The Rust type's name.
    pub name: String,
    /// Its domain.
    pub domain: String,
    /// Its declared range, if any.
    #[serde(default)]
    pub range: Option<Range>,
    /// The codes it uses, if any.
    #[serde(default)]
    pub span: Option<Range>,
    /// Its codes.
    pub entries: Vec<Entry>,
    /// The codes it retired for good (omitted when none).
    #[serde(default)]
    pub reserved: Vec<Reserved>,
    /// Where its `domain` is written, when read from a file.
    #[serde(skip)]
    pub at: Option<Pos>,
    /// Where each of [`Enum::reserved`] is written, when read from a file.
    #[serde(skip)]
    pub reserved_at: Vec<Pos>,
}

/// One code of the catalog.
#[derive(Clone, Debug, Deserialize)]
pub struct Entry {
    /// The numeric code.
    pub code: i64,
    /// The symbol (`E_PW_NAV`).
    pub symbol: String,
    /// The domain of the enum that declares it.
    pub domain: String,
    /// The message template.
    pub message: String,
    /// The catalog's retryable flag.
    pub retryable: bool,
    /// The kind (`network`, `validation`, ...: one of [`KINDS`]).
    pub kind: String,
    /// The Rust variant's name.
    #[serde(default)]
    pub variant: String,
    /// The variant's doc comment.
    #[serde(default)]
    pub doc: String,
    /// More symbols that decode to this code.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// What to do about it.
    #[serde(default)]
    pub help: Option<String>,
    /// Where the error is documented (`docUrl`, omitted when none).
    #[serde(default, rename = "docUrl")]
    pub doc_url: Option<String>,
    /// `tool_error` or `jsonrpc` (one of [`CHANNELS`]).
    pub channel: String,
    /// The TypeScript hierarchy's `errorType` (`NetworkError`).
    #[serde(rename = "errorType")]
    pub error_type: String,
    /// The variant's fields.
    #[serde(default)]
    pub fields: Vec<Field>,
    /// Where its `code` is written, when read from a file.
    #[serde(skip)]
    pub at: Option<Pos>,
    /// Where its `symbol` is written, when read from a file.
    #[serde(skip)]
    pub symbol_at: Option<Pos>,
}

/// A field of a variant.
#[derive(Clone, Debug, Deserialize)]
pub struct Field {
    /// The Rust field's name.
    pub name: String,
    /// Its key on the wire.
    pub key: String,
    /// `data`, `skip`, `details`, ... (one of [`ROLES`]).
    pub role: String,
    /// Its JSON type (`string`, `integer`, ...: one of [`JSON_TYPES`]), when its catalog says
    /// (a hand-written one may; a derived one does not).
    #[serde(default, rename = "type")]
    pub json_type: Option<String>,
}

/// The JSON types a hand-written catalog may give a field (`any`: no constraint).
pub const JSON_TYPES: &[&str] = &[
    "string", "integer", "number", "boolean", "object", "array", "any",
];

impl Entry {
    /// The description a generated module shows: the doc comment, else the message.
    pub fn description(&self) -> &str {
        if self.doc.trim().is_empty() {
            &self.message
        } else {
            self.doc.trim()
        }
    }

    /// Whether this code goes out as a JSON-RPC error rather than a tool error.
    pub fn is_json_rpc(&self) -> bool {
        self.channel == "jsonrpc"
    }
}

impl Catalog {
    /// Every entry, in catalog order (enums by range, codes by value).
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.enums.iter().flat_map(|e| e.entries.iter())
    }

    /// The entries once per symbol (the first occurrence wins), in catalog order.
    pub fn unique_entries(&self) -> Vec<&Entry> {
        let mut seen = std::collections::BTreeSet::new();
        self.entries()
            .filter(|e| seen.insert(e.symbol.as_str()))
            .collect()
    }

    /// Reads a catalog from JSON text; `Err` is one line saying what is wrong.
    pub fn from_json(text: &str) -> Result<Catalog, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let Some(object) = value.as_object() else {
            return Err(format!(
                "not an mcp-errors catalog: expected a JSON object with \"format\": \"{FORMAT}\", found {}",
                json_kind(&value)
            ));
        };
        match object.get("format").and_then(serde_json::Value::as_str) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(format!(
                    "not an mcp-errors catalog: \"format\" is {other:?}, expected \"{FORMAT}\""
                ));
            }
            None => {
                return Err(format!(
                    "not an mcp-errors catalog: no \"format\": \"{FORMAT}\" member (print one with Registry::to_json)"
                ));
            }
        }
        match object.get("version").and_then(serde_json::Value::as_u64) {
            Some(VERSION) => {}
            _ => {
                return Err(format!(
                    "unsupported catalog version {}, this tool reads version {VERSION}",
                    object
                        .get("version")
                        .map_or_else(|| "(missing)".to_owned(), ToString::to_string)
                ));
            }
        }
        let mut catalog = typed(text)?;
        catalog.validate()?;
        locate(text, &mut catalog);
        Ok(catalog)
    }

    /// Reads the catalog file at `path`, derived JSON or a hand-written TOML catalog
    /// ([`Format::of`]); `Err` is one line naming the file and the problem, for a TOML catalog
    /// with its line and column (`PATH:LINE:COLUMN: error: ...`), including the first catalog
    /// rule it breaks ([`crate::check::catalog_problems`]).
    pub fn load(path: &Path) -> Result<Catalog, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        match Format::of(path, &text) {
            Format::Json => {
                Catalog::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
            }
            Format::Toml => {
                let name = path.display().to_string();
                let catalog =
                    crate::handwritten::parse(&text).map_err(|e| file_error(&name, &e))?;
                // A derived catalog passed the derive's checks; a hand-written one passes the
                // same rules here.
                match crate::check::catalog_problems(&catalog, true, &name).first() {
                    Some(problem) => Err(problem.line()),
                    None => Ok(catalog),
                }
            }
        }
    }

    /// What the generators and `diff` rely on: no empty symbol, no code outside `i32`, each
    /// symbol one code, and a channel, kind and field roles that mcp-errors-core writes (an
    /// unknown channel would otherwise pass for a tool error). The error names the member at
    /// fault (`enums[1].entries[3].channel`), the symbol, and the values allowed.
    fn validate(&self) -> Result<(), String> {
        let mut codes = std::collections::BTreeMap::new();
        for (i, en) in self.enums.iter().enumerate() {
            for (k, r) in en.reserved.iter().enumerate() {
                let (lo, hi) = r.bounds();
                if i32::try_from(lo).is_err() || i32::try_from(hi).is_err() || lo > hi {
                    return Err(format!(
                        "enums[{i}].reserved[{k}]: {lo}..={hi} is not a code or an inclusive [lo, hi] pair of codes (i32, lo first)"
                    ));
                }
            }
            for (j, entry) in en.entries.iter().enumerate() {
                let at = || format!("enums[{i}].entries[{j}]");
                if entry.symbol.is_empty() {
                    return Err(format!(
                        "{}.symbol: code {} has an empty symbol",
                        at(),
                        entry.code
                    ));
                }
                if i32::try_from(entry.code).is_err() {
                    return Err(format!(
                        "{}.code: code {} of {:?} is outside the JSON-RPC code range (i32)",
                        at(),
                        entry.code,
                        entry.symbol
                    ));
                }
                if let Some(other) = codes.insert(entry.symbol.as_str(), entry.code)
                    && other != entry.code
                {
                    return Err(format!(
                        "{}.symbol: symbol {:?} stands for two codes, {other} and {}",
                        at(),
                        entry.symbol,
                        entry.code
                    ));
                }
                if let Some(url) = &entry.doc_url
                    && let Some(problem) =
                        mcp_errors_rules::rules::doc_url::resolved_doc_url_problem(url)
                {
                    return Err(format!("{}.docUrl: {:?}: {problem}", at(), entry.symbol));
                }
                for (member, value, allowed) in [
                    ("channel", &entry.channel, CHANNELS),
                    ("kind", &entry.kind, KINDS),
                ] {
                    if !allowed.contains(&value.as_str()) {
                        return Err(format!(
                            "{}.{member}: {:?} has an unknown {member} {value:?} (one of: {})",
                            at(),
                            entry.symbol,
                            allowed.join(", ")
                        ));
                    }
                }
                for (k, field) in entry.fields.iter().enumerate() {
                    if let Some(first) = entry.fields[..k].iter().position(|f| f.name == field.name)
                    {
                        return Err(format!(
                            "{}.fields[{k}].name: {:?} has two fields named {:?} (fields[{first}] too); a template could not say which it means",
                            at(),
                            entry.symbol,
                            field.name
                        ));
                    }
                    if !ROLES.contains(&field.role.as_str()) {
                        return Err(format!(
                            "{}.fields[{k}].role: field {:?} of {:?} has an unknown role {:?} (one of: {})",
                            at(),
                            field.name,
                            entry.symbol,
                            field.role,
                            ROLES.join(", ")
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// `text` read as a [`Catalog`]; `Err` names the member at fault by its path from the root
/// (`enums[1].entries[3].symbol`), with `serde_json`'s line and column.
fn typed(text: &str) -> Result<Catalog, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    let catalog: Catalog = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let e = e.into_inner();
        if path == "." {
            format!("not an mcp-errors catalog: {e}")
        } else {
            format!("not an mcp-errors catalog: {path}: {e}")
        }
    })?;
    // (Trailing text was refused already, when `from_json` read the text as a `Value`.)
    Ok(catalog)
}

/// How a catalog file is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Derived JSON (`Registry::to_json`, a server's `--catalog`).
    Json,
    /// A hand-written TOML catalog ([`crate::handwritten`]).
    Toml,
}

impl Format {
    /// By extension (`.json`, `.toml`), else by content: JSON starts with `{` (after
    /// whitespace; a catalog is an object), anything else is read as TOML.
    pub fn of(path: &Path, text: &str) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => Format::Json,
            Some(e) if e.eq_ignore_ascii_case("toml") => Format::Toml,
            _ if text.trim_start().starts_with('{') => Format::Json,
            _ => Format::Toml,
        }
    }
}

/// Where each enum's domain, reserved entry, and each entry's code and symbol start in
/// `text`, borrowed as `RawValue`s (slices of `text`, so their offsets are positions).
#[derive(Deserialize)]
struct Spots<'a> {
    #[serde(borrow)]
    enums: Vec<EnumSpots<'a>>,
}

#[derive(Deserialize)]
struct EnumSpots<'a> {
    #[serde(borrow)]
    domain: &'a RawValue,
    #[serde(borrow, default)]
    reserved: Vec<&'a RawValue>,
    #[serde(borrow)]
    entries: Vec<EntrySpots<'a>>,
}

#[derive(Deserialize)]
struct EntrySpots<'a> {
    #[serde(borrow)]
    code: &'a RawValue,
    #[serde(borrow)]
    symbol: &'a RawValue,
}

/// Fills the positions of `catalog`, read from `text` already (so this second reading
/// succeeds; if it did not, the catalog simply stays without positions).
fn locate(text: &str, catalog: &mut Catalog) {
    let Ok(spots) = serde_json::from_str::<Spots<'_>>(text) else {
        return;
    };
    let lines = LineIndex::new(text);
    let base = text.as_ptr() as usize;
    let at = |raw: &RawValue| lines.pos((raw.get().as_ptr() as usize).saturating_sub(base));
    for (en, spots) in catalog.enums.iter_mut().zip(&spots.enums) {
        en.at = Some(at(spots.domain));
        en.reserved_at = spots.reserved.iter().map(|r| at(r)).collect();
        for (entry, spots) in en.entries.iter_mut().zip(&spots.entries) {
            entry.at = Some(at(spots.code));
            entry.symbol_at = Some(at(spots.symbol));
        }
    }
}

fn json_kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

/// `PATH:LINE:COLUMN: error: MESSAGE`: the one line of `e`, a problem of the file named
/// `name` (a catalog, a translation or a fleet file that cannot be read as one).
pub(crate) fn file_error(name: &str, e: &FleetError) -> String {
    format!("{name}:{}:{}: error: {}", e.line, e.column, e.message)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path `from_json` names for `text`'s first error (`""`: the root).
    fn path_of(text: &str) -> String {
        let e = typed(text).unwrap_err();
        let rest = e.strip_prefix("not an mcp-errors catalog: ").unwrap();
        match rest.split_once(": ") {
            Some((path, _)) if !path.contains(' ') => path.to_owned(),
            _ => String::new(),
        }
    }

    const ENTRY: &str = r#"{"code": 1, "symbol": "E_A", "domain": "d", "message": "m",
        "retryable": false, "kind": "internal", "channel": "jsonrpc", "errorType": "E"}"#;

    fn catalog(second_entry: &str) -> String {
        format!(
            "{{\"format\": \"mcp-errors-catalog\", \"version\": 1, \"enums\": [\n\
             {{\"name\": \"A\", \"domain\": \"d\", \"entries\": []}},\n\
             {{\"name\": \"B\\\"}}\", \"domain\": \"d\", \"entries\": [{ENTRY}, {second_entry}]}}]}}"
        )
    }

    #[test]
    fn paths_of_errors() {
        assert!(Catalog::from_json(&catalog(ENTRY)).is_ok());
        let wrong = |from: &str, to: &str| {
            assert!(ENTRY.contains(from));
            path_of(&catalog(&ENTRY.replacen(from, to, 1)))
        };
        assert_eq!(
            wrong(r#""symbol": "E_A""#, r#""symbol": null"#),
            "enums[1].entries[1].symbol"
        );
        assert_eq!(
            wrong(r#""retryable": false"#, r#""retryable": "no""#),
            "enums[1].entries[1].retryable"
        );
        assert_eq!(
            wrong(r#""code": 1"#, r#""code": 1.5"#),
            "enums[1].entries[1].code"
        );
        assert_eq!(
            wrong(
                r#""code": 1, "#,
                r#""code": 1, "fields": [{"name": "a", "key": "a", "role": "data"},  {"name": 2}], "#
            ),
            "enums[1].entries[1].fields[1].name"
        );
        assert_eq!(
            wrong(r#""code": 1, "#, r#""code": 1, "aliases": ["X", {}], "#),
            "enums[1].entries[1].aliases[1]"
        );
        assert_eq!(
            wrong(r#""code": 1, "#, r#""code": 1, "aliases": [[]], "#),
            "enums[1].entries[1].aliases[0]"
        );
        assert_eq!(
            wrong(r#""code": 1, "#, r#""code": 1, "fields": {}, "#),
            "enums[1].entries[1].fields"
        );
        assert_eq!(wrong(r#""code": 1, "#, ""), "enums[1].entries[1]");
        assert_eq!(
            wrong(r#""code": 1, "#, r#""code": 1, "code": 2, "#),
            "enums[1].entries[1]"
        );
        assert_eq!(
            path_of(&catalog(ENTRY).replace(
                "\"entries\": []",
                "\"entries\": [], \"range\": {\"start\": 1}"
            )),
            "enums[0].range"
        );
        assert_eq!(
            path_of(&catalog(ENTRY).replace(
                "\"name\": \"A\"",
                "\"name\": \"A\", \"we\\\"ird\": 1, \"span\": 7"
            )),
            "enums[0].span"
        );
        assert_eq!(path_of(r#"{"format": "x", "version": 1}"#), "");
        assert_eq!(path_of(r#"{"enums": 5}"#), "enums");
        assert_eq!(path_of("{\"enums\": [\n  null\n]}"), "enums[0]");
    }

    #[test]
    fn unknown_values_name_the_member_and_the_symbol() {
        let bad = catalog(&ENTRY.replace(r#""channel": "jsonrpc""#, r#""channel": "smoke""#));
        assert_eq!(
            Catalog::from_json(&bad).unwrap_err(),
            "enums[1].entries[1].channel: \"E_A\" has an unknown channel \"smoke\" (one of: tool_error, jsonrpc)"
        );
    }
}
