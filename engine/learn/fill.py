"""Fit verified records into collections: an existing one (fields matched by name, then by
dimension, values converted to the field's unit), or a new one whose schema is built from the
first record. Produces the facts to log: a schema fact when a collection is new or gains a field,
and one fact per record (a correction supersedes the record it corrects)."""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from engine.extract.segment import sentences
from engine.frames import IMPORT_DOMAIN
from engine.learn.collection import (
    MAX_FIELDS,
    InvalidCollection,
    LearnedCollection,
    LearnedField,
    changed,
    check_name,
    new_collection,
    record_key,
    schema_fact,
)
from engine.learn.quantities import convert, plain, unit_named, units
from engine.learn.verify import Proposed, Value, dimension_named
from engine.learn.whose import whose
from engine.log import Fact, NewFact

# unit -> what a field name ends with ("distance" + km -> "distance_km"); counting units name themselves
SUFFIX = {
    "km": "km", "mi": "mi", "m": "m", "cm": "cm", "mm": "mm", "yd": "yd", "ft": "ft", "kg": "kg", "lb": "lb", "st": "st", "g": "g",
    "h": "hours", "min": "min", "s": "sec", "ml": "ml", "l": "l", "oz": "oz", "kcal": "kcal", "kWh": "kwh",
    "°C": "c", "°F": "f", "mmol/L": "mmol", "mg/dL": "mg_dl", "mg": "mg", "%": "pct",
}


@dataclass
class Batch:
    """Collections and records as they stand while one batch of messages is read."""

    collections: dict[str, LearnedCollection]
    prior: Sequence[Fact]
    facts: list[NewFact] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)


def field_name(base: str, v: Value) -> str:
    suffix = SUFFIX.get(v.unit, "")
    if not suffix or base.endswith(suffix) or suffix in base.split("_"):
        return base
    return f"{base}_{suffix}"


def _base(name: str) -> str:
    head, _, tail = name.rpartition("_")
    return head if head and tail in SUFFIX.values() else name


def _prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def same_kind(name: str, known: dict[str, LearnedCollection], values: dict[str, Value] | None = None) -> LearnedCollection | None:
    """The collection the model meant: same name, the same name in singular/plural, a name sharing
    its first five letters ("weight" for "weigh_ins") whose fields hold the same kind of quantity as
    the record, or one word sharing its first four letters with another ("dental", "dentist") whose
    collection keeps the record's fields already (see :func:`_shared_fields`)."""
    if name in known:
        return known[name]
    stem = name.rstrip("s")
    same = next((c for n, c in known.items() if n.rstrip("s") == stem), None)
    if same is not None or not values:
        return same
    units = {v.unit for v in values.values() if v.kind == "float" and v.unit}
    bare = not units and any(v.kind == "float" for v in values.values())
    for n, c in known.items():
        if _prefix(n, name) < 5:
            continue
        if any(f.unit and any(convert(Decimal(1), u, f.unit) is not None for u in units) for f in c.fields):
            return c
        if bare and len([f for f in c.fields if f.kind == "float"]) == 1 and len(
                [v for v in values.values() if v.kind == "float"]) == 1:
            return c  # "Weighed yesterday, 92.1": the unit said the first time is left out later
    return next((c for n, c in known.items() if _prefix(n, name) == 4 and "_" not in n + name and _shared_fields(c, values)), None)


_ANY_KIND = frozenset({"date", "day", "duration", "time", "cost", "price", "amount", "place", "venue", "location", "notes"})
"""Field names records of any kind may keep: two collections keeping them are not one kind for that."""


def _shared_fields(c: LearnedCollection, values: dict[str, Value]) -> bool:
    """The collection keeps two of the record's value names already, one of them its own kind's ("cost"
    and "fillings" of a dentist's; not "duration" and "venue", which any activity has)."""
    shared = {_base(n) for n in values} & {_base(f.name) for f in c.fields}
    return len(shared - {"date", "day"}) >= 2 and bool(shared - _ANY_KIND)


def _same_unit(a: str, b: str) -> bool:
    """One unit, or two of one dimension (minutes and hours); a place in an order is its own."""
    return a == b or convert(Decimal(1), a, b) is not None


