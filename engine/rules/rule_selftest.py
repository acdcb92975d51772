"""A stated rule's own tests: before a rule read by the model becomes active, its compiled
function must fire on an example built from its IR and stay quiet on a near miss (the limit
itself, a value just on the safe side, one record short of a count, a day beyond the lead time).

The examples are typed data rendered into a probe script with ``repr``; the probe runs the
compiled function in the sandbox, like every rule, against records of the project's own
``Record`` type. A rule whose tests fail is refused with the reason, and never stored.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import tempfile
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from engine import sandbox
from engine.profile import RESOURCES
from engine.project.naming import attr
from engine.rules.rule_compile import _HEADER, rule_function
from engine.rules.rule_ir import COMPARE_OPS, Condition, RuleIR
from engine.rules.rule_lexicon import lexicon

TEMPLATES = RESOURCES / "templates" / "project"
LIMITS = sandbox.Limits(cpu_seconds=10, memory_bytes=512 << 20, open_files=32, wall_seconds=20.0)
NOW = dt.datetime(2026, 6, 17, 12)
"""When the examples happen, unless the rule was stated later (a rule never looks before it was stated)."""


@dataclass(frozen=True)
class SelfTest:
    ok: bool
    reason: str = ""


def _nudge(op: str, value: Decimal, *, positive: bool) -> Decimal:
    """A value that passes ``op value`` (positive) or just fails it (near miss)."""
    step = Decimal(1) if value == value.to_integral() and abs(value) >= 10 else Decimal("0.1")
    above = op in ("gt", "ge")
    if positive:
        return value + step if above else value - step
    return value if op in ("gt", "lt") else (value - step if above else value + step)


def _now(ir: RuleIR) -> dt.datetime:
    days = ir.absence.days + 1 if ir.absence is not None else 0  # a quiet spell is counted from the statement
    now = max(NOW, dt.datetime.combine(ir.since + dt.timedelta(days=days), dt.time(12))) if ir.since else NOW
    if ir.absence is not None and ir.absence.by is not None:  # at the time of day it is checked from
        h, m = map(int, ir.absence.by.split(":"))
        now = now.replace(hour=h, minute=m)
    return now


def _satisfy(c: Condition, values: dict[str, Any], *, near: bool, now: dt.datetime = NOW) -> None:
    f = c.fields[0]
    if c.op in COMPARE_OPS:
        if isinstance(c.value, Decimal):
            values[f] = _nudge(c.op, c.value, positive=not near)
        elif isinstance(c.value, dt.date):
            delta = dt.timedelta(days=1 if c.op in ("gt", "ge") else -1)
            values[f] = c.value + delta if not near else c.value - delta
        else:  # a clock time "HH:MM"
            h, m = map(int, c.value.split(":"))
            minutes = h * 60 + m + ((1 if c.op in ("gt", "ge") else -1) * (1 if not near else -1))
            values[f] = f"{(minutes // 60) % 24:02d}:{minutes % 60:02d}"
    elif c.op == "eq":
        values[f] = c.value
    elif c.op == "contains_any":
        values[f] = f"{c.value[0]}"
    elif c.op == "weekday_in":
        values[f] = now.date() - dt.timedelta(days=(now.weekday() - c.value[0]) % 7)
    elif c.op == "time_between":
        values[f] = c.value[0]


def examples(ir: RuleIR) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(records that must fire, records that must not), as field -> value maps."""
    fr = ir.frame
    now = _now(ir)
    date_field = (lexicon()["date_fields"].get(fr.name) if ir.learned is None else "date") or ""
    base: dict[str, Any] = {s.name: None for s in fr.slots}
    if date_field in base:
        base[date_field] = now.date()
    pos, near = dict(base), dict(base)
    for group in ir.conditions:
        _satisfy(group[0], pos, near=False, now=now)
        _satisfy(group[0], near, near=False, now=now)
    compared = [g[0] for g in ir.conditions if g[0].op in COMPARE_OPS]
    if ir.aggregate is None and ir.lead is None and compared:
        _satisfy(compared[0], near, near=True, now=now)
    if ir.absence is not None and date_field in base:  # the last one as long ago as the spell, or a day less
        pos[date_field] = now.date() - dt.timedelta(days=ir.absence.days)
        near[date_field] = now.date() - dt.timedelta(days=ir.absence.days - 1)
    if ir.lead is not None:
        pos[ir.lead.field] = now.date() + dt.timedelta(days=ir.lead.days)
        near[ir.lead.field] = now.date() + dt.timedelta(days=ir.lead.days + 1)
    if ir.aggregate is not None:
        a = ir.aggregate
        pos[a.date_field] = near[a.date_field] = now.date()
        if a.func == "sum":
            pos[a.field or ""] = _nudge(a.op, a.value, positive=True)
            near[a.field or ""] = _nudge(a.op, a.value, positive=False)
            return [pos], [near]
        n = int(a.value)
        fire = n + 1 if a.op == "gt" else (n if a.op == "ge" else max(n - 1, 0))
        quiet = n if a.op == "gt" else (n - 1 if a.op == "ge" else n)
        return [dict(pos) for _ in range(min(fire, 60))], [dict(near) for _ in range(min(quiet, 60))]
    if "currency" in base and pos.get("currency") is None:
        currency = next((c.currency for g in ir.conditions for c in g if c.currency), None)
        pos["currency"] = near["currency"] = currency
    return [pos], [near]


