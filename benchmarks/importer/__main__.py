"""``make bench-import``: a big records file imported through ``uac import``, timed and measured.

A bank-statement-like CSV of ``--mb`` megabytes (default 50, about 760,000 rows; made from a fixed
seed) is imported into a fresh profile by the real CLI in a subprocess — reading, typing, writing
the log in one transaction and the checkpoint after it. Reported: wall time and the peak memory of
the command and every process under it, against the targets (≤ 60 s, ≤ 400 MB), and ratios against
a baseline measured in the same run: the same file merely parsed by Python's ``csv`` module. Then,
on the same profile: importing the file again (every record a duplicate), one question computed
over every record, an alert run, and an alert run with a rule over every record (it must raise
one alert per row over its limit). A 1 MB file gives the small-file numbers, and a pretty-printed
JSON array a fifth of the size the JSON numbers (baseline: ``json.loads`` of the whole file).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_S, TARGET_MB = 60.0, 400.0
ALERT_CAP = 200  # alerts one rule lists in a run (the harness counts the rest in one more alert)
MERCHANTS = ["Tesco", "Uber", "Pret A Manger", "Landlord Ltd", "EDF Energy", "Boots", "Odeon", "Sainsbury's",
             "Shell", "Amazon", "Trainline", "Waterstones", "Costa", "Deliveroo", "Netflix"]
CATEGORIES = ["groceries", "transport", "dining", "rent", "utilities", "health", "fun", "shopping"]
ACCOUNTS = ["current", "savings", "credit card"]


def write_csv(path: Path, megabytes: float, seed: int = 7) -> int:
    """A statement export of about ``megabytes`` MB; returns its row count."""
    rnd = random.Random(seed)
    start = dt.date(2019, 1, 1)
    limit = int(megabytes * 1_000_000)
    rows = 0
    with path.open("w", encoding="utf-8", newline="") as fh:
        fh.write("Date,Merchant,Category,Amount,Account,Reference\n")
        size = fh.tell()
        while size < limit:
            day = start + dt.timedelta(days=rnd.randrange(2_400))
            line = (f"{day.isoformat()},{rnd.choice(MERCHANTS)},{rnd.choice(CATEGORIES)},"
                    f"{rnd.randrange(100, 90_000) / 100:.2f},{rnd.choice(ACCOUNTS)},TX-{rows:08d}-{rnd.randrange(16**4):04x}\n")
            fh.write(line)
            size += len(line)
            rows += 1
    return rows


# Runs one command and reports the peak RSS of it and every process under it (the largest one):
# a fresh wrapper per command, so one command's peak is never another's.
_MEASURE = (
    "import resource, subprocess, sys\n"
    "p = subprocess.run(sys.argv[1:])\n"
    "sys.stderr.write(f'\\nPEAK_KB {resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n')\n"
    "sys.exit(p.returncode)\n"
)


def write_json(csv_path: Path, json_path: Path) -> int:
    """The same statement as a pretty-printed JSON array (booleans and nulls in it too)."""
    with csv_path.open(encoding="utf-8", newline="") as src, json_path.open("w", encoding="utf-8") as out:
        out.write("[\n")
        n = 0
        for n, row in enumerate(csv.DictReader(src)):
            record = {**row, "Cleared": n % 5 != 0, "Memo": None if n % 3 else "paid in full"}
            out.write((",\n" if n else "") + json.dumps(record, indent=2))
        out.write("\n]\n")
    return n + 1


def uac(home: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], float, float]:
    """Run the CLI; returns the process, its wall time and the peak RSS (MB) of it and its children."""
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, "-m", "engine.cli", "--home", str(home),
                           *args], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"uac {' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
    peak_kb = int(proc.stderr.rsplit("PEAK_KB ", 1)[1].split()[0])
    return proc, seconds, peak_kb / 1024


def parse_only(path: Path) -> float:
    started = time.perf_counter()
    with path.open(encoding="utf-8", newline="") as fh:
        for _ in csv.reader(fh):
            pass
    return time.perf_counter() - started


def main() -> int:
    ap = argparse.ArgumentParser(prog="bench-import")
    ap.add_argument("--mb", type=float, default=50.0, help="size of the big file")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="uac-bench-import-") as tmp:
        root = Path(tmp)
        small, big = root / "statement-small.csv", root / "statement.csv"
        n_small, n_big = write_csv(small, 1.0), write_csv(big, args.mb)
        base_small, base_big = parse_only(small), parse_only(big)
        print(f"files: {small.stat().st_size / 1e6:.1f} MB ({n_small:,} rows), "
              f"{big.stat().st_size / 1e6:.1f} MB ({n_big:,} rows)")
        print(f"baseline (csv module parse only): {base_small:.2f} s, {base_big:.2f} s")

        proc, s_small, _ = uac(root / "small", "import", str(small), "--json")
        assert json.loads(proc.stdout)["added"] == n_small
        print(f"import 1 MB: {s_small:.1f} s ({s_small / base_small:.0f}x parse)")

        as_json = root / "statement.json"
        write_csv(root / "part.csv", args.mb / 5, seed=9)
        n_json = write_json(root / "part.csv", as_json)
        started = time.perf_counter()
        json.loads(as_json.read_text(encoding="utf-8"))
        base_json = time.perf_counter() - started
        proc, s_json, peak_json = uac(root / "json", "import", str(as_json), "--json")
        assert json.loads(proc.stdout)["added"] == n_json
        print(f"import a JSON array, {as_json.stat().st_size / 1e6:.0f} MB ({n_json:,} records): {s_json:.1f} s "
              f"({s_json / base_json:.0f}x json.loads of the whole file), peak RSS {peak_json:.0f} MB")

        home = root / "big"
        proc, seconds, peak = uac(home, "import", str(big), "--json")
        assert json.loads(proc.stdout)["added"] == n_big, proc.stdout
        ok_t, ok_m = seconds <= TARGET_S, peak <= TARGET_MB
        print(f"import {args.mb:g} MB: {seconds:.1f} s ({seconds / base_big:.0f}x parse), peak RSS {peak:.0f} MB "
              f"[target ≤ {TARGET_S:.0f} s {'✔' if ok_t else '✘'}, ≤ {TARGET_MB:.0f} MB {'✔' if ok_m else '✘'}]")
        print(f"  throughput {n_big / seconds:,.0f} rows/s; log {sum(f.stat().st_size for f in home.glob('log*')) / 1e6:.0f} MB")

        proc, again, peak_again = uac(home, "import", str(big), "--json")
        assert json.loads(proc.stdout)["added"] == 0
        print(f"import again (all duplicates): {again:.1f} s, peak RSS {peak_again:.0f} MB")

        question = "how much did I spend on groceries in 2021?"
        proc, asked, peak_ask = uac(home, "ask", question)
        print(f"ask over every record ({question!r}): {asked:.1f} s, peak RSS {peak_ask:.0f} MB "
              f"→ {proc.stdout.strip().splitlines()[-1]}")
        _proc, alerts, peak_alerts = uac(home, "alerts")
        print(f"alert run: {alerts:.1f} s, peak RSS {peak_alerts:.0f} MB")

        limit = 899
        state_rule(home, limit)
        expected = count_over(big, limit)
        proc, ruled, peak_ruled = uac(home, "alerts", "--json")
        mine = [a for a in json.loads(proc.stdout) if a["rule"].startswith("user_rules.")]
        listed = [a for a in mine if not a["key"].endswith(":more")]
        more = [a for a in mine if a["key"].endswith(":more")]
        counted = len(listed) + sum(int(a["title"].split(" and ")[1].split()[0].replace(",", "")) for a in more)
        seen = counted == expected and len(listed) == min(expected, ALERT_CAP)
        print(f"alert run with a rule over every record (amount over {limit}): {ruled:.1f} s, peak RSS "
              f"{peak_ruled:.0f} MB; {len(listed):,} alerts listed and {counted - len(listed):,} counted in one more, "
              f"for the {expected:,} rows over it {'✔' if seen else '✘'}")
        return 0 if ok_t and ok_m and seen else 1


def state_rule(home: Path, limit: int) -> None:
    """The rule "warn me if a statement amount is over ``limit``", said through `uac chat`."""
    proc, _seconds, _peak = uac(home, "chat", "--no-model", f"Warn me if any statement amount is over {limit}.")
    if "New rule" not in proc.stdout:
        raise SystemExit(f"the rule was not made: {proc.stdout.strip()[-300:]}")


def count_over(path: Path, limit: int) -> int:
    with path.open(encoding="utf-8", newline="") as fh:
        return sum(1 for row in csv.DictReader(fh) if float(row["Amount"]) > limit)


if __name__ == "__main__":
    raise SystemExit(main())
