"""IR -> one Python expression over the collection's rows, and its deterministic evaluation.

The expression is built only from the IR: field names are checked against the collection and
every literal is the ``repr`` of a typed value, so the text shown to the user as the computation
is exactly what runs. It is evaluated with no builtins beyond a fixed set of helpers below.
"""

from __future__ import annotations

import calendar
import datetime as dt
import itertools
import keyword
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import Any

from engine.ask.catalog import Collection
from engine.ask.ir import DERIVED_GROUPS, UNIT_FACTORS, Filter, Query
from engine.errors import InputError
from engine.state import Record, StoredRecords


class Row(dict[str, Any]):
    """A record's typed values; attribute access keeps the shown computation readable."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def rows_of(coll: Collection) -> Sequence[Row]:
    """The collection's records as rows the compiled expressions read; a big imported collection's
    rows are made as they are read (:class:`StreamedRows`), never all held."""
    if isinstance(coll.records, StoredRecords):
        return StreamedRows(coll)
    return [_row(coll, rec) for rec in coll.records]


def _row(coll: Collection, rec: Record) -> Row:
    row = Row({name: rec.values.get(name) for name in coll.fields if name != "status"})
    row["status"] = rec.status
    if "whose" in coll.fields and coll.fields["whose"].kind == "person":
        row["whose"] = rec.subject or "me"
    row["_evidence"] = list(rec.evidence)
    for name, info in coll.fields.items():
        if info.formula:
            fn, a, b = info.formula
            row[name] = HELPERS[fn](row.get(a), row.get(b) if isinstance(b, str) else b)
    return row


class StreamedRows(Sequence[Row]):
    """Rows of a big collection, one record at a time from the log."""

    def __init__(self, coll: Collection) -> None:
        self.coll = coll

    def __iter__(self) -> Iterator[Row]:
        return (_row(self.coll, rec) for rec in self.coll.records)

    def __len__(self) -> int:
        return len(self.coll.records)

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
        found = self.coll.records[index]
        return [_row(self.coll, r) for r in found] if isinstance(index, slice) else _row(self.coll, found)


# -- helpers available to compiled expressions -------------------------------------------------------

def day(v: Any) -> Any:
    return v.date() if isinstance(v, dt.datetime) else v


def _present(values: Iterable[Any]) -> list[Any]:
    return [v for v in values if v is not None]


def total(values: Iterable[Any]) -> Any:
    vals = _present(values)
    return sum(vals, Decimal(0) if vals and isinstance(vals[0], Decimal) else 0)


def mean(values: Iterable[Any]) -> float | None:
    vals = _present(values)
    return float(sum(Decimal(str(v)) for v in vals) / len(vals)) if vals else None


def median(values: Iterable[Any]) -> float | None:
    """The middle value (the mean of the two middle ones for an even count)."""
    vals = sorted(Decimal(str(v)) for v in _present(values))
    if not vals:
        return None
    mid = len(vals) // 2
    return float(vals[mid] if len(vals) % 2 else (vals[mid - 1] + vals[mid]) / 2)


def high(values: Iterable[Any]) -> Any:
    vals = _present(values)
    return max(vals) if vals else None


def low(values: Iterable[Any]) -> Any:
    vals = _present(values)
    return min(vals) if vals else None


def argbest(rows: list[Row], key: Callable[[Row], Any], desc: bool) -> Row | None:
    """The first row with the largest (``desc``) or smallest key; rows without a value are skipped."""
    best: Row | None = None
    for r in rows:
        k = key(r)
        if k is None:
            continue
        if best is None or (k > key(best) if desc else k < key(best)):
            best = r
    return best


def change(rows: list[Row], value: Callable[[Row], Any], when: Callable[[Row], Any]) -> Any:
    """The last value minus the first, in the order of ``when`` (rows missing either are skipped)."""
    keep = [r for r in rows if value(r) is not None and when(r) is not None]
    if len(keep) < 2:
        return None
    keep.sort(key=when)
    diff = Decimal(str(value(keep[-1]))) - Decimal(str(value(keep[0])))
    return float(diff) if not isinstance(value(keep[0]), Decimal) else diff


def daily_change(rows: list[Row], value: Callable[[Row], Any], when: Callable[[Row], Any]) -> Any:
    """The change from the first reading to the last, divided by the days between them."""
    keep = sorted((r for r in rows if value(r) is not None and when(r) is not None), key=when)
    if len(keep) < 2 or when(keep[-1]) == when(keep[0]):
        return None
    days = (when(keep[-1]) - when(keep[0])).days
    return float(Decimal(str(value(keep[-1]))) - Decimal(str(value(keep[0])))) / days  # rounded when shown, after any scaling


def ranked(rows: list[Row], key: Callable[[Row], Any], desc: bool) -> list[Row]:
    """Rows by key (stable: ties keep state order); rows without a value are dropped."""
    keep = [r for r in rows if key(r) is not None]
    return sorted(keep, key=key, reverse=desc) if not desc else _stable_desc(keep, key)


def _stable_desc(rows: list[Row], key: Callable[[Row], Any]) -> list[Row]:
    indexed = list(enumerate(rows))
    indexed.sort(key=lambda ir: ir[0])
    indexed.sort(key=lambda ir: key(ir[1]), reverse=True)
    return [r for _, r in indexed]


def group_best(rows: list[Row], group: Callable[[Row], Any], metric: str, value: Callable[[Row], Any] | None, desc: bool) -> Any:
    """The group whose metric is largest (``desc``) or smallest; ties go to the alphabetically first."""
    ranking = group_ranking(rows, group, metric, value, desc)
    return ranking[0] if ranking else None


def group_ranking(rows: Iterable[Row], group: Callable[[Row], Any], metric: str, value: Callable[[Row], Any] | None,
                  desc: bool) -> list[Any]:
    """Groups from the largest metric down (``desc``) or the smallest up; ties alphabetically."""
    groups: dict[Any, list[Row]] = {}
    for r in rows:
        keys = group(r)
        for k in keys if isinstance(keys, list) else [keys]:
            if k is not None:
                groups.setdefault(k, []).append(r)
    scores: dict[Any, Any] = {}
    for k, rs in groups.items():
        if metric == "count":
            scores[k] = len(rs)
        else:
            vals = _present(value(r) for r in rs) if value else []
            if not vals:
                continue
            scores[k] = total(vals) if metric == "sum" else mean(vals)
    return sorted(sorted(scores, key=str), key=lambda k: scores[k], reverse=desc)  # stable: ties alphabetically


def minutes(start: Any, end: Any) -> int | None:
    """Minutes from a time (or date-and-time) to a later one the same day ("how long the meeting was")."""
    a, b = clock(start), clock(end)
    if a is None or b is None:
        return None
    return (b.hour * 60 + b.minute) - (a.hour * 60 + a.minute)


def scaled(value: Any, factor: float) -> Any:
    """A number in another unit (minutes to hours); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        return value
    return round(float(value) * factor, 4)


