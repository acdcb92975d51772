#!/usr/bin/env python3
"""Sanity-check questions.jsonl against the data files.

- every line parses and has the required fields with valid types
- ids are unique, every referenced file exists, today is 2026-11-20
- text / list / set answers are values that literally occur in the file
  (except weekday / month names, which are derived, and flagged in notes)
- word answers come from the allowed vocabulary
- re-generating the data and re-computing gold reproduces the same files
  (gold.py itself refuses ties for argmax / top-k / group questions)
"""
import hashlib
import json
import os
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = {"number", "text", "list", "set", "word"}
WORDS = {"more", "fewer", "less", "same", "increase", "decrease", "higher", "lower"}
DERIVED = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
           "January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"}
DATA = ["transactions.csv", "runs.json", "sleep.csv", "books.json", "flights.csv",
        "appointments.json", "meals.csv", "fuel.json"]


def digest():
    h = hashlib.sha256()
    for n in DATA + ["questions.jsonl"]:
        h.update(open(os.path.join(HERE, n), "rb").read())
    return h.hexdigest()


def main():
    errors = []
    before = digest()
    subprocess.run([sys.executable, os.path.join(HERE, "make_data.py")], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(HERE, "gold.py")], check=True, stdout=subprocess.DEVNULL)
    if digest() != before:
        errors.append("regeneration changed the data or questions (not reproducible?)")

    raw = {n: open(os.path.join(HERE, n)).read() for n in DATA}
    ids = set()
    per_file = Counter()
    per_type = Counter()
    for ln, line in enumerate(open(os.path.join(HERE, "questions.jsonl")), 1):
        try:
            q = json.loads(line)
        except Exception as e:
            errors.append("line %d does not parse: %s" % (ln, e))
            continue
        for k in ("id", "file", "today", "question", "answer", "answer_type"):
            if k not in q:
                errors.append("%d: missing %s" % (ln, k))
        qid = q.get("id")
        if qid in ids:
            errors.append("duplicate id %s" % qid)
        ids.add(qid)
        if q["file"] not in DATA or not os.path.exists(os.path.join(HERE, q["file"])):
            errors.append("%s: unknown file %s" % (qid, q["file"]))
            continue
        if q["today"] != "2026-11-20":
            errors.append("%s: today %s" % (qid, q["today"]))
        t = q["answer_type"]
        a = q["answer"]
        per_file[q["file"]] += 1
        per_type[t] += 1
        if t not in TYPES:
            errors.append("%s: bad answer_type %s" % (qid, t))
        elif t == "number":
            if isinstance(a, bool) or not isinstance(a, (int, float)):
                errors.append("%s: number answer not numeric" % qid)
            elif isinstance(a, float) and round(a, 2) != a:
                errors.append("%s: number not rounded to 2dp" % qid)
        elif t == "word":
            if a not in WORDS:
                errors.append("%s: word %r not in vocabulary" % (qid, a))
            if "acceptable" not in q.get("notes", ""):
                errors.append("%s: word answer without synonyms note" % qid)
        elif t == "text":
            if not isinstance(a, str) or not a:
                errors.append("%s: text answer must be a non-empty string" % qid)
            elif a not in DERIVED and a not in raw[q["file"]]:
                errors.append("%s: text answer %r not found in %s" % (qid, a, q["file"]))
        elif t in ("list", "set"):
            if not isinstance(a, list) or not a:
                errors.append("%s: %s answer must be a non-empty list" % (qid, t))
            else:
                if len(set(a)) != len(a):
                    errors.append("%s: duplicate elements" % qid)
                for v in a:
                    if v not in DERIVED and str(v) not in raw[q["file"]]:
                        errors.append("%s: element %r not in %s" % (qid, v, q["file"]))
        if not q["question"].strip():
            errors.append("%s: empty question" % qid)
    qs = [json.loads(l)["question"].strip().lower() for l in open(os.path.join(HERE, "questions.jsonl"))]
    for k, c in Counter(qs).items():
        if c > 1:
            errors.append("duplicate question text: %s" % k)
    print("questions:", len(ids))
    print("per file:", dict(per_file))
    print("per answer_type:", dict(per_type))
    kinds = json.load(open(os.path.join(HERE, "question_kinds.json")))
    kc = Counter(k for v in kinds.values() for k in v)
    print("per kind (a question can have several):", dict(sorted(kc.items(), key=lambda x: -x[1])))
    if errors:
        print("\n".join("ERROR " + e for e in errors))
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
