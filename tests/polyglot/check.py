"""Behaviour of a generated Python module on the hostile catalog
(mcp-errors-cli/tests/fixtures/hostile.json): escaped names, decode_error on every shape and
on garbage, the retry contract's decoding; and of the example's committed module
(examples/mcp_server/clients/errors.py): no name shadows a built-in; create_error fills the
catalog's message template from data by the cases of render_cases.json (the cases both
languages run are template_cases.json: check_templates.py), and writes JSON as JavaScript's JSON.stringify does (compared with node on
random values, when node is there). When the directory holds
a package (`gen --package`), it is pip-installed into a throwaway venv (pip fetches setuptools
from PyPI), imported as users do, and a client of it type-checked with `mypy --strict` (run
with the interpreter that has mypy, as .ci/polyglot.sh does).

    python check.py <directory holding the generated errors.py>
"""

from __future__ import annotations

import builtins
import dataclasses
import enum
import importlib.util
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, sys.argv[1])
import errors as m  # noqa: E402


def load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


example = load("example_errors", ROOT / "examples/mcp_server/clients/errors.py")

passed = 0


def ok(name: str, f: Callable[[], None]) -> None:
    global passed
    f()
    passed += 1
    print(f"ok  {name}")


def names() -> None:
    assert len(m.CODES) == 18 and m.CODES["__proto__"] == 4011
    assert m.class_ == 4000 and m._2FA_REQUIRED == 4001 and m.None_ == 4004
    assert m.is_error_symbol("None") and not m.is_error_symbol("toString") and not m.is_error_symbol(4)


def classes() -> None:
    e = m.create_error("class")
    assert isinstance(e, m.McpError) and isinstance(e, Exception)
    assert type(e).__name__ == "class__2" and e.error_type == "class"
    assert e.message == 'ends a comment */ and """triple""" and \\ backslash'


def tool_error() -> None:
    e = m.create_error("E-DASH", None, {"a": 1}, retry_after_ms=1500, details="d")
    t = e.to_tool_error()
    assert t["content"][0]["text"].endswith(" (retry after 1500 ms)")
    assert t["_meta"]["retryAfterMs"] == 1500
    d = m.decode_error(t)
    assert d is not None
    assert (d.symbol, d.code, d.retryable, d.retry_after_ms, d.message, d.details, d.channel, d.kind) == (
        "E-DASH", 4002, True, 1500, "m", "d", "tool", "network")
    assert m.retry_after_ms(e.to_jsonrpc_error()) == 1500


def no_builtin_shadowed() -> None:
    for mod in (m, example):
        declared = [n for n in vars(mod) if not (n.startswith("__") and n.endswith("__"))]
        shadowing = sorted(n for n in declared if hasattr(builtins, n))
        assert not shadowing, (mod.__name__, shadowing)
        assert len(set(mod.__all__)) == len(mod.__all__)
        assert all(hasattr(mod, n) and not hasattr(builtins, n) for n in mod.__all__)
        # __all__ lists each symbol's constant and each class, under their escaped names
        codes = set(mod.CODES.values())
        for n in declared:
            v = getattr(mod, n)
            if type(v) is int and v in codes or isinstance(v, type) and issubclass(v, mod.McpError):
                assert n in mod.__all__, n
        # each errorType's class, escaped, and only it
        for error_type, cls in mod.ERROR_CLASSES.items():
            assert issubclass(cls, mod.McpError) and cls.__name__ in mod.__all__, error_type
            assert getattr(mod, cls.__name__) is cls
            for symbol in cls.SYMBOLS:
                assert type(mod.create_error(symbol)) is cls and mod.ERRORS[symbol].error_type == error_type
    assert m.ERROR_CLASSES["PermissionError"] is m.PermissionError_ and m.PermissionError_.__name__ == "PermissionError_"
    assert m.ERROR_CLASSES["None"] is m.None__2 and m.ERROR_CLASSES["McpError"] is m.McpError_3
    assert example.ERROR_CLASSES["TimeoutError"] is example.TimeoutError_
    assert example.ERROR_CLASSES["PermissionError"] is example.PermissionError_
    assert isinstance(example.create_error("E_TIMEOUT"), example.TimeoutError_)
    assert "_2FA_REQUIRED" in m.__all__ and "_code_2" in m.__all__ and "_as_mapping" not in m.__all__


