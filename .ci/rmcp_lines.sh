#!/usr/bin/env bash
# Every supported rmcp line, at its lowest and its highest release: a throw-away crate depends
# on that rmcp and on mcp-errors with the matching feature (rmcp-0 for 0.8 to 0.16, rmcp-1,
# rmcp-2, rmcp-3) and builds tests/rmcp_lines/conversions.rs: an rmcp server of that line,
# driven over an in-memory pipe with raw JSON-RPC (tool errors with _meta, JSON-RPC errors
# through `?`, the Parameters extractor, rmcp's own failures counted, sys/errorStats on 1.x
# and later) and both conversions by value. The highest release of every line and 0.8.0 run
# the tests; the lowest of 1.x, 2.x and 3.x is type-checked only (`cargo check --tests`),
# which is what a release floor needs and costs no codegen. A lowest release is built with
# its own rmcp-macros release (a fresh lock file would take the line's newest macros).
# rmcp 1.0 to 1.3 (and rmcp-macros before 1.4) lack the generic `Result<T, E>` tool route:
# the 1.0 crate builds with the feature `line-1-early`, which takes
# `integrations::rmcp_1::tool_call_result`.
#
# Each line's crate also type-checks docs/adopt.md's `ServerHandler` snippet for that line
# (tests/rmcp_lines/handler_N.rs, checked equal to the guide's text first).
#
# Then the adoption examples (examples/adopt/*, docs/adopt.md), each a server on its own rmcp
# (0.9, 1.3 with rmcp-macros 1.3, the newest 3.x): built and run; the 1.3 one again on rmcp
# and rmcp-macros 1.0.0 (it compares `tools/list` with the server's before adoption).
#
# Also checks that a version mismatch is a compile error that says so: with a fresh lock file,
# a crate on rmcp 0.8 gets a second 0.x (0.16) for mcp-errors' rmcp-0; the build must fail
# with "rmcp version mismatch", and pass once the lock file unifies the two (the `cargo
# update --precise` step docs/rmcp.md gives).
#
# Then the `http` feature's HttpErrorLayer around the Streamable HTTP service of 0.8, 0.16, 1.x
# and 2.x (tests/rmcp_lines/http_layer.rs).
#
# All crates share one target directory. Last line: "rmcp-lines: N passed, N failed" (test
# functions, type-checked crates, examples run, plus the mismatch check).
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work="$repo/target/rmcp-lines"
export CARGO_TARGET_DIR="$work/target"
export CARGO_TERM_COLOR=never
export CARGO_INCREMENTAL=0
mkdir -p "$work"

passed=0
failed=0

# line name, rmcp requirement, mcp-errors feature, test feature, mode (test: build and run
# the tests; check: type-check them), rmcp-macros version to pin (- for the resolver's)
lines=(
  "0.8 =0.8.0 rmcp-0 line-0 test 0.8.0"
  "0.16 0.16 rmcp-0 line-0 test -"
  "1.0 =1.0.0 rmcp-1 line-1-early check 1.0.0"
  "1 1 rmcp-1 line-1 test -"
  "2.0 =2.0.0 rmcp-2 line-2 check 2.0.0"
  "2 2 rmcp-2 line-2 test -"
  "3.0 =3.0.0 rmcp-3 line-3 check 3.0.0"
  "3 3 rmcp-3 line-3 test -"
)

make_crate() { # dir, rmcp requirement, mcp-errors feature, test feature, rmcp features
  mkdir -p "$1/src"
  : >"$1/src/lib.rs"
  rm -f "$1/Cargo.lock"
  cat >"$1/Cargo.toml" <<TOML
[package]
name = "rmcp-line"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[features]
default = ["$4"]
line-0 = []
line-1 = []
line-1-early = ["line-1"]
line-2 = []
line-3 = []

[[test]]
name = "conversions"
path = "$repo/tests/rmcp_lines/conversions.rs"

[dependencies]
mcp-errors = { path = "$repo", features = ["$3"] }
rmcp = { version = "$2", default-features = false, features = [$5] }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
schemars = "1"
tokio = { version = "1", features = ["rt", "macros", "io-util", "time"] }
TOML
}

