"""Rules the phrase parser cannot read, read by the model into the rule IR; checked by code.

Stages: ``asks_for_a_rule`` (a cheap gate: words of warning, reminding, limiting or budgeting) and
``kinds`` (which kinds of rule the message's candidates allow: none, no asking); ``whose_rule``
(the model, asked on its own, says whose rule it is — only the user's own is read further);
``propose`` (the model fills one kind of rule under a grammar with a branch per kind allowed, its
values candidate ids and its words the message's: a limit on each record, a total per period, a
reminder before a date, a quiet spell); ``to_ir`` (fields resolved against the built-in frames and
the learned collections — a collection the rule names that does not exist yet is created as a
suggestion, so later records of that kind fill it; a reminder becomes a deadline record plus a
lead-time rule over it, so a later message that moves or meets the deadline moves or ends the
reminder); a reading refused as the wrong kind is asked once more without that kind; then the
rule's own tests (:mod:`engine.rules.rule_selftest`) must pass before it is stored.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cache
from typing import Any

from engine.ask.inflect import word_forms
from engine.extract.unit_price import unit_after
from engine.frames import FRAMES, Frame
from engine.learn.collection import (
    InvalidCollection,
    LearnedCollection,
    LearnedField,
    changed,
    check_name,
    clean_name,
    new_collection,
)
from engine.learn.fill import field_name
from engine.learn.propose import Offer, offer
from engine.learn.quantities import Quantity, convert, spelled_numbers
from engine.learn.verify import Value
from engine.llm.backend import Backend, SchemaRequest
from engine.log import Fact
from engine.profile import RESOURCES
from engine.rules.lead_time import MAX_DAYS, LeadCandidate, find_leads, find_spans
from engine.rules.rule_ir import (
    Absence,
    Aggregate,
    Condition,
    InvalidRule,
    Lead,
    Learned,
    RuleIR,
    validate,
)
from engine.rules.rule_lexicon import lexicon
from engine.rules.rule_selftest import self_test

EXAMPLES_PATH = RESOURCES / "rules" / "model_examples.jsonl"
OPS = ("gt", "ge", "lt", "le")
PERIODS = ("none", "day", "week", "month", "year")
TOTALS = ("none", "sum", "count")
WHOSE = ("mine", "someone else", "quoted", "hypothetical", "past", "question", "advice")
"""Whose rule a message states: only the user's own ("mine") becomes a rule; naming what else it
can be gives a small model a choice to make instead of one yes/no to get right."""
MAX_ABOUT = 60
NOT_AN_INSTRUCTION = "not an instruction"
RULE_FRAMES = ("Purchase", "Trip", "Event", "Transfer", "Subscription")
"""Built-in collections a model-read rule may watch (a limit on a number or a clock time)."""
QUIET_FRAMES = ("Event",)
"""Built-in collections a quiet spell may watch: things that keep happening (classes, sessions);
a run, a watering or a dose is a collection of its own."""
QUIET_REFUSED = "a quiet spell watches events or your own collections"
MAX_TOKENS = 160

_GATE = re.compile(
    r"\b(?:warn|alert|remind|reminder|flag|heads[\s-]?up|let me know|tell me|notify|nag|shout|ping|yell|nudge|poke|prod|"
    r"say so|say something|speak up|point it out|call it out|give me a nudge|keep me|hold me|stop me|don'?t let me|do not let me|never let me|make sure|budget|limit|cap|max(?:imum)?|"
    r"no more than|at most|not more than|my rule|rule is|keep (?:it|them|this|that|myself) (?:under|below|to)|"
    r"don'?t (?:really )?want to (?:spend|go|pay|drink|have|book|drop)|if i (?:ever )?(?:go|spend|book|buy|drop|hit|pass|get)\b.*\b(?:over|more|above|below|under|before|after)|shouldn'?t (?:go|spend)|under \S+ a (?:month|week|day))\b",
    re.I,
)

WHOSE_INSTRUCTIONS = """You read one chat message a user wrote to their personal assistant. It has words of a rule: a limit, a budget, a cap, a warning or a reminder. Say whose rule it is:
- "mine": the user sets it for themself and wants the assistant to watch it ("warn me if", "flag it when", "my budget for X is", "X a week max", "don't let me", "hold me to it", "give me a shout", "remind me").
- "someone else": a rule another person has or was given.
- "quoted": the words of a notification, an email or a letter the user passes on.
- "hypothetical": a wish or an "if I were the kind of person who".
- "past": a rule the user used to have and dropped.
- "question": the user only asks what the assistant can do.
- "advice": advice the user gives to someone else.
"""

INSTRUCTIONS = """You read one chat message in which a user sets a rule for their personal assistant to watch: a limit, a budget, a cap, a warning or a reminder. Say the rule's kind and fill its fields.
The kinds:
- "each": every single record must keep a limit: the price of one purchase or booking, one reading, one night's sleep, a time of day ("more than €60 on any single dinner", "a resting pulse above 100", "a train leaving before 6am", "blood oxygen under 94").
  collection: the records it watches. Use one of the listed collections when it fits (purchases for anything bought, booked or paid, trips for flights and travel, events for meetings and appointments); otherwise a short plural snake_case name for the kind of record (blood_pressure, weigh_ins, pulse_readings). field: the field compared (amount, time, systolic, pulse, weight). op: gt (over, more than, above, after), ge (at least), lt (under, below, less than, before), le (at most). value: the id of the limit in the Candidates list (M for money, Q for a number, T for a clock time). words: up to three words of the message that the watched records must mention (a shop, a category, a kind of thing: "Lidl", "taxi", "garden"); none when every record counts.
