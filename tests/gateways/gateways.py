"""Errors through real gateways: examples/mcp_server behind the gateways of gateways.json,
the official Python SDK in front, every failing call compared field by field with the direct
answer (`.ci/gateways.sh` installs everything and runs this).

    python gateways.py SERVER_BIN PYTHON_MODULE_DIR [--update]

- A *route* is how the client reaches the server: directly (stdio, or Streamable HTTP), or
  through one gateway. Gateways whose own client speaks to a **stdio** server are reached over
  HTTP (Streamable HTTP or SSE); gateways whose own client speaks **Streamable HTTP** to the
  server are reached over stdio, and are run once per HTTP status *pass* of the server
  (`MCP_EXAMPLE_ERROR_STATUS`: 400, the specification's, and 200), since only they see it.
  With GATEWAYS_PREFIX_ENV=NAME=VALUE every route runs again with that server setting
  (passes `stdio+prefix`, `400+prefix` and `200+prefix`). Per HTTP pass, a raw POST with an
  unsupported MCP-Protocol-Version records the status and code of the layer's own -32022.
- Every call of tests/e2e/cases.json that fails, and a custom method (`sys/errorStats`
  without MCP_ERRORS_METRICS: -32601), goes through every route. What arrives is normalized
  (the channel, code, message, data; isError, content, structuredContent, _meta; or a timeout,
  or the client's exception) and compared with the same call made directly over stdio: the
  fields that differ, with what arrived instead, are the route's *observation* for that call.
- Each answer is also decoded with the module `mcp-errors gen --lang python` made from the
  server's catalog (PYTHON_MODULE_DIR/errors.py): whether the symbol and code come back.
- expected.json holds the observations and recovered.tsv the recovered symbols, per pass,
  route and call: what the gateways do today. Any difference is a failure (a gateway, the
  SDK or our server changed); `--update` rewrites both files from this run instead.

Exit status 1 when any check failed; the last line is `gateways: N passed, M failed`.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.sse import sse_client
from mcp.client.stdio import get_default_environment, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from pydantic import TypeAdapter

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CASES = json.loads((REPO / "tests" / "e2e" / "cases.json").read_text(encoding="utf-8"))
GATEWAYS = json.loads((HERE / "gateways.json").read_text(encoding="utf-8"))
EXPECTED = HERE / "expected.json"
RECOVERED = HERE / "recovered.tsv"
# Seconds a call may take before it counts as never answered (failure mode 2).
CALL_TIMEOUT = float(os.environ.get("GATEWAYS_CALL_TIMEOUT", "8"))
ANY = TypeAdapter(dict[str, Any])
CUSTOM = "custom method sys/errorStats without MCP_ERRORS_METRICS: -32601"

# The passes: name -> the server's environment. The stdio server behind the stdio_upstream
# gateways; the HTTP server behind the http_upstream ones, once per status setting.
STDIO_PASSES: dict[str, dict[str, str]] = {"stdio": {}}
PASSES: dict[str, dict[str, str]] = {
    "400": {"MCP_EXAMPLE_ERROR_STATUS": "400"},
    "200": {"MCP_EXAMPLE_ERROR_STATUS": "200"},
}
# Passes with the symbol at the start of a JSON-RPC error's message (the opt-in of identity
# recovery): GATEWAYS_PREFIX_ENV=NAME=VALUE, the server's switch for it. A server without that
# switch ignores the variable, and these passes then see what the others see.
if os.environ.get("GATEWAYS_PREFIX_ENV"):
    name, _, value = os.environ["GATEWAYS_PREFIX_ENV"].partition("=")
    STDIO_PASSES["stdio+prefix"] = {name: value}
    PASSES["400+prefix"] = {"MCP_EXAMPLE_ERROR_STATUS": "400", name: value}
    PASSES["200+prefix"] = {"MCP_EXAMPLE_ERROR_STATUS": "200", name: value}


def failing_calls() -> list[dict[str, Any]]:
    calls = [c for c in CASES["calls"] if "error" in c or c.get("result", {}).get("isError")]
    return calls + [{"name": CUSTOM, "method": "sys/errorStats"}]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_root() -> Path:
    """The directory tests/e2e/cases.json describes (one for the whole run)."""
    root = Path(tempfile.mkdtemp(prefix="mcp-errors-gateways-"))
    outside = root / "outside"
    outside.mkdir()
    served = root / "served"
    served.mkdir()
    for name, text in CASES["files"].items():
        (served / name).write_text(text, encoding="utf-8")
    (served / "sub").mkdir()
    (served / "notes.bin").write_bytes(bytes([0xFF, 0xFE, 0x00, 0x80]))
    (outside / "secret.txt").write_text("outside the root\n", encoding="utf-8")
    (served / "link_out").symlink_to(outside / "secret.txt")
    return root


class Processes:
    """Child processes of the run, each in its own process group, ended at exit."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.children: list[subprocess.Popen[bytes]] = []

    def start(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        log = open(self.log(name), "wb")
        child = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                 env=env, start_new_session=True)
        self.children.append(child)
        return child

    def log(self, name: str) -> Path:
        return self.logs / (re.sub(r"[^\w.-]+", "_", name) + ".log")

    def stop(self, child: subprocess.Popen[bytes]) -> None:
        if child.poll() is None:
            try:
                os.killpg(child.pid, signal.SIGTERM)
                child.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                try:
                    os.killpg(child.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                child.wait()

    def stop_all(self) -> None:
        for child in self.children:
            self.stop(child)


def wait_port(port: int, child: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise RuntimeError(f"exited with {child.returncode} before listening on {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"not listening on {port} after {seconds} s")


def server_env(extra: dict[str, str]) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("MCP_ERRORS_METRICS", None)
    env.pop("MCP_EXAMPLE_RATE_LIMIT", None)
    env.update(extra)
    return env


def expand(argv: list[str], values: dict[str, str]) -> list[str]:
    """`{name}` in each argument replaced (gateways.json's placeholders)."""
    return [re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], a) for a in argv]


def normalize_text(text: str, values: dict[str, str]) -> str:
    """Run-specific parts of a text (ports, directories) as placeholders."""
    text = text.replace(values["root"], "{root}")
    text = re.sub(r"(127\.0\.0\.1|localhost):\d+", r"\1:{port}", text)
    text = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "{uuid}", text)
    return text[:600]


