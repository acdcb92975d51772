"""Personal records outside the built-in frames: do they reach a typed collection, and can the
questions over them be answered?

    python -m benchmarks.collections [--part tune|holdout|all] [--no-model] [--id w6-001] [--json out]
                                     [--profiles DIR] [--gold-records]

Each history is replayed session by session into a fresh profile (``Service.ingest``, the path
`uac ingest` takes), then its questions are asked at their ``now``. A stated record counts when
some record of the state has its day and every number it states (a number may be in another
unit of the same quantity: minutes and hours, seconds and minutes), for the right person; the
words it states (a title, a crop) are scored separately. A corrected record is scored by its
corrected values.

``--profiles DIR`` keeps each history's profile in ``DIR/<id>`` and, when it is already there,
asks the questions over it without ingesting again: for studying the asking side while the
reading side is unchanged (its record counts are only as fresh as the profiles).

``--gold-records`` measures asking alone: each history's own records as its writer gave them
(corrections applied, whose record kept) are stored as one learned collection named by the
history's kind, and only the questions are scored — what a perfect reading would let the
planner answer.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

from benchmarks.common import default_backend, load_items

DATA = Path(__file__).resolve().parent / "data"
SETS = {"independent": DATA / "independent", "fresh": DATA / "fresh"}
_SCALES = (1.0, 60.0, 1 / 60.0, 1000.0, 0.001)


def close(a: float, b: float) -> bool:
    return abs(a - b) <= max(0.011, 0.01 * abs(b))


def same_quantity(got: float, want: float) -> bool:
    return any(close(got * s, want) for s in _SCALES)


USER_WORDS = frozenset({"", "me", "i", "myself", "self", "user", "the user"})
"""What writers put in a record's ``about`` for the user: some leave it out, some write "me"."""


def about_someone_else(gold: dict[str, Any]) -> bool:
    """Whether a gold record is about someone other than the user."""
    return str(gold.get("about") or "").strip().lower() not in USER_WORDS


def final_records(sc: dict[str, Any]) -> list[dict[str, Any]]:
    """The records that stand after corrections. ``corrects`` is the index of the record a correction
    replaces, or ``true``: then it replaces the latest record of the same person and day stated in an
    earlier session (writers differ: some list only final values, some the first value too); a record
    of that day from the correction's own session is another record, not the one corrected."""
    records = sc["records"]
    corrected = {r["corrects"] for r in records if isinstance(r.get("corrects"), int) and not isinstance(r["corrects"], bool)}
    for i, r in enumerate(records):
        if r.get("corrects") is True:
            day = with_day(r)["values"].get("date")
            earlier = [j for j, old in enumerate(records[:i]) if j not in corrected and day
                       and with_day(old)["values"].get("date") == day and old.get("about") == r.get("about")
                       and old.get("session_index", -1) < r.get("session_index", -1)]
            corrected.update(earlier[-1:])
    return [with_day(r) for i, r in enumerate(records) if i not in corrected]


def with_day(gold: dict[str, Any]) -> dict[str, Any]:
    """A record whose writer gave its day beside the values (``"date"`` at the record's top level)
    gets it among the values, where the others put it: the day is scored and asked over either way."""
    if gold.get("date") and "date" not in gold["values"]:
        return dict(gold, values={"date": gold["date"], **gold["values"]})
    return gold


def _numbers(values: dict[str, Any]) -> list[float]:
    out = []
    for v in values.values():
        if isinstance(v, bool):
            continue
        if isinstance(v, (int, float, Decimal)):
            out.append(float(v))
    return out


def _texts(values: dict[str, Any]) -> list[str]:
    return [str(v).lower() for v in values.values() if isinstance(v, str)]


def record_matches(gold: dict[str, Any], rec: Any) -> tuple[bool, bool]:
    """(day and numbers match, words match too) for one state record."""
    values = gold["values"]
    if about_someone_else(gold) == (rec.subject == "me"):
        return False, False
    days = {v.isoformat() for v in rec.values.values() if isinstance(v, dt.date)}
    if values.get("date") and values["date"] not in days:
        return False, False
    have = _numbers(rec.values)
    for k, want in values.items():
        if k == "date" or isinstance(want, (str, bool)):
            continue
        if not any(same_quantity(g, float(want)) for g in have):
            return False, False
    texts = _texts({k: v for k, v in rec.values.items() if not isinstance(v, (dt.date, dt.time))})
    words_ok = all(
        any(str(want).lower() in t or t in str(want).lower() for t in texts)
        for k, want in values.items() if k != "date" and isinstance(want, str) and ":" not in want
    )
    return True, words_ok


