#!/usr/bin/env python3
"""Independent re-check of questions_c.jsonl against files/.

Does not import gold.py: the files are parsed again (string splitting / regex
instead of strptime) and each answer is recomputed with a separate one-line
implementation.  Also checks the structure of the question file.
Exit code 0 = all good.
"""
import csv
import json
import os
import re
import sys
from collections import Counter
from datetime import date, timedelta

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FD = os.path.join(ROOT, "files")
TODAY = date(2026, 11, 25)


def rows(name):
    p = os.path.join(FD, name)
    if name.endswith(".json"):
        return json.load(open(p, encoding="utf-8"))
    return list(csv.DictReader(open(p, newline="", encoding="utf-8")))


def ymd(s):  # 2025-03-01
    y, m, d = map(int, s.split("-"))
    return date(y, m, d)


def dmy(s, sep):  # 01/03/2025 or 01.03.2025
    d, m, y = map(int, s.split(sep))
    return date(y, m, d)


def mdy(s):  # 03/01/2025
    m, d, y = map(int, s.split("/"))
    return date(y, m, d)


def mins12(s):
    h, m, ap = re.fullmatch(r"(\d{1,2}):(\d{2}) (AM|PM)", s).groups()
    h = int(h) % 12 + (12 if ap == "PM" else 0)
    return h * 60 + int(m)


def mins24(s):
    h, m = s.split(":")
    return int(h) * 60 + int(m)


def num(s):
    return None if s in ("", None) else float(s)


def eur_dot(s):
    return float(re.sub(r"[^0-9.]", "", s))


def eur_comma(s):
    return float(re.sub(r"[^0-9,]", "", s).replace(",", "."))


def inr(d, a, b):
    return ymd(a) <= d <= ymd(b)


def r2(x):
    return round(x, 2)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs)


def best(pairs, low=False):
    """pairs: iterable of (key, value); unique best key (asserts no tie)."""
    ps = sorted(pairs, key=lambda kv: kv[1], reverse=not low)
    assert len(ps) < 2 or ps[0][1] != ps[1][1], ps[:2]
    return ps[0][0]


def grp_mean(items, kf, vf):
    g = {}
    for it in items:
        v = vf(it)
        if v is not None:
            g.setdefault(kf(it), []).append(v)
    return [(k, sum(v) / len(v)) for k, v in g.items()]


def top3(counter_items):
    ps = sorted(counter_items, key=lambda kv: -kv[1])
    assert len({v for _, v in ps[:4]}) == min(4, len(ps)), ps[:4]
    return [k for k, _ in ps[:3]]


# ---------------------------------------------------------------- parse
W = [dict(d=ymd(r["Date"]), t=mins24(r["Start Time"]), k=r["Type"], dur=int(r["Duration (min)"]),
          km=num(r["Distance (km)"]), cal=num(r["Calories (kcal)"]), hr=num(r["Avg HR (bpm)"]), loc=r["Location"])
     for r in rows("workouts.csv")]
C = [dict(n=r["Name"], rel=r["Relation"], city=r["City"],
          b=dmy(r["Birthday"], "/") if r["Birthday"] else None, how=r["How We Met"],
          lc=dmy(r["Last Contacted"], "/")) for r in rows("contacts.csv")]
P = [dict(d=mdy(r["Order Date"]), item=r["Item"], shop=r["Shop"], cat=r["Category"], up=eur_dot(r["Price"]),
          q=r["Qty"], dl=mdy(r["Delivered"]) if r["Delivered"] else None, ret=r["Returned"]) for r in rows("purchases.json")]
for p in P:
    p["tot"] = p["up"] * p["q"]
MA = [dict(d=ymd(r["Date"]), s=mins12(r["Start"]), e=mins12(r["End"]), title=r["Title"], org=r["Organizer"],
           n=int(r["Attendees"]), loc=r["Room / Online"], pr=r["Project"], st=r["Status"]) for r in rows("meetings.csv")]
M = [m for m in MA if m["st"] == "Held"]
for m in MA:
    m["len"] = m["e"] - m["s"]
T = [dict(dest=r["Destination"], c=r["Country"], s=ymd(r["Start Date"]), e=ymd(r["End Date"]), pu=r["Purpose"],
          tr=r["Transport"], cost=r["Total Cost (EUR)"]) for r in rows("trips.json")]