def normalize(value: Any, values: dict[str, str]) -> Any:
    if isinstance(value, str):
        return normalize_text(value, values)
    if isinstance(value, list):
        return [normalize(v, values) for v in value]
    if isinstance(value, dict):
        return {k: normalize(v, values) for k, v in value.items()}
    return value


async def call(session: ClientSession, case: dict[str, Any]) -> tuple[dict[str, Any], object]:
    """The answer to one call, normalized, and the object handed to the decoder."""
    try:
        if "method" in case:
            request = types.Request(method=case["method"], params=None)
            got = await session.send_request(request, ANY, request_read_timeout_seconds=CALL_TIMEOUT)
            return {"channel": "result", "result": got}, got
        result = await asyncio.wait_for(
            session.call_tool(case["tool"], case["arguments"], read_timeout_seconds=CALL_TIMEOUT),
            CALL_TIMEOUT + 2)
    except MCPError as e:
        error = e.error.model_dump(mode="json", exclude_none=True)
        if "timed out" in str(error.get("message", "")).lower():
            # The SDK's own error for a request without an answer (failure mode 2).
            return {"channel": "timeout"}, None
        return {"channel": "jsonrpc", **error}, {"error": error}
    except (TimeoutError, asyncio.TimeoutError):
        return {"channel": "timeout"}, None
    except Exception as e:  # noqa: BLE001: any other failure of the client is an observation
        return {"channel": "exception", "type": type(e).__name__, "text": str(e)}, str(e)
    got = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    got.pop("resultType", None)
    return {"channel": "tool", **got}, got


FIELDS = ["channel", "code", "message", "data", "isError", "content", "structuredContent", "_meta",
          "result", "type", "text"]


def difference(got: dict[str, Any], direct: dict[str, Any]) -> dict[str, Any]:
    """The fields of `got` that differ from `direct`: what arrived, `null` when it is gone."""
    diff: dict[str, Any] = {}
    for field in FIELDS:
        if got.get(field) != direct.get(field):
            diff[field] = got.get(field)
    return diff


def recovered(errors: Any, answer: object) -> str:
    """The symbol and code the generated decoder reads from what arrived, or `-`."""
    decoded = errors.decode_error(answer) if answer is not None else None
    if decoded is None:
        return "-"
    return f"{decoded.symbol or '?'} {decoded.code}"