run_tests() { # dir, label
  local log
  log=$(mktemp)
  if (cd "$1" && MCP_ERRORS_METRICS=1 cargo test --quiet 2>&1) | tee "$log" | grep -E '^(test |error|failures|---- )' ; then :; fi
  local p f
  p=$(awk '/^test result:/ { s += $4 } END { print s + 0 }' "$log")
  f=$(awk '/^test result:/ { s += $6 } END { print s + 0 }' "$log")
  if ! grep -q '^test result:' "$log"; then
    echo "rmcp $2: build failed" >&2
    tail -n 40 "$log" >&2
    f=$((f + 1))
  fi
  echo "rmcp $2 ($(cd "$1" && cargo tree --quiet --offline -i rmcp --depth 0 -e normal 2>/dev/null | head -n 1 || true)): $p passed, $f failed"
  passed=$((passed + p))
  failed=$((failed + f))
  rm -f "$log"
}

check_tests() { # dir, label
  local log
  log=$(mktemp)
  if (cd "$1" && cargo check --tests --quiet >"$log" 2>&1); then
    echo "rmcp $2 ($(cd "$1" && cargo tree --quiet --offline -i rmcp --depth 0 -e normal 2>/dev/null | head -n 1 || true)): type-checks: ok"
    passed=$((passed + 1))
  else
    echo "rmcp $2: cargo check --tests failed" >&2
    tail -n 40 "$log" >&2
    failed=$((failed + 1))
  fi
  rm -f "$log"
}

start=$SECONDS
# The library with each line alone, lint-clean (the workspace's own tests use rmcp 3, so
# `--features rmcp-1` on the whole workspace is a version mismatch by design; .ci/run lints
# rmcp-3 alone and all lines together).
for feature in rmcp-0 rmcp-1 rmcp-2; do
  if CARGO_TARGET_DIR="$repo/target" cargo clippy --quiet -p mcp-errors-core --all-targets \
    --features "$feature" --manifest-path "$repo/Cargo.toml" -- -D warnings; then
    echo "clippy mcp-errors-core --features $feature: ok"
    passed=$((passed + 1))
  else
    echo "clippy mcp-errors-core --features $feature: failed" >&2
    failed=$((failed + 1))
  fi
done
# docs/adopt.md's `ServerHandler` snippet for each line is tests/rmcp_lines/handler_N.rs between
# `docs:begin` and `docs:end`, word for word (conversions.rs type-checks the file with the line).
for n in 0 1 2 3; do
  file="$repo/tests/rmcp_lines/handler_$n.rs"
  snippet=$(sed -n '/^\/\/ docs:begin$/,/^\/\/ docs:end$/p' "$file" | sed '1d;$d')
  guide=$(cat "$repo/docs/adopt.md")
  if [[ -n $snippet && $guide == *"$snippet"* ]]; then
    echo "docs/adopt.md holds tests/rmcp_lines/handler_$n.rs: ok"
    passed=$((passed + 1))
  else
    echo "docs/adopt.md does not hold tests/rmcp_lines/handler_$n.rs between its docs:begin and docs:end, word for word" >&2
    failed=$((failed + 1))
  fi
done
for spec in "${lines[@]}"; do
  read -r name req feature testfeature mode macros <<<"$spec"
  t0=$SECONDS
  dir="$work/crates/$name"
  rmcp_features='"server", "macros"'
  # 0.x does not build without base64 (model/prompt.rs uses it unconditionally)
  [[ $feature == rmcp-0 ]] && rmcp_features+=', "base64"'
  make_crate "$dir" "$req" "$feature" "$testfeature" "$rmcp_features"
  if [[ $name == 0.8 ]]; then
    # The mismatch: rmcp 0.8 for the crate, 0.16 (the newest 0.x) for mcp-errors.
    (cd "$dir" && cargo generate-lockfile --quiet)
    versions=$(cd "$dir" && grep -A1 '^name = "rmcp"$' Cargo.lock | grep -c '^version')
    log=$(mktemp)
    (cd "$dir" && cargo check --tests --quiet >"$log" 2>&1)
    if [[ $versions -ge 2 ]] && grep -q 'rmcp version mismatch' "$log"; then
      echo "rmcp 0.8 with a second 0.x for mcp-errors: compile error names the version mismatch: ok"
      grep -m 1 -A 12 'rmcp version mismatch' "$log"
      passed=$((passed + 1))
    else
      echo "rmcp 0.8 with a second 0.x: expected a compile error saying 'rmcp version mismatch' ($versions rmcp versions in the lock file)" >&2
      tail -n 30 "$log" >&2
      failed=$((failed + 1))
    fi
    rm -f "$log"
    newest0=$(cd "$dir" && grep -A1 '^name = "rmcp"$' Cargo.lock | sed -n 's/^version = "\(0\.1[0-9]*\.[0-9]*\)"/\1/p' | head -n 1)
    own=$(cd "$dir" && grep -A1 '^name = "rmcp"$' Cargo.lock | sed -n 's/^version = "\(0\.8\.[0-9]*\)"/\1/p' | head -n 1)
    (cd "$dir" && cargo update --quiet -p "rmcp@$newest0" --precise "$own")
  fi
  if [[ $macros != - ]]; then
    # (0.8's lock file exists already: the mismatch check above made and unified it.)
    (cd "$dir" && { [[ -f Cargo.lock ]] || cargo generate-lockfile --quiet; } &&
      cargo update --quiet -p rmcp-macros --precise "$macros")
  fi
  if [[ $mode == check ]]; then
    check_tests "$dir" "$name"
  else
    run_tests "$dir" "$name"
  fi
  echo "rmcp $name: $((SECONDS - t0)) s"
