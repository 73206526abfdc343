//! Go: `errors.go` (standard library only, Go 1.19 or later, `gofmt`-clean and `go vet`-clean);
//! with `--package PATH`, `go.mod` too (see [`generate`]).
//!
//! Names: every generated name is exported. A symbol or `errorType` that is a plain ASCII
//! identifier starting with an uppercase letter stays as it is (`E_PW_NAV`, `TimeoutError`);
//! otherwise every character outside `[A-Za-z0-9_]` becomes `_` and, when the result does
//! not start with an uppercase letter, an `X` goes before it (`class` is `Xclass`,
//! `2FA_REQUIRED` is `X2FA_REQUIRED`, `e-dash` is `Xe_dash`). A name taken (by the runtime:
//! `Error`, `New`, ...; or by an earlier symbol or type, symbols first in catalog order, then
//! the `errorType`s sorted) gets `_2`, `_3`, ... (the numbering every generator shares). Go's
//! keywords and predeclared names are all lowercase, so no exported name can be one.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::table::{Member, Rows, Value, write_rows};
use super::template::Template;
use super::{Idents, header_lines};
use crate::catalog::{Catalog, Entry, Field};
use crate::locale::Translation;

/// The exported names the runtime declares: a symbol or an `errorType` of one of these names
/// is numbered.
const RUNTIME_NAMES: &[&str] = &[
    "CatalogSource",
    "Symbol",
    "FieldInfo",
    "ErrorInfo",
    "RateLimited",
    "Catalog",
    "Lookup",
    "LookupCode",
    "IsErrorSymbol",
    "Decoded",
    "DecodeError",
    "DecodeErr",
    "IsRetryable",
    "RetryAfter",
    "RetryAfterHTTP",
    "Error",
    "Option",
    "WithMessage",
    "WithDetails",
    "WithRetryAfter",
    "WithDomain",
    "New",
    "LocalizedMessage",
];

/// Go's keywords: a package name must not be one.
const KEYWORDS: &[&str] = &[
    "break",
    "case",
    "chan",
    "const",
    "continue",
    "default",
    "defer",
    "else",
    "fallthrough",
    "for",
    "func",
    "go",
    "goto",
    "if",
    "import",
    "interface",
    "map",
    "package",
    "range",
    "return",
    "select",
    "struct",
    "switch",
    "type",
    "var",
];

/// The package clause's name without `--package`.
const DEFAULT_PACKAGE: &str = "mcperrors";

/// The Go version `go.mod` asks for (the runtime uses `any`).
const GO_VERSION: &str = "1.19";

/// `errors.go`, and `go.mod` when `package` (a module path) is given.
///
/// The package clause is [`package_clause`] of the module path (`mcperrors` without one).
/// Without `package` the directory may be a package of the user's own module: no `go.mod` is
/// written there.
pub fn generate(
    catalog: &Catalog,
    translations: &[Translation],
    source: &str,
    package: Option<&str>,
) -> Vec<(String, String)> {
    let entries = catalog.unique_entries();
    let names = Names::new(&entries);
    let clause = package.map_or_else(|| DEFAULT_PACKAGE.to_owned(), package_clause);
    let mut files = vec![(
        "errors.go".to_owned(),
        module(&entries, &names, translations, source, &clause),
    )];
    if let Some(path) = package {
        let mut go_mod = String::new();
        for line in header_lines(source, "go") {
            let _ = writeln!(go_mod, "// {}", one_line(&line));
        }
        let _ = writeln!(go_mod, "\nmodule {path}\n\ngo {GO_VERSION}");
        files.push(("go.mod".to_owned(), go_mod));
    }
    files
}

