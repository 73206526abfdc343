#!/usr/bin/env python3
"""Hostile-transport test of the example MCP server (examples/mcp_server), over stdio.

Starts the server, initializes a session, then sends each hostile case as one raw line and
checks, for every case:

- the server answered as expected (a JSON-RPC error with the expected code and id, or a tool
  error with the expected `_meta.errorCode`), or stayed
  silent where that is the documented behaviour (notifications, blank lines);
- every reply line is bounded (under 64 KiB) and is a single JSON-RPC 2.0 message;
- no reply leaks internals: panics, stack traces, source paths, Rust paths or type names,
  `Debug` output;
- the next valid request (`ping`) is still served.

Usage: hostile.py SERVER [ARGS...]. Python 3 standard library only. The last line is
"hostile: N passed, N failed".
"""

import json
import queue
import re
import subprocess
import sys
import threading
import time

MAX_REPLY = 64 * 1024
# How long to wait for an expected reply, and how long silence must last to count.
REPLY_TIMEOUT = 20.0
SILENCE = 1.0

LEAKS = [
    (re.compile(r"panicked|backtrace|RUST_BACKTRACE", re.I), "a panic or a backtrace"),
    (re.compile(r"\.rs\b|/src/|/home/|/root/|/work/|\.cargo/"), "a source or file-system path"),
    (re.compile(r"\b(?:std|core|alloc|rmcp|serde|serde_json|tokio|mcp_errors)::"), "a Rust path"),
    (
        re.compile(
            r"\b(?:NavigateArgs|ReadFileArgs|ExampleServer|PlaywrightError|FilesystemError|"
            r"CommonError|ErrorData|JsonObject|String|Vec<|Option<|Box<dyn|i32|u64|usize)\b"
        ),
        "a Rust type name",
    ),
    (re.compile(r"longer than the transport's line limit"), "an oversized reply (caught by the transport)"),
    (re.compile(r"\b(?:Some|Ok|Err)\(|\b[A-Z]\w* \{ \w+: |\bkind: [A-Z]"), "Debug output"),
]

CONTROL = "".join(chr(c) for c in range(1, 0x20) if c not in (10, 13))


