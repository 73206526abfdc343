//! Python: `errors.py` (standard library only, passing `mypy --strict`) and `py.typed`; with
//! `--package`, `__init__.py` and `pyproject.toml` too (see [`generate`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use super::table::{Member, Rows, Value, write_rows};
use super::template::Template;
use super::{Idents, header_lines};
use crate::catalog::{Catalog, Entry, Field};
use crate::locale::Translation;

/// Python's keywords (`keyword.kwlist`, Python 3.13).
const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Python's soft keywords (`keyword.softkwlist`, Python 3.13): names, but not for generated ones.
const SOFT_KEYWORDS: &[&str] = &["_", "case", "match", "type"];

/// Every name of Python's `builtins` module: `sorted(dir(builtins))` in `CPython` 3.13.0, with
/// the names `site` adds (`copyright`, `credits`, `exit`, `help`, `license`, `quit`) included,
/// as every program but `python -S` has them. A generated top-level name equal to one of these
/// would shadow the built-in in the module and, through `import *`, in the importer's (a class
/// `TimeoutError` would no longer catch asyncio's timeouts), so it is escaped as a keyword is.
const BUILTINS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BaseExceptionGroup",
    "BlockingIOError",
    "BrokenPipeError",
    "BufferError",
    "BytesWarning",
    "ChildProcessError",
    "ConnectionAbortedError",
    "ConnectionError",
    "ConnectionRefusedError",
    "ConnectionResetError",
    "DeprecationWarning",
    "EOFError",
    "Ellipsis",
    "EncodingWarning",
    "EnvironmentError",
    "Exception",
    "ExceptionGroup",
    "False",
    "FileExistsError",
    "FileNotFoundError",
    "FloatingPointError",
    "FutureWarning",
    "GeneratorExit",
    "IOError",
    "ImportError",
    "ImportWarning",
    "IndentationError",
    "IndexError",
    "InterruptedError",
    "IsADirectoryError",
    "KeyError",
    "KeyboardInterrupt",
    "LookupError",
    "MemoryError",
    "ModuleNotFoundError",
    "NameError",
    "None",
    "NotADirectoryError",
    "NotImplemented",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "PendingDeprecationWarning",
    "PermissionError",
    "ProcessLookupError",
    "PythonFinalizationError",
    "RecursionError",
    "ReferenceError",
    "ResourceWarning",
    "RuntimeError",
    "RuntimeWarning",
    "StopAsyncIteration",
    "StopIteration",
    "SyntaxError",
    "SyntaxWarning",
    "SystemError",
    "SystemExit",
    "TabError",
    "TimeoutError",
    "True",
    "TypeError",
    "UnboundLocalError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "UnicodeTranslateError",
    "UnicodeWarning",
    "UserWarning",
    "ValueError",
    "Warning",
    "ZeroDivisionError",
    "_IncompleteInputError",
    "__build_class__",
    "__debug__",
    "__doc__",
    "__import__",
    "__loader__",
    "__name__",
    "__package__",
    "__spec__",
    "abs",
    "aiter",
    "all",
    "anext",
    "any",
    "ascii",
    "bin",
    "bool",
    "breakpoint",
    "bytearray",
    "bytes",
    "callable",
    "chr",
    "classmethod",
    "compile",
    "complex",
    "copyright",
    "credits",
    "delattr",
    "dict",
    "dir",
    "divmod",
    "enumerate",
    "eval",
    "exec",
    "exit",
    "filter",
    "float",
    "format",
    "frozenset",
    "getattr",
    "globals",
    "hasattr",
    "hash",
    "help",
    "hex",
    "id",
    "input",
    "int",
    "isinstance",
    "issubclass",
    "iter",
    "len",
    "license",
    "list",
    "locals",
    "map",
    "max",
    "memoryview",
    "min",
    "next",
    "object",
    "oct",
    "open",
    "ord",
    "pow",
    "print",
    "property",
    "quit",
    "range",
    "repr",
    "reversed",
    "round",
    "set",
    "setattr",
    "slice",
    "sorted",
    "staticmethod",
    "str",
    "sum",
    "super",
    "tuple",
    "type",
    "vars",
    "zip",
];