def answer_matches(q: dict[str, Any], answer: Any) -> bool:
    if answer is None:
        return False
    want = q["answer"]
    kind = q["answer_type"]
    if kind in ("number", "count"):  # some writers mark a count as its own answer type
        try:
            got = float(answer[0] if isinstance(answer, list) and len(answer) == 1 else answer)
        except (TypeError, ValueError):
            return False
        return close(got, float(want)) or (q.get("unit") in ("hours", "minutes", "seconds") and same_quantity(got, float(want)))
    if kind == "date":
        return str(answer)[:10] == str(want) or (isinstance(answer, list) and [str(a)[:10] for a in answer] == [want])
    if kind == "list":
        got = {str(a).lower() for a in (answer if isinstance(answer, list) else [answer])}
        return got == {str(w).lower() for w in want}
    got = answer[0] if isinstance(answer, list) and len(answer) == 1 else answer
    seconds = clock_seconds(str(want), str(q.get("unit") or ""))
    if seconds is not None and isinstance(got, int | float | Decimal) and not isinstance(got, bool):
        return any(close(float(got) * s, seconds) for s in (1.0, 60.0))  # "26:58" is 1618 s or 26.97 min
    return str(want).lower() in str(got).lower()


def clock_seconds(text: str, unit: str = "") -> float | None:
    """The seconds of a duration written as a clock, read by its unit: "26:58" or "8:29.9" as m:ss
    (no unit, or "mm:ss"), "1:30" as h:mm only when the unit says so, "1:02:30" as h:mm:ss; None
    for anything else (a time of day has a unit of its own)."""
    unit = unit.strip().lower()
    if unit not in ("", "mm:ss", "m:ss", "min:sec", "h:mm", "hh:mm", "h:mm:ss", "hh:mm:ss"):
        return None
    m = re.fullmatch(r"\s*(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)\s*", text)
    if m is None:
        return None
    if m.group(1) is None and unit in ("h:mm", "hh:mm"):
        return int(m.group(2)) * 3600 + float(m.group(3)) * 60
    return int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))


def run(sc: dict[str, Any], backend: Any, keep: Path | None = None) -> dict[str, Any]:
    from engine.profile import Profile
    from engine.service import Service
    from engine.state import fold

    out: dict[str, Any] = {"id": sc["id"], "kind": sc["kind"], "records": [], "questions": [], "model_s": []}
    with tempfile.TemporaryDirectory() as tmp:
        home = keep / sc["id"] if keep is not None else Path(tmp)
        ingested = (home / ".ingested").exists()
        svc = Service(Profile.open(home), backend, use_model=backend is not None)
        try:
            if not ingested:
                for session in sc["sessions"]:
                    svc.ingest(session["text"], dt.date.fromisoformat(session["session_date"]))
                (home / ".ingested").write_text("every session\n")
            state = fold(svc.log.facts())
            records = [r for frame, recs in state.records.items() if frame != "Note" for r in recs]
            for gold in final_records(sc):
                hits = [record_matches(gold, r) for r in records]
                out["records"].append({"gold": gold["values"], "ok": any(h[0] for h in hits),
                                       "words": any(h[0] and h[1] for h in hits)})
            out["collections"] = sorted({f.collection for f in state.frames.values()})
            for q in sc["questions"]:
                now = dt.datetime.fromisoformat(q["now"] + ("T12:00" if "T" not in q["now"] else ""))
                started = time.perf_counter()
                try:
                    ans = svc.ask(q["question"], now)
                    got, text = ans.answer, ans.text
                except Exception as exc:  # noqa: BLE001 - a crash is a wrong answer, reported
                    got, text = None, f"error: {exc}"
                out["questions"].append({"q": q["question"], "want": q["answer"], "got": got, "text": str(text)[:160],
                                         "ok": answer_matches(q, got), "s": time.perf_counter() - started})
        finally:
            svc._backend = None  # shared across histories: not ours to close
            svc.close()
    return out


_UNIT_SUFFIX = {"hr": "h", "hrs": "h", "hours": "h", "sec": "s", "gallons": "gal", "c": "°C", "f": "°F", "pct": "%",
                "kwh": "kWh", "in": "in"}


def _gold_field(name: str, values: list[Any]) -> Any:
    from engine.learn.collection import LearnedField
    from engine.learn.quantities import unit_named

    if all(isinstance(v, str) and len(v) == 5 and v[2] == ":" for v in values):
        return LearnedField(name, "time")
    if all(isinstance(v, str) for v in values):
        return LearnedField(name, "date" if name == "date" else "str")
    tail = name.rpartition("_")[2]
    if tail in _CURRENCIES:  # "amount_gbp": money, as the learning step keeps an amount with its currency
        return LearnedField(name, "money", currency=tail.upper())
    unit = _UNIT_SUFFIX.get(tail, tail)
    return LearnedField(name, "float", unit if unit_named(unit) is not None else "")


_CURRENCIES = frozenset({"gbp", "usd", "eur", "cad", "aud", "nzd", "chf", "sek", "nok", "dkk", "inr", "jpy"})


