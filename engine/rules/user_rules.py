"""User-stated rules: a deterministic parser, a small typed rule IR, and a trusted compiler.

"warn me if I spend over $300 at a restaurant" becomes a :class:`RuleIR` whose parts are all typed
values — a frame name from the catalog, slot names of that frame, operators from a closed set,
``Decimal``/``date``/``int``/``str`` constants. The compiler renders Python from fixed templates
and puts every value in through ``repr``, so no text the user (or a pasted document) wrote can
ever become code. A sentence the parser cannot map with confidence gives ``None`` and simply
stays a note.

Rules are facts in the log (domain ``rules``, frame ``UserRule``): stating, approving, disabling
and deleting a rule are new facts that supersede the previous one, so every rule has provenance.
A rule the user states in their own message is active at once; one found in imported or inbox
content waits as ``pending`` until approved. Active rules are rendered into the user project as
``rules/user_rules.py`` (one function per rule, and ``check(state, now)`` running them).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import keyword
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Any

from engine.frames import FRAMES_BY_NAME, Frame
from engine.log import Fact, NewFact
from engine.profile import RESOURCES
from engine.project.naming import attr

LEXICON_PATH = RESOURCES / "rules" / "user_rule_lexicon.json"
DOMAIN = "rules"
FRAME = "UserRule"
MODULE = "user_rules"
"""The rendered module: ``rules/user_rules.py`` in the project."""
STATUSES = ("active", "pending", "disabled", "deleted")
ORIGINS = ("user", "imported")
UNTRUSTED_SOURCES = frozenset({"import", "inbox"})
"""Session sources whose text is third-party content: rules found there wait for approval."""

OPS = frozenset({"gt", "ge", "lt", "le", "eq", "contains_any", "weekday_in", "time_between"})
COMPARE_OPS = ("gt", "ge", "lt", "le")
WINDOWS = ("day", "week", "month", "year")
AGG_FUNCS = ("sum", "count")
SEVERITIES = ("info", "warning")
IR_VERSION = 1
_CLOCK = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$")
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
class RuleIR:
    """One rule over one collection: every group of ``conditions`` must hold (a group holds when
    any of its conditions does), then the optional aggregate or lead time decides."""

    collection: str
    conditions: tuple[tuple[Condition, ...], ...] = ()
    aggregate: Aggregate | None = None
    lead: Lead | None = None
    severity: str = "warning"
    since: dt.date | None = None

    @property
    def frame(self) -> Frame:
        return FRAMES_BY_NAME[self.collection]

    def to_json(self) -> dict[str, Any]:
        return {
            "v": IR_VERSION,
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
    if not isinstance(doc, dict) or doc.get("v") != IR_VERSION:
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
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, InvalidRule):
            raise
        raise InvalidRule(f"malformed rule: {exc}") from exc
    validate(ir)
    return ir


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
        if a.func == "sum" and kinds.get(a.field or "") not in ("money", "int"):
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
    if ir.aggregate is not None and ir.lead is not None:
        raise InvalidRule("a rule has either an aggregate or a lead time")
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
        money = fkinds <= {"money", "int"} and isinstance(v, Decimal) and v.is_finite()
        day = fkinds == {"date"} and isinstance(v, dt.date)
        clock = fkinds == {"str"} and set(c.fields) <= CLOCK_FIELDS and isinstance(v, str) and bool(_CLOCK.match(v))
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
        if not set(c.fields) <= CLOCK_FIELDS or fkinds != {"str"}:
            raise InvalidRule("time_between works on clock times")
        if not (isinstance(v, tuple) and len(v) == 2 and all(isinstance(t, str) and _CLOCK.match(t) for t in v)):
            raise InvalidRule("time_between takes two HH:MM times")


# -- the lexicon ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Lexicon:
    data: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


@cache
def lexicon() -> Lexicon:
    return Lexicon(json.loads(LEXICON_PATH.read_text(encoding="utf-8")))


def _alt(phrases: Iterable[str]) -> str:
    """A regex alternation of literal phrases, longest first, spaces matching any whitespace."""
    parts = sorted({p.strip() for p in phrases if p.strip()}, key=lambda p: (-len(p), p))
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in parts)


def _words(phrases: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'-])(?:" + _alt(phrases) + r")(?![\w'-])")


@dataclass(frozen=True)
class _Patterns:
    trigger: re.Pattern[str]
    trigger_kind: dict[str, str]
    hypothetical: re.Pattern[str]
    blockers: re.Pattern[str]
    politeness: re.Pattern[str]
    connectors: re.Pattern[str]
    red_eye: re.Pattern[str]
    windows: re.Pattern[str]
    window_of: dict[str, str]
    totals: re.Pattern[str]
    weekdays: re.Pattern[str]
    nouns: dict[str, re.Pattern[str]]
    verbs: dict[str, re.Pattern[str]]
    comparators: list[tuple[str, re.Pattern[str]]]
    number_words: str


@cache
def _patterns() -> _Patterns:
    lx = lexicon()
    kinds: dict[str, str] = {}
    for sev, phrases in lx["alert_triggers"].items():
        for p in phrases:
            kinds[p] = sev
    for p in lx["prohibition_triggers"]:
        kinds[p] = "prohibit"
    windows = {p: w for w, ps in lx["windows"].items() for p in ps}
    comparators = []
    for op, phrases in lx["comparators"].items():
        for p in phrases:
            if p == "+":
                continue
            comparators.append((op, re.compile(r"(?<![\w'-])" + re.escape(p).replace(r"\ ", r"\s+") + r"\s*$")))
    comparators.sort(key=lambda t: -len(t[1].pattern))
    return _Patterns(
        trigger=_words(kinds),
        trigger_kind={re.sub(r"\s+", " ", k): v for k, v in kinds.items()},
        hypothetical=_words(lx["hypothetical"]),
        blockers=_words(lx["content_blockers"]),
        politeness=_words(lx["politeness"]),
        connectors=re.compile(r"^\s*(?:,\s*)?(?:" + _alt(lx["connectors"]) + r")(?![\w'-])"),
        red_eye=_words(lx["red_eye"]["terms"]),
        windows=_words(windows),
        window_of={re.sub(r"\s+", " ", k): v for k, v in windows.items()},
        totals=_words(lx["total_words"]),
        weekdays=re.compile(
            r"(?<![\w'-])(?:(?:on|during|over)\s+)?(?:(?:a|any|the|every)\s+)?(?P<d>" + _alt(lx["weekdays"]) + r")(?![\w'-])"
        ),
        nouns={fr: _words(v["nouns"]) for fr, v in lx["collections"].items() if v["nouns"]},
        verbs={fr: _words(v["verbs"]) for fr, v in lx["collections"].items() if v["verbs"]},
        comparators=comparators,
        number_words=_alt(lx["numbers"]),
    )


# -- the parser ----------------------------------------------------------------------------


_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)|\n+|;\s*")
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": " - ", "\u00a0": " "})
_MONEY = re.compile(
    r"(?<![\w.])(?:(?P<c1>us\$|c\$|a\$|[$€£¥₹])\s?(?P<n1>\d[\d,]*(?:\.\d+)?)\s?(?P<k1>k|grand|thousand)?"
    r"|(?P<c0>usd|eur|gbp|chf|jpy|cad|aud|inr|sek|nok|dkk|pln)\s?(?P<n0>\d[\d,]*(?:\.\d+)?)\s?(?P<k0>k|thousand)?"
    r"|(?P<n2>\d[\d,]*(?:\.\d+)?)\s?(?P<k2>k|grand|thousand)?(?:\s?(?P<c2>dollars?|bucks?|usd|eur|euros?|gbp|pounds?|quid|chf|francs?|yen|jpy|cad|aud|inr|rupees|sek|nok|dkk|pln|zł|[$€£¥₹]))?)"
    r"(?P<plus>\s?\+)?(?![\w:])"
)
_CLOCK_WORD = re.compile(
    r"(?<![\w'-])(?P<rel>after|past|later\s+than|before|earlier\s+than)\s+(?P<h>\d{1,2})(?::(?P<m>\d\d))?\s*(?P<ap>a\.?m\.?|p\.?m\.?)?(?![\w])"
)
# what may stand right before a spending category and adds nothing to it
_CATEGORY_LEAD = re.compile(
    r"(?<![\w'-])(?:(?:on|at|for|from|in)\s+)?(?:(?:a|an|one|some)\s+)?"
    r"(?:(?:pairs?|cups?|bottles?|boxes|box|bags?|sets?|pieces?)\s+of\s+)?$"
)
_PREP = re.compile(r"(?<![\w'-])(?P<p>at|on|for|to|with)\s+(?P<np>[a-z0-9][\w'&.-]*(?:\s+[a-z0-9][\w'&.-]*){0,3})")
_DETERMINERS = re.compile(r"^(?:(?:a|an|the|my|any|some|one|single|all|every|each)\s+)+")
_TOKEN = re.compile(r"[a-z0-9][a-z0-9'&.-]*|[^\sa-z0-9]")


@dataclass
class _Clause:
    """The condition text, with spans consumed as they are understood."""

    text: str
    used: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.used = [False] * len(self.text)

    def free(self, m: re.Match[str] | tuple[int, int]) -> bool:
        a, b = (m.start(), m.end()) if isinstance(m, re.Match) else m
        return not any(self.used[a:b])

    def take(self, m: re.Match[str] | tuple[int, int]) -> None:
        a, b = (m.start(), m.end()) if isinstance(m, re.Match) else m
        for i in range(a, b):
            self.used[i] = True

    def find(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        """Matches in the text not yet understood (understood spans read as blanks)."""
        return [m for m in pattern.finditer(self.rest()) if self.free(m) and m.group().strip()]

    def rest(self) -> str:
        return "".join(" " if u else ch for ch, u in zip(self.text, self.used, strict=True))


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.translate(_QUOTES)).strip()


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.translate(_QUOTES)) if s and s.strip()]


def detect_rules(text: str, session_date: dt.date) -> list[RuleIR]:
    """Every rule stated in ``text`` (one per sentence at most); sentences that are not rules, or
    not clear enough, give nothing."""
    out: list[RuleIR] = []
    for sentence in split_sentences(text):
        ir = parse_rule(sentence, session_date)
        if ir is not None and ir not in out:
            out.append(ir)
    return out


def parse_rule(sentence: str, session_date: dt.date | None = None) -> RuleIR | None:
    """The rule one sentence states, or None when it states none (or not clearly)."""
    try:
        return _parse(sentence, session_date)
    except InvalidRule:
        return None


# a reason or aside after the rule: "No meetings before 10am, I'm useless in the morning"
_ASIDE = re.compile(
    r"\s*(?:,|\s-\s|\(|:)\s*(?=(?:i|i'm|im|i've|i'd|we|we're|it's|its|it|they|that's|thats|this|because|since|as|cause|cos|"
    r"lol|haha|too|way\s+too|so|thanks|thx|ty)(?![\w'-]))|\s+(?:because|since|cause|cos)(?![\w'-])"
    # an interjection that ends the sentence: "..., seriously", "..., keep me honest"
    r"|\s*(?:,|\s-\s|\(|:)\s*(?=(?:seriously|honestly|for\s+real|no\s+exceptions|please|pls|plz|thank\s+you|ok|okay|"
    r"keep\s+me\s+(?:honest|on\s+track|in\s+check))[\s.!?)]*$)")
# "No meetings before 10am", "no flights over $800": a prohibition said without a verb
_NO_FORM = re.compile(r"^(?:please\s+|pls\s+|plz\s+|and\s+|also\s+|oh\s+and\s+)?(?:no|zero|never\s+any)\s+(?P<rest>[a-z].+)$")
# budgets said as a fact about the user: "my monthly budget for eating out is 400 euros"
_BUDGET_FORMS = (
    re.compile(r"^(?:so\s+|and\s+|also\s+|btw\s+)?(?:(?:my|our)\s+)?(?P<w>monthly|weekly|yearly|annual|daily)?\s*budget\s+(?:for|on)\s+"
               r"(?P<what>[a-z][\w' &-]{1,40}?)\s*(?:is|=|:|of|was\s+set\s+to|is\s+set\s+to)\s+(?P<amt>.+)$"),
    # "my clothes budget is ...", or said bare: "clothes budget is $200 per month" (never someone else's)
    re.compile(r"^(?:so\s+|and\s+|also\s+|btw\s+)?(?:(?:my|our)\s+)?(?!(?:the|her|his|their|your|its)\s)"
               r"(?P<w>monthly|weekly|yearly|annual|daily)?\s*(?P<what>[a-z][\w' &-]{1,30}?)\s+budget\s*(?:is|=|:|of)\s+(?P<amt>.+)$"),
    re.compile(r"^(?:please\s+|pls\s+|plz\s+|let's\s+|lets\s+|let\s+us\s+|help\s+me\s+|(?:i|we)\s+(?:want|need|try|plan|am\s+trying|"
               r"are\s+trying|would\s+like)\s+to\s+|(?:i'm|im|we're|i'd|we'd)\s+(?:trying|aiming|hoping|going|like)\s+to\s+|try\s+to\s+)?"
               r"(?:keep|cap|limit)\s+(?:my|our|the)?\s*"
               r"(?P<what>[a-z][\w' &-]{1,30}?)(?:\s+spending|\s+expenses|\s+costs?)?\s+(?:under|below|to|at\s+most|within|at)\s+(?P<amt>.+)$"),
    re.compile(r"^(?:so\s+|and\s+|also\s+|btw\s+)?(?:(?:my|our)\s+)?(?P<w>monthly|weekly|yearly|annual|daily)?\s*(?:spending\s+)?"
               r"(?:limit|cap|allowance)\s+(?:for|on)\s+"
               r"(?P<what>[a-z][\w' &-]{1,40}?)\s*(?:is|=|:|of)\s+(?P<amt>.+)$"),
)
# a limit said as what the user may spend: "I can only spend 200 a month on clothes"
_ONLY_SPEND = re.compile(r"^(?:so\s+|and\s+|also\s+|btw\s+)?(?:i|we)\s+(?:can|should|may|must)\s+(?:only\s+spend|spend\s+(?:only|at\s+most|no\s+more\s+than))"
                         r"\s+(?P<amt>\d.+)$")
# "150/month", "40 / wk": a period written with a slash
_SLASH_WINDOW = re.compile(r"(?<=\d)\s*/\s*(?P<w>month|mo|week|wk|day|year|yr)(?![\w'-])")
_SLASH_WORD = {"month": "month", "mo": "month", "week": "week", "wk": "week", "day": "day", "year": "year", "yr": "year"}
_WINDOW_WORD = {"monthly": "a month", "weekly": "a week", "yearly": "a year", "annual": "a year", "daily": "a day"}


def _budget_sentence(low: str) -> str | None:
    """A budget or "keep X under N" said as a fact, restated as the alert rule it means."""
    only = _ONLY_SPEND.match(low)
    if only is not None:
        return f"warn me if i spend over {only.group('amt').strip(' .!')}"
    for pat in _BUDGET_FORMS:
        m = pat.match(low)
        if m is None:
            continue
        what = re.sub(r"^(?:the|my|our)\s+", "", m.group("what").strip())
        if what in ("it", "this", "that", "things", "spending", "total", "overall", "monthly", "weekly"):
            what = ""
        window = _WINDOW_WORD.get(m.groupdict().get("w") or "", "")
        amt = m.group("amt").strip(" .!")
        return f"warn me if i spend over {amt}" + (f" on {what}" if what else "") + (f" {window}" if window else "")
    return None


def _parse(sentence: str, session_date: dt.date | None) -> RuleIR | None:
    p = _patterns()
    low = _SLASH_WINDOW.sub(lambda m: f" per {_SLASH_WORD[m.group('w')]}", _norm(sentence).lower())
    if not low or len(low) > 400:
        return None
    budget = _budget_sentence(_ASIDE.split(low, maxsplit=1)[0])
    if budget is not None and budget != low and not p.trigger.search(low):
        return _parse(budget, session_date)
    trig = p.trigger.search(low)
    if trig is None:
        no = _NO_FORM.match(low)
        if no is None or p.hypothetical.search(low):
            return None
        return _strict(_parse_condition(_ASIDE.split(no.group("rest"), maxsplit=1)[0].strip(" ,.!?"), "no", "prohibit", session_date))
    if p.hypothetical.search(low):
        return None
    for trig in p.trigger.finditer(low):  # "Heads up: flag it if ...": the trigger that leads to a rule
        ir = _parse_at(low, trig, session_date)
        if ir is not None:
            return ir
    return None


def _parse_at(low: str, trig: re.Match[str], session_date: dt.date | None) -> RuleIR | None:
    """The rule ``low`` states with ``trig`` as its trigger, or None."""
    p = _patterns()
    kind = p.trigger_kind[re.sub(r"\s+", " ", trig.group())]
    before, after = low[: trig.start()], low[trig.end():]
    condition = after.strip(" ,.!?:")
    prefix = before
    # "If I spend over $300 at a restaurant, warn me." — the condition comes first.
    lead_in = re.match(r"^(?P<pre>.*?)(?<![\w'-])(?P<c>if|when|whenever|every time|each time|any time|anytime)\s+(?P<body>.+?)\s*,?\s*(?:then\s+|please\s+|just\s+)*$", before)
    if lead_in and kind != "prohibit" and _only_filler(condition, allow_connector=True):
        prefix = lead_in.group("pre")
        condition = lead_in.group("body")
    # The text before the trigger must be politeness only (after the last clause boundary).
    last = re.split(r"[,:;]|\s-\s|(?<![\w'-])(?:so|and|but|ok|okay)(?![\w'-])", prefix)[-1]
    if p.politeness.sub(" ", last).strip(" ,.!?'\""):
        return None
    if re.search(r"(?<![\w'-])(?:don't|do not|dont|never|no need to|stop|not)\s*$", prefix):
        return None
    trigger_text = trig.group()
    if not lead_in or condition is not lead_in.group("body"):
        condition = _ASIDE.split(condition, maxsplit=1)[0]
    if kind != "prohibit":
        condition = p.connectors.sub("", condition, count=1)
    condition = condition.strip(" ,.!?")
    if not condition or p.blockers.search(condition):
        return None
    ir = _parse_condition(condition, trigger_text, kind, session_date)
    head, comma, tail = condition.partition(",")
    if ir is None and comma and head.strip() and not _QUALIFIER.search(tail):
        ir = _parse_condition(head.strip(), trigger_text, kind, session_date)  # "..., worst experience ever"
    if re.match(r"i\s|make\s+sure", trigger_text):
        return _strict(ir)  # "I don't want to go to the party" is a feeling about one event, not a rule on all of them
    return ir


# words after a comma that may narrow or widen the rule: then the comma is not just an aside
_QUALIFIER = re.compile(r"(?<![\w'-])(?:but|only|unless|except|if|when|whenever|and|or|also|plus|not|no|never|nor|either|"
                        r"over|under|above|below|more|less|at|on|in|for|to|with|from|before|after|per|each|every|\d)(?![\w'-])")


def _strict(ir: RuleIR | None) -> RuleIR | None:
    """A rule said without a verb ("no meetings ...") needs a real condition — a time, a day, an
    amount, a name — not just a kind of thing ("no meetings today" is news, not a rule)."""
    if ir is None:
        return None
    if ir.aggregate is not None or ir.lead is not None or any(c.op != "eq" for g in ir.conditions for c in g):
        return ir
    return None


def _only_filler(text: str, *, allow_connector: bool = False) -> bool:
    words = set(lexicon()["filler"]) - {"if", "when", "whenever", "about", "before"}
    return all(t in words for t in _TOKEN.findall(text.strip(" ,.!?")) if t not in {",", "."})


def _clock(h: str, m: str | None, ap: str | None) -> str | None:
    hour, minute = int(h), int(m or 0)
    if ap:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ap.startswith("p") else 0)
    if hour > 23 or minute > 59:
        return None
    return f"{hour:02d}:{minute:02d}"


def _number(raw: str) -> Decimal | None:
    try:
        return Decimal(raw.replace(",", ""))
    except InvalidOperation:
        return None


def _parse_condition(text: str, trigger: str, kind: str, session_date: dt.date | None) -> RuleIR | None:
    p = _patterns()
    lx = lexicon()
    c = _Clause(text)
    severity = "info" if kind == "info" else "warning"
    hints: list[str] = []
    groups: list[tuple[Condition, ...]] = []
    pending_time: list[Condition] = []
    red_eye = False

    for m in c.find(p.red_eye):
        red_eye = True
        hints.append("Trip")
        c.take(m)

    # lead time: "3 days before", "a week ahead of", "the day before"
    lead_days: int | None = None
    unit = r"(?P<u>days?|weeks?|months?|fortnight)"
    lead_re = re.compile(
        r"(?<![\w'-])(?:(?P<n>\d{1,4}|" + p.number_words + r")\s+" + unit + r"|(?:the|a)\s+(?P<u1>day|week|month|fortnight))"
        r"\s+(?:" + _alt(lx["lead_words"]) + r")(?![\w'-])"
    )
    for m in c.find(lead_re):
        if kind == "prohibit" or lead_days is not None:
            return None
        n_raw = m.group("n")
        u = m.group("u") or m.group("u1")
        n = 1 if n_raw is None else (int(n_raw) if n_raw.isdigit() else lx["numbers"].get(re.sub(r"\s+", " ", n_raw)))
        if not n:
            return None
        lead_days = int(n) * lx["lead_units"][u]
        c.take(m)

    window: str | None = None
    for m in c.find(p.windows):
        w = p.window_of[re.sub(r"\s+", " ", m.group())]
        if window not in (None, w):
            return None
        window = w
        c.take(m)
    if window is not None:
        for m in c.find(p.totals):
            c.take(m)

    weekdays: set[int] = set()
    for m in c.find(p.weekdays):
        weekdays.update(lx["weekdays"][re.sub(r"\s+", " ", m.group("d"))])
        c.take(m)

    for m in c.find(_CLOCK_WORD):
        t = _clock(m.group("h"), m.group("m"), (m.group("ap") or "").replace(".", "") or None)
        if t is None:
            return None
        rel = m.group("rel")
        span = (t, "23:59") if rel in ("after", "past") or rel.startswith("later") else ("00:00", t)
        pending_time.append(Condition(("time",), "time_between", span))
        c.take(m)

    # amounts, with the comparator before ("over $300") or after ("$300 or more")
    amount: tuple[str, Decimal, str | None, bool] | None = None  # op, value, currency, is_count
    for m in c.find(_MONEY):
        n = _number(m.group("n1") or m.group("n0") or m.group("n2"))
        if n is None:
            continue
        k = m.group("k1") or m.group("k0") or m.group("k2")
        if k:
            n *= 1000
        cur_raw = m.group("c1") or m.group("c0") or m.group("c2")
        currency = lx["currencies"].get(cur_raw) if cur_raw else None
        if cur_raw and currency is None:
            return None
        head = c.rest()[: m.start()]
        op = None
        start = m.start()
        for cand, pat in p.comparators:
            hit = pat.search(head)
            if hit:
                op, start = cand, hit.start()
                break
        tail_end = m.end()
        after_text = text[m.end():]
        tail = re.match(r"\s*(?:" + _alt(w for k2, ws in lx["comparators"].items() for w in ws if w != "+") + r")(?![\w'-])", after_text)
        if m.group("plus"):
            op = op or "ge"
        elif op is None and tail:
            op = next(k2 for k2, ws in lx["comparators"].items() if re.sub(r"\s+", " ", tail.group().strip()) in ws)
            tail_end = m.end() + tail.end()
        if op is None:
            return None  # "warn me if I spend $300": over? exactly? — not clear, so no rule
        is_count = False
        if currency is None:
            rest_after = after_text[: 40]
            for fr, pat in p.nouns.items():
                nm = re.match(r"\s*(?:" + pat.pattern + r")", rest_after)
                if nm and fr in lx["date_fields"]:
                    is_count = True
                    hints.append(fr)
                    break
        if amount is not None:
            return None  # two thresholds in one sentence: not a rule this parser understands
        amount = (op, n, currency, is_count)
        c.take((start, tail_end))

    # a spending category named anywhere ("a restaurant bill", "on eating out")
    categories: list[str] = []
    for m in c.find(_words(lx["category_phrases"])):
        categories.append(lx["category_phrases"][re.sub(r"\s+", " ", m.group())])
        # "on groceries", "for a pair of shoes": the words that only lead to the category go with it
        lead = _CATEGORY_LEAD.search(c.rest()[: m.start()])
        c.take((lead.start() if lead else m.start(), m.end()))

    # the collection: nouns first, then verbs (the trigger's own verb counts: "never book me")
    nouns: list[str] = []
    noun_at: dict[str, list[int]] = {}
    for fr, pat in p.nouns.items():
        for m in c.find(pat):
            nouns.append(fr)
            noun_at.setdefault(fr, []).append(m.start())
            c.take(m)
    verbs: list[str] = []
    for fr, pat in p.verbs.items():
        for src in (c.text, trigger):
            for m in pat.finditer(src):
                if src is trigger or c.free(m):
                    verbs.append(fr)
                    if src is not trigger:
                        c.take(m)
    if not nouns and verbs and set(verbs) <= {"Event", "Trip"} and c.find(_transport_org_names()):
        hints.append("Trip")  # "never book me on Ryanair": booking with an airline or a railway is a trip
    frames = _choose_frame(nouns + hints, verbs, amount, lead_days, red_eye, weekdays, bool(categories))
    if frames is None:
        return None
    fr = FRAMES_BY_NAME[frames]
    kinds = slot_kinds(fr)
    clock_fields = tuple(f for f in ("time", "departs") if f in kinds)

    # nouns that name an enum value: "meetings" -> Event.kind == meeting
    for key, members in lx["enum_values"].items():
        fname, slot = key.split(".")
        if fname != fr.name or red_eye:
            continue
        for value, phrases in members.items():
            if _words(phrases).search(text):
                groups.append((Condition((slot,), "eq", value),))
                break

    if red_eye:
        lo, hi = lx["red_eye"]["from"], lx["red_eye"]["to"]
        branches = [Condition((f,), "time_between", (lo, hi)) for f in clock_fields]
        texts = tuple(f for f in lx["text_fields"].get(fr.name, ()) if f in kinds)
        if texts:
            branches.append(Condition(texts, "contains_any", tuple(dict.fromkeys(lx["red_eye"]["terms"]))))
        if not branches:
            return None
        groups.append(tuple(branches))

    if pending_time:
        if not clock_fields:
            return None
        groups.append(tuple(Condition((f,), c.op, c.value) for c in pending_time for f in clock_fields))

    date_field = lx["date_fields"].get(fr.name)
    if weekdays:
        if date_field not in kinds:
            return None
        groups.append((Condition((date_field,), "weekday_in", tuple(sorted(weekdays))),))

    # prepositional phrases: a spending category or a named vendor, payee, carrier ...
    text_fields = tuple(f for f in lx["text_fields"].get(fr.name, ()) if f in kinds)
    if categories:
        if not text_fields:
            return None
        words = tuple(dict.fromkeys(w for cat in dict.fromkeys(categories) for w in lx["categories"][cat]))
        groups.append((Condition(text_fields, "contains_any", words),))
    no_condition = set(lx["no_condition_phrases"])
    for m in c.find(_PREP):
        np = m.group("np")
        np = re.split(r"(?<![\w'-])(?:if|when|whenever|and|or|but|so|that|which|because|then|again|ever|please)(?![\w'-])", np)[0].strip(" .,")
        np = re.sub(r"(?<![\w'-])(?:again|please|ever|at all|anymore)$", "", np).strip()
        if not np:
            continue
        end = m.start("np") + len(np)
        bare = _DETERMINERS.sub("", np)
        if np in no_condition or bare in no_condition:
            c.take((m.start(), end))
            continue
        category = lx["category_phrases"].get(np) or lx["category_phrases"].get(bare)
        if category is None and bare in lx["categories"]:
            category = bare
        if category is not None:
            if not text_fields:
                return None
            words = tuple(dict.fromkeys(lx["categories"][category]))
            groups.append((Condition(text_fields, "contains_any", words),))
            c.take((m.start(), end))
            continue
        if m.group("p") == "on" and fr.name not in ("Purchase",):
            continue  # "on" names what was bought; elsewhere it is a date or a topic
        literal = _literal(bare)
        if literal is None or not text_fields:
            continue
        groups.append((Condition(text_fields, "contains_any", (literal,)),))
        c.take((m.start(), end))

    # a word naming which ones, right before the noun: "my dentist appointments", "any Amazon orders"
    if text_fields:
        for at in noun_at.get(fr.name, []):
            word = re.search(r"(?<![\w'-])(?P<w>[a-z][a-z'&-]{2,30})\s+$", c.rest()[:at])
            if word and c.free((word.start("w"), word.end("w"))) and word.group("w") not in set(lx["filler"]):
                groups.append((Condition(text_fields, "contains_any", (word.group("w"),)),))
                c.take((word.start("w"), word.end("w")))

    # a company named without a preposition: "I don't want to fly Ryanair ever again"
    if text_fields:
        for m in c.find(_org_names()):
            groups.append((Condition(text_fields, "contains_any", (_org_names_canonical()[re.sub(r"\s+", " ", m.group())],)),))
            c.take(m)

    # whatever is left must be filler: an unknown word may change the meaning
    filler = set(lx["filler"])
    left = [t for t in _TOKEN.findall(c.rest()) if t not in filler and t not in {",", ".", "!", "?", "'", '"', "-"}]
    if left:
        return None

    aggregate: Aggregate | None = None
    lead: Lead | None = None
    amount_field = lx["amount_fields"].get(fr.name)
    if amount is not None:
        op, value, currency, is_count = amount
        if currency is not None and "currency" not in kinds:
            currency = None
        if is_count:
            if window is None or date_field not in kinds:
                return None
            aggregate = Aggregate("count", None, window, date_field, op, value)
        elif amount_field not in kinds:
            return None
        elif window is not None and fr.name in lx["priced_per_period"]:
            # "my Netflix subscription goes over 20 a month": the price per period, not a total
            groups.append((Condition((amount_field,), op, value, currency),))
        elif window is not None:
            if date_field not in kinds:
                return None
            aggregate = Aggregate("sum", amount_field, window, date_field, op, value, currency)
        else:
            groups.append((Condition((amount_field,), op, value, currency),))
    elif window is not None:
        return None
    if lead_days is not None:
        if date_field not in kinds or aggregate is not None:
            return None
        lead = Lead(date_field, lead_days)
        severity = "info" if kind != "prohibit" else severity
    if not groups and aggregate is None and lead is None and not re.search(r"(?<![\w'-])new(?![\w'-])", text):
        return None  # "warn me about purchases": no condition, so no rule
    ir = RuleIR(fr.name, tuple(groups), aggregate, lead, severity, session_date)
    return validate(ir)


@cache
def _org_names_canonical() -> dict[str, str]:
    """Lower-case name or other spelling -> the organisation's name, from the trusted extraction table."""
    from engine.extract.tables import aliases, rows

    out: dict[str, str] = {}
    for row in rows("organisations.tsv"):
        for name in (row[0], *aliases(row, 2)):
            if len(name) >= 3:
                out[name.lower()] = row[0]
    return out


