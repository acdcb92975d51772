"""``uac ask``: a question about the user's records, answered by computation over typed state.

Quantitative questions become a typed query IR (:mod:`engine.ask.plan`), compiled to a Python
expression over state (:mod:`engine.ask.compile`) that is shown as the answer's computation;
recall questions go to full-text search over the log and cite what was said
(:mod:`engine.ask.recall`). The model, when there is one, reads which collection the question is
about (:mod:`engine.ask.table_choice`) and picks among the options the cues left open; it never
writes a value or an expression.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from engine.ask import countdown, table_choice
from engine.ask.catalog import Collection, build_catalog
from engine.ask.choose import resolve, schema_text
from engine.ask.compile import (
    compile_query,
    evaluate,
    iter_matching_rows,
    matching_rows,
    neg,
    plus,
    rows_expression,
)
from engine.ask.grounding import (
    about_something_else,
    said_score,
    text_filters,
)
from engine.ask.ir import Query
from engine.ask.plan import SAYINGS, Draft, draft, is_recall, rank_collections
from engine.ask.reader import read
from engine.ask.recall import RecallResult, recall
from engine.ask.running import running_total
from engine.ask.text import plain
from engine.ask.versus import compare_values, compared_values
from engine.ask.whose import beaten, compare_people, compared_people, whose_filters
from engine.errors import InputError
from engine.frames import IMPORT_DOMAIN
from engine.llm.backend import Backend
from engine.log import LogStore
from engine.state import State

__all__ = ["Answer", "ask", "plan_question"]


@dataclass
class Answer:
    """``answer`` is typed by ``kind``: int, float (2 places), string, list (ranked), set (sorted list)."""

    answer: Any
    kind: str
    computation: str
    sources: list[Any] = field(default_factory=list)
    ir: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    model_used: bool = False


RECALL_FRAME = "Note"
"""The built-in frame of what fits no other: its records are sentences, read back by recall."""
_PER_DAY = re.compile(r"\b(?:daily|per\s+day|a\s+day|each\s+day)\b", re.I)
_NOTES = re.compile(r"\bnotes?\b", re.I)
"""A question about the notes themselves ("how many notes do I have?") is computed over them."""


def plan_question(
    state: State, question: str, now: dt.datetime, backend: Backend | None = None,
    log_store: LogStore | None = None,
) -> tuple[Collection, Draft, bool] | None:
    """The chosen collection and the resolved IR draft, or None when this is a recall question.

    The model, when there is one, picks the collection (:mod:`engine.ask.table_choice`), else the
    cues' ranking does; either way a collection that does not hold what the question names (see
    :mod:`engine.ask.grounding`) gives way to the best ranked of the collections that do."""
    catalog = build_catalog(state, now.date())
    if not catalog or is_recall(question):
        return None
    ranked = rank_collections(question, catalog)
    if log_store is not None and any(c.domain == IMPORT_DOMAIN for c in catalog.values()):
        ranked = sorted(((score + said_score(question, catalog[name], log_store), name) for score, name in ranked),
                        key=lambda x: (-x[0], x[1]))
    reading = backend is not None and len(catalog) > 1 and table_choice.worth_asking(ranked)
    used_model = False
    if reading:
        read = table_choice.model_pick(backend, question, catalog)  # type: ignore[arg-type]
        name = table_choice.choose(read, ranked)  # type: ignore[assignment]
        if name is None:
            return None  # neither the model nor the cues find a collection
        used_model = name == read
    else:
        name = ranked[0][1]
    if log_store is not None and about_something_else(question, catalog[name], log_store):
        # the question names what this collection lacks and the log says elsewhere: not this one
        holding = {n for n, c in catalog.items() if not about_something_else(question, c, log_store)}
        ranked = [(max(score, 0.5), n) for score, n in ranked if n in holding]
        if not ranked:
            return None
        name = ranked[0][1]
    elif not reading and ranked[0][0] <= 0 and len(catalog) > 1:
        return None
    coll = catalog[name]
    d = draft(question, coll, now)
    if coll.frame == RECALL_FRAME and coll.domain != IMPORT_DOMAIN and log_store is not None and not _NOTES.search(question):
        return None  # what fits no frame is kept for recall: its passages answer, not a count of notes
    d.query.filters += text_filters(question, coll, d.query)
    pair = compared_people(question, coll)
    if pair is None:
        d.query.filters += whose_filters(question, coll, d.query)
    if d.open:
        picked = resolve(backend, question, schema_text(coll), d.open)
        used_model = used_model or backend is not None
        _apply(d, picked, coll)
    if pair is not None and (running_total(coll, d.query.measure) or not compare_people(d.query, pair)):
        # "more honey from Mabel than Hilda": one minus the other (a meter's readings are never added up)
        d.query.filters += whose_filters(question, coll, d.query)
    elif pair is not None:
        d.query.margin = beaten(question)
    versus = compared_values(question, d.query)
    if versus is not None and not running_total(coll, d.query.measure):
        compare_values(d.query, versus)  # "how much more on FC than on Fortnite": the one less the other
    per_day = d.query.aggregate in ("avg", "change", "sum") and _PER_DAY.search(question) is not None
    if (d.query.aggregate == "sum" or per_day) and running_total(coll, d.query.measure):
        # "how much gas did we use": a meter's readings are not added up; "our average daily use": a day of it
        d.query.aggregate = "daily_change" if per_day else "change"
    return coll, d, used_model


def _apply(d: Draft, picked: dict[str, str], coll: Collection) -> None:
    q = d.query
    defaults = {k: o.default for k, o in d.open.items()}
    if "measure" in picked and picked["measure"] != defaults["measure"]:
        old = q.measure
        q.measure = picked["measure"]
        q.filters = [type(f)(q.measure, f.op, f.value) if f.field == old and f.op != "between" else f for f in q.filters]
    if "compare_field" in picked:
        fname = picked["compare_field"]
        q.filters = [type(f)(fname, f.op, f.value) if f.field == defaults["compare_field"] and coll.fields.get(f.field) and
                     coll.fields[f.field].numeric else f for f in q.filters]
    if picked.get("answer") == "value" and q.aggregate in ("argmax", "argmin") and q.measure:
        q.aggregate = "max" if q.aggregate == "argmax" else "min"
        q.target = None
    if "aggregate" in picked:
        q.aggregate = picked["aggregate"]
        if q.aggregate in ("sum", "avg"):
            numeric = coll.numeric()
            q.measure = q.measure or (numeric[0].name if numeric else None)
            if q.measure is None:
                q.aggregate = "count"
        if q.aggregate == "distinct":
            q.target = q.target or coll.label_field


def ask(
    state: State,
    question: str,
    now: dt.datetime,
    backend: Backend | None = None,
    log_store: LogStore | None = None,
) -> Answer:
    """Answer ``question`` as of ``now``; never evaluates model text, only the compiled IR."""
    question = plain(question)
    counted = _countdown(state, question, now, backend, log_store)
    if counted is not None:
        return counted
    planned = plan_question(state, question, now, backend, log_store)
    expr = ""
    if planned is not None:
        coll, d, used_model = planned
        try:
            expr = compile_query(coll, d.query)
        except InputError:
            planned = None  # a plan the state cannot run (no such field): what the log says instead
    if planned is None:
        res = recall(log_store, question)
        if backend is not None and res.passages and not SAYINGS.match(question):
            read_out = _read(question, res, backend)
            if read_out is not None:
                return read_out
        if res.day is not None:  # "when did I …": the date, with the sentences it rests on
            return Answer(res.day, "date", f"log.search({' '.join(res.terms)!r})", res.sources,
                          {"recall": res.terms}, res.answer)
        return Answer(
            res.answer if res.sentences else None,
            "string",
            f"log.search({' '.join(res.terms)!r})",
            res.sources,
            {"recall": res.terms},
            res.answer,
        )
    coll, d, used_model = planned
    raw = evaluate(expr, coll)
    value, kind = normalise(raw, d.query)
    sources = _sources(coll, d.query, raw)
    text = _text(value, kind, d.query)
    if d.query.words and isinstance(value, int | float) and not isinstance(value, bool):
        word = in_words(value, d.query.words)
        value, kind, text = word, "string", f"{word} (by {abs(value)})"
    return Answer(value, kind, expr, sources, d.query.to_dict(), text, used_model)


def _read(question: str, res: RecallResult, backend: Backend) -> Answer | None:
    """The model's short answer from the recalled passages, verified as a span or a date of one
    (:mod:`engine.ask.reader`); "I don't know" when it says none answers; None to keep the cited
    sentences."""
    reading = read(question, res.passages, backend)
    computation = f"read(log.search({' '.join(res.terms)!r}))"
    if reading is False:
        found = res.answer if res.sentences else "; ".join(f"{p.text} [{p.ref}]" for p in res.passages)
        return Answer(None, "string", computation, res.sources or [p.ref for p in res.passages],
                      {"recall": res.terms}, f"I don't know: what I found does not say. Closest: {found}", True)
    if reading is None:
        return None
    said = f" (said on {reading.passage.said_on.isoformat()})" if reading.passage.said_on else ""
    text = f"{reading.answer} — \u201c{reading.passage.text}\u201d [{reading.passage.ref}]{said}"
    kind = "date" if isinstance(reading.answer, dt.date) else "string"
    sources = list(dict.fromkeys(p.ref for p in (reading.passage, *reading.others)))
    return Answer(reading.answer, kind, computation, sources, {"recall": res.terms}, text, True)


def in_words(difference: float, words: tuple[str, str]) -> str:
    """The comparison's answer as the question put it: "more", "fewer" or "same"."""
    return words[0] if difference > 0 else words[1] if difference < 0 else "same"


