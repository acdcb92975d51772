"""Read the user's hand edits of ``domains/<d>/state.py`` back as typed field changes.

The file is parsed, never executed: only the literal shapes the renderer writes are understood
(``date(y, m, d)``, ``Decimal('..')``, ``Enum.MEMBER``, strings, numbers, lists). Anything else is
reported with file and line, so a broken edit is explained instead of silently dropped.
"""

from __future__ import annotations

import ast
import datetime as dt
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from engine.errors import ProjectError
from engine.frames import FRAMES_BY_NAME, Frame
from engine.project.naming import attr, enum_member
from engine.state import Record, State, StoredRecords, coerce

_IGNORED_FIELDS = {"id", "subject", "known_since", "evidence", "sources"}


@dataclass(frozen=True)
class FieldEdit:
    record: Record
    slot: str
    old: Any
    new: Any
    line: int

    def describe(self, rel: str) -> str:
        return f"hand edit of {rel} line {self.line}: {self.record.id} {self.slot} {_show(self.old)} -> {_show(self.new)}"


def _show(value: Any) -> str:
    if isinstance(value, dt.date):
        return value.isoformat()
    return "(none)" if value is None else str(value)


def find_edits(path: Path, state: State) -> list[FieldEdit]:
    """Field values in ``path`` that differ from the folded ``state``."""
    try:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, filename=str(path))
    except SyntaxError as exc:
        raise ProjectError(f"{path}:{exc.lineno}: {exc.msg}; fix the file (rules use the last valid state)") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ProjectError(f"{path}: cannot be read ({exc})") from exc
    records = {rec.id: rec for recs in state.records.values() if not isinstance(recs, StoredRecords)
               for rec in recs}  # records kept in the log are not in any state.py: no edit can name them
    edits: list[FieldEdit] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FRAMES_BY_NAME):
            continue
        fields = {kw.arg: kw.value for kw in node.keywords if kw.arg}
        rid = _value(fields.get("id"), path) if "id" in fields else None
        rec = records.get(rid) if isinstance(rid, str) else None
        if rec is None:
            continue  # a record the log does not know: adding records by hand is not supported
        fr = FRAMES_BY_NAME[node.func.id]
        by_attr = {attr(s): s for s in fr.slots}
        for name, value_node in fields.items():
            if name in _IGNORED_FIELDS:
                continue
            if name == "status":
                new = _value(value_node, path)
                if new != rec.status and isinstance(new, str):
                    if new not in fr.statuses:
                        raise ProjectError(f"{path}:{value_node.lineno}: status {new!r} is not one of {', '.join(fr.statuses)}")
                    edits.append(FieldEdit(rec, "status", rec.status, new, value_node.lineno))
                continue
            slot = by_attr.get(name)
            if slot is None:
                raise ProjectError(f"{path}:{value_node.lineno}: {fr.name} has no field {name!r}")
            new = _typed(fr, slot.name, _value(value_node, path, fr), path, value_node.lineno)
            old = rec.values.get(slot.name)
            if new is not None and new != old:
                edits.append(FieldEdit(rec, slot.name, old, new, value_node.lineno))
    return edits


def _typed(fr: Frame, slot_name: str, raw: Any, path: Path, line: int) -> Any:
    slot = fr.slot(slot_name)
    if raw is None:
        return None
    if slot.kind == "enum" and raw not in slot.choices:
        raise ProjectError(f"{path}:{line}: {raw!r} is not one of {', '.join(slot.choices)}")
    value = coerce(slot.kind, raw.isoformat() if isinstance(raw, dt.date) else raw)
    if value is None:
        raise ProjectError(f"{path}:{line}: {raw!r} is not a valid {slot.kind} for {fr.name}.{slot_name}")
    return value


def _value(node: ast.AST | None, path: Path, fr: Frame | None = None) -> Any:
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.List | ast.Tuple):
        return [_value(n, path, fr) for n in node.elts]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords:
        args = [_value(a, path, fr) for a in node.args]
        try:
            if node.func.id == "date":
                return dt.date(*args)
            if node.func.id == "Decimal" and len(args) == 1:
                return Decimal(str(args[0]))
        except (TypeError, ValueError, InvalidOperation) as exc:
            raise ProjectError(f"{path}:{line}: {exc}") from exc
    if isinstance(node, ast.Attribute) and fr is not None:
        for slot in fr.slots:
            for choice in slot.choices:
                if enum_member(choice, slot.choices) == node.attr:
                    return choice
    raise ProjectError(f"{path}:{line}: only plain values can be edited here (a date(...), Decimal('...'), text, number or enum member)")