@cache
def _org_names() -> re.Pattern[str]:
    return _words(_org_names_canonical())


@cache
def _transport_org_names() -> re.Pattern[str]:
    """Airlines and railways from the trusted extraction table: a booking with one is a trip."""
    from engine.extract.tables import aliases, rows

    names = [name for row in rows("organisations.tsv") if len(row) > 1 and row[1] in ("airline", "rail")
             for name in (row[0], *aliases(row, 2)) if len(name) >= 3]
    return _words(n.lower() for n in names)


def _literal(phrase: str) -> str | None:
    """A short name the user gave ("Ryanair", "Acme Ltd"), or None when it is not clearly one."""
    words = phrase.split()
    if not 1 <= len(words) <= 3 or len(phrase) > 40:
        return None
    if not all(re.fullmatch(r"[a-z0-9][a-z0-9'&.-]*", w) for w in words):
        return None
    filler = set(lexicon()["filler"])
    if all(w in filler for w in words) or any(w.isdigit() for w in words):
        return None
    if any(_patterns().trigger.search(w) for w in words):
        return None
    return phrase


def _choose_frame(nouns: list[str], verbs: list[str], amount: Any, lead_days: int | None, red_eye: bool,
                  weekdays: set[int], category: bool = False) -> str | None:
    lx = lexicon()

    def fits(fr: str) -> bool:
        if amount is not None and not amount[3] and fr not in lx["amount_fields"]:
            return False
        return not ((lead_days is not None or weekdays) and fr not in lx["date_fields"])

    if red_eye:
        return "Trip"
    found = list(dict.fromkeys(n for n in nouns if fits(n)))
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        # "a payment to the restaurant" names one collection; "meetings and flights" two
        return None
    found = list(dict.fromkeys(v for v in verbs if fits(v)))
    if len(found) == 1:
        return found[0]
    if set(found) == {"Event", "Trip"}:
        return "Event"
    if len(found) > 1 and "Purchase" in found and amount is not None:
        return "Purchase"
    if not found and not nouns and category and amount is not None:
        return "Purchase"  # "a restaurant bill over $300": an amount at a spending category
    if not found and category and amount is not None and all(not fits(n) for n in nouns):
        return "Purchase"
    return None


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
    fields = "/".join(c.fields)
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
    what = _COLLECTION_WORDS.get(ir.collection, ir.collection)
    conds = [" or ".join(describe_condition(c) for c in g) for g in ir.conditions]
    where = (" where " + " and ".join(conds)) if conds else ""
    if ir.lead is not None:
        return f"{ir.lead.days} day(s) before {what}'s {ir.lead.field}{where}"
    if ir.aggregate is not None:
        a = ir.aggregate
        measure = f"total {a.field}" if a.func == "sum" else "number"
        return (f"when the {measure} of {ir.collection.lower()} records{where} in one calendar {a.window} "
                f"is {_OP_WORDS[a.op]} {_money_text(a.value, a.currency)}")
    return f"when {what}{where}" if where else f"when {what} is added"