/// Names the module imports, and the module attributes Python itself sets: a generated
/// constant or class of one of these names would replace it.
const MODULE_NAMES: &[&str] = &[
    "annotations",
    "json",
    "math",
    "re",
    "time",
    "dataclass",
    "Any",
    "ClassVar",
    "Final",
    "Literal",
    "Mapping",
    "Optional",
    "Sequence",
    "Union",
    "__annotations__",
    "__builtins__",
    "__cached__",
    "__dict__",
    "__file__",
    "__path__",
    "__getattr__",
    "__dir__",
];

/// The names a generated top-level name must not be: [`KEYWORDS`], [`SOFT_KEYWORDS`],
/// [`BUILTINS`] and [`MODULE_NAMES`], escaped with a `_` after them (`TimeoutError` becomes
/// `TimeoutError_`).
static RESERVED: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut all: Vec<&'static str> = [KEYWORDS, SOFT_KEYWORDS, BUILTINS, MODULE_NAMES].concat();
    all.sort_unstable();
    all.dedup();
    all
});

/// The public names the module declares, in the order `__all__` lists them (the symbols'
/// constants and the errorTypes' classes follow).
const PUBLIC: &[&str] = &[
    "CATALOG_SOURCE",
    "ErrorSymbol",
    "is_error_symbol",
    "ErrorInfo",
    "FieldInfo",
    "CODES",
    "ERRORS",
    "RATE_LIMITED",
    "DecodedError",
    "decode_error",
    "is_retryable",
    "retry_after_ms",
    "TOOL_FAILURE_KEY",
    "ToolFailure",
    "tool_failure",
    "McpError",
    "ERROR_CLASSES",
    "create_error",
    "TRANSLATIONS",
    "localized_message",
    // discovery: a catalog loaded at run time
    "CATALOG_URI",
    "TOOL_ERRORS_META_KEY",
    "MAX_CATALOG_BYTES",
    "CatalogEntry",
    "LoadedCatalog",
    "load_catalog",
    "decode_with_catalog",
];

/// The module's other names: `__all__` and the runtime's private helpers.
const PRIVATE: &[&str] = &[
    "__all__",
    "_BY_CODE",
    "_RETRY_TEXT",
    "_RETRY_SUFFIX",
    "_CODE_TEXT",
    "_MAX_SAFE",
    "_as_mapping",
    "_code",
    "_ms",
    "_str",
    "_dict",
    "_ms_from_text",
    "_first_text",
    "_decoded",
    "_tool_message",
    "_decode_tool_result",
    "_decode_error_object",
    "_retry_after_header",
    "_info",
    "_PLACEHOLDER",
    "_SURROGATE",
    "_ARRAY_INDEX",
    "_js_number",
    "_json_key",
    "_json_text",
    "_render",
    // the draft ToolFailure member's reader
    "_time",
    "_TOOL_FAILURE_AT",
    "_TOOL_FAILURE_CODE",
    "_CONTROL",
    "_tool_failure_at",
    "_with_tool_failure",
    // messages in the client's language
    "_locale_chain",
    "_placeholders_filled",
    // identity through gateways (docs/envelopes.md)
    "_RECOVER_MAX_TEXT",
    "_RECOVER_MAX_NESTING",
    "_RECOVER_MAX_HOPS",
    "_OBJECT_START",
    "_RETRY_LINE_SUFFIX",
    "_reject_constant",
    "_embedded_error",
    "_decode_symbol_prefix",
    "_recover_from_text",
    "_recover_error_object",
    "_recover_tool_text",
    "_without_symbol_prefix",
    // discovery
    "_catalog_entry",
    "_catalog_of",
    "_wire_identity",
];

