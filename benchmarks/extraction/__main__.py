"""``make bench-extract``: typed-slot P/R/F1 per frame, supersession accuracy on multi-session
stories, latency per message — for detectors+model, detectors only, and a naive free-form JSON
baseline with the same model, all in one run, with ratios."""

from __future__ import annotations

import argparse
import datetime as dt
import fnmatch
import hashlib
import json
import os
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.extraction.score import Score, norm, same, score_utterance, subject
from engine.errors import ModelError
from engine.extract.pipeline import extract_messages
from engine.frames import FRAMES
from engine.llm.catalog import DEFAULT_MODEL, find
from engine.llm.install import installed_path
from engine.llm.llama import LlamaBackend
from engine.profile import Profile
from engine.service import Service
from models.log import MessageRow

DATA = Path(__file__).parent / "data"
# the team's own sets (regression), sets written by people who never saw the code, a late fresh set
SETS = {"dev": DATA, "independent": DATA / "independent", "fresh": DATA / "fresh"}


def load(pattern: str, exclude: Sequence[str] = (), data: Path = DATA) -> list[dict[str, Any]]:
    """All items of the data files matching ``pattern`` (the dev set grows in several files), except
    files matching an ``exclude`` pattern (to report on the files as they stood at some point)."""
    return [json.loads(line) for path in sorted(data.glob(pattern))
            if not any(fnmatch.fnmatch(path.name, x) for x in exclude)
            for line in path.read_text().splitlines() if line.strip()]


def predict(text: str, day: dt.date, backend: Any) -> list[dict[str, Any]]:
    msg = MessageRow(id=1, session_id="bench", seq=0, speaker="user", text=text, created_at=dt.datetime(2000, 1, 1))
    facts = extract_messages([msg], [msg], day, [], backend)
    return [{"frame": f.frame, "subject": f.subject, "slots": f.slots} for f in facts if f.frame != "Note"]


NAIVE_SYSTEM = (
    "Extract the facts in the user's message as JSON: {\"facts\": [{\"frame\": ..., \"subject\": \"me\" or a "
    "person's first name, \"slots\": {...}}]}. Frames and their slots: "
    + "; ".join(f"{f.name}({', '.join(f.slot_names)})" for f in FRAMES if f.name != "Note")
    + ". Dates as YYYY-MM-DD resolved against the session date; money as a number with a currency slot; "
    "country as an ISO alpha-2 code. No facts: {\"facts\": []}."
)


def predict_naive(text: str, day: dt.date, backend: LlamaBackend) -> list[dict[str, Any]]:
    out = backend.free_json(NAIVE_SYSTEM, f"Session date: {day.isoformat()}\nMessage: {text}")
    facts = out.get("facts", []) if isinstance(out, dict) else []
    return [f for f in facts if isinstance(f, dict) and isinstance(f.get("slots"), dict) and "frame" in f]


def split(items: list[dict[str, Any]], part: str) -> list[dict[str, Any]]:
    """A stable split by id: 'tune' (about 60%) may be studied when improving extraction;
    'holdout' (about 40%) is only for reporting, so improvements have to generalise."""
    if part == "all":
        return items
    keep = (lambda h: h < 60) if part == "tune" else (lambda h: h >= 60)
    return [it for it in items if keep(int(hashlib.sha256(it["id"].encode()).hexdigest(), 16) % 100)]


def run_set(name: str, items: list[dict[str, Any]], fn: Any) -> tuple[Score, list[float]]:
    score, latencies = Score(), []
    for item in items:
        day = dt.date.fromisoformat(item["session_date"])
        started = time.perf_counter()
        try:
            predicted = fn(item["text"], day)
        except ModelError as exc:  # a failed message extracts nothing (and stays pending in the app)
            print(f"   ! {item['id']}: {exc}")
            score.errors += 1
            predicted = []
        latencies.append(time.perf_counter() - started)
        score_utterance(item["text"], item["facts"], predicted, score)
    return score, latencies