def hours(start: Any, end: Any) -> float | None:
    """Hours from one time of day to another: :func:`minutes` / 60."""
    m = minutes(start, end)
    return None if m is None else m / 60


def days(start: Any, end: Any) -> int | None:
    """Whole days from one date to another (a trip's nights: end date minus start date)."""
    a, b = day(start), day(end)
    return None if a is None or b is None else (b - a).days


def times(price: Any, qty: Any) -> Any:
    """A unit price times a quantity (an order line's total)."""
    if price is None or qty is None:
        return None
    return price * qty


def per(amount: Any, over: Any) -> float | None:
    """One field over another of the same record (minutes per mile, pay per hour)."""
    if amount is None or over is None or isinstance(amount, bool) or isinstance(over, bool) or not over:
        return None
    return float(amount) / float(over)


def pooled(pairs: Iterable[tuple[Any, Any]]) -> float | None:
    """The sum of one field over the sum of another, over the records that keep both (pay per hour
    over many shifts: every pound over every hour)."""
    kept = [(a, b) for a, b in pairs if a is not None and b is not None and not isinstance(a, bool) and not isinstance(b, bool)]
    under = sum(float(b) for _, b in kept)
    return sum(float(a) for a, _ in kept) / under if kept and under else None


def age(born: Any, today: Any) -> int | None:
    """Completed years from a date of birth to ``today`` (how old someone is)."""
    b, t = day(born), day(today)
    if b is None or t is None:
        return None
    return t.year - b.year - ((t.month, t.day) < (b.month, b.day))


