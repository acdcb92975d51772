"""Question patterns with several phrasings each, and their gold answers computed directly.

Gold is plain Python over the generated rows (Counter, sum, max), written separately from the
query compiler. Instances whose gold is a tie (two equally common values) are not asked: the
question would have no single right answer.
"""

from __future__ import annotations

import calendar
import datetime as dt
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from benchmarks.ask.data import RecordType

NOW = dt.datetime(2024, 6, 15, 12, 0)


@dataclass(frozen=True)
class Item:
    type: str
    pattern: str
    phrasing: int
    n: int
    question: str
    gold: Any
    kind: str


Rows = list[dict[str, Any]]


def _num(v: Any) -> float:
    return round(float(v), 2)


def _amount_field(rt: RecordType) -> tuple[str, str]:
    """The field summed in 'total' questions and the words for it."""
    return (rt.money, "money") if rt.money else (rt.measure, rt.measure_word)


def _unique_top(counter: dict[Any, Any], most: bool) -> Any:
    if not counter:
        return None
    ranked = sorted(counter.items(), key=lambda kv: kv[1], reverse=most)
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def patterns(rt: RecordType, rows: Rows, rng: random.Random) -> list[tuple[str, list[str], Any, str]]:
    """(pattern, phrasings, gold, kind) for one record type over its rows."""
    d, c, lab, m = rt.date, rt.cat, rt.label, rt.measure
    amt, amt_word = _amount_field(rt)
    out: list[tuple[str, list[str], Any, str]] = []
    year = rng.choice([2022, 2023])
    cats = sorted({r[c] for r in rows})
    v = rng.choice(cats)
    cat_np = rt.cat_np.format(v=v)

    out.append(("count_year", [
        f"How many {rt.nouns} did I {rt.verb} in {year}?",
        f"In {year}, how many {rt.nouns} were there?",
        f"What's the number of {rt.nouns} I {rt.verb_past} during {year}?",
    ], sum(1 for r in rows if r[d].year == year), "int"))

    out.append(("count_category", [
        f"How many {cat_np} did I {rt.verb}?",
        f"Count my {cat_np}.",
        f"What is the number of {cat_np} in my records?",
    ], sum(1 for r in rows if r[c] == v), "int"))

    month = rng.randint(1, 12)
    mname = calendar.month_name[month]
    in_month = [r for r in rows if r[d].year == year and r[d].month == month]
    total = sum((r[amt] for r in in_month), Decimal(0) if rt.money else 0)
    if rt.money:
        phr = [f"How much did I spend on {rt.nouns} in {mname} {year}?",
               f"What was the total cost of my {rt.nouns} in {mname} {year}?",
               f"In {mname} {year}, what did my {rt.nouns} cost altogether?"]
    else:
        phr = [f"What was the total {rt.measure_word} of my {rt.nouns} in {mname} {year}?",
               f"How many {rt.unit} did my {rt.nouns} add up to in {mname} {year}?",
               f"In {mname} {year}, what was the sum of {rt.measure_word} across my {rt.nouns}?"]
    out.append(("sum_month", phr, _num(total), "float" if rt.money or isinstance(total, float) else "int"))

    vals = [r[m] for r in rows]
    out.append(("avg", [
        f"What was the average {rt.measure_word} of my {rt.nouns}?",
        f"On average, how many {rt.unit} per {rt.noun}?",
        f"What's the mean {rt.measure_word} across all my {rt.nouns}?",
    ], _num(sum(Decimal(str(x)) for x in vals) / len(vals)), "float"))

    out.append(("max", [
        f"What was the highest {rt.measure_word} among my {rt.nouns}?",
        f"What is the maximum {rt.measure_word} I recorded for a {rt.noun}?",
        f"Across my {rt.nouns}, what was the largest {rt.measure_word}?",
    ], max(vals), "int" if isinstance(vals[0], int) else "float"))

    out.append(("min", [
        f"What was the lowest {rt.measure_word} among my {rt.nouns}?",
        f"What is the minimum {rt.measure_word} I recorded for a {rt.noun}?",
        f"Across my {rt.nouns}, what was the smallest {rt.measure_word}?",
    ], min(vals), "int" if isinstance(vals[0], int) else "float"))

    counts = Counter(r[c] for r in rows)
    out.append(("most_common", [
        f"For my {rt.nouns}, which {rt.cat_word} did I have most often?",
        f"What was the most common {rt.cat_word} for my {rt.nouns}?",
        f"Which {rt.cat_word} comes up most frequently in my {rt.nouns}?",
    ], _unique_top(counts, True), "string"))
    out.append(("least_common", [
        f"For my {rt.nouns}, which {rt.cat_word} did I have least often?",
        f"What was the least common {rt.cat_word} for my {rt.nouns}?",
        f"Which {rt.cat_word} comes up least frequently in my {rt.nouns}?",
    ], _unique_top(counts, False), "string"))

    best = max(vals)
    winners = [r for r in rows if r[m] == best]
    out.append(("argmax", [
        f"Which {rt.label_word} had the highest {rt.measure_word}?",
        f"What was the {rt.label_word} of the {rt.noun} with the largest {rt.measure_word}?",
        f"Name the {rt.label_word} for my {rt.noun} with the biggest {rt.measure_word}.",
    ], winners[0][lab] if len({w[lab] for w in winners}) == 1 else None, "string"))

    share = 100 * counts[v] / len(rows)
    out.append(("share", [
        f"What percentage of my {rt.nouns} were {cat_np}?",
        f"What share of all my {rt.nouns} were {cat_np}, in percent?",
        f"Out of all my {rt.nouns}, what fraction as a percentage were {cat_np}?",
    ], round(share, 2), "float"))

    in_year = sorted({r[lab] for r in rows if r[d].year == year})
    out.append(("distinct", [
        f"Which {rt.label_words} appear in my {rt.nouns} from {year}?",
        f"List the different {rt.label_words} of my {rt.nouns} in {year}.",
        f"What {rt.label_words} did my {rt.nouns} involve in {year}?",
    ], in_year if len(in_year) > 1 else (in_year[0] if in_year else None), "set" if len(in_year) > 1 else "string"))

    def yearly(y: int) -> Any:
        return sum((r[amt] for r in rows if r[d].year == y), Decimal(0) if rt.money else 0)
    diff = yearly(2023) - yearly(2022)
    word = "spending" if rt.money else rt.measure_word
    out.append(("trend", [
        f"How did my total {word} on {rt.nouns} change from 2022 to 2023?",
        f"By how much did my {rt.nouns}' total {word} increase or decrease between 2022 and 2023?",
        f"Compare the total {word} of my {rt.nouns} in 2023 versus 2022: what is the difference?",
    ], _num(diff), "float" if rt.money or isinstance(diff, float) else "int"))

    threshold = sorted(vals)[len(vals) // 2]
    thr = int(threshold) if not isinstance(threshold, Decimal) else int(threshold)
    n_over = sum(1 for x in vals if x > thr)
    out.append(("count_over", [
        f"How many {rt.nouns} had more than {thr} {rt.unit}?",
        f"How many of my {rt.nouns} were over {thr} {rt.unit}?",
        f"Count the {rt.nouns} with {rt.measure_word} above {thr} {rt.unit}.",
    ], n_over, "int"))

    sums: dict[Any, Any] = {}
    for r in rows:
        sums[r[c]] = sums.get(r[c], 0) + r[m]
    out.append(("group_sum", [
        f"Which {rt.cat_word} accounts for the most {rt.measure_word} in total across my {rt.nouns}?",
        f"For which {rt.cat_word} was my total {rt.measure_word} highest?",
        f"Which {rt.cat_word} adds up to the most {rt.measure_word} overall?",
    ], _unique_top(sums, True), "string"))

    today = NOW.date()
    last_month_end = today.replace(day=1) - dt.timedelta(days=1)
    out.append(("relative_time", [
        f"How many {rt.nouns} did I {rt.verb} last month?",
        f"Last month, how many {rt.nouns} were there?",
        f"What's the number of {rt.nouns} from last month?",
    ], sum(1 for r in rows if r[d].year == last_month_end.year and r[d].month == last_month_end.month), "int"))

    out.append(("count_distinct", [
        f"How many different {rt.label_words} are in my {rt.nouns}?",
        f"How many distinct {rt.label_words} do my {rt.nouns} have?",
        f"Count the unique {rt.label_words} across my {rt.nouns}.",
    ], len({r[lab] for r in rows}), "int"))
    return out


def items_for(rt: RecordType, rows: Rows, n: int, seed: int) -> list[Item]:
    rng = random.Random(f"q-{rt.name}-{n}-{seed}")
    out = []
    for pattern, phrasings, gold, kind in patterns(rt, rows, rng):
        if gold is None:
            continue
        for i, text in enumerate(phrasings):
            out.append(Item(rt.name, pattern, i, n, text, gold, kind))
    return out


def correct(got: Any, gold: Any) -> bool:
    if isinstance(gold, list):
        return isinstance(got, list) and sorted(map(str.lower, map(str, got))) == sorted(map(str.lower, map(str, gold)))
    if isinstance(gold, int | float | Decimal) and not isinstance(gold, bool):
        try:
            return abs(float(got) - float(gold)) <= 0.011
        except (TypeError, ValueError):
            return False
    return str(got).strip().lower() == str(gold).strip().lower()


Checker = Callable[[Any, Any], bool]
