//! Python: `errors.py` (standard library only, passing `mypy --strict`) and `py.typed`; with
//! `--package`, `__init__.py` and `pyproject.toml` too (see [`generate`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use super::{Idents, header_lines};
use crate::catalog::{Catalog, Entry};

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
    "McpError",
    "ERROR_CLASSES",
    "create_error",
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
];

/// `errors.py` and `py.typed`, and `pyproject.toml` when `package` is given.
///
/// With `package`, the directory is the package: `pyproject.toml` maps the import name (the
/// package's name with `-` and `.` as `_`) to it, and `__init__.py` re-exports the module's
/// public names, so `pip install DIR` gives `fleet_errors/{__init__.py, errors.py, py.typed}`
/// and `from fleet_errors import decode_error` works. (Without `package` the directory may be
/// one of the user's own packages: no `__init__.py` is written there.)
pub fn generate(catalog: &Catalog, source: &str, package: Option<&str>) -> Vec<(String, String)> {
    let entries = catalog.unique_entries();
    let names = Names::new(&entries);
    let mut files = vec![
        ("errors.py".to_owned(), module(&entries, &names, source)),
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
    for e in entries {
        let _ = writeln!(out, "    {}: ErrorInfo(", lit(&e.symbol));
        let _ = writeln!(out, "        code={},", e.code);
        let _ = writeln!(out, "        symbol={},", lit(&e.symbol));
        let _ = writeln!(out, "        domain={},", lit(&e.domain));
        let _ = writeln!(out, "        kind={},", lit(&e.kind));
        let _ = writeln!(out, "        error_type={},", lit(&e.error_type));
        let _ = writeln!(
            out,
            "        retryable={},",
            if e.retryable { "True" } else { "False" }
        );
        let _ = writeln!(
            out,
            "        channel={},",
            if e.is_json_rpc() {
                "\"jsonrpc\""
            } else {
                "\"tool\""
            }
        );
        let _ = writeln!(out, "        message={},", lit(&e.message));
        let _ = writeln!(out, "        description={},", lit(e.description()));
        if let Some(help) = &e.help {
            let _ = writeln!(out, "        help={},", lit(help));
        }
        if !e.fields.is_empty() {
            out.push_str("        fields=(\n");
            for f in &e.fields {
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
        out.push_str("    ),\n");
    }
    out.push_str("}\n\n");
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

fn module(entries: &[&Entry], names: &Names<'_>, source: &str) -> String {
    let mut out = String::new();
    for line in header_lines(source, "python") {
        let _ = writeln!(out, "# {}", super::comment_text(&line, true));
    }
    out.push_str(PRELUDE);
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
        comment(&mut out, &text);
        let _ = writeln!(out, "{name}: Final = {}", e.code);
    }
    if !entries.is_empty() {
        out.push('\n');
    }

    out.push_str(INFO_TYPE);
    out.push_str("# The code of every symbol.\nCODES: Final[dict[str, int]] = {\n");
    for e in entries {
        let _ = writeln!(out, "    {}: {},", lit(&e.symbol), e.code);
    }
    out.push_str("}\n\n");
    write_errors_table(&mut out, entries);
    out.push_str(RUNTIME);

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
    out.push_str(CREATE);
    out
}

const PRELUDE: &str = r#"
"""Error codes of an MCP server fleet, generated from its mcp-errors catalog.

Decode any error a client receives (``decode_error``), ask whether to retry
(``is_retryable``, ``retry_after_ms``), and raise the catalog's errors from a Python server
(``create_error(...).to_tool_error()``). Standard library only.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal, Optional

"#;

const INFO_TYPE: &str = r#"
@dataclass(frozen=True)
class FieldInfo:
    """A field of a symbol's Rust variant: ``name`` is what its message template calls it,
    ``key`` its key in ``data``, ``role`` what the server does with it (``data``, ``details``,
    ``source``, ``skip`` for a field never sent, ...)."""

    name: str
    key: str
    role: str


@dataclass(frozen=True)
class ErrorInfo:
    """What the catalog says about one symbol; ``message`` is the template ``create_error``
    fills from ``data`` by ``fields``."""

    code: int
    symbol: str
    domain: str
    kind: str
    error_type: str
    retryable: bool
    channel: Literal["tool", "jsonrpc"]
    message: str
    description: str
    help: Optional[str] = None
    fields: tuple[FieldInfo, ...] = ()


"#;

const RUNTIME: &str = r#"_BY_CODE: Final[dict[int, ErrorInfo]] = {}
for _info in ERRORS.values():
    _BY_CODE.setdefault(_info.code, _info)

# SEP-3304's proposed RateLimited code: always retryable.
RATE_LIMITED: Final = -32023


def is_error_symbol(s: object) -> bool:
    """Whether ``s`` is a symbol of the catalog."""
    return isinstance(s, str) and s in ERRORS


@dataclass(frozen=True)
class DecodedError:
    """An error received on either channel, read back."""

    code: int
    symbol: Optional[str]
    domain: Optional[str]
    kind: Optional[str]
    retryable: bool
    retry_after_ms: Optional[int]
    message: str
    data: Optional[dict[str, Any]]
    channel: Literal["jsonrpc", "tool"]
    details: Optional[str] = None


_RETRY_TEXT = re.compile(r"\(retry after (\d+) ms\)")
_RETRY_SUFFIX = re.compile(r" \(retry after \d+ ms\)\Z")
_CODE_TEXT = re.compile(r"\s*-?\d{1,10}\s*")
_MAX_SAFE = 2**53 - 1


def _as_mapping(x: object) -> Optional[Mapping[str, object]]:
    """``x`` as a mapping: a dict, a pydantic model (dumped by alias), or an object's attributes."""
    if isinstance(x, Mapping):
        return x
    if isinstance(x, (str, bytes, int, float, bool, Sequence)) or x is None:
        return None
    dump = getattr(x, "model_dump", None)
    if callable(dump):
        dumped = dump(mode="json", by_alias=True)
        return dumped if isinstance(dumped, Mapping) else None
    out: dict[str, object] = {}
    for name in ("code", "message", "data", "error", "isError", "is_error", "_meta", "meta", "content"):
        value = getattr(x, name, None)
        if value is not None:
            out[name] = value
    if isinstance(x, BaseException) and "message" not in out and x.args:
        out["message"] = str(x.args[0])
    return out


def _code(v: object) -> Optional[int]:
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v if -(2**31) <= v < 2**31 else None
    if isinstance(v, str) and _CODE_TEXT.fullmatch(v):
        return _code(int(v))
    return None


def _ms(v: object) -> Optional[int]:
    if isinstance(v, bool) or not isinstance(v, int):
        return None
    return v if 0 <= v <= _MAX_SAFE else None


def _str(v: object) -> Optional[str]:
    return v if isinstance(v, str) else None


def _dict(v: object) -> Optional[dict[str, Any]]:
    m = _as_mapping(v) if not isinstance(v, Mapping) else v
    return {str(k): val for k, val in m.items()} if m is not None else None


def _ms_from_text(text: Optional[str]) -> Optional[int]:
    if text is None:
        return None
    found: Optional[int] = None
    for m in _RETRY_TEXT.finditer(text):
        n = int(m.group(1))
        found = n if n <= _MAX_SAFE else None
    return found


def _first_text(content: object) -> Optional[str]:
    if not isinstance(content, Sequence) or isinstance(content, (str, bytes)):
        return None
    for block in content:
        b = _as_mapping(block)
        if b is not None and b.get("type") == "text" and isinstance(b.get("text"), str):
            return _str(b.get("text"))
    return None


def _decoded(
    code: int,
    wire_symbol: object,
    wire_domain: object,
    wire_retryable: object,
    retry_after: Optional[int],
    message: str,
    details: Optional[str],
    data: Optional[dict[str, Any]],
    channel: Literal["jsonrpc", "tool"],
) -> DecodedError:
    info = ERRORS.get(wire_symbol) if isinstance(wire_symbol, str) else None
    if info is None:
        info = _BY_CODE.get(code)
    if isinstance(wire_retryable, bool):
        retryable = wire_retryable
    else:
        retryable = (info.retryable if info is not None else False) or code == RATE_LIMITED
    if retry_after is not None:
        retryable = True
    domain = _str(wire_domain)
    if domain is None and info is not None:
        domain = info.domain
    return DecodedError(
        code=code,
        symbol=info.symbol if info is not None else None,
        domain=domain,
        kind=info.kind if info is not None else None,
        retryable=retryable,
        retry_after_ms=retry_after,
        message=message,
        data=data,
        channel=channel,
        details=details,
    )


def _tool_message(text: Optional[str], symbol: Optional[str]) -> str:
    if text is None:
        return ""
    head = text
    if symbol is not None and head.startswith(symbol + ": "):
        head = head[len(symbol) + 2 :]
    for marker in ("\nDetails: ", "\nHelp: ", "\nRetryable: "):
        at = head.find(marker)
        if at >= 0:
            head = head[:at]
    # The text form of the delay, when the format puts it on the message's line.
    return _RETRY_SUFFIX.sub("", head)


def _decode_tool_result(x: Mapping[str, object]) -> Optional[DecodedError]:
    meta = _as_mapping(x.get("_meta", x.get("meta")))
    if meta is None:
        return None
    symbol = _str(meta.get("errorCode"))
    code = _code(meta.get("code"))
    if code is None and symbol is not None and symbol in CODES:
        code = CODES[symbol]
    if code is None:
        return None
    text = _first_text(x.get("content"))
    data = _dict(meta.get("data"))
    ms = _ms(data.get("retryAfterMs")) if data is not None else None
    if ms is None:
        ms = _ms(meta.get("retryAfterMs"))
    if ms is None:
        ms = _ms_from_text(text)
    return _decoded(
        code, symbol, meta.get("domain"), meta.get("retryable"), ms,
        _tool_message(text, symbol), _str(meta.get("details")), data, "tool",
    )


def _decode_error_object(x: Mapping[str, object]) -> Optional[DecodedError]:
    code = _code(x.get("code"))
    message = x.get("message")
    if code is None or not isinstance(message, str):
        return None
    data = _dict(x.get("data"))
    get = data.get if data is not None else (lambda _key: None)
    return _decoded(
        code, get("symbol"), get("domain"), get("retryable"), _ms(get("retryAfterMs")),
        message, _str(get("details")), data, "jsonrpc",
    )


def decode_error(x: object) -> Optional[DecodedError]:
    """Reads an error back, by shape: a JSON-RPC error object or a response carrying one
    (dicts), the official SDK's ``MCPError`` (its ``error``), or a tool result
    (``CallToolResult``, or its dict) with ``isError`` and mcp-errors' ``_meta``. A code
    outside the catalog decodes with ``symbol`` None; anything else (a success, a string,
    None) gives None. Never raises."""
    try:
        m = _as_mapping(x)
        if m is None:
            return None
        if m.get("isError", m.get("is_error")) is True:
            return _decode_tool_result(m)
        inner = m.get("error")
        if inner is not None and _code(m.get("code")) is None:
            inner_map = _as_mapping(inner)
            return _decode_error_object(inner_map) if inner_map is not None else None
        return _decode_error_object(m)
    except Exception:
        return None


def is_retryable(x: object) -> bool:
    """Whether ``x`` is an error worth retrying (the wire's flag, else the catalog's)."""
    decoded = decode_error(x)
    return decoded.retryable if decoded is not None else False


def _retry_after_header(x: object) -> Optional[int]:
    headers = getattr(x, "headers", None)
    if headers is None and isinstance(x, Mapping):
        headers = x.get("headers")
    value: object = None
    if isinstance(headers, Mapping):
        for k, v in headers.items():
            if isinstance(k, str) and k.lower() == "retry-after":
                value = v
    elif headers is not None and callable(getattr(headers, "get", None)):
        value = headers.get("retry-after")
    if not isinstance(value, str) or not value.strip().isdigit() or not value.strip().isascii():
        return None
    ms = int(value.strip()) * 1000
    return ms if ms <= _MAX_SAFE else None


def retry_after_ms(x: object) -> Optional[int]:
    """The delay the error asks for, in milliseconds: ``data.retryAfterMs``, else
    ``_meta.retryAfterMs``, else the text's ``(retry after N ms)``, else an HTTP response's
    ``Retry-After`` seconds. Malformed values are ignored; never raises."""
    try:
        decoded = decode_error(x)
        if decoded is not None and decoded.retry_after_ms is not None:
            return decoded.retry_after_ms
        return _retry_after_header(x)
    except Exception:
        return None


_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")


def _js_number(v: float) -> str:
    """``v`` as JavaScript writes a number: the shortest digits that read back as ``v`` (those
    of Python's repr), no ``.0``, the exponent form below 1e-6 and from 1e21 (``1e+21``,
    ``1.5e-7``), ``0`` for -0; NaN and the infinities are JSON's ``null``."""
    if not math.isfinite(v):
        return "null"
    if v == 0:
        return "0"
    mantissa, _, exp = repr(abs(v)).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    # abs(v) == 0.DIGITS * 10**point
    point = len(whole) + (int(exp) if exp else 0) - (len(whole) + len(frac) - len(digits))
    digits = digits.rstrip("0")
    k = len(digits)
    if k <= point <= 21:
        text = digits + "0" * (point - k)
    elif 0 < point <= 21:
        text = digits[:point] + "." + digits[point:]
    elif -6 < point <= 0:
        text = "0." + "0" * -point + digits
    else:
        exponent = ("e+" if point > 0 else "e-") + str(abs(point - 1))
        text = digits[0] + ("." + digits[1:] if k > 1 else "") + exponent
    return ("-" if v < 0 else "") + text


def _json_key(k: object) -> str:
    if isinstance(k, str):
        return k
    if k is None or isinstance(k, (bool, int, float)):
        return _json_text(k)
    raise ValueError(f"no JSON key for {type(k).__name__}")


def _json_text(v: object) -> str:
    """``v`` as JavaScript's ``JSON.stringify`` writes it: compact, non-ASCII as it is (a lone
    surrogate escaped), numbers as JavaScript writes them (an int beyond 2**53 rounded to a
    double, as JavaScript reads it), an object's array-index keys first in ascending order.
    Raises ValueError for a value JSON has no text for."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        literal = json.dumps(v, ensure_ascii=False)
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", literal)
    if isinstance(v, int):
        if abs(v) <= _MAX_SAFE:
            return str(int(v))
        try:
            return _js_number(float(v))
        except OverflowError:
            return "null"
    if isinstance(v, float):
        return _js_number(float(v))
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_json_text(x) for x in v) + "]"
    if isinstance(v, Mapping):
        members: dict[str, str] = {}
        for key, x in v.items():
            members[_json_key(key)] = _json_text(x)
        # a JavaScript object lists its array-index keys first, in ascending order
        index = {k for k in members if _ARRAY_INDEX.fullmatch(k) and int(k) < 2**32 - 1}
        order = sorted(index, key=int) + [k for k in members if k not in index]
        return "{" + ",".join(_json_text(k) + ":" + members[k] for k in order) + "}"
    raise ValueError(f"no JSON text for {type(v).__name__}")


def _render(
    template: str,
    fields: Sequence[FieldInfo],
    data: Optional[Mapping[str, Any]],
    details: Optional[str] = None,
) -> str:
    """The message of the catalog's ``template`` for ``data``, as the TypeScript module renders
    it, and as the Rust server's message reads where the template only names fields (format
    specs and arguments are Rust's own): ``{{`` and ``}}`` are braces; ``{NAME}`` and
    ``{NAME:SPEC}``, where NAME is the name of a field that is not ``skip`` and ``data`` has its
    key (for a ``details`` field, else ``details``), are that value: a str as it is (its JSON
    string literal when SPEC has a ``?``), any other value its compact JSON text as
    JavaScript's ``JSON.stringify`` writes it. Every other placeholder stays as it is."""
    by_name = {f.name: f for f in fields if f.role != "skip"}

    def value(m: re.Match[str]) -> str:
        token = m.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name, _, spec = m.group(1).partition(":")
        field = by_name.get(name)
        try:
            v: object
            if field is None:
                return token
            if data is not None and field.key in data:
                v = data[field.key]
            elif field.role == "details" and details is not None:
                v = details
            else:
                return token
            return v if isinstance(v, str) and "?" not in spec else _json_text(v)
        except Exception:
            return token

    return _PLACEHOLDER.sub(value, template)


class McpError(Exception):
    """Seed 002's base class: an error of the catalog raised by a Python server. Its
    ``to_tool_error()`` is the tool error the Rust server sends for the same symbol,
    message, details and data."""

    error_type: str
    error_code: str
    code: int
    domain: str
    kind: str
    retryable: bool
    message: str
    data: Optional[dict[str, Any]]
    details: Optional[str]
    retry_after_ms: Optional[int]

    def __init__(
        self,
        symbol: ErrorSymbol,
        message: Optional[str] = None,
        data: Optional[Mapping[str, Any]] = None,
        *,
        details: Optional[str] = None,
        retry_after_ms: Optional[int] = None,
        domain: Optional[str] = None,
    ) -> None:
        info = ERRORS[symbol]
        # An explicit message as it is; else the catalog's template, filled from data.
        text = message if message is not None else _render(info.message, info.fields, data, details)
        super().__init__(text)
        self.error_type = info.error_type
        self.error_code = info.symbol
        self.code = info.code
        self.domain = domain if domain is not None else info.domain
        self.kind = info.kind
        self.message = text
        self.data = dict(data) if data is not None else None
        self.details = details
        self.retry_after_ms = _ms(retry_after_ms)
        self.retryable = info.retryable or self.retry_after_ms is not None

    def to_tool_error(self) -> dict[str, Any]:
        """The MCP tool error: text for the model, ``_meta`` for programs."""
        info = ERRORS[self.error_code]
        text = f"{self.error_code}: {self.message}"
        if self.details is not None:
            text += f"\nDetails: {self.details}"
        if info.help is not None:
            text += f"\nHelp: {info.help}"
        ms = self.retry_after_ms
        if not self.retryable:
            text += "\nRetryable: no"
        elif ms is None:
            text += "\nRetryable: yes"
        else:
            # The retry contract's text form ends the text.
            text += f"\nRetryable: yes (retry after {ms} ms)"
        meta: dict[str, Any] = {
            "errorType": self.error_type,
            "errorCode": self.error_code,
            "retryable": self.retryable,
            "code": self.code,
            "domain": self.domain,
        }
        if ms is not None:
            meta["retryAfterMs"] = ms
        if self.details is not None:
            meta["details"] = self.details
        if info.help is not None:
            meta["help"] = info.help
        if self.data:
            meta["data"] = dict(self.data)
        return {"content": [{"type": "text", "text": text}], "isError": True, "_meta": meta}

    def to_jsonrpc_error(self) -> dict[str, Any]:
        """The JSON-RPC error object (``error`` of a response)."""
        data: dict[str, Any] = {"domain": self.domain, "symbol": self.error_code, "retryable": self.retryable}
        if self.details is not None:
            data["details"] = self.details
        if self.retry_after_ms is not None:
            data["retryAfterMs"] = self.retry_after_ms
        for k, v in (self.data or {}).items():
            data.setdefault(k, v)
        return {"code": self.code, "message": self.message, "data": data}
"#;

const CREATE: &str = r#"

def create_error(
    symbol: ErrorSymbol,
    message: Optional[str] = None,
    data: Optional[Mapping[str, Any]] = None,
    *,
    details: Optional[str] = None,
    retry_after_ms: Optional[int] = None,
    domain: Optional[str] = None,
) -> McpError:
    """An error of the catalog, as an instance of its ``errorType``'s class."""
    cls = ERROR_CLASSES.get(ERRORS[symbol].error_type, McpError)
    return cls(symbol, message, data, details=details, retry_after_ms=retry_after_ms, domain=domain)
"#;

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

    /// A catalog of one enum whose entries are `(code, symbol, errorType)`.
    fn catalog(entries: &[(i64, &str, &str)]) -> Catalog {
        let entries: Vec<serde_json::Value> = entries
            .iter()
            .map(|(code, symbol, error_type)| {
                serde_json::json!({
                    "code": code, "symbol": symbol, "domain": "d", "message": "m",
                    "retryable": false, "kind": "internal", "channel": "tool_error",
                    "errorType": error_type,
                })
            })
            .collect();
        let json = serde_json::json!({
            "format": "mcp-errors-catalog", "version": 1,
            "enums": [{"name": "E", "domain": "d", "entries": entries}],
        });
        Catalog::from_json(&json.to_string()).unwrap()
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
        let text = generate(&catalog(&entries), "c.json", None).remove(0).1;
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
        let catalog = catalog(&[(1, "E_A", "TimeoutError"), (2, "2FA", "AuthError")]);
        assert_eq!(
            generate(&catalog, "c.json", None).len(),
            2,
            "no __init__.py"
        );
        let files = generate(&catalog, "c.json", Some("fleet.errors-x"));
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
