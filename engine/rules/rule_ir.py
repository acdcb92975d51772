"""The typed rule IR: what a user-stated rule is once it is understood, and how it reads back.

"warn me if I spend over $300 at a restaurant" becomes a :class:`RuleIR` whose parts are all typed
values — a frame name from the catalog, slot names of that frame, operators from a closed set,
``Decimal``/``date``/``int``/``str`` constants. This module holds that closed vocabulary, the JSON
form a rule is stored in (read back through :func:`ir_from_json`, never trusted blindly),
:func:`validate` against the frame catalog, and :func:`describe`, the line a person can check.
It is the bottom of the package: the parser builds IRs, storage keeps them, the compiler renders
them, and this module imports none of them.
"""

from __future__ import annotations

import datetime as dt
import json
import keyword
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.frames import FRAMES_BY_NAME, IMPORT_DOMAIN, Frame, Slot
from engine.rules.rule_lexicon import lexicon

DOMAIN = "rules"
"""The log domain rules are stored in: a rule never watches it (nor ``notes``)."""

OPS = frozenset({"gt", "ge", "lt", "le", "eq", "contains_any", "weekday_in", "time_between"})
COMPARE_OPS = ("gt", "ge", "lt", "le")
WINDOWS = ("day", "week", "month", "year")
AGG_FUNCS = ("sum", "count")
SEVERITIES = ("info", "warning")
IR_VERSION = 1
IR_VERSION_QUIET = 2
"""A rule with a quiet spell is stored as version 2, so a reader that does not know quiet spells
refuses it instead of reading it as a rule that fires on every record."""
_CLOCK = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d\Z")
_OP_WORDS = {"gt": "over", "ge": "at least", "lt": "under", "le": "at most", "eq": "equal to"}
_WEEKDAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


# -- the IR --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Condition:
    """``fields`` (slots of the rule's frame) ``op`` ``value``; several fields mean "any of them".

    Values by op: compare ops take ``Decimal`` (money/int slots), ``date`` or a ``HH:MM`` string
    (time slots); ``eq`` a ``str`` (enum/str slots); ``contains_any`` a tuple of lower-case words;
    ``weekday_in`` a tuple of ints (Monday = 0); ``time_between`` a pair of ``HH:MM`` strings
    (the window may wrap midnight). ``currency`` restricts a money comparison to records in that
    currency (records without a currency are compared as they are)."""

    fields: tuple[str, ...]
    op: str
    value: Any
    currency: str | None = None


@dataclass(frozen=True)
class Aggregate:
    """Records matching the conditions, grouped per calendar ``window`` of ``date_field``:
    ``func`` (sum of ``field``, or count) ``op`` ``value``."""

    func: str
    field: str | None
    window: str
    date_field: str
    op: str
    value: Decimal
    currency: str | None = None


@dataclass(frozen=True)
class Lead:
    """Fire when ``field`` (a date) is between today and ``days`` days ahead."""

    field: str
    days: int


@dataclass(frozen=True)
class Absence:
    """Fire when no matching record is dated within the last ``days`` days (counted from the day
    the rule was stated until a first record comes): "if I go 5 days without a run". With ``by``
    (``HH:MM``), only from that time of day: "if I haven't said I took it by 9pm"."""

    days: int
    by: str | None = None


LEARNED_KINDS = frozenset({"float", "money", "date", "time", "str"})


@dataclass(frozen=True)
class Learned:
    """A learned collection as a rule sees it: ``fields`` maps a field to its kind."""

    collection: str
    fields: tuple[tuple[str, str], ...]

    def frame(self, name: str) -> Frame:
        return Frame(name, IMPORT_DOMAIN, self.collection,
                     tuple(Slot(f, k, (), f.replace("_", " ")) for f, k in self.fields), ("_hash",),
                     f"{self.collection} learned from your messages", ("active",))


