#!/usr/bin/env bash
# Clean debug build time of a small consumer crate, with and without an rmcp feature.
#
#   benches/rmcp_build.sh [RUNS]        (default RUNS=1; prints the median per variant)
#
# Four throw-away crates under a temporary directory, each built from scratch in its own
# target directory (dependencies fetched beforehand, so the network is not timed):
#
#   plain        mcp-errors (path dependency), no features: one derived enum + an envelope
#   rmcp         the same code with mcp-errors features = ["rmcp-3"] (the line's feature)
#   server       an rmcp stdio server with one #[tool], without mcp-errors (the baseline an
#                rmcp user already pays)
#   server+errs  the same server whose tool returns Result<String, E> with mcp-errors[rmcp-3]
#
# "rmcp - plain" is what the feature costs a crate that does not use rmcp yet;
# "server+errs - server" is what mcp-errors adds to an rmcp server.
#
# Environment: RMCP_LINE=3 (default), 2, 1 or 0.16 builds the servers on that rmcp line with
# the matching feature (rmcp-3, rmcp-2, rmcp-1, rmcp-0); VARIANTS="server server+errs" builds
# only the listed variants; BENCH_DIR=dir writes the crates there and keeps them (RUNS=0 only
# writes them), for timing them with other tools.
set -euo pipefail
runs=${1:-1}
line=${RMCP_LINE:-3}
case $line in
  3) rmcp_req='">=3, <4"'; feature=rmcp-3; rmcp_features='"server", "macros", "transport-io"' ;;
  1 | 2) rmcp_req="\"$line\""; feature=rmcp-$line; rmcp_features='"server", "macros", "transport-io"' ;;
  0.1[0-6] | 0.[89]) rmcp_req="\"$line\""; feature=rmcp-0; rmcp_features='"server", "macros", "transport-io", "base64"' ;;
  *) echo "RMCP_LINE: 3, 2, 1 or 0.8 .. 0.16" >&2; exit 2 ;;
esac
repo=$(cd "$(dirname "$0")/.." && pwd)
if [[ -n "${BENCH_DIR:-}" ]]; then
  work=$BENCH_DIR
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/mcp-errors-rmcp-build.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

enum_src='
use mcp_errors::McpError;

#[derive(Debug, McpError)]
#[mcp(domain = "playwright", range = 2100..=2199, symbol_prefix = "E_PW_")]
pub enum PlaywrightError {
    /// Navigation failed
    #[mcp(code = 2100, retryable, kind = "network")]
    Nav {
        #[mcp(details)]
        reason: String,
    },
}
'

server_src='
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Args {
    url: String,
}

// A router field: the #[tool_handler] of 0.x reads it (later lines build the router themselves).
#[derive(Clone)]
#[allow(dead_code)]
struct Server {
    tool_router: rmcp::handler::server::router::tool::ToolRouter<Server>,
}

#[tool_router]
impl Server {
    #[tool(description = "Open a URL")]
    async fn navigate(&self, Parameters(Args { url }): Parameters<Args>) -> Result<String, ERR> {
        FAIL
    }
}

#[tool_handler]
impl ServerHandler for Server {}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let server = Server { tool_router: Server::tool_router() };
    let server = server.serve(rmcp::transport::stdio()).await.unwrap();
    server.waiting().await.unwrap();
}
'

rmcp_deps="rmcp = { version = $rmcp_req, default-features = false, features = [$rmcp_features] }
tokio = { version = \"1\", features = [\"macros\", \"rt\", \"io-std\"] }
schemars = \"1\"
serde = { version = \"1\", features = [\"derive\"] }"

make_crate() { # name, [dependencies] body, main.rs
  mkdir -p "$work/$1/src"
  printf '[package]\nname = "consumer-%s"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n[workspace]\n\n[dependencies]\n%s\n' \
    "${1//+/-}" "$2" >"$work/$1/Cargo.toml"
  printf '%s\n' "$3" >"$work/$1/src/main.rs"
}

errs_dep="mcp-errors = { path = \"$repo\" }"
errs_rmcp_dep="mcp-errors = { path = \"$repo\", features = [\"$feature\"] }"

make_crate plain "$errs_dep
serde_json = \"1\"" "$enum_src
fn main() {
    use mcp_errors::McpErrorExt;
    let err = PlaywrightError::Nav { reason: \"dns\".into() };
    println!(\"{}\", err.to_jsonrpc(1).to_json_string().unwrap());
}"

make_crate rmcp "$errs_rmcp_dep
serde_json = \"1\"" "$enum_src
fn main() {
    use mcp_errors::McpErrorExt;
    let err = PlaywrightError::Nav { reason: \"dns\".into() };
    println!(\"{}\", err.to_jsonrpc(1).to_json_string().unwrap());
}"

fail_plain='Err(rmcp::ErrorData::new(rmcp::model::ErrorCode(2100), format!("Navigation failed: {url}"), None))'
fail_errs='Err(PlaywrightError::Nav { reason: url })'
server_plain=${server_src//ERR/rmcp::ErrorData}
server_plain=${server_plain//FAIL/$fail_plain}
make_crate server "$rmcp_deps" "$server_plain"

server_errs=${server_src//ERR/PlaywrightError}
server_errs=${server_errs//FAIL/$fail_errs}
make_crate server+errs "$errs_rmcp_dep
$rmcp_deps" "$enum_src
$server_errs"

read -r -a variants <<<"${VARIANTS:-plain rmcp server server+errs}"
for v in "${variants[@]}"; do
  (cd "$work/$v" && cargo fetch --quiet)
done

median() { sort -n | awk '{ a[NR] = $1 } END { m = int((NR + 1) / 2); if (NR % 2) print a[m]; else printf "%.1f\n", (a[m] + a[m + 1]) / 2 }'; }

echo "clean debug build (cargo build), rmcp $line, feature $feature, $(nproc) cores, $runs run(s) each, $(cargo --version)"
echo "wall = elapsed seconds; cpu = user+sys seconds of cargo and rustc (less sensitive to other load)"
printf '%-12s %8s %8s %8s\n' variant wall cpu crates
TIMEFORMAT='%R %U %S'
for v in "${variants[@]}"; do
  walls=()
  cpus=()
  for ((i = 0; i < runs; i++)); do
    rm -rf "$work/target-$v"
    read -r real user sys < <({ time (cd "$work/$v" && CARGO_TARGET_DIR="$work/target-$v" CARGO_INCREMENTAL=0 cargo build --quiet --offline 2>"$work/$v.log") ; } 2>&1 >/dev/null | tail -1)
    bin="$work/target-$v/debug/consumer-${v//+/-}"
    [[ -x "$bin" ]] || { echo "build of $v failed:" >&2; tail -n 30 "$work/$v.log" >&2; exit 1; }
    walls+=("$real")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')")
  done
  crates=$(cd "$work/$v" && cargo tree --offline --prefix none -e normal,build | sort -u | wc -l)
  printf '%-12s %8s %8s %8s\n' "$v" "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$crates"
done
