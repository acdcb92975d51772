#!/usr/bin/env python3
"""Compute gold answers for the question set and write questions.jsonl.

Every answer is computed from the exported files (parsed the way a reader
would parse them), never typed by hand. Helper checks refuse ties for
"which / top-k" questions, refuse near-equal values for word comparisons and
flag records sitting on the boundary of rolling windows.

Conventions: today = 2026-11-20 (a Friday); weeks start Monday; "last week" =
2026-11-09..2026-11-15; "last month" = October 2026; "this year" = 2026-01-01..
today; "past N days" = today-(N-1)..today; meteorological seasons; numbers
rounded to 2 decimals; percentages 0-100 rounded to 1 decimal.
"""
import csv
import json
import os
import statistics
from collections import Counter, defaultdict
from datetime import date, datetime, time, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = date(2026, 11, 20)
TODAY_S = TODAY.isoformat()
LAST_MONTH = (date(2026, 10, 1), date(2026, 10, 31))
THIS_YEAR = (date(2026, 1, 1), TODAY)
THIS_MONTH = (date(2026, 11, 1), TODAY)
LAST_WEEK = (date(2026, 11, 9), date(2026, 11, 15))
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def past(n):
    return (TODAY - timedelta(days=n - 1), TODAY)


# ------------------------------------------------------------------ loading
def money(s):
    return float(str(s).replace("$", "").replace(",", ""))


def hm(s):
    return datetime.strptime(s, "%H:%M").time()


def load():
    D = {}
    rows = []
    for r in csv.DictReader(open(os.path.join(HERE, "transactions.csv"))):
        rows.append(dict(r, d=datetime.strptime(r["Txn Date"], "%m/%d/%Y").date(), t=hm(r["Time"]),
                         amt=money(r["Amount (USD)"])))
    D["transactions.csv"] = rows

    rows = []
    for r in json.load(open(os.path.join(HERE, "runs.json"))):
        st = datetime.strptime(r["start_time"], "%Y-%m-%dT%H:%M:%S")
        h, m, s = (int(x) for x in r["moving_time"].split(":"))
        rows.append(dict(r, d=st.date(), t=st.time(), km=r["distance_km"], secs=h * 3600 + m * 60 + s))
    D["runs.json"] = rows

    rows = []
    for r in csv.DictReader(open(os.path.join(HERE, "sleep.csv"))):
        rows.append(dict(r, d=date.fromisoformat(r["night_of"]), bed=hm(r["bed_time"]),
                         wake=hm(r["wake_time"]), hrs=float(r["hours_asleep"]),
                         score=int(r["sleep_score"]), awk=int(r["awakenings"]),
                         deep=int(r["deep_sleep_min"])))
    D["sleep.csv"] = rows

    rows = []
    for r in json.load(open(os.path.join(HERE, "books.json"))):
        rows.append(dict(r, d=date.fromisoformat(r["date_finished"]),
                         ds=date.fromisoformat(r["date_started"])))
    D["books.json"] = rows

    rows = []
    for r in csv.DictReader(open(os.path.join(HERE, "flights.csv"))):
        rows.append(dict(r, d=date.fromisoformat(r["Date"]), t=hm(r["Dep Time"]),
                         fare=float(r["Fare (USD)"]), mi=int(r["Distance (mi)"])))
    D["flights.csv"] = rows

    rows = []
    for r in json.load(open(os.path.join(HERE, "appointments.json"))):
        rows.append(dict(r, d=date.fromisoformat(r["date"]),
                         t=datetime.strptime(r["time"], "%I:%M %p").time(), cp=money(r["copay"])))
    D["appointments.json"] = rows

    rows = []
    for r in csv.DictReader(open(os.path.join(HERE, "meals.csv"))):
        bill = money(r["Bill"])
        tip = float(r["Tip"])
        rows.append(dict(r, d=date.fromisoformat(r["Date"]), t=hm(r["Time"]), bill=bill, tip=tip,
                         tot=bill + tip, party=int(r["Party Size"]), rating=int(r["Rating"])))
    D["meals.csv"] = rows

    rows = []
    for r in json.load(open(os.path.join(HERE, "fuel.json"))):
        dt = datetime.strptime(r["filled_at"], "%Y-%m-%d %H:%M")
        rows.append(dict(r, d=dt.date(), t=dt.time()))
    D["fuel.json"] = rows
    return D


# ------------------------------------------------------------------ helpers
def inr(d, a, b):
    return a <= d <= b


def yr(y):
    return (date(y, 1, 1), date(y, 12, 31))


def mon(y, m):
    nxt = date(y + (m == 12), m % 12 + 1, 1)
    return (date(y, m, 1), nxt - timedelta(days=1))


def qtr(y, q):
    return (date(y, 3 * q - 2, 1), mon(y, 3 * q)[1])


def half(y, h):
    return (date(y, 1, 1), date(y, 6, 30)) if h == 1 else (date(y, 7, 1), date(y, 12, 31))


def season(y, name):
    m0 = {"spring": 3, "summer": 6, "autumn": 9}[name]  # winter avoided on purpose
    return (date(y, m0, 1), mon(y, m0 + 2)[1])


def sel(rows, rng=None, f=None):
    out = []
    for r in rows:
        if rng and not inr(r["d"], *rng):
            continue
        if f and not f(r):
            continue
        out.append(r)
    return out


def num(x):
    if isinstance(x, int):
        return x
    return round(float(x), 2)


def pct(a, b):
    assert b > 0
    return round(100.0 * a / b, 1)


def mean(xs):
    xs = list(xs)
    assert xs, "empty mean"
    return num(sum(xs) / len(xs))


def median(xs):
    xs = list(xs)
    assert xs, "empty median"
    return num(statistics.median(xs))


def unique_ext(items, key, label, biggest=True):
    """label of the single item with the largest (or smallest) key; refuse ties."""
    items = sorted(items, key=key, reverse=biggest)
    assert len(items) >= 2
    assert key(items[0]) != key(items[1]), "tie at the extreme: %r" % [label(items[0]), label(items[1])]
    return label(items[0])


