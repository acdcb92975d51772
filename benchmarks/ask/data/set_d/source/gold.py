#!/usr/bin/env python3
"""Compute every gold answer from ../files/ and write ../questions_d.jsonl.

Conventions (also in README.md):
  today            = 2026-11-25 (Wednesday)
  last month       = 2026-10-01 .. 2026-10-31
  this year (so far) = 2026-01-01 .. 2026-11-25
  last year        = 2025
  last summer      = 2026-06-01 .. 2026-08-31
  last winter      = 2025-12-01 .. 2026-02-28
  past N days      = date in (today - N, today]; a record dated exactly today - N is ambiguous,
                     so gold.py refuses (raises) if one exists.
  weekend          = Saturday or Sunday of the record's date column.
Arg-max / arg-min / top-k refuse ties; roundings refuse values sitting on a .5 boundary;
threshold questions refuse records sitting exactly on the threshold.
"""
import calendar
import csv
import datetime as dt
import json
import math
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ROOT / "files"
TODAY = dt.date(2026, 11, 25)


class GoldError(Exception):
    pass


# --------------------------------------------------------------------------- helpers
def D(y, m, d):
    return dt.date(y, m, d)


def year(y):
    return D(y, 1, 1), D(y, 12, 31)


def month(y, m):
    return D(y, m, 1), D(y, m, calendar.monthrange(y, m)[1])


def quarter(y, q):
    return D(y, 3 * q - 2, 1), month(y, 3 * q)[1]


LAST_MONTH = month(2026, 10)
YTD = (D(2026, 1, 1), TODAY)
LAST_YEAR = year(2025)
LAST_SUMMER = (D(2026, 6, 1), D(2026, 8, 31))
LAST_WINTER = (D(2025, 12, 1), D(2026, 2, 28))


def within(rows, win, key="date"):
    a, b = win
    return [r for r in rows if a <= r[key] <= b]


def past_days(rows, n, key="date"):
    edge = TODAY - dt.timedelta(days=n)
    if any(r[key] == edge for r in rows):
        raise GoldError(f"record on the edge of past-{n}-days window ({edge})")
    return [r for r in rows if edge < r[key] <= TODAY]


def rnd(x, nd):
    s = x * 10 ** nd
    if abs((s - math.floor(s)) - 0.5) < 1e-6:
        raise GoldError(f"rounding edge: {x}")
    v = round(x, nd)
    return int(v) if nd == 0 else v


def argbest(d, reverse=True):
    items = sorted(d.items(), key=lambda kv: kv[1], reverse=reverse)
    if not items:
        raise GoldError("empty")
    if len(items) > 1 and abs(items[0][1] - items[1][1]) < 1e-9:
        raise GoldError(f"tie: {items[:3]}")
    return items[0][0]


def argmax(d):
    return argbest(d, True)


def argmin(d):
    return argbest(d, False)


def topk(d, k, reverse=True):
    items = sorted(d.items(), key=lambda kv: kv[1], reverse=reverse)
    vals = [v for _, v in items[:k + 1]]
    for i in range(min(k, len(vals) - 1)):
        if abs(vals[i] - vals[i + 1]) < 1e-9:
            raise GoldError(f"tie in top-{k}: {items[:k + 1]}")
    if len(items) < k:
        raise GoldError("not enough items")
    return [key for key, _ in items[:k]]


def unique_by_date(rows, key="date"):
    c = Counter(r[key] for r in rows)
    if any(v > 1 for v in c.values()):
        raise GoldError("several records on the same date")


def not_on(rows, field, value):
    if any(r[field] == value for r in rows if r[field] is not None):
        raise GoldError(f"record exactly on threshold {field}={value}")


def mean(xs):
    xs = list(xs)
    if not xs:
        raise GoldError("mean of nothing")
    return sum(xs) / len(xs)


def weekend(d):
    return d.weekday() >= 5


def mins(hhmm):
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


MONTH = calendar.month_name


