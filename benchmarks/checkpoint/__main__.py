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
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from engine.frames import FRAMES, Frame, Slot
from engine.log import Fact, LogStore, NewFact
from engine.project.checkpoint import checkpoint
from engine.rules.runner import run_rules

SESSION_FACTS = 50  # facts per synthetic session
WORDS = ("north", "river", "cedar", "harbor", "maple", "summit", "violet", "amber", "quartz", "willow")
BASE_DAY = dt.date(2024, 1, 1)


def _value(slot: Slot, i: int, rnd: random.Random) -> Any:
    """A plausible JSON value for a slot, as extraction would store it."""
    if slot.kind == "date":
        return (BASE_DAY + dt.timedelta(days=rnd.randrange(0, 900))).isoformat()
    if slot.kind == "money":
        return str(Decimal(rnd.randrange(100, 500_000)) / 100)
    if slot.kind == "int":
        return rnd.randrange(1, 99)
    if slot.kind == "enum":
        return slot.choices[i % len(slot.choices)]
    if slot.kind == "list":
        return [f"{rnd.choice(WORDS).title()} {i % 97}"]
    if slot.name == "currency":
        return rnd.choice(("USD", "EUR", "GBP", "JPY"))
    if slot.name == "country":
        return rnd.choice(("US", "FR", "JP", "DE", "BR", "IN", "GB", "MX"))
    return f"{rnd.choice(WORDS)} {slot.name} {i}"


def synthetic_facts(n: int, seed: int = 7) -> list[NewFact]:
    """``n`` facts over every frame but notes, about three facts per entity, in session order."""
    rnd = random.Random(seed)
    frames: list[Frame] = [f for f in FRAMES if f.domain != "notes"]
    out: list[NewFact] = []
    for i in range(n):
        fr = frames[i % len(frames)]
        entity = (i // len(frames)) // 3  # the same entity is mentioned again in later sessions
        slots = {s.name: _value(s, entity, rnd) for s in fr.slots if rnd.random() < 0.7}
        day = BASE_DAY + dt.timedelta(days=i // SESSION_FACTS)
        out.append(NewFact(
            session_id=f"s{i // SESSION_FACTS:05d}", message_id=None, session_date=day, domain=fr.domain,
            frame=fr.name, entity_key=f"{fr.name.lower()}:{entity}", slots=slots,
            evidence=f"synthetic fact {i}", subject="me" if i % 5 else "Ana",
        ))
    return out


def corrections(facts: list[Fact], k: int, round_no: int, rnd: random.Random, domain: str | None = None) -> list[NewFact]:
    """``k`` corrections of random earlier facts (of one domain, if given), each superseding the
    fact it corrects."""
    out: list[NewFact] = []
    pool = [f for f in facts if domain is None or f.domain == domain]
    for old in rnd.sample(pool, k):
        fr = next(f for f in FRAMES if f.name == old.frame)
        slot = rnd.choice(fr.slots)
        slots = dict(old.slots, **{slot.name: _value(slot, old.id + round_no, rnd)})
        out.append(NewFact(
            session_id=f"fix{round_no}", message_id=None, session_date=old.session_date + dt.timedelta(days=1),
            domain=old.domain, frame=old.frame, entity_key=old.entity_key, slots=slots, subject=old.subject,
            evidence=f"correction {round_no}", op="correct", supersedes=(old.id,),
        ))
    return out


def in_session(store: LogStore, batch: list[NewFact]) -> list[NewFact]:
    """Store the session the batch came from (one user message) and point the facts at it."""
    sid, (mid,) = store.add_session([("user", " ".join(f.evidence for f in batch))], batch[0].session_date,
                                     session_id=batch[0].session_id, source="bench")
    return [replace(f, message_id=mid) for f in batch]


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
        new = synthetic_facts(args.facts)
        for start in range(0, len(new), SESSION_FACTS):
            store.add_facts(in_session(store, new[start : start + SESSION_FACTS]))
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