def _names_another_dimension(name: str, f: LearnedField) -> bool:
    """"distance" for a bare 35 in a collection whose one number is a temperature: the model said
    what the number is, and it is not what the field holds."""
    said = dimension_named(name)
    unit = unit_named(f.unit) if f.unit else None
    held = unit.dimension if unit is not None else dimension_named(_base(f.name))
    return said is not None and held is not None and said.split("_")[0] != held.split("_")[0]


def _kind(v: Value) -> str:
    return v.kind


def _shortened(name: str, v: Value, free: list[LearnedField]) -> LearnedField | None:
    """The one field of the same type whose name starts as this one does ("trigs" of "triglycerides",
    "total" of "total_cholesterol")."""
    if "_" in name or len(name) < 4:
        return None  # a shortened name is one word ("trigs", "total"), never "heart_rate_variability"
    same = [f for f in free if f.kind == v.kind and f.name.split("_")[0][:4] == name[:4]
            and (f.unit == v.unit or (f.unit and v.unit and convert(Decimal(1), v.unit, f.unit) is not None))]
    return same[0] if len(same) == 1 else None


def _words(name: str) -> frozenset[str]:
    return frozenset(w.rstrip("s") for w in _base(name).split("_") if w)


def _worded_within(name: str, v: Value, free: list[LearnedField]) -> LearnedField | None:
    """The one field of the same type whose name holds every word of this one ("tips" for "tip_jar",
    "price" for "ticket_price"): the same thing said more briefly. A longer name is a narrower thing
    ("weight_change" is not "weight"), and names that differ by a word each ("snack_price",
    "ticket_price") are two things."""
    mine = _words(name)
    same = [f for f in free if f.kind == v.kind and f.name != "date" and mine <= _words(f.name)
            and (f.unit == v.unit or bool(f.unit and v.unit) and convert(Decimal(1), v.unit, f.unit) is not None)]
    return same[0] if len(same) == 1 else None


def _fit(coll: LearnedCollection, values: dict[str, Value]) -> tuple[dict[str, str], list[LearnedField]]:
    """Field of ``coll`` for each value (new fields listed separately)."""
    fitted: dict[str, str] = {}
    added: list[LearnedField] = []
    free = [f for f in coll.fields if f.name != "date"]
    named = {name: next((f for f in free if f.name == name or _base(f.name) == name or f.name == field_name(name, v)), None)
             or _shortened(name, v, free) or _worded_within(name, v, free) for name, v in values.items()}
    for name, v in values.items():
        target = named[name] if named[name] in free else None  # two values never share one field
        misnamed = target is not None and target.kind != v.kind and v.kind == "float" and bool(v.dimension)
        if misnamed:
            target = None  # "stroke": "a quarter of an hour" is a duration: the field of its dimension, if one
        if target is None and v.kind == "float" and v.dimension:
            same_dim = [f for f in free if f.kind == "float" and f.unit and _same_unit(v.unit, f.unit)]
            if len(same_dim) == 1:
                target = same_dim[0]
        unmatched = [n for n, u in values.items() if u.kind == "float" and named[n] is None]
        if target is None and v.kind == "float" and not v.unit and unmatched == [name]:
            # the one bare number ("93.8 this morning") in a collection with one number field no other value took
            open_numbers = [f for f in free if f.kind == "float" and f not in named.values()]
            if len(open_numbers) == 1 and len([f for f in coll.fields if f.kind == "float"]) == 1 \
                    and not _names_another_dimension(name, open_numbers[0]):
                target = open_numbers[0]
        if target is None and misnamed:
            continue  # no field of its dimension: not a new field under another field's name
        if target is None:
            new = LearnedField(field_name(name, v), v.kind, v.unit, v.currency)
            if any(f.name == new.name for f in [*coll.fields, *added]):
                continue
            added.append(new)
            fitted[name] = new.name
            continue
        if target.kind != v.kind:
            continue  # a value of another type than the field: dropped, not coerced
        free.remove(target)
        fitted[name] = target.name
    return fitted, added


def _json(v: Value, f: LearnedField) -> Any:
    if v.kind == "float":
        value = v.value
        if f.unit and v.unit and v.unit != f.unit:
            converted = convert(value, v.unit, f.unit)
            if converted is None:
                return None
            value = converted.quantize(Decimal("0.01")) if converted != converted.to_integral() else converted
        return float(plain(Decimal(value)))
    if v.kind == "date":
        return v.value.isoformat()
    if v.kind == "money":
        return str(v.value)
    return v.value


