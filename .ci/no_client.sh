#!/usr/bin/env bash
# mcp-errors as a server depends on it, default features: tests/no-client, a crate of its own
# outside the workspace (whose dev-dependencies turn `client` on everywhere). A server's enum
# builds and emits without `client`, and `#[mcp(decode)]` is a compile error naming the feature
# (trybuild, with its reviewed .stderr). Last line: "no-client: N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
# The workspace's target directory: the shared dependencies are built already.
export CARGO_TARGET_DIR="$PWD/target"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test --manifest-path tests/no-client/Cargo.toml 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(awk '/^test result:/ { s += $4 } END { print s + 0 }' "$log")
failed=$(awk '/^test result:/ { s += $6 } END { print s + 0 }' "$log")
if [[ $status -ne 0 && $failed -eq 0 ]]; then
  failed=1
fi
echo "no-client: $passed passed, $failed failed"
exit $((status != 0))