# -- storage: rules are facts --------------------------------------------------------------


@dataclass(frozen=True)
class StoredRule:
    """A rule as the log says it is now: ``id`` is the fact id that first stated it."""

    id: int
    key: str
    text: str
    ir: RuleIR | None
    origin: str
    status: str
    facts: tuple[int, ...]
    stated_on: dt.date
    error: str = ""

    @property
    def last_fact(self) -> int:
        return self.facts[-1]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "status": self.status, "origin": self.origin, "text": self.text,
            "summary": describe(self.ir) if self.ir else None, "ir": self.ir.to_json() if self.ir else None,
            "stated_on": self.stated_on.isoformat(), "facts": list(self.facts), "error": self.error or None,
        }


def rule_key(ir: RuleIR) -> str:
    return "rule:" + hashlib.sha256(ir.identity().encode()).hexdigest()[:16]


def load_rules(facts: Iterable[Fact]) -> list[StoredRule]:
    """Fold the log's rule facts: one rule per entity key, the latest status wins."""
    rules: dict[str, dict[str, Any]] = {}
    by_fact: dict[int, str] = {}
    for f in facts:
        if f.frame != FRAME:
            continue
        key = next((by_fact[s] for s in f.supersedes if s in by_fact), f.entity_key)
        r = rules.get(key)
        if r is None:
            r = rules[key] = {"id": f.id, "key": key, "text": "", "ir": None, "origin": "user",
                              "status": "active", "facts": [], "stated_on": f.session_date}
        r["facts"].append(f.id)
        by_fact[f.id] = key
        s = f.slots
        if isinstance(s.get("text"), str) and s["text"]:
            r["text"] = s["text"]
        if isinstance(s.get("ir"), str) and s["ir"]:
            r["ir"] = s["ir"]
        if s.get("origin") in ORIGINS:
            r["origin"] = s["origin"]
        if s.get("status") in STATUSES:
            r["status"] = s["status"]
    out: list[StoredRule] = []
    for r in rules.values():
        try:
            ir, error = ir_from_json(r["ir"]), ""
        except InvalidRule as exc:
            ir, error = None, str(exc)
        out.append(StoredRule(r["id"], r["key"], r["text"], ir, r["origin"], r["status"], tuple(r["facts"]),
                              r["stated_on"], error))
    return sorted(out, key=lambda r: r.id)


