#!/usr/bin/env python3
"""Sanity-check questions.jsonl against the record files.

- every line parses and has the required fields with allowed values
- ids unique, files exist, 25..250 rows per file, dates within 2024-01-01..2026-11-20
- answers have the right Python type for their answer_type
- text / set / list answers are values that literally occur in the file
- gold.py is re-imported, so all its tie / boundary guards run again, and its
  answers must equal what is in questions.jsonl
- prints a rough breakdown of questions by kind
"""
import csv
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gold  # noqa: E402  (runs every guard in gold.py)

TYPES = {"number", "text", "list", "set", "word"}
REQ = ["id", "file", "today", "question", "answer", "answer_type"]


def file_values(name):
    p = os.path.join(HERE, name)
    if name.endswith(".csv"):
        with open(p, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    else:
        with open(p, encoding="utf-8") as f:
            rows = json.load(f)
    vals = set()
    for r in rows:
        for v in r.values():
            if isinstance(v, str):
                vals.add(v)
    return rows, vals


def check_file(name, rows):
    assert 25 <= len(rows) <= 250, f"{name}: {len(rows)} rows"
    dates = []
    for r in rows:
        for v in r.values():
            if isinstance(v, str):
                m = re.match(r"^(\d{4}-\d{2}-\d{2})", v)
                if m:
                    dates.append(m.group(1))
    assert dates, f"{name}: no dates"
    assert min(dates) >= "2024-01-01" and max(dates) <= "2026-11-20", f"{name}: dates {min(dates)}..{max(dates)}"


def kind(q):
    t, a = q["question"].lower(), q["answer_type"]
    if a == "set":
        return "distinct values (set)"
    if a == "list":
        return "top-k list"
    if "more or" in t or "up or down" in t or "more or less" in t:
        return "period comparison (word)"
    if "weekend" in t or "weekday" in t:
        return "weekday/weekend"
    if a in ("text", "word"):
        if "when" in t or "date" in t:
            return "date of extreme record"
        if "month" in t or "quarter" in t or "season" in t:
            return "which month/quarter/season"
        if "average" in t or "on average" in t or "cheapest" in t:
            return "group with highest/lowest average"
        return "record/group with most/least"
    if "percent" in t:
        return "percentage"
    if "median" in t:
        return "median"
    if "different" in t:
        return "count distinct"
    if "average" in t or "on average" in t:
        return "average"
    if any(w in t for w in ("longest", "highest", "lowest", "most i've", "shortest", "cheapest", "best")):
        return "min/max"
    if any(w in t for w in ("last month", "this year", "past", "last week", "this week", "this month",
                            "last year", "last 7")):
        return "relative period"
    if "between" in t:
        return "inclusive date range"
    if any(w in t for w in ("pm", "morning", "evening", "before 7")):
        return "time of day"
    if any(w in t for w in ("summer", "autumn", "q1", "q2", "q3", "q4")):
        return "season/quarter"
    if any(w in t for w in ("total", "how much", "how far", "how many km", "hours")):
        return "total"
    return "count with condition"


def main():
    qs = []
    with open(os.path.join(HERE, "questions.jsonl"), encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            obj = json.loads(line)
            for k in REQ:
                assert k in obj, f"line {ln}: missing {k}"
            assert set(obj) <= set(REQ) | {"notes"}, f"line {ln}: extra fields {set(obj) - set(REQ)}"
            qs.append(obj)
    ids = [q["id"] for q in qs]
    assert len(ids) == len(set(ids)), "duplicate ids"
    assert len(qs) >= 90, f"only {len(qs)} questions"
    assert len({q["question"] for q in qs}) == len(qs), "duplicate question text"

    cache = {}
    for q in qs:
        fn = q["file"]
        assert os.path.exists(os.path.join(HERE, fn)), f"{q['id']}: missing file {fn}"
        if fn not in cache:
            rows, vals = file_values(fn)
            check_file(fn, rows)
            cache[fn] = vals
        vals = cache[fn]
        assert q["today"] == "2026-11-20"
        at, ans = q["answer_type"], q["answer"]
        assert at in TYPES, f"{q['id']}: bad type {at}"
        if at == "number":
            assert isinstance(ans, (int, float)) and not isinstance(ans, bool), f"{q['id']}: not a number"
            if isinstance(ans, float):
                assert round(ans, 2) == ans, f"{q['id']}: more than 2 decimals"
        elif at == "text":
            assert isinstance(ans, str) and ans in vals, f"{q['id']}: text answer not in data: {ans}"
        elif at in ("list", "set"):
            assert isinstance(ans, list) and ans, f"{q['id']}: empty/invalid list"
            assert len(set(ans)) == len(ans), f"{q['id']}: duplicates in {at}"
            for v in ans:
                assert v in vals, f"{q['id']}: {v} not in data"
        elif at == "word":
            assert isinstance(ans, str) and q.get("notes"), f"{q['id']}: word answers need notes"
        if "percent" in q["question"].lower():
            assert 0 <= ans <= 100 and round(ans, 1) == ans

    # gold.py re-computation must match the file exactly
    assert len(gold.Q) == len(qs)
    for q, (fn, text, ans, at, _) in zip(qs, gold.Q):
        if at == "number":
            ans = gold.num(ans)
        assert (q["file"], q["question"], q["answer"], q["answer_type"]) == (fn, text, ans, at), q["id"]

    print(f"OK: {len(qs)} questions, {len(cache)} files")
    print("by file:", dict(Counter(q["file"] for q in qs)))
    print("by answer_type:", dict(Counter(q["answer_type"] for q in qs)))
    print("by kind (heuristic):")
    for k, n in Counter(kind(q) for q in qs).most_common():
        print(f"  {n:3d}  {k}")


if __name__ == "__main__":
    main()