def run_stories(stories: list[dict[str, Any]], use_model: bool) -> tuple[int, int, list[str]]:
    passed, failures = 0, []
    for story in stories:
        with tempfile.TemporaryDirectory() as tmp:
            svc = Service(Profile.open(tmp), use_model=use_model)
            try:
                for i, sess in enumerate(story["sessions"]):
                    svc.log.add_session([("user", sess["text"])], dt.date.fromisoformat(sess["session_date"]),
                                        session_id=f"s{i}")
                    svc.extract_pending()
                records = [r for recs in svc.state().records.values() for r in recs]
            finally:
                svc.close()
        ok = all(_record_matches(g, records) for g in story["final"] if not g.get("optional"))
        passed += ok
        if not ok:
            failures.append(story["id"])
    return passed, len(stories), failures


def _record_matches(gold: dict[str, Any], records: list[Any]) -> bool:
    for rec in records:
        if rec.frame != gold["frame"] or subject({"frame": rec.frame, "subject": rec.subject}) != subject(gold):
            continue
        values = {k: norm(v.isoformat() if hasattr(v, "isoformat") else v) for k, v in rec.values.items()}
        optional = set(gold.get("optional_slots", []))
        if all(same(k, norm(v), values.get(k, "")) or (k in optional and not values.get(k))
               for k, v in gold["slots"].items()) and (
            gold.get("status") is None or rec.status == gold["status"]
        ):
            return True
    return False


def show_misses(items: list[dict[str, Any]], frames: set[str] | None = None, backend: Any = None) -> None:
    """Print the utterances extraction gets wrong; ``frames`` keeps those whose gold or prediction has one of them."""
    for item in items:
        day = dt.date.fromisoformat(item["session_date"])
        one = Score()
        predicted = predict(item["text"], day, backend)
        score_utterance(item["text"], item["facts"], predicted, one)
        involved = {g["frame"] for g in item["facts"]} | {p["frame"] for p in predicted}
        if frames and not involved & frames:
            continue
        if one.total.fp or one.total.fn:
            print(f"\n-- {item['id']} ({item['session_date']}): {item['text']}")
            for g in item["facts"]:
                print(f"   gold {g['frame']}[{g.get('subject', 'me')}] {g.get('slots')} status={g.get('status')}")
            for p in predicted:
                print(f"   got  {p['frame']}[{p['subject']}] {p['slots']}")


def compare_modes(utterances: list[dict[str, Any]], backend: LlamaBackend, modes: list[str], misses: bool) -> int:
    """The same utterances through each extraction mode (``UAC_EXTRACT_MODE``), one backend, one run."""
    results = {}
    for mode in modes:
        os.environ["UAC_EXTRACT_MODE"] = mode
        use = None if mode == "detectors" else backend
        calls = backend.calls
        sc, lat = run_set(mode, utterances, lambda t, d, use=use: predict(t, d, use))
        results[mode] = report(f"{mode}", sc, lat)
        print(f"   model calls: {backend.calls - calls} for {len(utterances)} messages")
        if misses:
            show_misses(utterances, backend=use)
    os.environ.pop("UAC_EXTRACT_MODE", None)
    print("\n== modes: " + "  ".join(f"{m} F1 {r['f1']:.3f} (invented {r['invented']}, median {r['median']:.2f} s)"
                                    for m, r in results.items()))
    backend.close()
    return 0


def report(label: str, score: Score, lat: list[float]) -> dict[str, Any]:
    t = score.total
    print(f"\n== {label}: P {t.precision:.2f}  R {t.recall:.2f}  F1 {t.f1:.3f}  invented {score.invented}/{score.values}"
          f"  latency median {statistics.median(lat):.3f} s  p95 {sorted(lat)[int(0.95 * (len(lat) - 1))]:.3f} s")
    for frame, c in sorted(score.per_frame.items()):
        print(f"   {frame:<15} P {c.precision:.2f}  R {c.recall:.2f}  F1 {c.f1:.2f}  (tp {c.tp}, fp {c.fp}, fn {c.fn})")
    return {"f1": t.f1, "invented": score.invented, "median": statistics.median(lat)}