def star_import() -> None:
    import asyncio

    ns: dict[str, Any] = {}
    exec("from example_errors import *", ns)
    assert set(ns) - {"__builtins__"} == set(example.__all__)
    exec(
        "import asyncio\n"
        "async def slow() -> None:\n"
        "    await asyncio.sleep(1)\n"
        "async def main() -> str:\n"
        "    try:\n"
        "        await asyncio.wait_for(slow(), 0.001)\n"
        "    except TimeoutError:\n"
        "        return 'caught'\n"
        "    return 'not caught'\n",
        ns,
    )
    assert asyncio.run(ns["main"]()) == "caught"
    assert eval("TimeoutError, PermissionError", ns) == (builtins.TimeoutError, builtins.PermissionError)


def render_cases() -> None:
    cases = json.loads((ROOT / "tests/polyglot/render_cases.json").read_text(encoding="utf-8"))["cases"]
    original = m.ERRORS["E-DASH"]
    try:
        for case in cases:
            fields = tuple(m.FieldInfo(**f) for f in case["fields"])
            m.ERRORS["E-DASH"] = dataclasses.replace(original, message=case["template"], fields=fields)
            e = m.create_error("E-DASH", None, case["data"])
            assert e.message == case["expected"] and str(e) == e.message, (case["why"], e.message)
            assert e.to_tool_error()["content"][0]["text"].startswith(f"E-DASH: {case['expected']}\n")
            assert e.to_jsonrpc_error()["message"] == case["expected"]
            # an explicit message is used as it is
            assert m.create_error("E-DASH", case["template"], case["data"]).message == case["template"]
            assert m.create_error("E-DASH", "", case["data"]).message == ""
    finally:
        m.ERRORS["E-DASH"] = original
    assert len(cases) >= 16


def render_python_values() -> None:
    class Color(enum.IntEnum):
        RED = 1

    class Boxed:
        pass

    cyclic: list[object] = []
    cyclic.append(cyclic)
    field = (m.FieldInfo("v", "v", "data"),)
    for value, expected in [
        ((1, "a", None), '[1,"a",null]'),
        ({2: "x", 1.5: True, None: 0, True: 1, "a": (2.0,)}, '{"2":"x","1.5":true,"null":0,"true":1,"a":[2]}'),
        (Color.RED, "1"),
        (float("nan"), "null"),
        (float("-inf"), "null"),
        (10**400, "null"),
        (MappingProxyType({"k": [1.0]}), '{"k":[1]}'),
        (Boxed(), "{v}"),
        ({1, 2}, "{v}"),
        (b"bytes", "{v}"),
        ([1, object()], "{v}"),
        ({(1, 2): 3}, "{v}"),
        (cyclic, "{v}"),
    ]:
        got = m._render("{v}", field, {"v": value})
        assert got == expected, (value, got)
    # any mapping as data; one whose lookups raise leaves the placeholder
    assert m._render("{v}", field, MappingProxyType({"v": "ok"})) == "ok"
    assert m._render("{v}", field, Boom()) == "{v}"


def render_example() -> None:
    e = example.create_error("E_FS_TOO_LARGE", None, {"path": "/x", "size": 10, "limit": 5.0})
    assert e.message == "File too large: 10 bytes, the limit is 5", e.message
    assert e.to_tool_error()["content"][0]["text"].startswith("E_FS_TOO_LARGE: File too large: 10 bytes, the limit is 5\n")
    assert example.create_error("E_FS_TOO_LARGE", None, {"size": 10}).message == "File too large: 10 bytes, the limit is {limit}"
    assert example.ERRORS["E_FS_IO"].fields == (
        example.FieldInfo("path", "path", "data"),
        example.FieldInfo("cause", "cause", "source"),
        example.FieldInfo("transient", "transient", "retryable"),
    )
    assert example.ERRORS["E_TIMEOUT"].fields == (example.FieldInfo("details", "details", "details"),)
    assert m.ERRORS["class"].fields == ()


