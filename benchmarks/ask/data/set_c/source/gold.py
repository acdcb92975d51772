#!/usr/bin/env python3
"""Compute gold answers for set_c and write ../questions_c.jsonl.

Every answer is computed from the files in ../files/; nothing is typed by hand.
Ambiguity guards (ties in arg-max / top-k, records sitting exactly on a window
boundary) raise AssertionError so a regenerated data set cannot silently
produce an indefensible question.
"""
import csv
import json
import os
import statistics
from collections import Counter, defaultdict
from datetime import date, datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FILES = os.path.join(ROOT, "files")
TODAY = date(2026, 11, 25)
TODAY_S = TODAY.isoformat()

# ------------------------------------------------------------------ periods
THIS_YEAR = (date(2026, 1, 1), TODAY)
LAST_MONTH = (date(2026, 10, 1), date(2026, 10, 31))
LAST_WEEK = (date(2026, 11, 16), date(2026, 11, 22))        # Mon..Sun of previous ISO week
PAST_90 = (TODAY - timedelta(days=90), TODAY)               # 2026-08-27 .. 2026-11-25
PAST_60 = (TODAY - timedelta(days=60), TODAY)               # 2026-09-26 .. 2026-11-25
LAST_SUMMER = (date(2026, 6, 1), date(2026, 8, 31))
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def yr(y):
    return (date(y, 1, 1), date(y, 12, 31))


def q(y, n):
    m = 3 * (n - 1) + 1
    end = date(y, m + 3, 1) - timedelta(days=1) if m + 3 <= 12 else date(y, 12, 31)
    return (date(y, m, 1), end)


def within(d, per):
    return d is not None and per[0] <= d <= per[1]


def rnd(x):
    x = round(float(x), 2)
    return int(x) if x == int(x) else x