/// `errors.py` and `py.typed`, and `pyproject.toml` when `package` is given.
///
/// With `package`, the directory is the package: `pyproject.toml` maps the import name (the
/// package's name with `-` and `.` as `_`) to it, and `__init__.py` re-exports the module's
/// public names, so `pip install DIR` gives `fleet_errors/{__init__.py, errors.py, py.typed}`
/// and `from fleet_errors import decode_error` works. (Without `package` the directory may be
/// one of the user's own packages: no `__init__.py` is written there.)
pub fn generate(
    catalog: &Catalog,
    translations: &[Translation],
    source: &str,
    package: Option<&str>,
) -> Vec<(String, String)> {
    let entries = catalog.unique_entries();
    let names = Names::new(&entries);
    let mut files = vec![
        (
            "errors.py".to_owned(),
            module(&entries, &names, translations, source),
        ),
        ("py.typed".to_owned(), String::new()),
    ];
    if let Some(name) = package {
        files.push(("__init__.py".to_owned(), init(&names, name, source)));
        files.push(("pyproject.toml".to_owned(), pyproject(name, source)));
    }
    files
}

/// The import name of the package `name`: what `pyproject.toml` maps the directory to.
fn import_name(name: &str) -> String {
    name.replace(['-', '.'], "_")
}

/// Why `name`, which [`super::valid_package_name`] accepts for every language, cannot name a
/// Python package, if it cannot: an npm `@scope/` (pip rejects it), or an import name that
/// is not an identifier (a leading digit, a keyword). One line, for the command's error.
pub fn package_name_problem(name: &str) -> Option<String> {
    if let Some((_, bare)) = name.strip_prefix('@').and_then(|s| s.split_once('/')) {
        let joined = name[1..].replace('/', "-");
        return Some(format!(
            "--package {name:?}: an @scope/ is npm-only, a Python package name has none; use the unscoped name, --package {bare} (or {joined})"
        ));
    }
    let module = import_name(name);
    if module.starts_with(|c: char| c.is_ascii_digit()) || KEYWORDS.contains(&module.as_str()) {
        return Some(format!(
            "--package {name:?}: its import name {module} is not a Python identifier (a leading digit or a keyword); choose another name"
        ));
    }
    None
}

/// `__init__.py` of the package `name`: the module's public names, re-exported.
fn init(names: &Names<'_>, name: &str, source: &str) -> String {
    let mut out = String::new();
    for line in header_lines(source, "python") {
        let _ = writeln!(out, "# {}", super::comment_text(&line, true));
    }
    let module = import_name(name);
    let doc = format!(
        "The {name} package: the public names of its error module {module}.errors, as in `from {module} import decode_error, create_error`."
    );
    let _ = writeln!(out, "\n{}\n\nfrom .errors import (", lit(&doc));
    let public = names.public();
    for n in &public {
        let _ = writeln!(out, "    {n},");
    }
    out.push_str(")\n\n__all__ = [\n");
    for n in &public {
        let _ = writeln!(out, "    {},", lit(n));
    }
    out.push_str("]\n");
    out
}

/// A Python string literal (JSON's escapes are all Python escapes).
fn lit(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

fn comment(out: &mut String, text: &str) {
    for line in super::comment_text(text, false).trim().lines() {
        let line = line.trim_end();
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            let _ = writeln!(out, "# {line}");
        }
    }
}

fn write_errors_table(out: &mut String, entries: &[&Entry]) {
    out.push_str(
        "# The catalog's metadata of every symbol.\nERRORS: Final[dict[str, ErrorInfo]] = {\n",
    );
    write_rows(out, entries, &mut PythonRows);
    out.push_str("}\n\n");
}

/// A row of `ERRORS`: `"SYMBOL": ErrorInfo(code=..., ...)`, a keyword argument per line.
struct PythonRows;

impl Rows for PythonRows {
    fn start(&mut self, out: &mut String, e: &Entry) {
        let _ = writeln!(out, "    {}: ErrorInfo(", lit(&e.symbol));
    }