for t in T:
    t["n"] = (t["e"] - t["s"]).days
V = [dict(d=dmy(r["Visit Date"], "."), t=mins24(r["Time"]), cl=r["Clinic"], doc=r["Doctor"], sp=r["Specialty"],
          cost=eur_comma(r["Cost"]), cov=r["Insurance Covered"], fu=r["Follow-up"]) for r in rows("visits.csv")]


def age(b):
    a = TODAY.year - b.year
    if (TODAY.month, TODAY.day) < (b.month, b.day):
        a -= 1
    return a


def nextb(b):
    x = date(2026, b.month, b.day)
    return x if x > TODAY else date(2027, b.month, b.day)


def held_in(a, b):
    return [m for m in M if inr(m["d"], a, b)]


MONTHS = "January February March April May June July August September October November December".split()
DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
TY = ("2026-01-01", "2026-11-25")
P90 = ("2026-08-27", "2026-11-25")

CHECK = {
    # workouts
    "c001": lambda: sum(1 for w in W if w["k"] == "Yoga" and w["d"].year == 2025),
    "c002": lambda: sum(w["dur"] for w in W if w["k"] == "Cycling" and inr(w["d"], *TY)),
    "c003": lambda: r2(mean(w["cal"] for w in W if w["k"] == "Gym")),
    "c004": lambda: median([w["dur"] for w in W if w["k"] == "Running"]),
    "c005": lambda: max(w["km"] for w in W if w["k"] == "Cycling"),
    "c006": lambda: MONTHS[best(Counter(w["d"].month for w in W if w["d"].year == 2025).items()) - 1],
    "c007": lambda: {w["k"] for w in W if w["loc"] == "Home"},
    "c008": lambda: top3(Counter(w["loc"] for w in W).items()),
    "c009": lambda: r2(100 * mean([w["k"] == "Yoga" for w in W if w["d"].year == 2026])),
    "c010": lambda: (lambda a, b: "more" if a > b else "less" if a < b else "same")(
        sum(inr(w["d"], "2026-01-01", "2026-06-30") for w in W), sum(inr(w["d"], "2025-01-01", "2025-06-30") for w in W)),
    "c011": lambda: sum(1 for w in W if (w["d"].year, w["d"].month) == (2026, 10)),
    "c012": lambda: sum(w["cal"] or 0 for w in W if inr(w["d"], *P90)),
    "c013": lambda: sum(1 for w in W if w["d"].year == 2025 and w["d"].isoweekday() in (6, 7)),
    "c014": lambda: sum(1 for w in W if w["t"] < 420),
    "c015": lambda: sum(1 for w in W if w["k"] == "Gym" and w["d"].year == 2024 and w["dur"] > 60),
    "c016": lambda: sum(1 for w in W if w["k"] in ("Swimming", "Running") and w["d"].year == 2026),
    "c017": lambda: sum(1 for w in W if (w["hr"] or 0) >= 150),
    "c018": lambda: best(grp_mean(W, lambda w: w["k"], lambda w: w["dur"])),
    "c019": lambda: r2(sum(w["km"] for w in W if w["k"] == "Cycling" and inr(w["d"], "2025-03-01", "2025-05-15"))),
    "c020": lambda: sum(w["dur"] * (1 if w["d"].month in (4, 5, 6) else -1) for w in W
                        if w["k"] == "Yoga" and w["d"].year == 2026 and w["d"].month <= 6),
    # contacts
    "c021": lambda: sum(c["city"] == "Utrecht" for c in C),
    "c022": lambda: {c["n"] for c in C if c["b"] and (nextb(c["b"]) - TODAY).days <= 30},
    "c023": lambda: sum(c["rel"] == "Family" for c in C),
    "c024": lambda: best(Counter(c["city"] for c in C if c["city"] and c["city"] != "Utrecht").items()),
    "c025": lambda: {c["how"] for c in C if c["how"]},
    "c026": lambda: top3(Counter(c["city"] for c in C if c["city"]).items()),
    "c027": lambda: best([(c["n"], c["b"]) for c in C if c["b"]], low=True),
    "c028": lambda: best([(c["n"], c["b"]) for c in C if c["b"] and c["rel"] == "Colleague"]),
    "c029": lambda: best([(c["n"], c["lc"]) for c in C], low=True),
    "c030": lambda: sum((TODAY - c["lc"]).days > 365 for c in C),
    "c031": lambda: sum(c["lc"] >= date(2026, 11, 1) for c in C),
    "c032": lambda: sum(c["rel"] == "Friend" and c["city"] == "Amsterdam" for c in C),
    "c033": lambda: len({c["n"] for c in C if c["rel"] == "Neighbour"} | {c["n"] for c in C if c["how"] == "Climbing club"}),
    "c034": lambda: r2(100 * sum(c["how"] == "Work" for c in C) / len(C)),
    "c035": lambda: sum(1 for c in C if c["b"] and c["b"].month == 12),
    "c036": lambda: r2(mean([age(c["b"]) for c in C if c["b"] and c["rel"] == "Friend"])),
    "c037": lambda: best(grp_mean([c for c in C if c["b"]], lambda c: c["rel"], lambda c: age(c["b"]))),
    "c038": lambda: sum((TODAY - c["lc"]).days <= 60 for c in C),
    "c039": lambda: best([(c["n"], nextb(c["b"])) for c in C if c["b"]], low=True),
    "c040": lambda: sum(1 for c in C if c["b"] and date(2026, c["b"].month, c["b"].day).weekday() > 4),
    # purchases
    "c041": lambda: sum(p["shop"] == "bol.com" and p["d"].year == 2025 for p in P),
    "c042": lambda: r2(sum(p["tot"] for p in P if p["cat"] == "Electronics" and p["d"].year == 2026 and p["ret"] == "No")),
    "c043": lambda: r2(mean([p["up"] for p in P if p["cat"] == "Books"])),
    "c044": lambda: r2(median([p["tot"] for p in P if p["shop"] == "Zalando"])),
    "c045": lambda: P[best([(i, p["up"]) for i, p in enumerate(P)])]["item"],
    "c046": lambda: best(Counter({s: sum(p["tot"] for p in P if p["shop"] == s and p["d"].year == 2025)
                                  for s in {p["shop"] for p in P}}).items()),
    "c047": lambda: {p["shop"] for p in P if p["ret"] == "Yes"},
    "c048": lambda: top3([(k, sum(p["tot"] for p in P if p["cat"] == k)) for k in {p["cat"] for p in P}]),
    "c049": lambda: r2(100 * mean([p["ret"] == "Yes" for p in P if p["cat"] == "Clothing"])),
    "c050": lambda: "higher" if sum(p["tot"] for p in P if inr(p["d"], "2026-04-01", "2026-06-30")) >
    sum(p["tot"] for p in P if inr(p["d"], "2026-01-01", "2026-03-31")) else "lower",
    "c051": lambda: r2(sum(p["tot"] for p in P if (p["d"].year, p["d"].month) == (2026, 10))),
    "c052": lambda: r2(mean([(p["dl"] - p["d"]).days for p in P if p["shop"] == "Coolblue" and p["dl"]])),
    "c053": lambda: sum(round(p["tot"], 2) > 100 for p in P),
    "c054": lambda: sum(p["shop"] == "Zalando" and p["ret"] == "Yes" for p in P),
    "c055": lambda: sum(p["cat"] in ("Home", "Beauty") and p["d"].year == 2026 for p in P),
    "c056": lambda: sum(p["q"] for p in P if p["shop"] == "HEMA"),
    "c057": lambda: best(grp_mean(P, lambda p: p["cat"], lambda p: p["up"])),
    "c058": lambda: r2(sum(p["tot"] for p in P if inr(p["d"], *P90))),
    "c059": lambda: sum(p["dl"] is None for p in P),
    "c060": lambda: r2(sum(p["tot"] for p in P if inr(p["d"], "2025-11-28", "2025-12-24"))),
    # meetings
    "c061": lambda: len(held_in("2026-11-16", "2026-11-22")),
    "c062": lambda: r2(sum(m["len"] for m in held_in("2026-10-01", "2026-10-31")) / 60),
    "c063": lambda: r2(mean([m["len"] for m in M if m["pr"] == "Atlas"])),
    "c064": lambda: median([m["n"] for m in M]),
    "c065": lambda: (lambda ms: ms[best([(i, m["n"]) for i, m in enumerate(ms)])]["title"])(held_in(*TY)),
    "c066": lambda: best(Counter(m["org"] for m in M if m["org"] != "Maren Vos").items()),
    "c067": lambda: {m["loc"] for m in M if m["pr"] == "Delta" and m["d"].year == 2025},
    "c068": lambda: top3(Counter({k: sum(m["len"] for m in held_in(*TY) if m["pr"] == k)
                                  for k in {m["pr"] for m in M}}).items()),
    "c069": lambda: r2(100 * mean([m["loc"].lower().startswith("online") for m in M if m["d"].year == 2025])),
    "c070": lambda: (lambda a, b: "more" if a > b else "fewer" if a < b else "same")(
        len(held_in("2026-10-01", "2026-10-31")), len(held_in("2026-09-01", "2026-09-30"))),
    "c071": lambda: sum(m["st"] == "Cancelled" and m["d"].year == 2026 for m in MA),
    "c072": lambda: sum(m["s"] >= 960 for m in M),
    "c073": lambda: DAYS[best(Counter(m["d"].weekday() for m in M).items())],
    "c074": lambda: sum(m["d"].year == 2025 and "Online" in m["loc"] and m["n"] > 8 for m in M),
    "c075": lambda: sum(m["loc"] in ("Room Everest", "Room Fuji") for m in held_in("2026-01-01", "2026-03-31")),
    "c076": lambda: sum(m["len"] >= 90 for m in M),
    "c077": lambda: best(grp_mean(M, lambda m: m["pr"], lambda m: m["n"])),
    "c078": lambda: r2(sum(m["len"] * (1 if m["d"].year == 2025 else -1) for m in M if m["d"].year in (2024, 2025)) / 60),
    "c079": lambda: sum(m["org"] == "Maren Vos" for m in held_in(*P90)),
    "c080": lambda: str(max(m["d"] for m in M if m["pr"] == "Beacon")),
    # trips
    "c081": lambda: sum(t["s"].year == 2025 for t in T),
    "c082": lambda: r2(sum(t["cost"] or 0 for t in T if t["s"].year == 2024)),
    "c083": lambda: r2(mean([t["cost"] for t in T if t["pu"] == "Business"])),
    "c084": lambda: median([t["n"] for t in T]),
    "c085": lambda: T[best([(i, t["n"]) for i, t in enumerate(T)])]["dest"],
    "c086": lambda: best(Counter(t["c"] for t in T if t["c"] != "Netherlands").items()),
    "c087": lambda: {t["c"] for t in T if t["s"].year == 2025} - {"Netherlands"},
    "c088": lambda: [T[i]["dest"] for i in top3([(i, t["cost"]) for i, t in enumerate(T) if t["cost"] is not None])],
    "c089": lambda: r2(100 * mean([t["tr"] == "Train" for t in T])),
    "c090": lambda: (lambda a, b: "more" if a > b else "less" if a < b else "same")(
        sum(t["s"].year == 2025 for t in T), sum(t["s"].year == 2024 for t in T)),
    "c091": lambda: {t["dest"] for t in T if inr(t["s"], "2026-06-01", "2026-08-31")},
    "c092": lambda: sum(t["n"] for t in T if t["s"].year == 2026 and t["c"] != "Netherlands"),
    "c093": lambda: sum(t["cost"] is not None and t["cost"] < 200 for t in T),
    "c094": lambda: sum(t["pu"] == "Holiday" and t["tr"] == "Plane" for t in T),
    "c095": lambda: sum(t["pu"] in ("Business", "Conference") and t["s"].year == 2026 for t in T),
    "c096": lambda: best(grp_mean(T, lambda t: t["tr"], lambda t: t["cost"])),
    "c097": lambda: (lambda hs: r2(sum(t["cost"] for t in hs) / sum(t["n"] for t in hs)))(
        [t for t in T if t["pu"] == "Holiday" and t["cost"] is not None]),
    "c098": lambda: sum(t["s"].isoweekday() == 5 for t in T),
    "c099": lambda: [t["dest"] for t in sorted(T, key=lambda t: t["s"]) if inr(t["s"], "2024-09-01", "2024-12-31")],
    "c100": lambda: str(max(t["e"] for t in T)),
    # visits
    "c101": lambda: sum(v["sp"] == "Dentistry" and v["d"].year == 2025 for v in V),
    "c102": lambda: r2(sum(v["cost"] for v in V if v["d"].year == 2026)),
    "c103": lambda: r2(mean([v["cost"] for v in V if v["sp"] == "Physiotherapy"])),
    "c104": lambda: median([v["cost"] for v in V]),
    "c105": lambda: V[best([(i, v["cost"]) for i, v in enumerate(V)])]["sp"],
    "c106": lambda: best(Counter(v["doc"] for v in V if v["doc"]).items()),
    "c107": lambda: {v["cl"] for v in V if v["d"].year == 2024},
    "c108": lambda: top3(Counter(v["sp"] for v in V).items()),
    "c109": lambda: r2(100 * mean([v["cov"] == "Yes" for v in V])),
    "c110": lambda: "higher" if sum(v["cost"] for v in V if v["d"].year == 2025) >
    sum(v["cost"] for v in V if v["d"].year == 2024) else "lower",
    "c111": lambda: sum(inr(v["d"], *P90) for v in V),
    "c112": lambda: r2(sum(v["cost"] for v in V if v["cov"] == "No")),
    "c113": lambda: sum(v["t"] >= 720 for v in V),
    "c114": lambda: sum(v["d"].isoweekday() == 6 for v in V),
    "c115": lambda: sum(v["sp"] == "Dermatology" and v["cov"] == "No" for v in V),
    "c116": lambda: sum(v["sp"] in ("Ophthalmology", "Cardiology") for v in V),
    "c117": lambda: best(grp_mean(V, lambda v: v["cl"], lambda v: v["cost"])),
    "c118": lambda: str(max(v["d"] for v in V if v["sp"] == "General practice")),
    "c119": lambda: sum(v["d"].year == 2026 and v["fu"] == "Yes" for v in V),
    "c120": lambda: (lambda ds: (ds[-1] - ds[-2]).days)(sorted(v["d"] for v in V if v["sp"] == "Dentistry")),
}


