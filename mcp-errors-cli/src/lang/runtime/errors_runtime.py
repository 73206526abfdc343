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
import time as _time
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
    "TOOL_FAILURE_KEY",
    "ToolFailure",
    "tool_failure",
    "McpError",
    "ERROR_CLASSES",
    "create_error",
    "TRANSLATIONS",
    "localized_message",
    "CATALOG_URI",
    "TOOL_ERRORS_META_KEY",
    "MAX_CATALOG_BYTES",
    "CatalogEntry",
    "LoadedCatalog",
    "load_catalog",
    "decode_with_catalog",
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
        _without_symbol_prefix(message, get("symbol")), _str(get("details")), data, "jsonrpc",
    )


# Identity through gateways (docs/envelopes.md): an error whose ``data`` has no ``symbol`` is read
# again from its message, or a tool result without mcp-errors' ``_meta`` from its text. The Rust
# client (mcp-errors-core's recover.rs) and the TypeScript module follow the same rule, on the
# same vectors (tests/polyglot/recover_cases.json).

# The longest text read for an embedded error, in UTF-8 bytes; a longer one is not read.
_RECOVER_MAX_TEXT: Final = 65536
# The deepest bracket nesting followed: a response and its error around ``data``'s 64 levels.
_RECOVER_MAX_NESTING: Final = 66
# How many embedded levels are followed (a gateway behind a gateway).
_RECOVER_MAX_HOPS: Final = 4
_OBJECT_START = re.compile(r'\{[ \t\n\r]*"')
_RETRY_LINE_SUFFIX = re.compile(r" \(retry after \d+ ms\)\Z")


def _reject_constant(name: str) -> object:
    raise ValueError(f"not JSON: {name}")


def _embedded_error(text: str) -> Optional[Mapping[str, object]]:
    """The JSON-RPC error embedded in ``text``: the first ``{`` followed (after JSON whitespace)
    by ``"``, up to the bracket that closes it outside strings (one pass, given up past
    _RECOVER_MAX_NESTING), parsed strictly; a response's ``error``, or the object itself, with an
    integer code and a string message. None for anything else."""
    if len(text) > _RECOVER_MAX_TEXT or len(text.encode("utf-8", "surrogatepass")) > _RECOVER_MAX_TEXT:
        return None
    found = _OBJECT_START.search(text)
    if found is None:
        return None
    start = found.start()
    depth = 0
    in_string = False
    escaped = False
    end = -1
    for i in range(start, len(text)):
        c = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "{[":
            depth += 1
            if depth > _RECOVER_MAX_NESTING:
                return None
        elif c in "}]":
            depth -= 1
            if depth == 0:
                end = i + 1
                break
    if end < 0:
        return None
    try:
        value = json.loads(text[start:end], parse_constant=_reject_constant)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    error = value.get("error")
    obj: dict[str, Any] = error if isinstance(error, dict) else value
    if _code(obj.get("code")) is None or not isinstance(obj.get("message"), str):
        return None
    return obj


def _decode_symbol_prefix(text: str, channel: Literal["jsonrpc", "tool"]) -> Optional[DecodedError]:
    """A text starting with ``SYMBOL: ``, a symbol of the catalog: that symbol's error."""
    colon = text[:65].find(": ")
    if colon <= 0:
        return None
    symbol = text[:colon]
    info = ERRORS.get(symbol)
    if info is None:
        return None
    line = text[colon + 2 :].split("\n", 1)[0]
    message = _RETRY_LINE_SUFFIX.sub("", line)
    return _decoded(info.code, symbol, None, None, _ms_from_text(text), message, None, None, channel)


def _recover_from_text(text: str, hops: int, channel: Literal["jsonrpc", "tool"]) -> Optional[DecodedError]:
    """What ``text`` says the error was: an embedded error (recovered in turn), else a symbol prefix."""
    inner = _embedded_error(text)
    if inner is not None:
        recovered = _recover_error_object(inner, hops - 1)
        return recovered if recovered is not None else _decode_error_object(inner)
    return _decode_symbol_prefix(text, channel)