- "total": a sum or a count over a day, a week, a month or a year ("£50 a month on magazines", "more than 3 energy drinks a day", "15 cigarettes a week max", "a budget of €300 for the housewarming"). collection, field, op, value and words as for "each"; total: "sum" for money or amounts added up, "count" for how many records; per: day, week, month or year (month when no period is said).
- "reminder": the user asks to hear about something some time before a date the message gives (a renewal, an expiry, a birthday, a due date, an appointment; without such a date it is not a reminder). date: the id of that date in the Candidates list (D). before: the id of how long before (L), or of the earlier day itself (D); "none" for the day itself. about: up to six words of the message naming what is due ("boiler service", "the lease on the flat").
- "absence": the user wants to hear if something has NOT happened for a span of time or by a time of day ("if a week passes with no practice", "if two weeks go by without a call to Gran", "if I haven't logged my walk by 8pm"). collection: a short plural snake_case name for the records of the thing that should keep happening (practice_sessions, calls; "events" only for meetings, classes or appointments). words: as for "each". span: the id of the span of time (P); by: the id of a clock time (T); "none" for the one not said.
"""


@dataclass
class ModelRule:
    """A rule the model read, checked: its IR, the sentence it came from, and a collection to create."""

    ir: RuleIR
    text: str
    collection: LearnedCollection | None = None
    """A learned collection the rule named before any record of it (created with the rule)."""
    deadline: Due | None = None
    """For a reminder: the deadline it counts down to (recorded with the rule)."""


@dataclass(frozen=True)
class Due:
    """What a reminder is about and when, with where each was said in the message."""

    about: str
    due: dt.date
    about_span: tuple[int, int]
    date_span: tuple[int, int]


@dataclass
class Reading:
    rules: list[ModelRule] = field(default_factory=list)
    rejected: list[str] = field(default_factory=list)
    asked: int = 0


def asks_for_a_rule(text: str) -> bool:
    return bool(_GATE.search(text))


def _frame_fields(fr: Frame) -> list[str]:
    return [s.name for s in fr.slots if s.kind in ("money", "int", "date") or s.name in ("time", "departs")]


def catalog(learned: dict[str, LearnedCollection], frames: tuple[str, ...] = RULE_FRAMES) -> list[str]:
    """The collections offered to the model, one line each."""
    lines = []
    for fr in FRAMES:
        if fr.name in frames:
            lines.append(f"{fr.collection}: " + ", ".join(_frame_fields(fr) + lexicon()["text_fields"].get(fr.name, [])))
    for c in learned.values():
        if c.state != "refused":
            lines.append(c.describe())
    return lines


def _block(o: Offer, leads: list[LeadCandidate]) -> str:
    lines = [c.line() for c in leads] + [c.line() for c in find_spans(o.text)]
    return o.block() if not lines else "\n".join(([] if o.block() == "(none)" else [o.block()]) + lines)


def question(o: Offer, collections: list[str]) -> str:
    return "\n".join([
        f"Session date: {o.session_date.isoformat()}",
        "Collections: " + "; ".join(collections),
        f"Message: {o.text.strip()}",
        "Candidates:",
        _block(o, find_leads(o.text)),
        "Answer:",
    ])


def kinds(o: Offer) -> list[str]:
    """The kinds of rule the message's candidates allow: a limit needs a value, a reminder a day
    still to come, a quiet spell a span or a time of day."""
    out = []
    if o.money or o.times or o.quantities:
        out += ["each", "total"]
    if _gives_a_day_to_come(o):
        out.append("reminder")
    if find_spans(o.text) or o.times:
        out.append("absence")
    return out


FIELDS = {
    "each": ("collection", "field", "op", "value", "words"),
    "total": ("collection", "field", "total", "op", "value", "per", "words"),
    "reminder": ("date", "before", "about"),
    "absence": ("collection", "words", "span", "by"),
}
"""The fields of each kind of rule, in the order the model writes them."""


FAMILIES = (("each", "total"), ("reminder",), ("absence",))
"""Kinds read the same way: a refused limit is not asked again as a total."""


WRONG_KIND = "a time of day is not compared with"
"""The refusal that says the reading took the wrong kind of rule (a time of day read as a limit
on a date field: "if I haven't taken it by 8pm"), so asking once more without that kind can help;
other refusals are about the message itself, and a second asking would only force another kind."""


def _other_kinds(o: Offer, refused: Any) -> list[str]:
    family = next((f for f in FAMILIES if refused in f), FAMILIES[0])
    return [k for k in kinds(o) if k not in family]


def schema(o: Offer, offered: list[str] | None = None) -> dict[str, Any]:
    """One branch per kind the message allows, each with all of its fields required (a small model
    does not leave out what the grammar asks for)."""
    ids = [c.id for c in (*o.money, *o.times)] + [q.id for q in o.quantities]
    dates = [c.id for c in o.dates]
    leads = [c.id for c in find_leads(o.text)]
    words = {"type": "array", "items": {"type": "string", "maxLength": 30}, "maxItems": 3}
    props: dict[str, Any] = {
        "date": {"enum": dates or ["none"]},
        "before": {"enum": [*leads, *dates, "none"]},
        "about": {"type": "string", "maxLength": MAX_ABOUT},
        "collection": {"type": "string", "maxLength": 40},
        "field": {"type": "string", "maxLength": 30},
        "op": {"enum": list(OPS)},
        "value": {"enum": ids or ["none"]},
        "words": words,
        "span": {"enum": [c.id for c in find_spans(o.text)] + ["none"]},
        "by": {"enum": [c.id for c in o.times] + ["none"]},
        "total": {"enum": ["sum", "count"]},
        "per": {"enum": list(PERIODS[1:])},
    }
    branches = []
    for kind in offered or kinds(o):
        keys = ("kind", *FIELDS[kind])
        branches.append({
            "type": "object",
            "properties": {"kind": {"const": kind}, **{k: props[k] for k in FIELDS[kind]}},
            "required": list(keys),
        })
    return {"anyOf": branches}


def _in_order(answer: dict[str, Any]) -> dict[str, Any]:
    """An example's answer with its keys in the order the grammar asks for them."""
    keys = ("kind", *FIELDS.get(answer.get("kind", ""), ()))
    return {k: answer[k] for k in keys if k in answer}


