"""What can be asked about: each collection in state with its typed fields and the values they hold.

Options offered to the model and every value matched in a question come from here, so a query can
only name fields and values that exist.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.ask.text import stem, variants
from engine.frames import IMPORT_DOMAIN
from engine.state import Record, State, StoredRecords

NUMERIC = ("int", "float", "money")
TEMPORAL = ("date", "datetime")
CATEGORICAL = ("str", "enum", "list", "bool")
PLACE_WORDS = ("destination", "place", "city", "country", "location", "venue", "restaurant", "store", "shop",
               "vendor", "where", "region", "gym", "airport", "hotel", "merchant", "station", "stop", "branch")
PERSON_WORDS = ("person", "people", "with", "who", "doctor", "prescriber", "attendee", "attendees", "organizer",
                "friend", "contact", "host", "payee", "name", "author")
LABEL_WORDS = ("name", "title", "item", "destination", "description", "subject", "service", "topic", "activity",
               "dish", "drug", "medication", "payee", "vendor", "type", "kind", "category")


@dataclass
class FieldInfo:
    name: str
    kind: str
    label: str = ""
    values: list[str] = field(default_factory=list)
    formula: tuple[str, str, str | dt.date] | None = None
    """A value computed from two fields of the same record, ``(helper, a, b)``: ``("minutes",
    "start", "end")`` is ``minutes(r.start, r.end)``; ``b`` may be a date (today, for an age:
    ``age(r.birthday, date(2026, 11, 25))``); no record stores it (see :func:`derived_fields`)."""

    @property
    def numeric(self) -> bool:
        return self.kind in NUMERIC

    @property
    def ordinal(self) -> bool:
        """A number that names a record rather than measures it ("game_number", "match_no", "lap_id"):
        counted by, never added up or averaged."""
        return self.numeric and _ORDINAL_NAME.search(self.name) is not None

    @property
    def temporal(self) -> bool:
        return self.kind in TEMPORAL

    @property
    def categorical(self) -> bool:
        return self.kind in CATEGORICAL

    @property
    def words(self) -> list[str]:
        """The field's own words: ``distance_km`` -> distance, km."""
        parts = re.split(r"[^a-z0-9]+", f"{self.name} {self.label}".lower())
        out: set[str] = set()
        for p in parts:
            if p and not p.isdigit() and p not in _JOINING_WORDS:
                out |= variants(p)
        return sorted(out)


_JOINING_WORDS = frozenset({"of", "the", "a", "an", "and", "or", "to", "in", "on", "at", "for", "with", "by"})
"""Words that join a field's name ("mock_out_of", "time_in_bed") and name nothing a question asks for."""


_ORDINAL_NAME = re.compile(r"^(?!(?:page|chapter|floor|level|step)_)(?:\w+_)?(?:number|no|id)$")
"""``game_number``, ``match_no``, ``order_id``: not ``page_number`` (how far a reader got) nor ``uv_index``."""


@dataclass
class Collection:
    name: str
    frame: str
    domain: str
    fields: dict[str, FieldInfo]
    records: Sequence[Record]
    words: set[str] | None = None
    """Stems of every word the records hold, once asked for (``grounding.vocabulary``)."""

    @property
    def name_stems(self) -> set[str]:
        """The collection's own nouns: the stems of its name's parts and of its frame."""
        return {stem(p) for p in self.name.split("_")} | {stem(self.frame.lower())}

    def numeric(self) -> list[FieldInfo]:
        """The fields a question may add up, average or rank by; not a number that names a record."""
        return [f for f in self.fields.values() if f.numeric and not f.ordinal]

    def temporal(self) -> list[FieldInfo]:
        return [f for f in self.fields.values() if f.temporal]

    def categorical(self) -> list[FieldInfo]:
        return [f for f in self.fields.values() if f.categorical and f.values]

    @property
    def date_field(self) -> str | None:
        """The date a time window applies to unless the question names another."""
        temporal = self.temporal()
        for pref in ("date", "start", "day", "when", "taken", "started", "datetime", "timestamp"):
            for f in temporal:
                if pref in f.words:
                    return f.name
        return temporal[0].name if temporal else None

    @property
    def label_field(self) -> str | None:
        """The field that names a record when the answer is 'which one'."""
        cats = [f for f in self.fields.values() if f.kind in ("str", "enum") and f.values]
        for pref in LABEL_WORDS:
            for f in cats:
                if pref in f.words:
                    return f.name
        if cats:
            return max(cats, key=lambda f: len(f.values)).name
        temporal = self.date_field
        return temporal

    def role_field(self, words: tuple[str, ...]) -> str | None:
        for pref in words:
            for f in self.fields.values():
                if f.categorical and f.values and pref in f.words:
                    return f.name
        return None


VALUES_MAX = 50_000
"""Distinct text values kept per field of a big imported collection (read as a stream from the log,
never held): beyond this its field is treated as free text (notes, references). Collections held in
memory keep every value."""