/// The package clause of the module path `path`: its last element, lowercased, every
/// character outside `[a-z0-9]` dropped (`github.com/acme/fleet-errors` is `fleeterrors`);
/// `mcperrors` when nothing is left, and an `x` before a leading digit or a keyword.
pub fn package_clause(path: &str) -> String {
    let last = path.rsplit('/').next().unwrap_or(path);
    let name: String = last
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .filter(char::is_ascii_alphanumeric)
        .collect();
    if name.is_empty() {
        DEFAULT_PACKAGE.to_owned()
    } else if name.starts_with(|c: char| c.is_ascii_digit()) || KEYWORDS.contains(&name.as_str()) {
        format!("x{name}")
    } else {
        name
    }
}

/// Why `path` cannot be a Go module path, if it cannot: one line, for the command's error.
/// A module path is ASCII letters, digits, `-`, `.`, `_`, `~` and `/`, its elements not
/// empty and not starting or ending with a `.`.
pub fn package_name_problem(path: &str) -> Option<String> {
    let element_ok = |e: &str| {
        !e.is_empty()
            && !e.starts_with('.')
            && !e.ends_with('.')
            && e.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
    };
    if path.len() <= 300 && path.split('/').all(element_ok) {
        None
    } else {
        Some(format!(
            "--package {path:?} is not a Go module path (ASCII letters, digits, '-', '.', '_', '~', elements joined by '/', as example.com/fleet/errors)"
        ))
    }
}

/// The Go name of a symbol or an `errorType` before numbering: see the module's documentation.
fn exported(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if !out.starts_with(|c: char| c.is_ascii_uppercase()) {
        out.insert(0, 'X');
    }
    out
}

