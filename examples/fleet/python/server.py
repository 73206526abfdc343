"""The Python sandbox of examples/fleet: a stdio MCP server (newline-delimited JSON-RPC, no
package needed) whose errors come from ``errors.py``, generated from its hand-written catalog
``errors.toml`` (``mcp-errors gen --lang python --catalog errors.toml --out .``).

    python3 examples/fleet/python/server.py

One tool, ``run {code}``: the code is compiled, never run; a syntax error is the tool error
E_PY_EXEC_FAIL (2000), an ``import`` the sandbox forbids E_PY_SECURITY (2001), code over 10,000
characters the common E_INPUT_TOO_LARGE (1005) under the ``python`` domain. `.ci/fleet.sh`
type-checks it with ``mypy --strict`` and calls it once.
"""

import json
import sys
from typing import Any

from errors import McpError, create_error

MAX_CODE = 10_000
FORBIDDEN = ("os", "subprocess", "socket")


def run(code: str) -> dict[str, Any]:
    """The tool: ``{"content": [...]}`` on success, a tool error otherwise."""
    try:
        if len(code) > MAX_CODE:
            raise create_error("E_INPUT_TOO_LARGE", details=f"{len(code)} characters, at most {MAX_CODE}")
        for module in FORBIDDEN:
            if f"import {module}" in code:
                raise create_error("E_PY_SECURITY", data={"module": module})
        try:
            compile(code, "<tool>", "exec")
        except SyntaxError as e:
            raise create_error("E_PY_EXEC_FAIL", data={"reason": str(e.msg)}) from e
        return {"content": [{"type": "text", "text": "compiled"}]}
    except McpError as e:
        return e.to_tool_error()


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """One JSON-RPC request's response."""
    method, params = request.get("method"), request.get("params") or {}
    if method == "tools/call" and params.get("name") == "run":
        result = run(str((params.get("arguments") or {}).get("code", "")))
        return {"jsonrpc": "2.0", "id": request.get("id"), "result": result}
    if method == "initialize":
        info = {"name": "python-sandbox", "version": "0.1.0"}
        result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": info}
        return {"jsonrpc": "2.0", "id": request.get("id"), "result": result}
    error = {"code": -32601, "message": "Method not found"}
    return {"jsonrpc": "2.0", "id": request.get("id"), "error": error}


def main() -> None:
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(handle(json.loads(line))), flush=True)


if __name__ == "__main__":
    main()