    fn member(&mut self, out: &mut String, member: Member, value: Value<'_>) {
        let key = match member {
            Member::Code => "code",
            Member::Symbol => "symbol",
            Member::Domain => "domain",
            Member::Kind => "kind",
            Member::ErrorType => "error_type",
            Member::Retryable => "retryable",
            Member::Channel => "channel",
            Member::Message => "message",
            Member::Description => "description",
            Member::Help => "help",
            Member::DocUrl => "doc_url",
        };
        let value = match value {
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => (if b { "True" } else { "False" }).to_owned(),
            Value::Text(text) => lit(text),
        };
        let _ = writeln!(out, "        {key}={value},");
    }

    fn fields(&mut self, out: &mut String, fields: &[Field]) {
        if fields.is_empty() {
            return;
        }
        out.push_str("        fields=(\n");
        for f in fields {
            let _ = writeln!(
                out,
                "            FieldInfo(name={}, key={}, role={}),",
                lit(&f.name),
                lit(&f.key),
                lit(&f.role)
            );
        }
        out.push_str("        ),\n");
    }

    fn end(&mut self, out: &mut String) {
        out.push_str("    ),\n");
    }
}

/// The module's top-level names for the catalog's symbols and errorTypes.
struct Names<'a> {
    /// Each symbol's constant, in catalog order.
    consts: Vec<(&'a Entry, String)>,
    /// Each errorType's class and its symbols, by errorType.
    classes: Vec<(&'a str, String, Vec<&'a Entry>)>,
}