@dataclass(frozen=True)
class RuleIR:
    """One rule over one collection: every group of ``conditions`` must hold (a group holds when
    any of its conditions does), then the optional aggregate or lead time decides."""

    collection: str
    conditions: tuple[tuple[Condition, ...], ...] = ()
    aggregate: Aggregate | None = None
    lead: Lead | None = None
    severity: str = "warning"
    since: dt.date | None = None
    learned: Learned | None = None
    """For a collection learned from conversation (not a built-in frame): its name and the kinds
    of the fields the rule reads, kept in the rule so it validates and compiles on its own."""
    absence: Absence | None = None

    @property
    def frame(self) -> Frame:
        if self.learned is not None:
            return self.learned.frame(self.collection)
        return FRAMES_BY_NAME[self.collection]

    def to_json(self) -> dict[str, Any]:
        return {
            "v": IR_VERSION if self.absence is None else IR_VERSION_QUIET,
            "collection": self.collection,
            "conditions": [[_cond_json(c) for c in group] for group in self.conditions],
            "aggregate": None if self.aggregate is None else {
                "func": self.aggregate.func, "field": self.aggregate.field, "window": self.aggregate.window,
                "date_field": self.aggregate.date_field, "op": self.aggregate.op,
                "value": str(self.aggregate.value), "currency": self.aggregate.currency,
            },
            "lead": None if self.lead is None else {"field": self.lead.field, "days": self.lead.days},
            "severity": self.severity,
            "since": self.since.isoformat() if self.since else None,
            **({"learned": {"collection": self.learned.collection, "fields": dict(self.learned.fields)}}
               if self.learned is not None else {}),
            **({"absence": {"days": self.absence.days, **({"by": self.absence.by} if self.absence.by else {})}}
               if self.absence is not None else {}),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False)

    def identity(self) -> str:
        """What makes two rules the same rule (not when they were stated)."""
        doc = self.to_json()
        doc.pop("since")
        return json.dumps(doc, sort_keys=True, ensure_ascii=False)


class InvalidRule(ValueError):
    """A stored or built IR that does not fit the frame catalog or the closed vocabulary."""


def _cond_json(c: Condition) -> dict[str, Any]:
    value = c.value
    if isinstance(value, Decimal):
        enc: Any = {"decimal": str(value)}
    elif isinstance(value, dt.date):
        enc = {"date": value.isoformat()}
    elif isinstance(value, tuple):
        enc = list(value)
    else:
        enc = value
    return {"fields": list(c.fields), "op": c.op, "value": enc, "currency": c.currency}


def _decimal(raw: Any) -> Decimal:
    try:
        value = Decimal(str(raw))
    except (InvalidOperation, ValueError) as exc:
        raise InvalidRule(f"{raw!r} is not a number") from exc
    if not value.is_finite():
        raise InvalidRule(f"{raw!r} is not a finite number")
    return value


def _cond_from_json(doc: Any) -> Condition:
    if not isinstance(doc, dict):
        raise InvalidRule("a condition must be an object")
    raw = doc.get("value")
    if isinstance(raw, dict) and "decimal" in raw:
        value: Any = _decimal(raw["decimal"])
    elif isinstance(raw, dict) and "date" in raw:
        try:
            value = dt.date.fromisoformat(str(raw["date"]))
        except ValueError as exc:
            raise InvalidRule(f"{raw!r} is not a date") from exc
    elif isinstance(raw, list):
        value = tuple(raw)
    else:
        value = raw
    fields = doc.get("fields")
    if not isinstance(fields, list):
        raise InvalidRule("a condition needs its fields")
    return Condition(tuple(fields), str(doc.get("op")), value, doc.get("currency"))


def ir_from_json(doc: Any) -> RuleIR:
    """Rebuild and validate an IR read back from the log (never trusted blindly)."""
    if isinstance(doc, str):
        try:
            doc = json.loads(doc)
        except ValueError as exc:
            raise InvalidRule("the rule is not valid JSON") from exc
    if not isinstance(doc, dict) or doc.get("v") not in (IR_VERSION, IR_VERSION_QUIET) or (
            doc.get("v") == IR_VERSION_QUIET) != (doc.get("absence") is not None):
        raise InvalidRule("not a rule IR of a known version")
    groups = doc.get("conditions") or []
    if not isinstance(groups, list) or not all(isinstance(g, list) for g in groups):
        raise InvalidRule("conditions must be a list of groups")
    agg = doc.get("aggregate")
    lead = doc.get("lead")
    try:
        since = dt.date.fromisoformat(doc["since"]) if doc.get("since") else None
        ir = RuleIR(
            collection=str(doc.get("collection")),
            conditions=tuple(tuple(_cond_from_json(c) for c in g) for g in groups),
            aggregate=None if agg is None else Aggregate(
                str(agg["func"]), agg.get("field"), str(agg["window"]), str(agg["date_field"]),
                str(agg["op"]), _decimal(agg["value"]), agg.get("currency"),
            ),
            lead=None if lead is None else Lead(str(lead["field"]), lead["days"]),
            severity=str(doc.get("severity")),
            since=since,
            learned=_learned_from_json(doc.get("learned")),
            absence=None if doc.get("absence") is None else Absence(doc["absence"]["days"], doc["absence"].get("by")),
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, InvalidRule):
            raise
        raise InvalidRule(f"malformed rule: {exc}") from exc
    validate(ir)
    return ir


def _learned_from_json(raw: Any) -> Learned | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("fields"), dict):
        raise InvalidRule("a learned collection needs its fields")
    return Learned(str(raw.get("collection")), tuple((str(k), str(v)) for k, v in raw["fields"].items()))


def _plain(name: str) -> bool:
    return name.isascii() and name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("_")


