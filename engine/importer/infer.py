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
MONEY_RE = re.compile(rf"^\s*(?P<c1>{_CUR})?\s*(?P<num>[-+]?\d{{1,3}}(?:,\d{{3}})+(?:\.\d+)?|[-+]?\d+(?:\.\d+)?|"
                      rf"[-+]?\d{{1,3}}(?:\.\d{{3}})*,\d{{1,2}}|[-+]?\d+,\d{{1,2}})\s*(?P<c2>{_CUR})?\s*$")
"""An amount with a currency or an amount-like name: ``$1,249.00`` (comma thousands) or ``€ 62,50``,
``€ 1.249,50`` (comma decimals, one or two digits after the comma, so never a thousands group)."""
DECIMAL_COMMA = re.compile(r"^[-+]?\d{1,3}(?:\.\d{3})*,\d{1,2}$|^[-+]?\d+,\d{1,2}$")
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
    if isinstance(value, str):
        if len(value) > 4 and not value[0].isspace() and not value[-1].isspace():
            return False  # longer than every empty marker: the common case, decided without copying
        return value.strip().lower() in EMPTY
    return value is None


def field_names(columns: list[str]) -> dict[str, str]:
    """Column -> unique snake_case field name (never ``id``, ``status`` or ``subject``)."""
    names: dict[str, str] = {}
    used: set[str] = set()
    for col in columns:
        base = identifier(col)
        name, i = base, 2
        while name in used or name in ("id", "status", "subject"):
            name, i = f"{base}_{i}", i + 1
        used.add(name)
        names[col] = name
    return names


class ColumnProfile:
    """What the values of one column seen so far allow it to be, updated one value at a time (so
    a file's schema is learned in one pass without keeping its rows). A kind stays possible while
    every non-empty value fits it; :meth:`field` picks the narrowest one still possible."""

    def __init__(self) -> None:
        self.present = 0
        self.any_container = False
        self.possible = {"list_obj", "list_text", "bool_obj", "bool_word", "money", "int", "float", "unit",
                         "datetime", "date", "date_day_first", "time"}
        self.symbols: set[str] = set()
        self.units: set[str] = set()
        self.first_unit = ""
        self.distinct: set[str] | None = set()

    def add(self, value: Any) -> None:
        if is_empty(value):
            return
        self.present += 1
        p = self.possible
        if not p and self.distinct is None:
            return  # already plain text: nothing left to learn from more values
        if not isinstance(value, list):
            p.discard("list_obj")
        if "list_text" in p and not _is_json_list_text(value):
            p.discard("list_text")
        if isinstance(value, dict | list):
            self.any_container = True
            return
        t = (value if isinstance(value, str) else _text(value)).strip()
        if not isinstance(value, bool):
            p.discard("bool_obj")
        if "bool_word" in p and t.lower() not in BOOL_WORDS:
            p.discard("bool_word")
        if "money" in p:
            m = MONEY_RE.match(t)
            if m is None:
                p.discard("money")
            elif m.group("c1") or m.group("c2"):
                self.symbols.add(m.group("c1") or m.group("c2"))
        if "int" in p and (isinstance(value, float) or not INT_RE.match(t)):
            p.discard("int")
        if "float" in p and not FLOAT_RE.match(t):
            p.discard("float")
        if "unit" in p:
            u = UNIT_RE.match(t)
            if u is None:
                p.discard("unit")
            else:
                if not self.units:
                    self.first_unit = u.group("unit")
                self.units.add(u.group("unit").lower())
                if len(self.units) > 1:
                    p.discard("unit")
        if "datetime" in p and not _parse_datetime(t):
            p.discard("datetime")
        if "date" in p and not _parse_date(t, False):
            p.discard("date")
        if "date_day_first" in p and not _parse_date(t, True):
            p.discard("date_day_first")
        if "time" in p and not TIME_RE.match(t):
            p.discard("time")
        if self.distinct is not None:
            self.distinct.add(t)
            if len(self.distinct) > ENUM_MAX:
                self.distinct = None  # too many to be a list of choices

    def field(self, name: str, label: str) -> FieldSchema:
        f = FieldSchema(name, "str", label)
        p, n = self.possible, self.present
        if not n:
            return f
        if "list_obj" in p or "list_text" in p:
            f.kind = "list"
            return f
        if self.any_container:
            return f
        if "bool_obj" in p or "bool_word" in p:
            f.kind = "bool"
            return f
        if "money" in p and (self.symbols or MONEY_NAMES.search(name)):
            f.kind = "money"
            if len(self.symbols) == 1:
                symbol = next(iter(self.symbols))
                f.currency = CURRENCY_SYMBOLS.get(symbol, symbol)
            return f
        for kind in ("int", "float"):
            if kind in p:
                f.kind = kind
                return f
        if "unit" in p:
            f.kind, f.unit = "float", self.first_unit
            return f
        if "datetime" in p:
            f.kind = "datetime"
            return f
        for key, day_first in (("date", False), ("date_day_first", True)):
            if key in p:
                f.kind, f.day_first = "date", day_first
                return f
        if "time" in p:
            f.kind = "time"
            return f
        d = self.distinct
        if d is not None and len(d) <= ENUM_MAX and len(d) < n and len(d) <= max(3, n // 2):
            f.kind = "enum"
            f.choices = sorted(d)
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
    if len(t) == 10 and t[4] == "-" and t[7] == "-":  # ISO, by far the commonest: no format search
        try:
            return dt.date.fromisoformat(t)
        except ValueError:
            pass
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
            num = m.group("num")
            num = num.replace(".", "").replace(",", ".") if DECIMAL_COMMA.match(num) else num.replace(",", "")
            return str(Decimal(num).quantize(Decimal("0.01")))
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