impl<'a> Names<'a> {
    fn new(entries: &[&'a Entry]) -> Names<'a> {
        let mut idents = Idents::new(&RESERVED);
        for name in PUBLIC.iter().chain(PRIVATE) {
            idents.reserve(name);
        }
        let consts = entries
            .iter()
            .map(|e| (*e, idents.ident(&e.symbol)))
            .collect();
        let mut by_type: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
        for e in entries {
            by_type.entry(e.error_type.as_str()).or_default().push(e);
        }
        let classes = by_type
            .into_iter()
            .map(|(error_type, members)| (error_type, idents.ident(error_type), members))
            .collect();
        Names { consts, classes }
    }

    /// `__all__`: the runtime's public names, then the constants, then the classes.
    fn public(&self) -> Vec<&str> {
        PUBLIC
            .iter()
            .copied()
            .chain(self.consts.iter().map(|(_, name)| name.as_str()))
            .chain(self.classes.iter().map(|(_, class, _)| class.as_str()))
            .collect()
    }
}

/// The runtime: the fixed text of `errors.py`, with the parts the catalog fills in marked.
const RUNTIME: &str = include_str!("runtime/errors_runtime.py");

fn module(
    entries: &[&Entry],
    names: &Names<'_>,
    translations: &[Translation],
    source: &str,
) -> String {
    Template::parse(RUNTIME, "#").render(|part, out| match part {
        "header" => {
            for line in header_lines(source, "python") {
                let _ = writeln!(out, "# {}", super::comment_text(&line, true));
            }
        }
        _ => write_part(out, part, entries, names, translations, source),
    })
}

/// The part `part` of the module (other than the header): `symbols` (`__all__`, the catalog's
/// source, `ErrorSymbol`, a constant per symbol), `tables` (`CODES`, `ERRORS`), `translations`
/// (`TRANSLATIONS`) or `classes` (a class per `errorType`, `ERROR_CLASSES`).
fn write_part(
    out: &mut String,
    part: &str,
    entries: &[&Entry],
    names: &Names<'_>,
    translations: &[Translation],
    source: &str,
) {
    match part {
        "translations" => super::l10n::write_python(out, translations, lit),
        "symbols" => write_symbols(out, entries, names, source),
        "tables" => {
            out.push_str("# The code of every symbol.\nCODES: Final[dict[str, int]] = {\n");
            for e in entries {
                let _ = writeln!(out, "    {}: {},", lit(&e.symbol), e.code);
            }
            out.push_str("}\n\n");
            write_errors_table(out, entries);
        }
        "classes" => {
            for (error_type, class, members) in &names.classes {
                let _ = writeln!(out, "\n\nclass {class}(McpError):");
                let _ = writeln!(
                    out,
                    "    # errorType {}",
                    super::comment_text(error_type, true)
                );
                let symbols: Vec<String> = members.iter().map(|e| lit(&e.symbol)).collect();
                let _ = writeln!(
                    out,
                    "    SYMBOLS: ClassVar[tuple[str, ...]] = ({}{})",
                    symbols.join(", "),
                    if symbols.len() == 1 { "," } else { "" }
                );
            }
            out.push_str("\n\n# The class of each `errorType`; `create_error` picks it.\nERROR_CLASSES: Final[dict[str, type[McpError]]] = {\n");
            for (error_type, class, _) in &names.classes {
                let _ = writeln!(out, "    {}: {class},", lit(error_type));
            }
            out.push_str("}\n");
        }
        other => unreachable!("errors_runtime.py has no part {other:?}"),
    }
}

fn write_symbols(out: &mut String, entries: &[&Entry], names: &Names<'_>, source: &str) {
    out.push_str(
        "# The public names (`from errors import *` imports these and no others).\n__all__ = [\n",
    );
    for name in names.public() {
        let _ = writeln!(out, "    {},", lit(name));
    }
    out.push_str("]\n\n");
    let _ = writeln!(out, "CATALOG_SOURCE: Final = {}\n", lit(source));

    out.push_str("# Every symbol of the catalog.\n");
    if entries.is_empty() {
        out.push_str("ErrorSymbol = str\n\n");
    } else {
        out.push_str("ErrorSymbol = Literal[\n");
        for e in entries {
            let _ = writeln!(out, "    {},", lit(&e.symbol));
        }
        out.push_str("]\n\n");
    }

    for (e, name) in &names.consts {
        let mut text = format!("{}: {} ({})", e.symbol, e.description(), e.kind);
        if e.retryable {
            text.push_str(", retryable");
        }
        comment(out, &text);
        let _ = writeln!(out, "{name}: Final = {}", e.code);
    }
    if !entries.is_empty() {
        out.push('\n');
    }
}

fn pyproject(name: &str, source: &str) -> String {
    let [generated, _, _] = header_lines(source, "python");
    let module = import_name(name);
    let mut out = String::new();
    let _ = writeln!(out, "# {generated}");
    out.push_str("[build-system]\nrequires = [\"setuptools>=61\"]\nbuild-backend = \"setuptools.build_meta\"\n\n");
    let _ = writeln!(out, "[project]\nname = {}", lit(name));
    let _ = writeln!(out, "version = {}", lit(env!("CARGO_PKG_VERSION")));
    let _ = writeln!(out, "description = {}", lit(&generated));
    out.push_str("requires-python = \">=3.10\"\ndependencies = []\n\n");
    let _ = writeln!(
        out,
        "[tool.setuptools]\npy-modules = []\npackages = [{}]\n\n[tool.setuptools.package-dir]\n{} = \".\"\n\n[tool.setuptools.package-data]\n{} = [\"py.typed\"]",
        lit(&module),
        lit(&module),
        lit(&module)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::template::tests::one_enum_catalog;

    /// `runtime/errors_runtime.py` holds, between its markers, what the generator writes for
    /// the sample catalog: the file is a module `mypy --strict` and its unit tests can take.
    #[test]
    fn runtime_file_is_the_sample_catalogs_module() {
        let catalog = crate::lang::template::tests::sample_catalog();
        let entries = catalog.unique_entries();
        let names = Names::new(&entries);
        let template = Template::parse(RUNTIME, "#");
        let translations = crate::lang::l10n::tests::sample_translations();
        assert_eq!(
            template.slots(),
            ["header", "symbols", "tables", "translations", "classes"]
        );
        crate::lang::template::tests::check_runtime_file(
            "errors_runtime.py",
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
                );
            },
        );
    }

    /// Every top-level name the runtime file's fixed text binds (a `def`, a `class`, an
    /// assignment, a `for` target, an import) is one a catalog name is kept from: else a
    /// symbol of that name would replace it.
    #[test]
    fn every_name_the_runtime_binds_is_kept_from_the_catalog() {
        let fixed = Template::parse(RUNTIME, "#").fixed_text();
        let ident = |s: &str| -> String {
            s.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        };
        let mut bound = Vec::new();
        for line in fixed.lines() {
            if let Some(rest) = line
                .strip_prefix("def ")
                .or_else(|| line.strip_prefix("class "))
                .or_else(|| line.strip_prefix("for "))
            {
                bound.push(ident(rest));
            } else if let Some((_, names)) = line.split_once(" import ") {
                bound.extend(names.split(',').map(|n| ident(n.trim())));
            } else if let Some(rest) = line.strip_prefix("import ") {
                bound.push(ident(rest));
            } else if line.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                let name = ident(line);
                let after = line[name.len()..].trim_start();
                if after.starts_with(':') || after.starts_with('=') {
                    bound.push(name);
                }
            }
        }
        assert!(bound.len() > 30, "{bound:?}");
        let missing: Vec<&String> = bound
            .iter()
            .filter(|n| {
                !PUBLIC.contains(&n.as_str())
                    && !PRIVATE.contains(&n.as_str())
                    && !RESERVED.contains(&n.as_str())
            })
            .collect();
        assert!(missing.is_empty(), "add {missing:?} to PUBLIC or PRIVATE");
    }

