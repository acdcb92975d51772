"""``make bench-crash``: ``kill -9`` at random points of ingest, checkpoint, import and forget.

A profile with history (sessions, a hand-corrected record, an imported collection, alerts) is
built once. Each trial copies it, starts one real ``uac`` command on the copy, kills its whole
process group with SIGKILL after a random delay within that command's measured run time, then
recovers the way a user would (``uac ingest --retry``, ``uac checkpoint``, ``uac alerts``) and
checks what must hold after any crash:

* no fact that existed before the command is lost (a forget removes its session whole or not at all);
* an import session holds exactly the records its summary claims (never "Imported N" with fewer);
* once a forget is in the log, no file of the profile (git objects decompressed) holds its words;
* recovery succeeds: every command exits 0.

The baseline, measured in the same run, is each command left to finish: its run time sets the
window the kill is drawn from, and the ratio shows how much a recovery costs next to a clean run.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORDS = ("zephyrine", "quixotica")
FORGOTTEN = (
    "User: My sister Zephyrine is allergic to penicillin. Warn me if I ever spend over $50 at Quixotica Diner. "
    "Spent $80 at Quixotica Diner tonight."
)
SESSIONS = [
    ("2026-03-01", "kept", "User: My passport expires on 2030-05-01. I take metformin 500 mg twice a day."),
    ("2026-03-05", "gone", FORGOTTEN),
    ("2026-03-09", "later", "User: Dentist on March 20 at 3pm. Booked flights to Lisbon, April 2 to April 9."),
]
NEW_SESSION = ("User: Picked up amoxicillin 500 mg three times a day for a week. Also my lease ends on "
               "August 31 and I need to give 60 days notice. Dinner with Ana on Friday at 7pm.")


def uac(home: Path, *args: str, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "UAC_MODEL"}
    proc = subprocess.run([sys.executable, "-m", "engine.cli", "--home", str(home), *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    if check and proc.returncode != 0:
        raise RuntimeError(f"uac {' '.join(args)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    return proc


def build_base(home: Path, csv_rows: int) -> Path:
    uac(home, "model", "use", "off")
    for day, sid, text in SESSIONS:
        uac(home, "ingest", "--date", day, "--session", sid, "-", stdin=text)
    uac(home, "alerts", "--now", "2026-03-10T09:00")
    data = home.parent / "runs.csv"
    lines = ["date,distance_km,minutes,route"]
    lines += [f"2026-01-{1 + i % 28:02d},{3 + i % 9}.{i % 10},{20 + i % 40},route {i % 7}" for i in range(csv_rows)]
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data


def commands(data: Path) -> dict[str, tuple[list[str], str | None]]:
    return {
        "ingest": (["ingest", "--date", "2026-03-12", "--session", "new", "-"], NEW_SESSION),
        "checkpoint": (["checkpoint"], None),
        "import": (["import", str(data), "--collection", "runs"], None),
        "forget": (["forget", "session", "gone"], None),
    }


def log_view(home: Path) -> dict[str, object]:
    """What the log holds, read with plain sqlite3 (no app code between the crash and the check)."""
    db = sqlite3.connect(home / "log.sqlite3")
    try:
        facts = {r[0]: r[1] for r in db.execute("SELECT id, session_id FROM fact")}
        sessions = {r[0]: r[1] for r in db.execute("SELECT id, source FROM session")}
        summaries = {r[0]: r[1] for r in db.execute("SELECT session_id, text FROM message")}
        forgets = [r[0] for r in db.execute("SELECT target_id FROM forget")]
    finally:
        db.close()
    return {"facts": facts, "sessions": sessions, "summaries": summaries, "forgets": forgets}


def words_left(home: Path) -> list[str]:
    hits = []
    for path in home.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        if "/.git/objects/" in path.as_posix():
            with contextlib.suppress(zlib.error):
                data = zlib.decompress(data)
        if any(w.encode() in data.lower() for w in WORDS):
            hits.append(path.relative_to(home).as_posix())
    return hits


def check(op: str, before: dict, after: dict, home: Path) -> list[str]:
    problems = []
    lost = set(before["facts"]) - set(after["facts"])
    if op == "forget" and "gone" in after["forgets"]:
        lost -= {fid for fid, sid in before["facts"].items() if sid == "gone"}
    elif op == "forget" and lost:
        problems.append(f"{len(lost)} fact(s) lost by a forget that never reached the log")
        lost = set()
    if lost:
        problems.append(f"{len(lost)} fact(s) lost")
    for sid, source in after["sessions"].items():
        if source != "import":
            continue
        claimed = after["summaries"].get(sid, "")
        n = int(claimed.split()[1]) if claimed.startswith("Imported ") else -1
        held = sum(1 for s in after["facts"].values() if s == sid)
        if held not in (n, n + 1):  # the records, plus the schema fact when the schema changed
            problems.append(f"half import: {sid} claims {n} records, holds {held} facts")
    if "gone" in after["forgets"]:
        left = words_left(home)
        if left:
            problems.append(f"forgotten words in {left[:3]}")
    return problems


def trial(base: Path, work: Path, op: str, cmd: tuple[list[str], str | None], window: float,
          rng: random.Random) -> tuple[float, bool, list[str]]:
    """One kill and the recovery after it; ``touched``: the log had changed when the kill landed."""
    home = work / "home"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(base, home, symlinks=True)
    before = log_view(home)
    delay = rng.uniform(0.05, window)
    args, stdin = cmd
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "--home", str(home), *args], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    if stdin is not None:
        try:
            proc.stdin.write(stdin.encode())  # type: ignore[union-attr]
            proc.stdin.close()  # type: ignore[union-attr]
        except BrokenPipeError:
            pass
    time.sleep(delay)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    touched = log_view(home) != before or proc.returncode == 0
    problems = []
    started = time.perf_counter()
    try:
        uac(home, "ingest", "--retry")
        uac(home, "checkpoint")
        uac(home, "alerts", "--now", "2026-03-12T09:00")
    except RuntimeError as exc:
        problems.append(f"recovery failed: {exc}")
    recovery = time.perf_counter() - started
    problems += check(op, before, log_view(home), home)
    return recovery, touched, problems


def main() -> int:
    ap = argparse.ArgumentParser(prog="bench-crash")
    ap.add_argument("--trials", type=int, default=52, help="kills in all, spread over the four commands")
    ap.add_argument("--seed", type=int, default=20261125)
    ap.add_argument("--csv-rows", type=int, default=3000)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="uac-crash-") as tmp:
        base = Path(tmp) / "base" / "home"
        base.parent.mkdir()
        data = build_base(base, args.csv_rows)
        cmds = commands(data)
        clean: dict[str, float] = {}
        for op, (cmd_args, stdin) in cmds.items():  # the baseline: each command left to finish
            work = Path(tmp) / "clean" / "home"
            shutil.rmtree(work.parent, ignore_errors=True)
            shutil.copytree(base, work, symlinks=True)
            started = time.perf_counter()
            uac(work, *cmd_args, stdin=stdin)
            clean[op] = time.perf_counter() - started
        print(f"seed {args.seed}; clean runs: " + ", ".join(f"{op} {s:.2f} s" for op, s in clean.items()))
        ops = list(cmds)
        failures: dict[str, list[str]] = {}
        recoveries: list[float] = []
        wrote = 0
        for i in range(args.trials):
            op = ops[i % len(ops)]
            recovery, touched, problems = trial(base, Path(tmp) / "trial", op, cmds[op], clean[op], rng)
            recoveries.append(recovery)
            wrote += touched
            status = "ok" if not problems else "; ".join(problems)
            print(f"  trial {i + 1:>3} kill {op:<10} {'after' if touched else 'before'} the log changed: {status}")
            if problems:
                failures[f"{i + 1}:{op}"] = problems
    recoveries.sort()
    print(json.dumps({"trials": args.trials, "failed": len(failures), "killed_after_the_log_changed": wrote,
                      "recovery_median_s": round(recoveries[len(recoveries) // 2], 2),
                      "recovery_vs_clean_checkpoint": round(recoveries[len(recoveries) // 2] / clean["checkpoint"], 2)}))
    print(f"\n{args.trials - len(failures)}/{args.trials} trials: 0 facts lost, 0 half imports, "
          "0 forgotten words back" if not failures else f"\n{len(failures)} trial(s) failed: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
