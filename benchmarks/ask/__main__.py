"""Run the ask benchmark: accuracy by type, pattern and N, latency, and the retrieval baseline.

    python -m benchmarks.ask [--quick] [--no-model] [--sizes 20,100,1000] [--baseline 40]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from benchmarks.ask.baseline import BM25, sentence
from benchmarks.ask.baseline import answer as baseline_answer
from benchmarks.ask.data import TYPES, generate, to_json_rows
from benchmarks.ask.questions import NOW, Item, correct, items_for
from engine.ask import ask
from engine.importer import import_file
from engine.log import LogStore
from engine.state import fold


def open_backend(no_model: bool) -> Any:
    if no_model:
        return None
    from engine.llm.catalog import DEFAULT_MODEL, find
    from engine.llm.install import installed_path
    from engine.llm.llama import LlamaBackend

    entry = find(DEFAULT_MODEL)
    assert entry is not None
    path = installed_path(entry)
    if not path.is_file():
        print(f"model {DEFAULT_MODEL} not installed; running cues only", file=sys.stderr)
        return None
    return LlamaBackend(path)


def build(n: int, seed: int, workdir: Path) -> tuple[Any, list[Item], dict[str, list[dict[str, Any]]]]:
    db = workdir / f"n{n}.db"
    store = LogStore(db)
    items: list[Item] = []
    raw: dict[str, list[dict[str, Any]]] = {}
    for rt in TYPES:
        rows = generate(rt, n, seed)
        path = workdir / f"{rt.name}-{n}.json"
        path.write_text(json.dumps(to_json_rows(rows, rt.money)))
        res = import_file(store, path, rt.name)
        assert res.skipped_duplicates + res.added == n
        # duplicates collapse into one record in state; gold is computed on what was imported
        seen: set[str] = set()
        unique = []
        for r in rows:
            key = json.dumps(r, sort_keys=True, default=str)
            if key not in seen:
                seen.add(key)
                unique.append(r)
        raw[rt.name] = unique
        items += items_for(rt, unique, n, seed)
    state = fold(store.facts())
    store.close()
    return state, items, raw


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ask")
    ap.add_argument("--quick", action="store_true", help="sizes 20 and 100, one phrasing sample per pattern")
    ap.add_argument("--no-model", action="store_true", help="cues only, no model tie-break")
    ap.add_argument("--sizes", default="20,100,1000")
    ap.add_argument("--baseline", type=int, default=60, help="questions for the retrieval baseline (0: skip)")
    ap.add_argument("--k", type=int, default=10, help="records the baseline retrieves")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--json", type=Path, help="write the full results here")
    args = ap.parse_args(argv)
    sizes = [20, 100] if args.quick else [int(s) for s in args.sizes.split(",")]
    backend = open_backend(args.no_model)
    if args.quick and args.baseline == 60:
        args.baseline = 20
    results: list[dict[str, Any]] = []
    baseline_pool: list[tuple[Item, Any]] = []
    with tempfile.TemporaryDirectory(prefix="uac-ask-bench-") as tmp:
        for n in sizes:
            started = time.perf_counter()
            state, items, raw = build(n, args.seed, Path(tmp))
            if args.quick:
                rng = random.Random(n)
                items = [it for it in items if it.phrasing == rng.randrange(3) or it.phrasing == 0]
            print(f"N={n}: {len(items)} questions over {sum(len(v) for v in raw.values())} records "
                  f"(built in {time.perf_counter() - started:.1f} s)", flush=True)
            docs = [sentence(name, r) for name, rows in raw.items() for r in rows]
            index = BM25(docs)
            for it in items:
                t0 = time.perf_counter()
                try:
                    got = ask(state, it.question, NOW, backend, None)
                    answer, kind, ir, comp, used = got.answer, got.kind, got.ir, got.computation, got.model_used
                except Exception as exc:  # noqa: BLE001 - a crash is a wrong answer, reported
                    answer, kind, ir, comp, used = f"ERROR {exc}", "error", {}, "", False
                secs = time.perf_counter() - t0
                ok = correct(answer, it.gold)
                results.append({"type": it.type, "pattern": it.pattern, "phrasing": it.phrasing, "n": n,
                                "question": it.question, "gold": it.gold, "answer": answer, "kind": kind,
                                "ok": ok, "seconds": secs, "model": used, "ir": ir, "computation": comp})
                if not ok:
                    print(f"  WRONG [{it.type}/{it.pattern}/{it.phrasing} N={n}] {it.question}\n"
                          f"    gold={it.gold!r} got={answer!r}\n    ir={json.dumps(ir, default=str)}", flush=True)
            if n <= 100:
                baseline_pool += [(it, index) for it in items]
    report(results)
    if args.baseline and backend is not None and hasattr(backend, "free_json"):
        rng = random.Random(args.seed)
        sample = rng.sample(baseline_pool, min(args.baseline, len(baseline_pool)))
        base_ok = ours_ok = 0
        for i, (it, index) in enumerate(sample, start=1):
            t0 = time.perf_counter()
            got = baseline_answer(backend, index, it.question, NOW.date().isoformat(), k=args.k)
            base_ok += correct(got, it.gold)
            print(f"  baseline {i}/{len(sample)} ({time.perf_counter() - t0:.1f} s) {it.question} gold={it.gold!r} "
                  f"got={got!r}", flush=True)
            ours_ok += next(r["ok"] for r in results if r["question"] == it.question and r["n"] == it.n)
        b, o = base_ok / len(sample), ours_ok / len(sample)
        print(f"\nretrieval baseline (BM25 top-{args.k} + same model) on {len(sample)} questions (N<=100): "
              f"{b:.1%}; computed answers on the same questions: {o:.1%}; ratio {o / b if b else float('inf'):.1f}x")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    if backend is not None:
        backend.close()
    return 0


def report(results: list[dict[str, Any]]) -> None:
    def table(key: str) -> None:
        groups: dict[Any, list[bool]] = defaultdict(list)
        for r in results:
            groups[r[key]].append(r["ok"])
        print(f"\naccuracy by {key}:")
        for k in sorted(groups, key=str):
            v = groups[k]
            print(f"  {str(k):<16} {sum(v):>4}/{len(v):<4} {sum(v) / len(v):6.1%}")

    total = sum(r["ok"] for r in results)
    times = sorted(r["seconds"] for r in results)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    table("type")
    table("pattern")
    table("n")
    print(f"\nOVERALL {total}/{len(results)} = {total / len(results):.1%}; latency median {statistics.median(times):.3f} s, "
          f"p95 {p95:.3f} s; model consulted on {sum(r['model'] for r in results)} questions")


if __name__ == "__main__":
    sys.exit(main())