done

# The adoption examples: each its own server crate, run (it checks its replies). A fresh lock
# file gives mcp-errors' rmcp-0 the newest 0.x beside an example's older one: unified to the
# example's own, as the `cargo update --precise` step of docs/rmcp.md says.
run_example() { # dir, label
  local log
  log=$(mktemp)
  if (cd "$1" && cargo run --quiet >"$log" 2>&1) && grep -q ': ok$' "$log"; then
    echo "examples/adopt/$2 ($(cd "$1" && cargo tree --quiet --offline -i rmcp --depth 0 -e normal 2>/dev/null | head -n 1 || true)): $(tail -n 1 "$log") ($((SECONDS - t0)) s)"
    passed=$((passed + 1))
  else
    echo "examples/adopt/$2: failed" >&2
    tail -n 40 "$log" >&2
    failed=$((failed + 1))
  fi
  rm -f "$log"
}
for dir in "$repo"/examples/adopt/*/; do
  example=$(basename "$dir")
  t0=$SECONDS
  (cd "$dir" && rm -f Cargo.lock && cargo generate-lockfile --quiet)
  mapfile -t versions < <(cd "$dir" && grep -A1 '^name = "rmcp"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p' | sort -V)
  if [[ ${#versions[@]} -ge 2 ]]; then
    (cd "$dir" && cargo update --quiet -p "rmcp@${versions[-1]}" --precise "${versions[0]}")
  fi
  run_example "$dir" "$example"
  if [[ $example == rmcp-1.3 ]]; then
    # The same server on rmcp and rmcp-macros 1.0.0, the floor of the `tool_call_result`
    # route: its `tools/list` must still equal the one before adoption (output schemas).
    t0=$SECONDS
    (cd "$dir" && cargo update --quiet -p rmcp --precise 1.0.0 &&
      cargo update --quiet -p rmcp-macros --precise 1.0.0)
    run_example "$dir" "$example on 1.0.0"
  fi
done
# The `http` feature's HttpErrorLayer around each older line's Streamable HTTP service (3.x is
# the example's, .ci/hostile_http.sh): one crate with the four lines side by side.
dir="$work/crates/http"
mkdir -p "$dir/src"
: >"$dir/src/lib.rs"
cat >"$dir/Cargo.toml" <<TOML
[package]
name = "rmcp-lines-http"
version = "0.0.0"
edition = "2024"
publish = false

[workspace]

[[test]]
name = "http_layer"
path = "$repo/tests/rmcp_lines/http_layer.rs"

[dependencies]
mcp-errors = { path = "$repo", features = ["http"] }
rmcp_0_8 = { package = "rmcp", version = "~0.8", default-features = false, features = ["server", "macros", "base64", "transport-streamable-http-server"] }
rmcp_0_16 = { package = "rmcp", version = "~0.16", default-features = false, features = ["server", "macros", "base64", "transport-streamable-http-server"] }
rmcp_1 = { package = "rmcp", version = "1", default-features = false, features = ["server", "transport-streamable-http-server"] }
rmcp_2 = { package = "rmcp", version = "2", default-features = false, features = ["server", "transport-streamable-http-server"] }
http = "1"
http-body-util = "0.1"
bytes = "1"
serde_json = "1"
tower-layer = "0.3"
tower-service = "0.3"
tokio = { version = "1", features = ["rt", "macros"] }
TOML
run_tests "$dir" "http layer on 0.8, 0.16, 1.x, 2.x"
echo "rmcp lines took $((SECONDS - start)) s"
echo "rmcp-lines: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