WHOSE_EXAMPLES_PATH = RESOURCES / "rules" / "whose_examples.jsonl"
WHOSE_SCHEMA = {"type": "object", "properties": {"whose": {"enum": list(WHOSE)}}, "required": ["whose"]}


@cache
def whose_prefix() -> str:
    parts = [WHOSE_INSTRUCTIONS, "Examples:"]
    for line in WHOSE_EXAMPLES_PATH.read_text(encoding="utf-8").splitlines():
        if line.strip():
            ex = json.loads(line)
            parts += [f"Message: {ex['text']}", "Answer:", json.dumps({"whose": ex["whose"]}), ""]
    return "\n".join(parts).rstrip() + "\n"


def whose_rule(text: str, backend: Backend) -> str:
    """Whose rule the message states, asked on its own: one small choice, read before the rule
    itself so a rule that is not the user's is never built."""
    raw = backend.propose(SchemaRequest(whose_prefix(), f"Message: {text.strip()}\nAnswer:", WHOSE_SCHEMA, 16))
    got = raw.get("whose") if isinstance(raw, dict) else None
    return got if got in WHOSE else "unclear"


@cache
def prefix() -> str:
    parts = [INSTRUCTIONS, "Examples:"]
    for line in EXAMPLES_PATH.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        ex = json.loads(line)
        o = rule_offer(ex["text"], dt.date.fromisoformat(ex["session_date"]))
        answer = dict(ex["answer"])
        for key in ("value", "date", "before", "span", "by"):
            if str(answer.get(key, "")).startswith("@"):
                answer[key] = _example_id(o, key, answer[key][1:], ex["text"])
        parts += [question(o, ex["collections"]), json.dumps(_in_order(answer), ensure_ascii=False), ""]
    return "\n".join(parts).rstrip() + "\n"


