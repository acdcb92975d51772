"""The deterministic parser: a sentence the user wrote becomes a :class:`RuleIR`, or ``None``.

Its phrases come from the lexicon; a sentence the parser cannot map with confidence gives ``None``
and simply stays a note (a word left over that is not filler may change the meaning, so it gives no
rule). Also here, because it is reading sentences too: recognising a sentence that takes a stated
rule back (:func:`rules_dropped`) or gives it a new amount (:func:`rule_amended`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.frames import FRAMES_BY_NAME
from engine.rules.rule_ir import (
    COMPARE_OPS,
    Aggregate,
    Condition,
    InvalidRule,
    Lead,
    RuleIR,
    slot_kinds,
    validate,
)
from engine.rules.rule_lexicon import lexicon

if TYPE_CHECKING:
    from engine.rules.rule_store import StoredRule


# -- the lexicon's patterns ----------------------------------------------------------------


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


# "8 in the morning", "7 at night": a clock time said in words, written the way the time conditions read it
_DAY_PART = re.compile(r"\b(?P<h>1[0-2]|[1-9])(?::(?P<m>[0-5]\d))?\s+(?:(?P<am>in\s+the\s+morning|a\.?m\.?)|(?P<pm>in\s+the\s+(?:afternoon|evening)|at\s+night|p\.?m\.?))\b", re.I)


def _clock_words(text: str) -> str:
    def clock(m: re.Match[str]) -> str:
        am = m.group("am") or ("night" in m.group(0).lower() and m.group("h") in ("12", "1", "2", "3", "4"))  # "12 at night" is midnight
        return f"{m.group('h')}{':' + m.group('m') if m.group('m') else ''}{'am' if am else 'pm'}"

    return _DAY_PART.sub(clock, text)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", _clock_words(text.translate(_QUOTES))).strip()


def split_sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(text.translate(_QUOTES)) if s and s.strip()]


# a message that asks to be stopped or told ("If I try to, stop me", "call me out on it")
_INTERVENE = re.compile(r"\b(?:stop\s+me|call\s+me\s+out|flag\s+it|warn\s+me|hold\s+me\s+to\s+it|yell\s+at\s+me|nag\s+me|"
                        r"talk\s+me\s+out\s+of\s+it|don't\s+let\s+me|(?:tell|remind)\s+me\s*(?:[.!]|$|if|when|not\s+to))", re.I)
# ... and says, in another sentence, what the user will not do: "from now on I don't want to book any flight that leaves before 8"
_REFUSAL = re.compile(r"^(?:.*?[,:]\s*)?(?:from\s+now\s+on,?\s+|going\s+forward,?\s+|seriously,?\s+|so\s+)*(?:i|we)\s+(?:really\s+|just\s+)?"
                      r"(?:don't|do\s+not|never|won't|will\s+never|am\s+not\s+going\s+to|'m\s+not\s+going\s+to|refuse\s+to)\s+"
                      r"(?:want\s+to\s+|wanna\s+|ever\s+|again\s+)?(?P<v>book|take|buy|spend|schedule|accept|agree\s+to|say\s+yes\s+to|pay)\s+(?P<rest>.+)$",
                      re.I)


def detect_rules(text: str, session_date: dt.date) -> list[RuleIR]:
    """Every rule stated in ``text`` (one per sentence at most); sentences that are not rules, or
    not clear enough, give nothing. A refusal ("I don't want to book any flight that leaves before 8")
    is a rule when the message also asks to be stopped or told ("If I try to, stop me")."""
    out: list[RuleIR] = []
    intervene = _INTERVENE.search(_norm(text)) is not None
    for sentence in split_sentences(text):
        ir = parse_rule(sentence, session_date)
        if ir is None and intervene:
            refusal = _REFUSAL.match(_norm(sentence))
            if refusal is not None:
                ir = parse_rule(f"warn me if i {refusal.group('v')} {refusal.group('rest')}", session_date)
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


# -- taking a rule back or changing it -----------------------------------------------------


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
