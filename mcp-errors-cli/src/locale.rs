//! Translations of a catalog's message templates, one TOML file per locale, which `gen
//! --locale FILE` writes into the generated modules (their `localizedMessage`,
//! `localized_message`, `LocalizedMessage` render a decoded error's message in a client's
//! language). The wire text is never translated: the server's message stays in its language.
//!
//! ```toml
//! locale = "fr"                     # required: a BCP 47 tag (`fr`, `fr-CA`, `pt-BR`)
//!
//! [messages]                        # symbol = the template in that language
//! E_PY_EXEC_FAIL = "Échec de l'exécution : {reason}"
//! ```
//!
//! [`parse`] fails, at the position of the offending value, on a file that is not TOML, an
//! unknown key, a missing or malformed `locale`, a symbol the catalog lacks (an alias is not
//! translated: the decoded error carries its canonical symbol), and a translation whose
//! placeholders differ from the original's: the same set of names (order free, a name may
//! repeat), read by the one template parser of the CLI
//! (`handwritten::placeholder_names`: the template rule of
//! `mcp_errors_rules::rules::template`, the derive's).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use mcp_errors_rules::fleet::read;
use mcp_errors_rules::fleet::{FleetError, LineIndex, Pos};
use serde::Deserialize;
use toml::Spanned;

use crate::catalog::Catalog;

/// One locale's templates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translation {
    /// The tag as the file writes it (`fr-CA`).
    pub locale: String,
    /// Symbol → template in that language, ordered by symbol.
    pub messages: BTreeMap<String, String>,
}

impl Translation {
    /// The tag the generated tables are keyed by: lowercase, `_` read as `-` (BCP 47 tags
    /// are case-insensitive), so `fr-CA`, `fr-ca` and `fr_CA` are one locale.
    pub fn key(&self) -> String {
        locale_key(&self.locale)
    }
}

