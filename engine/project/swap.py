"""Swap a validated staging tree into the live project, surviving a crash at any point.

The plan is written to ``.uac/journal.json`` (atomically) before the first live file changes.
Until then a crash leaves the live project untouched and the next run deletes the staging tree;
after it, the next run replays the journal: every step is idempotent (a file already moved is
skipped), so an interrupted swap always ends complete, never half-applied.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from typing import Any

from engine.errors import ProjectError
from engine.project.meta import FileStamp, Layout, Meta, write_atomic


@dataclass
class SwapPlan:
    """``writes``: staged files to move live, with their content hash (bytecode too, recorded
    apart in ``meta.bytecode``);
    ``deletes``: live files no longer rendered; ``meta``: the bookkeeping once done."""

    writes: dict[str, str | None] = field(default_factory=dict)
    deletes: list[str] = field(default_factory=list)
    meta: Meta = field(default_factory=Meta)

    def to_json(self) -> dict[str, Any]:
        return {"writes": self.writes, "deletes": self.deletes, "meta": self.meta.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SwapPlan:
        return cls(dict(data["writes"]), list(data["deletes"]), Meta.from_json(data["meta"]))


def commit(layout: Layout, plan: SwapPlan) -> None:
    """Journal the plan, then apply it."""
    write_atomic(layout.journal, json.dumps(plan.to_json(), sort_keys=True).encode())
    apply(layout, plan)


def apply(layout: Layout, plan: SwapPlan) -> None:
    root = layout.root
    for rel in sorted(plan.writes):
        src, dst = layout.staging / rel, root / rel
        if src.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            os.replace(src, dst)
    for rel in plan.deletes:
        (root / rel).unlink(missing_ok=True)
    meta = plan.meta
    for rel, digest in plan.writes.items():
        if digest is None:
            continue
        if rel.endswith(".pyc"):
            meta.bytecode[rel] = digest
            continue
        live = root / rel
        try:
            st = live.stat()
            data = live.read_bytes() if rel.endswith(".py") and not rel.startswith("tests/") else None
        except OSError as exc:
            raise ProjectError(f"the project file {live} vanished during the swap ({exc}); checkpoint again") from exc
        meta.files[rel] = FileStamp(digest, st.st_size, st.st_mtime_ns)
        if data is not None:  # code only: a big collection's data file has no last good copy
            write_atomic(layout.good / rel, data)
    for rel in plan.deletes:
        meta.files.pop(rel, None)
        (layout.good / rel).unlink(missing_ok=True)
    meta.save(layout)
    layout.journal.unlink(missing_ok=True)
    shutil.rmtree(layout.staging, ignore_errors=True)


def recover(layout: Layout) -> bool:
    """Finish an interrupted swap, or drop an unfinished staging tree. True if a swap was finished."""
    layout.journal.with_name(layout.journal.name + ".tmp").unlink(missing_ok=True)
    if layout.journal.exists():
        try:
            plan = SwapPlan.from_json(json.loads(layout.journal.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ProjectError(
                f"the checkpoint journal {layout.journal} is unreadable ({exc}); delete it and checkpoint again"
            ) from exc
        apply(layout, plan)
        return True
    if layout.staging.exists():
        shutil.rmtree(layout.staging, ignore_errors=True)
    return False
