#!/usr/bin/env python3
"""Hostile HTTP test of the example MCP server (examples/mcp_server) over Streamable HTTP.

Starts `SERVER --http 127.0.0.1:0 ROOT` (metrics on), opens a session, then sends each hostile
request to /mcp and checks, for every case:

- the HTTP status is the expected one, and the body is one JSON-RPC 2.0 error with the expected
  code and id (`null` for what cannot be read), `Content-Type: application/json`
  (or, for the cases that must succeed, the expected result);
- nothing internal leaks (parser text, rmcp's messages, panics, paths, Rust names);
- the server still serves the next request (a `ping` in the session);

and at the end that `sys/errorStats` counted exactly the errors the cases caused, by symbol.
A second server, started with `MCP_EXAMPLE_RATE_LIMIT=3` (per MCP session), must answer a
session's fourth request with 429, `Retry-After` and a JSON-RPC error whose `data.retryAfterMs`
agrees (the retry contract), and still serve a second session from the same address.

Usage: hostile_http.py SERVER ROOT. Python 3 standard library only. The last line is
"hostile-http: N passed, N failed".
"""

import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile import LEAKS  # noqa: E402  (the stdio suite's list of what must not leak)

HTTP_LEAKS = LEAKS + [
    (
        re.compile(
            r"line \d+ column|deserializ|EOF while|recursion limit|key must be|unrecognized|"
            r"Client must accept|request body exceeds \d|Unsupported MCP-Protocol-Version",
            re.I,
        ),
        "parser or transport text",
    ),
]

ACCEPT = "application/json, text/event-stream"
VERSION = "2025-06-18"
MAX_BODY = 4 * 1024 * 1024
TIMEOUT = 60