    /// The `__all__` list of a generated module.
    fn all_names(module: &str) -> Vec<String> {
        let head = "\n__all__ = [\n";
        let start = module.find(head).expect("__all__") + head.len();
        let end = start + module[start..].find("\n]\n").unwrap();
        module[start..end]
            .lines()
            .map(|l| serde_json::from_str(l.trim().trim_end_matches(',')).unwrap())
            .collect()
    }

    #[test]
    fn builtins_are_python_3_13s() {
        assert_eq!(BUILTINS.len(), 159);
        assert!(BUILTINS.is_sorted(), "sorted, as dir() lists them");
        for name in [
            "TimeoutError",
            "PythonFinalizationError",
            "_IncompleteInputError",
            "help",
        ] {
            assert!(BUILTINS.contains(&name), "{name}");
        }
    }

    #[test]
    fn no_name_shadows_a_builtin() {
        let types = [
            "TimeoutError",
            "PermissionError",
            "ValueError",
            "KeyError",
            "TypeError",
            "Exception",
            "NetworkError",
        ];
        let symbols = ["print", "open", "json", "__all__", "ok", "id", "E_X"];
        let entries: Vec<(i64, &str, &str)> = (1..)
            .zip(symbols.iter().zip(&types))
            .map(|(code, (symbol, t))| (code, *symbol, *t))
            .collect();
        let text = generate(&one_enum_catalog("m", &entries), &[], "c.json", None)
            .remove(0)
            .1;
        for t in &types[..6] {
            assert!(text.contains(&format!("\nclass {t}_(McpError):\n")), "{t}");
            assert!(
                text.contains(&format!("\n    \"{t}\": {t}_,\n")),
                "ERROR_CLASSES maps {t}"
            );
            assert!(!text.contains(&format!("class {t}(")), "{t}");
        }
        assert!(text.contains("\nclass NetworkError(McpError):\n"));
        for (symbol, name) in [
            ("print", "print_"),
            ("open", "open_"),
            ("json", "json_"),
            ("__all__", "__all___2"),
            ("ok", "ok"),
            ("id", "id_"),
        ] {
            let comment = format!("# {symbol}: m (internal)\n{name}: Final = ");
            assert!(text.contains(&comment), "{symbol} -> {name}");
        }
        let all = all_names(&text);
        for name in [
            "decode_error",
            "print_",
            "__all___2",
            "TimeoutError_",
            "ValueError_",
            "NetworkError",
        ] {
            assert!(all.iter().any(|n| n == name), "{name} in __all__");
        }
        for name in &all {
            assert!(!RESERVED.contains(&name.as_str()), "{name}");
        }
    }