def next_birthday(born: Any, today: Any) -> int | None:
    """Days from ``today`` to the next anniversary of a date of birth (0 when it is today);
    29 February falls on the 28th in other years."""
    b, t = day(born), day(today)
    if b is None or t is None:
        return None
    for year in (t.year, t.year + 1):
        try:
            when = b.replace(year=year)
        except ValueError:
            when = dt.date(year, 2, 28)
        if when >= t:
            return (when - t).days
    return None


def plus(*values: Any) -> Any:
    """The sum of one record's fields ("bill including tip"); a missing part counts as nothing,
    all missing is no value."""
    present = _present(values)
    return total(present) if present else None


def neg(value: Any) -> Any:
    """A field taken away rather than added ("won less spent"); missing stays missing."""
    return None if value is None else -value


def left_to(target: Any, value: Any) -> Any:
    """What is still to do to reach ``target`` ("how many more to hit 20"): nothing once it is reached."""
    done = value or 0
    rest = Decimal(str(target)) - Decimal(str(done))
    return max(rest, Decimal(0))


def kept(rows: Iterable[Row], group: Callable[[Row], Any], test: Callable[[list[Row]], bool]) -> list[Row]:
    """The rows whose group (rows sharing ``group(r)``) passes ``test``: a condition on groups
    ("places I've been to at least 5 times"); rows without a group are dropped."""
    groups: dict[Any, list[Row]] = {}
    for r in rows:
        k = group(r)
        if k is not None:
            groups.setdefault(str(k) if isinstance(k, list) else k, []).append(r)
    return [r for g in groups.values() if test(g) for r in g]


def mode(values: Iterable[Any], desc: bool = True) -> Any:
    flat: list[Any] = []
    for v in values:
        flat.extend(v if isinstance(v, list) else [v])
    counts = Counter(_present(flat))
    if not counts:
        return None
    order = sorted(counts, key=str)
    return (max if desc else min)(order, key=lambda k: counts[k])


def pct(part: Any, whole: Any) -> float | None:
    return None if not whole else float(Decimal(str(part)) * 100 / Decimal(str(whole)))


def distinct(values: Iterable[Any]) -> list[Any]:
    flat: set[Any] = set()
    for v in values:
        if isinstance(v, list):
            flat.update(v)
        elif v is not None:
            flat.add(v)
    return sorted(flat, key=lambda x: (str(type(x)), x))


def clock(v: Any) -> dt.time | None:
    """The time of day of a time or a date-and-time (a plain date has none)."""
    if isinstance(v, dt.datetime):
        return v.time().replace(second=0, microsecond=0)
    return v.replace(second=0, microsecond=0) if isinstance(v, dt.time) else None


def month(v: Any) -> str | None:
    v = day(v)
    return f"{v.year:04d}-{v.month:02d}" if v else None


def month_name(v: Any) -> str | None:
    """The month's name without its year ("October"): months of one year told apart by name."""
    v = day(v)
    return calendar.month_name[v.month] if v else None


def quarter(v: Any) -> str | None:
    """"Q1".."Q4": which quarter of its year a date falls in."""
    v = day(v)
    return f"Q{(v.month - 1) // 3 + 1}" if v else None