def origin_of(source: str) -> str:
    """``imported`` for third-party content (imports, inbox drops), else ``user``."""
    return "imported" if source in UNTRUSTED_SOURCES else "user"


def rule_facts(
    rules: Sequence[RuleIR],
    *,
    session_id: str,
    message_id: int | None,
    session_date: dt.date,
    texts: Sequence[str] | None = None,
    origin: str = "user",
    existing: Iterable[Fact] = (),
) -> list[NewFact]:
    """Facts stating ``rules`` (``texts``: the sentence of each). A rule the log already holds is
    not stated twice; a disabled or deleted one stated again by the user becomes active again."""
    if origin not in ORIGINS:
        raise ValueError(f"origin must be one of {ORIGINS}")
    known = {r.key: r for r in load_rules(existing)}
    status = "active" if origin == "user" else "pending"
    out: list[NewFact] = []
    seen: set[str] = set()
    for i, ir in enumerate(rules):
        validate(ir)
        key = rule_key(ir)
        if key in seen:
            continue
        seen.add(key)
        text = (texts[i] if texts is not None and i < len(texts) else describe(ir)).strip()
        old = known.get(key)
        if old is not None and (old.status == "active" or (old.status == "pending" and origin == "imported")):
            continue
        if old is not None and old.status == "pending" and origin == "imported":
            continue
        slots = {"text": text[:500], "ir": ir.dumps(), "origin": origin, "status": status}
        out.append(NewFact(
            session_id=session_id, message_id=message_id, session_date=session_date, domain=DOMAIN,
            frame=FRAME, entity_key=key, slots=slots, evidence=text[:500], extractor="rule-parser",
            supersedes=(old.last_fact,) if old is not None else (),
        ))
    return out


