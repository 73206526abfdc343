#!/usr/bin/env python3
"""`mcp-errors check` on a generated fleet, against a baseline measured in the same run.

The fleet: 200 domains of 100 codes each and 10,000 errors (50 per domain), half of the
catalogs derived JSON (the shape `Registry::to_json` writes), half hand-written TOML; then one
catalog of 100,000 errors. Each is timed as the wall time of the release binary (median of
`--runs`), and against the baseline of reading the same files with Python's own JSON and TOML
parsers (json, tomllib) in one process: the ratio says what checking costs beyond parsing.
The peak memory (max RSS) of the check is printed too.

    python3 benches/fleet_check.py [--runs 5] [--smoke]

`--smoke` (for CI): a debug build, 20 domains, 1,000 errors, 10,000 in the big catalog, one
run. Prints one line per figure and ends with "fleet_check: N passed, N failed".
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(release):
    args = ["cargo", "build", "-q", "-p", "mcp-errors-cli", "--bin", "mcp-errors"]
    if release:
        args.append("--release")
    subprocess.run(args, cwd=ROOT, check=True)
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    return os.path.join(target, "release" if release else "debug", "mcp-errors")


def entry(domain, code, symbol):
    return {
        "code": code, "symbol": symbol, "domain": domain, "message": "Failed: {reason}",
        "retryable": False, "kind": "internal", "variant": "V", "doc": "", "aliases": [],
        "help": None, "channel": "tool_error", "errorType": "InternalError",
        "fields": [{"name": "reason", "key": "reason", "role": "data"}],
    }


def write_fleet(folder, domains, errors):
    per = errors // domains
    lines = ['[fleet]\nname = "bench"\n\n[common]\nrange = [1000, 1099]\n']
    for d in range(domains):
        name = f"d{d}"
        lo = 10_000 + d * 100
        symbols = [f"E_D{d}_{i}" for i in range(per)]
        if d % 2 == 0:
            path = f"{name}.json"
            enum = {"name": "E", "domain": name, "range": {"start": lo, "end": lo + 99},
                    "span": {"start": lo, "end": lo + per - 1},
                    "entries": [entry(name, lo + i, s) for i, s in enumerate(symbols)]}
            with open(os.path.join(folder, path), "w") as f:
                json.dump({"format": "mcp-errors-catalog", "version": 1, "enums": [enum]}, f, indent=2)
        else:
            path = f"{name}.toml"
            with open(os.path.join(folder, path), "w") as f:
                f.write(f'domain = "{name}"\n')
                for i, s in enumerate(symbols):
                    f.write(f'\n[[error]]\ncode = {lo + i}\nsymbol = "{s}"\n'
                            f'message = "Failed: {{reason}}"\nfields = {{ reason = "string" }}\n')
        lines.append(f'[[domain]]\nname = "{name}"\nrange = [{lo}, {lo + 99}]\ncatalog = "{path}"\n')
    with open(os.path.join(folder, "fleet.toml"), "w") as f:
        f.write("\n".join(lines))
    return os.path.join(folder, "fleet.toml")


def write_big(folder, errors):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "big.toml"), "w") as f:
        f.write('domain = "big"\n')
        for i in range(errors):
            f.write(f'\n[[error]]\ncode = {100_000 + i}\nsymbol = "E_BIG_{i}"\nmessage = "m"\n')
    with open(os.path.join(folder, "fleet.toml"), "w") as f:
        f.write(f'[fleet]\nname = "big"\n\n[[domain]]\nname = "big"\nrange = [100000, {100_000 + errors}]\ncatalog = "big.toml"\n')
    return os.path.join(folder, "fleet.toml")


def timed(fn, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


PEAK_KIB = [0]


def check(binary, fleet):
    """One run of `mcp-errors check`, which must be clean; its peak memory kept in PEAK_KIB."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([binary, "check", fleet], stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        PEAK_KIB[0] = max(PEAK_KIB[0], usage.ru_maxrss)
        if proc.returncode != 0:
            out.seek(0)
            sys.exit(f"mcp-errors check {fleet}: exit {proc.returncode}\n{out.read(4000)!r}")


def parse_all(folder):
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            if name.endswith(".json"):
                json.load(f)
            else:
                tomllib.load(f)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--smoke", action="store_true")
    a = p.parse_args()
    domains, errors, big = (20, 1_000, 10_000) if a.smoke else (200, 10_000, 100_000)
    runs = 1 if a.smoke else a.runs
    binary = build(release=not a.smoke)
    tmp = tempfile.mkdtemp()
    figures = 0
    try:
        fleet_dir = os.path.join(tmp, "fleet")
        os.makedirs(fleet_dir)
        fleet = write_fleet(fleet_dir, domains, errors)
        t_check = timed(lambda: check(binary, fleet), runs)
        t_parse = timed(lambda: parse_all(fleet_dir), runs)
        print(f"fleet of {domains} domains, {errors} errors: check {t_check * 1000:.1f} ms "
              f"(peak {PEAK_KIB[0] / 1024:.1f} MiB), parse with Python's json+tomllib "
              f"{t_parse * 1000:.1f} ms, ratio {t_check / t_parse:.2f}x")
        PEAK_KIB[0] = 0
        figures += 1
        big_dir = os.path.join(tmp, "big")
        big_fleet = write_big(big_dir, big)
        t_check = timed(lambda: check(binary, big_fleet), runs)
        t_parse = timed(lambda: parse_all(big_dir), runs)
        print(f"one catalog of {big} errors: check {t_check * 1000:.1f} ms "
              f"(peak {PEAK_KIB[0] / 1024:.1f} MiB), parse with Python's tomllib "
              f"{t_parse * 1000:.1f} ms, ratio {t_check / t_parse:.2f}x")
        figures += 1
    finally:
        shutil.rmtree(tmp)
    print(f"fleet_check: {figures} passed, 0 failed")


if __name__ == "__main__":
    main()