def season(v: Any) -> str | None:
    """The meteorological season of a date (northern hemisphere): winter is December to February."""
    v = day(v)
    return ("winter", "spring", "summer", "autumn")[(v.month % 12) // 3] if v else None


def anniversary(born: Any, today: Any) -> dt.date | None:
    """A date of birth's anniversary in ``today``'s year (29 February on the 28th in other years)."""
    b, t = day(born), day(today)
    if b is None or t is None:
        return None
    try:
        return b.replace(year=t.year)
    except ValueError:
        return dt.date(t.year, 2, 28)


def year(v: Any) -> str | None:
    return str(v.year) if v else None


def weekday(v: Any) -> str | None:
    return calendar.day_name[v.weekday()] if v else None


HELPERS: dict[str, Any] = {
    "day": day, "total": total, "mean": mean, "median": median, "high": high, "low": low, "argbest": argbest, "ranked": ranked,
    "change": change, "daily_change": daily_change, "plus": plus, "neg": neg, "left_to": left_to, "kept": kept, "minutes": minutes, "hours": hours, "scaled": scaled, "days": days, "times": times, "per": per, "pooled": pooled,
    "age": age, "next_birthday": next_birthday, "anniversary": anniversary, "month_name": month_name, "quarter": quarter, "season": season,
    "group_best": group_best, "group_ranking": group_ranking, "mode": mode, "pct": pct, "distinct": distinct, "month": month, "year": year,
    "weekday": weekday, "clock": clock, "len": len, "str": str, "abs": abs, "date": dt.date, "Decimal": Decimal, "datetime": dt.datetime, "time": dt.time,
}
SAFE_BUILTINS: dict[str, Any] = {}


# -- compiling ------------------------------------------------------------------------------------------

def _expand(coll: Collection, expr: str) -> str:
    """A derived field written as its computation: ``r.duration_minutes`` -> ``minutes(r.start, r.end)``."""
    for name, info in coll.fields.items():
        if info.formula:
            fn, a, b = info.formula
            arg = _attr(b) if isinstance(b, str) else _lit(b)
            expr = re.sub(rf"\br\.{name}\b", f"{fn}({_attr(a)}, {arg})", expr)
    return expr


def _attr(name: str) -> str:
    return f"r.{name}" if name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("_") else f"r[{name!r}]"


def _lit(v: Any) -> str:
    if isinstance(v, dt.time):
        return f"time({v.hour}, {v.minute})"
    if isinstance(v, dt.datetime):
        return f"datetime({v.year}, {v.month}, {v.day}, {v.hour}, {v.minute})"
    if isinstance(v, dt.date):
        return f"date({v.year}, {v.month}, {v.day})"
    if isinstance(v, Decimal):
        return f"Decimal('{v}')"
    if isinstance(v, bool | int | float | str) or v is None:
        return repr(v)
    raise InputError(f"cannot use {v!r} in a query")


def _lit_tuple(values: Any) -> str:
    items = [_lit(v) for v in values]
    return f"({items[0]},)" if len(items) == 1 else "(" + ", ".join(items) + ")"


def _check(coll: Collection, name: str | None) -> str:
    if name is None or (name not in coll.fields and name != "status"):
        raise InputError(f"the {coll.name} collection has no field {name!r}")
    return name


def _pred(coll: Collection, f: Filter) -> str:
    if f.op == "any":
        if not f.value or not all(isinstance(sub, Filter) for sub in f.value):
            raise InputError("'any' needs conditions to choose from")
        return " or ".join(_pred(coll, sub) for sub in f.value)  # parenthesised where it is joined (_where)
    name = _check(coll, f.field)
    kind = coll.fields[name].kind if name in coll.fields else "enum"
    a = _attr(name)
    if f.op == "missing":
        return f"{a} is None"
    if f.op == "present":
        return f"{a} is not None"
    if f.op == "weekday":
        if kind not in ("date", "datetime") or not all(d in calendar.day_name for d in f.value):
            raise InputError(f"{name} has no weekday")
        return f"{a} is not None and weekday({a}) in {_lit_tuple(f.value)}"
    if isinstance(f.value, dt.time) or (isinstance(f.value, tuple) and f.value and isinstance(f.value[0], dt.time)):
        if kind not in ("time", "datetime"):
            raise InputError(f"{name} has no time of day")
        a = f"clock({a})"
        kind = "time"
    elif kind in ("date", "datetime"):
        a = f"day({a})"
    lit = _lit
    if kind in ("int", "float", "money") and f.op in ("gt", "ge", "lt", "le", "eq", "between"):
        def lit(v: Any) -> str:
            if kind == "money":
                return _lit(Decimal(str(v)))
            return _lit(float(v)) if kind == "float" or Decimal(str(v)) % 1 else _lit(int(v))
    if f.op == "between":
        lo, hi = f.value
        if isinstance(lo, dt.time) and isinstance(hi, dt.time) and lo > hi:  # "between 10pm and 2am"
            return f"{a} is not None and ({a} >= {lit(lo)} or {a} <= {lit(hi)})"
        if hi is None:
            return f"{a} is not None and {a} >= {lit(lo)}"
        return f"{a} is not None and {lit(lo)} <= {a} <= {lit(hi)}"
    if f.op in ("gt", "ge", "lt", "le"):
        sym = {"gt": ">", "ge": ">=", "lt": "<", "le": "<="}[f.op]
        return f"{a} is not None and {a} {sym} {lit(f.value)}"
    if f.op == "eq":
        if kind == "bool":
            return f"{a} is {bool(f.value)!r}"
        return f"{a} == {lit(f.value)}"
    if f.op == "ne":
        if kind == "bool":
            return f"{a} is not {bool(f.value)!r}"
        return f"{a} != {lit(f.value)}"
    if f.op == "in":
        return f"{lit(f.value)} in ({a} or [])"
    if f.op == "one_of":
        return f"{a} in {_lit_tuple(f.value)}"
    if f.op == "contains":
        return f"{lit(str(f.value).lower())} in str({a} or '').lower()"
    raise InputError(f"unknown filter operation {f.op!r}")


def _where(coll: Collection, filters: list[Filter]) -> str:
    preds = [_pred(coll, f) for f in filters]
    return (" if " + " and ".join(f"({p})" if " or " in p else p for p in preds)) if preds else ""


def rows_expression(coll: Collection, filters: list[Filter]) -> str:
    """The expression for the rows ``filters`` select (what a computation shown to the user iterates)."""
    return _rows(coll, filters)


def _rows(coll: Collection, filters: list[Filter], *, lazy: bool = False, q: Query | None = None) -> str:
    src = f"S[{coll.name!r}]"
    if not filters:
        rows = src
    else:
        rows = ("({})" if lazy else "[{}]").format(f"r for r in {src}{_where(coll, filters)}")
    return _expand(coll, _kept(coll, q, rows) if q is not None and q.having else rows)


def _kept(coll: Collection, q: Query, rows: str) -> str:
    """The rows of the groups that pass the question's group conditions:
    ``kept(rows, lambda r: r.restaurant, lambda g: len(g) >= 5)``."""
    tests = []
    for f in q.having:
        if f.field == "count":
            value = "len(g)"
        else:
            value = f"total({_attr(_check(coll, f.field))} for r in g)"
            if not coll.fields[f.field].numeric:
                raise InputError(f"cannot total {f.field!r} in a group")
        if f.op == "between":
            lo, hi = f.value
            tests.append(f"{_lit(lo)} <= {value} <= {_lit(hi)}")
        elif f.op in _SYMBOLS:
            tests.append(f"{value} {_SYMBOLS[f.op]} {_lit(f.value)}")
        else:
            raise InputError(f"unknown group condition {f.op!r}")
    key = _derived(coll, q.by) if q.by in DERIVED_GROUPS else _attr(_check(coll, q.by))
    return f"kept({rows}, lambda r: {key}, lambda g: {' and '.join(tests)})"


def _derived(coll: Collection, group: str) -> str:
    """``month(r.date)``: a group that the collection's date gives."""
    return f"{group}({_attr(_check(coll, coll.date_field))})"


_SYMBOLS = {"gt": ">", "ge": ">=", "lt": "<", "le": "<=", "eq": "==", "ne": "!="}


def _group_key(coll: Collection, q: Query) -> str:
    g = q.group_by
    if g in DERIVED_GROUPS:
        datef = _check(coll, coll.date_field)
        return f"lambda r: {g}({_attr(datef)})"
    return f"lambda r: {_attr(_check(coll, g))}"


def _measure(coll: Collection, q: Query) -> str:
    """The value a numeric aggregate reads from each row: the measure, or the measure with the
    fields added to it (``plus(r.bill, r.tip)``)."""
    m = _attr(_check(coll, q.measure))
    if not q.plus and not q.minus:
        return m
    for name in [*q.plus, *q.minus]:
        if not coll.fields.get(_check(coll, name)) or not coll.fields[name].numeric:
            raise InputError(f"cannot add {name!r} to {q.measure!r}")
    return "plus(" + ", ".join([m] + [_attr(name) for name in q.plus] + [f"neg({_attr(name)})" for name in q.minus]) + ")"


_AGGREGATE_HELPERS = {"sum": "total", "avg": "mean", "median": "median", "min": "low", "max": "high"}


def _metric_expr(coll: Collection, q: Query, filters: list[Filter]) -> str:
    rows = _rows(coll, filters, q=q)
    metric = q.metric or "count"
    if metric == "count":
        return f"len({rows})"
    m = _measure(coll, q)
    fn = _AGGREGATE_HELPERS[metric]
    return f"{fn}({m} for r in {rows})"


def compile_query(coll: Collection, q: Query) -> str:
    """The Python expression that answers ``q``; raises InputError when the IR is inconsistent.
    A derived field is shown as what computes it (``minutes(r.start, r.end)``)."""
    expr = _compile(coll, q)
    if q.scale is not None and q.scale in UNIT_FACTORS:
        factor = UNIT_FACTORS[q.scale]
        expr = f"scaled({expr}, {factor!r})"  # "in hours" over a minutes column
    if q.short_of is not None:
        expr = f"left_to({q.short_of!r}, {expr})"  # "how many more to hit 20": the target less the answer
    return _expand(coll, expr)


def _compile(coll: Collection, q: Query) -> str:
    rows = _rows(coll, q.filters, q=q)
    where = _where(coll, q.filters)
    src = f"S[{coll.name!r}]"
    if q.having:  # the rows of the groups that pass, in place of the collection
        src, where = rows, ""
    agg = q.aggregate
    if agg == "count":
        return f"len({rows})"
    rate = coll.fields[q.measure].formula if q.measure in coll.fields else None
    if agg == "avg" and rate and rate[0] == "per" and not q.plus and not q.minus and q.scale is None:
        # "tips per hour across all my shifts": all the tips over all the hours, not a mean of each shift's rate
        return f"pooled(({_attr(rate[1])}, {_attr(rate[2])}) for r in {src}{where})"
    if agg in ("sum", "avg", "median", "min", "max"):
        m = _measure(coll, q)
        fn = _AGGREGATE_HELPERS[agg]
        return f"{fn}({m} for r in {src}{where})"
    if agg in ("argmax", "argmin"):
        m = _measure(coll, q)
        t = _attr(_check(coll, q.target))
        if coll.fields[q.measure].kind == "datetime" or coll.fields[q.measure].kind == "date":
            m = f"day({m})"
        return f"(argbest({rows}, lambda r: {m}, desc={agg == 'argmax'}) or {{}}).get({q.target!r})" if t.startswith("r[") else \
            f"getattr(argbest({rows}, lambda r: {m}, desc={agg == 'argmax'}), {q.target!r}, None)"
    if agg in ("most_common", "least_common"):
        desc = agg == "most_common"
        metric = q.metric or "count"
        if q.limit:
            value = f"lambda r: {_measure(coll, q)}" if metric != "count" else "None"
            return f"group_ranking({rows}, {_group_key(coll, q)}, {metric!r}, {value}, desc={desc})[:{int(q.limit)}]"
        if metric == "count" and q.group_by not in DERIVED_GROUPS:
            g = _attr(_check(coll, q.group_by))
            return f"mode(({g} for r in {src}{where}), desc={desc})"
        value = f"lambda r: {_measure(coll, q)}" if metric != "count" else "None"
        return f"group_best({rows}, {_group_key(coll, q)}, {metric!r}, {value}, desc={desc})"
    if agg == "share":
        part_filters = q.filters + q.part
        if (q.metric or "count") == "count":
            return f"pct(len({_rows(coll, part_filters, q=q)}), len({rows}))"
        m = _measure(coll, q)
        return f"pct(total({m} for r in {_rows(coll, part_filters, q=q)}), total({m} for r in {rows}))"
    if agg == "distinct":
        t = _attr(_check(coll, q.target))
        return f"distinct({t} for r in {src}{where})"
    if agg == "count_distinct":
        t = _derived(coll, q.target) if q.target in DERIVED_GROUPS else _attr(_check(coll, q.target))
        return f"len(distinct({t} for r in {src}{where}))"
    if agg == "trend":
        if len(q.periods) != 2:
            raise InputError("a trend needs two periods to compare")
        first = _metric_expr(coll, q, q.filters + q.periods[0])
        second = _metric_expr(coll, q, q.filters + q.periods[1])
        expr = f"({second}) - ({first})" if (q.metric or "count") == "count" else f"(({second}) or 0) - (({first}) or 0)"
        return f"abs({expr})" if q.margin else expr
    if agg in ("change", "drop", "daily_change"):
        m = _measure(coll, q)
        when = _attr(_check(coll, coll.date_field))
        expr = f"{'daily_change' if agg == 'daily_change' else 'change'}({rows}, lambda r: {m}, lambda r: day({when}))"
        return f"-({expr} or 0)" if agg == "drop" else expr
    if agg == "list":
        m = _attr(_check(coll, q.measure or coll.date_field))
        t = _attr(_check(coll, q.target))
        return f"[{t} for r in ranked({rows}, lambda r: {m}, desc={q.order != 'asc'})[:{int(q.limit or 3)}]]"
    raise InputError(f"unknown aggregate {agg!r}")


def evaluate(expr: str, coll: Collection) -> Any:
    """Run a compiled expression over the collection's rows."""
    env = dict(HELPERS)
    env["S"] = {coll.name: rows_of(coll)}
    env["getattr"] = getattr
    return eval(compile(expr, "<ask>", "eval"), {"__builtins__": SAFE_BUILTINS, **env})  # noqa: S307 - trusted compiled IR


def matching_rows(coll: Collection, q: Query, limit: int | None = None) -> list[Row]:
    """The rows the question's filters select (for citing sources): the first ``limit`` of them,
    read no further than that, or all."""
    if limit is None:
        rows: list[Row] = evaluate(_rows(coll, q.filters, q=q), coll)
        return rows
    return list(itertools.islice(iter_matching_rows(coll, q), limit))


def iter_matching_rows(coll: Collection, q: Query) -> Iterator[Row]:
    """The rows the question's filters select, one at a time (none held)."""
    return iter(evaluate(_rows(coll, q.filters, lazy=True, q=q), coll))
