"""FastMCP's proxy (`fastmcp.server.create_proxy`, the successor of `FastMCP.as_proxy`) over
stdio, in front of the example server: `fastmcp_proxy.py stdio SERVER ROOT` runs the server
over stdio, `fastmcp_proxy.py http URL` reaches it over Streamable HTTP. For gateways.py."""

import sys

from fastmcp.server import create_proxy

if sys.argv[1] == "stdio":
    target = {"mcpServers": {"example": {"command": sys.argv[2], "args": sys.argv[3:]}}}
else:
    target = sys.argv[2]
create_proxy(target, name="fastmcp-proxy").run(show_banner=False)
