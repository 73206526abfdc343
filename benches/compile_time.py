#!/usr/bin/env python3
"""Compile-time benchmark of #[derive(McpError)] (issue 2's measurements).

Generates throw-away crates under target/compile-bench/ and times `cargo build -j2` (debug) of
the generated crate only: dependencies are built once first, then the crate's `src/lib.rs` is
touched and rebuilt several times; the median wall time and the median CPU time (user + system
seconds of cargo and rustc, steadier when the machine is shared) are reported.

  (a) one enum of N variants (default 1000) derived with `McpError` versus the same enum
      derived with `thiserror::Error`, as a ratio measured in the same run (target: <= 1.2x);
  (b) K enums x 100 variants with and without one `assert_disjoint!` over all K: the
      difference is what the check costs (target: < 0.2 s);
  (c) a realistic server crate: K enums x N variants (default 20 x 25), McpError versus
      thiserror in the same run (target: <= 1.2x); at 25 variants the fixed cost of each
      derive dominates;
  (e) as (c), plus one `to_string()` per enum, so that the Display impls are code-generated
      in the crate (the derive's methods are `#[inline]`: a crate pays code generation only
      for the ones it calls);
  (d) clean build of the three mcp-errors crates (derive, core, facade) versus thiserror +
      thiserror-impl, their shared dependencies (syn, quote, proc-macro2, serde) built
      already;
  (f) from nothing: a crate of mcp-errors versus one of thiserror + serde (derive) +
      serde_json, the error stack of a server without mcp-errors, each built with all its
      dependencies in a target directory of its own, emptied before every build: what a
      fresh CI cache pays, including the syn features each asks for;
  (a) and (b) at 1x, 2x and 4x the size (--scales).

`--compare PATH` adds a second checkout of mcp-errors (e.g. `git worktree add` of an older
commit) to (a), (c), (d), (e) and (f), measured interleaved with this one: before and after in
one run.

`--instructions` adds to (a), (c) and (d) the instructions the compiler executes, counted by
valgrind's callgrind in one more build of each crate: the rustc processes that compile a crate
(none of cargo's own work, no linker), summed over the crates (d) compiles. Unlike time, the
count does not move with the rest of the machine, so its ratio is the steady one of each row.
It needs valgrind; it is slow (a minute or two per figure).

Usage: python3 benches/compile_time.py [--runs 5] [--scales 1,2,4] [--parts a,b,c,e,d,f]
                                       [--many 20x25] [--compare PATH] [--instructions]
"""

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "compile-bench"
TARGET = WORK / "target"

MANIFEST = """[package]
name = "{name}"
version = "0.0.0"
edition = "2024"
publish = false

[lib]
path = "src/lib.rs"

[dependencies]
mcp-errors = {{ path = "{root}" }}
thiserror = "2"

[workspace]
"""


def variant_fields(i):
    # Alternate shapes so that the enum looks like a real taxonomy: unit-like, named, tuple.
    if i % 3 == 0:
        return "Variant{i} {{ reason: String, path: String }}", "variant {i} failed: {{reason}} at {{path}}"
    if i % 3 == 1:
        return "Variant{i}(String)", "variant {i} failed: {{0}}"
    return "Variant{i} {{ limit: u32 }}", "variant {i} exceeded {{limit}}"


def mcp_enum(name, n, base, domain, with_range=True):
    lines = ["#[derive(Debug, mcp_errors::McpError)]"]
    rng = f", range = {base}..={base + n - 1}" if with_range else ""
    lines.append(f'#[mcp(domain = "{domain}"{rng}, symbol_prefix = "E_{name.upper()}_")]')
    lines.append(f"pub enum {name} {{")
    for i in range(n):
        shape, msg = variant_fields(i)
        lines.append(f'    #[mcp(code = {base + i}, message = "{msg.format(i=i)}")]')
        lines.append(f"    {shape.format(i=i)},")
    lines.append("}")
    return "\n".join(lines)


def thiserror_enum(name, n):
    lines = ["#[derive(Debug, thiserror::Error)]", f"pub enum {name} {{"]
    for i in range(n):
        shape, msg = variant_fields(i)
        lines.append(f'    #[error("{msg.format(i=i)}")]')
        lines.append(f"    {shape.format(i=i)},")
    lines.append("}")
    return "\n".join(lines)


def write_scratch(name, dependencies):
    """A crate of `dependencies` alone, for (f)."""
    crate = WORK / name
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(
        f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
        f"[dependencies]\n{dependencies}\n\n[workspace]\n"
    )
    (crate / "src" / "lib.rs").write_text("")
    return crate


def fetch(crate):
    """(f)'s warm-up: resolves and downloads `crate`'s dependencies, builds nothing."""
    cargo(crate, ["fetch", "--quiet"])


