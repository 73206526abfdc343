# ---- begin generated: header ----
# The runtime of the Python module `mcp-errors gen --lang python` writes (errors.py): the
# generator copies this file, replacing each part between "begin generated" and "end generated"
# with the catalog's own; what is between the markers here is what it writes for
# sample_catalog.json (a unit test keeps it so: MCP_ERRORS_BLESS=1 cargo test -p mcp-errors-cli
# rewrites it). So this file passes `mypy --strict` as it is, and test_errors_runtime.py tests
# it. Edit the rest freely: it is the runtime of every generated module.
# ---- end generated: header ----

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

# ---- begin generated: symbols ----
# The public names (`from errors import *` imports these and no others).
__all__ = [
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
    "E_NAV_TIMEOUT",
    "E_SELECTOR",
    "INVALID_PARAMS",
    "ProtocolError",
    "TimeoutError_",
    "ValidationError",
]

CATALOG_SOURCE: Final = "sample_catalog.json"

# Every symbol of the catalog.
ErrorSymbol = Literal[
    "E_NAV_TIMEOUT",
    "E_SELECTOR",
    "INVALID_PARAMS",
]

# E_NAV_TIMEOUT: Navigation to {url} timed out (timeout), retryable
E_NAV_TIMEOUT: Final = 2100
# E_SELECTOR: No element matches {0:?} (not_found)
E_SELECTOR: Final = 2101
# INVALID_PARAMS: Invalid params (protocol)
INVALID_PARAMS: Final = -32602

# ---- end generated: symbols ----

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
    # The page documenting the error, when the catalog names one.
    doc_url: Optional[str] = None


# ---- begin generated: tables ----
# The code of every symbol.
CODES: Final[dict[str, int]] = {
    "E_NAV_TIMEOUT": 2100,
    "E_SELECTOR": 2101,
    "INVALID_PARAMS": -32602,
}

# The catalog's metadata of every symbol.
ERRORS: Final[dict[str, ErrorInfo]] = {
    "E_NAV_TIMEOUT": ErrorInfo(
        code=2100,
        symbol="E_NAV_TIMEOUT",
        domain="browser",
        kind="timeout",
        error_type="TimeoutError",
        retryable=True,
        channel="tool",
        message="Navigation to {url} timed out",
        description="Navigation to {url} timed out",
        help="Retry with a longer timeout.",
        doc_url="https://errors.example.dev/browser#E_NAV_TIMEOUT",
        fields=(
            FieldInfo(name="url", key="url", role="data"),
            FieldInfo(name="token", key="token", role="skip"),
        ),
    ),
    "E_SELECTOR": ErrorInfo(
        code=2101,
        symbol="E_SELECTOR",
        domain="browser",
        kind="not_found",
        error_type="ValidationError",
        retryable=False,
        channel="tool",
        message="No element matches {0:?}",
        description="No element matches {0:?}",
        fields=(
            FieldInfo(name="0", key="selector", role="data"),
            FieldInfo(name="why", key="details", role="details"),
        ),
    ),
    "INVALID_PARAMS": ErrorInfo(
        code=-32602,
        symbol="INVALID_PARAMS",
        domain="jsonrpc",
        kind="protocol",
        error_type="ProtocolError",
        retryable=False,
        channel="jsonrpc",
        message="Invalid params",
        description="Invalid params",
        fields=(
            FieldInfo(name="field", key="field", role="data"),
        ),
    ),
}

# ---- end generated: tables ----
_BY_CODE: Final[dict[int, ErrorInfo]] = {}
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
# ---- begin generated: classes ----


class ProtocolError(McpError):
    # errorType ProtocolError
    SYMBOLS: ClassVar[tuple[str, ...]] = ("INVALID_PARAMS",)


class TimeoutError_(McpError):
    # errorType TimeoutError
    SYMBOLS: ClassVar[tuple[str, ...]] = ("E_NAV_TIMEOUT",)


class ValidationError(McpError):
    # errorType ValidationError
    SYMBOLS: ClassVar[tuple[str, ...]] = ("E_SELECTOR",)


# The class of each `errorType`; `create_error` picks it.
ERROR_CLASSES: Final[dict[str, type[McpError]]] = {
    "ProtocolError": ProtocolError,
    "TimeoutError": TimeoutError_,
    "ValidationError": ValidationError,
}
# ---- end generated: classes ----


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