def slot_kinds(fr: Frame) -> dict[str, str]:
    """The frame's slots and their kinds, plus the slots other parts of the app agreed to add
    (``expected_slots`` in the lexicon: a Trip's ``departs``, a Purchase's ``category``). A rule may
    name an agreed slot before it exists; the compiled rule skips what the schema does not have yet."""
    kinds = dict(lexicon()["expected_slots"].get(fr.name, {}))
    kinds.update({s.name: s.kind for s in fr.slots})
    return kinds


CLOCK_FIELDS = frozenset({"time", "departs"})
"""Slots holding an ``HH:MM`` clock time."""


def validate(ir: RuleIR) -> RuleIR:
    """Check every part against the frame catalog and the closed vocabulary; raise InvalidRule."""
    if ir.learned is not None:
        names = [ir.collection, ir.learned.collection, *(f for f, _ in ir.learned.fields)]
        if not all(_plain(n) for n in names) or "_" in ir.collection or ir.collection in FRAMES_BY_NAME:
            raise InvalidRule(f"{ir.collection!r} is not a usable learned collection")
        if not ir.learned.fields or any(k not in LEARNED_KINDS for _, k in ir.learned.fields):
            raise InvalidRule("a learned collection's fields are float, money, date, time or str")
        fr: Frame | None = ir.frame
    else:
        fr = FRAMES_BY_NAME.get(ir.collection)
    if fr is None or fr.domain in ("notes", DOMAIN):
        raise InvalidRule(f"unknown collection {ir.collection!r}")
    kinds = slot_kinds(fr)
    if ir.severity not in SEVERITIES:
        raise InvalidRule(f"unknown severity {ir.severity!r}")
    if ir.since is not None and not isinstance(ir.since, dt.date):
        raise InvalidRule("since must be a date")
    for group in ir.conditions:
        if not group:
            raise InvalidRule("an empty condition group")
        for c in group:
            _validate_condition(c, kinds, fr)
    if ir.aggregate is not None:
        a = ir.aggregate
        if a.func not in AGG_FUNCS or a.window not in WINDOWS or a.op not in COMPARE_OPS:
            raise InvalidRule("unknown aggregate")
        if kinds.get(a.date_field) != "date":
            raise InvalidRule(f"{a.date_field!r} is not a date of {fr.name}")
        if a.func == "sum" and kinds.get(a.field or "") not in ("money", "int", "float"):
            raise InvalidRule(f"{a.field!r} is not an amount of {fr.name}")
        if a.func == "count" and a.field is not None:
            raise InvalidRule("count takes no field")
        if not isinstance(a.value, Decimal):
            raise InvalidRule("an aggregate compares against a number")
        _currency_ok(a.currency, kinds)
    if ir.lead is not None:
        if kinds.get(ir.lead.field) != "date":
            raise InvalidRule(f"{ir.lead.field!r} is not a date of {fr.name}")
        if type(ir.lead.days) is not int or not 0 <= ir.lead.days <= 3660:
            raise InvalidRule("lead days must be a whole number of days")
    if ir.absence is not None:
        if type(ir.absence.days) is not int or not 1 <= ir.absence.days <= 3660:
            raise InvalidRule("a quiet spell is a whole number of days")
        if ir.absence.by is not None and not (isinstance(ir.absence.by, str) and _CLOCK.fullmatch(ir.absence.by)):
            raise InvalidRule("a quiet spell's time of day is HH:MM")
        date_field = lexicon()["date_fields"].get(fr.name) if ir.learned is None else "date"
        if kinds.get(date_field or "") != "date":
            raise InvalidRule(f"{fr.name} records have no date to tell a quiet spell by")
    if sum(x is not None for x in (ir.aggregate, ir.lead, ir.absence)) > 1:
        raise InvalidRule("a rule has at most one of an aggregate, a lead time and a quiet spell")
    return ir


def _currency_ok(currency: Any, kinds: dict[str, str]) -> None:
    if currency is None:
        return
    if not isinstance(currency, str) or not re.fullmatch(r"[A-Z]{3}", currency) or "currency" not in kinds:
        raise InvalidRule(f"bad currency {currency!r}")


