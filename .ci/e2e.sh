#!/usr/bin/env bash
# End-to-end: examples/mcp_server/main.rs (rmcp, stdio) against the official MCP clients.
#
#   .ci/e2e.sh            build the example, run the TypeScript and the Python client
#
# - TypeScript: @modelcontextprotocol/sdk (and typescript, which compiles the generated
#   examples/mcp_server/clients/errors.ts into tests/e2e/gen/) pinned in tests/e2e/package.json
#   and package-lock.json, installed with `npm ci`; also prints the round-trip time of failing
#   tool calls (median of RTT_RUNS, default 50).
# - Python: the `mcp` package pinned in tests/e2e/requirements.txt, in tests/e2e/.venv.
# Both run every call of tests/e2e/cases.json and compare the answers by value.
# (The third client, rmcp's own, is tests/test_rmcp_e2e.rs in `cargo test --all-features`.)
#
# Needs node >= 20 with npm, python3 >= 3.10 with venv, and network access to the npm
# registry and PyPI on the first run. E2E_FEATURES overrides the cargo features the example
# is built with (default: all of them, so the build reuses `cargo test --all-features`).
set -euo pipefail
cd "$(dirname "$0")/.."

e2e=tests/e2e
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

t=$(now)
if [[ -n "${E2E_FEATURES:-}" ]]; then
  features=(--features "$E2E_FEATURES")
else
  features=(--all-features)
fi
# The executable's path as cargo reports it, whatever the target directory.
bin=$(cargo build --example mcp_server "${features[@]}" --message-format json-render-diagnostics \
  | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "mcp_server" and m.get("executable"):
        print(m["executable"])
')
[[ -x "$bin" ]] || { echo "e2e: no mcp_server executable" >&2; exit 1; }
echo "e2e: server $bin (build $(took "$t"))"

t=$(now)
(cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
echo "e2e: npm ci ($(took "$t"))"
# The clients decode through the modules generated from the server's catalog
# (examples/mcp_server/clients/); the TypeScript one runs compiled, with the pinned tsc.
t=$(now)
"$e2e/node_modules/.bin/tsc" --strict --target es2022 --module es2022 --moduleResolution bundler \
  --outDir "$e2e/gen" examples/mcp_server/clients/errors.ts
echo "e2e: tsc --strict examples/mcp_server/clients/errors.ts ($(took "$t"))"
t=$(now)
timeout 600 node "$e2e/ts_client.mjs" "$bin"
echo "e2e: typescript client ($(took "$t"))"

t=$(now)
venv="$e2e/.venv"
if [[ ! -x "$venv/bin/python" ]]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$e2e/requirements.txt"
echo "e2e: python venv ($(took "$t"))"
t=$(now)
timeout 600 "$venv/bin/python" "$e2e/py_client.py" "$bin"
echo "e2e: python client ($(took "$t"))"
