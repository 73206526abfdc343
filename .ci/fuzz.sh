#!/usr/bin/env bash
# Fuzzing in CI: installs cargo-fuzz, builds every target of fuzz/ on stable Rust without a
# sanitizer (`-s none`: the project forbids `unsafe`, and the invariants are asserted by the
# targets themselves), runs each for a bounded time starting from the kept inputs in
# fuzz/regressions/<target>/, and fails on any crash (a panic, a violated invariant, a
# timeout or running out of memory). The kept inputs are also replayed by
# `cargo test --test fuzz_regressions`, so they need no cargo-fuzz to stay fixed.
#
#   FUZZ_SECONDS=45 bash .ci/fuzz.sh            # seconds per target (default 45)
#   bash .ci/fuzz.sh decode stats               # only these targets
#
# A crash leaves its input in fuzz/artifacts/<target>/; once fixed, copy it into
# fuzz/regressions/<target>/ (see fuzz/README.md). Last line: "fuzz: N passed, N failed",
# counting targets.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-45}
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(decode roundtrip hostile stats)
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "installing cargo-fuzz"
  cargo install cargo-fuzz --locked || { echo "fuzz: 0 passed, ${#targets[@]} failed"; exit 1; }
fi
cargo fuzz --version

if ! cargo fuzz build -s none; then
  echo "fuzz: 0 passed, ${#targets[@]} failed"
  exit 1
fi

passed=0
failed=0
summary=()
for target in "${targets[@]}"; do
  corpus="fuzz/corpus/$target"
  mkdir -p "$corpus" "fuzz/artifacts/$target"
  log=$(mktemp)
  echo "==> fuzz $target for ${seconds}s"
  # -timeout: one input taking over 10 s is a hang; -rss_limit_mb: 2 GiB is out of memory.
  cargo fuzz run -s none "$target" "$corpus" "fuzz/regressions/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    >"$log" 2>&1
  status=$?
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -n 1)
  cov=$(grep -Eo 'DONE[[:space:]]+cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1 | sed -E 's/^DONE[[:space:]]+//')
  if [[ $status -eq 0 ]]; then
    passed=$((passed + 1))
    summary+=("$target: ok, ${runs:-?} executions, ${cov:-cov: ?}")
  else
    failed=$((failed + 1))
    summary+=("$target: FAILED (exit $status), ${runs:-?} executions")
    # The panic message and the input that caused it.
    grep -E -A 20 'panicked at|ERROR: libFuzzer|SUMMARY' "$log" | head -n 60
    ls -l "fuzz/artifacts/$target" || true
  fi
  rm -f "$log"
done

printf '%s\n' "${summary[@]}"
echo "fuzz: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