def group_ext(rows, gkey, vfun, agg="mean", biggest=True, min_margin=0.0):
    g = defaultdict(list)
    for r in rows:
        g[gkey(r)].append(r)
    vals = {}
    for k, rs in g.items():
        xs = [vfun(r) for r in rs]
        vals[k] = {"mean": sum(xs) / len(xs), "sum": sum(xs), "count": len(xs)}[agg]
    order = sorted(vals.items(), key=lambda kv: kv[1], reverse=biggest)
    assert abs(order[0][1] - order[1][1]) > min_margin, "group tie %r" % order[:2]
    return order[0][0], order


def topk(rows, gkey, k, vfun=None):
    c = defaultdict(float)
    for r in rows:
        c[gkey(r)] += vfun(r) if vfun else 1
    order = sorted(c.items(), key=lambda kv: kv[1], reverse=True)
    vals = [v for _, v in order[:k + 1]]
    for i in range(min(k, len(vals) - 1)):
        assert vals[i] > vals[i + 1] + 1e-9, "top-k tie %r" % order[:k + 1]
    return [kk for kk, _ in order[:k]]


def word(a, b, up, down, same=None, margin=0.0):
    """compare later/first value a against b. returns up if a>b else down"""
    if same is not None and abs(a - b) <= 1e-9:
        return same
    assert abs(a - b) > margin, "too close to call: %r vs %r" % (a, b)
    return up if a > b else down


def edge_check(rows, rng):
    """no record on the first day of a rolling window or the day before it."""
    a = rng[0]
    bad = [r["d"] for r in rows if r["d"] in (a, a - timedelta(days=1))]
    if bad:
        print("WARNING: records on rolling-window boundary", bad)


def dset(vals):
    s = sorted(set(vals))
    assert s, "empty set"
    return s


def weekend(r):
    return r["d"].weekday() >= 5


# ------------------------------------------------------------------ questions
QUESTIONS = []


def Q(file, kinds, question, atype, answer, notes="", ok_words=None):
    if atype == "number":
        answer = num(answer)
    if atype == "word":
        assert ok_words, "word answers need synonyms note"
        notes = (notes + "; " if notes else "") + "acceptable: " + ok_words
    QUESTIONS.append({"file": file, "kinds": kinds, "question": question, "answer": answer,
                      "answer_type": atype, "notes": notes})