/// `tag` as a table key: lowercase, `_` as `-`.
pub fn locale_key(tag: &str) -> String {
    tag.to_ascii_lowercase().replace('_', "-")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTranslation {
    locale: Option<Spanned<String>>,
    #[serde(default)]
    messages: BTreeMap<Spanned<String>, Spanned<String>>,
}

/// Whether `tag` has the shape of a BCP 47 language tag: a language of 2 to 3 or 5 to 8
/// ASCII letters, then subtags of 1 to 8 ASCII letters or digits, joined by `-` (or `_`).
pub fn valid_locale(tag: &str) -> bool {
    let mut parts = tag.split(['-', '_']);
    let language = parts.next().unwrap_or("");
    matches!(language.len(), 2 | 3 | 5..=8)
        && language.bytes().all(|b| b.is_ascii_alphabetic())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// Why a translation file was refused: the first problem, at its position, and its `check`
/// kind: `unparsable` (not TOML, an unknown key, no or a malformed `locale`: bad input, exit
/// 2) or a finding (exit 1 from `check`; `gen` refuses every kind with exit 2):
/// `translation-unknown-symbol`, `translation-placeholders`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocaleError {
    /// Where and what.
    pub error: FleetError,
    /// The `check` problem kind.
    pub kind: &'static str,
}

impl std::fmt::Display for LocaleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl From<FleetError> for LocaleError {
    fn from(error: FleetError) -> LocaleError {
        LocaleError {
            error,
            kind: "unparsable",
        }
    }
}

/// Reads a translation file's text for `catalog`. `Err`: the first problem, at its position.
pub fn parse(text: &str, catalog: &Catalog) -> Result<Translation, LocaleError> {
    let lines = LineIndex::new(text);
    let raw: RawTranslation = toml::from_str(text).map_err(|e| read::toml_error(&lines, &e))?;
    let locale = raw.locale.ok_or_else(|| {
        FleetError::new(
            Pos { line: 1, column: 1 },
            "a translation file needs its `locale` (`locale = \"fr\"`)",
        )
    })?;
    let locale = read::located(&lines, locale);
    if !valid_locale(&locale.value) {
        return Err(LocaleError::from(FleetError::new(
            locale.at,
            format!(
                "locale {:?} is not a BCP 47 language tag (`fr`, `fr-CA`, `pt-BR`)",
                locale.value
            ),
        )));
    }
    let originals: BTreeMap<&str, &str> = catalog
        .unique_entries()
        .into_iter()
        .map(|e| (e.symbol.as_str(), e.message.as_str()))
        .collect();
    let mut messages = BTreeMap::new();
    for (symbol, template) in raw.messages {
        let symbol_at = lines.pos(symbol.span().start);
        let Some(original) = originals.get(symbol.get_ref().as_str()) else {
            return Err(finding(
                "translation-unknown-symbol",
                symbol_at,
                format!(
                    "the translation ({}) names {}, a symbol the catalog lacks",
                    locale.value,
                    symbol.get_ref()
                ),
            ));
        };
        let at = lines.pos(template.span().start);
        let theirs = names(template.get_ref()).map_err(|why| {
            finding(
                "translation-placeholders",
                at,
                format!(
                    "the translation of {} ({}) is not a template: {why}",
                    symbol.get_ref(),
                    locale.value
                ),
            )
        })?;
        // (a catalog's own template passed the same rule; an unreadable one names nothing)
        let ours = names(original).unwrap_or_default();
        if theirs != ours {
            return Err(finding(
                "translation-placeholders",
                at,
                format!(
                    "the translation of {} ({}) names {}, the original names {}",
                    symbol.get_ref(),
                    locale.value,
                    shown(&theirs),
                    shown(&ours)
                ),
            ));
        }
        messages.insert(symbol.into_inner(), template.into_inner());
    }
    Ok(Translation {
        locale: locale.value,
        messages,
    })
}

fn finding(kind: &'static str, at: Pos, message: String) -> LocaleError {
    LocaleError {
        error: FleetError::new(at, message),
        kind,
    }
}

/// The placeholder names of `template`, as a set (order and repeats do not matter); `Err`
/// says why it is not a template.
fn names(template: &str) -> Result<BTreeSet<String>, String> {
    crate::handwritten::placeholder_names(template).map(|n| n.into_iter().collect())
}

/// `{a} {b}`, or `no placeholder`.
fn shown(names: &BTreeSet<String>) -> String {
    if names.is_empty() {
        return "no placeholder".to_owned();
    }
    names
        .iter()
        .map(|n| format!("{{{n}}}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads the translation files `paths` for `catalog`: `Err` is one line,
/// `PATH:LINE:COLUMN: error: MESSAGE`, for the first bad file, or naming two files of one
/// locale.
pub fn load_all(paths: &[impl AsRef<Path>], catalog: &Catalog) -> Result<Vec<Translation>, String> {
    let mut out: Vec<Translation> = Vec::with_capacity(paths.len());
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for path in paths {
        let path = path.as_ref();
        let name = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
        let t = parse(&text, catalog).map_err(|e| crate::catalog::file_error(&name, &e.error))?;
        if let Some(other) = seen.insert(t.key(), name.clone()) {
            return Err(format!(
                "{name}: error: locale {} is also translated by {other}",
                t.locale
            ));
        }
        out.push(t);
    }
    out.sort_by_key(Translation::key);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        crate::handwritten::parse(
            r#"domain = "python"
[[error]]
code = 2000
symbol = "E_PY_EXEC_FAIL"
message = "Execution failed: {reason} ({code})"
fields = { reason = "string", code = "number" }
aliases = ["E_PY_FAIL"]

[[error]]
code = 2001
symbol = "E_PY_BLOCKED"
message = "Blocked"
"#,
        )
        .expect("a catalog")
    }

    fn err(text: &str) -> String {
        parse(text, &catalog()).unwrap_err().to_string()
    }

    #[test]
    fn reads_a_translation() {
        let t = parse(
            "locale = \"fr-CA\"\n[messages]\nE_PY_EXEC_FAIL = \"({code}) {reason} : échec, {reason}\"\nE_PY_BLOCKED = \"Bloqué\"\n",
            &catalog(),
        )
        .unwrap();
        assert_eq!(t.locale, "fr-CA");
        assert_eq!(t.key(), "fr-ca");
        assert_eq!(
            t.messages.keys().collect::<Vec<_>>(),
            ["E_PY_BLOCKED", "E_PY_EXEC_FAIL"]
        );
    }

    #[test]
    fn bad_translations_are_located() {
        assert_eq!(
            err("locale = \"fr\"\n[messages]\nE_PY_EXEC_FAIL = \"Échec : {raison} ({code})\"\n"),
            "3:18: the translation of E_PY_EXEC_FAIL (fr) names {code} {raison}, the original names {code} {reason}"
        );
        assert_eq!(
            err("locale = \"fr\"\n[messages]\nE_PY_BLOCKED = \"Bloqué {x}\"\n"),
            "3:16: the translation of E_PY_BLOCKED (fr) names {x}, the original names no placeholder"
        );
        assert_eq!(
            err("locale = \"fr\"\n[messages]\nE_PY_FAIL = \"x\"\n"),
            "3:1: the translation (fr) names E_PY_FAIL, a symbol the catalog lacks"
        );
        assert_eq!(
            err("locale = \"français\"\n"),
            "1:10: locale \"français\" is not a BCP 47 language tag (`fr`, `fr-CA`, `pt-BR`)"
        );
        assert_eq!(
            err("[messages]\n"),
            "1:1: a translation file needs its `locale` (`locale = \"fr\"`)"
        );
        assert!(
            err("locale = \"fr\"\n[messages]\nE_PY_BLOCKED = \"Bloqué {\"\n")
                .starts_with("3:16: the translation of E_PY_BLOCKED (fr) is not a template: ")
        );
        assert!(err("locale = \"fr\"\nhelp = 1\n").starts_with("2:1: unknown field `help`"));
        assert!(err("locale = \"fr\n").starts_with("1:"));
    }

    #[test]
    fn locale_shapes() {
        for ok in ["fr", "fr-CA", "pt_BR", "zh-Hant-TW", "gsw", "de-CH-1996"] {
            assert!(valid_locale(ok), "{ok}");
        }
        for bad in [
            "",
            "f",
            "fr-",
            "fr--CA",
            "1fr",
            "fr-abcdefghi",
            "fr CA",
            "français",
        ] {
            assert!(!valid_locale(bad), "{bad}");
        }
    }
}
