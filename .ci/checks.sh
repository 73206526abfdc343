# Sourced (not run: .ci/run runs only the suites it names) by the suites that count their own
# checks (fleet, golang, polyglot, reference): the counters, `pass`, `fail`, `run`, and
# `built_executable`.
passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok    $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }
run() { # run NAME COMMAND...: one check
  local name=$1
  shift
  local out
  if out=$("$@" 2>&1); then pass "$name"; else fail "$name"; echo "$out" | head -n 40; fi
}
# cargo build ... --message-format json-render-diagnostics | built_executable NAME: the path
# of the executable cargo built for target NAME.
built_executable() {
  python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == sys.argv[1] and m.get("executable"):
        print(m["executable"])
' "$1"
}
