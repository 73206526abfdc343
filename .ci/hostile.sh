#!/usr/bin/env bash
# Hostile-transport test: starts the example MCP server (examples/mcp_server) over stdio and
# sends it malformed, oversized and adversarial lines (.ci/hostile.py lists the cases and
# what each must get back). Needs only Python 3's standard library. Exits non-zero when a case
# fails; the last line is "hostile: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --example mcp_server --features rmcp-3
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
echo "hello" >"$root/hello.txt"
# Metrics on, so that sys/errorStats answers; the root is an empty scratch directory.
MCP_ERRORS_METRICS=1 python3 .ci/hostile.py target/debug/examples/mcp_server "$root"
