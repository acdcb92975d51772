"""Infer a typed schema from raw rows, and convert each raw value to its typed JSON form.

A column's kind is the narrowest that fits every non-empty value: bool, int, float, money
(Decimal; chosen by currency symbols or an amount-like column name), date, time, datetime, list,
enum (few distinct strings) or str. Column names become snake_case identifiers so that a query over
the collection can name them; the original header is kept as the field's label.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

EMPTY = {"", "na", "n/a", "null", "none", "-", "nan"}
MONEY_NAMES = re.compile(
    r"(amount|price|cost|total|spent|spend|paid|pay|fee|fare|balance|salary|budget|bill|charge|"
    r"revenue|income|expense|tip|tax|refund|value_usd|usd|eur|gbp)", re.I
)
CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "CHF": "CHF"}
_CUR = r"(?:[$€£¥₹]|USD|EUR|GBP|JPY|CHF|INR)"
MONEY_RE = re.compile(rf"^\s*(?P<c1>{_CUR})?\s*(?P<num>[-+]?\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|[-+]?\d+(?:\.\d+)?)\s*(?P<c2>{_CUR})?\s*$")
INT_RE = re.compile(r"^[-+]?\d+$")
FLOAT_RE = re.compile(r"^[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?$")
UNIT_RE = re.compile(r"^\s*(?P<num>[-+]?\d+(?:\.\d+)?)\s*(?P<unit>[A-Za-z°%][A-Za-z°%/]{0,9})\s*$")
BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False, "y": True, "n": False}
TIME_RE = re.compile(r"^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$", re.I)
DATE_FORMATS = ("%Y-%m-%d", "%Y/%m/%d", "%d %B %Y", "%d %b %Y", "%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%b %d %Y", "%d.%m.%Y")
DATETIME_FORMATS = ("%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M")
ENUM_MAX = 20


@dataclass
class FieldSchema:
    name: str
    kind: str
    label: str
    choices: list[str] = field(default_factory=list)
    unit: str = ""
    currency: str = ""
    day_first: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label}
        if self.choices:
            out["choices"] = self.choices
        if self.unit:
            out["unit"] = self.unit
        if self.currency:
            out["currency"] = self.currency
        if self.day_first:
            out["day_first"] = True
        return out


def identifier(label: str) -> str:
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", label.strip())
    s = re.sub(r"[^0-9a-zA-Z]+", "_", s).strip("_").lower()
    if not s:
        s = "field"
    if s[0].isdigit():
        s = "f_" + s
    return s


def is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in EMPTY)


def infer_schema(columns: list[str], rows: list[dict[str, Any]]) -> list[FieldSchema]:
    """One field per column, in first-seen column order."""
    names: dict[str, str] = {}
    used: set[str] = set()
    for col in columns:
        base = identifier(col)
        name, i = base, 2
        while name in used or name in ("id", "status", "subject"):
            name, i = f"{base}_{i}", i + 1
        used.add(name)
        names[col] = name
    out = []
    for col in columns:
        values = [r.get(col) for r in rows]
        present = [v for v in values if not is_empty(v)]
        out.append(_infer_field(names[col], col, present, len(rows)))
    return out


def _infer_field(name: str, label: str, values: list[Any], n_rows: int) -> FieldSchema:
    f = FieldSchema(name, "str", label)
    if not values:
        return f
    if all(isinstance(v, list) for v in values) or all(_is_json_list_text(v) for v in values):
        f.kind = "list"
        return f
    if any(isinstance(v, dict | list) for v in values):
        return f
    texts = [v if isinstance(v, str) else _text(v) for v in values]
    stripped = [t.strip() for t in texts]
    if all(isinstance(v, bool) for v in values) or all(t.lower() in BOOL_WORDS for t in stripped):
        f.kind = "bool"
        return f
    money_name = bool(MONEY_NAMES.search(name))
    money = [MONEY_RE.match(t) for t in stripped]
    symbols = {(m.group("c1") or m.group("c2")) for m in money if m and (m.group("c1") or m.group("c2"))}
    if all(money) and (symbols or money_name):
        f.kind = "money"
        if len(symbols) == 1:
            f.currency = CURRENCY_SYMBOLS.get(next(iter(symbols)), next(iter(symbols)))
        return f
    if all(INT_RE.match(t) for t in stripped) and all(not isinstance(v, float) for v in values):
        f.kind = "int"
        return f
    if all(FLOAT_RE.match(t) for t in stripped):
        f.kind = "float"
        return f
    units = [UNIT_RE.match(t) for t in stripped]
    if all(units) and len({m.group("unit").lower() for m in units if m}) == 1:
        f.kind = "float"
        f.unit = units[0].group("unit") if units[0] else ""
        return f
    if all(_parse_datetime(t) for t in stripped):
        f.kind = "datetime"
        return f
    for day_first in (False, True):
        if all(_parse_date(t, day_first) for t in stripped):
            f.kind = "date"
            f.day_first = day_first
            return f
    if all(TIME_RE.match(t) for t in stripped):
        f.kind = "time"
        return f
    distinct = sorted(set(stripped))
    if len(distinct) <= ENUM_MAX and len(distinct) < len(values) and len(distinct) <= max(3, len(values) // 2):
        f.kind = "enum"
        f.choices = distinct
    return f


def _text(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def _is_json_list_text(v: Any) -> bool:
    return isinstance(v, str) and v.strip().startswith("[") and v.strip().endswith("]")


def _parse_datetime(t: str) -> dt.datetime | None:
    try:
        if "T" in t or (len(t) > 10 and t[10] == " "):
            return dt.datetime.fromisoformat(t.replace("Z", "+00:00")).replace(tzinfo=None)
    except ValueError:
        pass
    for fmt in DATETIME_FORMATS:
        try:
            return dt.datetime.strptime(t, fmt)
        except ValueError:
            continue
    return None


def _parse_date(t: str, day_first: bool) -> dt.date | None:
    for fmt in (*DATE_FORMATS, "%d/%m/%Y" if day_first else "%m/%d/%Y", "%d-%m-%Y" if day_first else "%m-%d-%Y"):
        try:
            return dt.datetime.strptime(t, fmt).date()
        except ValueError:
            continue
    return None


def convert(f: FieldSchema, raw: Any) -> Any:
    """The typed JSON value of ``raw`` under ``f`` (ISO dates, Decimal as str); None when empty."""
    if is_empty(raw):
        return None
    t = raw.strip() if isinstance(raw, str) else _text(raw)
    if f.kind == "list":
        if isinstance(raw, list):
            return [str(v) for v in raw]
        import json

        try:
            items = json.loads(t)
        except json.JSONDecodeError:
            items = [x.strip() for x in t.strip("[]").split(",") if x.strip()]
        return [str(v) for v in items] if isinstance(items, list) else [str(items)]
    if f.kind == "bool":
        return raw if isinstance(raw, bool) else BOOL_WORDS[t.lower()]
    if f.kind == "money":
        m = MONEY_RE.match(t)
        assert m is not None
        try:
            return str(Decimal(m.group("num").replace(",", "")).quantize(Decimal("0.01")))
        except InvalidOperation:
            return None
    if f.kind == "int":
        return int(t)
    if f.kind == "float":
        m = UNIT_RE.match(t)
        return float(m.group("num")) if (f.unit and m) else float(t)
    if f.kind == "datetime":
        d = _parse_datetime(t)
        return d.isoformat() if d else None
    if f.kind == "date":
        day = _parse_date(t, f.day_first)
        return day.isoformat() if day else None
    if f.kind == "time":
        m = TIME_RE.match(t)
        assert m is not None
        h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
        ap = (m.group(4) or "").lower().replace(".", "")
        if ap == "pm" and h < 12:
            h += 12
        if ap == "am" and h == 12:
            h = 0
        return dt.time(h % 24, mi, s).isoformat()
    return t
