"""Read the data tables in ``resources/extract/`` (tab-separated, '#' comments), once per process."""

from __future__ import annotations

from functools import cache
from pathlib import Path

RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "extract"


@cache
def rows(name: str) -> tuple[tuple[str, ...], ...]:
    """Rows of a table; a missing trailing column reads as ''."""
    out: list[tuple[str, ...]] = []
    for line in (RESOURCES / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        out.append(tuple(c.strip() for c in line.split("\t")))
    return tuple(out)


@cache
def text(name: str) -> str:
    return (RESOURCES / name).read_text(encoding="utf-8")


def aliases(row: tuple[str, ...], col: int) -> list[str]:
    return [a.strip() for a in (row[col] if len(row) > col else "").split(",") if a.strip()]
