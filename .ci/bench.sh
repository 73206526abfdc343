#!/usr/bin/env bash
# Benchmarks in smoke mode: every figure of the Benchmarks table (docs/operating.md) computed once, with
# tiny sizes and a debug build of the envelope bench (the test profile `cargo test
# --all-features` built), so the benchmarks cannot rot. Nothing is judged against a goal (no
# timed assertions); the last line is "bench: N passed, N failed", N the figures printed.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 benches/report.py --smoke