def json_like_javascript() -> None:
    node = shutil.which("node")
    if node is None:
        print("skip the comparison with JSON.stringify: no node")
        return
    rnd = random.Random(20260728)
    pool = ["a", "é", "\u2028", "\x00", "\x1f", "\x7f", '"', "\\", "\n", "\ud800", "\udfff", "😀", "{", "}"]

    def text() -> str:
        return "".join(rnd.choice(pool) for _ in range(rnd.randint(0, 6)))

    def number() -> object:
        return rnd.choice([
            lambda: rnd.randint(-10**6, 10**6),
            lambda: rnd.randint(-2**70, 2**70),
            lambda: rnd.uniform(-1, 1) * 10.0 ** rnd.randint(-330, 308),
            lambda: round(rnd.uniform(-1000, 1000), rnd.randint(0, 8)),
            lambda: float(rnd.randint(-10**22, 10**22)),
            lambda: rnd.choice([0.0, -0.0, 1.0, 0.1 + 0.2, 1e21, 1e-7, 1e-6, 5e-324, 2.0**53 + 2, 10**21, 2**53 + 1]),
        ])()

    def key() -> str:
        return rnd.choice(["0", "1", "01", "10", "4294967294", "4294967295", "-1", "1.5", "a", "", text()])

    def value(depth: int) -> object:
        pick = rnd.randrange(6 if depth < 3 else 4)
        if pick == 0:
            return rnd.choice([None, True, False])
        if pick == 1:
            return number()
        if pick == 2 or pick == 3:
            return text()
        if pick == 4:
            return [value(depth + 1) for _ in range(rnd.randint(0, 4))]
        return {key(): value(depth + 1) for _ in range(rnd.randint(0, 5))}

    values = json.dumps([value(0) for _ in range(2000)], allow_nan=False)
    script = "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(JSON.stringify(JSON.parse(s).map(v=>JSON.stringify(v)))))"
    done = subprocess.run([node, "-e", script], input=values, capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stderr
    for want, v in zip(json.loads(done.stdout), json.loads(values)):
        assert m._json_text(v) == want, (v, want, m._json_text(v))


class Boom:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError("boom")


def not_errors() -> None:
    for x in [None, "E_X", 42, [], {}, {"jsonrpc": "2.0", "id": 1, "result": {}},
              {"content": [], "isError": False}, {"isError": True}, Boom(), object()]:
        assert m.decode_error(x) is None, x
        assert m.is_retryable(x) is False
        assert m.retry_after_ms(x) is None


def jsonrpc_shapes() -> None:
    d = m.decode_error({"code": "4009", "message": "x", "data": {"symbol": "delete"}})
    assert d is not None and d.symbol == "delete"
    d = m.decode_error({"jsonrpc": "2.0", "id": 1, "error": {"code": 4000, "message": "x"}})
    assert d is not None and d.symbol == "class"
    d = m.decode_error({"code": 9999, "message": "who"})
    assert d is not None and d.symbol is None and d.retryable is False
    assert m.is_retryable({"jsonrpc": "2.0", "id": 1, "error": {"code": -32023, "message": "slow"}})

    class SdkError(Exception):
        def __init__(self) -> None:
            super().__init__(4001, "two", {"retryAfterMs": 20})
            self.code = 4001
            self.message = "two"
            self.data = {"retryAfterMs": 20}

    d = m.decode_error(SdkError())
    assert d is not None and (d.symbol, d.message, d.retry_after_ms, d.retryable) == ("2FA_REQUIRED", "two", 20, True)


def retry_delays() -> None:
    def tool(meta: dict[str, object], text: str) -> dict[str, object]:
        return {"content": [{"type": "text", "text": text}], "isError": True, "_meta": {"code": 4000, **meta}}

    assert m.retry_after_ms(tool({"retryAfterMs": 5}, "x (retry after 7 ms)")) == 5
    assert m.retry_after_ms(tool({}, "x (retry after 5 ms) then (retry after 7 ms)")) == 7
    assert m.retry_after_ms(tool({}, "x (retry after 99999999999999999999 ms)")) is None
    for bad in [-5, 1.5, "5", True, 2**60]:
        assert m.retry_after_ms({"code": 4000, "message": "m", "data": {"retryAfterMs": bad}}) is None
        assert m.retry_after_ms(tool({"retryAfterMs": bad}, "no delay")) is None
    assert m.retry_after_ms({"status": 429, "headers": {"Retry-After": "3"}}) == 3000
    assert m.retry_after_ms({"headers": {"retry-after": "Wed, 21 Oct 2015 07:28:00 GMT"}}) is None
    # The text form that ends the message's line is not part of the message.
    decoded = m.decode_error(tool({"errorCode": "E_X"}, "E_X: Too many (retry after 2000 ms)"))
    assert decoded is not None and decoded.message == "Too many", decoded
    decoded = m.decode_error(tool({"errorCode": "E_X"}, "E_X: (retry after soon) ok"))
    assert decoded is not None and decoded.message == "(retry after soon) ok", decoded


def sh(*args: object) -> str:
    done = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done.stdout


def installed_package() -> None:
    src = Path(sys.argv[1])
    found = re.search(r'^name = "([^"]+)"$', (src / "pyproject.toml").read_text(), re.M)
    assert found is not None
    dist = found.group(1)
    pkg = dist.replace("-", "_").replace(".", "_")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        shutil.copytree(src, tmp / "src", ignore=shutil.ignore_patterns("__pycache__"))
        sh(sys.executable, "-m", "venv", tmp / "venv")
        py = tmp / "venv" / "bin" / "python"
        sh(py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", tmp / "src")
        # the layout: one package directory, typed
        where = sh(py, "-c", f"import {pkg}, pathlib; print(pathlib.Path({pkg}.__file__).parent)").strip()
        files = sorted(p.name for p in Path(where).iterdir() if p.name != "__pycache__")
        assert Path(where).name == pkg and files == ["__init__.py", "errors.py", "py.typed"], (where, files)
        # imported as users do, the package's names are the module's
        sh(py, "-c", f"""
import builtins
import {pkg}, {pkg}.errors
from {pkg} import *
from {pkg} import decode_error, create_error, McpError, ERROR_CLASSES, PermissionError_
assert {pkg}.__all__ == {pkg}.errors.__all__ and {pkg}.decode_error is {pkg}.errors.decode_error
assert all(getattr({pkg}, n) is getattr({pkg}.errors, n) for n in {pkg}.__all__)
assert decode_error(create_error("class").to_tool_error()).symbol == "class"
assert ERROR_CLASSES["PermissionError"] is PermissionError_ and PermissionError is builtins.PermissionError
assert isinstance(create_error("None"), McpError)
""")
        # a client type-checks against the installed package (py.typed, explicit re-exports) ...
        client = tmp / "client.py"
        client.write_text(f"""from typing import Optional

from {pkg} import CODES, DecodedError, McpError, create_error, decode_error
from {pkg}.errors import E_DASH

e: McpError = create_error("E-DASH", None, {{"a": 1}})
d: Optional[DecodedError] = decode_error(e.to_tool_error())
n: int = CODES["E-DASH"] + E_DASH
""")
        mypy = [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
                "--cache-dir", tmp / "mypy-cache", "--python-executable", py]
        sh(*mypy, client)
        # ... and the types are the module's, not Any: an unknown symbol is an error
        client.write_text(f'from {pkg} import create_error\n\ncreate_error("E_NO_SUCH_SYMBOL")\n')
        done = subprocess.run([str(a) for a in [*mypy, client]], capture_output=True, text=True)
        assert done.returncode == 1 and "E_NO_SUCH_SYMBOL" in done.stdout and "arg-type" in done.stdout, done


ok("every symbol, escaped names", names)
ok("create_error picks the class of the errorType, escaped", classes)
ok("no generated name shadows a built-in; ERROR_CLASSES maps each errorType to its escaped class", no_builtin_shadowed)
ok("from errors import * brings __all__ only: except TimeoutError still catches asyncio's", star_import)
ok("create_error fills the template from data: tests/polyglot/render_cases.json", render_cases)
ok("template values of Python's own types; a value JSON has no text for leaves the placeholder", render_python_values)
ok("the example's module carries each symbol's fields and fills its templates", render_example)
ok("JSON text as JavaScript's JSON.stringify writes it, on 2000 random values", json_like_javascript)
ok("to_tool_error carries the retry delay on every channel and decodes back", tool_error)
ok("not an error: None, never an exception", not_errors)
ok("JSON-RPC shapes: dict, response, string code, unknown code, SEP-3304, SDK exception", jsonrpc_shapes)
ok("retry delays: first present wins, malformed ignored", retry_delays)
if (Path(sys.argv[1]) / "pyproject.toml").exists():
    ok("pip install of the generated package: import as users do, mypy --strict on a client", installed_package)
else:
    print(f"skip the pip install check: {sys.argv[1]} holds no pyproject.toml (gen without --package)")
print(f"python module: {passed} passed, 0 failed")
