"""Python names the rendered project uses for frames, slots, enums and collections.

A slot whose name clashes with a field every record has (``subject``, ``status``, ...) gets another
attribute name here, so the rendered dataclass never silently shadows the base field.
"""

from __future__ import annotations

import keyword
import re

from engine.frames import Frame, Slot

BASE_FIELDS = ("id", "subject", "status", "known_since", "evidence", "sources")
RESERVED = frozenset({*BASE_FIELDS, "cites", "known_on"})
RENAMED: dict[str, str] = {}


def attr(slot: Slot | str) -> str:
    """The attribute name of a slot in the rendered dataclass."""
    name = slot if isinstance(slot, str) else slot.name
    if name in RESERVED:
        name = RENAMED.get(name, name + "_")
    if keyword.iskeyword(name):
        name += "_"
    return name


def enum_class(frame: Frame, slot: Slot) -> str:
    return frame.name + "".join(p.capitalize() for p in slot.name.split("_"))


def enum_member(value: str) -> str:
    name = re.sub(r"\W", "_", value.upper())
    if not name or name[0].isdigit() or keyword.iskeyword(name):
        name = "V_" + name
    return name


def constant(collection: str) -> str:
    """The module-level list holding a collection's records: ``trips`` -> ``TRIPS``."""
    return re.sub(r"\W", "_", collection.upper())
