#!/usr/bin/env bash
# The polyglot generator (mcp-errors-cli): `mcp-errors gen` on the example server's catalog,
# the five reference taxonomies (examples/taxonomies, through examples/seed_catalogs.rs), a
# hostile catalog, one of message templates and one of JavaScript's global names
# (mcp-errors-cli/tests/fixtures/) and an empty one, each type-checked with `tsc --strict`
# and `mypy --strict`; the committed modules of examples/mcp_server/clients/ type-checked as
# they are; examples/ts_server/dist/ rebuilt and compared with the committed copy; the
# generated runtime's behaviour on the hostile catalog (tests/polyglot/check.*) and, in
# TypeScript, on the other two (check.mjs); the runtime files every generated module is made
# from (mcp-errors-cli/src/lang/runtime/errors_runtime.{ts,py}) type-checked as they are, and
# their own unit tests run (`node --test`, pytest), with the ToolFailure vectors; and discovery:
# TypeScript and Python clients with no module for the example server decode its errors by the
# catalog it serves.
#
# Installs what it needs itself: typescript pinned in tests/e2e/package.json (npm ci), mypy
# and pytest pinned in tests/polyglot/requirements.txt (into tests/e2e/.venv). Needs node >= 20 and
# python3 >= 3.10, and network access on the first run. Ends with "polyglot: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

e2e=tests/e2e
source .ci/checks.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The generator, and the reference taxonomies' catalogs.
bin=$(cargo build -p mcp-errors-cli --bin mcp-errors --message-format json-render-diagnostics \
  | built_executable mcp-errors)
[[ -x "$bin" ]] || { echo "polyglot: no mcp-errors executable" >&2; exit 1; }
cargo run -q --all-features --example seed_catalogs -- "$tmp/catalogs" >/dev/null
cp examples/mcp_server/clients/catalog.json "$tmp/catalogs/example.json"
cp mcp-errors-cli/tests/fixtures/hostile.json "$tmp/catalogs/hostile.json"
cp mcp-errors-cli/tests/fixtures/templates.json "$tmp/catalogs/templates.json"
cp mcp-errors-cli/tests/fixtures/globals.json "$tmp/catalogs/globals.json"
# A server without errors yet: ErrorSymbol is `never`, and the module still type-checks.
printf '{"format":"mcp-errors-catalog","version":1,"enums":[]}\n' >"$tmp/catalogs/empty.json"

