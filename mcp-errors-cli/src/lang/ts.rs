//! TypeScript: `errors.ts`, self-contained (no npm package), compiling under `tsc --strict`,
//! and only erasable syntax (no `enum`, no `namespace`), so type stripping runs it as is.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::table::{Member, Rows, Value, write_rows};
use super::template::Template;
use super::{Idents, header_lines};
use crate::catalog::{Catalog, Entry, Field};
use crate::locale::Translation;

/// Reserved words of TypeScript and JavaScript (strict mode), the names the module declares,
/// and global names the module's own code uses.
const RESERVED: &[&str] = &[
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "import",
    "in",
    "instanceof",
    "new",
    "null",
    "return",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "as",
    "implements",
    "interface",
    "let",
    "package",
    "private",
    "protected",
    "public",
    "static",
    "yield",
    "any",
    "boolean",
    "constructor",
    "declare",
    "get",
    "module",
    "require",
    "number",
    "set",
    "string",
    "symbol",
    "type",
    "from",
    "of",
    "await",
    "async",
    "arguments",
    "eval",
    "undefined",
    "NaN",
    "Infinity",
    "never",
    "unknown",
    "object",
    "bigint",
    "keyof",
    "readonly",
    "satisfies",
    "Error",
    "Object",
    "Number",
    "String",
    "Array",
    "Map",
    "JSON",
    "Math",
    "Date",
    "RegExp",
    "Record",
    "Readonly",
    "ReadonlyMap",
    "Partial",
    "Exclude",
    "Extract",
    "Omit",
    "TextEncoder",
];

/// Names the module declares; catalog names are kept apart from them.
const DECLARED: &[&str] = &[
    "ErrorSymbol",
    "ErrorInfo",
    "CODES",
    "ERRORS",
    "DecodedError",
    "decodeError",
    "isRetryable",
    "retryAfterMs",
    "McpError",
    "McpErrorOptions",
    "createError",
    "ToolError",
    "ToolErrorMeta",
    "JsonRpcErrorObject",
    "ERROR_CLASSES",
    "CATALOG_SOURCE",
    "RATE_LIMITED",
    "BY_CODE",
    "isErrorSymbol",
    // messages in the client's language
    "TRANSLATIONS",
    "localizedMessage",
    "localeChain",
    "placeholdersFilled",
    // the runtime's private helpers
    "isRecord",
    "asCode",
    "asMs",
    "msFromText",
    "firstText",
    "str",
    "decoded",
    "toolMessage",
    "decodeToolResult",
    "decodeErrorObject",
    "retryAfterHeader",
    "ErrorField",
    "renderMessage",
    // the draft ToolFailure member's reader
    "TOOL_FAILURE_KEY",
    "ToolFailure",
    "toolFailure",
    "toolFailureAt",
    "withToolFailure",
    // identity through gateways (docs/envelopes.md)
    "RECOVER_MAX_TEXT",
    "RECOVER_MAX_NESTING",
    "RECOVER_MAX_HOPS",
    "utf8AtMost",
    "embeddedError",
    "decodeSymbolPrefix",
    "recoverFromText",
    "recoverErrorObject",
    "recoverToolText",
    "withoutSymbolPrefix",
    // discovery: a catalog loaded at run time
    "CATALOG_URI",
    "TOOL_ERRORS_META_KEY",
    "MAX_CATALOG_BYTES",
    "CatalogEntry",
    "LoadedCatalog",
    "DiscoveredError",
    "catalogEntry",
    "catalogOf",
    "loadCatalog",
    "wireIdentity",
    "decodeWithCatalog",
];

/// `errors.ts`, and `package.json` when `package` is given.
pub fn generate(
    catalog: &Catalog,
    translations: &[Translation],
    source: &str,
    package: Option<&str>,
) -> Vec<(String, String)> {
    let mut files = vec![(
        "errors.ts".to_owned(),
        module(catalog, translations, source),
    )];
    if let Some(name) = package {
        files.push(("package.json".to_owned(), package_json(name, source)));
    }
    files
}

