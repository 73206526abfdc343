#!/usr/bin/env bash
# Hostile HTTP test: starts the example MCP server (examples/mcp_server) over Streamable HTTP
# and sends /mcp malformed, oversized, chunked, slow and mislabelled requests
# (.ci/hostile_http.py lists the cases, the status and JSON-RPC error each must get, and
# checks the counts in sys/errorStats). Needs only Python 3's standard library. Exits
# non-zero when a case fails; the last line is "hostile-http: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --example mcp_server --features rmcp-3
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
timeout 180 python3 .ci/hostile_http.py target/debug/examples/mcp_server "$root"
