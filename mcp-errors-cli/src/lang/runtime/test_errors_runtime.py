"""Unit tests of errors_runtime.py, the runtime of every generated Python module, on the
sample catalog its generated parts come from (sample_catalog.json).

    pytest mcp-errors-cli/src/lang/runtime/test_errors_runtime.py   (.ci/polyglot.sh runs it)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import errors_runtime as m


def test_tables_come_from_the_sample_catalog() -> None:
    assert m.CATALOG_SOURCE == "sample_catalog.json"
    assert m.CODES == {"E_NAV_TIMEOUT": 2100, "E_SELECTOR": 2101, "INVALID_PARAMS": -32602}
    assert m.E_NAV_TIMEOUT == 2100
    assert m.ERRORS["INVALID_PARAMS"].channel == "jsonrpc"
    assert m.ERRORS["E_NAV_TIMEOUT"].help == "Retry with a longer timeout."
    assert m.ERRORS["E_NAV_TIMEOUT"].doc_url == "https://errors.example.dev/browser#E_NAV_TIMEOUT"
    assert m.ERRORS["E_SELECTOR"].doc_url is None
    assert m.is_error_symbol("E_SELECTOR")
    assert not m.is_error_symbol("E_NOPE") and not m.is_error_symbol(2100)


def test_create_error_picks_the_class_and_renders_the_template() -> None:
    e = m.create_error("E_NAV_TIMEOUT", data={"url": "https://example.com", "token": "s3cr3t"})
    assert isinstance(e, m.TimeoutError_) and isinstance(e, m.McpError)
    assert e.message == "Navigation to https://example.com timed out"
    assert e.retryable and e.retry_after_ms is None
    # `{0:?}` is the value's JSON string literal; a missing value leaves the placeholder.
    assert m.create_error("E_SELECTOR", data={"selector": "#go"}).message == 'No element matches "#go"'
    assert m.create_error("E_SELECTOR").message == "No element matches {0:?}"
    assert m.create_error("E_SELECTOR", "own text").message == "own text"
    # Anything JSON has no text for keeps the placeholder rather than raising.
    assert m.create_error("E_SELECTOR", data={"selector": object()}).message == "No element matches {0:?}"


def test_a_tool_error_reads_back_as_it_was_raised() -> None:
    e = m.create_error("E_NAV_TIMEOUT", data={"url": "u"}, details="slow", retry_after_ms=1500)
    tool = e.to_tool_error()
    assert tool["isError"] is True
    assert tool["content"][0]["text"] == (
        "E_NAV_TIMEOUT: Navigation to u timed out\nDetails: slow\n"
        "Help: Retry with a longer timeout.\nRetryable: yes (retry after 1500 ms)"
    )
    assert tool["_meta"] == {
        "errorType": "TimeoutError", "errorCode": "E_NAV_TIMEOUT", "retryable": True,
        "code": 2100, "domain": "browser", "retryAfterMs": 1500, "details": "slow",
        "help": "Retry with a longer timeout.", "data": {"url": "u"},
    }
    d = m.decode_error(tool)
    assert d is not None
    assert (d.symbol, d.code, d.kind, d.channel) == ("E_NAV_TIMEOUT", 2100, "timeout", "tool")
    assert (d.message, d.details, d.retryable, d.retry_after_ms) == ("Navigation to u timed out", "slow", True, 1500)
    assert m.retry_after_ms(tool) == 1500 and m.is_retryable(tool)


def test_a_jsonrpc_error_reads_back_from_a_response() -> None:
    error = m.create_error("INVALID_PARAMS", data={"field": "url"}).to_jsonrpc_error()
    assert error == {
        "code": -32602, "message": "Invalid params",
        "data": {"domain": "jsonrpc", "symbol": "INVALID_PARAMS", "retryable": False, "field": "url"},
    }
    d = m.decode_error({"jsonrpc": "2.0", "id": 1, "error": error})
    assert d is not None
    assert (d.symbol, d.channel, d.retryable, d.data) == ("INVALID_PARAMS", "jsonrpc", False, error["data"])


def test_codes_outside_the_catalog_and_rate_limits() -> None:
    d = m.decode_error({"code": 4242, "message": "elsewhere"})
    assert d is not None and d.symbol is None and d.domain is None and not d.retryable
    limited = m.decode_error({"code": m.RATE_LIMITED, "message": "slow down"})
    assert limited is not None and limited.retryable
    # A code given as text is read; the catalog's flag when the wire has none.
    by_text = m.decode_error({"code": " 2100 ", "message": "m"})
    assert by_text is not None and by_text.symbol == "E_NAV_TIMEOUT" and by_text.retryable


@pytest.mark.parametrize(
    "garbage",
    [None, "E_NAV_TIMEOUT", 2100, [], {}, {"result": {}}, {"code": 2100}, {"code": 2**40, "message": "m"},
     {"isError": True, "_meta": "no"}, {"error": "text"}],
)
def test_anything_else_decodes_to_none(garbage: Any) -> None:
    assert m.decode_error(garbage) is None
    assert not m.is_retryable(garbage)


def test_retry_after_from_text_and_headers() -> None:
    text_only = {"isError": True, "content": [{"type": "text", "text": "E_NAV_TIMEOUT: m (retry after 250 ms)"}],
                 "_meta": {"errorCode": "E_NAV_TIMEOUT"}}
    assert m.retry_after_ms(text_only) == 250
    assert m.retry_after_ms({"headers": {"Retry-After": "3"}}) == 3000
    assert m.retry_after_ms({"headers": {"Retry-After": "soon"}}) is None


# The vectors every language runs (tests/polyglot/recover_cases.json): identity recovered
# through gateways, and hostile texts not decoded.
_VECTORS = Path(__file__).resolve().parents[4] / "tests" / "polyglot" / "recover_cases.json"


def _expand(v: Any, pad: str) -> Any:
    if isinstance(v, str):
        return v.replace("%PAD%", pad)
    if isinstance(v, list):
        return [_expand(x, pad) for x in v]
    if isinstance(v, dict):
        return {k: _expand(x, pad) for k, x in v.items()}
    return v


def test_identity_through_gateways_the_shared_vectors() -> None:
    cases = json.loads(_VECTORS.read_text(encoding="utf-8"))["cases"]
    assert len(cases) >= 20
    for c in cases:
        pad = c.get("pad")
        given = _expand(c["input"], pad["text"] * pad["times"]) if pad else c["input"]
        d = m.decode_error(given)
        e = c["expected"]
        if e["symbol"] is None:
            assert d is None or d.symbol is None, c["why"]
            if "code" in e:
                assert d is not None and d.code == e["code"], c["why"]
            continue
        assert d is not None, c["why"]
        got = (d.code, d.symbol, d.domain, d.retryable, d.retry_after_ms)
        assert got == (e["code"], e["symbol"], e["domain"], e["retryable"], e["retryAfterMs"]), c["why"]
        if "message" in e:
            assert d.message == e["message"], c["why"]
        assert m.is_retryable(given) == e["retryable"], c["why"]


def test_identity_through_gateways_hostile_texts_never_raise() -> None:
    reply = json.dumps({"jsonrpc": "2.0", "id": 1, "error": {"code": 2101, "message": "m", "data": {"symbol": "E_SELECTOR"}}})
    lone = "\ud800" * 30000 + reply
    assert (d := m.decode_error({"code": -32603, "message": lone})) is not None and d.symbol is None
    wide = m.decode_error({"code": -32603, "message": "é" * 20000 + reply})
    assert wide is not None and wide.symbol == "E_SELECTOR"
    # The SDK's MCPError carries an ErrorData as `error`.
    class ErrorData:
        code = -32603
        message = "E_NAV_TIMEOUT: m"
        data = None

    class MCPError(Exception):
        error = ErrorData()

    thrown = m.decode_error(MCPError("E_NAV_TIMEOUT: m"))
    assert thrown is not None and thrown.symbol == "E_NAV_TIMEOUT"


# Discovery: a catalog loaded at run time decodes errors the generated tables do not know.
_SERVED = json.dumps(
    {
        "format": "mcp-errors-catalog",
        "version": 1,
        "enums": [
            {
                "domain": "filesystem",
                "entries": [
                    {"code": 2500, "symbol": "E_FS_PATH_ESCAPE", "domain": "filesystem",
                     "kind": "validation", "errorType": "ValidationError", "retryable": False,
                     "channel": "tool_error", "message": "Path escapes the server's root",
                     "help": "use a relative path"},
                    {"code": 2506, "symbol": "E_FS_IO", "domain": "filesystem", "kind": "internal",
                     "retryable": False, "channel": "tool", "message": "Reading the file failed",
                     "help": None, "aliases": ["E_FS_READ"]},
                ],
            }
        ],
    }
)


def test_a_loaded_catalog_decodes_a_servers_errors_by_symbol() -> None:
    catalog = m.load_catalog(_SERVED)
    assert catalog is not None
    tool = {
        "content": [{"type": "text", "text": "E_FS_PATH_ESCAPE: Path escapes the server's root"}],
        "isError": True,
        "_meta": {"errorType": "ValidationError", "errorCode": "E_FS_PATH_ESCAPE",
                  "retryable": False, "code": 2500, "domain": "filesystem"},
    }
    plain = m.decode_error(tool)
    assert plain is not None and plain.symbol is None  # the generated tables do not know it
    d = m.decode_with_catalog(tool, catalog)
    assert d is not None and (d.symbol, d.kind, d.domain) == ("E_FS_PATH_ESCAPE", "validation", "filesystem")
    assert d.message == "Path escapes the server's root"
    assert catalog.by_symbol["E_FS_PATH_ESCAPE"].help == "use a relative path"
    assert catalog.by_symbol["E_FS_PATH_ESCAPE"].channel == "tool"  # the catalog's `tool_error`
    by_alias = m.decode_with_catalog({"code": 2506, "message": "m", "data": {"symbol": "E_FS_READ"}}, catalog)
    assert by_alias is not None and by_alias.symbol == "E_FS_IO"
    by_code = m.decode_with_catalog({"jsonrpc": "2.0", "id": 1, "error": {"code": 2506, "message": "m"}}, catalog)
    assert by_code is not None and by_code.symbol == "E_FS_IO"
    unknown = m.decode_with_catalog({"code": 2506, "message": "m", "data": {"symbol": "E_OTHER"}}, catalog)
    assert unknown is not None and unknown.symbol is None
    read = {"contents": [{"uri": m.CATALOG_URI, "mimeType": "application/json", "text": _SERVED}]}
    assert m.load_catalog(read) is not None
    assert m.load_catalog(_SERVED.encode()) is not None
    assert m.load_catalog(json.loads(_SERVED)) is not None
    assert m.decode_with_catalog(tool, None) == m.decode_error(tool)


_ENTRY: dict[str, Any] = {"code": 1, "symbol": "E_X", "kind": "k", "retryable": True, "message": "m"}


@pytest.mark.parametrize(
    "x",
    [
        _SERVED + " " * m.MAX_CATALOG_BYTES,
        json.dumps({"enums": [], "pad": "é" * (m.MAX_CATALOG_BYTES // 2 + 1)}, ensure_ascii=False),
        b"x" * (m.MAX_CATALOG_BYTES + 1),
        b"\xff\xfe",
        "",
        "not json",
        _SERVED[:40],
        "[" * 200_000,
        "null",
        "[]",
        42,
        None,
        {"enums": {}},
        {"enums": [{"domain": 7, "entries": []}]},
        {"enums": [{"domain": "d", "entries": [{**_ENTRY, "code": "1"}]}]},
        {"enums": [{"domain": "d", "entries": [{**_ENTRY, "code": True}]}]},
        {"enums": [{"domain": "d", "entries": [{**_ENTRY, "code": 2**40}]}]},
        {"enums": [{"domain": "d", "entries": [{**_ENTRY, "retryable": "yes"}]}]},
        {"enums": [{"domain": "d", "entries": [{**_ENTRY, "channel": "smoke"}]}]},
        {"enums": [{"domain": "d", "entries": [{**_ENTRY, "aliases": [3]}]}]},
        {"enums": [{"domain": "d", "entries": [_ENTRY, {**_ENTRY, "code": 2}]}]},
        {"contents": [{"uri": "other://x", "text": _SERVED}]},
        {"contents": [{"uri": m.CATALOG_URI, "blob": "AAAA"}]},
    ],
)
def test_a_hostile_catalog_is_refused_never_raised(x: object) -> None:
    assert m.load_catalog(x) is None


def test_localized_message_renders_in_the_clients_locale_falling_back() -> None:
    nav = m.decode_error(
        {"code": 2100, "message": "Navigation to https://x timed out", "data": {"url": "https://x"}}
    )
    assert nav is not None
    assert m.localized_message(nav, "fr") == "La navigation vers https://x a expiré"
    assert m.localized_message(nav, "fr-CA") == "La navigation vers https://x a pris trop de temps"
    assert m.localized_message(nav, "FR_ca") == "La navigation vers https://x a pris trop de temps"
    assert m.localized_message(nav, "fr-BE") == "La navigation vers https://x a expiré"
    # no translation for the locale: the wire message, which is never changed
    assert m.localized_message(nav, "de-DE") == "Navigation to https://x timed out"
    assert m.localized_message(nav, "") == "Navigation to https://x timed out"
    assert nav.message == "Navigation to https://x timed out"
    # a value the translation names is missing: the wire message, not a half-filled template
    bare = m.decode_error({"code": 2100, "message": "Navigation to ? timed out"})
    assert bare is not None
    assert m.localized_message(bare, "fr") == "Navigation to ? timed out"
    # fr-CA has no E_SELECTOR: fr's, its {0:?} the value's JSON string literal
    sel = m.decode_error(
        {"code": 2101, "message": 'No element matches "#go"', "data": {"selector": "#go"}}
    )
    assert sel is not None
    assert m.localized_message(sel, "fr-CA") == 'Aucun élément ne correspond à "#go"'
    params = m.decode_error({"code": -32602, "message": "Invalid params"})
    assert params is not None
    assert m.localized_message(params, "fr") == "Paramètres invalides"
    # a code outside the catalog
    other = m.decode_error({"code": 4242, "message": "elsewhere"})
    assert other is not None
    assert m.localized_message(other, "fr") == "elsewhere"