fn lit(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// A property name in an object literal: `__proto__` as a computed key, which defines an own
/// property instead of setting the prototype.
fn key(s: &str) -> String {
    if s == "__proto__" {
        format!("[{}]", lit(s))
    } else {
        lit(s)
    }
}

/// Text for a `/** ... */` comment: no `*/`, one line per line.
fn doc(out: &mut String, indent: &str, text: &str) {
    let text = super::comment_text(text, false)
        .trim()
        .replace("*/", "*\\/");
    if text.is_empty() {
        return;
    }
    let _ = writeln!(out, "{indent}/**");
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            let _ = writeln!(out, "{indent} *");
        } else {
            let _ = writeln!(out, "{indent} * {line}");
        }
    }
    let _ = writeln!(out, "{indent} */");
}

fn write_errors_table(out: &mut String, entries: &[&Entry]) {
    out.push_str("/** The catalog's metadata of every symbol. */\nexport const ERRORS: Readonly<Record<ErrorSymbol, ErrorInfo>> = Object.freeze({\n");
    write_rows(out, entries, &mut TsRows);
}

/// A row of `ERRORS`: `SYMBOL: Object.freeze({ code: ..., ... })`, a property per line.
struct TsRows;

impl Rows for TsRows {
    fn start(&mut self, out: &mut String, e: &Entry) {
        let _ = writeln!(out, "  {}: Object.freeze({{", key(&e.symbol));
    }

    fn member(&mut self, out: &mut String, member: Member, value: Value<'_>) {
        let name = match member {
            Member::Code => "code",
            Member::Symbol => "symbol",
            Member::Domain => "domain",
            Member::Kind => "kind",
            Member::ErrorType => "errorType",
            Member::Retryable => "retryable",
            Member::Channel => "channel",
            Member::Message => "message",
            Member::Description => "description",
            Member::Help => "help",
            Member::DocUrl => "docUrl",
        };
        let value = match value {
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Text(text) => lit(text),
        };
        let _ = writeln!(out, "    {name}: {value},");
    }

    fn fields(&mut self, out: &mut String, fields: &[Field]) {
        if fields.is_empty() {
            out.push_str("    fields: Object.freeze([]),\n");
            return;
        }
        out.push_str("    fields: Object.freeze([\n");
        for f in fields {
            let _ = writeln!(
                out,
                "      Object.freeze({{ name: {}, key: {}, role: {} }}),",
                lit(&f.name),
                lit(&f.key),
                lit(&f.role)
            );
        }
        out.push_str("    ]),\n");
    }

    fn end(&mut self, out: &mut String) {
        out.push_str("  }),\n");
    }
}

/// The runtime: the fixed text of `errors.ts`, with the parts the catalog fills in marked.
const RUNTIME: &str = include_str!("runtime/errors_runtime.ts");

fn module(catalog: &Catalog, translations: &[Translation], source: &str) -> String {
    let entries = catalog.unique_entries();
    let mut idents = Idents::new(RESERVED);
    for name in DECLARED {
        idents.reserve(name);
    }
    Template::parse(RUNTIME, "//").render(|part, out| match part {
        "header" => {
            for line in header_lines(source, "ts") {
                let _ = writeln!(out, "// {}", super::comment_text(&line, true));
            }
        }
        _ => write_part(out, part, &entries, translations, source, &mut idents),
    })
}

/// The part `part` of the module (other than the header): `symbols` (the catalog's source, the
/// `ErrorSymbol` type, a constant per symbol), `tables` (`CODES`, `ERRORS`), `translations`
/// (`TRANSLATIONS`) or `classes` (a class per `errorType`, `ERROR_CLASSES`).
fn write_part(
    out: &mut String,
    part: &str,
    entries: &[&Entry],
    translations: &[Translation],
    source: &str,
    idents: &mut Idents,
) {
    match part {
        "translations" => super::l10n::write_ts(out, translations, key, lit),
        "symbols" => write_symbols(out, entries, source, idents),
        "tables" => {
            out.push_str("/** The code of every symbol. */\nexport const CODES: Readonly<Record<ErrorSymbol, number>> = Object.freeze({\n");
            for e in entries {
                let _ = writeln!(out, "  {}: {},", key(&e.symbol), e.code);
            }
            out.push_str("});\n\n");
            write_errors_table(out, entries);
            out.push_str("});\n\n");
        }
        "classes" => write_classes(out, entries, idents),
        other => unreachable!("errors_runtime.ts has no part {other:?}"),
    }
}