def _example_id(o: Offer, key: str, surface: str, text: str) -> str:
    """The candidate id an example's answer names by its words ("@9 October")."""
    pools: dict[str, list[Any]] = {
        "value": [*o.money, *o.times, *o.quantities], "date": list(o.dates),
        "before": [*find_leads(text), *o.dates], "span": find_spans(text), "by": list(o.times),
    }
    hits = [c.id for c in pools[key] if c.surface.strip(" .,") == surface]
    if not hits:
        raise ValueError(f"rule example: no candidate {surface!r} in {text[:40]!r}: {_block(o, find_leads(text))}")
    return hits[0]


def _value(o: Offer, raw: Any) -> Value | None:
    for c in o.money:
        if c.id == raw:
            return Value("money", Decimal(c.value), c.start, c.end, currency=c.currency or "")
    for c in o.times:
        if c.id == raw:
            return Value("time", c.value, c.start, c.end)
    for q in o.quantities:
        if q.id == raw:
            return Value("float", q.value, q.start, q.end, q.unit, q.dimension)
    return None


def to_ir(raw: Any, o: Offer, learned: dict[str, LearnedCollection], facts: list[Fact]) -> ModelRule | str:
    """The checked rule, or why the proposal was refused."""
    if not isinstance(raw, dict):
        return "no rule read"
    if raw.get("kind") == "reminder":
        return _reminder(raw, o)
    if raw.get("kind") == "absence":
        return _absence(raw, o, learned, facts)
    value = _value(o, raw.get("value"))
    if value is None:
        return "no limit the message states"
    op = raw.get("op")
    if op not in OPS:
        return "no comparison"
    words = _words(raw, o.text)
    total, per = "none", "none"
    if raw.get("kind") == "total":
        total, per = raw.get("total"), raw.get("per")
        if total not in TOTALS[1:] or per not in PERIODS[1:]:
            return "a total needs a sum or a count and its period"
        if value.kind == "time":
            return "a total is of amounts or of records, not of a time of day"
    if op in ("lt", "le") and (value.kind == "money" or total != "none"):
        # a cap or a budget is broken by reaching past it: "keep groceries under $150 a week" fires
        # at $150, "at most £200" above £200
        op = "ge" if op == "lt" else "gt"
    name = _name(raw, "collection")
    fname = _name(raw, "field")
    frame = next((f for f in FRAMES if f.name in RULE_FRAMES and (f.collection == name or f.collection == name + "s")), None)
    if frame is None and value.kind == "money" and _learned_named(name, learned) is None:
        # money spent on a kind of thing ("hotels", "groceries") is a purchase that mentions it;
        # one the message does not name is refused, never widened to every purchase
        words = words or _said_forms(name, o.text)
        if not words:
            return "money limits watch purchases or trips, and the message names no kind of purchase"
        frame = next(f for f in FRAMES if f.name == "Purchase")
    if frame is not None:
        return _built_in(frame, fname, op, value, words, total, per, o)
    return _learned(name, fname, op, value, words, total, per, o, learned, facts)


def _a_date_field(fname: str, text: str) -> bool:
    """Whether ``fname`` is a date field of a collection offered to the model ("return_by", "due")
    that the message does not speak of: a clock time compared with it is a field brought along
    from the catalog ("shifts that start before 7am" keeps its "start")."""
    dates = {sl.name for fr in FRAMES if fr.name in RULE_FRAMES for sl in fr.slots if sl.kind == "date"}
    return fname in dates and not any(_said_forms(w, text) for w in fname.split("_") if len(w) >= 3)


def _learned_named(name: str, learned: dict[str, LearnedCollection]) -> LearnedCollection | None:
    """The learned collection ``name`` means, singular or plural."""
    return learned.get(name) or next((c for n, c in learned.items() if n.rstrip("s") == name.rstrip("s")), None)


def _said_forms(name: str, text: str) -> tuple[str, ...]:
    """The collection name's last word, when the message says it in either number: its singular
    and plural, which records must mention ("hotels" when the message says "a hotel"); none when
    the message does not say it."""
    words = re.findall(r"[^\W\d_]{3,}", name.replace("_", " ").lower())
    if not words:
        return ()
    forms = tuple(sorted(word_forms(words[-1], ("NOUN",)), key=lambda f: (len(f), f)))
    return forms if any(_whole_words(text, f) is not None for f in forms) else ()