def _corrected(coll: LearnedCollection, p: Proposed, prior: Sequence[Fact], slots: dict[str, Any]) -> list[Fact]:
    """The facts of the record ``p`` corrects. Strong sign: the message names an old value of a
    record together with a new one for that field ("272 pages, not 270"). Weaker: the model says
    it corrects, and a record of that person shares its day or its words (or no day was said).
    A correction that names an old value of someone else's record only ("I recounted, it was 62,
    not 58"; "Dan got it wrong, it was 3.5 hours, not 4") corrects theirs, and the record stays theirs."""
    others = dict.fromkeys(f.subject for f in prior if f.frame == coll.frame and f.subject != p.who)
    # someone else's record only on the model's word that this corrects ("5 minutes quicker than last time" names
    # an old value of a friend's run, and corrects nothing)
    # or on a plain admission of a mistake about a day said ("Dan got it wrong, that Tuesday was 3.5 hours, not 4")
    admitted = _ADMITTED.search(p.message) is not None and p.date_span is not None
    theirs = [(o, True) for o in others] if p.corrects or admitted else []
    for who, strong_only in [(p.who, True), *theirs, (p.who, False)]:
        found = _corrected_of(coll, p, prior, slots, who, strong_only=strong_only)
        if found:
            p.who = who
            return found
    return []


def _corrected_of(coll: LearnedCollection, p: Proposed, prior: Sequence[Fact], slots: dict[str, Any], who: str,
                  *, strong_only: bool) -> list[Fact]:
    mine = [f for f in prior if f.frame == coll.frame and f.subject == who]
    current: dict[str, dict[str, Any]] = {}
    for f in mine:
        current.setdefault(f.entity_key, {}).update(f.slots)
    said = {float(n) for n in p.numbers}
    strong: list[str] = []
    weak: list[str] = []
    for key, vals in current.items():
        same_day = p.date_span is not None and (vals.get("date") == p.day.isoformat() or (
            p.month_only and str(vals.get("date", ""))[:7] == p.day.isoformat()[:7] and _weekday_fits(p, vals.get("date"))))
        same_words = any(isinstance(v, str) and k != "date" and slots.get(k) == v for k, v in vals.items())
        near = same_day or same_words or p.date_span is None
        old_named = _names_old(vals, slots, said, coll)
        if old_named and near:
            strong.append(key)
        elif p.corrects and near and _SAYS_CORRECTED.search(p.message) and (
                not p.taken_back or _holds_any(vals, p.taken_back, coll)):
            weak.append(key)  # the model's word alone, without a word of the message that takes something back, corrects nothing
    if not strong:
        # the old value named, on a day said loosely ("that day at her friend's a couple of weeks ago,
        # it was 12 hours, not 14"): the one record of theirs holding it
        loose = [key for key, vals in current.items() if _names_old(vals, slots, said, coll) and _near_day(p, vals.get("date"))]
        strong = loose if len(loose) == 1 and (p.corrects or _CORRECTING.search(p.message)) else []
    keys = strong if strong_only else strong or weak
    if not keys:
        return []
    key = keys[-1]
    old = current[key]
    if key in strong:
        slots.pop("date", None)  # a value corrected by naming the old one: the record keeps its day
    for k in [k for k, v in slots.items() if k != "date" and isinstance(v, float)]:
        if any(isinstance(ov, (int, float)) and ok != k and float(ov) == slots[k] and ov != slots.get(ok)
               for ok, ov in old.items()):
            slots.pop(k)  # "not 270": the old value of another field, not a new value of this one
    if p.date_span is None or p.month_only:
        slots.pop("date", None)  # the correction keeps the day of the record it corrects
    return [f for f in mine if f.entity_key == key]


# an admitted mistake; the wider cue also takes a value said in place of another ("more like", "instead of")
_MISTAKE = r"correction|wrong|mistake|misread|misremembered|miscounted|typo"
_ADMITTED = re.compile(rf"\b(?:{_MISTAKE})\b", re.I)
_CORRECTING = re.compile(rf"\b(?:{_MISTAKE}|i\s+meant|more\s+like|rather\s+than|instead\s+of|recounted)\b", re.I)
_SAYS_CORRECTED = re.compile(rf"\b(?:{_MISTAKE}|i\s+meant|more\s+like|rather\s+than|instead\s+of|recounted|actually|"
                             rf"after\s+all|wasn'?t|i\s+said|correct(?:ion|ed)?|should\s+have\s+been|make\s+that|scratch\s+that|"
                             rf"sorry)\b|\bnot\s+(?:[£$€]?\d|the\b|on\s|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)", re.I)