def build_catalog(state: State, today: dt.date | None = None) -> dict[str, Collection]:
    """Collections with at least one record, keyed by a name usable in a query. Each collection's
    records are read once (a big imported collection is a stream from the log). ``today`` lets a
    date of birth give an age and the days to the next birthday."""
    out: dict[str, Collection] = {}
    for frame_name, recs in state.records.items():
        fr = state.frame(frame_name)
        if fr is None or not recs:
            continue
        name = fr.collection
        if name in out:
            name = f"{fr.domain}_{fr.collection}" if fr.domain != IMPORT_DOMAIN else f"imported_{name}"
        cap = VALUES_MAX if isinstance(recs, StoredRecords) else None
        texts: dict[str, dict[str, None]] = {s.name: {} for s in fr.slots if s.kind in ("str", "enum", "list")}
        filled: set[str] = set()
        statuses: set[str] = set()
        for r in recs:
            statuses.add(r.status)
            for slot_name, v in r.values.items():
                if v is None:
                    continue
                filled.add(slot_name)
                seen = texts.get(slot_name)
                if seen is None or (cap is not None and len(seen) >= cap):
                    continue
                for item in v if isinstance(v, list) else [v]:
                    if isinstance(item, str) and item.strip():
                        seen[item] = None
        fields: dict[str, FieldInfo] = {}
        for slot in fr.slots:
            if slot.name not in filled:
                continue
            values = sorted(texts.get(slot.name, {}))
            fields[slot.name] = FieldInfo(slot.name, _kind(slot.kind), slot.doc if fr.domain == IMPORT_DOMAIN else "", values)
        fields.update(derived_fields(fields, today))
        if len(fr.statuses) > 1:
            fields["status"] = FieldInfo("status", "enum", "", sorted(statuses))
        if fr.domain == IMPORT_DOMAIN and not isinstance(recs, StoredRecords) and "whose" not in fields:
            from engine.ask.whose import person_field

            people = person_field(recs)
            if people is not None:
                fields[people.name] = people
        out[name] = Collection(name, frame_name, fr.domain, fields, recs)
    return out


START_WORDS = frozenset({"start", "begin", "begins", "from", "departure", "depart", "checkin", "order", "ordered"})
END_WORDS = frozenset({"end", "ends", "finish", "finished", "until", "to", "return", "checkout", "delivered", "delivery",
                       "arrival", "arrived"})
DURATION_WORDS = frozenset({"duration", "length", "minutes", "min", "mins", "hours", "hour", "nights", "days"})
QTY_WORDS = frozenset({"qty", "quantity", "units", "count", "pieces", "pcs"})
UNIT_PRICE_WORDS = frozenset({"price", "unit", "each", "per"})


BIRTH_WORDS = frozenset({"birthday", "birthdate", "birth", "born", "dob"})


def derived_fields(fields: dict[str, FieldInfo], today: dt.date | None = None) -> dict[str, FieldInfo]:
    """Values a question asks about that no column holds but two columns give: how long a record
    lasted (a start and an end time: minutes and hours; a start and an end date: days, as nights)
    and what a line cost (a unit price times a quantity); from a date of birth and ``today``, the
    age in completed years and the days until the next birthday. Only when no column already says it."""
    out: dict[str, FieldInfo] = {}
    numeric = [f for f in fields.values() if f.numeric]

    def pair(kinds: tuple[str, ...]) -> tuple[str, str] | None:
        cands = [f for f in fields.values() if f.kind in kinds]
        starts = [f.name for f in cands if START_WORDS & set(f.words)]
        ends = [f.name for f in cands if END_WORDS & set(f.words) and f.name not in starts]
        return (starts[0], ends[0]) if len(starts) == 1 and len(ends) == 1 else None

    if not any(DURATION_WORDS & set(f.words) for f in numeric):
        times = pair(("time", "datetime"))
        if times:
            out["duration_minutes"] = FieldInfo("duration_minutes", "int", "duration length minutes", [],
                                                ("minutes", *times))
            out["duration_hours"] = FieldInfo("duration_hours", "float", "hours", [], ("hours", *times))
        dates = pair(("date",))
        if dates and not times:
            if {"delivered", "delivery", "arrival", "arrived"} & set(fields[dates[1]].words):
                out["delivery_days"] = FieldInfo("delivery_days", "int", "delivery time days", [], ("days", *dates))
            else:
                out["nights"] = FieldInfo("nights", "int", "nights", [], ("days", *dates))
    prices = [f.name for f in numeric if f.kind == "money" and UNIT_PRICE_WORDS & set(f.words)]
    qtys = [f.name for f in numeric if f.kind == "int" and QTY_WORDS & set(f.words)]
    if len(prices) == 1 and len(qtys) == 1 and not any(f.kind == "money" and f.name not in prices for f in numeric):
        out["amount"] = FieldInfo("amount", "money", "total amount spent spend", [], ("times", prices[0], qtys[0]))
    births = [f.name for f in fields.values() if f.kind == "date" and BIRTH_WORDS & set(f.words)]
    if today is not None and len(births) == 1 and "age" not in fields:
        out["age"] = FieldInfo("age", "int", "age years", [], ("age", births[0], today))
        out["upcoming"] = FieldInfo("upcoming", "int", "", [],
                                            ("next_birthday", births[0], today))
        out["anniversary"] = FieldInfo("anniversary", "date", "", [], ("anniversary", births[0], today))
    return out


def _kind(kind: str) -> str:
    return "str" if kind not in ("int", "float", "money", "date", "datetime", "time", "bool", "list", "enum") else kind
