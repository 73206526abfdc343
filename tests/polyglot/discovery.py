"""Discovery from the live example server, through the official Python MCP SDK, with a module
generated from an EMPTY catalog (a client with no module for this server):

    python discovery.py <mcp_server binary> <directory of errors.py generated from the empty catalog>

The catalog is read from the server's resource mcp-errors://catalog (listed by resources/list,
application/json, the --catalog JSON), loaded with load_catalog, and the server's errors (a tool
error and a JSON-RPC error) decode by symbol with decode_with_catalog; tools/list names each
tool's symbols under _meta["io.crates.mcp-errors/errors"]. Exits non-zero on a mismatch.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import get_default_environment, stdio_client
from mcp.shared.exceptions import MCPError

SERVER, MODULE_DIR = sys.argv[1], sys.argv[2]
sys.path.insert(0, MODULE_DIR)
import errors as m  # noqa: E402

assert m.ERRORS == {}, "the module is generated from an empty catalog"


async def run() -> None:
    params = StdioServerParameters(command=SERVER, args=[], env=get_default_environment(), cwd=tempfile.gettempdir())
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            assert init.capabilities.resources is not None, "the resources capability"
            listed = [r for r in (await session.list_resources()).resources if str(r.uri) == m.CATALOG_URI]
            assert len(listed) == 1, listed
            assert listed[0].mime_type == "application/json"

            read_result = await session.read_resource(m.CATALOG_URI)
            text = read_result.contents[0].text  # type: ignore[union-attr]
            printed = json.loads(subprocess.run([SERVER, "--catalog"], capture_output=True, check=True, text=True).stdout)
            assert json.loads(text) == printed, "the resource is the --catalog JSON"
            catalog = m.load_catalog(read_result)
            assert catalog is not None, "the served catalog loads"
            assert len(catalog.by_symbol) >= 20

            tools = (await session.list_tools()).tools
            symbols: dict[str, Any] = {
                t.name: (t.meta or {}).get(m.TOOL_ERRORS_META_KEY, {}).get("symbols") for t in tools
            }
            assert "E_PW_NAV" in symbols["navigate"] and "MISSING_CLIENT_CAPABILITY" in symbols["navigate"]
            assert "E_FS_PATH_ESCAPE" in symbols["read_file"] and "E_PW_NAV" not in symbols["read_file"]
            for s in symbols["navigate"] + symbols["read_file"]:
                assert s in catalog.by_symbol, s

            # A tool error: the empty module cannot name it, the loaded catalog can.
            tool = await session.call_tool("navigate", {"url": "https://example.invalid/page"})
            plain = m.decode_error(tool)
            assert plain is not None and plain.symbol is None
            d = m.decode_with_catalog(tool, catalog)
            assert d is not None and (d.symbol, d.kind, d.retryable) == ("E_PW_NAV", "network", True), d
            escape = m.decode_with_catalog(await session.call_tool("read_file", {"path": "../x"}), catalog)
            assert escape is not None and (escape.symbol, escape.kind) == ("E_FS_PATH_ESCAPE", "validation"), escape

            # A JSON-RPC error (the SDK raises it).
            try:
                await session.call_tool("navigate", {"url": "https://example.invalid/page", "confirm": True})
            except MCPError as e:
                j = m.decode_with_catalog(e, catalog)
                assert j is not None and (j.symbol, j.code, j.retryable) == ("MISSING_CLIENT_CAPABILITY", -32021, False), j
            else:
                raise AssertionError("expected a JSON-RPC error")

            # A catalog that does not load leaves the client with the one it had (here: none).
            hostile = m.load_catalog({"contents": [{"uri": m.CATALOG_URI, "text": text[:100]}]})
            assert hostile is None
            assert m.decode_with_catalog(tool, hostile) == m.decode_error(tool)
    print("discovery (python): ok")


anyio.run(run)
