"""The draft ToolFailure member read back by errors_runtime.py (sample_catalog.json's module),
on the vectors the Rust client and the TypeScript runtime read too
(tests/polyglot/tool_failure_cases.json).

    pytest mcp-errors-cli/src/lang/runtime/test_tool_failure.py   (.ci/polyglot.sh runs it)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import errors_runtime as m

_VECTORS: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[4] / "tests" / "polyglot" / "tool_failure_cases.json").read_text("utf-8")
)


def _expand(v: Any) -> Any:
    """The vectors' ``{"$repeat": s, "times": n}`` and ``{"$concat": [...]}`` expanded."""
    if isinstance(v, list):
        return [_expand(x) for x in v]
    if isinstance(v, dict):
        if "$repeat" in v:
            return v["$repeat"] * v["times"]
        if "$concat" in v:
            return "".join(_expand(x) for x in v["$concat"])
        return {k: _expand(x) for k, x in v.items()}
    return v


@pytest.mark.parametrize("case", _VECTORS["cases"], ids=[c["name"] for c in _VECTORS["cases"]])
def test_vector(case: dict[str, Any]) -> None:
    result = _expand(case["result"])
    f = m.tool_failure(result, _VECTORS["nowMs"])
    if case["failure"] is None:
        assert f is None
    else:
        assert f is not None
        got = {
            "class": f.cls,
            "code": f.code,
            "retryable": f.retryable,
            "retryAfterMs": f.retry_after_ms,
            "correlationId": f.correlation_id,
            "agentGuidance": f.agent_guidance,
        }
        assert got == case["failure"]
    d = m.decode_error(result)
    want = case["decoded"]
    if want is None:
        assert d is None
        assert m.is_retryable(result) is case["retryable"]
    else:
        assert d is not None
        assert (d.code, d.retryable, d.message) == (want["code"], want["retryable"], want["message"])
        assert m.is_retryable(result) is want["retryable"]
        if "retryAfterMs" in want:
            assert d.retry_after_ms == want["retryAfterMs"]
        assert (d.retry_after_ms is not None) is want.get("hasRetryAfter", "retryAfterMs" in want)
    ms = m.retry_after_ms(result)
    if want is None and case["failure"] is not None and case["failure"]["retryAfterMs"] is not None:
        assert ms is not None


def test_the_key_is_the_drafts() -> None:
    assert m.TOOL_FAILURE_KEY == "io.modelcontextprotocol/toolFailure"


def test_retry_not_before_ms_is_the_moment_itself() -> None:
    f = m.tool_failure({"isError": True, "_meta": {m.TOOL_FAILURE_KEY: {"retryNotBefore": "2026-01-01T00:00:02.5Z"}}}, 0)
    assert f is not None and f.retry_not_before_ms == 1767225602500 and f.retry_after_ms == 1767225602500