def _recover_error_object(x: Mapping[str, object], hops: int) -> Optional[DecodedError]:
    """An error object without ``data.symbol``, read again from its message."""
    data = _as_mapping(x.get("data"))
    message = x.get("message")
    if hops <= 0 or (data is not None and isinstance(data.get("symbol"), str)):
        return None
    if _code(x.get("code")) is None or not isinstance(message, str):
        return None
    return _recover_from_text(message, hops, "jsonrpc")


def _recover_tool_text(x: Mapping[str, object]) -> Optional[DecodedError]:
    """A tool result without mcp-errors' ``_meta`` (a gateway's), read from its text."""
    text = _first_text(x.get("content"))
    return _recover_from_text(text, _RECOVER_MAX_HOPS, "tool") if text is not None else None


def _without_symbol_prefix(message: str, symbol: object) -> str:
    """A message without the ``SYMBOL: `` prefix (and its delay) the opt-in writes, when ``symbol`` starts it."""
    if not isinstance(symbol, str) or not message.startswith(symbol + ": "):
        return message
    return _RETRY_LINE_SUFFIX.sub("", message[len(symbol) + 2 :])


def decode_error(x: object) -> Optional[DecodedError]:
    """Reads an error back, by shape: a JSON-RPC error object or a response carrying one
    (dicts), the official SDK's ``MCPError`` (its ``error``), or a tool result
    (``CallToolResult``, or its dict) with ``isError`` and mcp-errors' ``_meta``. A code
    outside the catalog decodes with ``symbol`` None. An error a gateway stripped of its
    ``data`` (or turned into a tool result's text) is read from its text: an embedded JSON-RPC
    error, or a ``SYMBOL: `` of the catalog at its start (docs/envelopes.md, "Identity through
    gateways"); anything else (a success, a string,
    None) gives None. Never raises."""
    try:
        m = _as_mapping(x)
        if m is None:
            return None
        if m.get("isError", m.get("is_error")) is True:
            tool = _with_tool_failure(m, _decode_tool_result(m))
            return tool if tool is not None else _recover_tool_text(m)
        inner = m.get("error")
        if inner is not None and _code(m.get("code")) is None:
            inner_map = _as_mapping(inner)
            if inner_map is None:
                return None
            m = inner_map
        recovered = _recover_error_object(m, _RECOVER_MAX_HOPS)
        return recovered if recovered is not None else _decode_error_object(m)
    except Exception:
        return None


def is_retryable(x: object) -> bool:
    """Whether ``x`` is an error worth retrying (the wire's flag, else the catalog's)."""
    decoded = decode_error(x)
    if decoded is not None:
        return decoded.retryable
    failure = tool_failure(x)
    return failure is not None and (failure.retryable is True or failure.retry_after_ms is not None)


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
        failure = tool_failure(x)
        if failure is not None and failure.retry_after_ms is not None:
            return failure.retry_after_ms
        return _retry_after_header(x)
    except Exception:
        return None


# The draft ToolFailure proposal (MCP pull requests #3312 and #3313, not accepted): a structured
# failure under ``_meta["io.modelcontextprotocol/toolFailure"]``, which a server may send instead
# of, or beside, mcp-errors' own ``_meta`` keys. ``decode_error``, ``is_retryable`` and
# ``retry_after_ms`` fall back on it; ``tool_failure`` reads it whole.

TOOL_FAILURE_KEY: Final = "io.modelcontextprotocol/toolFailure"
"""The ``_meta`` key of the draft ToolFailure proposal."""

_TOOL_FAILURE_AT = re.compile(
    r"([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?"
    r"(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))"
)
_TOOL_FAILURE_CODE = re.compile(r"\s*[+-]?[0-9]+\s*")
_CONTROL = re.compile("[\u0000-\u001f\u007f-\u009f]")