async def session_for(route: dict[str, Any], values: dict[str, str], stack: AsyncExitStack) -> ClientSession:
    kind = route["client"]
    if kind == "stdio":
        argv = expand(route["argv"], values)
        env = get_default_environment()
        env.update(values["env"])
        params = StdioServerParameters(command=argv[0], args=argv[1:], env=env, cwd=values["root"])
        read, write = await stack.enter_async_context(stdio_client(params, errlog=values["errlog"]))
    elif kind == "http":
        read, write = await stack.enter_async_context(streamable_http_client(expand([route["url"]], values)[0]))
    elif kind == "sse":
        read, write = await stack.enter_async_context(sse_client(expand([route["url"]], values)[0]))
    else:
        raise ValueError(f"unknown client kind {kind}")
    session = await stack.enter_async_context(ClientSession(read, write))
    await asyncio.wait_for(session.initialize(), 30)
    return session


async def run_route(route: dict[str, Any], values: dict[str, str], procs: Processes,
                    errors: Any) -> dict[str, tuple[dict[str, Any], str]]:
    """Every failing call through one route: {call name: (normalized answer, recovered)}."""
    child = None
    if "serve" in route:
        values = dict(values, port=str(free_port()))
        child = procs.start(f"{values['pass']}-{route['name']}", expand(route["serve"], values),
                            env=server_env(values["env"]))
        wait_port(int(values["port"]), child)
    answers: dict[str, tuple[dict[str, Any], str]] = {}
    try:
        async with AsyncExitStack() as stack:
            session = await session_for(route, values, stack)
            for case in failing_calls():
                got, answer = await call(session, case)
                answers[case["name"]] = (normalize(got, values), recovered(errors, answer))
    finally:
        if child is not None:
            procs.stop(child)
    return answers