# ------------------------------------------------------------------ loaders
def load_csv(name):
    with open(os.path.join(FILES, name), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_json(name):
    with open(os.path.join(FILES, name), encoding="utf-8") as f:
        return json.load(f)


def opt_int(s):
    return int(s) if s.strip() else None


def opt_float(s):
    return float(s) if s.strip() else None


def t24(s):
    h, m = s.split(":")
    return int(h) * 60 + int(m)


def t12(s):
    return (datetime.strptime(s, "%I:%M %p") - datetime(1900, 1, 1)).seconds // 60


def euro(s):
    return float(s.replace("€", "").replace(",", "").strip())


def euro_comma(s):
    return float(s.replace("€", "").strip().replace(".", "").replace(",", "."))


W = [dict(date=date.fromisoformat(r["Date"]), start=t24(r["Start Time"]), type=r["Type"],
          dur=int(r["Duration (min)"]), dist=opt_float(r["Distance (km)"]), cal=opt_int(r["Calories (kcal)"]),
          hr=opt_int(r["Avg HR (bpm)"]), loc=r["Location"], notes=r["Notes"]) for r in load_csv("workouts.csv")]

C = [dict(name=r["Name"], rel=r["Relation"], city=r["City"],
          bday=datetime.strptime(r["Birthday"], "%d/%m/%Y").date() if r["Birthday"] else None,
          how=r["How We Met"], last=datetime.strptime(r["Last Contacted"], "%d/%m/%Y").date())
     for r in load_csv("contacts.csv")]

P = [dict(date=datetime.strptime(r["Order Date"], "%m/%d/%Y").date(), item=r["Item"], shop=r["Shop"],
          cat=r["Category"], price=euro(r["Price"]), qty=int(r["Qty"]),
          deliv=datetime.strptime(r["Delivered"], "%m/%d/%Y").date() if r["Delivered"] else None,
          ret=r["Returned"] == "Yes") for r in load_json("purchases.json")]
for p in P:
    p["total"] = round(p["price"] * p["qty"], 2)

M_ALL = [dict(date=date.fromisoformat(r["Date"]), start=t12(r["Start"]), end=t12(r["End"]), title=r["Title"],
              org=r["Organizer"], att=int(r["Attendees"]), loc=r["Room / Online"], proj=r["Project"],
              status=r["Status"]) for r in load_csv("meetings.csv")]
for m in M_ALL:
    m["dur"] = m["end"] - m["start"]
    assert m["dur"] > 0
M = [m for m in M_ALL if m["status"] == "Held"]

T = [dict(dest=r["Destination"], country=r["Country"], start=date.fromisoformat(r["Start Date"]),
          end=date.fromisoformat(r["End Date"]), purpose=r["Purpose"], transport=r["Transport"],
          cost=r["Total Cost (EUR)"]) for r in load_json("trips.json")]
for t in T:
    t["nights"] = (t["end"] - t["start"]).days

V = [dict(date=datetime.strptime(r["Visit Date"], "%d.%m.%Y").date(), time=t24(r["Time"]), clinic=r["Clinic"],
          doctor=r["Doctor"], spec=r["Specialty"], cost=euro_comma(r["Cost"]), cov=r["Insurance Covered"],
          fu=r["Follow-up"]) for r in load_csv("visits.csv")]


# ------------------------------------------------------------------ guards
def argmax(d, reverse=False):
    """key of the unique max (or min when reverse) of a dict; asserts no tie."""
    items = sorted(d.items(), key=lambda kv: kv[1], reverse=not reverse)
    assert len(items) == 1 or items[0][1] != items[1][1], ("tie", items[:3])
    return items[0][0]


def topk(d, k=3):
    items = sorted(d.items(), key=lambda kv: kv[1], reverse=True)
    vals = [v for _, v in items[:k + 1]]
    assert len(set(vals)) == len(vals), ("tie in top-k", items[:k + 1])
    return [kk for kk, _ in items[:k]]


def count_by(rows, key):
    return Counter(key(r) for r in rows)


def sum_by(rows, key, val):
    d = defaultdict(float)
    for r in rows:
        d[key(r)] += val(r)
    return {k: round(v, 6) for k, v in d.items()}


def mean_by(rows, key, val):
    d = defaultdict(list)
    for r in rows:
        v = val(r)
        if v is not None:
            d[key(r)].append(v)
    return {k: sum(v) / len(v) for k, v in d.items()}


def no_records_on(dates, days_):
    """Guard: no record falls on any of the given boundary days."""
    bad = [d for d in dates if d in set(days_)]
    assert not bad, ("boundary record", bad)


def age(b, on=TODAY):
    return on.year - b.year - ((on.month, on.day) < (b.month, b.day))


def next_bday(b):
    nb = b.replace(year=TODAY.year)
    if nb <= TODAY:
        nb = b.replace(year=TODAY.year + 1)
    return nb


def avg(xs):
    xs = [x for x in xs if x is not None]
    return rnd(sum(xs) / len(xs))


# ------------------------------------------------------------------ questions
QS = []


def Q(file, atype, question, notes):
    def deco(fn):
        QS.append(dict(file=file, answer_type=atype, question=question, notes=notes, fn=fn))
        return fn
    return deco


F = "workouts.csv"


@Q(F, "number", "How many yoga sessions did I do in 2025?",
   "Count of rows with Type = Yoga and Date in 2025-01-01..2025-12-31.")
def _():
    return sum(1 for w in W if w["type"] == "Yoga" and within(w["date"], yr(2025)))


@Q(F, "number", "hey, quick one — how many minutes have I spent on the bike this year so far?",
   "Sum of Duration (min) for Type = Cycling with Date from 2026-01-01 up to today (2026-11-25).")
def _():
    return sum(w["dur"] for w in W if w["type"] == "Cycling" and within(w["date"], THIS_YEAR))


@Q(F, "number", "What's my average calorie burn for a gym session? Ignore the ones where I didn't log calories.",
   "Mean of Calories (kcal) over Type = Gym rows with a non-empty calories cell, all dates; rounded to 2 decimals.")
def _():
    return avg(w["cal"] for w in W if w["type"] == "Gym")


@Q(F, "number", "what's the median length of my runs, in minutes?",
   "Median of Duration (min) over all Type = Running rows (all dates).")
def _():
    return rnd(statistics.median(w["dur"] for w in W if w["type"] == "Running"))


@Q(F, "number", "What's the furthest I've ever gone on a single bike ride? in km please",
   "Maximum Distance (km) over Type = Cycling rows.")
def _():
    return rnd(max(w["dist"] for w in W if w["type"] == "Cycling"))


@Q(F, "text", "In 2025, which month did I work out most often?",
   "Rows (sessions) per calendar month of 2025; the month with the most sessions (unique max). Answer is the month name.")
def _():
    return MONTHS[argmax(count_by([w for w in W if within(w["date"], yr(2025))], lambda w: w["date"].month)) - 1]


@Q(F, "set", "Which kinds of workouts have I done at home?",
   "Distinct Type values among rows with Location = Home, all dates.")
def _():
    return sorted({w["type"] for w in W if w["loc"] == "Home"})


@Q(F, "list", "Top 3 places I train at, by number of sessions?",
   "Location values ranked by number of rows (all dates), top 3, most first.")
def _():
    return topk(count_by(W, lambda w: w["loc"]))


@Q(F, "number", "What percentage of my workouts this year have been yoga?",
   "Rows in 2026 (up to today) with Type = Yoga divided by all 2026 rows, times 100, rounded to 2 decimals.")
def _():
    ws = [w for w in W if within(w["date"], THIS_YEAR)]
    return rnd(100 * sum(w["type"] == "Yoga" for w in ws) / len(ws))


@Q(F, "word", "Did I work out more or less often in the first half of 2026 than in the first half of 2025?",
   "Session counts for Jan 1–Jun 30 of each year; answer 'more' if 2026 > 2025, 'less' if lower, 'same' if equal.")
def _():
    a = sum(within(w["date"], (date(2026, 1, 1), date(2026, 6, 30))) for w in W)
    b = sum(within(w["date"], (date(2025, 1, 1), date(2025, 6, 30))) for w in W)
    return "more" if a > b else "less" if a < b else "same"


@Q(F, "number", "How many workouts did I squeeze in last month?",
   "Last month = October 2026 (2026-10-01..2026-10-31); count of rows.")
def _():
    return sum(within(w["date"], LAST_MONTH) for w in W)


@Q(F, "number", "Over the past 90 days, how many calories have I burned working out? just add up what's logged",
   "Past 90 days = 2026-08-27..2026-11-25 inclusive (today−90 .. today; no row on 2026-08-27, so other readings agree); sum of non-empty Calories (kcal).")
def _():
    no_records_on([w["date"] for w in W], [PAST_90[0]])
    return sum(w["cal"] or 0 for w in W if within(w["date"], PAST_90))


@Q(F, "number", "how many of my 2025 sessions were on a weekend?",
   "Rows dated in 2025 whose Date falls on a Saturday or Sunday.")
def _():
    return sum(1 for w in W if within(w["date"], yr(2025)) and w["date"].weekday() >= 5)


@Q(F, "number", "All-time, how many times did I start a workout before 7 in the morning?",
   "Rows with Start Time strictly earlier than 07:00.")
def _():
    return sum(1 for w in W if w["start"] < 7 * 60)


@Q(F, "number", "Number of gym sessions in 2024 that went over an hour?",
   "Type = Gym, Date in 2024, Duration (min) strictly greater than 60.")
def _():
    return sum(1 for w in W if w["type"] == "Gym" and within(w["date"], yr(2024)) and w["dur"] > 60)


@Q(F, "number", "How many swims plus runs have I logged in 2026?",
   "Rows with Type = Swimming or Type = Running, dated 2026-01-01..today.")
def _():
    return sum(1 for w in W if w["type"] in ("Swimming", "Running") and within(w["date"], THIS_YEAR))


@Q(F, "number", "How many sessions had an average heart rate of 150 bpm or more? skip the ones without HR",
   "Rows with a non-empty Avg HR (bpm) >= 150, all dates.")
def _():
    return sum(1 for w in W if w["hr"] is not None and w["hr"] >= 150)


@Q(F, "text", "Which type of workout do I usually spend the longest on, on average?",
   "Mean Duration (min) per Type over all rows; the Type with the highest mean.")
def _():
    return argmax(mean_by(W, lambda w: w["type"], lambda w: w["dur"]))


@Q(F, "number", "I think I cycled a lot in spring 2025 — how many km did I ride between 1 March and 15 May that year?",
   "Sum of Distance (km) for Type = Cycling with Date in 2025-03-01..2025-05-15 inclusive; rounded to 2 decimals.")
def _():
    return rnd(sum(w["dist"] for w in W if w["type"] == "Cycling" and
                   within(w["date"], (date(2025, 3, 1), date(2025, 5, 15)))))


@Q(F, "number", "How many more minutes of yoga did I do in Q2 this year compared to Q1? (negative if it was less)",
   "Sum of Duration (min) for Type = Yoga in Q2 2026 (Apr 1–Jun 30) minus the same for Q1 2026 (Jan 1–Mar 31).")
def _():
    s = lambda per: sum(w["dur"] for w in W if w["type"] == "Yoga" and within(w["date"], per))
    return s(q(2026, 2)) - s(q(2026, 1))


F = "contacts.csv"


@Q(F, "number", "How many of my contacts live in Utrecht?", "Rows with City = Utrecht.")
def _():
    return sum(c["city"] == "Utrecht" for c in C)


@Q(F, "set", "Whose birthdays are coming up in the next 30 days?",
   "Contacts whose next birthday falls in 2026-11-26..2026-12-25 (tomorrow through today+30); empty Birthday cells skipped. "
   "No contact has a birthday on Nov 25, Dec 25 or Dec 26, so inclusive/exclusive readings agree.")
def _():
    md = [(c["bday"].month, c["bday"].day) for c in C if c["bday"]]
    assert not {(11, 25), (12, 25), (12, 26)} & set(md)
    return sorted(c["name"] for c in C if c["bday"] and next_bday(c["bday"]) <= TODAY + timedelta(days=30))


@Q(F, "number", "how many family members have I got in my contacts?", "Rows with Relation = Family.")
def _():
    return sum(c["rel"] == "Family" for c in C)


@Q(F, "text", "Apart from Utrecht, which city do most of my contacts live in?",
   "Count of rows per City, excluding Utrecht and empty cells; the city with the most rows.")
def _():
    return argmax(count_by([c for c in C if c["city"] not in ("Utrecht", "")], lambda c: c["city"]))


@Q(F, "set", "What are the different ways I've met the people in my address book?",
   "Distinct non-empty How We Met values.")
def _():
    return sorted({c["how"] for c in C if c["how"]})


@Q(F, "list", "Top 3 cities my contacts live in, biggest first?",
   "City values (empty excluded) ranked by number of contacts, top 3, most first.")
def _():
    return topk(count_by([c for c in C if c["city"]], lambda c: c["city"]))


@Q(F, "text", "Who's the oldest person in my contacts?",
   "Contact with the earliest Birthday (contacts without a birthday ignored).")
def _():
    return argmax({c["name"]: c["bday"] for c in C if c["bday"]}, reverse=True)


@Q(F, "text", "who's the youngest of my current colleagues?",
   "Relation = Colleague (not 'Former colleague'); the contact with the latest Birthday.")
def _():
    return argmax({c["name"]: c["bday"] for c in C if c["bday"] and c["rel"] == "Colleague"})


@Q(F, "text", "Who have I gone the longest without talking to?",
   "Contact with the earliest Last Contacted date.")
def _():
    return argmax({c["name"]: c["last"] for c in C}, reverse=True)


@Q(F, "number", "How many people haven't I been in touch with for more than a year?",
   "Last Contacted strictly before 2025-11-25 (i.e. more than one year before today). "
   "No contact was last contacted on 2025-11-24..2025-11-26, so the boundary reading does not matter.")
def _():
    no_records_on([c["last"] for c in C], [date(2025, 11, 24), date(2025, 11, 25), date(2025, 11, 26)])
    return sum(c["last"] < date(2025, 11, 25) for c in C)


@Q(F, "number", "So far this month, how many different people have I been in touch with?",
   "Rows whose Last Contacted date is in November 2026 (2026-11-01..today). Only the latest contact per person is recorded.")
def _():
    return sum(within(c["last"], (date(2026, 11, 1), TODAY)) for c in C)


@Q(F, "number", "How many friends do I have in Amsterdam?", "Relation = Friend and City = Amsterdam.")
def _():
    return sum(c["rel"] == "Friend" and c["city"] == "Amsterdam" for c in C)


@Q(F, "number", "How many contacts are either neighbours or people I know from the climbing club?",
   "Rows with Relation = Neighbour OR How We Met = Climbing club (each person counted once).")
def _():
    return sum(c["rel"] == "Neighbour" or c["how"] == "Climbing club" for c in C)


@Q(F, "number", "What percentage of the people in my contacts did I meet through work?",
   "Rows with How We Met = Work divided by all contacts (including those with an empty How We Met), times 100, rounded to 2 decimals.")
def _():
    return rnd(100 * sum(c["how"] == "Work" for c in C) / len(C))


@Q(F, "number", "How many people in my contacts have a December birthday?",
   "Rows whose Birthday month is 12 (empty birthdays excluded).")
def _():
    return sum(1 for c in C if c["bday"] and c["bday"].month == 12)


@Q(F, "number", "What's the average age of my friends right now?",
   "Relation = Friend with a Birthday; age = completed years as of 2026-11-25; mean rounded to 2 decimals.")
def _():
    return avg(age(c["bday"]) for c in C if c["bday"] and c["rel"] == "Friend")


@Q(F, "text", "Which group of people in my contacts is the oldest on average — friends, family, colleagues, etc.?",
   "Mean age (completed years as of today) per Relation value, contacts without birthday skipped; the Relation with the highest mean.")
def _():
    return argmax(mean_by([c for c in C if c["bday"]], lambda c: c["rel"], lambda c: age(c["bday"])))


@Q(F, "number", "how many people have I talked to in the past 60 days?",
   "Last Contacted in 2026-09-26..2026-11-25 inclusive (today−60 .. today); nobody was last contacted on 2026-09-26 "
   "itself, so '60 days ending yesterday' gives the same count.")
def _():
    no_records_on([c["last"] for c in C], [PAST_60[0]])
    return sum(within(c["last"], PAST_60) for c in C)


@Q(F, "text", "Who's got the next birthday after today?",
   "Contact whose next birthday (strictly after 2026-11-25) comes first; nobody has a birthday today.")
def _():
    return argmax({c["name"]: next_bday(c["bday"]) for c in C if c["bday"]}, reverse=True)


@Q(F, "number", "Out of curiosity, how many of my contacts have their birthday on a Saturday or Sunday this year?",
   "For each contact with a Birthday, the 2026 anniversary date; count those falling on Saturday or Sunday.")
def _():
    return sum(1 for c in C if c["bday"] and c["bday"].replace(year=2026).weekday() >= 5)


F = "purchases.json"


@Q(F, "number", "How many orders did I place with bol.com in 2025?",
   "Rows with Shop = bol.com and Order Date in 2025.")
def _():
    return sum(p["shop"] == "bol.com" and within(p["date"], yr(2025)) for p in P)


@Q(F, "number", "How much have I spent on electronics this year, not counting stuff I sent back?",
   "Sum of Price × Qty for Category = Electronics, Order Date 2026-01-01..today, Returned = No; 2 decimals.")
def _():
    return rnd(sum(p["total"] for p in P if p["cat"] == "Electronics" and within(p["date"], THIS_YEAR) and not p["ret"]))


@Q(F, "number", "On average, what did a book cost me? just average the listed prices",
   "Mean of the unit Price over rows with Category = Books (each order row once, not weighted by Qty); 2 decimals.")
def _():
    return avg(p["price"] for p in P if p["cat"] == "Books")


@Q(F, "number", "what's my median order total at Zalando?",
   "Order total = Price × Qty; median over all Zalando rows (returned included).")
def _():
    return rnd(statistics.median(p["total"] for p in P if p["shop"] == "Zalando"))


@Q(F, "text", "What's the priciest single item I've ever ordered?",
   "Item of the row with the highest unit Price (unique).")
def _():
    best = max(P, key=lambda p: p["price"])
    assert sum(p["price"] == best["price"] for p in P) == 1
    return best["item"]


@Q(F, "text", "Which shop did I spend the most money at last year?",
   "Last year = 2025 by Order Date; spend = Price × Qty summed per Shop, returned orders included; shop with the highest total.")
def _():
    ps = [p for p in P if within(p["date"], yr(2025))]
    ans = argmax(sum_by(ps, lambda p: p["shop"], lambda p: p["total"]))
    assert ans == argmax(sum_by([p for p in ps if not p["ret"]], lambda p: p["shop"], lambda p: p["total"]))
    return ans


@Q(F, "set", "Which shops have I returned something to?", "Distinct Shop values among rows with Returned = Yes.")
def _():
    return sorted({p["shop"] for p in P if p["ret"]})


@Q(F, "list", "top 3 categories by how much I've spent, all time?",
   "Spend = Price × Qty summed per Category over all rows (returned included); top 3, highest first. "
   "The ranking is the same when returned orders are excluded.")
def _():
    a = topk(sum_by(P, lambda p: p["cat"], lambda p: p["total"]))
    assert a == topk(sum_by([p for p in P if not p["ret"]], lambda p: p["cat"], lambda p: p["total"]))
    return a


@Q(F, "number", "What share of my clothing orders ended up going back? as a %",
   "Rows with Category = Clothing and Returned = Yes divided by all Clothing rows, times 100; 2 decimals.")
def _():
    cl = [p for p in P if p["cat"] == "Clothing"]
    return rnd(100 * sum(p["ret"] for p in cl) / len(cl))


@Q(F, "word", "Was my online shopping spend higher or lower in Q2 2026 than in Q1 2026?",
   "Sum of Price × Qty by Order Date, Q2 = Apr 1–Jun 30 2026 vs Q1 = Jan 1–Mar 31 2026, returned included; "
   "'higher' if Q2 > Q1 else 'lower'. Same answer with returns excluded.")
def _():
    s = lambda per, ex: sum(p["total"] for p in P if within(p["date"], per) and not (ex and p["ret"]))
    a = "higher" if s(q(2026, 2), False) > s(q(2026, 1), False) else "lower"
    assert a == ("higher" if s(q(2026, 2), True) > s(q(2026, 1), True) else "lower")
    return a


@Q(F, "number", "how much did I spend on orders last month?",
   "Last month = October 2026 by Order Date; sum of Price × Qty, returned included; 2 decimals.")
def _():
    return rnd(sum(p["total"] for p in P if within(p["date"], LAST_MONTH)))


@Q(F, "number", "On average, how many days does Coolblue take to deliver?",
   "Delivered − Order Date in days for Shop = Coolblue rows with a Delivered date; mean, 2 decimals.")
def _():
    return avg((p["deliv"] - p["date"]).days for p in P if p["shop"] == "Coolblue" and p["deliv"])


@Q(F, "number", "How many orders came to more than €100 in total?",
   "Rows with Price × Qty strictly greater than 100, all dates, returned included.")
def _():
    return sum(p["total"] > 100 for p in P)


@Q(F, "number", "How many times have I sent something back to Zalando?",
   "Rows with Shop = Zalando and Returned = Yes.")
def _():
    return sum(p["shop"] == "Zalando" and p["ret"] for p in P)


@Q(F, "number", "How many home or beauty orders have I placed in 2026?",
   "Rows with Category = Home or Category = Beauty, Order Date 2026-01-01..today.")
def _():
    return sum(p["cat"] in ("Home", "Beauty") and within(p["date"], THIS_YEAR) for p in P)


@Q(F, "number", "How many units in total have I bought from HEMA?",
   "Sum of Qty over Shop = HEMA rows (all dates, returned included).")
def _():
    return sum(p["qty"] for p in P if p["shop"] == "HEMA")


@Q(F, "text", "Which category has the highest average item price?",
   "Mean unit Price per Category over rows (not weighted by Qty); the Category with the highest mean.")
def _():
    return argmax(mean_by(P, lambda p: p["cat"], lambda p: p["price"]))


@Q(F, "number", "What have I spent in the past 90 days?",
   "Order Date in 2026-08-27..2026-11-25; sum of Price × Qty, returned included; 2 decimals.")
def _():
    no_records_on([p["date"] for p in P], [PAST_90[0]])
    return rnd(sum(p["total"] for p in P if within(p["date"], PAST_90)))


@Q(F, "number", "Are any of my orders still not delivered? How many?",
   "Rows with an empty Delivered cell.")
def _():
    return sum(p["deliv"] is None for p in P)


@Q(F, "number", "How much did I spend between Black Friday (28 Nov) and Christmas Eve in 2025?",
   "Order Date 2025-11-28..2025-12-24 inclusive; sum of Price × Qty, returned included; 2 decimals.")
def _():
    return rnd(sum(p["total"] for p in P if within(p["date"], (date(2025, 11, 28), date(2025, 12, 24)))))


F = "meetings.csv"


@Q(F, "number", "how many meetings did I have last week?",
   "Last week = Mon 2026-11-16 .. Sun 2026-11-22; Status = Held rows.")
def _():
    return sum(within(m["date"], LAST_WEEK) for m in M)


@Q(F, "number", "How many hours did I spend in meetings in October?",
   "October 2026 (the most recent October); Held rows; duration = End − Start; total in hours, 2 decimals.")
def _():
    return rnd(sum(m["dur"] for m in M if within(m["date"], LAST_MONTH)) / 60)


@Q(F, "number", "What's the average length of an Atlas meeting, in minutes?",
   "Project = Atlas, Held rows, duration = End − Start in minutes; mean, 2 decimals.")
def _():
    return avg(m["dur"] for m in M if m["proj"] == "Atlas")


@Q(F, "number", "What's the median number of people in my meetings?",
   "Median of Attendees over all Held rows.")
def _():
    return rnd(statistics.median(m["att"] for m in M))


@Q(F, "text", "What was the biggest meeting I sat in this year, by headcount? just the title",
   "Held rows dated 2026; the Title of the row with the most Attendees (unique).")
def _():
    ms = [m for m in M if within(m["date"], THIS_YEAR)]
    top = max(m["att"] for m in ms)
    assert sum(m["att"] == top for m in ms) == 1
    return next(m["title"] for m in ms if m["att"] == top)


@Q(F, "text", "Apart from me, who sets up most of my meetings?",
   "Organizer counts over Held rows, excluding Maren Vos (the user); the organizer with the most. Same answer if cancelled rows are counted.")
def _():
    a = argmax(count_by([m for m in M if m["org"] != "Maren Vos"], lambda m: m["org"]))
    assert a == argmax(count_by([m for m in M_ALL if m["org"] != "Maren Vos"], lambda m: m["org"]))
    return a


@Q(F, "set", "Where did the Delta meetings take place in 2025? rooms or online, whatever it was",
   "Distinct 'Room / Online' values over Held rows with Project = Delta dated 2025.")
def _():
    return sorted({m["loc"] for m in M if m["proj"] == "Delta" and within(m["date"], yr(2025))})


@Q(F, "list", "Rank my top 3 projects by total time spent in meetings this year.",
   "Held rows dated 2026; sum of End − Start per Project; top 3, most time first.")
def _():
    return topk(sum_by([m for m in M if within(m["date"], THIS_YEAR)], lambda m: m["proj"], lambda m: m["dur"]))


@Q(F, "number", "What percentage of my 2025 meetings were online?",
   "Held rows in 2025 whose 'Room / Online' starts with 'Online' divided by all Held 2025 rows, times 100; 2 decimals.")
def _():
    ms = [m for m in M if within(m["date"], yr(2025))]
    return rnd(100 * sum(m["loc"].startswith("Online") for m in ms) / len(ms))


@Q(F, "word", "Did I have more or fewer meetings in October than in September this year?",
   "Held rows in Oct 2026 vs Sep 2026; 'more' if October has more, 'fewer' if less, 'same' if equal.")
def _():
    a = sum(within(m["date"], LAST_MONTH) for m in M)
    b = sum(within(m["date"], (date(2026, 9, 1), date(2026, 9, 30))) for m in M)
    return "more" if a > b else "fewer" if a < b else "same"


@Q(F, "number", "How many meetings got cancelled so far this year?",
   "Rows with Status = Cancelled dated 2026-01-01..today.")
def _():
    return sum(m["status"] == "Cancelled" and within(m["date"], THIS_YEAR) for m in M_ALL)


@Q(F, "number", "How many of my meetings have kicked off at 4 PM or later?",
   "Held rows with Start at or after 4:00 PM, all dates.")
def _():
    return sum(m["start"] >= 16 * 60 for m in M)


@Q(F, "text", "Which day of the week am I in meetings most often?",
   "Held rows counted by weekday of Date; the weekday name with the most.")
def _():
    return WEEKDAYS[argmax(count_by(M, lambda m: m["date"].weekday()))]


@Q(F, "number", "In 2025, how many online meetings had more than 8 people in them?",
   "Held rows in 2025, 'Room / Online' starting with 'Online', Attendees strictly greater than 8.")
def _():
    return sum(within(m["date"], yr(2025)) and m["loc"].startswith("Online") and m["att"] > 8 for m in M)


@Q(F, "number", "How many meetings were in Room Everest or Room Fuji during Q1 2026?",
   "Held rows dated 2026-01-01..2026-03-31 with 'Room / Online' = Room Everest or Room Fuji.")
def _():
    return sum(within(m["date"], q(2026, 1)) and m["loc"] in ("Room Everest", "Room Fuji") for m in M)


@Q(F, "number", "how many meetings dragged on for an hour and a half or more?",
   "Held rows with End − Start >= 90 minutes, all dates.")
def _():
    return sum(m["dur"] >= 90 for m in M)


@Q(F, "text", "Which project tends to have the biggest meetings, on average?",
   "Mean Attendees per Project over Held rows; the project with the highest mean.")
def _():
    return argmax(mean_by(M, lambda m: m["proj"], lambda m: m["att"]))


@Q(F, "number", "How many more hours did I spend in meetings in 2025 than in 2024? (negative if fewer)",
   "Sum of End − Start over Held rows in 2025 minus the same for 2024, in hours, 2 decimals.")
def _():
    s = lambda y: sum(m["dur"] for m in M if within(m["date"], yr(y)))
    return rnd((s(2025) - s(2024)) / 60)


@Q(F, "number", "How many meetings have I organised myself in the past 90 days?",
   "Organizer = Maren Vos (the user), Held rows, Date in 2026-08-27..2026-11-25.")
def _():
    no_records_on([m["date"] for m in M if m["org"] == "Maren Vos"], [PAST_90[0]])
    return sum(m["org"] == "Maren Vos" and within(m["date"], PAST_90) for m in M)


@Q(F, "text", "When was my most recent Beacon meeting?",
   "Latest Date among Held rows with Project = Beacon, as YYYY-MM-DD.")
def _():
    return max(m["date"] for m in M if m["proj"] == "Beacon").isoformat()


F = "trips.json"


@Q(F, "number", "How many trips did I take in 2025?", "Rows whose Start Date is in 2025.")
def _():
    return sum(within(t["start"], yr(2025)) for t in T)


@Q(F, "number", "What did I spend on travel altogether in 2024?",
   "Sum of Total Cost (EUR) over trips starting in 2024; trips with an empty cost are skipped; 2 decimals.")
def _():
    return rnd(sum(t["cost"] for t in T if within(t["start"], yr(2024)) and t["cost"] is not None))


@Q(F, "number", "What does a business trip cost me on average?",
   "Mean Total Cost (EUR) over Purpose = Business rows with a cost (Conference is a separate purpose); 2 decimals.")
def _():
    return avg(t["cost"] for t in T if t["purpose"] == "Business")


@Q(F, "number", "What's the median number of nights I'm away on a trip?",
   "Nights = End Date − Start Date in days (same-day trips = 0); median over all trips.")
def _():
    return rnd(statistics.median(t["nights"] for t in T))


@Q(F, "text", "Where did I go on my longest trip?",
   "Destination of the trip with the most nights (End Date − Start Date), unique.")
def _():
    return T[argmax({i: t["nights"] for i, t in enumerate(T)})]["dest"]


@Q(F, "text", "Which foreign country have I travelled to most often?",
   "Trips per Country excluding Netherlands (home country); the country with the most trips.")
def _():
    return argmax(count_by([t for t in T if t["country"] != "Netherlands"], lambda t: t["country"]))


@Q(F, "set", "Which countries outside the Netherlands did I visit in 2025?",
   "Distinct Country values other than Netherlands over trips starting in 2025.")
def _():
    return sorted({t["country"] for t in T if within(t["start"], yr(2025)) and t["country"] != "Netherlands"})


@Q(F, "list", "What were my 3 most expensive trips? just the destinations, priciest first",
   "Trips with a cost ranked by Total Cost (EUR), top 3, highest first; answer the Destination values.")
def _():
    idx = topk({i: t["cost"] for i, t in enumerate(T) if t["cost"] is not None})
    return [T[i]["dest"] for i in idx]


@Q(F, "number", "What share of my trips did I do by train? percentage",
   "Rows with Transport = Train divided by all trips, times 100; 2 decimals.")
def _():
    return rnd(100 * sum(t["transport"] == "Train" for t in T) / len(T))


@Q(F, "word", "Did I travel more or less in 2025 than in 2024, going by number of trips?",
   "Trips starting in 2025 vs 2024; 'more' / 'less' / 'same'.")
def _():
    a = sum(within(t["start"], yr(2025)) for t in T)
    b = sum(within(t["start"], yr(2024)) for t in T)
    return "more" if a > b else "less" if a < b else "same"


@Q(F, "set", "Where did I go last summer? June through August, I mean",
   "Last summer = 2026-06-01..2026-08-31; Destinations of trips starting in that window "
   "(no trip straddles the window edges, so 'overlapping' gives the same set).")
def _():
    a = sorted({t["dest"] for t in T if within(t["start"], LAST_SUMMER)})
    b = sorted({t["dest"] for t in T if t["start"] <= LAST_SUMMER[1] and t["end"] >= LAST_SUMMER[0]})
    assert a == b
    return a


@Q(F, "number", "How many nights have I spent abroad this year?",
   "Sum of nights (End − Start) over trips starting in 2026 with Country other than Netherlands.")
def _():
    return sum(t["nights"] for t in T if within(t["start"], THIS_YEAR) and t["country"] != "Netherlands")


@Q(F, "number", "How many trips cost me under €200?",
   "Trips with a non-empty Total Cost (EUR) strictly below 200.")
def _():
    return sum(t["cost"] is not None and t["cost"] < 200 for t in T)


@Q(F, "number", "How many of my holidays did I fly to?", "Purpose = Holiday and Transport = Plane.")
def _():
    return sum(t["purpose"] == "Holiday" and t["transport"] == "Plane" for t in T)


@Q(F, "number", "How many work trips — business or conference — have I made in 2026?",
   "Purpose in {Business, Conference}, Start Date in 2026.")
def _():
    return sum(t["purpose"] in ("Business", "Conference") and within(t["start"], THIS_YEAR) for t in T)


@Q(F, "text", "Which way of travelling ends up being the most expensive per trip on average?",
   "Mean Total Cost (EUR) per Transport over trips with a cost; the Transport with the highest mean.")
def _():
    return argmax(mean_by(T, lambda t: t["transport"], lambda t: t["cost"]))


@Q(F, "number", "Across all my holidays, what did they cost per night? (total cost divided by total nights)",
   "Purpose = Holiday trips with a cost: sum of Total Cost (EUR) / sum of nights; 2 decimals.")
def _():
    hs = [t for t in T if t["purpose"] == "Holiday" and t["cost"] is not None]
    return rnd(sum(t["cost"] for t in hs) / sum(t["nights"] for t in hs))


@Q(F, "number", "How many of my trips started on a Friday?", "Trips whose Start Date is a Friday.")
def _():
    return sum(t["start"].weekday() == 4 for t in T)


@Q(F, "list", "Which places did I go to between September and December 2024, in order?",
   "Trips with Start Date in 2024-09-01..2024-12-31, Destination values ordered by Start Date.")
def _():
    return [t["dest"] for t in sorted(T, key=lambda t: t["start"]) if within(t["start"], (date(2024, 9, 1), date(2024, 12, 31)))]


@Q(F, "text", "When did I get back from my most recent trip?",
   "Latest End Date over all trips, as YYYY-MM-DD.")
def _():
    return max(t["end"] for t in T).isoformat()


F = "visits.csv"


@Q(F, "number", "How many times did I go to the dentist in 2025?",
   "Rows with Specialty = Dentistry and Visit Date in 2025.")
def _():
    return sum(v["spec"] == "Dentistry" and within(v["date"], yr(2025)) for v in V)


@Q(F, "number", "What have my medical visits cost in total this year? full price, ignore insurance",
   "Sum of Cost (comma decimal) over visits dated 2026-01-01..today, regardless of Insurance Covered; 2 decimals.")
def _():
    return rnd(sum(v["cost"] for v in V if within(v["date"], THIS_YEAR)))


@Q(F, "number", "What does a physio session cost on average?",
   "Mean Cost over Specialty = Physiotherapy rows; 2 decimals.")
def _():
    return avg(v["cost"] for v in V if v["spec"] == "Physiotherapy")


@Q(F, "number", "what's the median cost of a doctor's visit for me?", "Median Cost over all rows.")
def _():
    return rnd(statistics.median(v["cost"] for v in V))


@Q(F, "text", "My single most expensive appointment — which specialty was that?",
   "Specialty of the row with the highest Cost (unique).")
def _():
    return V[argmax({i: v["cost"] for i, v in enumerate(V)})]["spec"]


@Q(F, "text", "Which doctor have I seen the most?",
   "Rows per non-empty Doctor value; the doctor with the most rows.")
def _():
    return argmax(count_by([v for v in V if v["doctor"]], lambda v: v["doctor"]))


@Q(F, "set", "Which clinics did I go to in 2024?", "Distinct Clinic values over visits dated 2024.")
def _():
    return sorted({v["clinic"] for v in V if within(v["date"], yr(2024))})


@Q(F, "list", "Top 3 specialties I've had the most appointments with?",
   "Specialty values ranked by number of rows, top 3, most first.")
def _():
    return topk(count_by(V, lambda v: v["spec"]))


@Q(F, "number", "What percentage of my visits did insurance cover in full?",
   "Rows with Insurance Covered = Yes divided by all rows, times 100; 2 decimals ('Partial' is not full).")
def _():
    return rnd(100 * sum(v["cov"] == "Yes" for v in V) / len(V))


@Q(F, "word", "Was my healthcare spending higher or lower in 2025 than in 2024?",
   "Sum of Cost for visits in 2025 vs 2024 (full listed cost); 'higher' / 'lower'.")
def _():
    s = lambda y: sum(v["cost"] for v in V if within(v["date"], yr(y)))
    return "higher" if s(2025) > s(2024) else "lower"


@Q(F, "number", "How many appointments have I had in the past 90 days?",
   "Visit Date in 2026-08-27..2026-11-25 inclusive.")
def _():
    no_records_on([v["date"] for v in V], [PAST_90[0]])
    return sum(within(v["date"], PAST_90) for v in V)


@Q(F, "number", "What do the visits my insurance didn't cover at all add up to?",
   "Sum of Cost over rows with Insurance Covered = No; 2 decimals.")
def _():
    return rnd(sum(v["cost"] for v in V if v["cov"] == "No"))


@Q(F, "number", "How many of my appointments were in the afternoon, so from noon on?",
   "Rows with Time at or after 12:00.")
def _():
    return sum(v["time"] >= 12 * 60 for v in V)


@Q(F, "number", "Have I ever had an appointment on a Saturday? how many?", "Rows whose Visit Date is a Saturday.")
def _():
    return sum(v["date"].weekday() == 5 for v in V)


@Q(F, "number", "How many dermatology visits did insurance not pay for at all?",
   "Specialty = Dermatology and Insurance Covered = No.")
def _():
    return sum(v["spec"] == "Dermatology" and v["cov"] == "No" for v in V)


@Q(F, "number", "How many visits were either to the eye doctor or the cardiologist?",
   "Specialty = Ophthalmology or Specialty = Cardiology.")
def _():
    return sum(v["spec"] in ("Ophthalmology", "Cardiology") for v in V)


@Q(F, "text", "Which clinic is the priciest per visit, on average?",
   "Mean Cost per Clinic; the clinic with the highest mean.")
def _():
    return argmax(mean_by(V, lambda v: v["clinic"], lambda v: v["cost"]))


@Q(F, "text", "When did I last see my GP?",
   "Latest Visit Date with Specialty = General practice, as YYYY-MM-DD.")
def _():
    return max(v["date"] for v in V if v["spec"] == "General practice").isoformat()


@Q(F, "number", "How many visits this year were flagged as needing a follow-up?",
   "Visits dated 2026-01-01..today with Follow-up = Yes (empty cells count as not flagged).")
def _():
    return sum(within(v["date"], THIS_YEAR) and v["fu"] == "Yes" for v in V)


@Q(F, "number", "How many days were there between my last two dentist appointments?",
   "The two latest Dentistry Visit Dates; difference in days.")
def _():
    ds = sorted(v["date"] for v in V if v["spec"] == "Dentistry")
    return (ds[-1] - ds[-2]).days


# ------------------------------------------------------------------ write
def main():
    assert len(QS) == 120, len(QS)
    per = Counter(x["file"] for x in QS)
    assert all(n == 20 for n in per.values()), per
    out = []
    errors = []
    for i, x in enumerate(QS, 1):
        try:
            ans = x["fn"]()
        except AssertionError as e:
            errors.append((f"c{i:03d}", x["question"], e))
            continue
        out.append({"id": f"c{i:03d}", "file": x["file"], "today": TODAY_S, "question": x["question"],
                    "answer": ans, "answer_type": x["answer_type"], "notes": x["notes"]})
    if errors:
        for e in errors:
            print("AMBIGUOUS", *e)
        raise SystemExit(f"{len(errors)} ambiguous questions")
    with open(os.path.join(ROOT, "questions_c.jsonl"), "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} questions")
    return out


if __name__ == "__main__":
    for o in main():
        print(o["id"], o["file"], o["answer_type"], json.dumps(o["answer"], ensure_ascii=False))