def _countdown(state: State, question: str, now: dt.datetime, backend: Backend | None,
               log_store: LogStore | None) -> Answer | None:
    """Days (or weeks) from ``now`` to the nearest date ahead of what the question counts to."""
    parsed = countdown.parse(question)
    if parsed is None:
        return None
    what, per = parsed
    planned = plan_question(state, f"When is {what}?", now, backend, log_store)
    if planned is None:
        return None
    coll, d, used_model = planned
    q = d.query
    field_name = q.target if q.target in coll.fields and coll.fields[q.target].temporal else coll.date_field
    if field_name is None:
        return None
    try:
        rows = matching_rows(coll, q)
    except InputError:
        return None
    when = countdown.nearest_ahead(rows, field_name, now.date())
    if when is None:
        return Answer(None, "int", f"no {coll.name} ahead of {now.date().isoformat()}", [], q.to_dict(),
                      f"Nothing ahead: no matching {coll.name} on or after {now.date().isoformat()}.", used_model)
    value = (when - now.date()).days // per
    unit = "week" if per == 7 else "day"
    where = rows_expression(coll, q.filters)
    today = f"date({now.year}, {now.month}, {now.day})"
    expr = (f"(min(r.{field_name} for r in {where} if r.{field_name} >= {today}) - {today}).days"
            + (f" // {per}" if per != 1 else ""))
    sources = [i for r in rows if r.get(field_name) == when for i in r["_evidence"]]
    text = f"{value} {unit}{'' if value == 1 else 's'} (until {when.isoformat()})"
    return Answer(value, "int", expr, sources, q.to_dict() | {"countdown": field_name}, text, used_model)