/// A Go interpreted string literal: JSON's escapes are all Go escapes; a byte order mark
/// (which Go rejects inside a file) and the characters that disturb a line are escaped too.
fn lit(s: &str) -> String {
    let json = serde_json::to_string(s).expect("a string serializes");
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if c == '\u{feff}' || (super::breaks_lines(c) && !c.is_ascii()) {
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// A one-line `//` comment's text: line breaks, control characters and byte order marks (which
/// Go rejects inside a file) as spaces, runs of spaces as one (so that gofmt leaves the comment
/// as it is).
fn one_line(text: &str) -> String {
    super::comment_text(text, true)
        .replace('\u{feff}', " ")
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A description on one line: its paragraphs joined, with a period after one that ends
/// without punctuation (a doc comment's title line).
fn description_line(text: &str) -> String {
    let mut out = String::new();
    for paragraph in text.replace("\r\n", "\n").split("\n\n") {
        let line = one_line(paragraph);
        if line.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push_str(if out.ends_with(['.', ':', ';', '!', '?']) {
                " "
            } else {
                ". "
            });
        }
        out.push_str(&line);
    }
    out
}

/// The module's exported names for the catalog's symbols and `errorType`s.
struct Names<'a> {
    /// Each symbol's constant, by symbol (numbered in catalog order).
    consts: BTreeMap<&'a str, String>,
    /// Each `errorType`'s type and its symbols, by `errorType`.
    types: Vec<(&'a str, String, Vec<&'a Entry>)>,
}

impl<'a> Names<'a> {
    fn new(entries: &[&'a Entry]) -> Names<'a> {
        let mut idents = Idents::new(&[]);
        for name in RUNTIME_NAMES {
            idents.reserve(name);
        }
        let consts = entries
            .iter()
            .map(|e| (e.symbol.as_str(), idents.ident(&exported(&e.symbol))))
            .collect();
        let mut by_type: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
        for e in entries {
            by_type.entry(e.error_type.as_str()).or_default().push(e);
        }
        let types = by_type
            .into_iter()
            .map(|(t, members)| (t, idents.ident(&exported(t)), members))
            .collect();
        Names { consts, types }
    }

    fn constant(&self, symbol: &str) -> &str {
        &self.consts[symbol]
    }
}

/// The runtime: the fixed text of `errors.go`, with the parts the catalog fills in marked.
const RUNTIME: &str = include_str!("runtime/errors_runtime.go");

fn module(
    entries: &[&Entry],
    names: &Names<'_>,
    translations: &[Translation],
    source: &str,
    clause: &str,
) -> String {
    Template::parse(RUNTIME, "//").render(|part, out| match part {
        "header" => {
            for line in header_lines(source, "go") {
                let _ = writeln!(out, "// {}", one_line(&line));
            }
        }
        _ => write_part(out, part, entries, names, translations, source, clause),
    })
}

/// The part `part` of the module (other than the header): `package` (the package's doc and
/// clause), `symbols` (`CatalogSource`, a `Symbol` constant per symbol), `tables` (the
/// catalog), `translations` or `types` (a type per `errorType`, and `asType`, which
/// `errors.As` reaches).
fn write_part(
    out: &mut String,
    part: &str,
    entries: &[&Entry],
    names: &Names<'_>,
    translations: &[Translation],
    source: &str,
    clause: &str,
) {
    match part {
        "translations" => super::l10n::write_go(out, translations, lit),
        "package" => {
            let _ = writeln!(
                out,
                "// Package {clause} holds the error codes of an MCP server fleet, generated from its\n// mcp-errors catalog ({}).",
                one_line(source)
            );
            out.push_str(
                "//\n// Decode any error a client receives (DecodeError, DecodeErr), ask whether to retry\n\
                 // (IsRetryable, RetryAfter, RetryAfterHTTP), and build the catalog's errors in a Go server\n\
                 // (New(...).ToToolError()). Standard library only.\n",
            );
            let _ = writeln!(out, "package {clause}\n");
        }
        "symbols" => {
            out.push_str("// CatalogSource is the catalog this module was generated from.\n");
            let _ = writeln!(out, "const CatalogSource = {}\n", lit(source));
            if !entries.is_empty() {
                out.push_str("// Every symbol of the catalog, as a Symbol constant (see Lookup for its code).\nconst (\n");
                for e in entries {
                    let name = names.constant(&e.symbol);
                    let mut text = format!(
                        "{name} ({}): {} ({})",
                        e.code,
                        description_line(e.description()),
                        e.kind
                    );
                    if e.retryable {
                        text.push_str(", retryable");
                    }
                    let _ = writeln!(out, "\t// {}", one_line(&text));
                    let _ = writeln!(out, "\t{name} Symbol = {}", lit(&e.symbol));
                }
                out.push_str(")\n\n");
            }
        }
        "tables" => write_tables(out, entries, names),
        "types" => write_types(out, names),
        other => unreachable!("errors_runtime.go has no part {other:?}"),
    }
}

fn write_tables(out: &mut String, entries: &[&Entry], names: &Names<'_>) {
    out.push_str("// catalog is the catalog's metadata of every symbol, in catalog order.\n");
    if entries.is_empty() {
        out.push_str("var catalog = []ErrorInfo{}\n\n");
        return;
    }
    out.push_str("var catalog = []ErrorInfo{\n");
    write_rows(out, entries, &mut GoRows(names));
    out.push_str("}\n\n");
}

/// An element of `catalog`: an `ErrorInfo` literal, a member per line, the symbol as its
/// constant.
struct GoRows<'n, 'a>(&'n Names<'a>);

impl GoRows<'_, '_> {
    /// One member, its value after the longest key, `Description`, as gofmt aligns them.
    fn line(out: &mut String, key: &str, value: &str) {
        let _ = writeln!(out, "\t\t{key}:{:pad$}{value},", "", pad = 12 - key.len());
    }
}

impl Rows for GoRows<'_, '_> {
    fn start(&mut self, out: &mut String, _: &Entry) {
        out.push_str("\t{\n");
    }

    fn member(&mut self, out: &mut String, member: Member, value: Value<'_>) {
        let key = match member {
            Member::Code => "Code",
            Member::Symbol => "Symbol",
            Member::Domain => "Domain",
            Member::Kind => "Kind",
            Member::ErrorType => "ErrorType",
            Member::Retryable => "Retryable",
            Member::Channel => "Channel",
            Member::Message => "Message",
            Member::Description => "Description",
            Member::Help => "Help",
            Member::DocUrl => "DocURL",
        };
        let value = match value {
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Text(symbol) if member == Member::Symbol => self.0.constant(symbol).to_owned(),
            Value::Text(text) => lit(text),
        };
        Self::line(out, key, &value);
        if member == Member::Help {
            Self::line(out, "HasHelp", "true");
        }
    }

    fn fields(&mut self, out: &mut String, fields: &[Field]) {
        if fields.is_empty() {
            return;
        }
        out.push_str("\t\tFields: []FieldInfo{\n");
        for f in fields {
            let _ = writeln!(
                out,
                "\t\t\t{{Name: {}, Key: {}, Role: {}}},",
                lit(&f.name),
                lit(&f.key),
                lit(&f.role)
            );
        }
        out.push_str("\t\t},\n");
    }

    fn end(&mut self, out: &mut String) {
        out.push_str("\t},\n");
    }
}

fn write_types(out: &mut String, names: &Names<'_>) {
    for (error_type, name, members) in &names.types {
        let symbols: Vec<&str> = members.iter().map(|e| e.symbol.as_str()).collect();
        let _ = writeln!(
            out,
            "// {name} is the errorType {}: {}.\ntype {name} struct{{ *errorBase }}\n",
            one_line(error_type),
            one_line(&symbols.join(", "))
        );
    }
    out.push_str(
        "// asType sets target to e as its errorType's type, when target points to one.\n",
    );
    if names.types.is_empty() {
        out.push_str("func (e *Error) asType(target any) bool {\n\treturn false\n}\n\n");
        return;
    }
    out.push_str("func (e *Error) asType(target any) bool {\n\tswitch t := target.(type) {\n");
    for (error_type, name, _) in &names.types {
        let _ = writeln!(
            out,
            "\tcase *{name}:\n\t\tif e.ErrorType == {} {{\n\t\t\t*t = {name}{{e}}\n\t\t\treturn true\n\t\t}}",
            lit(error_type)
        );
    }
    out.push_str("\t}\n\treturn false\n}\n\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::template::tests::one_enum_catalog;

    /// `runtime/errors_runtime.go` holds, between its markers, what the generator writes for
    /// the sample catalog: the file builds and its unit tests run as it is.
    #[test]
    fn runtime_file_is_the_sample_catalogs_module() {
        let catalog = crate::lang::template::tests::sample_catalog();
        let entries = catalog.unique_entries();
        let names = Names::new(&entries);
        let template = Template::parse(RUNTIME, "//");
        assert_eq!(
            template.slots(),
            [
                "header",
                "package",
                "symbols",
                "tables",
                "translations",
                "types"
            ]
        );
        let translations = crate::lang::l10n::tests::sample_translations();
        crate::lang::template::tests::check_runtime_file(
            "errors_runtime.go",
            RUNTIME,
            &template,
            |part, out| {
                write_part(
                    out,
                    part,
                    &entries,
                    &names,
                    &translations,
                    "sample_catalog.json",
                    DEFAULT_PACKAGE,
                );
            },
        );
    }

    /// Every exported name the runtime's fixed text declares at the top level is in
    /// [`RUNTIME_NAMES`] (else a symbol of that name would collide with it).
    #[test]
    fn every_exported_name_of_the_runtime_is_kept_from_the_catalog() {
        let fixed = Template::parse(RUNTIME, "//").fixed_text();
        let mut declared = Vec::new();
        for line in fixed.lines() {
            let rest = line
                .strip_prefix("func ")
                .or_else(|| line.strip_prefix("type "))
                .or_else(|| line.strip_prefix("const "))
                .or_else(|| line.strip_prefix("var "));
            let Some(rest) = rest else { continue };
            if rest.starts_with('(') {
                continue; // a method
            }
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                declared.push(name);
            }
        }
        assert!(declared.len() > 15, "{declared:?}");
        let missing: Vec<&String> = declared
            .iter()
            .filter(|n| !RUNTIME_NAMES.contains(&n.as_str()))
            .collect();
        assert!(missing.is_empty(), "add {missing:?} to RUNTIME_NAMES");
    }

    #[test]
    fn names_are_exported_escaped_and_distinct() {
        let c = one_enum_catalog(
            "m\u{feff}",
            &[
                (1, "class", "func"),
                (2, "2FA", "Error"),
                (3, "E-DASH", "TimeoutError"),
                (4, "E_DASH", "New"),
                (5, "Error", "type"),
                (6, "E_OK", "TimeoutError"),
            ],
        );
        let text = generate(&c, &[], "c.json", None).remove(0).1;
        for line in [
            "\tXclass Symbol = \"class\"\n",
            "\tX2FA Symbol = \"2FA\"\n",
            "\tE_DASH Symbol = \"E-DASH\"\n",
            "\tE_DASH_2 Symbol = \"E_DASH\"\n",
            "\tError_2 Symbol = \"Error\"\n",
            "\tE_OK Symbol = \"E_OK\"\n",
            "type Error_3 struct{ *errorBase }\n",
            "type New_2 struct{ *errorBase }\n",
            "type TimeoutError struct{ *errorBase }\n",
            "type Xfunc struct{ *errorBase }\n",
            "type Xtype struct{ *errorBase }\n",
            "\tcase *Xtype:\n\t\tif e.ErrorType == \"type\" {\n\t\t\t*t = Xtype{e}\n",
            "// TimeoutError is the errorType TimeoutError: E-DASH, E_OK.\n",
            "\t\tMessage:     \"m\\ufeff\",\n",
            "package mcperrors\n",
        ] {
            assert!(text.contains(line), "{line:?} in\n{text}");
        }
        assert!(!text.contains('\u{feff}'));
    }

    #[test]
    fn descriptions_are_one_line_with_their_title_ended() {
        assert_eq!(
            description_line("Parse error\n\nInvalid JSON\nwas received.\r\n\r\nMore"),
            "Parse error. Invalid JSON was received. More"
        );
        assert_eq!(description_line("Done:\n\n  x\t y  "), "Done: x y");
        assert_eq!(description_line("\n\n"), "");
    }

    #[test]
    fn a_module_path_gives_go_mod_and_the_package_clause() {
        let c = one_enum_catalog("m\u{feff}", &[(1, "E_A", "A")]);
        let files = generate(&c, &[], "c.json", Some("github.com/acme/fleet-errors"));
        assert_eq!(files.len(), 2);
        assert!(files[0].1.contains("\npackage fleeterrors\n"));
        assert!(
            files[1]
                .1
                .ends_with("\nmodule github.com/acme/fleet-errors\n\ngo 1.19\n"),
            "{}",
            files[1].1
        );
        for (path, clause) in [
            ("errors", "errors"),
            ("x/2fa", "x2fa"),
            ("x/type", "xtype"),
            ("x/---", "mcperrors"),
            ("Fleet.Errors", "fleeterrors"),
        ] {
            assert_eq!(package_clause(path), clause, "{path}");
        }
        for bad in ["", "/x", "x/", "a//b", "a b", ".x", "x.", "é"] {
            assert!(package_name_problem(bad).is_some(), "{bad:?}");
        }
        for good in ["errors", "example.com/fleet/errors", "a-b_c~d.e"] {
            assert_eq!(package_name_problem(good), None, "{good}");
        }
    }

    #[test]
    fn an_empty_catalog_has_no_constants_and_no_type_switch() {
        let json = r#"{"format":"mcp-errors-catalog","version":1,"enums":[]}"#;
        let text = generate(&Catalog::from_json(json).unwrap(), &[], "e.json", None)
            .remove(0)
            .1;
        assert!(!text.contains(" Symbol = \""));
        assert!(text.contains("var catalog = []ErrorInfo{}\n"));
        assert!(text.contains("func (e *Error) asType(target any) bool {\n\treturn false\n}\n"));
    }
}