def _near_day(p: Proposed, day: Any) -> bool:
    """A day said loosely that still points back at the record ("that day a couple of weeks ago",
    "that Saturday" of a Saturday weeks before): a day before the message, within ten days of the
    record's own or on its weekday; never the message's own day."""
    try:
        old = dt.date.fromisoformat(str(day))
    except ValueError:
        return False
    if p.date_span is None or p.day == old or p.day >= _session_day(p):
        return False
    weekday = any(name in p.date_surface.lower() for name in _WEEKDAY_NAMES)
    return abs((p.day - old).days) <= 10 or (weekday and _weekday_fits(p, old) and 0 < (p.day - old).days <= 62)


def _session_day(p: Proposed) -> dt.date:
    return p.session_date or p.day


def _number(v: Any, f: LearnedField | None) -> float | None:
    """A record's value as a number: a measure, or an amount (kept as its decimal's text)."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if f is not None and f.kind == "money" and isinstance(v, str):
        try:
            return float(Decimal(v))
        except ArithmeticError:
            return None
    return None


def _names_old(vals: dict[str, Any], slots: dict[str, Any], said: set[float], coll: LearnedCollection) -> bool:
    """Whether the message names an old number of a record (``vals``) with a new one for that field
    ("£35, not £40" of an amount as much as "272 pages, not 270")."""
    for k, v in vals.items():
        old, new = _number(v, coll.field(k)), _number(slots.get(k), coll.field(k))
        if old is not None and new is not None and new != old and _named(old, said, coll.field(k)):
            return True
    return False


def _holds_any(vals: dict[str, Any], said: Sequence[tuple[Decimal, str]], coll: LearnedCollection) -> bool:
    """Whether a record holds one of the numbers a correction takes back, in its field's unit ("not an
    hour and a half" corrects the record that said 1.5 hours or 90 minutes, not another)."""
    for k, v in vals.items():
        f = coll.field(k)
        held = _number(v, f)
        if held is None:
            continue
        for number, unit in said:
            same = convert(number, unit, f.unit) if unit and f is not None and f.unit else number
            if same is not None and abs(float(same) - held) < 1e-9:
                return True
    return False


def _named(old: float, said: set[float], f: LearnedField | None) -> bool:
    """Whether the message says ``old``, in the field's unit or in one a thousand times larger or
    smaller ("not 5,000" of 5 km, "not 900" of 0.9 kg); not hours for minutes, where a stray "1" would
    name any hour-long record."""
    if old in said:
        return True
    own = unit_named(f.unit) if f is not None and f.unit else None
    if own is None:
        return False
    others = {u.name for u in units().values() if u.dimension == own.dimension
              and (u.factor / own.factor >= 100 or own.factor / u.factor >= 100)}
    return any((c := convert(Decimal(str(n)), u, own.name)) is not None and abs(float(c) - old) < 1e-9
               for n in said for u in others)


def _history(coll: LearnedCollection, field: str, facts: Sequence[Fact | NewFact]) -> list[float]:
    return [float(f.slots[field]) for f in facts if f.frame == coll.frame and isinstance(f.slots.get(field), (int, float))
            and not isinstance(f.slots.get(field), bool)]


def _in_unit_said_before(v: Value, f: LearnedField, history: list[float]) -> Value:
    """A bare number for a field kept in a unit, read in the unit of the same kind that puts it among
    the field's earlier values: "it was 5,500 not 5,000" of rows kept in km (2, 3, 5...) is 5.5 km,
    not 5,500 km. A number that fits as it is, or fits no unit, is left as said."""
    if v.kind != "float" or v.unit or not f.unit or len(history) < 2:
        return v
    low, high = min(history), max(history)
    if low <= 0 or low / 5 <= float(v.value) <= high * 5:
        return v
    own = unit_named(f.unit)
    if own is None:
        return v
    for unit in dict.fromkeys(u.name for u in units().values() if u.dimension == own.dimension and u.name != f.unit):
        converted = convert(v.value, unit, f.unit)
        if converted is not None and low / 5 <= float(converted) <= high * 5:
            return replace(v, unit=unit, dimension=own.dimension)
    return v