def rule_offer(text: str, session_date: dt.date) -> Offer:
    """The message's candidates for a rule: those of any reading, plus bare numbers said in words,
    since a limit is often said so ("ten a week max", "two coffees a day, that's the cap")."""
    o = offer(text, session_date)
    taken = [(c.start, c.end) for c in (*o.dates, *o.times, *o.money)] + [(q.start, q.end) for q in o.quantities]
    said = spelled_numbers(text, taken)
    if not said:
        return o
    rows = sorted([(q.start, q.end, q.value, q.unit, q.dimension, q.note) for q in o.quantities]
                  + [(a, b, v, "", "", "") for a, b, v in said], key=lambda r: r[0])
    return replace(o, quantities=tuple(Quantity(f"Q{i}", a, b, text[a:b], v, u, d, n)
                                       for i, (a, b, v, u, d, n) in enumerate(rows, 1)))


def a_dated_reminder(ir: RuleIR, text: str, session_date: dt.date) -> bool:
    """A lead-time rule in a message that gives a day still to come: a reminder about one dated
    thing, which the model reads better than a rule over every record of a frame."""
    return ir.lead is not None and _gives_a_day_to_come(offer(text, session_date))


def _gives_a_day_to_come(o: Offer) -> bool:
    """Whether the message names a whole day on or after its session date."""
    return any(not c.month_only and (d := _day(c.value)) is not None and d >= o.session_date for c in o.dates)


def _whole_words(text: str, words: str) -> tuple[int, int] | None:
    """Where ``words`` stand in ``text`` as whole words (not the "i" inside "boiler")."""
    if not words:
        return None
    m = re.search(r"(?<![\w'])" + r"\s+".join(re.escape(w) for w in words.split()) + r"(?![\w])", text, re.I)
    return (m.start(), m.end()) if m else None