def scratch_build(crate):
    """(f): `crate` built with every dependency, in its own target directory emptied first."""
    target = WORK / f"target-{crate.name}"
    shutil.rmtree(target, ignore_errors=True)
    return build(crate, touch=False, env=dict(CARGO_ENV, CARGO_TARGET_DIR=str(target)))


def write_crate(name, body, root=ROOT):
    crate = WORK / name
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(MANIFEST.format(name=name, root=Path(root).as_posix()))
    (crate / "src" / "lib.rs").write_text("#![allow(dead_code)]\n" + body + "\n")
    return crate

# Every cargo run of the benchmark: the shared target directory, no incremental state.
CARGO_ENV = dict(os.environ, CARGO_TARGET_DIR=str(TARGET), CARGO_INCREMENTAL="0")


def cargo(crate, args, env=CARGO_ENV):
    """Runs cargo in `crate`; on failure shows its error output and stops."""
    proc = subprocess.run(["cargo", *args], cwd=crate, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit(f"cargo {' '.join(args)} in {crate.name} failed")


def build(crate, touch=True, env=CARGO_ENV):
    if touch:
        (crate / "src" / "lib.rs").touch()
    before = cpu_seconds()
    start = time.perf_counter()
    cargo(crate, ["build", "-j2", "--quiet"], env)
    elapsed = time.perf_counter() - start
    return Timing(elapsed, cpu_seconds() - before)


class Timing:
    """Wall seconds, and user + system CPU seconds of cargo and rustc (the CPU figure moves
    less when something else runs on the machine)."""

    def __init__(self, wall, cpu):
        self.wall, self.cpu = wall, cpu


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def median(timings):
    return Timing(
        statistics.median(t.wall for t in timings), statistics.median(t.cpu for t in timings)
    )


def interleaved(crates, runs, step=build, warm=build):
    """Median build time of each crate, runs interleaved so drift hits all alike. Also prints
    the spread (max/min of the wall times) of each, a measure of the noise."""
    for c in crates:
        warm(c)
    times = {c: [] for c in crates}
    for _ in range(runs):
        for c in crates:
            times[c].append(step(c))
    spread = ", ".join(
        f"{c.name} {max(t.wall for t in times[c]) / min(t.wall for t in times[c]):.2f}"
        for c in crates
    )
    print(f"    (spread max/min wall: {spread})", flush=True)
    return [median(times[c]) for c in crates]


def clean(crate, packages):
    """Removes `packages` from the crate's build."""
    args = ["clean", "--quiet"]
    for package in packages:
        args += ["-p", package]
    cargo(crate, args)


def clean_build(crate, packages):
    """Removes `packages` from the crate's build and rebuilds them (and the crate)."""
    clean(crate, packages)
    return build(crate, touch=False)


# RUSTC_WRAPPER for --instructions: each rustc process that compiles a crate (`--crate-name X`,
# or `--crate-name=X` in thiserror's build-script probe) runs under callgrind, whose log (one
# file per process) ends with the count; cargo's queries (`rustc -vV`, `--print`) run as they are.
WRAPPER = """#!/bin/sh
case " $* " in
  *" --print"*) exec "$@" ;;
  *" --crate-name"*) exec valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
      --log-file="$MCP_BENCH_COUNTS/%p.log" "$@" ;;
  *) exec "$@" ;;
esac
"""


def instructions(crate, packages=None):
    """Instructions of the rustc processes of one rebuild of `crate` (`packages`: these
    removed first and rebuilt with it), -j1 so that no count includes another's waiting, and
    the same per crate name (a build script's probe counts under its own name).
    Cargo's fingerprints do not include the wrapper, so the timed builds still find
    everything fresh afterwards."""
    logs = WORK / "callgrind-logs"
    shutil.rmtree(logs, ignore_errors=True)
    logs.mkdir(parents=True)
    wrapper = WORK / "callgrind-rustc.sh"
    wrapper.write_text(WRAPPER)
    wrapper.chmod(0o755)
    cargo(crate, ["build", "--quiet"])
    if packages:
        clean(crate, packages)
    else:
        (crate / "src" / "lib.rs").touch()
    counted = dict(CARGO_ENV, RUSTC_WRAPPER=str(wrapper), MCP_BENCH_COUNTS=str(logs))
    cargo(crate, ["build", "-j1", "--quiet"], counted)
    total = 0
    per_crate = {}
    for log in sorted(logs.glob("*.log")):
        text = log.read_text()
        m = re.search(r"Collected : (\d+)", text)
        if not m:
            # A child that rustc forked to run the linker: valgrind opens its log at the
            # fork and does not follow the program the child then runs.
            continue
        # Any compilation costs rustc tens of millions of instructions; far fewer means
        # valgrind counted a launcher (a rustup proxy that execs the real rustc), not rustc.
        if int(m.group(1)) < 5_000_000:
            raise SystemExit(
                f"callgrind build of {crate.name}: {log.name} counted {m.group(1)} "
                "instructions, too few for a compilation: is `rustc` a launcher? "
                "Set RUSTC to the compiler itself."
            )
        total += int(m.group(1))
        name = re.search(r"--crate-name[ =](\S+)", text)
        name = name.group(1) if name else "?"
        per_crate[name] = per_crate.get(name, 0) + int(m.group(1))
    if total == 0:
        raise SystemExit(f"callgrind build of {crate.name}: no rustc process counted")
    return total, per_crate


def instructions_row(label, crates, cleaned=None):
    """`label instr <thiserror>G <ours>G <ratio>x ...`, thiserror first; `cleaned`: per crate,
    the packages its clean build removes, and then one line per benchmark crate with the
    instructions of each crate its clean build compiled (which crate the ratio comes from)."""
    counts, parts = [], []
    for i, crate in enumerate(crates):
        total, per_crate = instructions(crate, cleaned[i] if cleaned else None)
        counts.append(total)
        parts.append((crate.name, per_crate))
    cells = f"{label:>9} {'instr':>9} {counts[0] / 1e9:>8.3f}G"
    for n in counts[1:]:
        cells += f" {n / 1e9:>17.3f}G {n / counts[0]:>14.2f}x"
    if cleaned:
        for name, per_crate in parts:
            each = ", ".join(
                f"{k} {v / 1e9:.3f}G" for k, v in sorted(per_crate.items(), key=lambda kv: -kv[1])
            )
            cells += f"\n    ({name}: {each})"
    return cells


def row(label, baseline, others):
    cells = f"{label:>9} {baseline.wall:>9.2f} {baseline.cpu:>9.2f}"
    for m in others:
        cells += f" {m.wall:>8.2f} {m.cpu:>9.2f} {m.wall / baseline.wall:>6.2f}x {m.cpu / baseline.cpu:>6.2f}x"
    return cells


def header(first, roots):
    cells = f"{first:>9} {'thiserror wall/cpu':>19}"
    for tag in roots:
        cells += f" {tag + ' wall/cpu':>18} {'ratio wall/cpu':>15}"
    return cells


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--scales", default="1,2,4")
    ap.add_argument("--variants", type=int, default=1000, help="variants of the (a) enum at 1x")
    ap.add_argument("--enums", type=int, default=50, help="enums of (b) at 1x")
    ap.add_argument(
        "--parts", default="a,b,c,e,d,f", help="which measurements to run: a, b, c, d, e, f"
    )
    ap.add_argument("--many", default="20x25", help="enums x variants of (c)")
    ap.add_argument("--compare", help="another mcp-errors checkout, measured beside this one")
    ap.add_argument(
        "--instructions",
        action="store_true",
        help="also count rustc's instructions (valgrind) for (a), (c) and (d)",
    )
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]
    WORK.mkdir(parents=True, exist_ok=True)
    # (tag, checkout) of every McpError measured; the first is this repository.
    roots = [("McpError", ROOT)]
    if args.compare:
        roots.append(("compared", Path(args.compare).resolve()))

    def suffix(i):
        return "" if i == 0 else "_compared"

    print(f"compile-time benchmark: cargo build -j2 (debug), median of {args.runs} rebuilds")
    print("wall = elapsed seconds; cpu = user+sys seconds of cargo and rustc; ratios to thiserror")
    if args.compare:
        print(f"McpError = {ROOT}; compared = {roots[1][1]}")
    print()
    parts = set(args.parts.split(","))
    tags = [tag for tag, _ in roots]
    if "a" in parts:
        print("(a) one enum, McpError vs thiserror")
        print(header("variants", tags))
    for s in scales if "a" in parts else []:
        n = args.variants * s
        te = write_crate(f"bench_thiserror_{n}", thiserror_enum("Big", n))
        ms = [
            write_crate(f"bench_mcp_{n}{suffix(i)}", mcp_enum("Big", n, 10_000, "big"), root)
            for i, (_, root) in enumerate(roots)
        ]
        t, *m = interleaved([te, *ms], args.runs)
        print(row(str(n), t, m), flush=True)
        if args.instructions:
            print(instructions_row(str(n), [te, *ms]), flush=True)

    if "c" in parts:
        k, n = (int(x) for x in args.many.split("x"))
        print()
        print(f"(c) {k} enums x {n} variants, McpError vs thiserror")
        print(header("crate", tags))
        te = write_crate(
            f"bench_thiserror_{k}x{n}",
            "\n\n".join(thiserror_enum(f"E{j}", n) for j in range(k)),
        )
        body = "\n\n".join(mcp_enum(f"E{j}", n, 10_000 + 100 * j, f"d{j}") for j in range(k))
        ms = [
            write_crate(f"bench_mcp_{k}x{n}{suffix(i)}", body, root)
            for i, (_, root) in enumerate(roots)
        ]
        t, *m = interleaved([te, *ms], args.runs)
        print(row(f"{k}x{n}", t, m), flush=True)
        if args.instructions:
            print(instructions_row(f"{k}x{n}", [te, *ms]), flush=True)

    if "e" in parts:
        k, n = (int(x) for x in args.many.split("x"))
        print()
        print(f"(e) as (c), plus one function per enum calling `to_string()` (Display code-generated)")
        print(header("crate", tags))
        use = "\n".join(
            f"pub fn show{j}(e: &E{j}) -> String {{ e.to_string() }}" for j in range(k)
        )
        te = write_crate(
            f"bench_thiserror_{k}x{n}_used",
            "\n\n".join(thiserror_enum(f"E{j}", n) for j in range(k)) + "\n" + use,
        )
        body = "\n\n".join(mcp_enum(f"E{j}", n, 10_000 + 100 * j, f"d{j}") for j in range(k))
        ms = [
            write_crate(f"bench_mcp_{k}x{n}_used{suffix(i)}", body + "\n" + use, root)
            for i, (_, root) in enumerate(roots)
        ]
        t, *m = interleaved([te, *ms], args.runs)
        print(row(f"{k}x{n}", t, m), flush=True)

    if "d" in parts:
        print()
        print("(d) clean build of the library crates: mcp-errors{,-core,-derive} vs thiserror{,-impl}")
        print(header("crates", tags))
        te = write_crate("bench_clean_thiserror", "")
        ms = [
            write_crate(f"bench_clean_mcp{suffix(i)}", "", root)
            for i, (_, root) in enumerate(roots)
        ]
        ours = ["mcp-errors", "mcp-errors-core", "mcp-errors-derive"]

        def step(crate):
            # `cargo clean -p` goes by package name: with --compare, cleaning one checkout's
            # mcp-errors crates removes the other's too (and the thiserror crate's, which
            # depends on this checkout). Rebuild what an earlier step removed, untimed, so
            # that each timing holds only its own crates.
            build(crate, touch=False)
            return clean_build(crate, ["thiserror", "thiserror-impl"] if crate == te else ours)

        t, *m = interleaved([te, *ms], args.runs, step)
        print(row("clean", t, m), flush=True)
        if args.instructions:
            cleaned = [["thiserror", "thiserror-impl"]] + [ours] * len(ms)
            print(instructions_row("clean", [te, *ms], cleaned), flush=True)

    if "f" in parts:
        print()
        print("(f) from nothing, every dependency built: mcp-errors vs thiserror + serde + serde_json")
        print(header("crates", tags))
        te = write_scratch(
            "bench_scratch_thiserror",
            'thiserror = "2"\nserde = { version = "1", features = ["derive"] }\nserde_json = "1"',
        )
        ms = [
            write_scratch(
                f"bench_scratch_mcp{suffix(i)}", f'mcp-errors = {{ path = "{Path(root).as_posix()}" }}'
            )
            for i, (_, root) in enumerate(roots)
        ]
        # The warm-up fetches and resolves; each timed build then starts from nothing.
        t, *m = interleaved([te, *ms], args.runs, scratch_build, fetch)
        print(row("scratch", t, m), flush=True)

    if "b" in parts:
        print()
        print("(b) K enums x 100 variants, with and without one assert_disjoint! over all K")
        print(f"{'enums':>9} {'without wall/cpu':>17} {'with wall/cpu':>15} {'check adds wall/cpu':>20}")
    for s in scales if "b" in parts else []:
        k = args.enums * s
        body = "\n\n".join(mcp_enum(f"E{j}", 100, 10_000 + 100 * j, f"d{j}") for j in range(k))
        names = ", ".join(f"E{j}" for j in range(k))
        without = write_crate(f"bench_many_{k}", body)
        with_ = write_crate(f"bench_many_{k}_disjoint", body + f"\n\nmcp_errors::assert_disjoint!({names});\n")
        a, b = interleaved([without, with_], args.runs)
        print(
            f"{k:>9} {a.wall:>8.2f} {a.cpu:>8.2f} {b.wall:>7.2f} {b.cpu:>7.2f}"
            f" {b.wall - a.wall:>+10.3f} {b.cpu - a.cpu:>+9.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
