"""Asking on other people's questions: record files and questions written by someone who never saw
the code, gold computed by their own script. Every file of a set is imported into one profile (as a
user would), so the question must also find its collection.

    python -m benchmarks.ask.independent [--set independent|fresh|c] [--part all|tune|holdout]
                                         [--no-model] [--id a01] [--json out.json] [--verbose]
"""

from __future__ import annotations

import datetime as dt
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.common import default_backend, finish, load_items, parse_set, set_parser
from engine.ask import ask
from engine.importer import import_file
from engine.log import LogStore
from engine.state import load_state

DATA = Path(__file__).parent / "data"
SETS = {"independent": DATA / "independent", "fresh": DATA / "fresh", "c": DATA / "set_c", "d": DATA / "set_d"}

WORDS = (
    {"more", "higher", "increase", "increased", "up", "greater", "went up", "rose", "larger", "longer", "yes"},
    {"fewer", "less", "lower", "decrease", "decreased", "down", "went down", "dropped", "smaller", "shorter"},
    {"same", "equal", "unchanged", "no change", "the same", "neither"},
)
"""Words that say the same comparison: a 'word' answer is right when it falls in the gold's group."""


def _number(v: Any) -> float | None:
    if isinstance(v, bool):
        return None
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, str):
        m = re.fullmatch(r"\s*[$€£]?\s*(-?[\d,]*\.?\d+)\s*%?\s*", v)
        if m:
            return float(m.group(1).replace(",", ""))
    return None


def _decimals(gold: Any) -> int:
    text = repr(gold)
    return len(text.split(".")[1]) if "." in text and isinstance(gold, float) else 0


def _norm(v: Any) -> str:
    return " ".join(str(v).strip().lower().split())


def correct(got: Any, gold: Any, answer_type: str) -> bool:
    """Strict but fair: numbers within rounding of the gold's own precision, text case-insensitive,
    sets unordered, lists ordered, comparison words by meaning."""
    if answer_type == "number":
        g, n = _number(gold), _number(got)
        if g is None or n is None:
            return False
        places = _decimals(gold)
        return abs(n - g) <= max(0.011, 0.51 * 10 ** -places if places else 0.011)
    if answer_type in ("list", "set"):
        if not isinstance(got, list):
            got = [got] if got is not None else []
        a, b = [_norm(x) for x in got], [_norm(x) for x in gold]
        return a == b if answer_type == "list" else sorted(a) == sorted(b)
    if answer_type == "word":
        a, b = _norm(got), _norm(gold)
        return any(a in grp and b in grp for grp in WORDS) or a == b
    if isinstance(got, list) and len(got) == 1:
        got = got[0]
    g, n = _number(gold), _number(got)
    if g is not None and n is not None:
        return abs(n - g) <= 0.011
    return _norm(got) == _norm(gold)


def build(folder: Path, items: list[dict[str, Any]], workdir: Path) -> LogStore:
    store = LogStore(workdir / "log.db")
    for name in sorted({it["file"] for it in items}):
        path = folder / name
        import_file(store, path, path.stem)
    return store


def main(argv: list[str] | None = None) -> int:
    args, folder, items = parse_set(set_parser("python -m benchmarks.ask.independent", SETS, "independent"), SETS, argv)
    backend = default_backend(args.no_model)
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="uac-ask-indep-") as tmp:
        started = time.perf_counter()
        store = build(folder / "files", load_items(folder, "all"), Path(tmp))
        state = load_state(store)
        print(f"{len(items)} questions ({args.set}, {args.part}); imported in {time.perf_counter() - started:.1f} s",
              flush=True)
        for it in items:
            now = dt.datetime.fromisoformat(it["today"]).replace(hour=12)
            t0 = time.perf_counter()
            try:
                got = ask(state, it["question"], now, backend, store)
                answer, ir, comp, used = got.answer, got.ir, got.computation, got.model_used
            except Exception as exc:  # noqa: BLE001 - a crash is a wrong answer, reported
                answer, ir, comp, used = f"ERROR {type(exc).__name__}: {exc}", {}, "", False
            ok = correct(answer, it["answer"], it["answer_type"])
            results.append({"id": it["id"], "file": it["file"], "type": it["answer_type"], "question": it["question"],
                            "gold": it["answer"], "answer": answer, "ok": ok, "model": used,
                            "seconds": time.perf_counter() - t0, "ir": ir, "computation": comp})
            if not ok and args.verbose:
                print(f"  WRONG {it['id']} [{it['file']}] {it['question']}\n    gold={it['answer']!r} got={answer!r}\n"
                      f"    {comp}", flush=True)
        store.close()
    return finish(backend, results, report, args.json)


def report(results: list[dict[str, Any]]) -> None:
    for key in ("file", "type"):
        groups: dict[str, list[bool]] = defaultdict(list)
        for r in results:
            groups[r[key]].append(r["ok"])
        print(f"\nby {key}:")
        for name, oks in sorted(groups.items()):
            print(f"  {name:24s} {sum(oks):4d}/{len(oks):<4d} {sum(oks) / len(oks):.0%}")
    secs = [r["seconds"] for r in results]
    ok = sum(r["ok"] for r in results)
    print(f"\nall: {ok}/{len(results)} ({ok / len(results):.1%}); model used for {sum(r['model'] for r in results)}; "
          f"median {statistics.median(secs) * 1000:.0f} ms, max {max(secs):.1f} s a question")


if __name__ == "__main__":
    sys.exit(main())