@dataclass(frozen=True)
class ToolFailure:
    """A received ``_meta["io.modelcontextprotocol/toolFailure"]``: each member as far as it
    has the expected type and size, else None."""

    cls: Optional[str]
    """``class``: ``capability``, ``reliability``, ``governance`` (or another string the draft may add)."""
    code: int | str | None
    """An integer within int32 or a string of one as an int, else the string itself."""
    retryable: Optional[bool]
    retry_not_before_ms: Optional[int]
    """``retryNotBefore`` in milliseconds since the epoch (0 for a moment before 1970)."""
    retry_after_ms: Optional[int]
    """Milliseconds from now (or the ``now_ms`` given) until ``retryNotBefore``, rounded up; 0 once past."""
    correlation_id: Optional[str]
    agent_guidance: Optional[str]


def _tool_failure_at(v: object) -> Optional[tuple[int, int]]:
    """An RFC 3339 date-time (a leap second read as :59) as (seconds since the epoch,
    nanoseconds); None for anything else."""
    if not isinstance(v, str) or len(v) > 64:
        return None
    m = _TOOL_FAILURE_AT.fullmatch(v)
    if m is None:
        return None
    year, month, day, hour, minute, second = (int(m.group(i)) for i in range(1, 7))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 1 <= month <= 12:
        return None
    month_days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)[month - 1]
    if not 1 <= day <= month_days or hour > 23 or minute > 59 or second > 60:
        return None
    oh, om = int(m.group(9) or 0), int(m.group(10) or 0)
    if oh > 23 or om > 59:
        return None
    offset = (-1 if m.group(8) == "-" else 1) * (oh * 3600 + om * 60)
    # Days since 1970-01-01 of the proleptic Gregorian date (H. Hinnant's days-from-civil).
    y = year - 1 if month <= 2 else year
    era = y // 400
    yoe = y - era * 400
    doy = (153 * ((month + 9) % 12) + 2) // 5 + day - 1
    days = era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
    secs = days * 86400 + hour * 3600 + minute * 60 + min(second, 59) - offset
    if secs < 0:
        return (0, 0)
    return (secs, int(((m.group(7) or "") + "000000000")[:9]))