def same(gold, got, atype):
    if atype == "number":
        return isinstance(gold, (int, float)) and not isinstance(gold, bool) and abs(gold - got) < 0.006
    if atype == "set":
        return isinstance(gold, list) and len(gold) == len(set(gold)) and set(gold) == set(got)
    if atype == "list":
        return isinstance(gold, list) and gold == list(got)
    return isinstance(gold, str) and gold == got


def main():
    errs = []
    counts = {f: len(rows(f)) for f in os.listdir(FD)}
    if len(counts) != 6:
        errs.append(f"expected 6 files, found {sorted(counts)}")
    for f, n in counts.items():
        if not 40 <= n <= 400:
            errs.append(f"{f}: {n} rows out of range")
    qs = [json.loads(l) for l in open(os.path.join(ROOT, "questions_c.jsonl"), encoding="utf-8")]
    if len(qs) != 120:
        errs.append(f"{len(qs)} questions")
    per_file = Counter(q["file"] for q in qs)
    if set(per_file) != set(counts) or any(v != 20 for v in per_file.values()):
        errs.append(f"per-file counts {per_file}")
    keys = {"id", "file", "today", "question", "answer", "answer_type", "notes"}
    ids = [q["id"] for q in qs]
    if len(set(ids)) != len(ids) or set(ids) != set(CHECK):
        errs.append("ids mismatch")
    if len({q["question"] for q in qs}) != len(qs):
        errs.append("duplicate question text")
    for q in qs:
        if set(q) != keys:
            errs.append(f"{q['id']}: keys {sorted(q)}")
        if q["today"] != "2026-11-25":
            errs.append(f"{q['id']}: today {q['today']}")
        if q["answer_type"] not in ("number", "list", "set", "word", "text"):
            errs.append(f"{q['id']}: answer_type {q['answer_type']}")
        if q["answer_type"] == "word" and q["answer"] not in ("more", "less", "fewer", "same", "higher", "lower",
                                                              "increase", "decrease"):
            errs.append(f"{q['id']}: odd word {q['answer']}")
        try:
            got = CHECK[q["id"]]()
        except AssertionError as e:
            errs.append(f"{q['id']}: ambiguity guard failed {e}")
            continue
        if not same(q["answer"], got, q["answer_type"]):
            errs.append(f"{q['id']}: gold {q['answer']!r} != recomputed {got!r}")
    print("row counts:", counts)
    print("per file:", dict(per_file))
    print("per type:", dict(Counter(q["answer_type"] for q in qs)))
    if errs:
        print("\n".join(errs))
        print(f"FAILED: {len(errs)} problem(s)")
        sys.exit(1)
    print(f"OK: {len(qs)} answers re-checked")


if __name__ == "__main__":
    main()
