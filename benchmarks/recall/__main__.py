"""Recall over long multi-session conversations: questions about what was said across 14–20 chat
sessions, with short gold answers, written by someone who never saw the code.

    python -m benchmarks.recall [--set dev|fresh] [--part all|tune|holdout] [--no-model]
                                [--id c1-] [--verbose] [--json out.json]

Every session of a conversation is ingested into a fresh profile in order (the path `uac chat` and
`uac ingest` take; the detectors read it, so the set measures asking, not extraction speed), then
each question is asked as of its day through `Service.ask`. Scored by token F1 of the answer
(`benchmarks.recall.score`), reported by kind, with the share of questions answered "I don't know".
"""

from __future__ import annotations

import datetime as dt
import json
import math
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.common import default_backend, finish, parse_set, set_parser
from benchmarks.recall.score import says_unknown, token_f1

DATA = Path(__file__).resolve().parent / "data"
SETS = {"dev": DATA / "dev", "fresh": DATA / "fresh"}


def transcript(session: dict[str, Any]) -> str:
    lines = []
    for turn in session["turns"]:
        who = "Assistant" if turn["speaker"] == "assistant" else "User"
        text = " ".join(str(turn["text"]).split())
        lines.append(f"{who}: {text}")
    return "\n".join(lines)


def build(conversation: dict[str, Any], home: Path) -> None:
    """One profile holding every session of the conversation, read by the detectors."""
    from engine.profile import Profile
    from engine.service import Service

    svc = Service(Profile.open(home), None, use_model=False)
    try:
        for session in conversation["sessions"]:
            day = dt.date.fromisoformat(session["date"])
            svc.ingest(transcript(session), day, now=dt.datetime.combine(day, dt.time(20)))
    finally:
        svc.close()


def answer_text(answer: Any) -> str:
    """What the app answers, as a person reads it: a date as a date, else the short value (the
    whole text when there is no value: recall that found nothing says so)."""
    value = answer.answer
    if isinstance(value, dt.date):
        return value.isoformat()
    if value is None or value == "":
        return answer.text or ""
    return str(value)


def main(argv: list[str] | None = None) -> int:
    args, folder, items = parse_set(set_parser("python -m benchmarks.recall", SETS, "dev"), SETS, argv)
    conversations = {c["id"]: c for c in (json.loads(p.read_text()) for p in sorted(folder.glob("*.json")))}
    backend = default_backend(args.no_model)
    results: list[dict[str, Any]] = []
    from engine.profile import Profile
    from engine.service import Service

    with tempfile.TemporaryDirectory(prefix="uac-recall-") as tmp:
        for conv_id in sorted({it["conversation"] for it in items}):
            home = Path(tmp) / conv_id
            started = time.perf_counter()
            build(conversations[conv_id], home)
            print(f"{conv_id}: {len(conversations[conv_id]['sessions'])} sessions ingested in "
                  f"{time.perf_counter() - started:.1f} s", flush=True)
            svc = Service(Profile.open(home), backend, use_model=backend is not None)
            try:
                for it in (q for q in items if q["conversation"] == conv_id):
                    now = dt.datetime.combine(dt.date.fromisoformat(it["asked_on"]), dt.time(12))
                    t0 = time.perf_counter()
                    try:
                        got = svc.ask(it["question"], now)
                        text, comp = answer_text(got), got.computation
                    except Exception as exc:  # noqa: BLE001 - a crash is a wrong answer, reported
                        text, comp = f"ERROR {type(exc).__name__}: {exc}", ""
                    f1 = token_f1(text, it["answer"])
                    results.append({"id": it["id"], "kind": it["kind"], "question": it["question"], "gold": it["answer"],
                                    "answer": text, "f1": f1, "unknown": says_unknown(text),
                                    "seconds": time.perf_counter() - t0, "computation": comp})
                    if f1 < 1 and args.verbose:
                        print(f"  {f1:.2f} {it['id']} [{it['kind']}] {it['question']}\n    gold={it['answer']!r}\n"
                              f"    got={text[:300]!r}\n    {comp[:200]}", flush=True)
            finally:
                svc._backend = None  # shared across conversations: not this service's to close
                svc.close()
    return finish(backend, results, report, args.json)


def report(results: list[dict[str, Any]]) -> None:
    groups: dict[str, list[float]] = defaultdict(list)
    for r in results:
        groups[r["kind"]].append(r["f1"])
    print("\nby kind (token F1 × 100):")
    for name, f1s in sorted(groups.items()):
        print(f"  {name:14s} {100 * statistics.mean(f1s):5.1f}  ({len(f1s)} questions)")
    answerable = [r for r in results if r["gold"].strip().lower() != "unknown"]
    unknown_wrongly = sum(r["unknown"] for r in answerable)
    secs = [r["seconds"] for r in results]
    print(f"\nall: F1 {100 * statistics.mean(r['f1'] for r in results):.1f} over {len(results)} questions; "
          f"exact {sum(r['f1'] == 1 for r in results)}; \"don't know\" on {unknown_wrongly} of {len(answerable)} "
          f"answerable; median {statistics.median(secs):.2f} s, p95 "
          f"{sorted(secs)[max(0, math.ceil(0.95 * len(secs)) - 1)]:.1f} s a question")


if __name__ == "__main__":
    raise SystemExit(main())