_WEEKDAY_NAMES = tuple(d.lower() for d in calendar.day_name)


def _weekday_fits(p: Proposed, day: Any) -> bool:
    """"That Saturday in May": a record of that month on a Saturday; a month said alone fits any day."""
    said = [i for i, name in enumerate(_WEEKDAY_NAMES) if name in p.date_surface.lower()]
    try:
        return not said or dt.date.fromisoformat(str(day)).weekday() in said
    except ValueError:
        return False


def add(batch: Batch, p: Proposed, *, session_id: str, message_id: int | None, session_date: dt.date,
        text: str) -> None:
    """Log ``p`` into its collection (creating or widening the collection as needed)."""
    coll = same_kind(p.collection, batch.collections, p.values)
    if coll is not None and coll.state == "refused":
        batch.rejected.append(f"{coll.name}: a collection you refused")
        return
    if not p.values and (coll is None or any(f.name != "date" for f in coll.fields)):
        batch.rejected.append(f"{p.collection}: no verified value")
        return
    schema_changed = False
    if coll is None:
        if not any(v.kind in ("float", "time", "money") for v in p.values.values()):
            batch.rejected.append(f"{p.collection}: nothing measured to start a collection with")
            return
        fields = [LearnedField("date", "date")]
        for name, v in p.values.items():
            fname = field_name(name, v)
            if fname != "date" and all(f.name != fname for f in fields):
                fields.append(LearnedField(fname, v.kind, v.unit, v.currency))
        try:
            check_name(p.collection)
            coll = new_collection(p.collection, fields[:MAX_FIELDS], [*batch.prior, *batch.facts])
        except InvalidCollection as exc:
            batch.rejected.append(str(exc))
            return
        schema_changed = True
    fitted, added = _fit(coll, p.values)
    if added:
        try:
            coll = changed(coll, fields=(*coll.fields, *added))
        except InvalidCollection as exc:
            batch.rejected.append(str(exc))
            fitted = {k: v for k, v in fitted.items() if v not in {f.name for f in added}}
        else:
            schema_changed = True
    slots: dict[str, Any] = {"date": p.day.isoformat()}
    known = [*batch.prior, *batch.facts]
    for name, fname in fitted.items():
        f = coll.field(fname)
        if f is None:
            continue
        value = _json(_in_unit_said_before(p.values[name], f, _history(coll, fname, known)), f)
        if value is not None:
            slots[fname] = value
    if len(slots) == 1 and any(f.name != "date" for f in coll.fields):
        batch.rejected.append(f"{coll.name}: no value fits its fields")
        return
    if schema_changed:
        batch.facts.append(schema_fact(coll, session_id=session_id, message_id=message_id, session_date=session_date,
                                       evidence=f"new collection {coll.describe()}" if coll.fact_id is None
                                       else f"collection {coll.describe()}"))
        batch.collections[coll.name] = coll
    start, end = p.span()
    at = min((v.start for v in p.values.values()), default=start)  # the clause of the values, not of the day
    parts = [str(v.value) for v in p.values.values() if v.kind == "str"]
    p.who = whose(coll, p.who, [*batch.prior, *batch.facts], text, at, parts, end=max((v.end for v in p.values.values()), default=end))
    p.message = text
    old = _corrected(coll, p, batch.prior, slots)
    key = old[-1].entity_key if old else record_key(coll.name, p.who, slots, message_id)
    batch.facts.append(NewFact(
        session_id, message_id, session_date, IMPORT_DOMAIN, coll.frame, key, slots, span=(start, end),
        evidence=_sentence(text, start, end), subject=p.who, extractor="model", confidence=0.8,
        supersedes=tuple(f.id for f in old),
    ))


def _sentence(text: str, start: int, end: int) -> str:
    """The message from the sentence holding ``start`` to the one holding ``end`` (the segmenter's sentences)."""
    spans = [(a, b) for a, b in sentences(text) if a <= end and b >= start] or [(0, len(text))]
    return text[spans[0][0]:spans[-1][1]].strip()
