//! The catalog JSON of `Registry::to_json` (`{"format": "mcp-errors-catalog", "version": 1,
//! "enums": [...]}`), read back, and the one-line errors of a file that is not one.

use std::fmt;
use std::path::Path;

use serde::Deserialize;

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

/// One registered enum.
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
    /// `tool_error` or `jsonrpc` (one of [`CHANNELS`]).
    pub channel: String,
    /// Seed 002's `errorType` (`NetworkError`).
    #[serde(rename = "errorType")]
    pub error_type: String,
    /// The variant's fields.
    #[serde(default)]
    pub fields: Vec<Field>,
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
}

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
        let catalog = typed(text)?;
        catalog.validate()?;
        Ok(catalog)
    }

    /// Reads the catalog file at `path`; `Err` is one line naming the file and the problem.
    pub fn load(path: &Path) -> Result<Catalog, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        Catalog::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// What the generators and `diff` rely on: no empty symbol, no code outside `i32`, each
    /// symbol one code, and a channel, kind and field roles that mcp-errors-core writes (an
    /// unknown channel would otherwise pass for a tool error). The error names the member at
    /// fault (`enums[1].entries[3].channel`), the symbol, and the values allowed.
    fn validate(&self) -> Result<(), String> {
        let mut codes = std::collections::BTreeMap::new();
        for (i, en) in self.enums.iter().enumerate() {
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