def _validate_condition(c: Condition, kinds: dict[str, str], fr: Frame) -> None:
    if c.op not in OPS:
        raise InvalidRule(f"unknown operator {c.op!r}")
    if not c.fields or not all(isinstance(f, str) and f in kinds for f in c.fields):
        raise InvalidRule(f"{c.fields!r} are not fields of {fr.name}")
    fkinds = {kinds[f] for f in c.fields}
    v = c.value
    if c.op in COMPARE_OPS:
        money = fkinds <= {"money", "int", "float"} and isinstance(v, Decimal) and v.is_finite()
        day = fkinds == {"date"} and isinstance(v, dt.date)
        clock = ((fkinds == {"str"} and set(c.fields) <= CLOCK_FIELDS) or fkinds == {"time"}) and isinstance(v, str) \
            and bool(_CLOCK.fullmatch(v))
        if not (money or day or clock):
            raise InvalidRule(f"cannot compare {c.fields!r} with {v!r}")
        if c.currency is not None:
            _currency_ok(c.currency, kinds)
    elif c.op == "eq":
        if not isinstance(v, str):
            raise InvalidRule("eq takes a string")
        for f in c.fields:
            if f not in fr.slot_names:
                continue  # an agreed slot not in the schema yet (a plain string)
            slot = fr.slot(f)
            if slot.kind == "enum" and v not in slot.choices:
                raise InvalidRule(f"{v!r} is not a {fr.name}.{f}")
            if slot.kind not in ("enum", "str"):
                raise InvalidRule(f"eq on {f!r} is not supported")
    elif c.op == "contains_any":
        if not fkinds <= {"str", "enum", "list"}:
            raise InvalidRule("contains_any works on text fields")
        if not v or not isinstance(v, tuple) or not all(isinstance(w, str) and w.strip() and len(w) <= 80 for w in v):
            raise InvalidRule("contains_any takes non-empty words")
    elif c.op == "weekday_in":
        if fkinds != {"date"}:
            raise InvalidRule("weekday_in works on dates")
        if not v or not isinstance(v, tuple) or not all(type(d) is int and 0 <= d <= 6 for d in v):
            raise InvalidRule("weekday_in takes weekday numbers 0-6")
    elif c.op == "time_between":
        if not ((set(c.fields) <= CLOCK_FIELDS and fkinds == {"str"}) or fkinds == {"time"}):
            raise InvalidRule("time_between works on clock times")
        if not (isinstance(v, tuple) and len(v) == 2 and all(isinstance(t, str) and _CLOCK.fullmatch(t) for t in v)):
            raise InvalidRule("time_between takes two HH:MM times")


# -- describing a rule ---------------------------------------------------------------------


_COLLECTION_WORDS = {
    "Purchase": "a purchase", "Transfer": "a transfer", "Event": "an event", "Trip": "a trip",
    "Deadline": "a deadline", "Subscription": "a subscription", "Medication": "a medication",
    "Account": "an account", "TravelDocument": "a travel document",
}


def _money_text(value: Decimal, currency: str | None) -> str:
    q = value.quantize(Decimal("0.01")) if value != value.to_integral_value() else value.quantize(Decimal("1"))
    return f"{q} {currency}" if currency else str(q)


def describe_condition(c: Condition) -> str:
    fields = "/".join(f.replace("_", " ") for f in c.fields)  # "unit price over 20 GBP"
    if c.op in COMPARE_OPS:
        v = _money_text(c.value, c.currency) if isinstance(c.value, Decimal) else str(c.value)
        return f"{fields} {_OP_WORDS[c.op]} {v}"
    if c.op == "eq":
        return f"{fields} is {c.value}"
    if c.op == "contains_any":
        words = list(c.value)
        shown = ", ".join(words[:4]) + (f" (+{len(words) - 4} more)" if len(words) > 4 else "")
        return f"{fields} mentions {shown}"
    if c.op == "weekday_in":
        return f"{fields} falls on " + " or ".join(_WEEKDAY_NAMES[d] for d in c.value)
    if c.op == "time_between":
        return f"{fields} between {c.value[0]} and {c.value[1]}"
    return f"{fields} {c.op} {c.value}"


def describe(ir: RuleIR) -> str:
    """One line a person can check: what the rule watches and when it fires."""
    what = ir.learned.collection.replace("_", " ") if ir.learned is not None else _COLLECTION_WORDS.get(ir.collection, ir.collection)
    conds = [" or ".join(describe_condition(c) for c in g) for g in ir.conditions]
    where = (" where " + " and ".join(conds)) if conds else ""
    if ir.lead is not None:
        return f"{ir.lead.days} day(s) before {what}'s {ir.lead.field}{where}"
    if ir.absence is not None:
        noun = ir.frame.collection.replace("_", " ")
        if ir.absence.by is not None and ir.absence.days == 1:
            return f"at {ir.absence.by} on a day with no {noun}{where}"
        by = f", from {ir.absence.by}" if ir.absence.by else ""
        return f"when {ir.absence.days} day(s) pass with no {noun}{where}{by}"
    if ir.aggregate is not None:
        a = ir.aggregate
        measure = f"total {a.field}" if a.func == "sum" else "number"
        return (f"when the {measure} of {what if ir.learned is not None else ir.collection.lower()} records{where} in one calendar {a.window} "
                f"is {_OP_WORDS[a.op]} {_money_text(a.value, a.currency)}")
    return f"when {what}{where}" if where else f"when {what} is added"
