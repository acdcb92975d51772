#!/usr/bin/env python3
"""Compute gold answers for every question directly from the record files.

Every answer is produced by code below; nothing is typed in by hand.
Guards (assert_*) make the script fail if a question would have a tie or a
boundary-sensitive answer, so each question keeps exactly one defensible answer.

Conventions: today = 2026-11-20 (a Friday); weeks start Monday;
"last month" = October 2026; "this year" = 2026-01-01..today;
seasons are meteorological (Dec-Feb winter, Mar-May spring, Jun-Aug summer,
Sep-Nov autumn); "past N days/weeks" ends today inclusive.
"""
import csv
import json
import os
import statistics
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
TODAY = date(2026, 11, 20)
TODAY_S = TODAY.isoformat()


# ------------------------------------------------------------------ helpers
def money(v):
    if isinstance(v, (int, float)):
        return float(v)
    return float(str(v).replace("$", "").replace("€", "").replace(",", "").strip())


def r2(x):
    return round(float(x) + 0.0, 2)


def pct(part, whole):
    return round(100.0 * part / whole, 1)


def mean(xs):
    xs = list(xs)
    assert xs, "mean of empty"
    return r2(sum(xs) / len(xs))


def median(xs):
    xs = list(xs)
    assert xs, "median of empty"
    m = statistics.median(xs)
    return int(m) if float(m).is_integer() else r2(m)


def num(x):
    """ints stay ints, floats rounded to 2 dp"""
    if isinstance(x, float):
        if x.is_integer():
            return int(x)
        return r2(x)
    return x


def argmax(d, what=""):
    items = sorted(d.items(), key=lambda kv: kv[1], reverse=True)
    assert len(items) >= 1
    if len(items) > 1:
        assert items[0][1] != items[1][1], f"tie at top {what}: {items[:3]}"
    return items[0][0]


def argmin(d, what=""):
    items = sorted(d.items(), key=lambda kv: kv[1])
    if len(items) > 1:
        assert items[0][1] != items[1][1], f"tie at bottom {what}: {items[:3]}"
    return items[0][0]


def topk(d, k, what=""):
    items = sorted(d.items(), key=lambda kv: kv[1], reverse=True)
    assert len(items) > k, f"not enough groups for top {k} {what}"
    vals = [v for _, v in items[: k + 1]]
    assert len(set(vals)) == len(vals), f"tie within/at edge of top {k} {what}: {items[:k+1]}"
    return [key for key, _ in items[:k]]


def row_argmax(rows, key, label, what=""):
    best = max(rows, key=key)
    assert len({label(r) for r in rows if key(r) == key(best)}) == 1, f"tied max row {what}"
    return label(best)


def row_argmin(rows, key, label, what=""):
    best = min(rows, key=key)
    assert len({label(r) for r in rows if key(r) == key(best)}) == 1, f"tied min row {what}"
    return label(best)


def assert_not_equal(values, thr, what=""):
    assert all(v != thr for v in values), f"a value sits exactly on threshold {thr} {what}"


def assert_no_day(rows, dayfn, day, what=""):
    assert all(dayfn(r) != day for r in rows), f"record on boundary day {day} {what}"


def between(d, a, b):
    return a <= d <= b


def season(d):
    return {12: "winter", 1: "winter", 2: "winter", 3: "spring", 4: "spring", 5: "spring",
            6: "summer", 7: "summer", 8: "summer"}.get(d.month, "autumn")


def quarter(d):
    return (d.month - 1) // 3 + 1


def weekend(d):
    return d.weekday() >= 5


def cmp_word(a, b, up=("more", "fewer"), allow_same=False):
    if a == b and allow_same:
        return "same"
    assert a != b, f"comparison tie {a} vs {b}"
    return up[0] if a > b else up[1]


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

LAST_MONTH = (date(2026, 10, 1), date(2026, 10, 31))
THIS_YEAR = (date(2026, 1, 1), TODAY)
PAST_2W = (TODAY - timedelta(days=13), TODAY)          # 2026-11-07..2026-11-20
PAST_7D = (TODAY - timedelta(days=6), TODAY)           # 2026-11-14..2026-11-20
PAST_30D = (TODAY - timedelta(days=29), TODAY)         # 2026-10-22..2026-11-20
LAST_WEEK = (date(2026, 11, 9), date(2026, 11, 15))    # Mon..Sun before this week
THIS_WEEK = (date(2026, 11, 16), TODAY)


