"""Python names the rendered project uses for frames, slots, enums and collections.

A slot whose name clashes with a field every record has (``subject``, ``status``, ...) gets another
attribute name here, so the rendered dataclass never silently shadows the base field.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Sequence

from engine.frames import IMPORT_DOMAIN, Frame, Slot

BASE_FIELDS = ("id", "subject", "status", "known_since", "evidence", "sources", "history")
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


RESERVED_CLASSES = frozenset({
    "Record", "Decimal", "StrEnum", "dataclass", "date", "datetime", "time", "annotations",
    "KINDS", "STATUSES", "COLLECTIONS", "Alert", "State",
})
"""Names the generated modules import or define themselves: no frame or enum may take one."""


def usable_class(name: str) -> bool:
    """Whether a frame name can be a class in the rendered project."""
    return name.isidentifier() and not keyword.iskeyword(name) and name not in RESERVED_CLASSES


def enum_class(frame: Frame, slot: Slot) -> str:
    """An enum's class: ``TripPurpose``; for an imported frame ``Frame_slot`` (its frame names
    never hold ``_``, so an enum class can never take another collection's class name)."""
    if frame.domain == IMPORT_DOMAIN:
        return f"{frame.name}_{slot.name}"
    return frame.name + "".join(p.capitalize() for p in slot.name.split("_"))


def _member_base(value: str) -> str:
    name = re.sub(r"\W", "_", value.upper(), flags=re.ASCII)
    if not name or name[0].isdigit() or keyword.iskeyword(name) or name.startswith("_"):
        name = "V_" + name
    return name


def enum_members(choices: Sequence[str]) -> dict[str, str]:
    """Each choice's member name, unique within its enum (``a-b`` and ``a_b`` both want ``A_B``:
    the later one gets ``A_B_2``)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for choice in choices:
        if choice in out:
            continue
        base = name = _member_base(choice)
        i = 2
        while name in taken:
            name, i = f"{base}_{i}", i + 1
        taken.add(name)
        out[choice] = name
    return out


def enum_member(value: str, choices: Sequence[str] = ()) -> str:
    """The member name of ``value`` in an enum of ``choices`` (its own base name when the enum
    is not given)."""
    return enum_members(choices).get(value) or _member_base(value)


def constant(collection: str) -> str:
    """The module-level list holding a collection's records: ``trips`` -> ``TRIPS``."""
    return re.sub(r"\W", "_", collection.upper())


def comment(text: str) -> str:
    """``text`` made safe for one ``#`` comment line (no line breaks, NULs or other controls)."""
    return "".join(ch if ch.isprintable() else " " for ch in text)[:200]
