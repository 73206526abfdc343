#!/usr/bin/env bash
# Benchmarks in smoke mode: every figure of the Benchmarks table (docs/operating.md) computed once, with
# tiny sizes and a debug build of the envelope bench (the test profile `cargo test
# --all-features` built), then `mcp-errors check` on a small generated fleet
# (benches/fleet_check.py --smoke), so the benchmarks cannot rot. Nothing is judged against a
# goal (no timed assertions); the last line is "bench: N passed, N failed", N the figures
# printed by both.
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
trap 'rm -f "$out"' EXIT
passed=0
failed=0
# count SCRIPT ARGS...: runs one benchmark, adds the counts of its last "N passed, N failed"
# line (a benchmark that stops without that line counts as one failure).
count() {
  local line
  if python3 "$@" | tee "$out"; then :; fi
  line=$(grep -E '^[A-Za-z_]+: [0-9]+ passed, [0-9]+ failed' "$out" | tail -n 1 || true)
  if [[ $line =~ ([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[1]))
    failed=$((failed + BASH_REMATCH[2]))
  else
    failed=$((failed + 1))
  fi
}
count benches/report.py --smoke
count benches/fleet_check.py --smoke
echo "bench: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
