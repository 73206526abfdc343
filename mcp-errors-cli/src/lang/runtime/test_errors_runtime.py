"""Unit tests of errors_runtime.py, the runtime of every generated Python module, on the
sample catalog its generated parts come from (sample_catalog.json).

    pytest mcp-errors-cli/src/lang/runtime/test_errors_runtime.py   (.ci/polyglot.sh runs it)
"""

from __future__ import annotations

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
