"""``make bench-rules``: replay multi-session scenarios through the real CLI (`uac ingest`, then
`uac alerts --now <session date> --json` after every session) and report the pass rate per pack,
alerts raised too early, false alarms, and the latency from a hand edit saved to the alert."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import queue
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.common import default_backend, split

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]
# the team's own scenarios (regression), scenarios by writers who never saw the code, a late fresh set
SETS = {"dev": (DATA, "scenarios*.jsonl"), "independent": (DATA / "independent", "scenarios*.jsonl"),
        "fresh": (DATA / "fresh", "scenarios*.jsonl")}


MODEL_FAILURES: list[str] = []
"""Sessions whose model reading failed (the detectors' facts were kept): reported, since a reader
switched off by timeouts would otherwise look like the model adding nothing."""


class InProcess:
    """The same service calls the CLI makes (`ingest`, `alerts --now --json`), in this process, so
    one loaded model (and its cached instruction prefix) serves every scenario."""

    def __init__(self, home: Path, backend: Any) -> None:
        from engine.profile import Profile
        from engine.service import Service

        self.svc = Service(Profile.open(home), backend, use_model=backend is not None)
        self._last: tuple[str, list[dict[str, Any]]] | None = None

    def ingest(self, text: str, day: str) -> None:
        res = self.svc.ingest(text, dt.date.fromisoformat(day))
        if res.extraction_error:
            MODEL_FAILURES.append(res.extraction_error)
        # ingest already ran the rules at noon of the session date: the same evaluation `alerts` would make
        self._last = (day, [a.to_json() for a in res.alerts.active]) if res.alerts else None

    def alerts(self, now: str) -> list[dict[str, Any]]:
        if self._last is not None and self._last[0] == now:
            return self._last[1]
        update = self.svc.evaluate(dt.datetime.fromisoformat(f"{now}T12:00"))
        return [a.to_json() for a in update.active]

    def close(self) -> None:
        self.svc._backend = None  # shared across scenarios: not ours to close
        self.svc.close()


def normalise(text: str) -> str:
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)
    text = re.sub(r"[$€£¥]", "", text)
    return re.sub(r"(\d)\.00\b", r"\1", text).lower()


def matches(alert: dict[str, Any], concepts: list[Any]) -> bool:
    text = normalise(alert["title"] + " " + alert["message"])
    for concept in concepts:
        options = concept if isinstance(concept, list) else [concept]
        if not any(normalise(str(o)) in text for o in options):
            return False
    return True


class Cli:
    def __init__(self, home: Path, extra: list[str]) -> None:
        self.env = {**os.environ, "UAC_HOME": str(home)}
        self.extra = extra

    def __call__(self, *args: str, stdin: str | None = None) -> str:
        proc = subprocess.run([sys.executable, "-m", "engine.cli", *args], input=stdin, text=True,
                              capture_output=True, env=self.env, cwd=ROOT, timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(f"uac {args[0]} failed: {proc.stderr.strip()}")
        return proc.stdout

    def ingest(self, text: str, day: str) -> None:
        self("ingest", "--date", day, *self.extra, "-", stdin=text)

    def alerts(self, now: str) -> list[dict[str, Any]]:
        return json.loads(self("alerts", "--now", f"{now}T12:00", "--json"))


def run_scenario(sc: dict[str, Any], extra: list[str], backend: Any = None, in_process: bool = False) -> tuple[str, str]:
    """Returns (outcome, detail): pass | missed | early | false_alarm | error."""
    with tempfile.TemporaryDirectory() as tmp:
        cli: Any = InProcess(Path(tmp), backend) if in_process else Cli(Path(tmp), extra)
        expect = sc.get("expect")
        try:
            for i, sess in enumerate(sc["sessions"]):
                cli.ingest(sess["text"], sess["session_date"])
                final = expect is not None and i == expect["session_index"]
                now = (expect.get("now") if final else None) or sess["session_date"]
                alerts = cli.alerts(now)
                if expect is None:
                    if alerts:
                        return "false_alarm", alerts[0]["title"]
                elif final:
                    if any(matches(a, expect["concepts"]) for a in alerts):
                        return "pass", ""
                    return "missed", "; ".join(a["title"] for a in alerts) or "no alerts"
                elif any(matches(a, expect["concepts"]) for a in alerts):
                    return "early", f"after session {i}"
            if expect is None and sc.get("now") and cli.alerts(sc["now"]):
                return "false_alarm", f"at {sc['now']}"
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            return "error", str(exc)[:200]
        finally:
            if in_process:
                cli.close()
    return ("pass", "") if expect is None else ("missed", "never evaluated")


def edit_to_alert_latency(samples: int = 20, background_facts: int = 0) -> list[float]:
    """Seconds from saving a hand edit in state.py to the alert being computed (watcher + rules).
    ``background_facts`` synthetic facts are logged first, to see how the path grows with the log."""
    from benchmarks.checkpoint.synthetic import log_synthetic
    from engine.profile import Profile
    from engine.service import Service
    from engine.watch import Watcher

    with tempfile.TemporaryDirectory() as tmp:
        svc = Service(Profile.open(tmp), use_model=False)
        log_synthetic(svc.log, background_facts)
        svc.ingest("User: My passport expires on 2030-01-10. I'm flying to Tokyo on 2029-12-20.",
                   dt.date(2029, 1, 5))
        state_py = svc.profile.project_dir / "domains" / "travel" / "state.py"
        original = state_py.read_text()
        changes: queue.Queue[float] = queue.Queue()
        now = dt.datetime(2029, 1, 5, 12)

        def on_change(_change: Any) -> None:
            update = svc.evaluate(now)
            changes.put(time.perf_counter() if update.active else -1.0)

        watcher = Watcher(svc.profile.project_dir, svc.profile.inbox_dir, on_change, debounce=0.05)
        watcher.start()
        out = []
        try:
            for i in range(samples):
                # alternate between an expiry that clears the trip and one that doesn't
                year = "2031" if i % 2 == 0 else "2030"
                edited = original.replace("2030, 1, 10", f"{year}, 1, 10")
                started = time.perf_counter()
                state_py.write_text(edited)
                done = changes.get(timeout=60)
                if done > 0:
                    out.append(done - started)
        finally:
            watcher.stop()
            svc.close()
        return out


def main() -> int:
    ap = argparse.ArgumentParser(prog="bench-rules")
    ap.add_argument("--no-model", action="store_true", help="detectors-only extraction")
    ap.add_argument("--pack", help="only this pack")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--id", help="only scenarios whose id starts with this")
    ap.add_argument("--no-latency", action="store_true", help="skip the edit-to-alert latency run")
    ap.add_argument("--latency-facts", type=int, default=10_000,
                    help="synthetic facts in the log for the second latency run (0: skip it)")
    ap.add_argument("--set", choices=sorted(SETS), default="dev",
                    help="dev: the team's scenarios; independent: written by people who never saw the code; fresh: the late set")
    ap.add_argument("--part", choices=["all", "tune", "holdout"], default="all")
    ap.add_argument("--cli", action="store_true",
                    help="replay through `uac` subprocesses (each loads the model) instead of one in-process service")
    args = ap.parse_args()
    folder, pattern = SETS[args.set]
    scenarios = split([json.loads(line) for path in sorted(folder.glob(pattern))
                       for line in path.read_text().splitlines() if line.strip()], args.part)
    if args.pack:
        scenarios = [s for s in scenarios if s["pack"] == args.pack]
    if args.id:
        scenarios = [s for s in scenarios if s["id"].startswith(args.id)]
    scenarios = scenarios[: args.limit] if args.limit else scenarios
    extra = ["--no-model"] if args.no_model else []
    # the benchmarks' generous deadline: a model call slowed by another process must not switch the reader off
    backend = None if args.cli else default_backend(args.no_model)
    outcomes: Counter[str] = Counter()
    by_pack: dict[str, Counter[str]] = {}
    started = time.perf_counter()
    print(f"{len(scenarios)} scenarios, set {args.set} ({args.part}), mode {os.environ.get('UAC_EXTRACT_MODE', 'merged')}")
    for sc in scenarios:
        outcome, detail = run_scenario(sc, extra, backend, in_process=not args.cli)
        outcomes[outcome] += 1
        by_pack.setdefault(sc["pack"], Counter())[outcome] += 1
        if outcome != "pass":
            print(f"  {outcome:<11} {sc['id']}: {detail}")
    total = len(scenarios)
    print(f"\n{total} scenarios in {time.perf_counter() - started:.0f} s ({'detectors only' if extra else 'default model'})")
    if MODEL_FAILURES:
        print(f"model failed on {len(MODEL_FAILURES)} sessions (detectors kept): {Counter(MODEL_FAILURES).most_common(2)}")
    print(f"pass rate {outcomes['pass'] / max(total, 1):.1%}  early {outcomes['early']}  "
          f"false alarms {outcomes['false_alarm']}  missed {outcomes['missed']}  errors {outcomes['error']}")
    for pack, c in sorted(by_pack.items()):
        n = sum(c.values())
        print(f"  {pack:<17} {c['pass']}/{n}  (early {c['early']}, false alarms {c['false_alarm']}, missed {c['missed']})")
    sizes = [] if args.no_latency else [0] + ([args.latency_facts] if args.latency_facts else [])
    for size in sizes:
        lat = edit_to_alert_latency(20 if size == 0 else 6, size)
        if lat:
            p95 = sorted(lat)[max(0, math.ceil(0.95 * len(lat)) - 1)]
            print(f"hand edit saved -> alert ({size + 2} facts in the log): median {statistics.median(lat) * 1000:.0f} ms, "
                  f"p95 {p95 * 1000:.0f} ms  target < 250 ms  ({len(lat)} edits that raise it)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
