"""What the model may propose, derived from the frame catalog: one typed variant per frame.

A field's type says where its value may come from: ``date``/``time``/``money`` only as a candidate
id, ``enum`` only from its choices, ``span``/``place``/``list``/``int`` only as words of the
message (checked by code afterwards). ``derived`` slots are never offered: code computes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.frames import FRAMES, Frame, Slot

# frames the model reads into; notes are kept by the pipeline itself
READ_FRAMES = tuple(f for f in FRAMES if f.name != "Note")
_MAX_SPAN = 60


@dataclass(frozen=True)
class Field:
    name: str
    type: str  # date | time | money | enum | span | place | list | int
    choices: tuple[str, ...] = ()


def field_type(slot: Slot) -> str | None:
    if slot.role == "derived":
        return None
    if slot.role in ("time", "place"):
        return slot.role
    return {"date": "date", "money": "money", "enum": "enum", "list": "list", "int": "int"}.get(slot.kind, "span")


@cache
def fields_of(frame_name: str) -> tuple[Field, ...]:
    fr = next(f for f in READ_FRAMES if f.name == frame_name)
    out = []
    for slot in fr.slots:
        t = field_type(slot)
        if t is not None:
            out.append(Field(slot.name, t, slot.choices))
    return tuple(out)


def describe(fr: Frame) -> str:
    """One line per frame for the instruction block: fields with their types, statuses, purpose."""
    parts = []
    for f in fields_of(fr.name):
        if f.type == "enum":
            parts.append(f"{f.name}({'|'.join(f.choices)})")
        elif f.type in ("date", "time", "money"):
            parts.append(f"{f.name}({f.type} id)")
        else:
            parts.append(f.name)
    return f"- {fr.name}: {', '.join(parts)}; status {'|'.join(fr.statuses)}. {fr.doc}"


def record_schema(fr: Frame, ids: dict[str, list[str]]) -> dict[str, Any]:
    """The JSON schema of one record variant, its id fields restricted to this message's candidates."""
    props: dict[str, Any] = {"record": {"const": fr.name}, "who": {"type": "string", "maxLength": 40},
                             "status": {"enum": list(fr.statuses)}}
    for f in fields_of(fr.name):
        if f.type in ("date", "time", "money"):
            if ids.get(f.type):
                props[f.name] = {"enum": ids[f.type]}
        elif f.type == "enum":
            props[f.name] = {"enum": list(f.choices)}
        elif f.type == "list":
            props[f.name] = {"type": "array", "items": {"type": "string", "maxLength": 40}, "maxItems": 4}
        elif f.type == "int":
            props[f.name] = {"type": "integer"}
        else:
            props[f.name] = {"type": "string", "maxLength": _MAX_SPAN}
    return {"type": "object", "properties": props, "required": ["record"], "additionalProperties": False}


def message_schema(ids: dict[str, list[str]], max_records: int = 6) -> dict[str, Any]:
    """``about`` first (the kinds of record the message states), then the records: naming the kinds
    before filling them made the small model pick the right variant more often."""
    variants = [record_schema(fr, ids) for fr in READ_FRAMES]
    return {
        "type": "object",
        "properties": {
            "about": {"type": "array", "items": {"enum": [fr.name for fr in READ_FRAMES]}, "maxItems": max_records},
            "records": {"type": "array", "items": {"anyOf": variants}, "maxItems": max_records},
        },
        "required": ["about", "records"],
        "additionalProperties": False,
    }