def request(id_, method, params=None):
    message = {"jsonrpc": "2.0", "id": id_, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode()


def call(id_, name, arguments):
    return request(id_, "tools/call", {"name": name, "arguments": arguments})


def nested(levels):
    return "[" * levels + "]" * levels


# (name, line bytes, expectation). An expectation is ("error", code or None, id) for a
# JSON-RPC error, ("reply", id) for any response, ("tool-error", id) for a tool result with
# isError, or ("silent", why) where no reply is the documented behaviour.
FIVE_MB = 5 * 1024 * 1024
CASES = [
    ("invalid JSON", b'{"jsonrpc":"2.0","id":1,', ("error", -32700, None)),
    ("not JSON at all", b"hello, server", ("error", -32700, None)),
    ("invalid UTF-8", b'\xff\xfe{"id":1}', ("error", -32700, None)),
    (
        "control characters in a string",
        b'{"jsonrpc":"2.0","id":2,"method":"ping","x":"' + CONTROL.encode() + b'"}',
        ("error", -32700, None),
    ),
    (
        "nested deeper than 128 levels",
        b'{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"navigate",'
        b'"arguments":{"url":' + nested(300).encode() + b"}}}",
        ("error", None, "deep"),
    ),
    (
        "a line over 16 MiB",
        b'{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{"name":"navigate",'
        b'"arguments":{"url":"https://' + b"a" * (17 * 1024 * 1024) + b'"}}}',
        ("error", None, "long"),
    ),
    (
        "sys/errorStats with params []",
        request(5, "sys/errorStats", []),
        ("error", -32602, 5),
    ),
    (
        "sys/errorStats with params 5",
        b'{"jsonrpc":"2.0","id":51,"method":"sys/errorStats","params":5}',
        ("error", None, 51),
    ),
    ("tools/call with params [1]", request(6, "tools/call", [1]), ("error", None, 6)),
    ("tools/call without params", request(61, "tools/call"), ("error", None, 61)),
    # Input validation failures are tool errors (MCP 2025-11-25, SEP-1303) or -32602.
    ("wrong argument type", call(7, "navigate", {"url": 5}), ("tool", "E_INVALID_PARAMS", 7)),
    (
        # serde's text quotes the offending value: the reply must stay bounded all the same.
        "wrong argument type, 5 MB string",
        call(71, "navigate", {"url": "https://a.invalid/", "confirm": "c" * FIVE_MB}),
        ("tool", "E_INVALID_PARAMS", {"pointer": "/confirm", "expected": "a boolean"}, 71),
    ),
    ("arguments an array", call(8, "navigate", ["https://a.invalid"]), ("error", -32602, 8)),
    ("missing argument", call(9, "read_file", {}), ("tool", "E_INVALID_PARAMS", 9)),
    ("unknown tool", call(10, "no_such_tool", {}), ("error", None, 10)),
    ("unknown tool, 5 MB name", call(11, "t" * FIVE_MB, {}), ("error", None, 11)),
    ("unknown method", request(12, "no/such/method"), ("error", -32601, 12)),
    ("batch", b"[" + request(13, "ping") + b"]", ("error", -32600, None)),
    ("empty batch", b"[]", ("error", -32600, None)),
    ("id null", b'{"jsonrpc":"2.0","id":null,"method":"ping"}', ("error", -32600, None)),
    ("id an object", b'{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', ("error", -32600, None)),
    ("id a fraction", b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', ("error", -32600, None)),
    ("id of 100 KB", request("i" * 100_000, "ping"), ("error", -32600, None)),
    ("no jsonrpc member", b'{"id":14,"method":"ping"}', ("error", -32600, 14)),
    ("jsonrpc 1.0", b'{"jsonrpc":"1.0","id":15,"method":"ping"}', ("error", -32600, 15)),
    ("method a number", b'{"jsonrpc":"2.0","id":16,"method":5}', ("error", -32600, 16)),
    ("a JSON scalar", b"42", ("error", -32600, None)),
    (
        "navigate, 5 MB URL",
        call(17, "navigate", {"url": "https://" + "a" * FIVE_MB}),
        ("tool", "E_PW_NAV", 17),
    ),
    (
        # 2 MB of control characters: escaped as \u00XX, a 12 MB line (under 16 MiB).
        "navigate, 2 MB URL of control characters",
        call(18, "navigate", {"url": "https://h/" + (CONTROL * (2 * 1024 * 1024 // len(CONTROL)))}),
        ("any", 18),
    ),
    ("read_file, 5 MB path", call(19, "read_file", {"path": "p" * FIVE_MB}), ("any", 19)),
    (
        "read_file, path escape",
        call(20, "read_file", {"path": "../../etc/passwd"}),
        ("tool", "E_FS_PATH_ESCAPE", 20),
    ),
    (
        "read_file, NUL in path",
        call(21, "read_file", {"path": "a\u0000b"}),
        ("tool", "E_FS_INVALID_PATH", 21),
    ),
    ("sys/errorStats", request(22, "sys/errorStats"), ("reply", 22)),
    # JSON-RPC 2.0's own example: an invalid request without a readable id gets -32600, id null.
    (
        "notification with a bad shape",
        b'{"jsonrpc":"2.0","method":"notifications/initialized","params":5}',
        ("error", -32600, None),
    ),
    (
        "unknown notification",
        b'{"jsonrpc":"2.0","method":"notifications/nope"}',
        ("silent", "JSON-RPC forbids answering a notification"),
    ),
    ("blank line", b"   ", ("silent", "a blank line is no message")),
    ("byte order mark", b"\xef\xbb\xbf" + request(23, "ping"), ("reply", 23)),
    ("carriage return", request(24, "ping") + b"\r", ("reply", 24)),
    ("a response nobody asked for", b'{"jsonrpc":"2.0","id":99,"result":{}}', ("silent", "a response is never answered")),
]


class Server:
    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, data):
        self.proc.stdin.write(data + b"\n")
        self.proc.stdin.flush()

    def next_line(self, timeout):
        try:
            return self.lines.get(timeout=timeout)
        except queue.Empty:
            return None

    def alive(self):
        return self.proc.poll() is None

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:  # noqa: BLE001 - best effort
            self.proc.kill()


def check_line(raw):
    """Problems with one reply line; returns (message or None, problems)."""
    problems = []
    if len(raw) >= MAX_REPLY:
        problems.append(f"reply of {len(raw)} bytes is not under {MAX_REPLY}")
    text = raw.decode("utf-8", "replace")
    for pattern, what in LEAKS:
        match = pattern.search(text)
        if match:
            start = max(0, match.start() - 60)
            problems.append(f"leaks {what}: ...{text[start:match.end() + 60]!r}...")
    try:
        message = json.loads(text)
    except ValueError as e:
        problems.append(f"reply is not JSON: {e}")
        return None, problems
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        problems.append("reply is not a JSON-RPC 2.0 object")
        return None, problems
    if ("result" in message) == ("error" in message):
        problems.append("reply has not exactly one of result and error")
    return message, problems


def short(raw):
    text = raw.decode("utf-8", "replace")
    return text if len(text) < 300 else text[:300] + f"... ({len(raw)} bytes)"


def run_case(server, name, line, expectation, probe_id):
    problems = []
    replies = []
    server.send(line)
    kind = expectation[0]
    wait = SILENCE if kind == "silent" else REPLY_TIMEOUT
    deadline = time.monotonic() + wait
    # Collect replies until the expected one arrives (or the wait ends).
    while time.monotonic() < deadline:
        raw = server.next_line(max(0.01, deadline - time.monotonic()))
        if raw is None:
            break
        message, line_problems = check_line(raw.rstrip(b"\n"))
        problems += line_problems
        replies.append((raw, message))
        if kind != "silent" and message is not None:
            break
    sizes = [len(raw) for raw, _ in replies]
    if kind == "silent":
        if replies:
            problems.append(f"expected silence ({expectation[1]}), got {short(replies[0][0])}")
    elif not replies:
        problems.append("no reply")
    else:
        message = replies[-1][1] or {}
        want_id = expectation[-1]
        if kind == "error":
            code = expectation[1]
            error = message.get("error")
            if not isinstance(error, dict):
                problems.append(f"expected a JSON-RPC error, got {short(replies[-1][0])}")
            elif code is not None and error.get("code") != code:
                problems.append(f"expected code {code}, got {short(replies[-1][0])}")
        elif kind == "reply" and "result" not in message:
            problems.append(f"expected a result, got {short(replies[-1][0])}")
        elif kind == "tool":
            result = message.get("result")
            meta = result.get("_meta") if isinstance(result, dict) else None
            if not isinstance(meta, dict) or result.get("isError") is not True:
                problems.append(f"expected a tool error, got {short(replies[-1][0])}")
            elif meta.get("errorCode") != expectation[1]:
                problems.append(f"expected _meta.errorCode {expectation[1]}, got {short(replies[-1][0])}")
            elif len(expectation) == 4:
                data = meta.get("data") if isinstance(meta.get("data"), dict) else {}
                for key, want in expectation[2].items():
                    if data.get(key) != want:
                        problems.append(f"expected _meta.data.{key} {want!r}, got {data.get(key)!r}")
        if message.get("id") != want_id:
            got = message.get("id")
            got = got if not isinstance(got, str) or len(got) < 80 else got[:80] + "..."
            problems.append(f"expected id {want_id!r}, got {got!r}")
    # The next valid request is still served.
    server.send(request(probe_id, "ping"))
    deadline = time.monotonic() + REPLY_TIMEOUT
    served = False
    while time.monotonic() < deadline:
        raw = server.next_line(max(0.01, deadline - time.monotonic()))
        if raw is None:
            break
        message, line_problems = check_line(raw.rstrip(b"\n"))
        if message is not None and message.get("id") == probe_id:
            served = "result" in message
            break
        problems += line_problems
        problems.append(f"unexpected extra reply {short(raw)}")
    if not served:
        problems.append("the next valid request (ping) was not served" + ("" if server.alive() else ": the server exited"))
    return problems, sizes


def main():
    if len(sys.argv) < 2:
        print("usage: hostile.py SERVER [ARGS...]", file=sys.stderr)
        return 2
    server = Server(sys.argv[1:])
    server.send(
        request(
            0,
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "hostile", "version": "0"},
            },
        )
    )
    raw = server.next_line(REPLY_TIMEOUT)
    if raw is None or b'"result"' not in raw:
        print(f"initialize failed: {raw!r}")
        print(f"hostile: 0 passed, {len(CASES)} failed")
        return 1
    server.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')

    passed = failed = 0
    for number, (name, line, expectation) in enumerate(CASES, start=1):
        if not server.alive():
            print(f"FAIL {name}: the server is gone")
            failed += 1
            continue
        problems, sizes = run_case(server, name, line, expectation, f"probe-{number}")
        sizes_text = ", ".join(str(s) for s in sizes) or "none"
        if problems:
            failed += 1
            print(f"FAIL {name} (reply bytes: {sizes_text})")
            for problem in problems:
                print(f"     {problem}")
        else:
            passed += 1
            print(f"ok   {name} (reply bytes: {sizes_text})")
    server.close()
    print(f"hostile: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