# The tools, pinned.
if [[ ! -x "$e2e/node_modules/.bin/tsc" ]]; then
  (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
tsc="$PWD/$e2e/node_modules/.bin/tsc"
venv="$PWD/$e2e/.venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r tests/polyglot/requirements.txt
mypy=("$venv/bin/python" -m mypy --strict --no-error-summary --cache-dir "$tmp/mypy-cache")
# --strict and the stricter flags a consumer's tsconfig may add: the module compiles under them all.
tsc_strict=("$tsc" --strict --target es2022 --module es2022 --moduleResolution bundler
  --noPropertyAccessFromIndexSignature --noUncheckedIndexedAccess --exactOptionalPropertyTypes)
echo "polyglot: $("$tsc" --version), $("$venv/bin/python" -m mypy --version)"

# The runtime files as they are: the fixed text of every generated module, their catalog parts
# those of sample_catalog.json. Type-checked, then their own unit tests (each must find tests:
# `node --test` passes on a file without any, and pytest exits 5).
runtime=mcp-errors-cli/src/lang/runtime
run "runtime: tsc --strict errors_runtime.ts" "${tsc_strict[@]}" --outDir "$tmp/runtime-js" "$runtime/errors_runtime.ts"
cp "$runtime/errors_runtime.test.mjs" tests/polyglot/recover_cases.json "$tmp/runtime-js/"
run "runtime: node --test errors_runtime.test.mjs" bash -c 'out=$(node --test "$1" 2>&1); s=$?; echo "$out"; [[ $s -eq 0 && $out == *"# pass "[1-9]* && $out == *"# fail 0"* ]]' _ "$tmp/runtime-js/errors_runtime.test.mjs"
run "runtime: mypy --strict errors_runtime.py test_errors_runtime.py" "${mypy[@]}" "$runtime/errors_runtime.py" "$runtime/test_errors_runtime.py"
run "runtime: pytest test_errors_runtime.py" env PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir "$runtime" "$runtime/test_errors_runtime.py"
# The draft ToolFailure member read back on the vectors the Rust client reads too
# (tests/polyglot/tool_failure_cases.json; tests/test_tool_failure.rs).
cp "$runtime/tool_failure.test.mjs" tests/polyglot/tool_failure_cases.json "$tmp/runtime-js/"
run "runtime: node --test tool_failure.test.mjs" bash -c 'out=$(node --test "$1" 2>&1); s=$?; echo "$out"; [[ $s -eq 0 && $out == *"# pass "[1-9]* && $out == *"# fail 0"* ]]' _ "$tmp/runtime-js/tool_failure.test.mjs"
run "runtime: mypy --strict test_tool_failure.py" "${mypy[@]}" "$runtime/errors_runtime.py" "$runtime/test_tool_failure.py"
run "runtime: pytest test_tool_failure.py" env PYTHONDONTWRITEBYTECODE=1 "$venv/bin/python" -m pytest -q -p no:cacheprovider --rootdir "$runtime" "$runtime/test_tool_failure.py"

# Every catalog: generate (with a package manifest), then type-check.
for catalog in "$tmp"/catalogs/*.json; do
  name=$(basename "$catalog" .json)
  out="$tmp/gen/$name"
  run "$name: mcp-errors gen --lang ts" "$bin" gen --lang ts --catalog "$catalog" --out "$out" --package "fleet-$name"
  run "$name: mcp-errors gen --lang python" "$bin" gen --lang python --catalog "$catalog" --out "$out" --package "fleet-$name"
  run "$name: tsc --strict errors.ts" "${tsc_strict[@]}" --noEmit "$out/errors.ts"
  run "$name: mypy --strict errors.py" "${mypy[@]}" "$out/errors.py"
done

# The committed modules, as they are.
run "examples/mcp_server/clients/errors.ts: tsc --strict" "${tsc_strict[@]}" --noEmit examples/mcp_server/clients/errors.ts
run "examples/mcp_server/clients/errors.py: mypy --strict" "${mypy[@]}" examples/mcp_server/clients/errors.py

# An unknown symbol does not type-check, in either language.
mkdir -p "$tmp/neg"
cp examples/mcp_server/clients/errors.ts examples/mcp_server/clients/errors.py "$tmp/neg/"
printf 'import { createError, CODES } from "./errors.js";\nexport const e = createError("E_NO_SUCH_SYMBOL");\nexport const c: number = CODES.E_NO_SUCH_SYMBOL;\n' > "$tmp/neg/neg.ts"
printf 'from errors import create_error\n\ne = create_error("E_NO_SUCH_SYMBOL")\n' > "$tmp/neg/neg.py"
run "an unknown symbol fails tsc --strict" bash -c 'out=$("$@" --noEmit "'"$tmp"'/neg/neg.ts"); [[ $? -ne 0 && $out == *TS2345*E_NO_SUCH_SYMBOL* ]]' _ "${tsc_strict[@]}"
# (each negative check has its positive control: the same file with a known symbol passes)
run "an unknown symbol fails mypy --strict" bash -c 'cd "'"$tmp"'/neg" && out=$("$@" neg.py); [[ $? -ne 0 && $out == *E_NO_SUCH_SYMBOL*arg-type* ]]' _ "${mypy[@]}"
run "an unknown symbol fails tsc --strict (control: E_PW_NAV passes)" bash -c 'sed -i s/E_NO_SUCH_SYMBOL/E_PW_NAV/g "'"$tmp"'/neg/neg.ts" && "$@" --noEmit "'"$tmp"'/neg/neg.ts"' _ "${tsc_strict[@]}"
run "an unknown symbol fails mypy --strict (control: E_PW_NAV passes)" bash -c 'cd "'"$tmp"'/neg" && sed -i s/E_NO_SUCH_SYMBOL/E_PW_NAV/ neg.py && "$@" neg.py' _ "${mypy[@]}"
# A decoded error's optional members go back into createError as they are.
printf 'import { createError, decodeError } from "./errors.js";\nconst d = decodeError({ code: 2100, message: "m" });\nexport const e = createError("E_PW_NAV", d?.message, d?.data, { details: d?.details, domain: d?.domain, retryAfterMs: d?.retryAfterMs });\n' >"$tmp/neg/options.ts"
run "createError options take undefined members (--exactOptionalPropertyTypes)" "${tsc_strict[@]}" --noEmit "$tmp/neg/options.ts"

# The TypeScript server: its committed dist/ is what the pinned tsc makes of it.
run "examples/ts_server: tsc -p (strict)" "$tsc" -p examples/ts_server/tsconfig.json --outDir "$tmp/ts_server_dist"
run "examples/ts_server/dist is up to date" diff -r "$tmp/ts_server_dist" examples/ts_server/dist

# Behaviour of the generated runtime, on the hostile catalog, the message templates' and the
# one named after JavaScript's globals.
for name in hostile templates globals; do
  run "$name: compile errors.ts" "${tsc_strict[@]}" --outDir "$tmp/gen/$name/js" "$tmp/gen/$name/errors.ts"
  run "$name: typescript behaviour (tests/polyglot/check.mjs)" node tests/polyglot/check.mjs "$tmp/gen/$name/js/errors.js"
done
run "hostile: python behaviour (tests/polyglot/check.py)" "$venv/bin/python" tests/polyglot/check.py "$tmp/gen/hostile"
run "templates: python renders template_cases.json as typescript does (tests/polyglot/check_templates.py)" "$venv/bin/python" tests/polyglot/check_templates.py "$tmp/gen/templates"

# diff on the real catalogs: each against itself is clean.
for catalog in "$tmp"/catalogs/*.json; do
  run "$(basename "$catalog" .json): mcp-errors diff against itself" "$bin" diff "$catalog" "$catalog"
done

# Discovery (docs/discovery.md): the live example server's catalog resource, read through the
# official SDKs (pinned in tests/e2e) by a client whose module is generated from the empty
# catalog, decodes the server's errors by symbol (tests/polyglot/discovery.{mjs,py}).
server=$(cargo build --example mcp_server --features rmcp-3 --message-format json-render-diagnostics \
  | built_executable mcp_server)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$e2e/requirements.txt"
mkdir -p "$tmp/discovery"
cp tests/polyglot/discovery.mjs "$tmp/discovery/"
ln -s "$PWD/$e2e/node_modules" "$tmp/discovery/node_modules"
run "empty: compile errors.ts" "${tsc_strict[@]}" --outDir "$tmp/discovery/js" "$tmp/gen/empty/errors.ts"
run "discovery: typescript client decodes by the served catalog (tests/polyglot/discovery.mjs)" \
  bash -c 'cd "$1" && timeout 120 node discovery.mjs "$2" js/errors.js' _ "$tmp/discovery" "$server"
run "discovery: python client decodes by the served catalog (tests/polyglot/discovery.py)" \
  timeout 120 "$venv/bin/python" tests/polyglot/discovery.py "$server" "$tmp/gen/empty"

echo "polyglot: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