def _longest_said(text: str, words: str) -> tuple[int, int] | None:
    """The longest run of ``words`` the message says as it is ("car insurance renewal" when the
    message says "the car insurance on the ute renews": "car insurance")."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        for i in range(len(parts) - n + 1):
            run = " ".join(parts[i:i + n])
            content = [w for w in re.findall(r"[^\W\d_]{3,}", run.lower()) if w not in lexicon()["function_words"]]
            span = _whole_words(text, run) if content else None
            if span is not None:
                return span
    return None


def _words(raw: dict[str, Any], text: str) -> tuple[str, ...]:
    """The words the model says records must mention: a list of strings, each in the message."""
    given = raw.get("words")
    if not isinstance(given, list):
        return ()
    return tuple(w.strip().lower() for w in given if isinstance(w, str) and w.strip()
                 and _whole_words(text, w.strip()) is not None)


def _name(raw: dict[str, Any], key: str) -> str:
    value = raw.get(key)
    return clean_name(value) if isinstance(value, str) else ""


def _day(value: Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        return None


def _reminder(raw: dict[str, Any], o: Offer) -> ModelRule | str:
    """A reminder: the date must be one the message gives, the lead time one it says (or none: the
    day itself), and what is due words of the message. The rule counts down to a deadline record
    of its own, matched by those words."""
    day = next((c for c in o.dates if c.id == raw.get("date") and not c.month_only), None)
    due = _day(day.value) if day is not None else None
    if day is None or due is None:
        return "no date the message gives"
    if due < o.session_date:
        return "the date has already passed"
    before = raw.get("before", "none")
    lead = next((c for c in find_leads(o.text) if c.id == before), None)
    earlier = next((c for c in o.dates if c.id == before and c.id != day.id), None)
    if lead is not None:
        days = lead.days
    elif earlier is not None and _day(earlier.value) is not None:
        days = (due - _day(earlier.value)).days  # type: ignore[operator]
    elif before == "none":
        days = 0
    else:
        return "no lead time the message says"
    if not 0 <= days <= MAX_DAYS:
        return "the lead time is not before the date"
    about = " ".join(raw["about"].split()).strip(" .,;:!?") if isinstance(raw.get("about"), str) else ""
    span = _longest_said(o.text, about)
    if span is None or not re.search(r"[^\W\d_]{3,}", about) or len(about) > MAX_ABOUT:
        return "no words of the message name what is due"
    about = o.text[span[0]:span[1]].strip(" .,;:!?") or about
    condition = Condition(("about",), "contains_any", (about.lower(),))
    try:
        ir = validate(RuleIR("Deadline", ((condition,),), lead=Lead("due", days), since=o.session_date))
    except InvalidRule as exc:
        return str(exc)
    return ModelRule(ir, o.text, deadline=Due(about, due, span, (day.start, day.end)))


def _absence(raw: dict[str, Any], o: Offer, learned: dict[str, LearnedCollection], facts: list[Fact]) -> ModelRule | str:
    """A quiet spell: the span must be one the message says; the records watched are a built-in
    collection with dates or a learned one (created, with only a date, when none exists yet)."""
    span = next((c for c in find_spans(o.text) if c.id == raw.get("span")), None)
    clock = next((c for c in o.times if c.id == raw.get("by")), None)
    if raw.get("by") not in (None, "none") and clock is None:
        return "no time of day the message says"
    by = str(clock.value) if clock is not None else None
    if span is None and by is None:
        return "no span of time the message says"
    quiet = Absence(span.days if span is not None else 1, by)
    words = _words(raw, o.text)
    name = _name(raw, "collection")
    if not name:
        return "no collection named"
    lx = lexicon()
    frame = next((f for f in FRAMES if f.name in RULE_FRAMES and (f.collection == name or f.collection == name + "s")), None)
    if frame is not None and frame.name not in QUIET_FRAMES:
        return f"{QUIET_REFUSED}, not {frame.collection}"
    if frame is not None:
        noun = frame.collection.rstrip("s")
        if not words and _whole_words(o.text, noun) is None and _whole_words(o.text, frame.collection) is None:
            return f"the message speaks of no {frame.collection}"  # "5 days without a run" is not about trips
        text_fields = tuple(f for f in lx["text_fields"].get(frame.name, []) if f in frame.slot_names)
        conditions = ((Condition(text_fields, "contains_any", words),),) if words and text_fields else ()
        try:
            return ModelRule(validate(RuleIR(frame.name, conditions, absence=quiet, since=o.session_date)), o.text)
        except InvalidRule as exc:
            return str(exc)
    coll = _learned_named(name, learned)
    created = None
    if coll is None:
        try:
            check_name(name)
            created = coll = new_collection(name, [LearnedField("date", "date")], facts)
        except InvalidCollection as exc:
            return str(exc)
    if coll.state == "refused":
        return f"{coll.name} is a collection you refused"
    if not any(f.name == "date" and f.kind == "date" for f in coll.fields):
        return f"{coll.name} records have no date"
    text_fields = tuple(f.name for f in coll.fields if f.kind == "str")
    conditions = ((Condition(text_fields, "contains_any", words),),) if words and text_fields else ()
    shape = Learned(coll.name, tuple((f.name, f.kind) for f in coll.fields))
    try:
        ir = validate(RuleIR(coll.frame, conditions, absence=quiet, since=o.session_date, learned=shape))
    except InvalidRule as exc:
        return str(exc)
    return ModelRule(ir, o.text, created)


def _with_categories(words: tuple[str, ...]) -> tuple[str, ...]:
    """A word of the rule that names a spending category, widened to the category as the phrase
    parser knows it (``categories`` in the rule lexicon): "clothes" also finds a purchase filed
    under "clothing", "groceries" one at a supermarket. A word that is only a member of a category
    ("hotel" of travel) stays itself: a cap on hotels is not one on flights."""
    lx = lexicon()
    out = list(words)
    for w in words:
        category = lx["category_phrases"].get(w) or (w if w in lx["categories"] else None)
        if category and w[:5] == category[:5]:
            out += lx["categories"].get(category, [])
    return tuple(dict.fromkeys(out))


def _built_in(fr: Frame, fname: str, op: str, value: Value, words: tuple[str, ...], total: str, per: str,
              o: Offer) -> ModelRule | str:
    lx = lexicon()
    if value.kind == "time":
        target = fname if fname in ("time", "departs") and fname in fr.slot_names else \
            next((f for f in ("departs", "time") if f in fr.slot_names), None)
        limit: Any = value.value
    elif value.kind != "money" and total != "count":
        return f"{fr.collection} compares amounts of money, not {value.unit or 'plain numbers'}"
    else:
        kinds = {s.name: s.kind for s in fr.slots}
        target = fname if kinds.get(fname) in ("money", "int") else lx["amount_fields"].get(fr.name)
        limit = value.value
        if total == "none" and value.kind == "money" and "unit_price" in fr.slot_names \
                and unit_after(o.text, value.end) not in (None, "item"):
            target = "unit_price"  # "£20 a bottle", "£150 a night": the price of one unit, not the whole purchase
    if target is None:
        return f"{fr.collection} has no field to compare with {value.kind}"
    conditions: list[tuple[Condition, ...]] = []
    text_fields = tuple(f for f in lx["text_fields"].get(fr.name, []) if f in fr.slot_names or f in lx["expected_slots"].get(fr.name, {}))
    if words and text_fields:
        conditions.append((Condition(text_fields, "contains_any", _with_categories(words) if fr.name == "Purchase" else words),))
    currency = value.currency or None
    aggregate = None
    if total != "none":
        date_field = lx["date_fields"].get(fr.name)
        if date_field is None or (total == "sum" and value.kind != "money"):
            return "a total needs dates and amounts"
        aggregate = Aggregate(total, target if total == "sum" else None, per, date_field, op, Decimal(limit),
                              currency if total == "sum" and "currency" in fr.slot_names else None)
    else:
        conditions.append((Condition((target,), op, limit, currency if "currency" in fr.slot_names and value.kind == "money" else None),))
    try:
        ir = validate(RuleIR(fr.name, tuple(conditions), aggregate, since=o.session_date))
    except InvalidRule as exc:
        return str(exc)
    return ModelRule(ir, o.text)


def _learned(name: str, fname: str, op: str, value: Value, words: tuple[str, ...], total: str, per: str, o: Offer,
             learned: dict[str, LearnedCollection], facts: list[Fact]) -> ModelRule | str:
    if value.kind == "money":
        return "money limits watch purchases or trips"
    if not fname:
        return "no field named"
    coll = _learned_named(name, learned)
    if coll is None and value.kind == "time" and _a_date_field(fname, o.text):
        return f"{WRONG_KIND} a date field ({fname})"
    created = None
    kind = "time" if value.kind == "time" else "float"
    if coll is None:
        try:
            check_name(name)
            fields = [LearnedField("date", "date")]
            if total != "count":
                fields.append(LearnedField(field_name(fname, value), kind, value.unit))
            created = coll = new_collection(name, fields, facts)
        except InvalidCollection as exc:
            return str(exc)
    if coll.state == "refused":
        return f"{coll.name} is a collection you refused"
    target = None
    if total != "count":
        same_quantity = [f for f in coll.fields if f.kind == kind and f.name != "date" and (
            f.unit == value.unit or (f.unit and value.unit and convert(Decimal(1), value.unit, f.unit) is not None))]
        target = next((f for f in coll.fields if f.name in (fname, field_name(fname, value)) and f.kind == kind), None) or \
            next((f for f in same_quantity if f.name.startswith(fname)), None) or \
            (same_quantity[0] if len(same_quantity) == 1 else None)
        if target is None:
            try:
                extra = LearnedField(field_name(fname, value), kind, value.unit)
                coll = changed(coll, fields=(*coll.fields, extra))
            except InvalidCollection as exc:
                return str(exc)
            created, target = coll, extra
    limit: Any = value.value
    if target is not None and target.kind == "float" and value.unit and target.unit and value.unit != target.unit:
        converted = convert(value.value, value.unit, target.unit)
        if converted is None:
            return f"{value.unit} does not compare with {target.unit}"
        limit = converted
    shape = Learned(coll.name, tuple((f.name, f.kind) for f in coll.fields))
    conditions: list[tuple[Condition, ...]] = []
    text_fields = tuple(f.name for f in coll.fields if f.kind == "str")
    if words and text_fields:
        conditions.append((Condition(text_fields, "contains_any", words),))
    aggregate = None
    if total == "sum" and target is not None:
        aggregate = Aggregate("sum", target.name, per, "date", op, Decimal(limit))
    elif total == "count":
        aggregate = Aggregate("count", None, per, "date", op, Decimal(limit))
    elif target is not None:
        conditions.append((Condition((target.name,), op, limit),))
    try:
        ir = validate(RuleIR(coll.frame, tuple(conditions), aggregate, since=o.session_date, learned=shape))
    except InvalidRule as exc:
        return str(exc)
    return ModelRule(ir, o.text, created)


def _sentence_of(text: str, o: Offer, value_id: Any, also: int | None = None) -> str:
    """The sentence holding the rule's limit (and the one at ``also``, when another): what the rule
    is shown as, in the user's words."""
    from engine.extract.segment import sentences

    value = _value(o, value_id)
    day = next((c for c in (*o.dates, *find_spans(text)) if c.id == value_id), None)
    at = value.start if value is not None else (day.start if day is not None else 0)
    held = [(s, e) for s, e in sentences(text) if s <= at < e or (also is not None and s <= also < e)]
    return " ".join(text[s:e].strip() for s, e in held) if held else text.strip()


