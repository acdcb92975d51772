"""The model's few-shot examples must not be the benchmarks' own sentences: a benchmark measures
phrasings nobody tuned on, and an example that paraphrases one of its items measures the prompt.
Every example text is compared with every benchmark text by runs of six words."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUN = 6
MAX_SHARED = 3
"""Runs of six words an example may share with one benchmark text (common phrases do happen)."""


def _runs(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9£$€']+", text.lower())
    return {tuple(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def _benchmark_texts() -> Iterator[tuple[str, str]]:
    field = re.compile(r'"(?:text|question|instruction)"\s*:\s*"((?:[^"\\]|\\.){20,})"')
    for path in sorted((ROOT / "benchmarks").glob("**/data/**/*.json*")):
        for raw in field.findall(path.read_text(encoding="utf-8", errors="ignore")):
            yield str(path.relative_to(ROOT)), json.loads(f'"{raw}"')


def _examples() -> Iterator[tuple[str, str]]:
    for path in sorted((ROOT / "resources").glob("**/*examples*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                doc = json.loads(line)
                yield str(path.relative_to(ROOT)), str(doc.get("text") or doc.get("question") or "")


def shared(examples: list[tuple[str, str]]) -> list[str]:
    bench = [(where, _runs(text)) for where, text in _benchmark_texts()]
    out = []
    for source, text in examples:
        mine = _runs(text)
        for where, runs in bench:
            if len(mine & runs) > MAX_SHARED:
                out.append(f"{source}: {text[:60]!r} shares {len(mine & runs)} runs of {RUN} words with {where}")
    return out


def test_no_few_shot_example_is_a_benchmark_sentence() -> None:
    assert shared(list(_examples())) == []


def test_the_check_catches_a_paraphrased_benchmark_item() -> None:
    text = next(t for _, t in _benchmark_texts() if len(_runs(t)) > 2 * MAX_SHARED + 2)
    reworded = "Honestly, " + text.replace(".", ",", 1)  # a light edit keeps most runs of words
    assert shared([("probe", reworded)]) != []
