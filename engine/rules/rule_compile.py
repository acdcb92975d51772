"""The trusted compiler: the active rules become ``rules/user_rules.py`` in the user project.

It renders Python from fixed templates and puts every value in through ``repr``, so no text the
user (or a pasted document) wrote can ever become code. One function per rule (each IR validated
again before it is rendered), and ``check(state, now)`` running them.
"""

from __future__ import annotations

import datetime as dt
import keyword
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from engine.frames import IMPORT_DOMAIN, Frame
from engine.log import Fact
from engine.project.naming import attr
from engine.rules.rule_ir import (
    _OP_WORDS,
    COMPARE_OPS,
    Condition,
    InvalidRule,
    RuleIR,
    _money_text,
    describe,
    validate,
)
from engine.rules.rule_lexicon import lexicon
from engine.rules.rule_store import StoredRule, load_rules

MODULE = "user_rules"
"""The rendered module: ``rules/user_rules.py`` in the project."""


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

from rules.alerts import Alert, alert

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


def _collection(state, domain, name, schema=None):
    """A collection that may not exist yet (a learned one before its first record): empty. Renamed
    since the rule was written, it is found by its records' schema, which a rename keeps."""
    holder = state.domains.get(domain)
    if holder is None:
        return []
    found = holder.collections.get(name)
    if found is None and schema is not None:
        found = next((c for c in holder.collections.values() if c and type(c[0]).__name__ == schema), None)
    return found or ()


def _known(records, today):
    """Records already stated on ``today``, one at a time (a big collection is read from its data
    file as it goes, never held whole)."""
    for record in records:
        if record.known_on(today):
            yield record


def _num(value):
    return value if isinstance(value, Decimal) else Decimal(str(value))


def _amount(value, currency):
    if value is None:
        return "?"
    return f"{{value}} {{currency}}" if currency else str(value)
