#!/usr/bin/env bash
# The generated reference (`mcp-errors docs`, docs/reference.md): the site of the example
# server's catalog opened in headless Chromium, where every doc URL the catalog produces must
# resolve to an element of a page; the sites of the worked fleet (HTML and Markdown) written;
# a hostile catalog (markup and script in every text) whose pages, read back from the browser
# and from a Markdown renderer, hold no script, handler or javascript: link and show the text
# `<script>` as text; a phone-sized screenshot taken.
#
# Installs what it needs itself: Debian's chromium (no browser download), markdown-it-py pinned
# in tests/reference/requirements.txt (into tests/e2e/.venv). Ends with "reference: N passed,
# N failed".
set -euo pipefail
cd "$(dirname "$0")/.."

source .ci/checks.sh
# Each passing check also shows the last line of its output.
run() { # run NAME COMMAND...: one check
  local name=$1
  shift
  local out
  if out=$("$@" 2>&1); then pass "$name"; echo "$out" | tail -n 1 | sed 's/^/      /'; else fail "$name"; echo "$out" | head -n 40; fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [[ ! -x /usr/bin/chromium ]]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
fi
venv="$PWD/tests/e2e/.venv"
[[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r tests/reference/requirements.txt
check=("$venv/bin/python" tests/reference/check_site.py)

bin=$(cargo build -p mcp-errors-cli --bin mcp-errors --message-format json-render-diagnostics \
  | built_executable mcp-errors)
[[ -x "$bin" ]] || { echo "reference: no mcp-errors executable" >&2; exit 1; }

catalog=examples/mcp_server/clients/catalog.json
run "docs: the example catalog's site" "$bin" docs --catalog "$catalog" --out "$tmp/site" --title example
run "every doc URL of the example catalog resolves to an element (chromium)" "${check[@]}" urls "$tmp/site" "$catalog"
run "docs: the worked fleet's site (HTML)" "$bin" docs --fleet examples/fleet/fleet.toml --out "$tmp/fleet"
run "docs: the worked fleet's site (Markdown)" "$bin" docs --fleet examples/fleet/fleet.toml --format markdown --out "$tmp/fleet-md"
run "the fleet's index lists its retired codes' domain pages" grep -q 'Retired codes' "$tmp/fleet/puppeteer.html"
run "docs: the hostile catalog (HTML)" "$bin" docs --catalog tests/reference/hostile.json --out "$tmp/hostile" --title '<script>document.title="pwned"</script>'
run "hostile HTML: no catalog text became markup (chromium)" "${check[@]}" inert "$tmp/hostile"
run "docs: the hostile catalog (Markdown)" "$bin" docs --catalog tests/reference/hostile.json --format markdown --out "$tmp/hostile-md"
run "hostile Markdown: no catalog text became markup (markdown-it)" "${check[@]}" inert-md "$tmp/hostile-md"
run "a phone-sized screenshot of a domain page" "${check[@]}" shot "$tmp/fleet/playwright.html" "$tmp/shot.png"
status=0
"$bin" docs --catalog tests/reference/no-such.json --out "$tmp/x" 2>"$tmp/err" || status=$?
if [[ $status -eq 2 && $(wc -l <"$tmp/err") -eq 1 ]]; then pass "docs: a missing catalog is one line, exit 2"; else fail "docs: a missing catalog (exit $status)"; cat "$tmp/err"; fi

echo "reference: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
