"""Rules stated in the user's own words: is each compiled to a rule that fires exactly on its
scenarios, and does text that is not the user's instruction create no rule?

    python -m benchmarks.rules.stated [--set stated|fresh] [--part tune|holdout|all] [--no-model]
        [--instructions-only] [--id w7-001] [--json out]

For each item the instruction is ingested into a fresh profile (the path `uac ingest` takes);
each scenario then continues a copy of that profile with its sessions, and the rules are run at
its ``now``. ``--instructions-only`` measures the first stage alone, in minutes where the scenarios
take an hour: the instruction is read by the phrase parser and then the model's rule reader (as
``ingest`` does for a new profile, without reading the message's other facts) — is a rule made,
and for a decoy none? A firing scenario passes when a rule the user stated raises an alert naming every
``mention`` word; a near miss passes when no stated rule raises anything. An item passes when its
instruction made a rule (a decoy: made none) and every scenario passed.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import default_backend, load_items

DATA = Path(__file__).resolve().parent / "data"
SETS = {"stated": DATA / "stated", "fresh": DATA / "fresh-stated"}
USER_RULE = "user_rules."


def _norm(text: str) -> str:
    return re.sub(r"(?<=\d),(?=\d{3})", "", text.lower()).replace("’", "'")


def mentions(alert: dict[str, Any], words: list[str]) -> bool:
    text = _norm(f"{alert['title']} {alert['message']}")
    return all(_norm(w) in text for w in words)


def _service(home: Path, backend: Any) -> Any:
    from engine.profile import Profile
    from engine.service import Service

    return Service(Profile.open(home), backend, use_model=backend is not None)


def _close(svc: Any) -> None:
    svc._backend = None  # shared across items: not ours to close
    svc.close()


def read_instruction(item: dict[str, Any], backend: Any) -> dict[str, Any]:
    """Only the instruction's rule reading: the phrase parser, then (when it made none) the model."""
    from engine.rules.rule_ir import describe
    from engine.rules.rule_model import read_rules
    from engine.rules.rule_parse import detect_rules

    ins = item["instruction"]
    day = dt.date.fromisoformat(ins["session_date"])
    started = time.perf_counter()
    rules = [describe(r) for r in detect_rules(ins["text"], day)]
    if not rules and backend is not None:
        rules = [describe(m.ir) for m in read_rules(ins["text"], day, backend, {}, []).rules]
    return {"id": item["id"], "instruction": item["is_instruction"], "scenarios": [], "rules": rules,
            "instruction_s": time.perf_counter() - started, "ok": bool(rules) == item["is_instruction"]}


def run(item: dict[str, Any], backend: Any, instructions_only: bool = False) -> dict[str, Any]:
    if instructions_only:
        return read_instruction(item, backend)
    from engine.rules.user_rules import load_rules

    out: dict[str, Any] = {"id": item["id"], "instruction": item["is_instruction"], "scenarios": []}
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        svc = _service(base, backend)
        started = time.perf_counter()
        ins = item["instruction"]
        svc.ingest(ins["text"], dt.date.fromisoformat(ins["session_date"]))
        out["instruction_s"] = time.perf_counter() - started
        rules = [r for r in load_rules(svc.log.facts()) if r.status in ("active", "pending")]
        out["rules"] = [r.to_json()["summary"] or r.text for r in rules]
        _close(svc)
        for n, sc in enumerate(item["scenarios"]):
            home = Path(tmp) / f"s{n}"
            shutil.copytree(base, home)
            svc = _service(home, backend)
            try:
                for session in sc["sessions"]:
                    svc.ingest(session["text"], dt.date.fromisoformat(session["session_date"]))
                now = dt.datetime.fromisoformat(sc["now"])
                fired = [a.to_json() for a in svc.evaluate(now).active if a.rule.startswith(USER_RULE)]
            finally:
                _close(svc)
            ok = any(mentions(a, sc["mention"]) for a in fired) if sc["should_fire"] else not fired
            out["scenarios"].append({"should_fire": sc["should_fire"], "ok": ok,
                                     "fired": [a["title"] for a in fired][:3]})
    made = bool(out["rules"])
    out["ok"] = made == item["is_instruction"] and all(s["ok"] for s in out["scenarios"])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench-stated-rules")
    ap.add_argument("--set", choices=sorted(SETS), default="stated")
    ap.add_argument("--part", choices=["all", "tune", "holdout"], default="all")
    ap.add_argument("--no-model", action="store_true")
    ap.add_argument("--id", help="only items whose id starts with this")
    ap.add_argument("--instructions-only", action="store_true", help="ingest each instruction only: is a rule made?")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    items = load_items(SETS[args.set], args.part, args.id)
    backend = default_backend(args.no_model)
    print(f"{len(items)} items, set {args.set} ({args.part}), {'no model' if backend is None else 'default model'}")
    started = time.perf_counter()
    results = []
    for item in items:
        res = run(item, backend, args.instructions_only)
        results.append(res)
        sc = res["scenarios"]
        mark = "ok  " if res["ok"] else "FAIL"
        print(f"  {mark} {item['id']} {'rule ' if item['is_instruction'] else 'decoy'} rules={res['rules']!r:.90}"
              f"  scenarios {sum(s['ok'] for s in sc)}/{len(sc)}", flush=True)
        for s in sc:
            if not s["ok"]:
                print(f"        {'missed' if s['should_fire'] else 'false alarm'}: fired {s['fired']}")
    rules = [r for r in results if r["instruction"]]
    decoys = [r for r in results if not r["instruction"]]
    scen = [s for r in results for s in r["scenarios"]]
    print(f"\n{len(items)} items in {time.perf_counter() - started:.0f} s")
    if args.instructions_only:
        print("(instructions only: no scenario was run, so 'fire exactly' below means only 'a rule made')")
    print(f"stated rules that fire exactly on their scenarios: {sum(r['ok'] for r in rules)}/{len(rules)}"
          f" = {sum(r['ok'] for r in rules) / max(len(rules), 1):.1%}  (a rule made: {sum(bool(r['rules']) for r in rules)})")
    print(f"decoys that made a rule: {sum(bool(r['rules']) for r in decoys)}/{len(decoys)}")
    print(f"scenarios right: {sum(s['ok'] for s in scen)}/{len(scen)}  "
          f"(firing {sum(s['ok'] for s in scen if s['should_fire'])}/{sum(s['should_fire'] for s in scen)}, "
          f"near misses {sum(s['ok'] for s in scen if not s['should_fire'])}/{sum(not s['should_fire'] for s in scen)})")
    print(f"instruction ingest: median {statistics.median([r['instruction_s'] for r in results]):.1f} s")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