_REPORTED = re.compile(r"\b(?:told|tells|telling|advised|advising|warned)\s+(?!me\b|you\b|myself\b)\w+|[:]\s*['\"“‘]", re.I)


def reported(sentence: str) -> bool:
    """Words said to or by someone else ("I told her: set a cap…", "Katrin told the team: '…'"):
    a rule for them, not an instruction to the assistant, whatever the model makes of it."""
    return bool(_REPORTED.search(sentence))


_A_REQUEST = re.compile(
    r"\b(?:warn\w*|alert\w*|remind\w*|notif\w*|flag\w*|nudge\w*|ping\w*|nag\w*|heads[\s-]?up|let me know|"
    r"tell me (?:if|when|before|once)|stop me|don'?t let me|never let me|keep me|hold me|make sure|please|"
    r"(?:can|could|would|will) you (?:\w+ )?(?:warn|alert|remind|flag|tell|let|stop|keep|set|track|watch|nudge|ping|"
    r"nag|make|give|hold))\b", re.I)
_ADVICE = re.compile(
    r"\b(?:should\s+(?:i|we)|how\s+much\s+(?:should|would|do|is)|what(?:'s|\s+is|\s+would\s+be)\s+(?:a\s+)?"
    r"(?:good|sensible|reasonable|realistic|normal|fair)|too\s+(?:much|many|high|low|little)|realistic(?:ally)?|"
    r"reasonable|do\s+you\s+think|what\s+would\s+you|is\s+(?:that|it|this)\s+(?:ok|okay|enough|a\s+lot))\b", re.I)