'''


def _access(fr: Frame) -> str:
    for name in (fr.domain, fr.collection):
        if not name.isidentifier() or keyword.iskeyword(name):
            raise InvalidRule(f"{name!r} is not a usable name")
    if fr.domain == IMPORT_DOMAIN:
        return f"_collection(state, {fr.domain!r}, {fr.collection!r}, {fr.name!r})"
    return f"state.{fr.domain}.{fr.collection}"


def _learned_roles(fr: Frame) -> tuple[list[str], str | None, str | None]:
    """A learned collection's label fields, date field and amount field (the lexicon knows only
    the built-in frames)."""
    labels = [s.name for s in fr.slots if s.kind == "str"]
    date_field = "date" if "date" in fr.slot_names else next((s.name for s in fr.slots if s.kind == "date"), None)
    amount = next((s.name for s in fr.slots if s.kind in ("money", "float")), None)
    return labels, date_field, amount


def _field(fr: Frame, name: str) -> str:
    slot = fr.slot(name)
    a = attr(slot)
    if not a.isidentifier() or keyword.iskeyword(a):
        raise InvalidRule(f"{a!r} is not a usable name")
    if slot.fallback:  # a unit price not given is the whole amount: one thing bought
        return f"(r.{a} if r.{a} is not None else {_field(fr, slot.fallback)})"
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
    if ir.absence is not None:
        date_field = lexicon()["date_fields"].get(fr.name) if ir.learned is None else "date"
        if date_field in fr.slot_names:
            names.append(attr(fr.slot(date_field)))
    return list(dict.fromkeys(names))


def _compared_field(ir: RuleIR) -> str | None:
    """The numeric field a rule's conditions compare (what its alert should show)."""
    for group in ir.conditions:
        for c in group:
            if c.op in COMPARE_OPS and isinstance(c.value, Decimal):
                return c.fields[0]
    return None


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
    learned_labels, learned_date, learned_amount = _learned_roles(fr)
    label_fields = [f for f in lx["text_fields"].get(fr.name, ()) if f in fr.slot_names] if ir.learned is None else learned_labels
    label = "_name(r, (" + "".join(f"{_field(fr, f)}, " for f in label_fields) + "))"
    if ir.learned is not None and not label_fields:
        label = repr(fr.collection.replace("_", " ").capitalize())
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
    date_field = lx["date_fields"].get(fr.name) if ir.learned is None else learned_date
    date_expr = _field(fr, date_field) if date_field in fr.slot_names else "None"
    if ir.aggregate is not None:
        lines += [
            "    groups = {}",
            f"    current = _window(today, {ir.aggregate.window!r})",
            f"    previous = _window(current - timedelta(days=1), {ir.aggregate.window!r})",
            f"    first = _window(since, {ir.aggregate.window!r}) if since is not None else None",
        ]
    if ir.absence is not None:
        if ir.absence.by is not None:
            lines += [f"    if now.strftime('%H:%M') < {ir.absence.by!r}:", "        return out  # not that time of day yet"]
        # with a time of day, the day the rule was stated is checked too ("by 8pm", said that morning)
        start = "since - timedelta(days=1) if since is not None else None" if ir.absence.by is not None else "since"
        lines += [f"    last = {start}", "    latest = None"]
    lines.append(f"    for r in _known({_access(fr)}, today):")
    lines.append(f"        if not _live(r, {finished!r}):")
    lines.append("            continue")
    if ir.lead is None and ir.aggregate is None and ir.absence is None:
        lines.append(f"        if not _on_or_after({date_expr}, r.known_since, since):")
        lines.append("            continue")
    for group in groups:
        lines.append("        if not (" + " or ".join(_condition_source(fr, c) for c in group) + "):")
        lines.append("            continue")
    if ir.absence is not None:
        words = [w for g in ir.conditions for c in g if c.op == "contains_any" for w in c.value][:3]
        noun = fr.collection.replace("_", " ") + (" mentioning " + ", ".join(words) if words else "")
        lines += [
            f"        day = {date_expr}",
            "        day = day if day is not None else r.known_since  # undated: when it was said",
            "        if day is not None and day <= today and (last is None or day > last):",
            "            last, latest = day, r",
            f"    if last is None or (today - last).days < {ir.absence.days!r}:",
            "        return out",
            "    gap = (today - last).days",
            f"    what = {noun!r}",
            '    seen = f"the last on {last.isoformat()}" if latest is not None else f"none since {since.isoformat()}"',
            '    spell = "1 day" if gap == 1 else f"{gap} days"',
            "    out.append(alert(RULE, SEVERITY, f\"No {what} for {spell}\",",
            "                     f\"No {what} recorded for {spell} ({seen}). Your rule: {source}\",",
            f"                     latest.cites({cites}) if latest is not None else []))",
            "    return out",
        ]
        return "\n".join(lines) + "\n"
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
            "        day = day if day is not None else r.known_since  # undated: counted when it was said",
            "        if day is None or day > today or day < previous or (first is not None and day < first):",
            "            continue  # only the current and the previous window are reported",
        ]
        if a.func == "sum":
            cur = _field(fr, "currency") if "currency" in fr.slot_names else "None"
            value = _field(fr, a.field or "")
            lines += [f"        if {value} is None:", "            continue"]
            if a.currency is not None and cur != "None":
                lines += [f"        if {cur} is not None and str({cur}) != {a.currency!r}:", "            continue"]
        lines += [
            f"        groups.setdefault(_window(day, {a.window!r}), []).append(r)",
            "    for start, recs in sorted(groups.items()):",
        ]
        if a.func == "sum":
            lines.append(f"        total = sum((_num({_field(fr, a.field or '')}) for r in recs), Decimal(0))")
        else:
            lines.append("        total = Decimal(len(recs))")
        unit = f" {a.currency}" if a.currency else ""
        topic = _topic(ir)
        lines += [
            f"        if not _compare(total, {a.op!r}, {_value(a.value)}):",
            "            continue",
            f"        period = _window_label(start, {a.window!r})",
            f"        topic = {topic!r}",
            f"        heading = {topic[:1].upper() + topic[1:]!r}",
            f"        unit = {unit!r}",
            f"        relation = {_OP_WORDS[a.op]!r}",
            f"        limit = {_money_text(a.value, None)!r}",
            "        evidence = [i for x in recs for i in x.cites(" + cites + ")]",
            "        out.append(alert(RULE, SEVERITY, f\"{heading}, {period}: {total}{unit} ({relation} {limit}{unit})\",",
            "                         f\"{len(recs)} record(s) of {topic} in {period} come to {total}{unit}, {relation} your limit of {limit}{unit}. Your rule: {source}\",",
            "                         evidence))",
        ]
    else:
        amount_field = lx["amount_fields"].get(fr.name) if ir.learned is None else _compared_field(ir) or learned_amount
        if amount_field in fr.slot_names:
            cur = _field(fr, "currency") if "currency" in fr.slot_names else "None"
            detail = f"_amount({_field(fr, amount_field)}, {cur})"
        else:
            detail = "None"
        when = date_expr
        clock = next((_field(fr, f) for f in ("time", "departs") if f in fr.slot_names),
                     next((_field(fr, s.name) for s in fr.slots if s.kind == "time"), "None"))
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


def _topic(ir: RuleIR) -> str:
    """What a total is over: the category its words stand for ("groceries"), else the rule's first
    word ("waitrose"), else the record kind — an alert saying only "February: 114.90 GBP" leaves the
    user to guess which of their limits was crossed."""
    for group in ir.conditions:
        for c in group:
            if c.op != "contains_any":
                continue
            words = tuple(str(w) for w in c.value)
            if not words:
                continue
            named = next((name for name, listed in lexicon()["categories"].items()
                          if tuple(dict.fromkeys(listed)) == words), None)
            return named or words[0]
    return ir.frame.name.lower()


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