    #[test]
    fn a_package_has_an_init_reexporting_the_module() {
        let catalog = one_enum_catalog("m", &[(1, "E_A", "TimeoutError"), (2, "2FA", "AuthError")]);
        assert_eq!(
            generate(&catalog, &[], "c.json", None).len(),
            2,
            "no __init__.py"
        );
        let files = generate(&catalog, &[], "c.json", Some("fleet.errors-x"));
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            ["errors.py", "py.typed", "__init__.py", "pyproject.toml"]
        );
        let all = all_names(&files[0].1);
        let init = &files[2].1;
        assert_eq!(all_names(init), all);
        let imported = &init[init.find("from .errors import (\n").unwrap()..];
        let imported = &imported[..imported.find("\n)\n").unwrap()];
        assert_eq!(
            imported
                .lines()
                .skip(1)
                .map(|l| l.trim().trim_end_matches(','))
                .collect::<Vec<_>>(),
            all
        );
        assert!(all.iter().any(|n| n == "TimeoutError_") && all.iter().any(|n| n == "_2FA"));
        assert!(init.contains("from fleet_errors_x import decode_error"));
        assert!(files[3].1.contains("packages = [\"fleet_errors_x\"]"));
    }

    #[test]
    fn python_package_names() {
        let scoped = package_name_problem("@fleet/errors").unwrap();
        assert!(
            scoped.contains("npm-only") && scoped.contains("--package errors (or fleet-errors)")
        );
        for bad in ["1errors", "9-x", "class", "for", "import"] {
            assert!(package_name_problem(bad).is_some(), "{bad}");
        }
        for good in ["fleet-errors", "errors", "a.b", "match", "type", "x1"] {
            assert_eq!(package_name_problem(good), None, "{good}");
        }
    }

    #[test]
    fn errors_carry_each_symbols_fields_for_its_template() {
        let json = serde_json::json!({
            "format": "mcp-errors-catalog", "version": 1,
            "enums": [{"name": "E", "domain": "d", "entries": [{
                "code": 1, "symbol": "E_SB_CRASH", "domain": "d",
                "message": "Interpreter crashed: {reason}", "retryable": false,
                "kind": "internal", "channel": "tool_error", "errorType": "InternalError",
                "fields": [
                    {"name": "reason", "key": "reason", "role": "data"},
                    {"name": "api_key", "key": "api\"key", "role": "skip"},
                ],
            }, {
                "code": 2, "symbol": "E_NONE", "domain": "d", "message": "m",
                "retryable": false, "kind": "internal", "channel": "tool_error",
                "errorType": "InternalError",
            }]}],
        });
        let text = generate(
            &Catalog::from_json(&json.to_string()).unwrap(),
            &[],
            "c.json",
            None,
        )
        .remove(0)
        .1;
        assert!(text.contains(
            "        message=\"Interpreter crashed: {reason}\",\n        description=\"Interpreter crashed: {reason}\",\n        fields=(\n            FieldInfo(name=\"reason\", key=\"reason\", role=\"data\"),\n            FieldInfo(name=\"api_key\", key=\"api\\\"key\", role=\"skip\"),\n        ),\n    ),\n"
        ), "{text}");
        assert_eq!(
            text.matches("        fields=(").count(),
            1,
            "none for E_NONE"
        );
        assert!(text.contains(
            "text = message if message is not None else _render(info.message, info.fields, data, details)"
        ));
    }
}