# --------------------------------------------------------------------------- loaders
def read_csv(name):
    with open(FILES / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_sleep():
    out = []
    for r in read_csv("sleep.csv"):
        out.append(dict(
            date=dt.date.fromisoformat(r["Date"]), bed=mins(r["Bedtime"]), wake=mins(r["Wake Time"]),
            dur=int(r["Duration (min)"]), score=int(r["Sleep Score"]) if r["Sleep Score"] else None,
            awk=int(r["Awakenings"]), quality=r["Quality"], alarm={"TRUE": True, "FALSE": False}[r["Alarm Used"]],
            notes=r["Notes"]))
    return out


def load_fuel():
    out = []
    for r in read_csv("fuel_log.csv"):
        out.append(dict(
            date=dt.datetime.strptime(r["Date"], "%d/%m/%Y").date(), odo=int(r["Odometer (km)"]),
            station=r["Station"], ftype=r["Fuel Type"], litres=float(r["Litres"]),
            price=float(r["Price/L (SEK)"]), total=float(r["Total Cost (SEK)"]),
            full={"Yes": True, "No": False}[r["Full Tank"]], notes=r["Notes"]))
    return out


def load_reading():
    with open(FILES / "reading_log.json", encoding="utf-8") as f:
        data = json.load(f)
    out = []
    for r in data:
        out.append(dict(
            date=dt.date.fromisoformat(r["session_date"]), title=r["book_title"], author=r["author"],
            fmt=r["format"], pages=r["pages_read"], minutes=r["minutes"], loc=r["location"],
            finished=r["finished"], rating=r["rating"], note=r["note"]))
    return out


def load_card():
    out = []
    for r in read_csv("card_transactions.csv"):
        out.append(dict(
            date=dt.date.fromisoformat(r["Transaction Date"]), time=mins(r["Time"]), merchant=r["Merchant"],
            cat=r["Category"], amt=float(r["Amount (SEK)"]), card=r["Card"],
            contactless={"TRUE": True, "FALSE": False, "": None}[r["Contactless"]], type=r["Type"],
            notes=r["Notes"]))
    return out


def load_energy():
    out = []
    for r in read_csv("energy_readings.csv"):
        out.append(dict(
            date=dt.date.fromisoformat(r["reading_date"]), time=mins(r["reading_time"]),
            meter=float(r["meter_reading_kwh"]), usage=float(r["usage_kwh"]), cost=float(r["cost_sek"]),
            tariff=r["tariff"], est={"Y": True, "N": False}[r["estimated"]],
            temp=float(r["outdoor_temp_c"]) if r["outdoor_temp_c"] else None, comment=r["comment"]))
    return out


def load_meds():
    with open(FILES / "medication_log.json", encoding="utf-8") as f:
        data = json.load(f)
    out = []
    for r in data:
        out.append(dict(
            date=dt.date.fromisoformat(r["date_local"]), time=mins(r["time_local"]), med=r["medication"],
            dose=r["dose_mg"], status=r["status"], food=r["with_food"], reminder=r["from_reminder"],
            note=r["note"]))
    return out


SLEEP, FUEL, READ, CARD, ENERGY, MEDS = (load_sleep(), load_fuel(), load_reading(), load_card(),
                                         load_energy(), load_meds())

QUESTIONS = []


def Q(file, atype, question, notes):
    def deco(fn):
        QUESTIONS.append(dict(file=file, answer_type=atype, question=question, notes=notes, fn=fn))
        return fn
    return deco


# =========================================================================== sleep.csv
F = "sleep.csv"


@Q(F, "number", "hey how many nights did I actually log sleep last month?",
   "Count of rows with Date in 2026-10-01..2026-10-31.")
def _():
    return len(within(SLEEP, LAST_MONTH))


@Q(F, "number", "whats my avrage sleep per night for september 2026, in hours? 2 decimals is fine",
   "Mean of Duration (min) for Date in 2026-09, divided by 60, rounded to 2 decimals.")
def _():
    return rnd(mean(r["dur"] for r in within(SLEEP, month(2026, 9))) / 60, 2)


@Q(F, "number", "What was my average sleep score in 2025? Some nights don't have a score, just skip those.",
   "Mean of Sleep Score over 2025 rows with a non-empty score, rounded to 1 decimal.")
def _():
    return rnd(mean(r["score"] for r in within(SLEEP, LAST_YEAR) if r["score"] is not None), 1)


@Q(F, "text", "Which night this year did I get the most sleep? Just give me the date on the entry.",
   "Arg-max of Duration (min) over rows with Date in 2026; answer is that row's Date (wake-up date), YYYY-MM-DD. Unique max.")
def _():
    return argmax({r["date"].isoformat(): r["dur"] for r in within(SLEEP, YTD)})


@Q(F, "number", "how many times in 2025 did i go to bed after midnight",
   "Rows with Date in 2025 whose Bedtime is between 00:01 and 11:59 (bedtimes are 21:15-01:40; none is exactly 00:00 in 2025).")
def _():
    rows = within(SLEEP, LAST_YEAR)
    if any(r["bed"] == 0 for r in rows):
        raise GoldError("bedtime exactly 00:00")
    return sum(1 for r in rows if 0 < r["bed"] < 12 * 60)


@Q(F, "word", "Did I log more or fewer nights in the second half of 2025 compared with the first half?",
   "Rows Jul-Dec 2025 vs Jan-Jun 2025; 'more' if H2 > H1, 'fewer' if H2 < H1, 'same' if equal.")
def _():
    h1 = len(within(SLEEP, (D(2025, 1, 1), D(2025, 6, 30))))
    h2 = len(within(SLEEP, (D(2025, 7, 1), D(2025, 12, 31))))
    return "more" if h2 > h1 else "fewer" if h2 < h1 else "same"


@Q(F, "number", "what % of my nights in 2024 were rated Poor? one decimal",
   "Rows in 2024 with Quality == 'Poor' divided by all 2024 rows, x100, rounded to 1 decimal.")
def _():
    rows = within(SLEEP, year(2024))
    return rnd(100 * sum(r["quality"] == "Poor" for r in rows) / len(rows), 1)


@Q(F, "text", "Which day of the week do I sleep longest on average? Go by the date on each entry, whole history.",
   "Group all rows by weekday of Date; mean Duration (min) per weekday; arg-max (unique). Answer is the English weekday name.")
def _():
    g = defaultdict(list)
    for r in SLEEP:
        g[calendar.day_name[r["date"].weekday()]].append(r["dur"])
    return argmax({k: mean(v) for k, v in g.items()})


@Q(F, "number", "quick one — how many mornings in Q3 2025 did I wake up without an alarm?",
   "Rows with Date 2025-07-01..2025-09-30 and Alarm Used == FALSE.")
def _():
    return sum(1 for r in within(SLEEP, quarter(2025, 3)) if not r["alarm"])


@Q(F, "number", "most times I woke up during a single night last summer?",
   "Max of Awakenings over rows with Date 2026-06-01..2026-08-31.")
def _():
    return max(r["awk"] for r in within(SLEEP, LAST_SUMMER))


@Q(F, "text", "when was the last time I wrote something about coffee in my sleep notes?",
   "Latest Date among rows whose Notes contain 'coffee' (case-insensitive). YYYY-MM-DD.")
def _():
    return max(r["date"] for r in SLEEP if "coffee" in r["notes"].lower()).isoformat()


@Q(F, "text", "whats the first night this year my sleep score dipped under 45",
   "Earliest Date in 2026 with Sleep Score < 45 (empty scores ignored; none exactly 45). YYYY-MM-DD.")
def _():
    rows = [r for r in within(SLEEP, YTD) if r["score"] is not None]
    not_on(rows, "score", 45)
    return min(r["date"] for r in rows if r["score"] < 45).isoformat()


@Q(F, "number", "How many hours did I sleep in total over the past 60 days? One decimal.",
   "Sum of Duration (min)/60 for Date in (2026-09-26, 2026-11-25]; no row sits on 2026-09-26. Rounded to 1 decimal.")
def _():
    return rnd(sum(r["dur"] for r in past_days(SLEEP, 60)) / 60, 1)


@Q(F, "number", "How many nights in 2025 did I get less than six and a half hours of sleep and also wake up more than 3 times?",
   "Rows in 2025 with Duration (min) < 390 and Awakenings > 3 (no 2025 row has exactly 390 min).")
def _():
    rows = within(SLEEP, LAST_YEAR)
    not_on(rows, "dur", 390)
    return sum(1 for r in rows if r["dur"] < 390 and r["awk"] > 3)


@Q(F, "word", "Comparing Jan–Oct 2026 with Jan–Oct 2025, did my average nightly sleep go up or down?",
   "Mean Duration (min) for Date 2026-01-01..2026-10-31 vs 2025-01-01..2025-10-31; 'increase' if 2026 higher, else 'decrease'.")
def _():
    a = mean(r["dur"] for r in within(SLEEP, (D(2025, 1, 1), D(2025, 10, 31))))
    b = mean(r["dur"] for r in within(SLEEP, (D(2026, 1, 1), D(2026, 10, 31))))
    return "increase" if b > a else "decrease" if b < a else "same"


@Q(F, "number", "in how many months of 2024 did I track at least 10 nights?",
   "Count calendar months of 2024 having >= 10 rows.")
def _():
    c = Counter(r["date"].month for r in within(SLEEP, year(2024)))
    return sum(1 for v in c.values() if v >= 10)


@Q(F, "set", "Which months last year had an average sleep score above 70? ignore nights with no score",
   "Per calendar month of 2025, mean Sleep Score over non-empty scores; months with mean > 70 (none exactly 70). English month names.")
def _():
    g = defaultdict(list)
    for r in within(SLEEP, LAST_YEAR):
        if r["score"] is not None:
            g[r["date"].month].append(r["score"])
    avgs = {m: mean(v) for m, v in g.items()}
    if any(abs(v - 70) < 1e-9 for v in avgs.values()):
        raise GoldError("month avg exactly 70")
    return sorted(MONTH[m] for m, v in avgs.items() if v > 70)


@Q(F, "number", "how often did I wake up before 6am this year",
   "Rows with Date in 2026 and Wake Time < 06:00 (strictly).")
def _():
    return sum(1 for r in within(SLEEP, YTD) if r["wake"] < 360)


@Q(F, "text", "which day last month did I get up earliest?",
   "Arg-min of Wake Time over rows with Date in 2026-10 (unique); answer is the Date, YYYY-MM-DD.")
def _():
    return argmin({r["date"].isoformat(): r["wake"] for r in within(SLEEP, LAST_MONTH)})


@Q(F, "list", "top 3 longest sleeps in 2024 — just the dates, longest first",
   "Rows in 2024 sorted by Duration (min) descending; Dates of the first three (no ties among top 4).")
def _():
    return topk({r["date"].isoformat(): r["dur"] for r in within(SLEEP, year(2024))}, 3)


# =========================================================================== fuel_log.csv
F = "fuel_log.csv"


@Q(F, "number", "How much did I spend on fuel alltogether last year?",
   "Sum of Total Cost (SEK) for Date (DD/MM/YYYY) in 2025, all fuel types, rounded to 2 decimals.")
def _():
    return rnd(sum(r["total"] for r in within(FUEL, LAST_YEAR)), 2)


@Q(F, "number", "how many times did i fill up the car in Q3 2025",
   "Rows with Date 2025-07-01..2025-09-30.")
def _():
    return len(within(FUEL, quarter(2025, 3)))


@Q(F, "number", "what have I paid per litre overall so far this year? like total cost divided by total litres",
   "Sum Total Cost (SEK) / sum Litres over rows dated 2026, rounded to 2 decimals.")
def _():
    rows = within(FUEL, YTD)
    return rnd(sum(r["total"] for r in rows) / sum(r["litres"] for r in rows), 2)


@Q(F, "text", "Which petrol station did I use the most in 2025?",
   "Station with the most rows in 2025 (unique max).")
def _():
    return argmax(Counter(r["station"] for r in within(FUEL, LAST_YEAR)))


@Q(F, "set", "which stations have I only ever been to once?",
   "Stations appearing in exactly one row across the whole file.")
def _():
    c = Counter(r["station"] for r in FUEL)
    return sorted(s for s, n in c.items() if n == 1)


@Q(F, "number", "hey, how many litres have I tanked in the past 90 days?",
   "Sum of Litres for Date in (2026-08-27, 2026-11-25]; no row on 2026-08-27. Rounded to 2 decimals.")
def _():
    return rnd(sum(r["litres"] for r in past_days(FUEL, 90)), 2)


@Q(F, "number", "How many km did the odometer go up between my first and last fill-up of 2025?",
   "Odometer (km) of the latest 2025 row minus that of the earliest 2025 row.")
def _():
    rows = sorted(within(FUEL, LAST_YEAR), key=lambda r: r["date"])
    return rows[-1]["odo"] - rows[0]["odo"]


@Q(F, "text", "When was my biggest fill-up in litres?",
   "Date of the row with maximum Litres, whole file (unique), YYYY-MM-DD.")
def _():
    return argmax({r["date"].isoformat(): r["litres"] for r in FUEL})


@Q(F, "text", "the single most expensive fill-up I've had — which station was that at?",
   "Station of the row with maximum Total Cost (SEK), whole file (unique).")
def _():
    best = argmax({i: r["total"] for i, r in enumerate(FUEL)})
    return FUEL[best]["station"]


@Q(F, "number", "how many times have I filled up with ethanol (E85), in total?",
   "Rows with Fuel Type == 'E85', whole file.")
def _():
    return sum(1 for r in FUEL if r["ftype"] == "E85")


@Q(F, "word", "did my fuel spending go up or down from the first half of 2025 to the second half?",
   "Sum Total Cost Jul-Dec 2025 vs Jan-Jun 2025; 'increase' if H2 higher, else 'decrease'.")
def _():
    h1 = sum(r["total"] for r in within(FUEL, (D(2025, 1, 1), D(2025, 6, 30))))
    h2 = sum(r["total"] for r in within(FUEL, (D(2025, 7, 1), D(2025, 12, 31))))
    return "increase" if h2 > h1 else "decrease" if h2 < h1 else "same"


@Q(F, "number", "How many of my 2024 fill-ups were on a weekend?",
   "Rows dated in 2024 falling on Saturday or Sunday.")
def _():
    return sum(1 for r in within(FUEL, year(2024)) if weekend(r["date"]))


@Q(F, "number", "this year, how many times did I not fill the tank all the way?",
   "Rows dated 2026 with Full Tank == 'No'.")
def _():
    return sum(1 for r in within(FUEL, YTD) if not r["full"])


@Q(F, "number", "average litres per fill-up in 2024, only counting full tanks",
   "Mean Litres over 2024 rows with Full Tank == 'Yes', rounded to 2 decimals.")
def _():
    return rnd(mean(r["litres"] for r in within(FUEL, year(2024)) if r["full"]), 2)


@Q(F, "number", "whats the highest price per litre ive ever paid",
   "Max of Price/L (SEK) over the whole file (SEK, 2 decimals).")
def _():
    return max(r["price"] for r in FUEL)


@Q(F, "list", "top 3 stations by total money spent there, all time",
   "Sum Total Cost (SEK) per Station over the whole file; top 3 descending (no ties).")
def _():
    g = defaultdict(float)
    for r in FUEL:
        g[r["station"]] += r["total"]
    return topk(g, 3)


@Q(F, "text", "when did I last get the car washed while filling up?",
   "Latest Date among rows whose Notes contain 'wash' (case-insensitive), YYYY-MM-DD.")
def _():
    return max(r["date"] for r in FUEL if "wash" in r["notes"].lower()).isoformat()


@Q(F, "text", "First fill-up of 2026, where was it?",
   "Station of the earliest-dated 2026 row (only one row on that date).")
def _():
    rows = within(FUEL, YTD)
    first = min(r["date"] for r in rows)
    hits = [r for r in rows if r["date"] == first]
    if len(hits) != 1:
        raise GoldError("tie")
    return hits[0]["station"]


@Q(F, "number", "How many fill-ups cost me more than 700 kr in 2025?",
   "Rows in 2025 with Total Cost (SEK) > 700 (none exactly 700.00).")
def _():
    rows = within(FUEL, LAST_YEAR)
    not_on(rows, "total", 700.0)
    return sum(1 for r in rows if r["total"] > 700)


@Q(F, "number", "in how many months of 2024 did I fill up at least 3 times?",
   "Calendar months of 2024 with >= 3 rows.")
def _():
    c = Counter(r["date"].month for r in within(FUEL, year(2024)))
    return sum(1 for v in c.values() if v >= 3)


# =========================================================================== reading_log.json
F = "reading_log.json"


@Q(F, "number", "how many pages did I read last month?",
   "Sum of pages_read (null = audiobook, treated as 0) for session_date in 2026-10.")
def _():
    return sum(r["pages"] or 0 for r in within(READ, LAST_MONTH))


@Q(F, "number", "How many books did I finish in 2025? audiobooks count too",
   "Count of sessions in 2025 with finished == true (each book has exactly one finishing session).")
def _():
    rows = [r for r in within(READ, LAST_YEAR) if r["finished"]]
    assert len({r["title"] for r in rows}) == len(rows)
    return len(rows)


@Q(F, "number", "avg length of my reading sessions this year in minutes (1 decimal pls)",
   "Mean of minutes over sessions dated 2026, all formats, rounded to 1 decimal.")
def _():
    return rnd(mean(r["minutes"] for r in within(READ, YTD)), 1)


@Q(F, "text", "Which author have I spent the most time with overall?",
   "Sum of minutes per author over the whole file; arg-max (unique).")
def _():
    g = defaultdict(int)
    for r in READ:
        g[r["author"]] += r["minutes"]
    return argmax(g)


@Q(F, "set", "which books did I finish this year?",
   "book_title of sessions dated 2026 with finished == true.")
def _():
    return sorted({r["title"] for r in within(READ, YTD) if r["finished"]})


@Q(F, "text", "what was the first book I finished in 2024?",
   "book_title of the earliest 2024 session with finished == true.")
def _():
    rows = sorted((r for r in within(READ, year(2024)) if r["finished"]), key=lambda r: r["date"])
    if len(rows) > 1 and rows[0]["date"] == rows[1]["date"]:
        raise GoldError("tie")
    return rows[0]["title"]


@Q(F, "number", "What's the average star rating I gave the books I finished in 2025?",
   "Mean of rating over 2025 sessions with finished == true, rounded to 2 decimals.")
def _():
    return rnd(mean(r["rating"] for r in within(READ, LAST_YEAR) if r["finished"]), 2)


@Q(F, "number", "how many times did I read on my commute in Q1 2026?",
   "Sessions dated 2026-01-01..2026-03-31 with location == 'commute' (any format).")
def _():
    return sum(1 for r in within(READ, quarter(2026, 1)) if r["loc"] == "commute")


@Q(F, "number", "pages read over the past 90 days? audiobooks have no pages so leave them out",
   "Sum of non-null pages_read for session_date in (2026-08-27, 2026-11-25]; no session on 2026-08-27.")
def _():
    return sum(r["pages"] for r in past_days(READ, 90) if r["pages"] is not None)


@Q(F, "list", "top 3 books by pages I read in 2025, most first",
   "Sum of pages_read per book_title over 2025 sessions (non-null); top 3 descending, no ties.")
def _():
    g = defaultdict(int)
    for r in within(READ, LAST_YEAR):
        if r["pages"] is not None:
            g[r["title"]] += r["pages"]
    return topk(g, 3)


@Q(F, "number", "what share of my 2025 reading sessions were audiobooks? as a percentage",
   "Sessions in 2025 with format == 'audiobook' / all 2025 sessions x100, rounded to 1 decimal.")
def _():
    rows = within(READ, LAST_YEAR)
    return rnd(100 * sum(r["fmt"] == "audiobook" for r in rows) / len(rows), 1)


@Q(F, "word", "in 2025 did I read more or fewer pages on weekends than on weekdays (totals, not averages)?",
   "Total pages_read on Sat/Sun sessions in 2025 vs Mon-Fri sessions; 'more' if weekend total higher, else 'fewer'.")
def _():
    rows = within(READ, LAST_YEAR)
    we = sum(r["pages"] or 0 for r in rows if weekend(r["date"]))
    wd = sum(r["pages"] or 0 for r in rows if not weekend(r["date"]))
    return "more" if we > wd else "fewer" if we < wd else "same"


@Q(F, "text", "Which day in 2024 did I have my longest reading session?",
   "session_date of the 2024 session with maximum minutes (unique), YYYY-MM-DD.")
def _():
    return argmax({r["date"].isoformat(): r["minutes"] for r in within(READ, year(2024))})


@Q(F, "number", "how many different books did I pick up last summer?",
   "Distinct book_title over sessions dated 2026-06-01..2026-08-31.")
def _():
    return len({r["title"] for r in within(READ, LAST_SUMMER)})


@Q(F, "list", "rank the formats by average session length, longest first",
   "Mean minutes per format over the whole file, sorted descending (no ties).")
def _():
    g = defaultdict(list)
    for r in READ:
        g[r["fmt"]].append(r["minutes"])
    return topk({k: mean(v) for k, v in g.items()}, len(g))


@Q(F, "text", "when did I last read Piranesi?",
   "Latest session_date with book_title == 'Piranesi', YYYY-MM-DD.")
def _():
    return max(r["date"] for r in READ if r["title"] == "Piranesi").isoformat()


@Q(F, "number", "total minutes I spent reading between March 3 and April 10 2025, inclusive",
   "Sum of minutes for session_date 2025-03-03..2025-04-10 inclusive, all formats.")
def _():
    return sum(r["minutes"] for r in within(READ, (D(2025, 3, 3), D(2025, 4, 10))))


@Q(F, "number", "How many sessions in bed went longer than 45 minutes in 2024?",
   "Sessions in 2024 with location == 'bed' and minutes > 45 (none at exactly 45).")
def _():
    rows = [r for r in within(READ, year(2024)) if r["loc"] == "bed"]
    not_on(rows, "minutes", 45)
    return sum(1 for r in rows if r["minutes"] > 45)


@Q(F, "set", "which books did I give 5 stars?",
   "book_title of sessions with rating == 5, whole file.")
def _():
    return sorted({r["title"] for r in READ if r["rating"] == 5})


@Q(F, "word", "Am I reading more or less this year? pages from Jan 1 to Nov 24, 2026 vs the same dates in 2025 — up or down?",
   "Sum of pages_read 2026-01-01..2026-11-24 vs 2025-01-01..2025-11-24; 'increase' if 2026 higher, else 'decrease'.")
def _():
    a = sum(r["pages"] or 0 for r in within(READ, (D(2025, 1, 1), D(2025, 11, 24))))
    b = sum(r["pages"] or 0 for r in within(READ, (D(2026, 1, 1), D(2026, 11, 24))))
    return "increase" if b > a else "decrease" if b < a else "same"


# =========================================================================== card_transactions.csv
F = "card_transactions.csv"
PUR = [r for r in CARD if r["type"] == "PURCHASE"]


def no_refunds(rows):
    if any(r["type"] == "REFUND" for r in rows):
        raise GoldError("refund in window")
    return rows


@Q(F, "number", "quick q — what did groceries cost me last month?",
   "Sum of Amount (SEK) for Category == 'Groceries' and Transaction Date in 2026-10 (no refunds in that set). 2 decimals.")
def _():
    rows = no_refunds([r for r in within(CARD, LAST_MONTH) if r["cat"] == "Groceries"])
    return rnd(sum(r["amt"] for r in rows), 2)


@Q(F, "number", "hey how many times did I buy something at Espresso House this year",
   "PURCHASE rows with Merchant == 'Espresso House' dated 2026.")
def _():
    return sum(1 for r in within(PUR, YTD) if r["merchant"] == "Espresso House")


@Q(F, "text", "Which merchant did I use my card at most often in 2025?",
   "Merchant with the most PURCHASE rows in 2025 (unique max); same answer if refunds are counted or the monthly Spotify charge is excluded.")
def _():
    m = argmax(Counter(r["merchant"] for r in within(PUR, LAST_YEAR)))
    if m != argmax(Counter(r["merchant"] for r in within(CARD, LAST_YEAR) if r["merchant"] != "Spotify")):
        raise GoldError("answer depends on refunds / subscription interpretation")
    return m


@Q(F, "list", "top 3 categories I spent the most on in 2025? ignore refunds",
   "Sum of Amount (SEK) per Category over PURCHASE rows in 2025; top 3 descending (no ties).")
def _():
    g = defaultdict(float)
    for r in within(PUR, LAST_YEAR):
        g[r["cat"]] += r["amt"]
    return topk(g, 3)


@Q(F, "number", "whats my average grocery shop in 2024 (per transaction)?",
   "Mean Amount (SEK) over PURCHASE rows with Category == 'Groceries' in 2024, rounded to 2 decimals.")
def _():
    return rnd(mean(r["amt"] for r in within(PUR, year(2024)) if r["cat"] == "Groceries"), 2)


@Q(F, "text", "Biggest single purchase last summer — where was it?",
   "Merchant of the PURCHASE row with the largest Amount (SEK) dated 2026-06-01..2026-08-31 (unique).")
def _():
    rows = within(PUR, LAST_SUMMER)
    return rows[argmax({i: r["amt"] for i, r in enumerate(rows)})]["merchant"]


@Q(F, "number", "how much did I spend eating out in Q3 2025?",
   "Sum Amount (SEK) for Category == 'Eating Out', dated 2025-07-01..2025-09-30 (no refunds), 2 decimals.")
def _():
    rows = no_refunds([r for r in within(CARD, quarter(2025, 3)) if r["cat"] == "Eating Out"])
    return rnd(sum(r["amt"] for r in rows), 2)


@Q(F, "number", "How many card payments went through before 9am this year?",
   "PURCHASE rows dated 2026 with Time < 09:00 (includes the automatic early-morning Spotify charges).")
def _():
    return sum(1 for r in within(PUR, YTD) if r["time"] < 9 * 60)


@Q(F, "number", "What percentage of my in-store payments in 2025 were contactless? online ones have that blank, skip them",
   "PURCHASE rows in 2025 with Contactless TRUE / rows with Contactless TRUE or FALSE, x100, 1 decimal.")
def _():
    rows = [r for r in within(PUR, LAST_YEAR) if r["contactless"] is not None]
    return rnd(100 * sum(r["contactless"] for r in rows) / len(rows), 1)


@Q(F, "set", "which shops did I go to at least 8 times in 2025?",
   "Merchants with >= 8 PURCHASE rows in 2025 (Spotify, a subscription, is excluded as it is not a shop visit).")
def _():
    c = Counter(r["merchant"] for r in within(PUR, LAST_YEAR) if r["merchant"] != "Spotify")
    return sorted(m for m, n in c.items() if n >= 8)


@Q(F, "number", "how much have I gotten back in refunds in total",
   "Sum of |Amount (SEK)| over rows with Type == 'REFUND', whole file, 2 decimals.")
def _():
    return rnd(sum(-r["amt"] for r in CARD if r["type"] == "REFUND"), 2)


@Q(F, "word", "did I spend more or less on eating out in 2025 than 2024 — up or down?",
   "Sum Amount for Category 'Eating Out' in 2025 vs 2024 (no refunds in this category); 'increase' if 2025 higher.")
def _():
    a = sum(r["amt"] for r in no_refunds([r for r in within(CARD, year(2024)) if r["cat"] == "Eating Out"]))
    b = sum(r["amt"] for r in no_refunds([r for r in within(CARD, LAST_YEAR) if r["cat"] == "Eating Out"]))
    return "increase" if b > a else "decrease" if b < a else "same"


@Q(F, "number", "How many different places have I paid with my card in the past 90 days?",
   "Distinct Merchant over PURCHASE rows dated in (2026-08-27, 2026-11-25]; no row on 2026-08-27.")
def _():
    n = len({r["merchant"] for r in past_days(PUR, 90)})
    if n != len({r["merchant"] for r in past_days(CARD, 90)}):
        raise GoldError("answer depends on whether refunds count")
    return n


@Q(F, "number", "how much did I spend eating out on weekends in 2025",
   "Sum Amount (SEK), Category 'Eating Out', PURCHASE rows dated Sat/Sun in 2025, 2 decimals.")
def _():
    return rnd(sum(r["amt"] for r in within(PUR, LAST_YEAR) if r["cat"] == "Eating Out" and weekend(r["date"])), 2)


@Q(F, "text", "which month of 2025 did I spend the most on my card? refunds not counted",
   "Sum Amount (SEK) of PURCHASE rows per calendar month of 2025; arg-max (unique); English month name.")
def _():
    g = defaultdict(float)
    for r in within(PUR, LAST_YEAR):
        g[MONTH[r["date"].month]] += r["amt"]
    return argmax(g)


@Q(F, "set", "what categories did I use the Mastercard for last month?",
   "Distinct Category of rows with Card == 'Mastercard *1907' dated 2026-10.")
def _():
    return sorted({r["cat"] for r in within(CARD, LAST_MONTH) if r["card"].startswith("Mastercard")})


@Q(F, "text", "when was the last time I bought anything at Systembolaget?",
   "Latest Transaction Date of a PURCHASE row with Merchant == 'Systembolaget', YYYY-MM-DD.")
def _():
    return max(r["date"] for r in PUR if r["merchant"] == "Systembolaget").isoformat()


@Q(F, "number", "How much did I spend between March 3 and April 10 this year inclusive, not counting refunds?",
   "Sum Amount (SEK) of PURCHASE rows dated 2026-03-03..2026-04-10 inclusive, 2 decimals.")
def _():
    return rnd(sum(r["amt"] for r in within(PUR, (D(2026, 3, 3), D(2026, 4, 10)))), 2)


@Q(F, "number", "how many Shopping purchases over 500 kr did I make in 2024?",
   "PURCHASE rows in 2024 with Category == 'Shopping' and Amount > 500 (none exactly 500).")
def _():
    rows = [r for r in within(PUR, year(2024)) if r["cat"] == "Shopping"]
    not_on(rows, "amt", 500.0)
    return sum(1 for r in rows if r["amt"] > 500)


@Q(F, "text", "In 2025, which category had the highest average amount per purchase?",
   "Mean Amount (SEK) per Category over PURCHASE rows in 2025; arg-max (unique).")
def _():
    g = defaultdict(list)
    for r in within(PUR, LAST_YEAR):
        g[r["cat"]].append(r["amt"])
    return argmax({k: mean(v) for k, v in g.items()})


# =========================================================================== energy_readings.csv
F = "energy_readings.csv"


@Q(F, "number", "I think I was pretty bad at reading the meter last year — how many readings did I actually do?",
   "Rows with reading_date in 2025.")
def _():
    return len(within(ENERGY, LAST_YEAR))


@Q(F, "number", "How much electricity did I use in 2025, adding up the usage on each reading dated that year?",
   "Sum of usage_kwh for reading_date in 2025, rounded to 1 decimal.")
def _():
    return rnd(sum(r["usage"] for r in within(ENERGY, LAST_YEAR)), 1)


@Q(F, "text", "which reading had the highest usage? date pls",
   "reading_date of the row with maximum usage_kwh, whole file (unique), YYYY-MM-DD.")
def _():
    return argmax({r["date"].isoformat(): r["usage"] for r in ENERGY})


@Q(F, "number", "avg kWh per reading last winter (Dec 2025 to Feb 2026)? 1 decimal",
   "Mean usage_kwh for reading_date 2025-12-01..2026-02-28, rounded to 1 decimal.")
def _():
    return rnd(mean(r["usage"] for r in within(ENERGY, LAST_WINTER)), 1)


@Q(F, "number", "how many of my readings were estimated instead of actual?",
   "Rows with estimated == 'Y', whole file.")
def _():
    return sum(1 for r in ENERGY if r["est"])


@Q(F, "number", "average outside temperature when I read the meter in Q1 2026, skipping blanks",
   "Mean outdoor_temp_c over non-empty values with reading_date 2026-01-01..2026-03-31, rounded to 1 decimal.")
def _():
    return rnd(mean(r["temp"] for r in within(ENERGY, quarter(2026, 1)) if r["temp"] is not None), 1)


@Q(F, "number", "How much have I paid for electricity so far this year?",
   "Sum of cost_sek for reading_date in 2026, rounded to 2 decimals.")
def _():
    return rnd(sum(r["cost"] for r in within(ENERGY, YTD)), 2)


@Q(F, "text", "which tariff has been cheapest per kWh overall (total cost / total kWh)?",
   "Per tariff: sum cost_sek / sum usage_kwh over the whole file; arg-min (unique).")
def _():
    c, u = defaultdict(float), defaultdict(float)
    for r in ENERGY:
        c[r["tariff"]] += r["cost"]
        u[r["tariff"]] += r["usage"]
    return argmin({k: c[k] / u[k] for k in c})


@Q(F, "number", "how many readings did I take before 8 in the morning?",
   "Rows with reading_time < 08:00, whole file.")
def _():
    return sum(1 for r in ENERGY if r["time"] < 8 * 60)


@Q(F, "word", "was I using more power in Q3 2025 than in Q3 2024? up or down",
   "Sum usage_kwh for reading_date Jul-Sep 2025 vs Jul-Sep 2024; 'increase' if 2025 higher.")
def _():
    a = sum(r["usage"] for r in within(ENERGY, quarter(2024, 3)))
    b = sum(r["usage"] for r in within(ENERGY, quarter(2025, 3)))
    return "increase" if b > a else "decrease" if b < a else "same"


@Q(F, "number", "how many readings had it below freezing outside and more than 150 kWh used?",
   "Rows with non-empty outdoor_temp_c < 0 and usage_kwh > 150, whole file (none exactly 0.0 / 150.0).")
def _():
    not_on(ENERGY, "temp", 0.0)
    not_on(ENERGY, "usage", 150.0)
    return sum(1 for r in ENERGY if r["temp"] is not None and r["temp"] < 0 and r["usage"] > 150)


@Q(F, "set", "Which tariffs was I on during 2024?",
   "Distinct tariff values over rows dated 2024.")
def _():
    return sorted({r["tariff"] for r in within(ENERGY, year(2024))})


@Q(F, "text", "when did I switch to the spot price tariff? date of the first reading on it",
   "Earliest reading_date with tariff == 'spot', YYYY-MM-DD.")
def _():
    return min(r["date"] for r in ENERGY if r["tariff"] == "spot").isoformat()


@Q(F, "number", "what did the meter say at my last reading of 2025?",
   "meter_reading_kwh of the latest-dated 2025 row.")
def _():
    rows = within(ENERGY, LAST_YEAR)
    unique_by_date(rows)
    return max(rows, key=lambda r: r["date"])["meter"]


@Q(F, "text", "when did I last mention the sauna in the comments?",
   "Latest reading_date whose comment contains 'sauna' (case-insensitive), YYYY-MM-DD.")
def _():
    return max(r["date"] for r in ENERGY if "sauna" in r["comment"].lower()).isoformat()


@Q(F, "list", "top 3 months of 2025 by electricity use (sum of usage on readings dated in each month)",
   "Sum usage_kwh per calendar month of reading_date in 2025; top 3 descending (no ties); English month names.")
def _():
    g = defaultdict(float)
    for r in within(ENERGY, LAST_YEAR):
        g[MONTH[r["date"].month]] += r["usage"]
    return topk(g, 3)


@Q(F, "number", "how many times did I read the meter on a weekend this year?",
   "Rows dated 2026 on Saturday or Sunday.")
def _():
    return sum(1 for r in within(ENERGY, YTD) if weekend(r["date"]))


@Q(F, "number", "total electricity cost over the last 180 days?",
   "Sum cost_sek for reading_date in (2026-05-29, 2026-11-25]; no reading on 2026-05-29. 2 decimals.")
def _():
    return rnd(sum(r["cost"] for r in past_days(ENERGY, 180)), 2)


@Q(F, "number", "how many readings did I forget to put the outdoor temp on?",
   "Rows with empty outdoor_temp_c, whole file.")
def _():
    return sum(1 for r in ENERGY if r["temp"] is None)


@Q(F, "number", "lowest usage on a single reading last summer?",
   "Min usage_kwh for reading_date 2026-06-01..2026-08-31 (kWh, 1 decimal).")
def _():
    return min(r["usage"] for r in within(ENERGY, LAST_SUMMER))


# =========================================================================== medication_log.json
F = "medication_log.json"
TAKEN = [r for r in MEDS if r["status"] == "taken"]


@Q(F, "number", "how many ibuprofen did I take last month?",
   "Entries with medication == 'Ibuprofen', status == 'taken', date_local in 2026-10 (one entry = one dose).")
def _():
    return sum(1 for r in within(TAKEN, LAST_MONTH) if r["med"] == "Ibuprofen")


@Q(F, "number", "how much ibuprofen did I get through in 2025, in mg? exact total pls",
   "Sum dose_mg over taken Ibuprofen entries dated 2025.")
def _():
    return sum(r["dose"] for r in within(TAKEN, LAST_YEAR) if r["med"] == "Ibuprofen")


@Q(F, "number", "how many doses have I skipped this year?",
   "Entries with status == 'skipped' dated 2026.")
def _():
    return sum(1 for r in within(MEDS, YTD) if r["status"] == "skipped")


@Q(F, "text", "Which medication did I take most often in 2024?",
   "Medication with the most taken entries in 2024 (unique max).")
def _():
    return argmax(Counter(r["med"] for r in within(TAKEN, year(2024))))


@Q(F, "number", "how many cetirizine did I actually take April through June 2025?",
   "Taken Cetirizine entries dated 2025-04-01..2025-06-30 (skipped ones excluded).")
def _():
    return sum(1 for r in within(TAKEN, quarter(2025, 2)) if r["med"] == "Cetirizine")


@Q(F, "number", "How many doses did I take after 10pm in 2025?",
   "Taken entries dated 2025 with time_local > 22:00 (none exactly 22:00).")
def _():
    rows = within(TAKEN, LAST_YEAR)
    not_on(rows, "time", 22 * 60)
    return sum(1 for r in rows if r["time"] > 22 * 60)


@Q(F, "set", "which meds did I take last summer (jun–aug)?",
   "Distinct medication over taken entries dated 2026-06-01..2026-08-31.")
def _():
    return sorted({r["med"] for r in within(TAKEN, LAST_SUMMER)})


@Q(F, "text", "When did I last take melatonin?",
   "Latest date_local of a taken Melatonin entry, YYYY-MM-DD.")
def _():
    return max(r["date"] for r in TAKEN if r["med"] == "Melatonin").isoformat()


@Q(F, "text", "when did I first take omeprazole according to the log?",
   "Earliest date_local of a taken Omeprazole entry, YYYY-MM-DD.")
def _():
    return min(r["date"] for r in TAKEN if r["med"] == "Omeprazole").isoformat()


@Q(F, "number", "what % of my ibuprofen doses were taken with food? ignore the ones where I didnt record it",
   "Taken Ibuprofen entries, whole file, with_food not null: share with_food == true, x100, 1 decimal.")
def _():
    rows = [r for r in TAKEN if r["med"] == "Ibuprofen" and r["food"] is not None]
    return rnd(100 * sum(r["food"] for r in rows) / len(rows), 1)


@Q(F, "number", "on average how many doses per month did I take in 2025? 2 decimals",
   "Taken entries dated 2025 divided by 12, rounded to 2 decimals.")
def _():
    return rnd(len(within(TAKEN, LAST_YEAR)) / 12, 2)


@Q(F, "word", "did I skip more or fewer doses in 2025 than in 2024?",
   "Skipped entries 2025 vs 2024; 'more' if 2025 higher, 'fewer' if lower, 'same' if equal.")
def _():
    a = sum(1 for r in within(MEDS, year(2024)) if r["status"] == "skipped")
    b = sum(1 for r in within(MEDS, LAST_YEAR) if r["status"] == "skipped")
    return "more" if b > a else "fewer" if b < a else "same"


@Q(F, "list", "top 3 meds by number of doses taken last year",
   "Taken entries per medication in 2025; top 3 descending (no ties).")
def _():
    return topk(Counter(r["med"] for r in within(TAKEN, LAST_YEAR)), 3)


@Q(F, "text", "which month of 2024 did I take the most painkillers (ibuprofen + paracetamol)?",
   "Taken Ibuprofen + Paracetamol entries per calendar month of 2024; arg-max (unique); English month name.")
def _():
    return argmax(Counter(MONTH[r["date"].month] for r in within(TAKEN, year(2024))
                          if r["med"] in ("Ibuprofen", "Paracetamol")))


@Q(F, "number", "how many melatonin did I take on saturdays or sundays in 2025",
   "Taken Melatonin entries dated 2025 whose date_local is a Saturday or Sunday.")
def _():
    return sum(1 for r in within(TAKEN, LAST_YEAR) if r["med"] == "Melatonin" and weekend(r["date"]))


@Q(F, "number", "How many different meds have I taken in the past 90 days?",
   "Distinct medication over taken entries with date_local in (2026-08-27, 2026-11-25]; no entry on 2026-08-27.")
def _():
    return len({r["med"] for r in past_days(TAKEN, 90)})


@Q(F, "number", "on how many separate days did I take ibuprofen this year?",
   "Distinct date_local of taken Ibuprofen entries dated 2026.")
def _():
    return len({r["date"] for r in within(TAKEN, YTD) if r["med"] == "Ibuprofen"})


@Q(F, "number", "how many doses did I take before 9am in Q3 2025?",
   "Taken entries dated 2025-07-01..2025-09-30 with time_local < 09:00.")
def _():
    return sum(1 for r in within(TAKEN, quarter(2025, 3)) if r["time"] < 9 * 60)


@Q(F, "set", "which meds did I take at least 25 times last year?",
   "Medications with >= 25 taken entries dated 2025 (Melatonin has exactly 25, so it is included).")
def _():
    c = Counter(r["med"] for r in within(TAKEN, LAST_YEAR))
    return sorted(m for m, n in c.items() if n >= 25)


@Q(F, "number", "How many times have I noted a headache?",
   "Entries (any status) whose note contains 'headache' (case-insensitive), whole file.")
def _():
    return sum(1 for r in MEDS if "headache" in r["note"].lower())


# =========================================================================== write
def main():
    files = ["sleep.csv", "fuel_log.csv", "reading_log.json", "card_transactions.csv",
             "energy_readings.csv", "medication_log.json"]
    per = Counter(q["file"] for q in QUESTIONS)
    assert all(per[f] == 20 for f in files) and len(QUESTIONS) == 120, per
    out, errors = [], []
    for i, q in enumerate(QUESTIONS, 1):
        qid = f"d{i:03d}"
        try:
            ans = q["fn"]()
        except (GoldError, ValueError) as e:
            errors.append(f"{qid} {q['question']!r}: {e}")
            continue
        if q["answer_type"] in ("list", "set"):
            assert isinstance(ans, list) and ans, (qid, ans)
        out.append({"id": qid, "file": q["file"], "today": TODAY.isoformat(), "question": q["question"],
                    "answer": ans, "answer_type": q["answer_type"], "notes": q["notes"]})
    if errors:
        raise SystemExit("gold refused:\n" + "\n".join(errors))
    with open(ROOT / "questions_d.jsonl", "w", encoding="utf-8") as f:
        for o in out:
            f.write(json.dumps(o, ensure_ascii=False) + "\n")
    print(f"wrote {len(out)} questions; per type: {dict(Counter(o['answer_type'] for o in out))}")


if __name__ == "__main__":
    main()
