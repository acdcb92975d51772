"""What the benchmarks over independent sets share: the stable tune/holdout split, reading a set,
and the embedded model they run on."""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def split(items: list[dict[str, Any]], part: str) -> list[dict[str, Any]]:
    """The stable id-hash split: 'tune' (~60%) may be studied, 'holdout' (~40%) is only reported."""
    if part == "all":
        return items
    keep = (lambda h: h < 60) if part == "tune" else (lambda h: h >= 60)
    return [it for it in items if keep(int(hashlib.sha256(it["id"].encode()).hexdigest(), 16) % 100)]


def load_items(folder: Path, part: str, id_prefix: str | None = None) -> list[dict[str, Any]]:
    """Every item of the set's JSONL files, in the chosen part, optionally only ids starting with one
    of the comma-separated prefixes."""
    items = split([json.loads(line) for path in sorted(folder.glob("*.jsonl"))
                   for line in path.read_text().splitlines() if line.strip()], part)
    prefixes = tuple(p.strip() for p in (id_prefix or "").split(",") if p.strip())
    return [it for it in items if not prefixes or it["id"].startswith(prefixes)]


def default_backend(no_model: bool) -> Any:
    """The embedded default model, or None when asked to run without it. Its deadline is generous:
    a benchmark measures what the model reads, not whether another process slowed it down."""
    if no_model:
        return None
    from engine.llm.catalog import DEFAULT_MODEL, find
    from engine.llm.install import installed_path
    from engine.llm.llama import LlamaBackend

    entry = find(DEFAULT_MODEL)
    assert entry is not None
    return LlamaBackend(installed_path(entry), deadline_s=60)


def set_parser(prog: str, sets: dict[str, Path], default: str) -> argparse.ArgumentParser:
    """The options every benchmark over an independent question set takes."""
    ap = argparse.ArgumentParser(prog=prog)
    ap.add_argument("--set", choices=sorted(sets), default=default)
    ap.add_argument("--part", choices=["all", "tune", "holdout"], default="all")
    ap.add_argument("--no-model", action="store_true", help="without the model")
    ap.add_argument("--id", help="only questions whose id starts with one of these (comma-separated)")
    ap.add_argument("--verbose", action="store_true", help="print every wrong answer")
    ap.add_argument("--json", type=Path, help="write every answer here")
    return ap


def finish(backend: Any, results: list[dict[str, Any]], report: Callable[[list[dict[str, Any]]], None],
           json_path: Path | None) -> int:
    """Close the model, print the report, keep every answer if asked."""
    if backend is not None:
        backend.close()
    report(results)
    if json_path:
        json_path.write_text(json.dumps(results, indent=1, default=str))
    return 0


def parse_set(ap: argparse.ArgumentParser, sets: dict[str, Path], argv: list[str] | None) -> tuple[Any, Path, list[dict[str, Any]]]:
    """The parsed options, the chosen set's folder and its questions; exits with a message when none match."""
    args = ap.parse_args(argv)
    folder = sets[args.set]
    items = load_items(folder, args.part, args.id)
    if not items:
        raise SystemExit("no questions")
    return args, folder, items