def launcher_for(tmp: Path, server: str, pass_name: str, env: dict[str, str]) -> str:
    """The server itself, or a script that runs it with `env` added."""
    if not env:
        return server
    script = tmp / ("server-" + re.sub(r"[^\w]+", "_", pass_name) + ".sh")
    assignments = " ".join(shlex.quote(f"{k}={v}") for k, v in env.items())
    script.write_text(f'#!/bin/sh\nexec env {assignments} {shlex.quote(server)} "$@"\n', encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def raw_version(url: str) -> dict[str, Any]:
    """The status and error of the layer's own -32022 (a POST whose MCP-Protocol-Version the
    server does not speak): the status setting of the pass, seen without any client."""
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode()
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "1999-01-01"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as e:
        status, text = e.code, e.read()
    error = json.loads(text).get("error", {})
    return {"status": status, "code": error.get("code"), "symbol": error.get("data", {}).get("symbol")}


def start_http_server(procs: Processes, server: str, root: str, pass_name: str, env: dict[str, str]) -> str:
    child = procs.start(f"{pass_name}-server", [server, "--http", "127.0.0.1:0", root], env=server_env(env))
    log = procs.log(f"{pass_name}-server")
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = re.search(r"listening on (http://\S+)", log.read_text(errors="replace"))
        if found:
            return found.group(1)
        if child.poll() is not None:
            break
        time.sleep(0.1)
    raise RuntimeError(f"the HTTP server did not start: {log.read_text(errors='replace')}")


def main() -> int:
    server, module_dir = str(Path(sys.argv[1]).resolve()), sys.argv[2]
    update = "--update" in sys.argv[3:]
    only = os.environ.get("GATEWAYS_ONLY")
    sys.path.insert(0, module_dir)
    import errors  # the module mcp-errors gen --lang python generated from the server's catalog

    tmp = make_root()
    logs = tmp / "logs"
    logs.mkdir()
    procs = Processes(logs)
    observed: dict[str, dict[str, dict[str, Any]]] = {}
    recovered_rows: list[tuple[str, str, str, str]] = []
    failures: list[str] = []
    tools = {k: str(REPO / v) for k, v in GATEWAYS["tools"].items()}
    base = {"server": server, "root": str(tmp / "served"), "python": sys.executable, **tools}
    errlog = open(logs / "stdio-stderr.log", "w")
    try:
        # The reference: the server directly over stdio.
        direct_route = {"name": "direct-stdio", "client": "stdio", "argv": ["{server}", "{root}"]}
        direct = asyncio.run(run_route(direct_route, {**base, "pass": "stdio", "env": {}, "errlog": errlog},
                                       procs, errors))
        routes: list[tuple[str, dict[str, Any], dict[str, str]]] = []
        for pass_name, env in STDIO_PASSES.items():
            # Each gateway starts the server its own way (some pass no environment): a
            # launcher that sets the pass's variables stands in for the server.
            launcher = launcher_for(tmp, server, pass_name, env)
            for route in GATEWAYS["stdio_upstream"]:
                routes.append((pass_name, route, {"server": launcher}))
        for pass_name, env in PASSES.items():
            url = start_http_server(procs, server, base["root"], pass_name, env)
            observed[f"{pass_name}/raw HTTP POST"] = {"unsupported MCP-Protocol-Version: -32022": raw_version(url)}
            for route in GATEWAYS["http_upstream"]:
                routes.append((pass_name, route, {"upstream": url}))
        for pass_name, route, extra in routes:
            if only and only not in route["name"]:
                continue
            key = f"{pass_name}/{route['name']}"
            env = STDIO_PASSES.get(pass_name) or PASSES.get(pass_name) or {}
            values = {**base, **extra, "pass": pass_name, "env": env, "errlog": errlog}
            start = time.monotonic()
            try:
                answers = asyncio.run(run_route(route, values, procs, errors))
            except Exception as e:  # noqa: BLE001: a route that does not start is reported
                answers = {}
                observed[key] = {"(route)": {"failed": f"{type(e).__name__}: {normalize_text(str(e), base)}"}}
                print(f"route {key}: did not run: {type(e).__name__}: {e}")
            for name, (got, symbol) in answers.items():
                observed.setdefault(key, {})[name] = difference(got, direct[name][0])
                recovered_rows.append((pass_name, route["name"], name, symbol))
            print(f"route {key}: {len(answers)} calls in {time.monotonic() - start:.1f} s")
    finally:
        procs.stop_all()
        errlog.close()

    # The direct answers decode: the premise of every comparison.
    for name, (_, symbol) in direct.items():
        recovered_rows.insert(0, ("stdio", "direct-stdio", name, symbol))

    expected_rows = read_recovered()
    if update:
        # Routes left out by GATEWAYS_ONLY keep their rows.
        merged = json.loads(EXPECTED.read_text(encoding="utf-8")) if EXPECTED.exists() else {}
        merged.update(observed)
        EXPECTED.write_text(json.dumps(merged, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        rows = dict(expected_rows)
        rows.update({row[:3]: row[3] for row in recovered_rows})
        write_recovered([(*key, symbol) for key, symbol in rows.items()])
        expected_rows = read_recovered()
        print("gateways: expected.json and recovered.tsv rewritten from this run")
    expected = json.loads(EXPECTED.read_text(encoding="utf-8")) if EXPECTED.exists() else {}
    passed = 0
    for key, calls in observed.items():
        same = [name for name, diff in calls.items() if diff == expected.get(key, {}).get(name)]
        if same:
            passed += len(same)
            differing = sum(1 for name in same if calls[name])
            print(f"ok    {key}: {len(same)} calls as expected ({differing} differ from the direct answer)")
        for name, diff in calls.items():
            want = expected.get(key, {}).get(name)
            if want != diff:
                failures.append(f"{key}: {name}")
                print(f"FAIL  {key}: {name}\n      got  {json.dumps(diff, sort_keys=True)}\n"
                      f"      want {json.dumps(want, sort_keys=True)}")
    if not only:
        # A route or call that no longer runs is a change too.
        for key, calls in expected.items():
            for name in calls:
                if name not in observed.get(key, {}):
                    failures.append(f"{key}: {name}")
                    print(f"FAIL  {key}: {name}: expected, not observed")
    decoded = 0
    for row in recovered_rows:
        want_symbol = expected_rows.get(row[:3])
        if want_symbol == row[3]:
            passed += 1
            decoded += 1
        else:
            failures.append(f"recovered {row[0]}/{row[1]}: {row[2]}")
            print(f"FAIL  recovered {row[0]}/{row[1]}: {row[2]}: got {row[3]!r}, want {want_symbol!r}")
    print(f"ok    recovered: {decoded} of {len(recovered_rows)} decoder results as in recovered.tsv")
    if failures:
        print(f"gateways: logs kept in {logs}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"gateways: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


def read_recovered() -> dict[tuple[str, str, str], str]:
    rows: dict[tuple[str, str, str], str] = {}
    if not RECOVERED.exists():
        return rows
    for line in RECOVERED.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        pass_name, route, call_name, symbol = line.split("\t")
        rows[(pass_name, route, call_name)] = symbol
    return rows


def write_recovered(rows: list[tuple[str, str, str, str]]) -> None:
    head = RECOVERED.read_text(encoding="utf-8").splitlines() if RECOVERED.exists() else []
    comments = [line for line in head if line.startswith("#")]
    body = ["\t".join(row) for row in rows]
    RECOVERED.write_text("\n".join(comments + body) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