_PROBE = '''
import json
from dataclasses import make_dataclass
from datetime import date, datetime
from decimal import Decimal

from domains.record import Record
import user_rules_probe as probe

FIELDS = {fields!r}
DOMAIN = {domain!r}
COLLECTION = {collection!r}
STATUS = {status!r}


class Domain:
    def __init__(self, collections):
        self.collections = collections
        self.__dict__.update(collections)


class State:
    def __init__(self, domains):
        self.domains = domains
        self.__dict__.update(domains)


Row = make_dataclass("Row", [(f, object, None) for f in FIELDS], bases=(Record,), frozen=True)


def run(rows):
    records = [Row(id="probe-" + str(i), status=STATUS, evidence=(i + 1,), **row) for i, row in enumerate(rows)]
    state = State({{DOMAIN: Domain({{COLLECTION: records}})}})
    return len(probe.rule_0(state, datetime({now})))


print(json.dumps({{"fire": run({fire}), "quiet": run({quiet})}}))
'''


def _literal(rows: list[dict[str, Any]], fr: Any) -> str:
    """Rows as Python source: every value through ``repr`` (dates and decimals as constructors)."""
    def value(v: Any) -> str:
        if isinstance(v, Decimal):
            return f"Decimal({str(v)!r})"
        if isinstance(v, dt.date):
            return f"date({v.year}, {v.month}, {v.day})"
        return repr(v)

    return "[" + ", ".join("{" + ", ".join(f"{attr(fr.slot(k))!r}: {value(v)}" for k, v in r.items()) + "}" for r in rows) + "]"


def self_test(ir: RuleIR) -> SelfTest:
    """Run the rule's positive and near-miss examples in the sandbox."""
    fr = ir.frame
    now = _now(ir)
    fire, quiet = examples(ir)
    module = _HEADER.format(inactive=sorted(lexicon()["inactive_statuses"])) + "\nSOURCES = {0: 'self-test'}\n\n" + rule_function(0, ir)
    probe = _PROBE.format(fields=[attr(s) for s in fr.slots], domain=fr.domain, collection=fr.collection,
                          status=fr.statuses[0], now=f"{now.year}, {now.month}, {now.day}, {now.hour}, {now.minute}", fire=_literal(fire, fr), quiet=_literal(quiet, fr))
    with tempfile.TemporaryDirectory(prefix="uac-selftest-") as tmp:
        root = Path(tmp)
        (root / "rules").mkdir()
        (root / "domains").mkdir()
        shutil.copy(TEMPLATES / "rules" / "alerts.py", root / "rules" / "alerts.py")
        (root / "rules" / "__init__.py").write_text("")
        shutil.copy(TEMPLATES / "domains" / "record.py", root / "domains" / "record.py")
        (root / "domains" / "__init__.py").write_text("")
        (root / "user_rules_probe.py").write_text(module, encoding="utf-8")
        (root / "probe.py").write_text(probe, encoding="utf-8")
        try:
            result = sandbox.run(["probe.py"], cwd=root, read=[root], path=[root], limits=LIMITS)
        except OSError as exc:
            return SelfTest(False, f"the rule's tests could not run: {exc}")
    if not result.ok:
        return SelfTest(False, "the rule's tests failed to run: " + (result.stderr.strip().splitlines() or ["?"])[-1])
    try:
        counts = json.loads(result.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return SelfTest(False, "the rule's tests printed nothing")
    if counts.get("fire", 0) < 1:
        return SelfTest(False, "it does not fire on an example that breaks it")
    if counts.get("quiet", 0) != 0:
        return SelfTest(False, "it fires on a near miss that keeps to it")
    return SelfTest(True)
