"""``Stored``: a collection read from a data file of the project instead of written out as code.

A collection with thousands of records would make ``state.py`` hundreds of megabytes, so the
checkpoint writes it to ``records/<collection>.jsonl`` and ``state.py`` names the file here.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
from collections.abc import Iterator, Sequence
from datetime import date

PROJECT = os.path.dirname(os.path.abspath(__file__))
MEMO = 65_536
"""Distinct values per field whose typed form is kept while reading (dates, enums, amounts repeat)."""


class Stored(Sequence):
    """Records of a collection too big to write out as code: one JSON object a line in a data
    file of the project (``records/``), read line by line each time they are iterated, so memory
    stays flat whatever the size. ``fields`` maps a field to the function that rebuilds its value
    from JSON (``Decimal``, ``date.fromisoformat``, an enum class); the file is written by the
    checkpoint from the log, never by hand."""

    def __init__(self, path: str, cls: type, fields: dict, count: int, limit: int | None = None) -> None:
        self.path = path
        self.cls = cls
        self.fields = dict(fields)
        self._count = count if limit is None else min(count, limit)  # not ``count``: Sequence.count() is a method
        self.limit = limit

    def head(self, n: int) -> Stored:
        """The first ``n`` records only (the project's tests run the rules on a sample)."""
        return Stored(self.path, self.cls, self.fields, self._count, n)

    def _file(self) -> str:
        return os.path.join(PROJECT, *self.path.split("/"))

    def __iter__(self) -> Iterator:
        cls, fields = self.cls, self.fields
        order = sorted(fields)  # sources are listed sorted by field, as in state.py
        plain = {name for name, rebuild in fields.items() if rebuild is str}  # JSON has them typed already
        rebuilt: dict = {name: {} for name in fields}  # a value seen before is rebuilt once
        loads, blank = json.loads, object.__new__
        with open(self._file(), encoding="utf-8") as lines:
            for line in itertools.islice(lines, self.limit):
                raw = loads(line)
                record = blank(cls)  # the dataclass's own __init__ costs more than reading the line
                values = record.__dict__
                for name in order:
                    value = raw.get(name)
                    if value is None:
                        continue
                    if name in plain and type(value) is str:
                        values[name] = value
                        continue
                    if type(value) is list:
                        values[name] = fields[name](value)
                        continue
                    seen = rebuilt[name]
                    typed = seen.get(value)
                    if typed is None:
                        typed = fields[name](value)
                        if len(seen) < MEMO:
                            seen[value] = typed
                    values[name] = typed
                evidence = tuple(raw["evidence"])
                sources = raw.get("sources")
                values["sources"] = (tuple((name, evidence[0]) for name in order if name in values)
                                     if sources is None else tuple(tuple(s) for s in sources))
                values["id"] = raw["id"]
                values["subject"] = raw.get("subject", "me")
                values["status"] = raw.get("status", "")
                since = raw.get("known_since")
                values["known_since"] = _day(since) if since else None
                values["evidence"] = evidence
                values["history"] = tuple(_old(fields, *h) for h in raw.get("history", ()))
                yield record

    def __len__(self) -> int:
        return self._count

    def __reversed__(self) -> Iterator:
        """Last record first (the file is read once, and its records held while they are handed out)."""
        return reversed(list(self))

    def __getitem__(self, index):
        """By position (read up to it: meant for a few records at the start, not random access)."""
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            return list(itertools.islice(self, start, stop, step)) if step > 0 else list(self)[index]
        i = index + self._count if index < 0 else index
        found = next(itertools.islice(self, i, None), None) if i >= 0 else None
        if found is None:
            raise IndexError(index)
        return found

    def __repr__(self) -> str:
        return f"Stored({self.path}, {self._count} records)"


def _old(fields: dict, name: str, value, fact: int) -> tuple:
    """A superseded value, typed as its field is (status words stay text)."""
    rebuild = fields.get(name)
    return (name, rebuild(value) if rebuild is not None and value is not None else value, fact)


@functools.lru_cache(maxsize=4_096)
def _day(text: str) -> date:
    return date.fromisoformat(text)