def status_fact(rule: StoredRule, status: str, *, session_id: str, session_date: dt.date) -> NewFact:
    """The fact that moves ``rule`` to ``status`` (it supersedes the rule's latest fact)."""
    if status not in STATUSES:
        raise ValueError(f"status must be one of {STATUSES}")
    return NewFact(
        session_id=session_id, message_id=None, session_date=session_date, domain=DOMAIN, frame=FRAME,
        entity_key=rule.key, slots={"status": status}, evidence=f"rule {rule.id} {status}",
        extractor="user", supersedes=(rule.last_fact,),
    )


def announce(rule: StoredRule) -> str:
    """The line shown when a rule is added (or removed in the user's own words)."""
    summary = describe(rule.ir) if rule.ir else rule.text
    if rule.status == "deleted":
        return f"Rule removed (rule {rule.id}): {rule.text}"
    if rule.status == "pending":
        return f"Rule waiting for your approval (rule {rule.id}): {summary} — `uac rules approve {rule.id}`"
    return f"New rule (rule {rule.id}): {summary}"


# "Forget the restaurant limit thing", "stop warning me about hotels", "I don't need the budget alert anymore"
_DROP_VERB = re.compile(
    r"(?<![\w'-])(?:forget(?:\s+about)?|drop|remove|delete|scrap|cancel|turn\s+off|switch\s+off|get\s+rid\s+of|disable|kill|"
    r"ignore|undo|stop|no\s+more|(?:don't|do\s+not|no\s+longer)\s+(?:need|want)|no\s+need\s+for)(?![\w'-])")