class Server:
    def __init__(self, argv, **extra_env):
        env = dict(os.environ, MCP_ERRORS_METRICS="1", **extra_env)
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
        )
        self.addr = None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline().decode("utf-8", "replace")
            if not line:
                break
            match = re.search(r"listening on http://([^/\s]+)/mcp", line)
            if match:
                self.addr = match.group(1)
                break
        # Keep draining stderr so that the server never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in self.proc.stderr], daemon=True).start()
        if self.addr is None:
            raise SystemExit("the server did not report its address")
        self.host, self.port = self.addr.rsplit(":", 1)
        self.session = None

    def alive(self):
        return self.proc.poll() is None

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()

    def post(self, body, headers=None, session=True, chunks=None, pause=0.0):
        """POSTs `body` (bytes) to /mcp; `chunks` sends it chunked in that many pieces, with
        `pause` seconds between them. Returns (status, headers, body bytes)."""
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=TIMEOUT)
        all_headers = {"Accept": ACCEPT, "Content-Type": "application/json"}
        if session and self.session:
            all_headers["Mcp-Session-Id"] = self.session
            all_headers["MCP-Protocol-Version"] = VERSION
        all_headers.update(headers or {})
        for name in [k for k, v in all_headers.items() if v is None]:
            del all_headers[name]
        try:
            if chunks:
                size = max(1, -(-len(body) // chunks))

                def pieces():
                    for i in range(0, len(body), size):
                        if pause:
                            time.sleep(pause)
                        yield body[i : i + size]

                conn.request("POST", "/mcp", body=pieces(), headers=all_headers, encode_chunked=True)
            else:
                conn.request("POST", "/mcp", body=body, headers=all_headers)
            response = conn.getresponse()
            data = response.read()
            return response.status, response.headers, data
        finally:
            conn.close()

    def rpc(self, id_, method, params=None):
        """A request in the session; returns the JSON-RPC message answering it (or None)."""
        message = {"jsonrpc": "2.0", "id": id_, "method": method}
        if params is not None:
            message["params"] = params
        status, headers, data = self.post(json.dumps(message).encode())
        return status, find_message(headers, data, id_)


def find_message(headers, data, id_):
    """The JSON-RPC message with `id_` in a JSON body or an event stream."""
    text = data.decode("utf-8", "replace")
    if (headers.get("Content-Type") or "").startswith("text/event-stream"):
        for event in re.split(r"\r?\n\r?\n", text):
            payload = "\n".join(
                line[5:].lstrip(" ") for line in event.splitlines() if line.startswith("data:")
            )
            if payload.strip():
                try:
                    message = json.loads(payload)
                except ValueError:
                    continue
                if isinstance(message, dict) and message.get("id") == id_:
                    return message
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def leaks(data):
    text = data.decode("utf-8", "replace")
    found = []
    for pattern, what in HTTP_LEAKS:
        match = pattern.search(text)
        if match:
            start = max(0, match.start() - 40)
            found.append(f"leaks {what}: ...{text[start:match.end() + 40]!r}...")
    return found


def ping(id_):
    return json.dumps({"jsonrpc": "2.0", "id": id_, "method": "ping"}).encode()


def call(id_, name, arguments):
    return json.dumps(
        {"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    ).encode()


FIFTY_MB = b'{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":"' + b"a" * (50 * 1024 * 1024) + b'"}}'
DEEP = b"[" * 100_000 + b"]" * 100_000

# (name, request keyword arguments for Server.post, expected status, expected JSON-RPC error
# code or "result", expected id, the symbol sys/errorStats must count it under or None).
CASES = [
    ("not JSON", dict(body=b"{not json"), 400, -32700, None, "PARSE_ERROR"),
    ("nested 100,000 deep", dict(body=DEEP), 400, -32700, None, "PARSE_ERROR"),
    ("truncated", dict(body=b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"navi'), 400, -32700, None, "PARSE_ERROR"),
    ('"hello"', dict(body=b'"hello"'), 400, -32600, None, "INVALID_REQUEST"),
    ("Content-Type: text/plain", dict(body=ping(2), headers={"Content-Type": "text/plain"}), 415, -32600, None, "INVALID_REQUEST"),
    ("no Accept", dict(body=ping(3), headers={"Accept": None}), 406, -32600, 3, "INVALID_REQUEST"),
    ("a 50 MB body", dict(body=FIFTY_MB), 413, -32600, None, "INVALID_REQUEST"),
    ("a 5 MB chunked body", dict(body=b" " * (5 * 1024 * 1024) + ping(4), chunks=80), 413, -32600, None, "INVALID_REQUEST"),
    ("a chunked request", dict(body=ping(5), chunks=7), 200, "result", 5, None),
    ("a slow request (2 s, 10 chunks)", dict(body=ping(6), chunks=10, pause=0.2), 200, "result", 6, None),
    ("a slow, truncated body", dict(body=b'{"jsonrpc":"2.0","id":7,', chunks=5, pause=0.2), 400, -32700, None, "PARSE_ERROR"),
    ("MCP-Protocol-Version 1999-01-01", dict(body=ping(8), headers={"MCP-Protocol-Version": "1999-01-01"}), 400, -32022, 8, "UNSUPPORTED_PROTOCOL_VERSION"),
    ("a batch array", dict(body=b"[" + ping(10) + b"," + ping(11) + b"]"), 400, -32600, None, "INVALID_REQUEST"),
    ("an empty batch", dict(body=b"[]"), 400, -32600, None, "INVALID_REQUEST"),
    ("valid UTF-8 only in part", dict(body=b'{"jsonrpc":"2.0","id":12,"method":"ping","params":{"x":"ok \xc3\x28 \xff"}}'), 400, -32700, None, "PARSE_ERROR"),
    # Shaped like a message at the top level, so the layer hands it to rmcp unparsed and words
    # rmcp's refusal: a trailing comma deep in the arguments.
    ("a broken value inside a tools/call", dict(body=b'{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"navigate","arguments":{"url":"x",}}}'), 400, -32700, None, "PARSE_ERROR"),
    ("jsonrpc 1.0", dict(body=b'{"jsonrpc":"1.0","id":13,"method":"ping"}'), 400, -32600, 13, "INVALID_REQUEST"),
    # The layer reads a request only to its jsonrpc, id and method: what follows is rmcp's to
    # refuse, and the layer words the refusal as before.
    ("a repeated jsonrpc after a request's members", dict(body=b'{"jsonrpc":"2.0","id":17,"method":"ping","jsonrpc":"1.0"}'), 400, -32600, 17, "INVALID_REQUEST"),
    ("a result and a repeated method after a request's members", dict(body=b'{"jsonrpc":"2.0","id":18,"method":"ping","result":{},"method":5}'), 400, -32600, 18, "INVALID_REQUEST"),
    ("bytes after a request", dict(body=ping(19) + b" x"), 400, -32700, None, "PARSE_ERROR"),
    ("params nested 100,000 deep", dict(body=b'{"jsonrpc":"2.0","id":20,"method":"ping","params":' + DEEP + b"}"), 400, -32700, None, "PARSE_ERROR"),
    ("tools/call with params [1]", dict(body=b'{"jsonrpc":"2.0","id":14,"method":"tools/call","params":[1]}'), 400, -32600, 14, "INVALID_REQUEST"),
    (
        "elicitation without the capability (-32021)",
        dict(body=call(15, "navigate", {"url": "https://a.invalid/", "confirm": True})),
        400,
        -32021,
        15,
        "MISSING_CLIENT_CAPABILITY",
    ),
]


def run_case(server, number, name, request, status, code, want_id):
    problems = []
    try:
        got, headers, data = server.post(**request)
    except (OSError, http.client.HTTPException) as e:
        return [f"the request failed: {e!r}"]
    problems += leaks(data)
    if got != status:
        problems.append(f"expected HTTP {status}, got {got}: {data[:300]!r}")
    message = find_message(headers, data, want_id) if code == "result" else None
    if code == "result":
        if not isinstance(message, dict) or "result" not in message:
            problems.append(f"expected a result, got {data[:300]!r}")
    else:
        if not (headers.get("Content-Type") or "").startswith("application/json"):
            problems.append(f"expected Content-Type application/json, got {headers.get('Content-Type')!r}")
        try:
            message = json.loads(data)
        except ValueError:
            message = None
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            problems.append(f"expected a JSON-RPC 2.0 error, got {data[:300]!r}")
        else:
            error = message.get("error")
            if not isinstance(error, dict) or "result" in message:
                problems.append(f"expected an error, got {data[:300]!r}")
            elif error.get("code") != code:
                problems.append(f"expected code {code}, got {error.get('code')!r}")
            if message.get("id", "absent") != want_id:
                problems.append(f"expected id {want_id!r}, got {message.get('id', 'absent')!r}")
            if status == 413 and (error or {}).get("data", {}).get("maxBodyBytes") != MAX_BODY:
                problems.append(f"expected data.maxBodyBytes {MAX_BODY}, got {data[:300]!r}")
    # The server keeps serving.
    probe = f"probe-{number}"
    try:
        got, reply = server.rpc(probe, "ping")
        if got != 200 or not isinstance(reply, dict) or "result" not in reply:
            problems.append(f"the next ping was not served: HTTP {got}, {reply!r}")
    except (OSError, http.client.HTTPException) as e:
        problems.append(f"the next ping failed: {e!r}" + ("" if server.alive() else ": the server exited"))
    return problems


def initialize(server):
    init = {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {"protocolVersion": VERSION, "capabilities": {}, "clientInfo": {"name": "hostile-http", "version": "0"}},
    }
    status, headers, data = server.post(json.dumps(init).encode(), session=False)
    server.session = headers.get("Mcp-Session-Id")
    if status != 200 or not server.session:
        return f"initialize failed: HTTP {status} {data[:300]!r}"
    server.post(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    return None


def rate_limited(argv):
    """The example with MCP_EXAMPLE_RATE_LIMIT=3 (3 requests a minute per MCP session): a
    session's 4th request gets the retry contract's HTTP form, and a second session from the
    same address still has its own budget. Returns the problems."""
    server = Server(argv, MCP_EXAMPLE_RATE_LIMIT="3")
    problems = []
    try:
        # initialize has no session yet: it counts against the peer address.
        failure = initialize(server)  # session A: notifications/initialized is its 1st
        if failure:
            return [failure]
        for n in (2, 3):
            got, reply = server.rpc(f"limited-{n}", "ping")
            if got != 200 or not isinstance(reply, dict) or "result" not in reply:
                problems.append(f"session A's request {n} was refused: HTTP {got}, {reply!r}")
        got, headers, data = server.post(ping("limited-4"))
        problems += leaks(data)
        if got != 429:
            return problems + [f"expected HTTP 429, got {got}: {data[:300]!r}"]
        retry_after = headers.get("Retry-After") or ""
        try:
            error = json.loads(data)["error"]
            ms = error["data"]["retryAfterMs"]
        except (ValueError, KeyError, TypeError):
            return problems + [f"expected a JSON-RPC error with data.retryAfterMs, got {data[:300]!r}"]
        if error.get("code") != -32000 or error["data"].get("retryable") is not True:
            problems.append(f"expected a retryable rate-limit error -32000, got {error!r}")
        if not retry_after.isdigit() or int(retry_after) != max(1, -(-ms // 1000)):
            problems.append(f"Retry-After {retry_after!r} is not ceil({ms} / 1000)")
        if not 0 < ms <= 20_000:
            problems.append(f"retryAfterMs {ms} is not within one token's time (20 s)")
        if json.loads(data).get("id", "absent") is not None:
            problems.append(f"expected id null, got {data[:300]!r}")
        # Session B, same address: a budget of its own.
        server.session = None
        failure = initialize(server)
        if failure:
            return problems + [f"a second session was refused: {failure}"]
        got, reply = server.rpc("other-session", "ping")
        if got != 200 or not isinstance(reply, dict) or "result" not in reply:
            problems.append(f"session B was refused after session A was: HTTP {got}, {reply!r}")
    finally:
        server.close()
    return problems


def stats(server, id_):
    got, reply = server.rpc(id_, "sys/errorStats")
    if got != 200 or not isinstance(reply, dict) or not isinstance(reply.get("result"), dict):
        raise SystemExit(f"sys/errorStats failed: HTTP {got}, {reply!r}")
    return reply["result"].get("bySymbol", {})


def main():
    if len(sys.argv) != 3:
        print("usage: hostile_http.py SERVER ROOT", file=sys.stderr)
        return 2
    server = Server([sys.argv[1], "--http", "127.0.0.1:0", sys.argv[2]])
    passed = failed = 0
    try:
        failure = initialize(server)
        if failure:
            print(failure)
            print(f"hostile-http: 0 passed, {len(CASES) + 2} failed")
            return 1
        before = stats(server, "stats-before")

        expected = {}
        for number, (name, request, status, code, want_id, symbol) in enumerate(CASES, start=1):
            started = time.monotonic()
            problems = run_case(server, number, name, request, status, code, want_id)
            took = time.monotonic() - started
            if symbol:
                expected[symbol] = expected.get(symbol, 0) + 1
            if problems:
                failed += 1
                print(f"FAIL {name} ({took:.2f} s)")
                for problem in problems:
                    print(f"     {problem}")
            else:
                passed += 1
                print(f"ok   {name} ({took:.2f} s)")

        after = stats(server, "stats-after")
        counted = {
            symbol: after.get(symbol, 0) - before.get(symbol, 0)
            for symbol in set(after) | set(before)
            if after.get(symbol, 0) != before.get(symbol, 0)
        }
        if counted == expected:
            passed += 1
            print(f"ok   sys/errorStats counted exactly {sum(expected.values())} errors: {json.dumps(expected, sort_keys=True)}")
        else:
            failed += 1
            print("FAIL sys/errorStats counts")
            print(f"     expected {json.dumps(expected, sort_keys=True)}")
            print(f"     counted  {json.dumps(counted, sort_keys=True)}")
    finally:
        server.close()
    started = time.monotonic()
    problems = rate_limited([sys.argv[1], "--http", "127.0.0.1:0", sys.argv[2]])
    took = time.monotonic() - started
    if problems:
        failed += 1
        print(f"FAIL over the rate limit: 429, Retry-After and data.retryAfterMs; another session served ({took:.2f} s)")
        for problem in problems:
            print(f"     {problem}")
    else:
        passed += 1
        print(f"ok   over the rate limit: 429, Retry-After and data.retryAfterMs; another session served ({took:.2f} s)")
    print(f"hostile-http: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