def asks_for_advice(sentence: str, message: str = "") -> bool:
    """A question that asks what a limit should be ("How much should 'fun' be on a £2,100 take-home?",
    "Should I cap clothes at £80?"), with no request to the assistant in it or elsewhere in the message:
    advice sought, no instruction given. "Is £60 too much? Flag it if I go over." is an instruction."""
    s = sentence.strip().rstrip("!")
    if not s.endswith("?") or re.search(r"[,\s](?:ok|okay|right|yeah|alright|yes|deal)\s*\?+$", s, re.I):
        return False  # a statement, or one with a tag ("so no more restaurants until May, ok?")
    return _ADVICE.search(s) is not None and _A_REQUEST.search(message or s) is None


def read_rules(text: str, session_date: dt.date, backend: Backend, learned: dict[str, LearnedCollection],
               facts: list[Fact]) -> Reading:
    """The model's reading of one message that the phrase parser made no rule of. Raises
    ModelError when the model fails."""
    out = Reading()
    if getattr(backend, "propose", None) is None or not asks_for_a_rule(text):
        return out
    o = rule_offer(text, session_date)
    if not kinds(o):
        return out  # no limit, day, span or time of day to make a rule of
    who = whose_rule(text, backend)
    out.asked = 1
    if who != "mine":
        out.rejected.append(f"{NOT_AN_INSTRUCTION} ({who})")
        return out
    raw = backend.propose(SchemaRequest(prefix(), question(o, catalog(learned)), schema(o), MAX_TOKENS))
    out.asked += 1
    got = to_ir(raw, o, learned, facts)
    if isinstance(got, str) and got.startswith(QUIET_REFUSED):
        # a quiet spell read onto a built-in collection it cannot watch: asked once more without them
        out.rejected.append(got)
        raw = backend.propose(SchemaRequest(prefix(), question(o, catalog(learned, QUIET_FRAMES)), schema(o), MAX_TOKENS))
        out.asked += 1
        got = to_ir(raw, o, learned, facts)
    elif isinstance(got, str) and got.startswith(WRONG_KIND) and isinstance(raw, dict) \
            and (others := _other_kinds(o, raw.get("kind"))):
        # a reading refused as the wrong kind of rule: asked once more, without that kind on offer
        out.rejected.append(got)
        raw = backend.propose(SchemaRequest(prefix(), question(o, catalog(learned)), schema(o, others), MAX_TOKENS))
        out.asked += 1
        got = to_ir(raw, o, learned, facts)
    if isinstance(got, str):
        out.rejected.append(got)
        return out
    if got.deadline is not None:
        got.text = _sentence_of(text, o, raw.get("date"), got.deadline.about_span[0])
    elif got.ir.absence is not None:
        got.text = _sentence_of(text, o, raw.get("by") if got.ir.absence.by is not None else raw.get("span"))
    else:
        got.text = _sentence_of(text, o, raw.get("value"))
    if reported(got.text):
        out.rejected.append("the limit is in words said to or by someone else")
        return out
    if got.deadline is None and got.ir.absence is None and asks_for_advice(got.text, text):
        out.rejected.append("the limit is in a question asked of the assistant, not an instruction")
        return out
    test = self_test(got.ir)
    if not test.ok:
        out.rejected.append(f"the rule failed its own tests: {test.reason}")
        return out
    out.rules.append(got)
    return out