fn write_symbols(out: &mut String, entries: &[&Entry], source: &str, idents: &mut Idents) {
    let _ = writeln!(
        out,
        "/** The catalog this module was generated from. */\nexport const CATALOG_SOURCE = {};\n",
        lit(source)
    );
    out.push_str("/** Every symbol of the catalog; any other string does not type-check. */\n");
    if entries.is_empty() {
        out.push_str("export type ErrorSymbol = never;\n\n");
    } else {
        out.push_str("export type ErrorSymbol =\n");
        for (i, e) in entries.iter().enumerate() {
            let end = if i + 1 == entries.len() { ";" } else { "" };
            let _ = writeln!(out, "  | {}{end}", lit(&e.symbol));
        }
        out.push('\n');
    }
    // Per-symbol code constants.
    for e in entries {
        let name = idents.ident(&e.symbol);
        let mut text = format!("{}: {} ({})", e.symbol, e.description(), e.kind);
        if e.retryable {
            text.push_str(", retryable");
        }
        doc(out, "", &text);
        let _ = writeln!(out, "export const {name} = {};", e.code);
    }
    if !entries.is_empty() {
        out.push('\n');
    }
}

/// One class per `errorType` (the TypeScript hierarchy's), and `ERROR_CLASSES`.
fn write_classes(out: &mut String, entries: &[&Entry], idents: &mut Idents) {
    let mut classes: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in entries {
        classes.entry(e.error_type.as_str()).or_default().push(e);
    }
    let mut class_names = Vec::new();
    for (error_type, members) in &classes {
        let class = idents.ident(error_type);
        let symbols: Vec<String> = members.iter().map(|e| lit(&e.symbol)).collect();
        let _ = writeln!(
            out,
            "/** `errorType` {}: {}. */",
            super::comment_text(error_type, true).replace("*/", "*\\/"),
            members
                .iter()
                .map(|e| super::comment_text(&e.symbol, true).replace("*/", "*\\/"))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let _ = writeln!(out, "export class {class} extends McpError {{");
        let _ = writeln!(
            out,
            "  static readonly SYMBOLS: readonly ErrorSymbol[] = [{}];",
            symbols.join(", ")
        );
        out.push_str("}\n\n");
        class_names.push((*error_type, class));
    }
    out.push_str("/** The class of each `errorType`; `createError` picks it. */\nexport const ERROR_CLASSES: Readonly<Record<string, typeof McpError>> = Object.freeze({\n");
    for (error_type, class) in &class_names {
        let _ = writeln!(out, "  {}: {class},", key(error_type));
    }
    out.push_str("});\n\n");
}

fn package_json(name: &str, source: &str) -> String {
    let [generated, _, _] = header_lines(source, "ts");
    let value = serde_json::json!({
        "name": name,
        "version": env!("CARGO_PKG_VERSION"),
        "description": generated,
        "type": "module",
        "main": "errors.ts",
        "types": "errors.ts",
        "files": ["errors.ts"],
        "sideEffects": false,
    });
    let mut text = serde_json::to_string_pretty(&value).expect("JSON serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// `runtime/errors_runtime.ts` holds, between its markers, what the generator writes for
    /// the sample catalog: the file is a module `tsc --strict` and its unit tests can take.
    #[test]
    fn runtime_file_is_the_sample_catalogs_module() {
        let catalog = crate::lang::template::tests::sample_catalog();
        let entries = catalog.unique_entries();
        let mut idents = Idents::new(RESERVED);
        for name in DECLARED {
            idents.reserve(name);
        }
        let template = Template::parse(RUNTIME, "//");
        let translations = crate::lang::l10n::tests::sample_translations();
        assert_eq!(
            template.slots(),
            ["header", "symbols", "tables", "translations", "classes"]
        );
        crate::lang::template::tests::check_runtime_file(
            "errors_runtime.ts",
            RUNTIME,
            &template,
            |part, out| {
                write_part(
                    out,
                    part,
                    &entries,
                    &translations,
                    "sample_catalog.json",
                    &mut idents,
                );
            },
        );
    }

    /// Every top-level name the runtime file's fixed text declares is one a catalog name is
    /// kept from ([`DECLARED`]): else a symbol of that name would be declared twice.
    #[test]
    fn every_name_the_runtime_declares_is_kept_from_the_catalog() {
        let fixed = Template::parse(RUNTIME, "//").fixed_text();
        let mut declared = Vec::new();
        for line in fixed.lines() {
            let line = line.strip_prefix("export ").unwrap_or(line);
            for keyword in [
                "const ",
                "let ",
                "function ",
                "class ",
                "interface ",
                "type ",
            ] {
                if let Some(rest) = line.strip_prefix(keyword) {
                    declared.push(
                        rest.chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
                            .collect::<String>(),
                    );
                }
            }
        }
        assert!(declared.len() > 20, "{declared:?}");
        let missing: Vec<&String> = declared
            .iter()
            .filter(|n| !DECLARED.contains(&n.as_str()))
            .collect();
        assert!(missing.is_empty(), "add {missing:?} to DECLARED");
    }

    /// The standard global names of JavaScript and TypeScript's library (and a few of Node's and
    /// the browser's) that a module could refer to.
    const GLOBALS: &[&str] = &[
        "globalThis",
        "Infinity",
        "NaN",
        "undefined",
        "eval",
        "isFinite",
        "isNaN",
        "parseFloat",
        "parseInt",
        "decodeURI",
        "decodeURIComponent",
        "encodeURI",
        "encodeURIComponent",
        "AggregateError",
        "Array",
        "ArrayBuffer",
        "Atomics",
        "BigInt",
        "BigInt64Array",
        "BigUint64Array",
        "Boolean",
        "DataView",
        "Date",
        "Error",
        "EvalError",
        "FinalizationRegistry",
        "Float32Array",
        "Float64Array",
        "Function",
        "Int8Array",
        "Int16Array",
        "Int32Array",
        "Intl",
        "JSON",
        "Map",
        "Math",
        "Number",
        "Object",
        "Promise",
        "Proxy",
        "RangeError",
        "ReferenceError",
        "Reflect",
        "RegExp",
        "Set",
        "SharedArrayBuffer",
        "String",
        "Symbol",
        "SyntaxError",
        "TypeError",
        "Uint8Array",
        "Uint8ClampedArray",
        "Uint16Array",
        "Uint32Array",
        "URIError",
        "WeakMap",
        "WeakRef",
        "WeakSet",
        "console",
        "Headers",
        "URL",
        "structuredClone",
        "setTimeout",
        "queueMicrotask",
        "Record",
        "Readonly",
        "ReadonlyArray",
        "ReadonlyMap",
        "ReadonlySet",
        "Partial",
        "Required",
        "Pick",
        "Omit",
        "Exclude",
        "Extract",
        "NonNullable",
        "ReturnType",
        "Parameters",
        "InstanceType",
        "Awaited",
        "PropertyKey",
        "Iterable",
        "IterableIterator",
        "RegExpMatchArray",
        "PromiseLike",
        "ArrayLike",
    ];

    /// The identifiers of `code` other than property names after a `.`: comments, strings,
    /// regular expressions and the text of template literals are skipped (the `${...}` in one
    /// is not). Enough for the generator's own output, not for every JavaScript.
    fn free_identifiers(code: &str) -> BTreeSet<String> {
        let c: Vec<char> = code.chars().collect();
        let mut found = BTreeSet::new();
        // Brace depth inside each open `${`.
        let mut templates: Vec<usize> = Vec::new();
        let mut prev = ' '; // the last significant character of code
        let mut i = 0;
        // Skips template text from `i` (just after a backtick or a closing `}`): returns the
        // index after the closing backtick, or after a `${` (pushing it).
        let template_text = |mut i: usize, templates: &mut Vec<usize>| -> usize {
            while i < c.len() {
                match c[i] {
                    '\\' => i += 2,
                    '`' => return i + 1,
                    '$' if c.get(i + 1) == Some(&'{') => {
                        templates.push(0);
                        return i + 2;
                    }
                    _ => i += 1,
                }
            }
            i
        };
        while i < c.len() {
            let ch = c[i];
            let next = c.get(i + 1).copied();
            if ch == '/' && next == Some('/') {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
            } else if ch == '/' && next == Some('*') {
                i += 2;
                while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
            } else if ch == '"' || ch == '\'' {
                i += 1;
                while i < c.len() && c[i] != ch {
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                prev = ch;
            } else if ch == '/' && "(,=:[!&|?{};".contains(prev) {
                // A regular expression literal, up to its unescaped `/` outside a class.
                let mut class = false;
                i += 1;
                while i < c.len() && (class || c[i] != '/') {
                    match c[i] {
                        '\\' => i += 1,
                        '[' => class = true,
                        ']' => class = false,
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
                prev = '/';
            } else if ch == '`' {
                i = template_text(i + 1, &mut templates);
                prev = '`';
            } else if ch == '{' {
                if let Some(depth) = templates.last_mut() {
                    *depth += 1;
                }
                i += 1;
                prev = ch;
            } else if ch == '}' && templates.last() == Some(&0) {
                templates.pop();
                i = template_text(i + 1, &mut templates);
                prev = '`';
            } else if ch == '}' {
                if let Some(depth) = templates.last_mut() {
                    *depth -= 1;
                }
                i += 1;
                prev = ch;
            } else if ch.is_ascii_digit() {
                while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_' || c[i] == '.') {
                    i += 1;
                }
                prev = '0';
            } else if ch.is_ascii_alphabetic() || ch == '_' || ch == '$' {
                let start = i;
                while i < c.len() && (c[i].is_ascii_alphanumeric() || c[i] == '_' || c[i] == '$') {
                    i += 1;
                }
                let spread = start >= 3 && c[start - 3..start] == ['.', '.', '.'];
                if prev != '.' || spread {
                    found.insert(c[start..i].iter().collect());
                }
                prev = 'a';
            } else {
                if !ch.is_whitespace() {
                    prev = ch;
                }
                i += 1;
            }
        }
        found
    }

    fn catalog(entries: &[serde_json::Value]) -> Catalog {
        let json = serde_json::json!({
            "format": "mcp-errors-catalog",
            "version": 1,
            "enums": [{"name": "E", "domain": "d", "entries": entries}],
        });
        Catalog::from_json(&json.to_string()).expect("a valid catalog")
    }

    /// The globals the generated module refers to, found in its text.
    fn used_globals() -> BTreeSet<String> {
        let used = free_identifiers(&module(&catalog(&[]), &[], "c.json"));
        GLOBALS
            .iter()
            .filter(|g| used.contains(**g))
            .map(|g| (*g).to_owned())
            .collect()
    }

    #[test]
    fn free_identifiers_skip_comments_strings_and_properties() {
        let code = "// Map\n/* Set */ const a = \"JSON\" + 'Math' + `x ${Number(b.Object)} ${`${{c: Date}.c}`}`;\n\
                    if (/Symbol[/]/.test(s) && ...Array) return x / Promise;";
        let found: Vec<String> = free_identifiers(code).into_iter().collect();
        assert_eq!(
            found,
            [
                "Array", "Date", "Number", "Promise", "a", "b", "c", "const", "if", "return", "s",
                "x"
            ]
        );
    }

    /// A catalog whose every symbol and `errorType` is a global's name: no name the module
    /// declares for them is one of the globals the module itself uses.
    #[test]
    fn catalog_names_never_shadow_a_global_the_module_uses() {
        let used = used_globals();
        for name in [
            "Error", "Object", "Number", "Map", "JSON", "Array", "Record", "Readonly",
        ] {
            assert!(used.contains(name), "the module uses {name}: {used:?}");
        }
        let entries: Vec<serde_json::Value> = GLOBALS
            .iter()
            .enumerate()
            .map(|(i, g)| {
                serde_json::json!({
                    "code": 5000 + i, "symbol": g, "domain": "d", "message": "m",
                    "retryable": false, "kind": "internal", "channel": "tool_error",
                    "errorType": g,
                })
            })
            .collect();
        let text = module(&catalog(&entries), &[], "c.json");
        let mut declared = Vec::new();
        for line in text.lines() {
            for prefix in [
                "export const ",
                "export class ",
                "export function ",
                "export interface ",
                "export type ",
                "const ",
                "function ",
            ] {
                if let Some(rest) = line.strip_prefix(prefix) {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$')
                        .collect();
                    declared.push(name);
                }
            }
        }
        assert!(declared.len() > 2 * GLOBALS.len(), "{declared:?}");
        let shadowing: Vec<&String> = declared.iter().filter(|d| used.contains(*d)).collect();
        assert!(
            shadowing.is_empty(),
            "{shadowing:?} shadow globals the module uses"
        );
        let distinct: BTreeSet<&String> = declared.iter().collect();
        assert_eq!(distinct.len(), declared.len(), "a name declared twice");
    }
}
