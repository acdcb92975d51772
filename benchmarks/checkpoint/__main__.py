"""``make bench-checkpoint``: the cost of folding a large log into the user project.

A real SQLite log of N facts (default 10,000) spread over every frame is checkpointed into a
project on disk (fold, render, validation in the sandbox, atomic swap), then:

* nothing changed — the checkpoint should only compare fingerprints;
* K facts changed (corrections superseding earlier facts, default 10) — only their domains are
  re-rendered;
* the baseline, measured in the same run: the same changed log rendered from scratch into an
  empty project, which is what regenerating the whole view on every change costs;
* a rule run of every built-in pack over the large project, in the sandbox.

Targets: K=10 changed < 1 s, full checkpoint < 10 s. The K changes are measured twice: all in one
domain (what one session usually brings) and spread over every domain (the worst case, since a
changed domain is re-rendered whole).
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.checkpoint.synthetic import corrections, in_session, log_synthetic
from engine.log import LogStore
from engine.project.checkpoint import checkpoint
from engine.rules.runner import run_rules


def _timed(fn: Any, *args: Any, **kwargs: Any) -> tuple[Any, float]:
    started = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - started


def _p95(values: list[float]) -> float:
    """Nearest-rank 95th percentile (the largest value for fewer than 20 samples)."""
    return sorted(values)[max(0, math.ceil(0.95 * len(values)) - 1)]


def main() -> int:
    ap = argparse.ArgumentParser(prog="bench-checkpoint")
    ap.add_argument("--facts", type=int, default=10_000)
    ap.add_argument("--changed", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=5, help="incremental checkpoints measured")
    args = ap.parse_args()
    rnd = random.Random(11)
    with tempfile.TemporaryDirectory(prefix="uac-bench-ckpt-") as tmp:
        home = Path(tmp)
        store = LogStore(home / "log.db")
        log_synthetic(store, args.facts)
        facts, t_read = _timed(store.facts)
        project = home / "project"
        first, t_full = _timed(checkpoint, project, facts)
        _, t_same = _timed(checkpoint, project, facts)

        focused: list[float] = []  # a session's corrections about one domain
        incremental: list[float] = []  # corrections spread over every domain
        baseline: list[float] = []
        domains_touched: list[int] = []
        domains = sorted({f.domain for f in facts})
        for r in range(args.rounds):
            store.add_facts(in_session(store, corrections(facts, args.changed, 100 + r, rnd, domains[r % len(domains)])))
            facts = store.facts()
            focused.append(_timed(checkpoint, project, facts)[1])
            store.add_facts(in_session(store, corrections(facts, args.changed, r, rnd)))
            facts = store.facts()
            result, t_inc = _timed(checkpoint, project, facts)
            incremental.append(t_inc)
            domains_touched.append(len(result.changed_domains))
            _, t_base = _timed(checkpoint, home / f"scratch{r}", facts)  # regenerate everything
            baseline.append(t_base)

        rule_runs = [_timed(run_rules, project, dt.datetime(2026, 1, 1, 9))[1] for _ in range(5)]
        alerts = run_rules(project, dt.datetime(2026, 1, 1, 9))
        store.close()

    inc, base = statistics.median(incremental), statistics.median(baseline)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"log of {len(facts)} facts ({args.facts} + {2 * args.rounds} x {args.changed} corrections), "
          f"read back in {t_read:.2f} s; {first.files_written} project files")
    print(f"full checkpoint (empty project)        {t_full:6.2f} s   target < 10 s   {'PASS' if t_full < 10 else 'FAIL'}")
    print(f"nothing changed                        {t_same:6.2f} s")
    print(f"{args.changed} facts changed in one domain   median {statistics.median(focused):.2f} s   p95 {_p95(focused):.2f} s"
          f"   target < 1 s   {'PASS' if _p95(focused) < 1 else 'FAIL'}")
    print(f"{args.changed} facts changed, all domains   median {inc:.2f} s   p95 {_p95(incremental):.2f} s"
          f"   target < 1 s   {'PASS' if _p95(incremental) < 1 else 'FAIL'}"
          f"   ({statistics.median(domains_touched):.0f} domains re-rendered)")
    print(f"baseline: same log rendered from scratch {base:6.2f} s   -> incremental is {base / inc:.1f}x faster")
    print(f"rule run, all packs, sandboxed         p50 {statistics.median(rule_runs):.2f} s   p95 {_p95(rule_runs):.2f} s"
          f"   ({len(alerts.alerts)} alerts, {len(alerts.problems)} rule problems)")
    print(f"peak RSS of this process               {rss_mb:6.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
