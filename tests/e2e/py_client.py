"""End-to-end check of examples/mcp_server/main.rs through the official Python MCP SDK.

    python py_client.py <path to the mcp_server binary>

The `mcp` package is pinned in requirements.txt. Runs every call of cases.json and compares
the answers by value, decodes every error through the module generated from the server's
catalog (examples/mcp_server/clients/errors.py) and rebuilds every tool error with its
`create_error(...).to_tool_error()`, reads sys/errorStats with MCP_ERRORS_METRICS=1 and expects
METHOD_NOT_FOUND without it. Exits non-zero on the first mismatch.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import get_default_environment, stdio_client
from mcp.shared.exceptions import MCPError
from pydantic import TypeAdapter

HERE = Path(__file__).resolve().parent
# The module `mcp-errors gen --lang python` generated from `mcp_server --catalog`.
sys.path.insert(0, str(HERE.parent.parent / "examples" / "mcp_server" / "clients"))
import errors  # noqa: E402
CASES = json.loads((HERE / "cases.json").read_text(encoding="utf-8"))
STATS = TypeAdapter(dict[str, Any])


def make_root() -> tuple[Path, Path]:
    """A fresh directory laid out as cases.json says, and a directory outside it."""
    root = Path(tempfile.mkdtemp(prefix="mcp-errors-e2e-py-"))
    outside = Path(tempfile.mkdtemp(prefix="mcp-errors-e2e-py-outside-"))
    for name, text in CASES["files"].items():
        (root / name).write_text(text, encoding="utf-8")
    (root / "sub").mkdir()
    (root / "notes.bin").write_bytes(bytes([0xFF, 0xFE, 0x00, 0x80]))
    (outside / "secret.txt").write_text("outside the root\n", encoding="utf-8")
    (root / "link_out").symlink_to(outside / "secret.txt")
    return root, outside


def params(server: str, root: Path, metrics: bool) -> StdioServerParameters:
    env = get_default_environment()
    env.pop("MCP_ERRORS_METRICS", None)
    if metrics:
        env["MCP_ERRORS_METRICS"] = "1"
    return StdioServerParameters(command=server, args=[], env=env, cwd=root)


async def error_stats(session: ClientSession) -> dict[str, Any]:
    request = types.Request(method="sys/errorStats", params=None)
    return await session.send_request(request, STATS)


def check(name: str, got: Any, want: Any) -> None:
    if got != want:
        raise AssertionError(f"{name}:\n  got  {json.dumps(got, sort_keys=True)}\n  want {json.dumps(want, sort_keys=True)}")


def expected_symbol(case: dict[str, Any]) -> str:
    """The symbol a failing case's answer stands for, as cases.json writes it."""
    if "result" in case:
        return str(case["result"]["_meta"]["errorCode"])
    return str(case["error"].get("data", {}).get("symbol") or case["countedAs"])


def check_decoded(name: str, answer: object, case: dict[str, Any]) -> None:
    """Decodes a failing call's answer through the generated module, and rebuilds a tool
    error with it: the same JSON as the Rust server's."""
    decoded = errors.decode_error(answer)
    if decoded is None:
        raise AssertionError(f"{name}: decode_error gave None for {answer!r}")
    symbol = expected_symbol(case)
    check(f"{name}: symbol", decoded.symbol, symbol)
    check(f"{name}: code", decoded.code, errors.CODES[symbol])
    check(f"{name}: kind", decoded.kind, errors.ERRORS[symbol].kind)
    check(f"{name}: is_retryable", errors.is_retryable(answer), decoded.retryable)
    check(f"{name}: retry_after_ms", errors.retry_after_ms(answer), None)
    if "result" in case:
        meta = case["result"]["_meta"]
        check(f"{name}: channel", decoded.channel, "tool")
        check(f"{name}: decoded", [decoded.domain, decoded.retryable, decoded.details, decoded.data],
              [meta["domain"], meta["retryable"], meta.get("details"), meta.get("data")])
        rebuilt = errors.create_error(symbol, decoded.message, decoded.data,
                                      details=decoded.details, domain=decoded.domain)
        check(f"{name}: create_error(...).to_tool_error()", rebuilt.to_tool_error(), case["result"])
    else:
        check(f"{name}: channel", decoded.channel, "jsonrpc")
        check(f"{name}: message", decoded.message, case["error"]["message"])


async def run(server: str, root: Path) -> None:
    async with stdio_client(params(server, root, metrics=True)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = sorted(t.name for t in (await session.list_tools()).tools)
            check("tools/list", tools, ["navigate", "read_file"])

            for case in CASES["calls"]:
                name = case["name"]
                try:
                    result = await session.call_tool(case["tool"], case["arguments"])
                except MCPError as e:
                    if "error" not in case:
                        raise AssertionError(f"{name}: unexpected JSON-RPC error {e.error}") from e
                    got = e.error.model_dump(mode="json", exclude_none=True)
                    check(name, got, case["error"])
                    check_decoded(name, e, case)
                else:
                    if "error" in case:
                        raise AssertionError(f"{name}: expected a JSON-RPC error, got {result}")
                    got = result.model_dump(mode="json", by_alias=True, exclude_none=True)
                    if "result" in case:
                        # The SDK fills in the 2026-07-28 `resultType` default on its side.
                        got.pop("resultType", None)
                        check(name, got, case["result"])
                        check_decoded(name, result, case)
                    else:
                        check(f"{name}: decode_error", errors.decode_error(result), None)
                        check(name, got.get("isError"), False)
                        check(name, got["content"], [{"type": "text", "text": case["text"]}])
                print(f"ok  {name}")

            check("sys/errorStats", await error_stats(session), CASES["stats"])
            print(f"ok  sys/errorStats = {json.dumps(CASES['stats'])}")

    async with stdio_client(params(server, root, metrics=False)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            try:
                stats = await error_stats(session)
            except MCPError as e:
                decoded = errors.decode_error(e)
                check("sys/errorStats without MCP_ERRORS_METRICS", decoded and decoded.symbol, "METHOD_NOT_FOUND")
                check("sys/errorStats without MCP_ERRORS_METRICS", e.error.code, errors.METHOD_NOT_FOUND)
            else:
                raise AssertionError(f"sys/errorStats without MCP_ERRORS_METRICS answered {stats}")
            print("ok  sys/errorStats without MCP_ERRORS_METRICS: METHOD_NOT_FOUND")


def main() -> int:
    server = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("MCP_SERVER_BIN")
    if not server:
        print("usage: python py_client.py <path to the mcp_server binary>", file=sys.stderr)
        return 2
    root, outside = make_root()
    try:
        anyio.run(run, server, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(outside, ignore_errors=True)
    print("python client: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