def main() -> int:
    ap = argparse.ArgumentParser(prog="bench-extract")
    ap.add_argument("--naive-limit", type=int, default=60, help="utterances for the slow naive baseline")
    ap.add_argument("--model", default=DEFAULT_MODEL)
    ap.add_argument("--part", choices=["all", "tune", "holdout"], default="all")
    ap.add_argument("--detectors-only", action="store_true", help="skip the model runs (fast)")
    ap.add_argument("--show-misses", action="store_true", help="print each utterance's gold and prediction")
    ap.add_argument("--frames", help="comma-separated frames: --show-misses prints only utterances involving them")
    ap.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                    help="leave out data files whose name matches (repeatable), e.g. '*3.jsonl'")
    ap.add_argument("--set", choices=sorted(SETS), default="dev",
                    help="dev: the team's sets; independent: written by people who never saw the code; fresh: the late set")
    ap.add_argument("--modes", default="",
                    help="compare extraction modes on the set, e.g. 'detectors,model,merged' (one model, one run)")
    args = ap.parse_args()
    utterances = split(load("utterances*.jsonl", args.exclude, SETS[args.set]), args.part)
    stories = split(load("stories*.jsonl", args.exclude, SETS[args.set]), args.part)
    entry = find(args.model)
    backend = LlamaBackend(installed_path(entry) if entry else Path(args.model))
    print(f"{len(utterances)} utterances, {len(stories)} stories, set {args.set} ({args.part}), model {backend.name}")
    if args.modes:
        return compare_modes(utterances, backend, args.modes.split(","), args.show_misses)

    det_score, det_lat = run_set("detectors", utterances, lambda t, d: predict(t, d, None))
    det = report("detectors only", det_score, det_lat)
    if args.show_misses:
        show_misses(utterances, set(args.frames.split(",")) if args.frames else None)
    if args.detectors_only:
        s_pass, s_total, s_fail = run_stories(stories, use_model=False)
        print(f"\n== supersession stories (detectors only): {s_pass}/{s_total}" + (f"  failed: {', '.join(s_fail)}" if s_fail else ""))
        return 0
    calls_before = backend.calls
    full_score, full_lat = run_set("full", utterances, lambda t, d: predict(t, d, backend))
    full = report("detectors + model", full_score, full_lat)
    print(f"   model calls: {backend.calls - calls_before} for {len(utterances)} messages")

    subset = utterances[: args.naive_limit]
    naive_score, naive_lat = run_set("naive", subset, lambda t, d: predict_naive(t, d, backend))
    naive = report(f"naive free-form JSON baseline (first {len(subset)})", naive_score, naive_lat)
    sub_score, _ = run_set("full-subset", subset, lambda t, d: predict(t, d, backend))
    sub = sub_score.total

    s_pass, s_total, s_fail = run_stories(stories, use_model=True)
    print(f"\n== supersession stories: {s_pass}/{s_total} final states exact" + (f"  failed: {', '.join(s_fail)}" if s_fail else ""))
    invented_rate = lambda s: s.invented / max(1, s.values)  # noqa: E731
    print("\n== ratios (same run, same model)")
    print(f"   F1 full / detectors-only      {full['f1'] / max(det['f1'], 1e-9):.2f}")
    print(f"   F1 full / naive (same subset) {sub.f1 / max(naive['f1'], 1e-9):.2f}")
    print(f"   invented-value rate naive / full (subset) "
          f"{invented_rate(naive_score) / max(invented_rate(sub_score), 1e-9):.1f}x"
          f"  ({naive_score.invented}/{naive_score.values} vs {sub_score.invented}/{sub_score.values})")
    print(f"   median latency naive / full   {naive['median'] / max(full['median'], 1e-9):.1f}x")
    backend.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