def build(D):
    # ============================================================ transactions
    F = "transactions.csv"
    T = D[F]
    Q(F, ["count", "period"], "quick one - how many times did I grab coffee at Blue Bottle in 2025?",
      "number", len(sel(T, yr(2025), lambda r: r["Merchant"] == "Blue Bottle Coffee")),
      "rows with Merchant=Blue Bottle Coffee dated 2025")
    Q(F, ["sum", "relative"], "What's the total I spent on groceries last month?", "number",
      sum(r["amt"] for r in sel(T, LAST_MONTH, lambda r: r["Category"] == "Groceries")),
      "Category=Groceries, Oct 2026")
    Q(F, ["sum", "daterange"],
      "How much did Amazon get out of me between November 20 and December 31, 2025, both days included?",
      "number", sum(r["amt"] for r in sel(T, (date(2025, 11, 20), date(2025, 12, 31)),
                                          lambda r: r["Merchant"] == "Amazon")),
      "Merchant=Amazon, 2025-11-20..2025-12-31 inclusive")
    Q(F, ["avg"], "On average, how much do I drop per Whole Foods trip?", "number",
      mean(r["amt"] for r in T if r["Merchant"] == "Whole Foods Market"), "mean Amount over all Whole Foods rows")
    Q(F, ["median"], "what's my median Uber ride cost?", "number",
      median(r["amt"] for r in T if r["Merchant"] == "Uber"), "median Amount, Merchant=Uber")
    Q(F, ["minmax"], "What's the single biggest charge in my card transactions, ever?", "number",
      max(r["amt"] for r in T), "max Amount over all rows")
    Q(F, ["argext", "relative"],
      "This year, which merchant hit me with my single biggest charge?", "text",
      unique_ext(sel(T, THIS_YEAR), lambda r: r["amt"], lambda r: r["Merchant"]),
      "merchant of max Amount in 2026")
    Q(F, ["compare", "period"],
      "did my grocery spending go up or down from the first half of 2025 to the second half?", "word",
      word(sum(r["amt"] for r in sel(T, half(2025, 2), lambda r: r["Category"] == "Groceries")),
           sum(r["amt"] for r in sel(T, half(2025, 1), lambda r: r["Category"] == "Groceries")),
           "increase", "decrease", margin=20),
      "Groceries sum H2 2025 vs H1 2025", "increase/up/went up or decrease/down/went down")
    Q(F, ["topk", "period"],
      "Give me my top 3 merchants by total spend in 2025, biggest first.", "list",
      topk(sel(T, yr(2025)), lambda r: r["Merchant"], 3, lambda r: r["amt"]),
      "sum Amount per Merchant in 2025, descending")
    Q(F, ["count", "timeofday"],
      "How many of my card transactions happened late in the evening, between 10:00 pm and 11:59 pm?",
      "number", len([r for r in T if r["t"] >= time(22, 0)]), "Time 22:00..23:59")
    Q(F, ["sum", "weekday", "period"], "how much did I spend on dining on weekends in 2026?", "number",
      sum(r["amt"] for r in sel(T, yr(2026), lambda r: r["Category"] == "Dining" and weekend(r))),
      "Category=Dining, Sat/Sun, 2026")
    Q(F, ["set", "relative"], "Which spending categories show up in my transactions from last week?",
      "set", dset(r["Category"] for r in sel(T, LAST_WEEK)), "distinct Category, 2026-11-09..2026-11-15")
    Q(F, ["percent", "period"],
      "What share of my 2025 spending on this card went to groceries? A percentage is fine.", "number",
      pct(sum(r["amt"] for r in sel(T, yr(2025), lambda r: r["Category"] == "Groceries")),
          sum(r["amt"] for r in sel(T, yr(2025)))), "Groceries sum / all sum, 2025")
    Q(F, ["distinct", "period"], "how many different merchants did I use in Q3 2026?", "number",
      len(set(r["Merchant"] for r in sel(T, qtr(2026, 3)))), "distinct Merchant, Jul-Sep 2026")
    Q(F, ["groupavg"], "which spending category has the highest average transaction amount?", "text",
      group_ext(T, lambda r: r["Category"], lambda r: r["amt"], min_margin=1)[0],
      "mean Amount per Category, max")
    Q(F, ["count", "or", "relative"],
      "In the past 30 days, how many of my transactions were either groceries or dining?", "number",
      len(sel(T, past(30), lambda r: r["Category"] in ("Groceries", "Dining"))),
      "Category in {Groceries, Dining}, 2026-10-22..2026-11-20")
    edge_check(sel(T, None, lambda r: r["Category"] in ("Groceries", "Dining")), past(30))
    Q(F, ["count", "and", "threshold", "period"], "How many Amazon orders over $50 did I have in 2025?",
      "number", len(sel(T, yr(2025), lambda r: r["Merchant"] == "Amazon" and r["amt"] > 50)),
      "Merchant=Amazon and Amount>50, 2025")
    Q(F, ["minmax"], "what's the smallest charge I've ever had at Trader Joe's?", "number",
      min(r["amt"] for r in T if r["Merchant"] == "Trader Joe's"))
    Q(F, ["sum", "period"], "What was my total card spending in March 2026, both cards together?", "number",
      sum(r["amt"] for r in sel(T, mon(2026, 3))), "all rows, 2026-03")
    Q(F, ["compare", "period"],
      "was my PG&E bill in January 2026 higher or lower than the one in July 2026?", "word",
      word(sum(r["amt"] for r in sel(T, mon(2026, 1), lambda r: r["Merchant"] == "PG&E")),
           sum(r["amt"] for r in sel(T, mon(2026, 7), lambda r: r["Merchant"] == "PG&E")),
           "higher", "lower", margin=5),
      "PG&E Jan 2026 vs Jul 2026", "higher/more or lower/less")
    Q(F, ["count", "threshold"], "How many transactions were under $10?", "number",
      len([r for r in T if r["amt"] < 10]), "Amount < 10")
    Q(F, ["sum", "period"], "How much did I put on the Amex in 2026?", "number",
      sum(r["amt"] for r in sel(T, yr(2026), lambda r: r["Card"].startswith("Amex"))), "Card=Amex, 2026")
    Q(F, ["count", "weekday"], "How many times did I shop at Whole Foods on a weekday (Mon-Fri)?",
      "number", len([r for r in T if r["Merchant"] == "Whole Foods Market" and not weekend(r)]))
    Q(F, ["avg", "relative"], "what did I spend per transaction on average this month so far?", "number",
      mean(r["amt"] for r in sel(T, THIS_MONTH)), "mean Amount, 2026-11-01..2026-11-20")

    # ============================================================ runs
    F = "runs.json"
    R = D[F]
    Q(F, ["count", "period"], "how many runs did I log in 2025?", "number", len(sel(R, yr(2025))))
    Q(F, ["sum", "relative"], "total km so far this year?", "number",
      sum(r["km"] for r in sel(R, THIS_YEAR)), "sum distance_km, 2026")
    Q(F, ["avg"], "What's my average distance on trail runs?", "number",
      mean(r["km"] for r in R if r["type"] == "Trail Run"), "type=Trail Run")
    Q(F, ["median", "period"], "Hey, what was my median run distance back in 2024?", "number",
      median(r["km"] for r in sel(R, yr(2024))))
    Q(F, ["minmax"], "what's the longest run I've ever done, in km?", "number", max(r["km"] for r in R))
    Q(F, ["argext"], "On which route did I rack up the most elevation gain in a single run?", "text",
      unique_ext(R, lambda r: r["elev_gain_m"], lambda r: r["route"]), "route of max elev_gain_m")
    Q(F, ["count", "timeofday", "period"], "How many of my 2025 runs started before 7am?", "number",
      len(sel(R, yr(2025), lambda r: r["t"] < time(7, 0))), "start time < 07:00, 2025")
    over10 = [r for r in R if r["km"] > 10]
    assert not [r for r in R if r["km"] == 10.0]
    Q(F, ["percent", "threshold"], "what percent of my runs were over 10k?", "number",
      pct(len(over10), len(R)), "distance_km > 10 / all runs")
    Q(F, ["sum", "period"], "How many kilometers did I cover in summer 2025?", "number",
      sum(r["km"] for r in sel(R, season(2025, "summer"))), "Jun-Aug 2025")
    Q(F, ["compare", "period"],
      "Did I run more or less total distance in spring 2025 than in spring 2024?", "word",
      word(sum(r["km"] for r in sel(R, season(2025, "spring"))),
           sum(r["km"] for r in sel(R, season(2024, "spring"))), "more", "less", margin=10),
      "sum km Mar-May 2025 vs Mar-May 2024", "more/increase/higher or less/fewer/decrease/lower")
    Q(F, ["avg", "weekday"], "What's my average run distance on weekends?", "number",
      mean(r["km"] for r in R if weekend(r)), "Sat/Sun runs")
    Q(F, ["groupavg", "weekday"], "Which day of the week are my runs longest, on average?", "text",
      WEEKDAYS[group_ext(R, lambda r: r["d"].weekday(), lambda r: r["km"], min_margin=0.3)[0]],
      "mean km per weekday; answer is a weekday name")
    Q(F, ["topk"], "my 3 most frequent running routes?", "list", topk(R, lambda r: r["route"], 3),
      "count per route, descending")
    Q(F, ["set", "period"], "which routes did I run in October 2026?", "set",
      dset(r["route"] for r in sel(R, mon(2026, 10))))
    Q(F, ["distinct"], "how many different routes show up in my runs, races included?", "number",
      len(set(r["route"] for r in R)))
    Q(F, ["count", "and", "threshold"], "how many trail runs have I done that were over 12 km?", "number",
      len([r for r in R if r["type"] == "Trail Run" and r["km"] > 12]))
    Q(F, ["sum", "daterange"], "How far did I run from June 1 to June 15, 2026, inclusive?", "number",
      sum(r["km"] for r in sel(R, (date(2026, 6, 1), date(2026, 6, 15)))))
    Q(F, ["count", "relative"], "how many runs have I done in the past 45 days?", "number",
      len(sel(R, past(45))), "2026-10-07..2026-11-20")
    edge_check(R, past(45))
    Q(F, ["minmax", "relative"], "shortest run this year?", "number",
      min(r["km"] for r in sel(R, THIS_YEAR)), "min km, 2026")
    Q(F, ["sum", "relative"], "How many hours did I spend running last month? (moving time)", "number",
      sum(r["secs"] for r in sel(R, LAST_MONTH)) / 3600, "sum moving_time Oct 2026, in hours")
    Q(F, ["count", "or", "threshold"],
      "how many of my runs were either on the treadmill or shorter than 5 km?", "number",
      len([r for r in R if r["type"] == "Treadmill" or r["km"] < 5]))
    Q(F, ["avg", "timeofday"], "what's my average heart rate on runs that start at 5pm or later?", "number",
      mean(r["avg_hr"] for r in R if r["t"] >= time(17, 0)), "mean avg_hr, start >= 17:00")
    Q(F, ["count", "period"], "How many runs did I get in during Q1 2026?", "number",
      len(sel(R, qtr(2026, 1))))
    Q(F, ["argext", "period"], "what route was my shortest run of 2025 on?", "text",
      unique_ext(sel(R, yr(2025)), lambda r: r["km"], lambda r: r["route"], biggest=False))

    # ============================================================ sleep
    F = "sleep.csv"
    S = D[F]
    Q(F, ["avg", "relative"], "what was my average amount of sleep per night last month?", "number",
      mean(r["hrs"] for r in sel(S, LAST_MONTH)), "mean hours_asleep, night_of in Oct 2026")
    Q(F, ["count", "threshold"], "How many nights did I get less than 6 hours of sleep?", "number",
      len([r for r in S if r["hrs"] < 6]))
    Q(F, ["median"], "whats my median sleep score", "number", median(r["score"] for r in S))
    Q(F, ["argext"], "Which night did I get the most deep sleep? Just the date is fine.", "text",
      unique_ext(S, lambda r: r["deep"], lambda r: r["night_of"]),
      "night_of of max deep_sleep_min")
    Q(F, ["count", "timeofday"], "how many nights did I go to bed at midnight or later?", "number",
      len([r for r in S if r["bed"] < time(12, 0)]), "bed_time between 00:00 and 11:59 (i.e. past midnight)")
    Q(F, ["count", "timeofday", "period"], "how often did I wake up before 6:30 in September?", "number",
      len(sel(S, mon(2026, 9), lambda r: r["wake"] < time(6, 30))), "nights of Sep 2026, wake_time < 06:30")
    wkend = [r["hrs"] for r in S if r["d"].weekday() in (4, 5)]
    wknt = [r["hrs"] for r in S if r["d"].weekday() not in (4, 5)]
    Q(F, ["compare", "weekday"],
      "Compared with weeknights (Sunday to Thursday), do I sleep more or less on Friday and Saturday nights?",
      "word", word(sum(wkend) / len(wkend), sum(wknt) / len(wknt), "more", "less", margin=0.1),
      "mean hours_asleep night_of Fri/Sat vs Sun-Thu", "more/longer or less/shorter")
    Q(F, ["compare", "period"], "was my average sleep score in October higher or lower than in September?", "word",
      word(mean(r["score"] for r in sel(S, mon(2026, 10))), mean(r["score"] for r in sel(S, mon(2026, 9))),
           "higher", "lower", margin=0.5), "mean sleep_score Oct 2026 vs Sep 2026", "higher/better or lower/worse")
    full = sel(S, (date(2026, 2, 1), date(2026, 10, 31)))
    Q(F, ["groupavg", "period"],
      "Looking at the full months February through October, which month this year had my best average sleep score?",
      "text", MONTHS[group_ext(full, lambda r: r["d"].month, lambda r: r["score"], min_margin=0.2)[0] - 1],
      "mean sleep_score per month Feb-Oct 2026; answer is a month name")
    Q(F, ["sum", "relative"], "How many hours did I sleep in total last week?", "number",
      sum(r["hrs"] for r in sel(S, LAST_WEEK)), "night_of 2026-11-09..2026-11-15 (all 7 nights logged)")
    Q(F, ["percent", "threshold"], "what percent of nights did I hit 8 hours or more?", "number",
      pct(len([r for r in S if r["hrs"] >= 8]), len(S)))
    Q(F, ["count", "and", "threshold"], "how many nights scored above 85 with zero awakenings?", "number",
      len([r for r in S if r["score"] > 85 and r["awk"] == 0]))
    Q(F, ["avg", "daterange"], "average hours asleep from March 3 to March 9 inclusive?", "number",
      mean(r["hrs"] for r in sel(S, (date(2026, 3, 3), date(2026, 3, 9)))))
    Q(F, ["minmax"], "What's the least sleep I've gotten in a single night?", "number",
      min(r["hrs"] for r in S))
    Q(F, ["count"], "How many nights did I tag with 'caffeine late'?", "number",
      len([r for r in S if r["notes"] == "caffeine late"]))
    Q(F, ["avg"], "what's my average sleep score on nights I marked as travel?", "number",
      mean(r["score"] for r in S if r["notes"] == "travel"))
    Q(F, ["distinct"], "how many different tags have I used in the notes column?", "number",
      len(set(r["notes"] for r in S if r["notes"])), "distinct non-empty notes")
    Q(F, ["topk"], "what are my two most common sleep tags?", "list",
      topk([r for r in S if r["notes"]], lambda r: r["notes"], 2), "non-empty notes, by count")
    Q(F, ["avg", "period"], "Average deep sleep minutes in Q2 this year?", "number",
      mean(r["deep"] for r in sel(S, qtr(2026, 2))))
    Q(F, ["count", "or", "threshold"],
      "how many nights did I either sleep under 6 hours or wake up 4 or more times?", "number",
      len([r for r in S if r["hrs"] < 6 or r["awk"] >= 4]))
    Q(F, ["avg", "relative"], "average sleep score so far this month?", "number",
      mean(r["score"] for r in sel(S, THIS_MONTH)), "nights of 2026-11-01..2026-11-19")
    Q(F, ["minmax", "period"], "What was my best sleep score in May?", "number",
      max(r["score"] for r in sel(S, mon(2026, 5))))
    Q(F, ["count", "weekday"], "On how many Sunday nights did I log less than 7 hours?", "number",
      len([r for r in S if r["d"].weekday() == 6 and r["hrs"] < 7]), "night_of is a Sunday")

    # ============================================================ books
    F = "books.json"
    B = D[F]
    Q(F, ["count", "period"], "how many books did I finish in 2025?", "number", len(sel(B, yr(2025))),
      "by date_finished")
    Q(F, ["sum", "relative"], "total pages I've read this year?", "number",
      sum(r["pages"] for r in sel(B, THIS_YEAR)), "pages of books with date_finished in 2026")
    Q(F, ["avg"], "what's the average rating I give sci-fi books?", "number",
      mean(r["my_rating"] for r in B if r["genre"] == "Sci-Fi"))
    Q(F, ["median"], "Median page count across everything I've read?", "number",
      median(r["pages"] for r in B))
    Q(F, ["argext"], "What's the longest book I've read, by page count?", "text",
      unique_ext(B, lambda r: r["pages"], lambda r: r["title"]))
    Q(F, ["argext", "period"], "which was the shortest book I finished in 2024?", "text",
      unique_ext(sel(B, yr(2024)), lambda r: r["pages"], lambda r: r["title"], biggest=False))
    Q(F, ["count", "threshold"], "how many books have I rated at least 4 stars?", "number",
      len([r for r in B if r["my_rating"] >= 4]))
    Q(F, ["count", "and"], "How many audiobooks did I give 4 stars or more?", "number",
      len([r for r in B if r["format"] == "Audiobook" and r["my_rating"] >= 4]))
    Q(F, ["groupavg"], "which genre do I rate highest on average?", "text",
      group_ext(B, lambda r: r["genre"], lambda r: r["my_rating"], min_margin=0.05)[0])
    ac = Counter(r["author"] for r in B)
    Q(F, ["set"], "which authors have I read more than once?", "set", dset(a for a, c in ac.items() if c > 1),
      "authors with >= 2 books")
    Q(F, ["topk"], "which 3 genres have I read the most pages of? biggest first", "list",
      topk(B, lambda r: r["genre"], 3, lambda r: r["pages"]), "sum pages per genre, descending")
    Q(F, ["percent"], "what percent of my books were ebooks?", "number",
      pct(len([r for r in B if r["format"] == "Ebook"]), len(B)))
    Q(F, ["compare", "period"], "did I get through more books in 2025 than in 2024, or fewer?", "word",
      word(len(sel(B, yr(2025))), len(sel(B, yr(2024))), "more", "fewer", same="same"),
      "count 2025 vs 2024", "more/increase or fewer/less/decrease or same")
    Q(F, ["count", "period"], "how many books did I finish in summer 2024?", "number",
      len(sel(B, season(2024, "summer"))), "Jun-Aug 2024")
    Q(F, ["set", "daterange"], "which books did I finish between March 1 and May 15, 2026 (inclusive)?",
      "set", dset(r["title"] for r in sel(B, (date(2026, 3, 1), date(2026, 5, 15)))))
    Q(F, ["distinct"], "how many different authors have I read in total?", "number", len(ac))
    Q(F, ["set", "relative"], "what did I finish reading last month?", "set",
      dset(r["title"] for r in sel(B, LAST_MONTH)))
    Q(F, ["minmax"], "lowest rating I've ever given a mystery?", "number",
      min(r["my_rating"] for r in B if r["genre"] == "Mystery"))
    Q(F, ["count", "or", "period"], "how many fantasy or sci-fi books did I read in 2025?", "number",
      len(sel(B, yr(2025), lambda r: r["genre"] in ("Fantasy", "Sci-Fi"))), "by date_finished")
    Q(F, ["avg", "threshold"], "Average length in pages of the books I gave 5 stars?", "number",
      mean(r["pages"] for r in B if r["my_rating"] == 5))
    Q(F, ["groupcount"], "which format do I read in most often?", "text",
      topk(B, lambda r: r["format"], 1)[0])
    Q(F, ["count", "period"], "books finished in the second half of 2025?", "number",
      len(sel(B, half(2025, 2))))

    # ============================================================ flights
    F = "flights.csv"
    FL = D[F]
    Q(F, ["count", "period"], "how many flights did I take in 2025?", "number", len(sel(FL, yr(2025))),
      "one row = one flight")
    Q(F, ["sum", "period"], "What did I spend on airfare in 2024 all together?", "number",
      sum(r["fare"] for r in sel(FL, yr(2024))))
    Q(F, ["avg"], "average fare for my business class flights?", "number",
      mean(r["fare"] for r in FL if r["Cabin"] == "Business"))
    Q(F, ["set", "period"], "which cities did I fly to from San Francisco in 2025?", "set",
      dset(r["Destination"] for r in sel(FL, yr(2025), lambda r: r["Origin"] == "San Francisco")))
    Q(F, ["minmax"], "most I've ever paid for a single flight?", "number", max(r["fare"] for r in FL))
    Q(F, ["argext"], "where was my priciest flight headed?", "text",
      unique_ext(FL, lambda r: r["fare"], lambda r: r["Destination"]))
    Q(F, ["count", "timeofday"], "how many of my flights took off before 8am?", "number",
      len([r for r in FL if r["t"] < time(8, 0)]), "Dep Time < 08:00")
    Q(F, ["count", "timeofday"], "How many late flights have I taken, leaving at 9pm or later?", "number",
      len([r for r in FL if r["t"] >= time(21, 0)]), "Dep Time >= 21:00")
    Q(F, ["topk"], "which three airlines have I spent the most money with? rank them", "list",
      topk(FL, lambda r: r["Airline"], 3, lambda r: r["fare"]), "sum Fare per Airline, descending")
    Q(F, ["percent"], "what share of my flights were for work?", "number",
      pct(len([r for r in FL if r["Trip Purpose"] == "Work"]), len(FL)))
    Q(F, ["distinct"], "how many different airlines have I flown with?", "number",
      len(set(r["Airline"] for r in FL)))
    Q(F, ["count", "and", "period"], "how many work flights did I take in economy class in 2026?", "number",
      len(sel(FL, yr(2026), lambda r: r["Trip Purpose"] == "Work" and r["Cabin"] == "Economy")),
      "flights with Purpose=Work and Cabin=Economy in 2026")
    Q(F, ["compare", "period"], "Did I take more flights in 2025 than in 2024, or fewer?", "word",
      word(len(sel(FL, yr(2025))), len(sel(FL, yr(2024))), "more", "fewer", same="same"),
      "count 2025 vs 2024", "more/increase or fewer/less/decrease or same")
    Q(F, ["sum", "relative"], "total miles flown this year?", "number",
      sum(r["mi"] for r in sel(FL, THIS_YEAR)))
    Q(F, ["median"], "what's the median fare I pay per flight?", "number", median(r["fare"] for r in FL))
    Q(F, ["count", "period"], "how many flights did I take in Q2 2025?", "number", len(sel(FL, qtr(2025, 2))))
    Q(F, ["count", "weekday"], "how many of my flights were on a Friday?", "number",
      len([r for r in FL if r["d"].weekday() == 4]))
    Q(F, ["groupavg"], "which airline has the highest average fare for me?", "text",
      group_ext(FL, lambda r: r["Airline"], lambda r: r["fare"], min_margin=5)[0])
    Q(F, ["minmax"], "cheapest economy fare I've ever paid?", "number",
      min(r["fare"] for r in FL if r["Cabin"] == "Economy"))
    Q(F, ["count", "daterange"], "how many flights did I take from June 10 to June 30, 2024?", "number",
      len(sel(FL, (date(2024, 6, 10), date(2024, 6, 30)))), "inclusive")
    Q(F, ["count", "or"], "How many flights were to or from New York?", "number",
      len([r for r in FL if "New York" in (r["Origin"], r["Destination"])]))
    Q(F, ["count", "relative"], "how many flights did I take last month?", "number", len(sel(FL, LAST_MONTH)))
    Q(F, ["sum", "period", "threshold"], "total I spent on flights over $500 in 2025?", "number",
      sum(r["fare"] for r in sel(FL, yr(2025), lambda r: r["fare"] > 500)))

    # ============================================================ appointments
    F = "appointments.json"
    A = D[F]
    done = [r for r in A if r["status"] == "Completed"]

    def no_cancel(rows):
        assert all(r["status"] == "Completed" for r in rows), "cancelled rows in an unqualified count"
        return rows

    Q(F, ["count"], "how many dentist appointments have I actually gone to?", "number",
      len([r for r in done if r["kind"] == "Dentist"]), "kind=Dentist, status=Completed")
    Q(F, ["sum", "period"], "how much did I pay in copays in 2025?", "number",
      sum(r["cp"] for r in sel(A, yr(2025))), "cancelled rows have $0 copay")
    Q(F, ["count", "and", "period"], "How many therapy sessions did I actually attend in 2025?", "number",
      len(sel(done, yr(2025), lambda r: r["kind"] == "Therapy")))
    Q(F, ["avg"], "what's the average length of my completed physio sessions, in minutes?", "number",
      mean(r["duration_min"] for r in done if r["kind"] == "Physio"))
    Q(F, ["median"], "what's the median copay across my completed appointments?", "number",
      median(r["cp"] for r in done))
    Q(F, ["argext"], "who was the provider on the appointment with the highest copay?", "text",
      unique_ext(A, lambda r: r["cp"], lambda r: r["provider"]))
    Q(F, ["count", "timeofday"], "how many of my appointments were booked for before 9 in the morning?",
      "number", len([r for r in A if r["t"] < time(9, 0)]), "all rows incl. cancelled, time < 09:00")
    Q(F, ["count", "timeofday", "period"],
      "In 2024, how many appointments did I have that started at 3pm or later?", "number",
      len(no_cancel(sel(A, yr(2024), lambda r: r["t"] >= time(15, 0)))))
    Q(F, ["groupcount", "weekday"], "which day of the week do most of my appointments fall on?", "text",
      WEEKDAYS[topk(A, lambda r: r["d"].weekday(), 1)[0]], "count per weekday (all rows)")
    Q(F, ["topk"], "top 3 providers by number of completed visits?", "list",
      topk(done, lambda r: r["provider"], 3))
    Q(F, ["set", "relative"], "what kinds of appointments have I had this year?", "set",
      dset(r["kind"] for r in sel(done, THIS_YEAR)))
    Q(F, ["percent"], "what percent of my appointments ended up cancelled?", "number",
      pct(len([r for r in A if r["status"] == "Cancelled"]), len(A)))
    Q(F, ["distinct"], "how many different providers have I seen?", "number",
      len(set(r["provider"] for r in done)))
    assert len(set(r["provider"] for r in done)) == len(set(r["provider"] for r in A))
    Q(F, ["compare", "period"],
      "Did the number of therapy sessions I attended go up or down from the first half of 2025 to the second half?",
      "word", word(len(sel(done, half(2025, 2), lambda r: r["kind"] == "Therapy")),
                   len(sel(done, half(2025, 1), lambda r: r["kind"] == "Therapy")), "increase", "decrease",
                   same="same"), "completed therapy H2 vs H1 2025", "increase/up/more or decrease/down/fewer or same")
    Q(F, ["sum", "relative"], "how much have I paid in copays over the past 90 days?", "number",
      sum(r["cp"] for r in sel(A, past(90))), "2026-08-23..2026-11-20")
    edge_check(A, past(90))
    Q(F, ["count", "or"], "how many times have I seen either the optometrist or the dermatologist?", "number",
      len(no_cancel([r for r in A if r["kind"] in ("Optometrist", "Dermatology")])))
    Q(F, ["count", "and", "timeofday", "period"],
      "how many completed physio sessions in 2024 were early-morning ones, before 8am?", "number",
      len(sel(done, yr(2024), lambda r: r["kind"] == "Physio" and r["t"] < time(8, 0))))
    Q(F, ["count", "period"], "How many appointments did I have in March 2025?", "number",
      len(no_cancel(sel(A, mon(2025, 3)))))
    Q(F, ["count", "daterange"], "Between Jan 5 and Feb 20, 2026 (inclusive), how many appointments did I have?",
      "number", len(no_cancel(sel(A, (date(2026, 1, 5), date(2026, 2, 20))))))
    Q(F, ["groupavg"], "Which type of appointment takes the longest on average?", "text",
      group_ext(A, lambda r: r["kind"], lambda r: r["duration_min"], min_margin=1)[0],
      "mean duration_min per kind")
    Q(F, ["count", "weekday", "period"],
      "how many appointments were booked on Fridays in 2024, counting any I cancelled?", "number",
      len(sel(A, yr(2024), lambda r: r["d"].weekday() == 4)), "all rows incl. cancelled")
    Q(F, ["sum", "and"], "total copays I paid for physio?", "number",
      sum(r["cp"] for r in A if r["kind"] == "Physio"))

    # ============================================================ meals
    F = "meals.csv"
    M = D[F]
    Q(F, ["count", "period"], "quick one - how many times did I eat out in March 2025?", "number",
      len(sel(M, mon(2025, 3))))
    Q(F, ["sum", "relative"], "how much did I spend eating out last month, tips included?", "number",
      sum(r["tot"] for r in sel(M, LAST_MONTH)), "Bill+Tip, Oct 2026")
    Q(F, ["avg"], "what's my average rating for Italian places?", "number",
      mean(r["rating"] for r in M if r["Cuisine"] == "Italian"))
    Q(F, ["median"], "what's my median restaurant bill before tip?", "number", median(r["bill"] for r in M))
    Q(F, ["topk"], "what are my 3 most visited restaurants?", "list", topk(M, lambda r: r["Restaurant"], 3))
    assert not [r for r in M if r["t"] == time(21, 0)]
    Q(F, ["count", "timeofday"], "how many meals did I have after 9pm?", "number",
      len([r for r in M if r["t"] > time(21, 0)]))
    Q(F, ["percent", "weekday"], "what percent of my restaurant meals were on weekends?", "number",
      pct(len([r for r in M if weekend(r)]), len(M)), "Sat/Sun")
    Q(F, ["groupavg"], "which cuisine has the highest average bill?", "text",
      group_ext(M, lambda r: r["Cuisine"], lambda r: r["bill"], min_margin=2)[0], "mean Bill per Cuisine")
    Q(F, ["argext"], "which restaurant was my most expensive single meal at, counting the tip?", "text",
      unique_ext(M, lambda r: r["tot"], lambda r: r["Restaurant"]))
    Q(F, ["minmax"], "cheapest meal I've logged - what was the bill before tip?", "number",
      min(r["bill"] for r in M))
    Q(F, ["set", "relative"], "which restaurants did I go to in the past 30 days?", "set",
      dset(r["Restaurant"] for r in sel(M, past(30))), "2026-10-22..2026-11-20")
    edge_check(M, past(30))
    Q(F, ["distinct", "period"], "how many different restaurants did I go to in 2024?", "number",
      len(set(r["Restaurant"] for r in sel(M, yr(2024)))))
    Q(F, ["compare", "period"], "did I eat out more or less often in Q1 2026 compared with Q1 2025?", "word",
      word(len(sel(M, qtr(2026, 1))), len(sel(M, qtr(2025, 1))), "more", "less", same="same"),
      "meal count Q1 2026 vs Q1 2025", "more/increase or less/fewer/decrease or same")
    Q(F, ["count", "and", "threshold"], "how many meals with 4 or more people did I rate 5 stars?", "number",
      len([r for r in M if r["party"] >= 4 and r["rating"] == 5]))
    Q(F, ["count", "threshold"], "how many times was the bill under $20 (before tip)?", "number",
      len([r for r in M if r["bill"] < 20]))
    Q(F, ["sum", "period"], "how much did I tip in total in 2025?", "number",
      sum(r["tip"] for r in sel(M, yr(2025))))
    Q(F, ["sum", "period"], "what did I spend at restaurants in autumn 2025, tip included?", "number",
      sum(r["tot"] for r in sel(M, season(2025, "autumn"))), "Sep-Nov 2025")
    Q(F, ["sum", "daterange"],
      "from the 1st to the 15th of June 2025, how much did I spend on restaurants including tips?", "number",
      sum(r["tot"] for r in sel(M, (date(2025, 6, 1), date(2025, 6, 15)))))
    Q(F, ["count", "and", "timeofday", "weekday", "period"],
      "how many weekday lunches (before 2pm, Monday to Friday) did I eat out in 2026?", "number",
      len(sel(M, yr(2026), lambda r: not weekend(r) and r["t"] < time(14, 0))))
    Q(F, ["count", "or"], "how many times did I eat Thai or Vietnamese?", "number",
      len([r for r in M if r["Cuisine"] in ("Thai", "Vietnamese")]))
    Q(F, ["groupcount"], "which neighborhood do I eat out in most?", "text",
      topk(M, lambda r: r["Neighborhood"], 1)[0])
    Q(F, ["avg", "weekday"], "average party size when I eat out on Fridays?", "number",
      mean(r["party"] for r in M if r["d"].weekday() == 4))
    Q(F, ["groupavg"], "which restaurant do I rate best on average, among places I've been to at least 5 times?",
      "text", group_ext([r for r in M if Counter(x["Restaurant"] for x in M)[r["Restaurant"]] >= 5],
                        lambda r: r["Restaurant"], lambda r: r["rating"], min_margin=0.05)[0])

    # ============================================================ fuel
    F = "fuel.json"
    U = D[F]
    Q(F, ["count", "relative"], "how many times have I filled up the car this year?", "number",
      len(sel(U, THIS_YEAR)))
    Q(F, ["sum", "period"], "total I spent on gas in 2025?", "number", sum(r["total"] for r in sel(U, yr(2025))))
    Q(F, ["avg", "period"],
      "across my 2024 fill-ups, what was the average price per gallon? (simple average of each fill-up's price)",
      "number", mean(r["price_per_gal"] for r in sel(U, yr(2024))))
    Q(F, ["median"], "median gallons per fill-up?", "number", median(r["gallons"] for r in U))
    Q(F, ["minmax"], "what's the highest price per gallon I've paid?", "number", max(r["price_per_gal"] for r in U))
    Q(F, ["argext"], "which station charged me the highest per-gallon price I've ever paid?", "text",
      unique_ext(U, lambda r: r["price_per_gal"], lambda r: r["station"]))
    Q(F, ["topk"], "What are the 2 gas stations I use most?", "list", topk(U, lambda r: r["station"], 2))
    Q(F, ["groupavg"], "for regular gas, which station is cheapest per gallon on average?", "text",
      group_ext([r for r in U if r["grade"] == "Regular"], lambda r: r["station"], lambda r: r["price_per_gal"],
                biggest=False, min_margin=0.05)[0])
    Q(F, ["compare", "period"],
      "was the average price per gallon I paid in summer 2026 higher or lower than in summer 2025?", "word",
      word(mean(r["price_per_gal"] for r in sel(U, season(2026, "summer"))),
           mean(r["price_per_gal"] for r in sel(U, season(2025, "summer"))), "higher", "lower", margin=0.05),
      "mean of price_per_gal over fill-ups Jun-Aug 2026 vs Jun-Aug 2025",
      "higher/more/pricier/increase or lower/less/cheaper/decrease")
    Q(F, ["count", "timeofday"], "how many fill-ups have I done at 6pm or later?", "number",
      len([r for r in U if r["t"] >= time(18, 0)]), "filled_at time >= 18:00")
    Q(F, ["count", "weekday"], "How many times did I fill up on a weekend?", "number", len([r for r in U if weekend(r)]))
    u25 = sel(U, yr(2025))
    Q(F, ["sum", "period"],
      "going by the odometer, how many miles did I drive between my first and last fill-up of 2025?", "number",
      u25[-1]["odometer_mi"] - u25[0]["odometer_mi"], "last minus first odometer_mi in 2025")
    Q(F, ["percent"], "what percent of my fill-ups were premium?", "number",
      pct(len([r for r in U if r["grade"] == "Premium"]), len(U)))
    Q(F, ["set", "relative"], "which gas stations have I used in the past 90 days?", "set",
      dset(r["station"] for r in sel(U, past(90))), "2026-08-23..2026-11-20")
    edge_check(U, past(90))
    Q(F, ["distinct"], "how many different gas stations show up in my log?", "number", len(set(r["station"] for r in U)))
    Q(F, ["count", "and", "threshold"], "how many Costco fill-ups were over 12 gallons?", "number",
      len([r for r in U if r["station"].startswith("Costco") and r["gallons"] > 12]))
    Q(F, ["count", "threshold"], "how many times did I spend more than $60 at the pump?", "number",
      len([r for r in U if r["total"] > 60]))
    Q(F, ["sum", "period"], "total gallons I bought in July 2026?", "number",
      sum(r["gallons"] for r in sel(U, mon(2026, 7))))
    Q(F, ["sum", "daterange"], "how much did I spend on gas from Aug 10 through Sep 9, 2024?", "number",
      sum(r["total"] for r in sel(U, (date(2024, 8, 10), date(2024, 9, 9)))), "inclusive")
    Q(F, ["count", "or"], "how many fill-ups were either premium or at Shell?", "number",
      len([r for r in U if r["grade"] == "Premium" or r["station"].startswith("Shell")]))
    Q(F, ["sum", "relative"], "what did I spend on gas last month?", "number", sum(r["total"] for r in sel(U, LAST_MONTH)))
    Q(F, ["minmax", "period"], "smallest fill-up total in 2026?", "number", min(r["total"] for r in sel(U, yr(2026))))
    Q(F, ["avg", "period"], "average gallons per fill-up in the first quarter of 2025?", "number",
      mean(r["gallons"] for r in sel(U, qtr(2025, 1))))


def main():
    D = load()
    build(D)
    with open(os.path.join(HERE, "questions.jsonl"), "w") as f:
        for i, q in enumerate(QUESTIONS, 1):
            rec = {"id": "a%03d" % i, "file": q["file"], "today": TODAY_S, "question": q["question"],
                   "answer": q["answer"], "answer_type": q["answer_type"], "notes": q["notes"]}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    with open(os.path.join(HERE, "question_kinds.json"), "w") as f:
        json.dump({"a%03d" % i: q["kinds"] for i, q in enumerate(QUESTIONS, 1)}, f, indent=0)
    print(len(QUESTIONS), "questions written")


if __name__ == "__main__":
    main()