def run_gold(sc: dict[str, Any], backend: Any) -> dict[str, Any]:
    """Ask the history's questions over its writer's own records (see ``--gold-records``)."""
    from engine.ask import ask
    from engine.frames import IMPORT_DOMAIN
    from engine.learn.collection import clean_name, new_collection, record_key, schema_fact
    from engine.log import LogStore, NewFact
    from engine.state import fold

    out: dict[str, Any] = {"id": sc["id"], "kind": sc["kind"], "records": [], "questions": [], "model_s": []}
    from engine.learn.collection import usable_field_name

    records = [dict(r, values={usable_field_name(k) if k != "date" else k: v for k, v in r["values"].items()})
               for r in final_records(sc)]
    names = list(dict.fromkeys(k for r in records for k in r["values"]))
    fields = [_gold_field(n, [r["values"][n] for r in records if n in r["values"]]) for n in names]
    with tempfile.TemporaryDirectory() as tmp:
        store = LogStore(Path(tmp) / "log.sqlite3")
        try:
            first = sc["sessions"][0]
            day = dt.date.fromisoformat(first["session_date"])
            sid, (mid,) = store.add_session([("user", first["text"])], day)
            name = clean_name(sc["kind"])
            coll = new_collection(name, fields, [])
            facts: list[Any] = [schema_fact(coll, session_id=sid, message_id=mid, session_date=day, evidence="")]
            for r in records:
                slots = dict(r["values"])
                who = r["about"] if about_someone_else(r) else "me"
                facts.append(NewFact(sid, mid, day, IMPORT_DOMAIN, coll.frame, record_key(coll.name, who, slots, None),
                                     slots, subject=who, evidence=sc["sessions"][r["session_index"]]["text"]))
            store.add_facts(facts)
            state = fold(store.facts())
            out["collections"] = [coll.name]
            for q in sc["questions"]:
                now = dt.datetime.fromisoformat(q["now"] + ("T12:00" if "T" not in q["now"] else ""))
                started = time.perf_counter()
                try:
                    ans = ask(state, q["question"], now, backend, store)
                    got, text = ans.answer, f"{ans.computation}"
                except Exception as exc:  # noqa: BLE001 - a crash is a wrong answer, reported
                    got, text = None, f"error: {exc}"
                out["questions"].append({"q": q["question"], "want": q["answer"], "got": got, "text": text[:300],
                                         "ok": answer_matches(q, got), "s": time.perf_counter() - started})
        finally:
            store.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="bench-collections")
    ap.add_argument("--set", choices=sorted(SETS), default="independent")
    ap.add_argument("--part", choices=["all", "tune", "holdout"], default="all")
    ap.add_argument("--no-model", action="store_true")
    ap.add_argument("--id", help="only histories whose id starts with this")
    ap.add_argument("--json", type=Path, help="write every record and answer here")
    ap.add_argument("--profiles", type=Path, help="keep each history's profile here; reuse one already ingested")
    ap.add_argument("--gold-records", action="store_true", help="ask over the writer's own records (asking alone)")
    args = ap.parse_args(argv)
    items = load_items(SETS[args.set], args.part, args.id)
    backend = default_backend(args.no_model)
    started = time.perf_counter()
    results = []
    print(f"{len(items)} histories, set {args.set} ({args.part}), {'no model' if backend is None else 'default model'}")
    for sc in items:
        res = run_gold(sc, backend) if args.gold_records else run(sc, backend, args.profiles)
        results.append(res)
        rec_ok = sum(r["ok"] for r in res["records"])
        q_ok = sum(q["ok"] for q in res["questions"])
        print(f"  {sc['id']} {sc['kind']:<18} records {rec_ok}/{len(res['records'])}  questions {q_ok}/{len(res['questions'])}"
              f"  collections {', '.join(res.get('collections', [])) or '-'}", flush=True)
        for r in res["records"]:
            if not r["ok"]:
                print(f"      missed record {r['gold']}")
        for q in res["questions"]:
            if not q["ok"]:
                print(f"      wrong: {q['q']!r} want {q['want']!r} got {q['got']!r}")
                if args.gold_records:
                    print(f"        {q['text']}")
    recs = [r for res in results for r in res["records"]]
    qs = [q for res in results for q in res["questions"]]
    print(f"\n{len(items)} histories in {time.perf_counter() - started:.0f} s")
    print(f"records in a typed collection with the right day and numbers: {sum(r['ok'] for r in recs)}/{len(recs)}"
          f" = {sum(r['ok'] for r in recs) / max(len(recs), 1):.1%}  (words too: {sum(r['words'] for r in recs)})")
    print(f"questions answered right: {sum(q['ok'] for q in qs)}/{len(qs)} = {sum(q['ok'] for q in qs) / max(len(qs), 1):.1%}"
          f"  (median {statistics.median([q['s'] for q in qs]) if qs else 0:.2f} s)")
    calls = getattr(backend, "calls", 0)
    if calls:
        print(f"model calls: {calls}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
