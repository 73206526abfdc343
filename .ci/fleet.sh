#!/usr/bin/env bash
# The fleet (docs/fleet.md): `mcp-errors check` on the worked fleet of examples/fleet/ (clean),
# on its broken copy (examples/fleet/broken/: exactly the lines of expected.txt, exit 1) and on
# the one deliberate overlap (tests/fleet/overlap/); the modules generated from the
# hand-written catalogs (the Python server's, the TypeScript server's) equal to the committed
# ones, and type-checked: `mypy --strict` and `tsc --strict`; the Python module renders the
# server's error in French (examples/fleet/python/errors.fr.toml) and falls back, and each bad
# translation file of tests/fleet/locale/ is the one line of its expected.txt, exit 2.
#
# Installs what it needs itself, as .ci/polyglot.sh does: typescript pinned in
# tests/e2e/package.json (npm ci), mypy pinned in tests/polyglot/requirements.txt (into
# tests/e2e/.venv). Ends with "fleet: N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

e2e=tests/e2e
source .ci/checks.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

bin=$(cargo build -p mcp-errors-cli --bin mcp-errors --message-format json-render-diagnostics \
  | built_executable mcp-errors)
[[ -x "$bin" ]] || { echo "fleet: no mcp-errors executable" >&2; exit 1; }

# check_exit NAME EXPECTED_EXIT EXPECTED_STDOUT_FILE FLEET: the exit code and stdout, exactly.
check_exit() {
  local name=$1 want=$2 expected=$3 fleet=$4 status=0
  "$bin" check "$fleet" >"$tmp/out" 2>"$tmp/err" || status=$?
  if [[ $status -eq $want ]] && diff -u "$expected" "$tmp/out" >"$tmp/diff" && [[ ! -s $tmp/err ]]; then
    pass "$name"
  else
    fail "$name (exit $status, expected $want)"
    cat "$tmp/diff" "$tmp/err" | head -n 40
  fi
}

echo "ok: examples/fleet/fleet.toml: 3 catalogs, 36 errors, no problems" >"$tmp/clean"
check_exit "examples/fleet: mcp-errors check is clean" 0 "$tmp/clean" examples/fleet/fleet.toml
check_exit "examples/fleet/broken: exactly the expected findings" 1 examples/fleet/broken/expected.txt examples/fleet/broken/fleet.toml
echo 'tests/fleet/overlap/fleet.toml:13:9: error: range 2100..=2199 of `playwright` overlaps range 2000..=2149 of `python` from code 2100 (see tests/fleet/overlap/fleet.toml:9:9)' >"$tmp/overlap"
check_exit "tests/fleet/overlap: the deliberate overlap" 1 "$tmp/overlap" tests/fleet/overlap/fleet.toml
run "examples/fleet: --format json is one object, exit 0" bash -c '"$1" check examples/fleet/fleet.toml --format json | python3 -c "import json,sys; d=json.load(sys.stdin); assert d[\"exit\"] == 0 and d[\"problems\"] == [], d"' _ "$bin"

# The modules of the hand-written catalogs: fresh, then type-checked.
run "python: gen from errors.toml (with its French messages)" "$bin" gen --lang python --catalog examples/fleet/python/errors.toml --locale examples/fleet/python/errors.fr.toml --out "$tmp/py"
run "python: committed errors.py is fresh" diff -u "$tmp/py/errors.py" examples/fleet/python/errors.py
run "typescript: gen from errors.toml" "$bin" gen --lang ts --catalog examples/ts_server/errors.toml --out "$tmp/ts"
run "typescript: committed clients/errors.ts is fresh" diff -u "$tmp/ts/errors.ts" examples/ts_server/clients/errors.ts

if [[ ! -x "$e2e/node_modules/.bin/tsc" ]]; then
  (cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
venv="$PWD/$e2e/.venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r tests/polyglot/requirements.txt
run "python: mypy --strict errors.py server.py" "$venv/bin/python" -m mypy --strict --no-error-summary --cache-dir "$tmp/mypy-cache" examples/fleet/python/errors.py examples/fleet/python/server.py
run "python: the server's tool error is its catalog's (E_PY_SECURITY, 2001, domain python)" bash -c '
  out=$(printf "%s\n" "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"run\",\"arguments\":{\"code\":\"import os\"}}}" | python3 examples/fleet/python/server.py)
  python3 -c "import json,sys; m=json.loads(sys.argv[1])[\"result\"][\"_meta\"]; assert (m[\"code\"], m[\"errorCode\"], m[\"domain\"]) == (2001, \"E_PY_SECURITY\", \"python\"), m" "$out"'
run "typescript: the server's navigate tool raises E_PT_NAV (2200, domain puppeteer)" bash -c '
  out=$(printf "%s\n" "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"navigate\",\"arguments\":{\"url\":\"http://x.invalid\"}}}" | timeout 10 node examples/ts_server/dist/ts_server/server.js)
  python3 -c "import json,sys; m=json.loads(sys.argv[1])[\"result\"][\"_meta\"]; assert (m[\"code\"], m[\"errorCode\"], m[\"domain\"]) == (2200, \"E_PT_NAV\", \"puppeteer\"), m" "$out"'
# Messages in the client's language (docs/reference.md): the generated module renders the
# server's English tool error in French, and falls back to the wire text for another locale;
# a bad translation file is one line (tests/fleet/locale/expected.txt) and exit 2.
run "python: localized_message renders E_PY_SECURITY in French, the wire text for de" bash -c '
  out=$(printf "%s\n" "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"run\",\"arguments\":{\"code\":\"import os\"}}}" | python3 examples/fleet/python/server.py)
  PYTHONPATH=examples/fleet/python PYTHONDONTWRITEBYTECODE=1 python3 -c "
import json, sys
from errors import decode_error, localized_message
d = decode_error(json.loads(sys.argv[1])[\"result\"])
assert d is not None and d.symbol == \"E_PY_SECURITY\", d
assert localized_message(d, \"fr-FR\") == \"Bloqué par le bac à sable : os\", localized_message(d, \"fr-FR\")
assert localized_message(d, \"de\") == d.message == \"Blocked by the sandbox: os\", d.message
" "$out"'
for f in tests/fleet/locale/*.toml; do
  status=0
  "$bin" gen --lang python --catalog examples/fleet/python/errors.toml --locale "$f" --out "$tmp/bad-locale" 2>>"$tmp/locale.err" >/dev/null || status=$?
  [[ $status -eq 2 ]] || echo "$f: exit $status, not 2" >>"$tmp/locale.err"
done
run "tests/fleet/locale: each bad translation file is one line, exit 2, nothing written" bash -c 'diff -u "$1" "$2" && [[ ! -e "$3" ]]' _ tests/fleet/locale/expected.txt "$tmp/locale.err" "$tmp/bad-locale"

run "typescript: tsc --strict clients/errors.ts" "$e2e/node_modules/.bin/tsc" --strict --target es2022 --module es2022 --moduleResolution bundler --noEmit examples/ts_server/clients/errors.ts

echo "fleet: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