def normalise(raw: Any, q: Query) -> tuple[Any, str]:
    """Typed answer: money and floats rounded to 2 places, dates as ISO strings, sets sorted."""
    if isinstance(raw, list):
        items = [_scalar(v) for v in raw]
        if q.aggregate == "distinct":
            if len(items) == 1:
                return items[0], "string" if isinstance(items[0], str) else _kind(items[0])
            return sorted(items, key=lambda x: (str(type(x)), x)), "set"
        return items, "list"
    v = _scalar(raw)
    return v, _kind(v)


def _scalar(v: Any) -> Any:
    if isinstance(v, bool):
        return v
    if isinstance(v, Decimal):
        return round(float(v), 2)
    if isinstance(v, float):
        return round(v, 2)
    if isinstance(v, dt.datetime):  # "2025-06-24 06:03", as people write a moment
        return v.isoformat(sep=" ", timespec="minutes" if not v.second and not v.microsecond else "seconds")
    if isinstance(v, dt.date | dt.time):
        return v.isoformat()
    return v


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "string"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    return "string"


SOURCES_MAX = 200  # records cited for an answer


def _sources(coll: Collection, q: Query, raw: Any) -> list[int]:
    rows = matching_rows(coll, q, SOURCES_MAX)
    if q.aggregate in ("argmax", "argmin") and q.measure:
        parts = [q.measure, *q.plus]

        def key(r: dict[str, Any]) -> Any:
            if not q.plus and not q.minus:
                return r.get(q.measure)
            return plus(*(r.get(p) for p in parts), *(neg(r.get(p)) for p in q.minus))
        vals = (r for r in iter_matching_rows(coll, q) if key(r) is not None)  # streamed: no list of all
        best = (max if q.aggregate == "argmax" else min)(vals, key=key, default=None)
        if best is not None:
            rows = [best]
    ids: list[int] = []
    for r in rows[:SOURCES_MAX]:
        ids.extend(r["_evidence"])
    return ids


def _text(value: Any, kind: str, q: Query) -> str:
    if value is None:
        return f"No matching {q.collection} records."
    if kind in ("list", "set"):
        return ", ".join(map(str, value)) if value else f"No matching {q.collection} records."
    if q.aggregate == "share":
        return f"{value}%"
    return str(value)