_RULE_WORD = re.compile(
    r"(?<![\w'-])(?:limits?|rules?|alerts?|budgets?|warnings?|caps?|reminders?|notifications?|thing|warning\s+me|warn\s+me|"
    r"alerting\s+me|reminding\s+me|telling\s+me|notifying\s+me|pinging\s+me|flagging)(?![\w'-])")
_MATCH_STOP = frozenset(
    ["i", "me", "my", "the", "a", "an", "that", "this", "it", "those", "these", "about", "for", "on", "at", "in", "of", "to", "and", "or", "any", "all", "rule", "rules", "limit", "limits", "alert", "alerts", "budget", "budgets", "warning", "warnings", "cap", "reminder", "reminders", "thing", "things", "set", "up", "setup", "made", "please", "just", "anymore", "any", "more", "don't", "need", "want", "forget", "drop", "remove", "delete", "cancel", "stop", "turn", "off", "warn", "warning", "alerting", "reminding", "telling", "notify", "notifying", "me", "you", "can", "we", "our", "if", "when", "whenever", "over", "under", "more", "than", "less", "spend", "spending"])


def _match_words(text: str) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z][a-z'-]+", text.lower()) if w not in _MATCH_STOP and len(w) > 2}


def rules_dropped(sentence: str, rules: Sequence[StoredRule]) -> list[StoredRule]:
    """The active or pending rules a sentence takes back, matched by their words; a bare "forget
    that rule" takes back the only rule there is. Questions and unclear references take back nothing."""
    low = _norm(sentence).lower()
    if low.endswith("?") or not _DROP_VERB.search(low) or not _RULE_WORD.search(low) or _patterns().hypothetical.search(low):
        return []
    return _rules_meant(low, rules)


def _rules_meant(low: str, rules: Sequence[StoredRule]) -> list[StoredRule]:
    """The live rules a sentence refers to, by the words they share; a bare "that rule" means the only one."""
    live = [r for r in rules if r.status in ("active", "pending")]
    said = _match_words(low)
    scored = []
    for r in live:
        meant: set[str] = set()
        if r.ir is not None:
            meant = _match_words(" ".join(w for g in r.ir.conditions for c in g if c.op == "contains_any" for w in c.value))
            meant |= _match_words(r.ir.collection)
        hits = 2 * len(said & _match_words(r.text)) + len(said & meant)  # the user's own words count most
        if hits:
            scored.append((hits, r))
    if not scored:
        return live if len(live) == 1 and not said else []
    best = max(h for h, _ in scored)
    return [r for h, r in scored if h == best]


# "Let's make the restaurant limit 350 euros per month instead", "raise my transfer alert to 3000"
_AMEND_VERB = re.compile(r"(?<![\w'-])(?:make|change|set|raise|lower|increase|decrease|bump|reduce|update|move|adjust|put)(?![\w'-])")


def rule_amended(sentence: str, rules: Sequence[StoredRule], session_date: dt.date) -> tuple[StoredRule, RuleIR] | None:
    """The one rule a sentence gives a new amount to, and the rule it becomes; None when unclear."""
    low = _norm(sentence).lower()
    if low.endswith("?") or not _AMEND_VERB.search(low) or not _RULE_WORD.search(low) or _patterns().hypothetical.search(low):
        return None
    amounts = [m for m in _MONEY.finditer(low) if (m.group("n1") or m.group("n0") or m.group("n2"))]
    if len(amounts) != 1:
        return None
    m = amounts[0]
    value = _number(m.group("n1") or m.group("n0") or m.group("n2"))
    if value is None:
        return None
    if m.group("k1") or m.group("k0") or m.group("k2"):
        value *= 1000
    raw = m.group("c1") or m.group("c0") or m.group("c2")
    currency = lexicon()["currencies"].get(raw) if raw else None
    meant = [r for r in _rules_meant(low, rules) if r.ir is not None]
    if len(meant) != 1:
        return None
    old = meant[0]
    ir = old.ir
    assert ir is not None
    if ir.aggregate is not None:
        new = RuleIR(ir.collection, ir.conditions, Aggregate(ir.aggregate.func, ir.aggregate.field, ir.aggregate.window,
                     ir.aggregate.date_field, ir.aggregate.op, value, currency or ir.aggregate.currency), ir.lead,
                     ir.severity, session_date)
    else:
        kinds = slot_kinds(ir.frame)
        groups, changed = [], False
        for g in ir.conditions:
            out = []
            for c in g:
                if c.op in COMPARE_OPS and isinstance(c.value, Decimal) and {kinds.get(f) for f in c.fields} <= {"money", "int"}:
                    c, changed = Condition(c.fields, c.op, value, currency or c.currency), True
                out.append(c)
            groups.append(tuple(out))
        if not changed:
            return None
        new = RuleIR(ir.collection, tuple(groups), None, ir.lead, ir.severity, session_date)
    try:
        return old, validate(new)
    except InvalidRule:
        return None


def record_session_rules(log: Any, session_id: str, message_ids: set[int] | None = None) -> list[StoredRule]:
    """Detect rules in a logged session's user messages (or only ``message_ids``, one turn of a
    conversation) and append them as facts.

    ``log`` is a :class:`engine.log.LogStore`. Returns the rules that were added or re-activated
    (announce them with :func:`announce`)."""
    srow = log.session(session_id)
    if srow is None:
        return []
    origin = origin_of(srow.source)
    new: list[NewFact] = []
    existing = log.facts(domain=DOMAIN)
    dropped: list[StoredRule] = []
    for msg in log.messages(session_id):
        if msg.speaker != "user" or (message_ids is not None and msg.id not in message_ids):
            continue
        irs: list[RuleIR] = []
        texts: list[str] = []
        for sentence in split_sentences(msg.text):
            if origin == "user":  # imported content never takes a rule back or changes it
                amended = rule_amended(sentence, load_rules(existing), srow.session_date)
                if amended is not None and amended[0].key not in {d.key for d in dropped}:
                    dropped.append(amended[0])
                    new.append(status_fact(amended[0], "deleted", session_id=session_id, session_date=srow.session_date))
                    irs.append(amended[1])
                    texts.append(sentence)
                    continue
                for rule in rules_dropped(sentence, load_rules(existing)):
                    if rule.key not in {d.key for d in dropped}:
                        dropped.append(rule)
                        new.append(status_fact(rule, "deleted", session_id=session_id, session_date=srow.session_date))
            ir = parse_rule(sentence, srow.session_date)
            if ir is not None:
                irs.append(ir)
                texts.append(sentence)
        facts = rule_facts(irs, session_id=session_id, message_id=msg.id, session_date=srow.session_date,
                           texts=texts, origin=origin, existing=existing)
        new.extend(f for f in facts if f.entity_key not in {n.entity_key for n in new})
    if not new:
        return []
    ids = set(log.add_facts(new))
    keys = {f.entity_key for f in new} | {d.key for d in dropped}
    return [r for r in load_rules(log.facts(domain=DOMAIN)) if r.key in keys and set(r.facts) & ids]


# -- the compiler --------------------------------------------------------------------------

_HEADER = '''"""Rules you stated in your own words, compiled from their typed form. Generated: change them
with `uac rules` (approve, disable, delete), not here; your own hand-written rules go in user/.

Each rule is one function; ``check(state, now)`` runs the active ones. The words of each rule are
kept in ``SOURCES`` and every value below is a plain constant.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from decimal import Decimal

from rules.alerts import Alert, alert, known

INACTIVE = {inactive!r}


def _live(record, finished=()):
    return record.status not in INACTIVE and record.status not in finished


def _on_or_after(day, known_since, since):
    """Whether a record falls under a rule stated on ``since`` (its own date, else when it was stated)."""
    if since is None:
        return True
    when = day if day is not None else known_since
    return when is None or when >= since


def _compare(value, op, limit):
    if value is None:
        return False
    if op == "gt":
        return value > limit
    if op == "ge":
        return value >= limit
    if op == "lt":
        return value < limit
    if op == "le":
        return value <= limit
    return value == limit


def _money(value, currency, op, limit, wanted):
    if wanted is not None and currency is not None and str(currency) != wanted:
        return False
    return _compare(value, op, limit)


def _mentions(values, words):
    text = " ".join(str(v) for v in values if v is not None).lower()
    if isinstance(values, tuple):
        for v in values:
            if isinstance(v, list):
                text += " " + " ".join(str(x) for x in v).lower()
    for word in words:
        if re.search(r"(?<!\\w)" + re.escape(word) + r"(?:s|es)?(?!\\w)", text):
            return True
    return False


def _weekday_in(day, days):
    return day is not None and day.weekday() in days


def _time_between(value, start, end):
    if not value or not re.match(r"^\\d{{1,2}}:\\d\\d", str(value)):
        return False
    clock = str(value)[:5].rjust(5, "0")
    if start <= end:
        return start <= clock < end
    return clock >= start or clock < end


def _window(day, window):
    if window == "day":
        return day
    if window == "week":
        return day - timedelta(days=day.weekday())
    if window == "month":
        return day.replace(day=1)
    return day.replace(month=1, day=1)


def _window_label(start, window):
    if window == "day":
        return start.isoformat()
    if window == "week":
        return "the week of " + start.isoformat()
    if window == "month":
        return start.strftime("%B %Y")
    return str(start.year)


def _name(record, fields):
    names = [str(v) for v in fields if v]
    names = [n for i, n in enumerate(names) if n not in names[:i]]
    if not names:
        return record.id
    return names[0] + (" (" + ", ".join(names[1:]) + ")" if names[1:] else "")


def _amount(value, currency):
    if value is None:
        return "?"
    return f"{{value}} {{currency}}" if currency else str(value)
'''


def _access(fr: Frame) -> str:
    for name in (fr.domain, fr.collection):
        if not name.isidentifier() or keyword.iskeyword(name):
            raise InvalidRule(f"{name!r} is not a usable name")
    return f"state.{fr.domain}.{fr.collection}"


def _field(fr: Frame, name: str) -> str:
    a = attr(fr.slot(name))
    if not a.isidentifier() or keyword.iskeyword(a):
        raise InvalidRule(f"{a!r} is not a usable name")
    return f"r.{a}"


def _value(v: Any) -> str:
    if isinstance(v, Decimal):
        return f"Decimal({str(v)!r})"
    if isinstance(v, dt.date):
        return f"date({v.year}, {v.month}, {v.day})"
    if isinstance(v, bool):
        raise InvalidRule("booleans are not rule values")
    if isinstance(v, int | str):
        return repr(v)
    if isinstance(v, tuple):
        return "(" + ", ".join(_value(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    raise InvalidRule(f"{type(v).__name__} is not a rule value")


def _condition_source(fr: Frame, c: Condition) -> str:
    fields = [_field(fr, f) for f in c.fields]
    kinds = {fr.slot(f).kind for f in c.fields}
    if c.op in COMPARE_OPS and kinds <= {"money", "int"}:
        cur = _field(fr, "currency") if "currency" in fr.slot_names else "None"
        wanted = repr(c.currency) if c.currency is not None else "None"
        parts = [f"_money({f}, {cur}, {c.op!r}, {_value(c.value)}, {wanted})" for f in fields]
    elif c.op in COMPARE_OPS:
        parts = [f"_compare({f}, {c.op!r}, {_value(c.value)})" for f in fields]
    elif c.op == "eq":
        parts = [f"({f} is not None and str({f}).lower() == {c.value.lower()!r})" for f in fields]
    elif c.op == "contains_any":
        parts = [f"_mentions(({', '.join(fields)},), {_value(tuple(w.lower() for w in c.value))})"]
    elif c.op == "weekday_in":
        parts = [f"_weekday_in({f}, {_value(c.value)})" for f in fields]
    elif c.op == "time_between":
        parts = [f"_time_between({f}, {c.value[0]!r}, {c.value[1]!r})" for f in fields]
    else:  # pragma: no cover - validate() refuses it first
        raise InvalidRule(f"unknown operator {c.op!r}")
    return " or ".join(parts)


def _usable(fr: Frame, group: tuple[Condition, ...]) -> tuple[Condition, ...]:
    """Drop the alternatives of a group whose fields the frame no longer has (narrowing, never
    widening: a group left empty makes the whole rule inert)."""
    out = []
    for c in group:
        have = tuple(f for f in c.fields if f in fr.slot_names)
        if c.op == "contains_any" and have:
            out.append(Condition(have, c.op, c.value, c.currency))
        elif have == c.fields:
            out.append(c)
    return tuple(out)


def _cites(fr: Frame, ir: RuleIR) -> list[str]:
    names: list[str] = []
    for group in ir.conditions:
        for c in group:
            names.extend(attr(fr.slot(f)) for f in c.fields if f in fr.slot_names)
    if ir.aggregate is not None:
        names += [attr(fr.slot(ir.aggregate.date_field))]
        if ir.aggregate.field:
            names.append(attr(fr.slot(ir.aggregate.field)))
    if ir.lead is not None:
        names.append(attr(fr.slot(ir.lead.field)))
    return list(dict.fromkeys(names))


def rule_function(rule_id: int, ir: RuleIR) -> str:
    """The source of one rule's function ``rule_<id>(state, now)``."""
    validate(ir)
    if type(rule_id) is not int or rule_id < 0:
        raise InvalidRule("a rule id is a whole number")
    fr = ir.frame
    lx = lexicon()
    name = f"rule_{rule_id}"
    rule_name = f"{MODULE}.{name}"
    summary = describe(ir)
    severity = ir.severity
    label_fields = [f for f in lx["text_fields"].get(fr.name, ()) if f in fr.slot_names]
    label = "_name(r, (" + "".join(f"{_field(fr, f)}, " for f in label_fields) + "))"
    cites = ", ".join(repr(c) for c in _cites(fr, ir))
    finished = tuple(lx["finished_statuses"]) if ir.lead is not None else ()
    lines = [
        f"def {name}(state, now):",
        f"    {summary!r}",
        f"    RULE = {rule_name!r}",
        f"    SEVERITY = {severity!r}",
        "    today = now.date()",
        f"    since = {_value(ir.since) if ir.since else 'None'}",
        "    source = SOURCES[" + repr(rule_id) + "]",
        "    out = []",
    ]
    groups = [_usable(fr, g) for g in ir.conditions]
    if any(not g for g in groups):
        lines.append("    return out  # a field this rule needs is gone from the schema")
        return "\n".join(lines) + "\n"
    date_field = lx["date_fields"].get(fr.name)
    date_expr = _field(fr, date_field) if date_field in fr.slot_names else "None"
    if ir.aggregate is not None:
        lines.append("    groups = {}")
    lines.append(f"    for r in known({_access(fr)}, today):")
    lines.append(f"        if not _live(r, {finished!r}):")
    lines.append("            continue")
    if ir.lead is None and ir.aggregate is None:
        lines.append(f"        if not _on_or_after({date_expr}, r.known_since, since):")
        lines.append("            continue")
    for group in groups:
        lines.append("        if not (" + " or ".join(_condition_source(fr, c) for c in group) + "):")
        lines.append("            continue")
    if ir.lead is not None:
        due = _field(fr, ir.lead.field)
        lines += [
            f"        due = {due}",
            "        if due is None:",
            "            continue",
            "        left = (due - today).days",
            f"        if not 0 <= left <= {ir.lead.days!r}:",
            "            continue",
            '        when = "today" if left == 0 else ("tomorrow" if left == 1 else f"in {left} days")',
            f"        what = {label}",
            f"        field = {ir.lead.field!r}",
            "        out.append(alert(RULE, SEVERITY, f\"{what}: {field} {when}\",",
            "                         f\"{what} — {field} {due.isoformat()}, {when}. Your rule: {source}\",",
            f"                         r.cites({cites})))",
        ]
    elif ir.aggregate is not None:
        a = ir.aggregate
        day = _field(fr, a.date_field)
        lines += [
            f"        day = {day}",
            "        if day is None or day > today:",
            "            continue",
        ]
        if a.func == "sum":
            cur = _field(fr, "currency") if "currency" in fr.slot_names else "None"
            value = _field(fr, a.field or "")
            lines += [f"        if {value} is None:", "            continue"]
            if a.currency is not None and cur != "None":
                lines += [f"        if {cur} is not None and str({cur}) != {a.currency!r}:", "            continue"]
        lines += [
            f"        groups.setdefault(_window(day, {a.window!r}), []).append(r)",
            f"    current = _window(today, {a.window!r})",
            f"    previous = _window(current - timedelta(days=1), {a.window!r})",
            f"    first = _window(since, {a.window!r}) if since is not None else None",
            "    for start, recs in sorted(groups.items()):",
            "        if start < previous or (first is not None and start < first):",
            "            continue",
        ]
        if a.func == "sum":
            lines.append(f"        total = sum(({_field(fr, a.field or '')} for r in recs), Decimal(0))")
        else:
            lines.append("        total = Decimal(len(recs))")
        unit = f" {a.currency}" if a.currency else ""
        lines += [
            f"        if not _compare(total, {a.op!r}, {_value(a.value)}):",
            "            continue",
            f"        period = _window_label(start, {a.window!r})",
            f"        unit = {unit!r}",
            f"        relation = {_OP_WORDS[a.op]!r}",
            f"        limit = {_money_text(a.value, None)!r}",
            "        evidence = [i for x in recs for i in x.cites(" + cites + ")]",
            "        out.append(alert(RULE, SEVERITY, f\"{period}: {total}{unit} ({relation} {limit}{unit})\",",
            "                         f\"{len(recs)} record(s) in {period} come to {total}{unit}, {relation} your limit of {limit}{unit}. Your rule: {source}\",",
            "                         evidence))",
        ]
    else:
        amount_field = lx["amount_fields"].get(fr.name)
        if amount_field in fr.slot_names:
            cur = _field(fr, "currency") if "currency" in fr.slot_names else "None"
            detail = f"_amount({_field(fr, amount_field)}, {cur})"
        else:
            detail = "None"
        when = date_expr
        clock = next((_field(fr, f) for f in ("time", "departs") if f in fr.slot_names), "None")
        lines += [
            f"        what = {label}",
            f"        amount = {detail}",
            f"        day = {when}",
            f"        clock = {clock}",
            '        extra = "".join(part for part in ((" " + amount) if amount and amount != "?" else "", (" on " + day.isoformat()) if day else "",'
            '                                          (" at " + str(clock)) if clock else ""))',
            f"        summary = {summary_short(summary)!r}",
            "        out.append(alert(RULE, SEVERITY, f\"Your rule: {what}{extra}\",",
            "                         f\"{what}{extra} matches your rule ({summary!r}). You said: {source}\",",
            f"                         r.cites({cites})))",
        ]
    lines.append("    return out")
    return "\n".join(lines) + "\n"


def summary_short(summary: str) -> str:
    return summary if len(summary) <= 160 else summary[:157] + "..."


def render_module(rules: Sequence[StoredRule]) -> bytes:
    """``rules/user_rules.py`` for the project: every active rule that compiles."""
    active = [r for r in rules if r.status == "active" and r.ir is not None]
    parts = [_HEADER.format(inactive=sorted(lexicon()["inactive_statuses"]))]
    sources = {r.id: r.text for r in active}
    parts.append(f"\nSOURCES = {sources!r}\n\"\"\"Rule id -> the words the rule was stated in.\"\"\"\n")
    names: list[str] = []
    for r in active:
        assert r.ir is not None
        try:
            src = rule_function(r.id, r.ir)
        except (InvalidRule, KeyError):
            continue
        parts.append("\n\n" + src)
        names.append(f"rule_{r.id}")
    tuple_src = "(" + ", ".join(names) + ("," if len(names) == 1 else "") + ")"
    parts.append(
        f"\n\nRULES = {tuple_src}\n\n\n"
        "def check(state, now) -> list[Alert]:\n"
        "    out = []\n"
        "    for rule in RULES:\n"
        "        out.extend(rule(state, now))\n"
        "    return out\n"
    )
    return "".join(parts).encode("utf-8")


def compiled_source(rule: StoredRule) -> str:
    """What ``uac rules show`` prints: the function this rule compiles to."""
    if rule.ir is None:
        raise InvalidRule(rule.error or "the rule has no valid form")
    return rule_function(rule.id, rule.ir)


def render_from_facts(facts: Iterable[Fact]) -> bytes:
    """The rendered module for a whole log (what the checkpoint writes)."""
    return render_module(load_rules(facts))


__all__ = [
    "Aggregate", "Condition", "InvalidRule", "Lead", "RuleIR", "StoredRule", "announce", "compiled_source",
    "describe", "detect_rules", "ir_from_json", "load_rules", "parse_rule", "record_session_rules",
    "render_from_facts", "render_module", "rule_facts", "status_fact", "validate",
]