def tool_failure(x: object, now_ms: Optional[int] = None) -> Optional[ToolFailure]:
    """The draft ToolFailure member of a tool result (``isError`` true), or None. Values of
    the wrong type or size are left out; never raises."""
    try:
        m = _as_mapping(x)
        if m is None or m.get("isError", m.get("is_error")) is not True:
            return None
        meta = _as_mapping(m.get("_meta", m.get("meta")))
        f = _as_mapping(meta.get(TOOL_FAILURE_KEY)) if meta is not None else None
        if f is None:
            return None
        get = f.get

        def text(key: str) -> Optional[str]:
            v = get(key)
            return v if isinstance(v, str) and len(v.encode("utf-8", "surrogatepass")) <= 4096 else None

        raw_code = get("code")
        code: int | str | None = None
        if isinstance(raw_code, int) and not isinstance(raw_code, bool):
            code = _code(raw_code)
        elif isinstance(raw_code, str) and raw_code and text("code") is not None:
            n = int(raw_code) if _TOOL_FAILURE_CODE.fullmatch(raw_code) else None
            code = n if n is not None and -(2**31) <= n < 2**31 else raw_code
        retryable = get("retryable")
        at = _tool_failure_at(get("retryNotBefore"))
        now = now_ms if now_ms is not None else int(_time.time() * 1000)
        correlation_id = text("correlationId")
        if correlation_id is not None and not (
            correlation_id and len(correlation_id.encode("utf-8", "surrogatepass")) <= 128
            and not _CONTROL.search(correlation_id)
        ):
            correlation_id = None
        return ToolFailure(
            cls=text("class"),
            code=code,
            retryable=retryable if isinstance(retryable, bool) else None,
            retry_not_before_ms=at[0] * 1000 + at[1] // 1_000_000 if at is not None else None,
            retry_after_ms=max(0, at[0] * 1000 - now + -(-at[1] // 1_000_000)) if at is not None else None,
            correlation_id=correlation_id,
            agent_guidance=text("agentGuidance"),
        )
    except Exception:
        return None


def _with_tool_failure(x: Mapping[str, object], d: Optional[DecodedError]) -> Optional[DecodedError]:
    """``d`` (a tool result's decoding) completed from the draft ToolFailure member: its
    ``retryable`` where ``_meta`` has none, its delay where nothing else gave one; or, for a
    result that carries only the member, the error its ``code`` names (a number, or a symbol
    of the catalog)."""
    f = tool_failure(x)
    if f is None:
        return d
    if d is None:
        code = f.code if isinstance(f.code, int) else CODES.get(f.code) if isinstance(f.code, str) else None
        if code is None:
            return None
        message = _tool_message(_first_text(x.get("content")), None)
        return _decoded(code, f.code, None, f.retryable, f.retry_after_ms, message, None, None, "tool")
    meta = _as_mapping(x.get("_meta", x.get("meta")))
    retryable = d.retryable
    if meta is not None and not isinstance(meta.get("retryable"), bool) and f.retryable is not None:
        retryable = f.retryable or d.retry_after_ms is not None
    retry_after = d.retry_after_ms
    if retry_after is None and f.retry_after_ms is not None:
        retry_after, retryable = f.retry_after_ms, True
    return DecodedError(
        code=d.code, symbol=d.symbol, domain=d.domain, kind=d.kind, retryable=retryable,
        retry_after_ms=retry_after, message=d.message, data=d.data, channel=d.channel,
        details=d.details,
    )


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


# ---- begin generated: translations ----
# The catalog's messages in other languages (``mcp-errors gen --locale``): a lowercase BCP 47
# tag, then a symbol, to its template.
TRANSLATIONS: Final[dict[str, dict[str, str]]] = {
    "fr": {
        "E_NAV_TIMEOUT": "La navigation vers {url} a expiré",
        "E_SELECTOR": "Aucun élément ne correspond à {0:?}",
        "INVALID_PARAMS": "Paramètres invalides",
    },
    "fr-ca": {
        "E_NAV_TIMEOUT": "La navigation vers {url} a pris trop de temps",
    },
}
# ---- end generated: translations ----


def _locale_chain(locale: str) -> list[str]:
    """``locale`` and the tags it falls back to, as ``TRANSLATIONS`` keys: lowercase, ``_``
    read as ``-``, then each tag without its last subtag (``fr-CA``: ``fr-ca``, ``fr``)."""
    chain: list[str] = []
    tag = str(locale).lower().replace("_", "-")
    while tag:
        chain.append(tag)
        tag = tag.rpartition("-")[0]
    return chain


def _placeholders_filled(
    fields: Sequence[FieldInfo],
    template: str,
    data: Optional[Mapping[str, Any]],
    details: Optional[str],
) -> bool:
    """Whether ``_render`` fills every placeholder of ``template`` from ``data`` and ``details``."""
    by_name = {f.name: f for f in fields if f.role != "skip"}
    for m in _PLACEHOLDER.finditer(template):
        if m.group(1) is None:
            continue
        field = by_name.get(m.group(1).partition(":")[0])
        if field is None:
            return False
        if not (data is not None and field.key in data) and not (
            field.role == "details" and details is not None
        ):
            return False
    return True


def localized_message(decoded: DecodedError, locale: str) -> str:
    """The message of ``decoded`` in ``locale`` (a BCP 47 tag, any case, ``fr_CA`` as
    ``fr-CA``): the translation of its symbol for ``locale`` or the first tag it falls back to
    (``fr-CA``, then ``fr``), filled from the error's ``data`` (and ``details``) as the original
    template is. The wire message, as it is, when the error's symbol is not the catalog's, no
    tag has a translation of it, or the data lacks a value one of its placeholders names. The
    error itself, and what the server sent, are never changed."""
    symbol = decoded.symbol
    if symbol is None or not is_error_symbol(symbol):
        return decoded.message
    info = ERRORS[symbol]
    for tag in _locale_chain(locale):
        template = TRANSLATIONS.get(tag, {}).get(symbol)
        if template is None:
            continue
        if not _placeholders_filled(info.fields, template, decoded.data, decoded.details):
            return decoded.message
        return _render(template, info.fields, decoded.data, decoded.details)
    return decoded.message


class McpError(Exception):
    """The TypeScript hierarchy's base class: an error of the catalog raised by a Python server. Its
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


# Discovery: a catalog read from the server at run time (its resource `mcp-errors://catalog`),
# which decodes that server's errors by symbol without a module generated for it.

# The URI of the catalog resource a server publishes.
CATALOG_URI: Final = "mcp-errors://catalog"
# The key of a tool's `_meta` (in `tools/list`) that lists the symbols it can return.
TOOL_ERRORS_META_KEY: Final = "io.crates.mcp-errors/errors"
# The largest catalog text `load_catalog` reads, in UTF-8 bytes (1 MiB); larger is refused unread.
MAX_CATALOG_BYTES: Final = 1 << 20


@dataclass(frozen=True)
class CatalogEntry:
    """One error of a catalog loaded at run time."""

    code: int
    symbol: str
    domain: str
    kind: str
    retryable: bool
    message: str
    error_type: Optional[str] = None
    channel: Optional[str] = None
    help: Optional[str] = None


@dataclass(frozen=True)
class LoadedCatalog:
    """A server's catalog loaded at run time (``load_catalog``)."""

    by_symbol: Mapping[str, CatalogEntry]
    by_code: Mapping[int, tuple[CatalogEntry, ...]]


def _catalog_entry(x: object, enum_domain: str) -> Optional[CatalogEntry]:
    if not isinstance(x, Mapping):
        return None
    code, symbol, kind = x.get("code"), x.get("symbol"), x.get("kind")
    retryable, message = x.get("retryable"), x.get("message")
    if isinstance(code, bool) or not isinstance(code, int) or _code(code) is None:
        return None
    if not isinstance(symbol, str) or not symbol or not isinstance(kind, str):
        return None
    if not isinstance(retryable, bool) or not isinstance(message, str):
        return None
    domain = x.get("domain", enum_domain)
    error_type, channel, help_ = x.get("errorType"), x.get("channel"), x.get("help")
    if not isinstance(domain, str):
        return None
    if error_type is not None and not isinstance(error_type, str):
        return None
    # The catalog JSON writes `tool_error`; the tables of a generated module, `tool`.
    if channel == "tool_error":
        channel = "tool"
    if channel is not None and channel not in ("tool", "jsonrpc"):
        return None
    if help_ is not None and not isinstance(help_, str):
        return None
    return CatalogEntry(code, symbol, domain, kind, retryable, message, error_type, channel, help_)


def _catalog_of(x: object) -> Optional[LoadedCatalog]:
    if not isinstance(x, Mapping) or not isinstance(x.get("enums"), list):
        return None
    by_symbol: dict[str, CatalogEntry] = {}
    by_code: dict[int, list[CatalogEntry]] = {}
    for en in x["enums"]:
        if not isinstance(en, Mapping):
            return None
        domain, entries = en.get("domain"), en.get("entries")
        if not isinstance(domain, str) or not isinstance(entries, list):
            return None
        for raw in entries:
            entry = _catalog_entry(raw, domain)
            if entry is None:
                return None
            aliases = raw.get("aliases") if isinstance(raw, Mapping) else None
            names = [entry.symbol, *(aliases if isinstance(aliases, list) else [])]
            for name in names:
                if not isinstance(name, str):
                    return None
                known = by_symbol.get(name)
                # One symbol with two codes: the catalog cannot say which one a symbol means.
                if known is not None and known.code != entry.code:
                    return None
                by_symbol.setdefault(name, entry)
            by_code.setdefault(entry.code, []).append(entry)
    return LoadedCatalog(by_symbol, {code: tuple(rows) for code, rows in by_code.items()})


def load_catalog(x: object) -> Optional[LoadedCatalog]:
    """Loads a server's catalog: the text (``str`` or ``bytes``) of its
    ``mcp-errors://catalog`` resource, that text parsed, or the whole ``resources/read``
    result (a ``ReadResourceResult`` or its dict, ``{"contents": [{"uri", "text"}]}``). None
    when it is larger than ``MAX_CATALOG_BYTES``, not JSON, or not a catalog (a member of the
    wrong type, one symbol with two codes): keep decoding with the catalog you had. Never
    raises."""
    try:
        if isinstance(x, (bytes, bytearray)):
            if len(x) > MAX_CATALOG_BYTES:
                return None
            return load_catalog(bytes(x).decode("utf-8"))
        if isinstance(x, str):
            # A code point is at least one UTF-8 byte: a longer string is refused unencoded.
            if len(x) > MAX_CATALOG_BYTES or len(x.encode("utf-8")) > MAX_CATALOG_BYTES:
                return None
            return _catalog_of(json.loads(x))
        m = x if isinstance(x, Mapping) else None
        if m is None and hasattr(x, "contents"):
            m = _as_mapping(x)
        if m is not None and isinstance(m.get("contents"), list):
            for content in m["contents"]:
                c = _as_mapping(content)
                if c is not None and c.get("uri") == CATALOG_URI and isinstance(c.get("text"), str):
                    return load_catalog(c["text"])
            return None
        return _catalog_of(x)
    except Exception:
        return None


def _wire_identity(x: object) -> tuple[object, object, object]:
    """The symbol, domain and ``retryable`` flag as received, by ``decode_error``'s shapes."""
    m = _as_mapping(x)
    if m is None:
        return (None, None, None)
    if m.get("isError", m.get("is_error")) is True:
        meta = _as_mapping(m.get("_meta", m.get("meta")))
        if meta is None:
            return (None, None, None)
        return (meta.get("errorCode"), meta.get("domain"), meta.get("retryable"))
    inner = m.get("error")
    obj = _as_mapping(inner) if inner is not None and _code(m.get("code")) is None else m
    data = _dict(obj.get("data")) if obj is not None else None
    if data is None:
        return (None, None, None)
    return (data.get("symbol"), data.get("domain"), data.get("retryable"))


def decode_with_catalog(x: object, catalog: Optional[LoadedCatalog]) -> Optional[DecodedError]:
    """``decode_error(x)``, read with a catalog loaded at run time (``load_catalog``): the
    received symbol's row of that catalog (else, without a symbol, the row of its code, or of
    its code and domain when several share it) gives the symbol, kind, domain and, when the
    wire has no flag, ``retryable``. A symbol the catalog does not know is left as
    ``decode_error`` reads it; with ``catalog`` None this is ``decode_error``. Never raises."""
    base = decode_error(x)
    if base is None or catalog is None:
        return base
    try:
        symbol, _domain, retryable = _wire_identity(x)
        entry: Optional[CatalogEntry] = None
        if isinstance(symbol, str):
            entry = catalog.by_symbol.get(symbol)
        else:
            rows = catalog.by_code.get(base.code, ())
            matching = rows if len(rows) == 1 else tuple(r for r in rows if r.domain == base.domain)
            entry = matching[0] if len(matching) == 1 else None
        if entry is None:
            return base
        flag = base.retryable
        if not isinstance(retryable, bool) and base.retry_after_ms is None:
            flag = entry.retryable or base.code == RATE_LIMITED
        return DecodedError(
            code=base.code,
            symbol=entry.symbol,
            domain=base.domain if base.domain is not None else entry.domain,
            kind=entry.kind,
            retryable=flag,
            retry_after_ms=base.retry_after_ms,
            message=base.message,
            data=base.data,
            channel=base.channel,
            details=base.details,
        )
    except Exception:
        return base