def guard_window(rows, dayfn, window, what=""):
    """'past N days' may be read as including one more day at the start; make sure
    that reading gives the same rows."""
    assert_no_day(rows, dayfn, window[0] - timedelta(days=1), what)


# ------------------------------------------------------------------ loaders
def load_csv(name):
    with open(os.path.join(HERE, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_json(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)


SW = []
for r in load_csv("swims.csv"):
    SW.append({
        "d": date.fromisoformat(r["Date"]),
        "t": datetime.strptime(r["Start Time"], "%H:%M").time(),
        "pool": r["Pool"],
        "dist": int(r["Distance (m)"]),
        "dur": int(r["Duration (min)"]),
        "stroke": r["Main Stroke"],
        "fee": money(r["Fee"]),
        "raw": r,
    })

CO = []
for r in load_json("coffees.json"):
    ts = datetime.fromisoformat(r["purchased_at"])
    CO.append({"ts": ts, "d": ts.date(), "cafe": r["cafe"], "drink": r["drink"],
               "size": r["size"], "price": money(r["price"]), "caf": r["caffeine_mg"],
               "paid": r["paid_with"], "raw": r})

RD = []
for r in load_csv("readings.csv"):
    ts = datetime.strptime(r["Measured At"], "%Y-%m-%d %H:%M")
    RD.append({"ts": ts, "d": ts.date(), "sys": int(r["Systolic (mmHg)"]),
               "dia": int(r["Diastolic (mmHg)"]), "pulse": int(r["Pulse (bpm)"]),
               "arm": r["Arm"], "pos": r["Position"], "note": r["Note"], "raw": r})

HK = []
for r in load_json("hikes.json"):
    HK.append({"d": date.fromisoformat(r["date"]), "trail": r["trail"], "region": r["region"],
               "km": r["distance_km"], "gain": r["elevation_gain_m"], "mov": r["moving_time_min"],
               "diff": r["difficulty"], "park": money(r["parking_fee"]), "comp": r["companions"],
               "raw": r})

ST = []
for r in load_csv("stays.csv"):
    ST.append({"hotel": r["Hotel"], "city": r["City"], "country": r["Country"],
               "d": date.fromisoformat(r["Check-in"]), "out": date.fromisoformat(r["Check-out"]),
               "nights": int(r["Nights"]), "room": r["Room"], "total": money(r["Total Paid"]),
               "type": r["Trip Type"], "rating": int(r["My Rating"]), "raw": r})

GM = []
for r in load_json("games.json"):
    GM.append({"d": date.fromisoformat(r["played_on"]), "game": r["game"], "players": r["players"],
               "winner": r["winner"], "dur": r["duration_min"], "loc": r["location"],
               "score": r["my_score"], "raw": r})

# ------------------------------------------------------------------ questions
Q = []  # (file, question, answer, answer_type, notes)


def q(file, question, answer, atype, notes=None):
    Q.append((file, question, answer, atype, notes))


def in_(rows, a, b):
    return [r for r in rows if between(r["d"], a, b)]


def year(rows, y):
    return [r for r in rows if r["d"].year == y]


# ================================================================ swims.csv
F = "swims.csv"
q(F, "how many swims did I log in 2025?", len(year(SW, 2025)), "number")

lm = in_(SW, *LAST_MONTH)
q(F, "How far did I swim in total last month? metres please", sum(r["dist"] for r in lm), "number",
  "October 2026, sum of Distance (m)")

q(F, "What's my average distance per swim at Northgate Leisure Pool?",
  mean(r["dist"] for r in SW if r["pool"] == "Northgate Leisure Pool"), "number", "metres")

q(F, "what's the longest swim I've ever done, distance-wise?", max(r["dist"] for r in SW), "number", "metres")

q(F, "Which pool have I swum at the most?", argmax(Counter(r["pool"] for r in SW), "pool count"), "text")

q(F, "How much have I spent on pool entry fees so far this year?",
  r2(sum(r["fee"] for r in in_(SW, *THIS_YEAR))), "number", "dollars, 2026-01-01..2026-11-20")

assert_not_equal([r["dist"] for r in SW], 2000.5)
q(F, "How many of my swims were 2,000 m or longer?", sum(1 for r in SW if r["dist"] >= 2000), "number")

# 'before 7am' - count start times strictly earlier than 07:00
q(F, "How many swims did I start before 7 in the morning?",
  sum(1 for r in SW if r["t"].hour < 7), "number", "start time earlier than 07:00")

q(F, "What's the median duration of my swims?", median(r["dur"] for r in SW), "number", "minutes")

s26 = sum(1 for r in year(SW, 2026) if season(r["d"]) == "summer")
s25 = sum(1 for r in year(SW, 2025) if season(r["d"]) == "summer")
q(F, "Did I swim more or fewer times this summer compared with summer last year?", cmp_word(s26, s25, allow_same=True), "word",
  f"summer = Jun-Aug; 2026: {s26} swims, 2025: {s25}. Synonyms for 'same': the same, equal, neither, same number, no change")

q(F, "What percentage of my swims had backstroke as the main stroke?",
  pct(sum(1 for r in SW if r["stroke"] == "backstroke"), len(SW)), "number")

by = defaultdict(list)
for r in SW:
    by[r["pool"]].append(r["dist"])
q(F, "Which pool do I tend to swim the longest distances at, on average?",
  argmax({k: sum(v) / len(v) for k, v in by.items()}, "avg dist by pool"), "text")

q(F, "Which pools have I been to? just list them", sorted({r["pool"] for r in SW}), "set")

q(F, "How many weekend swims have I done this year?",
  sum(1 for r in in_(SW, *THIS_YEAR) if weekend(r["d"])), "number", "Saturday or Sunday, 2026")

q(F, "How many swims between June 1 and August 31 2024, inclusive?",
  len(in_(SW, date(2024, 6, 1), date(2024, 8, 31))), "number")

q(F, "What's the shortest swim I've done at Lake Merrow, in minutes?",
  min(r["dur"] for r in SW if r["pool"] == "Lake Merrow"), "number")

q(F, "Total time spent swimming in Q1 2026, in hours?",
  r2(sum(r["dur"] for r in in_(SW, date(2026, 1, 1), date(2026, 3, 31))) / 60), "number",
  "sum of Duration (min) Jan-Mar 2026 divided by 60")

q(F, "When was the longest swim I've done in terms of time in the water? give me the date",
  row_argmax(SW, lambda r: r["dur"], lambda r: r["raw"]["Date"], "longest swim by time"), "text",
  "by Duration (min)")

q(F, "How many times have I been swimming so far this month?", len(in_(SW, date(2026, 11, 1), TODAY)), "number",
  "November 2026 up to today")

q(F, "How many different main strokes have I logged?", len({r["stroke"] for r in SW}), "number")

q(F, "how many evening swims did I do in 2025? I mean starting 6pm or later",
  sum(1 for r in year(SW, 2025) if r["t"].hour >= 18), "number")

# ================================================================ coffees.json
F = "coffees.json"
q(F, "How much did I spend on coffee in 2025 altogether?", r2(sum(r["price"] for r in year(CO, 2025))), "number")

q(F, "how many coffees did I buy last month", len(in_(CO, *LAST_MONTH)), "number", "October 2026")

q(F, "What do I pay for a flat white on average?",
  mean(r["price"] for r in CO if r["drink"] == "Flat White"), "number")

q(F, "What's the most I've ever paid for a single coffee?", max(r["price"] for r in CO), "number")

q(F, "Which café do I go to most often?", argmax(Counter(r["cafe"] for r in CO), "cafe count"), "text")

q(F, "What are my top 3 drinks by number of times ordered?",
  topk(Counter(r["drink"] for r in CO), 3, "drinks"), "list", "most ordered first")

q(F, "How many coffees have I bought at 2pm or later?", sum(1 for r in CO if r["ts"].hour >= 14), "number")

guard_window(CO, lambda r: r["d"], PAST_2W, "coffee 2w")
q(F, "How much caffeine have I had from coffee I bought in the past two weeks, in mg?",
  sum(r["caf"] for r in in_(CO, *PAST_2W)), "number", "2026-11-07..2026-11-20 (no purchases on 11-06)")

we = [r["price"] for r in CO if weekend(r["d"])]
wd = [r["price"] for r in CO if not weekend(r["d"])]
a, b = sum(we) / len(we), sum(wd) / len(wd)
assert round(a, 2) != round(b, 2)
q(F, "Do I spend more per coffee on weekends or on weekdays?", "weekends" if a > b else "weekdays", "word",
  f"average price weekend {a:.2f} vs weekday {b:.2f}. Synonyms: weekends/weekend/Sat-Sun; weekdays/weekday/Mon-Fri")

q(F, "What percentage of my coffees did I pay for with cash?",
  pct(sum(1 for r in CO if r["paid"] == "cash"), len(CO)), "number")

q(F, "how many different cafés show up in my coffee log?", len({r["cafe"] for r in CO}), "number")

q(F, "How many large drinks did I get in summer 2025?",
  sum(1 for r in year(CO, 2025) if season(r["d"]) == "summer" and r["size"] == "large"), "number",
  "Jun-Aug 2025")

q1a = sum(r["price"] for r in in_(CO, date(2026, 1, 1), date(2026, 3, 31)))
q1b = sum(r["price"] for r in in_(CO, date(2025, 1, 1), date(2025, 3, 31)))
q(F, "Did my coffee spending go up or down in Q1 this year vs Q1 last year?",
  cmp_word(round(q1a, 2), round(q1b, 2), ("up", "down")), "word",
  f"Q1 2026 total {q1a:.2f} vs Q1 2025 {q1b:.2f}. Synonyms: up -> more, increased, higher; down -> less, decreased, lower")

m = argmax(Counter(r["d"].month for r in year(CO, 2025)), "coffee month 2025")
q(F, "In 2025, which month did I buy the most coffees?", MONTHS[m - 1], "word",
  f"also acceptable: {MONTHS[m-1][:3]}, 2025-{m:02d}, {MONTHS[m-1]} 2025")

q(F, "What's the median price of a coffee for me?", median(r["price"] for r in CO), "number")

byc = defaultdict(list)
for r in CO:
    byc[r["cafe"]].append(r["price"])
q(F, "Which café is the cheapest on average?", argmin({k: sum(v) / len(v) for k, v in byc.items()}, "cafe avg"),
  "text")

q(F, "How many cold brews have I bought this year?",
  sum(1 for r in in_(CO, *THIS_YEAR) if r["drink"] == "Cold Brew"), "number")

q(F, "total spent at Ottoline's between 1 March 2025 and 30 September 2025?",
  r2(sum(r["price"] for r in in_(CO, date(2025, 3, 1), date(2025, 9, 30)) if r["cafe"] == "Ottoline's")),
  "number", "inclusive range")

guard_window(CO, lambda r: r["d"], PAST_30D, "coffee 30d")
q(F, "Which drinks have I bought in the past 30 days?", sorted({r["drink"] for r in in_(CO, *PAST_30D)}), "set",
  "2026-10-22..2026-11-20")

q(F, "what have I spent on coffee this week?", r2(sum(r["price"] for r in in_(CO, *THIS_WEEK))), "number",
  "Mon 2026-11-16 .. Fri 2026-11-20 (today)")

q(F, "How many coffees did I buy last week?", len(in_(CO, *LAST_WEEK)), "number",
  "Mon 2026-11-09 .. Sun 2026-11-15")

# ================================================================ readings.csv
F = "readings.csv"
q(F, "How many blood pressure readings have I taken in total?", len(RD), "number")

q(F, "What's my average systolic this year?", mean(r["sys"] for r in in_(RD, *THIS_YEAR)), "number", "mmHg, 2026")

q(F, "What's the highest systolic I've ever recorded?", max(r["sys"] for r in RD), "number")

q(F, "How many readings had a systolic of 140 or higher?", sum(1 for r in RD if r["sys"] >= 140), "number")

q(F, "what was my average diastolic for morning readings last month? morning = before noon",
  mean(r["dia"] for r in in_(RD, *LAST_MONTH) if r["ts"].hour < 12), "number", "October 2026, before 12:00")

q(F, "How many times was my systolic at least 130 and my diastolic at least 85 in the same reading?",
  sum(1 for r in RD if r["sys"] >= 130 and r["dia"] >= 85), "number")

q(F, "Lowest pulse I've had?", min(r["pulse"] for r in RD), "number", "bpm")

q(F, "What's my median pulse from 2025?", median(r["pulse"] for r in year(RD, 2025)), "number")

a = sum(r["sys"] for r in year(RD, 2026)) / len(year(RD, 2026))
b = sum(r["sys"] for r in year(RD, 2025)) / len(year(RD, 2025))
q(F, "Has my average systolic gone up or down this year compared to last year?",
  cmp_word(round(a, 2), round(b, 2), ("up", "down")), "word",
  f"2026 avg {a:.2f} vs 2025 avg {b:.2f}. Synonyms: down -> lower, decreased, dropped; up -> higher, increased")

q(F, "What percent of my readings were taken on the left arm?",
  pct(sum(1 for r in RD if r["arm"] == "left"), len(RD)), "number")

bp = defaultdict(list)
for r in RD:
    bp[r["pos"]].append(r["sys"])
q(F, "Is my systolic higher on average when I'm sitting or standing?",
  argmax({k: sum(v) / len(v) for k, v in bp.items()}, "pos"), "text")

guard_window(RD, lambda r: r["d"], PAST_7D, "readings 7d")
q(F, "How many readings did I take in the last 7 days?", len(in_(RD, *PAST_7D)), "number",
  "2026-11-14..2026-11-20")

q(F, "How many evening readings (6pm or later) did I do in 2024?",
  sum(1 for r in year(RD, 2024) if r["ts"].hour >= 18), "number")

qs = defaultdict(list)
for r in year(RD, 2025):
    qs[quarter(r["d"])].append(r["sys"])
qq = argmin({k: sum(v) / len(v) for k, v in qs.items()}, "quarter sys")
q(F, "Which quarter of 2025 had my lowest average systolic?", f"Q{qq}", "word",
  f"also acceptable: quarter {qq}, {['first','second','third','fourth'][qq-1]} quarter")

q(F, "On how many readings did I add the note 'after coffee'?",
  sum(1 for r in RD if r["note"] == "after coffee"), "number")

q(F, "What notes have I used on my readings?", sorted({r["note"] for r in RD if r["note"]}), "set",
  "non-empty Note values")

q(F, "When did I record my highest pulse?",
  row_argmax(RD, lambda r: r["pulse"], lambda r: r["raw"]["Measured At"], "max pulse"), "text",
  "the Measured At value; the date alone is acceptable")

q(F, "how many readings did I take on weekends this year?",
  sum(1 for r in in_(RD, *THIS_YEAR) if weekend(r["d"])), "number", "Saturday or Sunday, 2026")

# ================================================================ hikes.json
F = "hikes.json"
q(F, "How many hikes did I do in 2024?", len(year(HK, 2024)), "number")

q(F, "How many km have I hiked this year?", r2(sum(r["km"] for r in in_(HK, *THIS_YEAR))), "number")

q(F, "What's the longest hike I've done? Just the trail name",
  row_argmax(HK, lambda r: r["km"], lambda r: r["trail"], "longest hike"), "text")

q(F, "which hike had the most climbing?",
  row_argmax(HK, lambda r: r["gain"], lambda r: r["trail"], "max gain"), "text", "by elevation_gain_m")

q(F, "Average elevation gain on my hard hikes?", mean(r["gain"] for r in HK if r["diff"] == "hard"), "number",
  "metres")

q(F, "How much have I paid for trailhead parking in total?", r2(sum(r["park"] for r in HK)), "number")

q(F, "Which region do I hike in most?", argmax(Counter(r["region"] for r in HK), "region"), "text")

rk = defaultdict(float)
for r in HK:
    rk[r["region"]] += r["km"]
q(F, "Top 3 regions by total distance hiked?", topk({k: round(v, 2) for k, v in rk.items()}, 3, "region km"),
  "list", "largest total first")

q(F, "How many hikes did I do in autumn 2025?",
  sum(1 for r in year(HK, 2025) if season(r["d"]) == "autumn"), "number", "Sep-Nov 2025")

q(F, "What's my median hike distance?", median(r["km"] for r in HK), "number", "km")

q(F, "How many solo hikes have I done, with no companions?", sum(1 for r in HK if r["comp"] == 0), "number")

q(F, "Which two trails have I hiked the most times?", topk(Counter(r["trail"] for r in HK), 2, "trails"), "list",
  "most frequent first")

q(F, "How many different trails have I hiked?", len({r["trail"] for r in HK}), "number")

bd = defaultdict(list)
for r in HK:
    bd[r["diff"]].append(r["mov"])
q(F, "Which difficulty level takes me the longest on average, in moving time?",
  argmax({k: sum(v) / len(v) for k, v in bd.items()}, "diff mov"), "text")

a = sum(1 for r in year(HK, 2026) if season(r["d"]) == "summer")
b = sum(1 for r in year(HK, 2025) if season(r["d"]) == "summer")
q(F, "did I hike more or less this summer than last summer?", cmp_word(a, b, ("more", "less")), "word",
  f"Jun-Aug 2026: {a} hikes, Jun-Aug 2025: {b}. Synonyms: more/more often; less/fewer")

q(F, "Shortest hike I've done this year, in km?", min(r["km"] for r in in_(HK, *THIS_YEAR)), "number")

q(F, "What percentage of my hikes were hard ones?", pct(sum(1 for r in HK if r["diff"] == "hard"), len(HK)),
  "number")

assert_not_equal([r["km"] for r in HK], 9)
assert_not_equal([r["gain"] for r in HK], 500)
q(F, "how many of my hikes were 9 km or more but with under 500 m of climbing?",
  sum(1 for r in HK if r["km"] >= 9 and r["gain"] < 500), "number")

q(F, "Which trails did I hike between 1 June and 31 August 2026?",
  sorted({r["trail"] for r in in_(HK, date(2026, 6, 1), date(2026, 8, 31))}), "set")

q(F, "What was my total moving time on hikes in 2025, in hours?",
  r2(sum(r["mov"] for r in year(HK, 2025)) / 60), "number")

# ================================================================ stays.csv
F = "stays.csv"
for r in ST:
    assert r["d"].year == (r["out"] - timedelta(days=1)).year, "stay spans year boundary"
    assert r["d"].month == (r["out"] - timedelta(days=1)).month or True

q(F, "How many nights did I spend in hotels in 2025?", sum(r["nights"] for r in year(ST, 2025)), "number")

q(F, "How much did I spend on hotels last year?", r2(sum(r["total"] for r in year(ST, 2025))), "number",
  "euros, 2025")

q(F, "Which hotel was my most expensive single stay?",
  row_argmax(ST, lambda r: r["total"], lambda r: r["hotel"], "max total"), "text")

q(F, "Across all my stays, what did I pay per night on average? total spent divided by total nights",
  r2(sum(r["total"] for r in ST) / sum(r["nights"] for r in ST)), "number")

q(F, "Which city have I stayed in most often?", argmax(Counter(r["city"] for r in ST), "city"), "text")

q(F, "How many business trips have I checked into this year?",
  sum(1 for r in in_(ST, *THIS_YEAR) if r["type"] == "business"), "number")

q(F, "Which countries have I stayed in?", sorted({r["country"] for r in ST}), "set")

hn = defaultdict(int)
for r in ST:
    hn[r["hotel"]] += r["nights"]
q(F, "Which hotel have I spent the most nights at overall?", argmax(hn, "hotel nights"), "text",
  "sum of Nights per hotel")

q(F, "How many of my hotel stays started on a Friday?", sum(1 for r in ST if r["d"].weekday() == 4), "number",
  "by Check-in date")

q(F, "What's the average rating I've given on leisure stays?",
  mean(r["rating"] for r in ST if r["type"] == "leisure"), "number")

q(F, "how many business stays did I rate 5 stars?",
  sum(1 for r in ST if r["type"] == "business" and r["rating"] == 5), "number")

q(F, "How many stays did I check into between 2025-04-01 and 2025-09-30?",
  len(in_(ST, date(2025, 4, 1), date(2025, 9, 30))), "number", "inclusive")

bt = defaultdict(list)
for r in ST:
    bt[r["type"]].append(r["total"])
q(F, "Do business or leisure trips cost me more per stay on average?",
  argmax({k: sum(v) / len(v) for k, v in bt.items()}, "type avg"), "text")

q(F, "How many different hotels have I stayed at?", len({r["hotel"] for r in ST}), "number")

q(F, "What's the cheapest hotel stay I've had?", min(r["total"] for r in ST), "number", "Total Paid, euros")

ct = defaultdict(float)
for r in ST:
    ct[r["city"]] += r["total"]
q(F, "top 3 cities by total money spent on hotels?", topk({k: round(v, 2) for k, v in ct.items()}, 3, "city"),
  "list", "highest first")

a = sum(r["nights"] for r in year(ST, 2026))
b = sum(r["nights"] for r in year(ST, 2025))
q(F, "Have I spent more or fewer nights in hotels this year than last year?", cmp_word(a, b), "word",
  f"2026: {a} nights, 2025: {b}. Synonyms: more/up; fewer/less/down")

# ================================================================ games.json
F = "games.json"
q(F, "How many game sessions have I logged in total?", len(GM), "number")

q(F, "How many times have we played Wingspan?", sum(1 for r in GM if r["game"] == "Wingspan"), "number")

wc = Counter(r["winner"] for r in GM if r["winner"] not in ("me", "game", "everyone"))
q(F, "Apart from me, who has won the most games?", argmax(wc, "winner"), "text")

q(F, "what are our 3 most played games?", topk(Counter(r["game"] for r in GM), 3, "games"), "list",
  "most played first")

q(F, "On average how long does a game of Catan take us?", mean(r["dur"] for r in GM if r["game"] == "Catan"),
  "number", "minutes")

q(F, "Which game was our longest session?", row_argmax(GM, lambda r: r["dur"], lambda r: r["game"], "max dur"),
  "text")

q(F, "How many games have I won this year?",
  sum(1 for r in in_(GM, *THIS_YEAR) if r["winner"] == "me"), "number", "winner == 'me', 2026")

q(F, "How many games did we play at Dice & Dragons cafe last month?",
  sum(1 for r in in_(GM, *LAST_MONTH) if r["loc"] == "Dice & Dragons cafe"), "number")

q(F, "Out of all the game sessions I've logged, what percentage did I win?",
  pct(sum(1 for r in GM if r["winner"] == "me"), len(GM)), "number",
  "sessions where winner is 'me' divided by all logged sessions")

guard_window(GM, lambda r: r["d"], PAST_2W, "games 2w")
q(F, "what games have we played in the past two weeks?", sorted({r["game"] for r in in_(GM, *PAST_2W)}), "set",
  "2026-11-07..2026-11-20 (nothing logged on 11-06)")

q(F, "What's my median score in Azul?", median(r["score"] for r in GM if r["game"] == "Azul"), "number")

q(F, "What's the median number of players at our game nights?", median(r["players"] for r in GM), "number")

q(F, "How many games had 5 or more players?", sum(1 for r in GM if r["players"] >= 5), "number")

a = sum(1 for r in GM if weekend(r["d"]))
b = sum(1 for r in GM if not weekend(r["d"]))
q(F, "Do we play more games on weekends or on weekdays overall?", "weekends" if a > b else "weekdays", "word",
  f"weekend sessions {a}, weekday sessions {b}. Synonyms: weekend(s)/Sat-Sun; weekday(s)/Mon-Fri")

sz = argmax(Counter(season(r["d"]) for r in GM), "games season")
q(F, "Which season do we end up playing the most board games in?", sz, "word",
  "meteorological seasons over all years (Dec-Feb winter, Mar-May spring, Jun-Aug summer, Sep-Nov autumn); "
  "'fall' is a synonym for autumn")

q(F, "Did we play more or fewer games in 2025 than in 2024?",
  cmp_word(len(year(GM, 2025)), len(year(GM, 2024))), "word",
  f"2025: {len(year(GM, 2025))}, 2024: {len(year(GM, 2024))}. Synonyms: more/up; fewer/less/down")

q(F, "What's my best ever score at Ticket to Ride?",
  max(r["score"] for r in GM if r["game"] == "Ticket to Ride"), "number")

q(F, "How many hours have we spent playing Terraforming Mars in total?",
  r2(sum(r["dur"] for r in GM if r["game"] == "Terraforming Mars") / 60), "number")

q(F, "How many different games have we played at Tom's place?",
  len({r["game"] for r in GM if r["loc"] == "Tom's place"}), "number")


# ------------------------------------------------------------------ output
def main():
    out = os.path.join(HERE, "questions.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for i, (file, question, answer, atype, notes) in enumerate(Q, 1):
            if atype == "number":
                answer = num(answer)
            obj = {"id": f"b{i:03d}", "file": file, "today": TODAY_S, "question": question,
                   "answer": answer, "answer_type": atype}
            if notes:
                obj["notes"] = notes
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")
    print(f"wrote {len(Q)} questions to {out}")


if __name__ == "__main__":
    main()
