#!/usr/bin/env python3
"""Independent re-check of ../files/ and ../questions_d.jsonl.

Does not import gold.py. Re-parses the raw files with csv.reader / json, keeps dates as ISO
strings and compares them lexically, and recomputes every answer with its own code.
Also checks file shape constraints and the question file schema. Exit code 0 = pass.
"""
import csv
import datetime as dt
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = ROOT / "files"
TODAY = "2026-11-25"
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
FAIL = []


def fail(msg):
    FAIL.append(msg)


# --------------------------------------------------------------------------- raw parsing
def table(name):
    with open(FILES / name, newline="", encoding="utf-8") as f:
        rd = csv.reader(f)
        header = next(rd)
        body = [row for row in rd]
    for row in body:
        if len(row) != len(header):
            fail(f"{name}: ragged row {row}")
    return header, [dict(zip(header, row)) for row in body]


def jtable(name):
    with open(FILES / name, encoding="utf-8") as f:
        data = json.load(f)
    if not isinstance(data, list) or not all(isinstance(x, dict) for x in data):
        fail(f"{name}: not a list of objects")
    keys = list(data[0].keys())
    if any(list(x.keys()) != keys for x in data):
        fail(f"{name}: objects with differing keys")
    return keys, data


def dmy(s):
    d, m, y = s.split("/")
    return f"{y}-{m}-{d}"


def hm(s):
    return int(s[:2]) * 60 + int(s[3:5])


def iso_weekday(s):
    return dt.date(int(s[:4]), int(s[5:7]), int(s[8:10])).isoweekday()  # 1=Mon .. 7=Sun


def is_we(s):
    return iso_weekday(s) >= 6


def shift(s, days):
    return (dt.date(int(s[:4]), int(s[5:7]), int(s[8:10])) + dt.timedelta(days=days)).isoformat()


def rng(rows, k, a, b):
    return [r for r in rows if a <= r[k] <= b]


def yr(rows, k, y):
    return [r for r in rows if r[k][:4] == str(y)]


def ym(rows, k, y, m):
    p = f"{y}-{m:02d}"
    return [r for r in rows if r[k][:7] == p]


def last_n(rows, k, n):
    edge = shift(TODAY, -n)
    if any(r[k] == edge for r in rows):
        fail(f"record on edge {edge}")
    return [r for r in rows if edge < r[k] <= TODAY]


def avg(xs):
    xs = list(xs)
    return sum(xs) / len(xs)


def best(d, low=False):
    it = sorted(d.items(), key=lambda kv: kv[1], reverse=not low)
    if len(it) > 1 and abs(it[0][1] - it[1][1]) < 1e-9:
        fail(f"tie {it[:2]}")
    return it[0][0]


def top(d, k):
    it = sorted(d.items(), key=lambda kv: -kv[1])
    for i in range(min(k, len(it) - 1)):
        if abs(it[i][1] - it[i + 1][1]) < 1e-9:
            fail(f"tie in top {k}: {it[:k + 1]}")
    return [x for x, _ in it[:k]]


def cmpword(new, old, up="increase", down="decrease"):
    return up if new > old else down if new < old else "same"


# --------------------------------------------------------------------------- load
SH, S = table("sleep.csv")
FH, Fu = table("fuel_log.csv")
for r in Fu:
    r["iso"] = dmy(r["Date"])
RH, R = jtable("reading_log.json")
CH, C = table("card_transactions.csv")
EH, E = table("energy_readings.csv")
MH, M = jtable("medication_log.json")

CP = [r for r in C if r["Type"] == "PURCHASE"]
MT = [r for r in M if r["status"] == "taken"]
num = float

# --------------------------------------------------------------------------- file checks
for name, header, rows in [("sleep.csv", SH, S), ("fuel_log.csv", FH, Fu), ("reading_log.json", RH, R),
                           ("card_transactions.csv", CH, C), ("energy_readings.csv", EH, E),
                           ("medication_log.json", MH, M)]:
    if not 60 <= len(rows) <= 400:
        fail(f"{name}: {len(rows)} rows")
    if not 6 <= len(header) <= 10:
        fail(f"{name}: {len(header)} columns")
for k, rows in [("Date", S), ("iso", Fu), ("session_date", R), ("Transaction Date", C),
                ("reading_date", E), ("date_local", M)]:
    for r in rows:
        if not ("2024-01-01" <= r[k] <= "2026-11-24"):
            fail(f"date out of range {r[k]}")
        dt.date.fromisoformat(r[k])

# --------------------------------------------------------------------------- re-computations
# Each entry: id -> (function, kind); kind is "int", ("r", nd), "str", "list", "set"
V = {}


def v(qid, kind):
    def deco(fn):
        V[qid] = (fn, kind)
        return fn
    return deco


# ---- sleep.csv
dur = lambda r: int(r["Duration (min)"])
score = lambda r: int(r["Sleep Score"]) if r["Sleep Score"].strip() else None

v("d001", "int")(lambda: len(ym(S, "Date", 2026, 10)))
v("d002", ("r", 2))(lambda: avg(dur(r) for r in ym(S, "Date", 2026, 9)) / 60)
v("d003", ("r", 1))(lambda: avg(score(r) for r in yr(S, "Date", 2025) if score(r) is not None))
v("d004", "str")(lambda: best({r["Date"]: dur(r) for r in yr(S, "Date", 2026)}))


@v("d005", "int")
def _():
    rows = yr(S, "Date", 2025)
    if any(r["Bedtime"] == "00:00" for r in rows):
        fail("d005 bedtime at midnight")
    return sum(1 for r in rows if "00:00" < r["Bedtime"] < "12:00")


v("d006", "str")(lambda: cmpword(len(rng(S, "Date", "2025-07-01", "2025-12-31")),
                                 len(rng(S, "Date", "2025-01-01", "2025-06-30")), "more", "fewer"))


@v("d007", ("r", 1))
def _():
    rows = yr(S, "Date", 2024)
    return 100 * len([r for r in rows if r["Quality"] == "Poor"]) / len(rows)


@v("d008", "str")
def _():
    tot, n = Counter(), Counter()
    for r in S:
        w = DAYS[iso_weekday(r["Date"]) - 1]
        tot[w] += dur(r)
        n[w] += 1
    return best({w: tot[w] / n[w] for w in n})


v("d009", "int")(lambda: sum(r["Alarm Used"] == "FALSE" for r in rng(S, "Date", "2025-07-01", "2025-09-30")))
v("d010", "int")(lambda: max(int(r["Awakenings"]) for r in rng(S, "Date", "2026-06-01", "2026-08-31")))
v("d011", "str")(lambda: sorted(r["Date"] for r in S if "coffee" in r["Notes"].lower())[-1])


@v("d012", "str")
def _():
    rows = [r for r in yr(S, "Date", 2026) if score(r) is not None]
    if any(score(r) == 45 for r in rows):
        fail("d012 threshold")
    return sorted(r["Date"] for r in rows if score(r) < 45)[0]


v("d013", ("r", 1))(lambda: sum(dur(r) for r in last_n(S, "Date", 60)) / 60)
v("d014", "int")(lambda: sum(1 for r in yr(S, "Date", 2025) if dur(r) < 390 and int(r["Awakenings"]) > 3))
v("d015", "str")(lambda: cmpword(avg(dur(r) for r in rng(S, "Date", "2026-01-01", "2026-10-31")),
                                 avg(dur(r) for r in rng(S, "Date", "2025-01-01", "2025-10-31"))))
v("d016", "int")(lambda: sum(1 for m in range(1, 13) if len(ym(S, "Date", 2024, m)) >= 10))


@v("d017", "set")
def _():
    out = []
    for m in range(1, 13):
        sc = [score(r) for r in ym(S, "Date", 2025, m) if score(r) is not None]
        if sc and avg(sc) > 70:
            out.append(MONTHS[m - 1])
        if sc and abs(avg(sc) - 70) < 1e-9:
            fail("d017 edge")
    return out


v("d018", "int")(lambda: sum(1 for r in yr(S, "Date", 2026) if hm(r["Wake Time"]) < 6 * 60))
v("d019", "str")(lambda: best({r["Date"]: hm(r["Wake Time"]) for r in ym(S, "Date", 2026, 10)}, low=True))
v("d020", "list")(lambda: top({r["Date"]: dur(r) for r in yr(S, "Date", 2024)}, 3))

# ---- fuel_log.csv
tot = lambda r: num(r["Total Cost (SEK)"])
lit = lambda r: num(r["Litres"])

v("d021", ("r", 2))(lambda: sum(tot(r) for r in yr(Fu, "iso", 2025)))
v("d022", "int")(lambda: len(rng(Fu, "iso", "2025-07-01", "2025-09-30")))


@v("d023", ("r", 2))
def _():
    rows = yr(Fu, "iso", 2026)
    return sum(map(tot, rows)) / sum(map(lit, rows))


v("d024", "str")(lambda: best(Counter(r["Station"] for r in yr(Fu, "iso", 2025))))
v("d025", "set")(lambda: [s for s, n in Counter(r["Station"] for r in Fu).items() if n == 1])
v("d026", ("r", 2))(lambda: sum(lit(r) for r in last_n(Fu, "iso", 90)))


@v("d027", "int")
def _():
    rows = sorted(yr(Fu, "iso", 2025), key=lambda r: r["iso"])
    return int(rows[-1]["Odometer (km)"]) - int(rows[0]["Odometer (km)"])


v("d028", "str")(lambda: best({r["iso"]: lit(r) for r in Fu}))
v("d029", "str")(lambda: Fu[best({i: tot(r) for i, r in enumerate(Fu)})]["Station"])
v("d030", "int")(lambda: sum(r["Fuel Type"] == "E85" for r in Fu))
v("d031", "str")(lambda: cmpword(sum(tot(r) for r in rng(Fu, "iso", "2025-07-01", "2025-12-31")),
                                 sum(tot(r) for r in rng(Fu, "iso", "2025-01-01", "2025-06-30"))))
v("d032", "int")(lambda: sum(is_we(r["iso"]) for r in yr(Fu, "iso", 2024)))
v("d033", "int")(lambda: sum(r["Full Tank"] == "No" for r in yr(Fu, "iso", 2026)))
v("d034", ("r", 2))(lambda: avg(lit(r) for r in yr(Fu, "iso", 2024) if r["Full Tank"] == "Yes"))
v("d035", ("r", 2))(lambda: max(num(r["Price/L (SEK)"]) for r in Fu))


@v("d036", "list")
def _():
    g = defaultdict(float)
    for r in Fu:
        g[r["Station"]] += tot(r)
    return top(g, 3)


v("d037", "str")(lambda: max(r["iso"] for r in Fu if "wash" in r["Notes"].lower()))


@v("d038", "str")
def _():
    rows = sorted(yr(Fu, "iso", 2026), key=lambda r: r["iso"])
    if rows[0]["iso"] == rows[1]["iso"]:
        fail("d038 tie")
    return rows[0]["Station"]


@v("d039", "int")
def _():
    rows = yr(Fu, "iso", 2025)
    if any(r["Total Cost (SEK)"] == "700.00" for r in rows):
        fail("d039 edge")
    return sum(tot(r) > 700 for r in rows)


v("d040", "int")(lambda: sum(1 for n in Counter(r["iso"][:7] for r in yr(Fu, "iso", 2024)).values() if n >= 3))

# ---- reading_log.json
pg = lambda r: r["pages_read"] if r["pages_read"] is not None else 0

v("d041", "int")(lambda: sum(pg(r) for r in ym(R, "session_date", 2026, 10)))
v("d042", "int")(lambda: len({r["book_title"] for r in yr(R, "session_date", 2025) if r["finished"] is True}))
v("d043", ("r", 1))(lambda: avg(r["minutes"] for r in yr(R, "session_date", 2026)))


@v("d044", "str")
def _():
    g = Counter()
    for r in R:
        g[r["author"]] += r["minutes"]
    return best(g)


v("d045", "set")(lambda: list({r["book_title"] for r in yr(R, "session_date", 2026) if r["finished"]}))
v("d046", "str")(lambda: sorted((r["session_date"], r["book_title"]) for r in yr(R, "session_date", 2024)
                                if r["finished"])[0][1])
v("d047", ("r", 2))(lambda: avg(r["rating"] for r in yr(R, "session_date", 2025) if r["finished"]))
v("d048", "int")(lambda: sum(r["location"] == "commute" for r in rng(R, "session_date", "2026-01-01", "2026-03-31")))
v("d049", "int")(lambda: sum(pg(r) for r in last_n(R, "session_date", 90)))


@v("d050", "list")
def _():
    g = Counter()
    for r in yr(R, "session_date", 2025):
        if r["format"] != "audiobook":
            g[r["book_title"]] += r["pages_read"]
    return top(g, 3)


@v("d051", ("r", 1))
def _():
    rows = yr(R, "session_date", 2025)
    return 100 * sum(r["format"] == "audiobook" for r in rows) / len(rows)


@v("d052", "str")
def _():
    rows = yr(R, "session_date", 2025)
    return cmpword(sum(pg(r) for r in rows if is_we(r["session_date"])),
                   sum(pg(r) for r in rows if not is_we(r["session_date"])), "more", "fewer")


v("d053", "str")(lambda: best({r["session_date"]: r["minutes"] for r in yr(R, "session_date", 2024)}))
v("d054", "int")(lambda: len({r["book_title"] for r in rng(R, "session_date", "2026-06-01", "2026-08-31")}))


@v("d055", "list")
def _():
    t, n = Counter(), Counter()
    for r in R:
        t[r["format"]] += r["minutes"]
        n[r["format"]] += 1
    return top({k: t[k] / n[k] for k in n}, len(n))


v("d056", "str")(lambda: max(r["session_date"] for r in R if r["book_title"] == "Piranesi"))
v("d057", "int")(lambda: sum(r["minutes"] for r in rng(R, "session_date", "2025-03-03", "2025-04-10")))
v("d058", "int")(lambda: sum(1 for r in yr(R, "session_date", 2024) if r["location"] == "bed" and r["minutes"] > 45))
v("d059", "set")(lambda: list({r["book_title"] for r in R if r["rating"] == 5}))
v("d060", "str")(lambda: cmpword(sum(pg(r) for r in rng(R, "session_date", "2026-01-01", "2026-11-24")),
                                 sum(pg(r) for r in rng(R, "session_date", "2025-01-01", "2025-11-24"))))

# ---- card_transactions.csv
amt = lambda r: num(r["Amount (SEK)"])


def norefund(rows, qid):
    if any(r["Type"] != "PURCHASE" for r in rows):
        fail(f"{qid}: refund in window")
    return rows


v("d061", ("r", 2))(lambda: sum(amt(r) for r in norefund(
    [r for r in ym(C, "Transaction Date", 2026, 10) if r["Category"] == "Groceries"], "d061")))
v("d062", "int")(lambda: sum(r["Merchant"] == "Espresso House" for r in yr(CP, "Transaction Date", 2026)))
v("d063", "str")(lambda: best(Counter(r["Merchant"] for r in yr(CP, "Transaction Date", 2025))))


@v("d064", "list")
def _():
    g = defaultdict(float)
    for r in yr(CP, "Transaction Date", 2025):
        g[r["Category"]] += amt(r)
    return top(g, 3)


v("d065", ("r", 2))(lambda: avg(amt(r) for r in yr(CP, "Transaction Date", 2024) if r["Category"] == "Groceries"))


@v("d066", "str")
def _():
    rows = rng(CP, "Transaction Date", "2026-06-01", "2026-08-31")
    return rows[best({i: amt(r) for i, r in enumerate(rows)})]["Merchant"]


v("d067", ("r", 2))(lambda: sum(amt(r) for r in norefund(
    [r for r in rng(C, "Transaction Date", "2025-07-01", "2025-09-30") if r["Category"] == "Eating Out"], "d067")))
v("d068", "int")(lambda: sum(r["Time"] < "09:00" for r in yr(CP, "Transaction Date", 2026)))


@v("d069", ("r", 1))
def _():
    vals = [r["Contactless"] for r in yr(CP, "Transaction Date", 2025) if r["Contactless"]]
    return 100 * vals.count("TRUE") / len(vals)


v("d070", "set")(lambda: [m for m, n in Counter(r["Merchant"] for r in yr(CP, "Transaction Date", 2025)).items()
                          if n >= 8 and m != "Spotify"])
v("d071", ("r", 2))(lambda: -sum(amt(r) for r in C if r["Type"] == "REFUND"))
v("d072", "str")(lambda: cmpword(
    sum(amt(r) for r in norefund([r for r in yr(C, "Transaction Date", 2025) if r["Category"] == "Eating Out"], "d072")),
    sum(amt(r) for r in norefund([r for r in yr(C, "Transaction Date", 2024) if r["Category"] == "Eating Out"], "d072"))))
v("d073", "int")(lambda: len({r["Merchant"] for r in last_n(CP, "Transaction Date", 90)}))
v("d074", ("r", 2))(lambda: sum(amt(r) for r in yr(CP, "Transaction Date", 2025)
                                 if r["Category"] == "Eating Out" and is_we(r["Transaction Date"])))


@v("d075", "str")
def _():
    g = defaultdict(float)
    for r in yr(CP, "Transaction Date", 2025):
        g[MONTHS[int(r["Transaction Date"][5:7]) - 1]] += amt(r)
    return best(g)


v("d076", "set")(lambda: list({r["Category"] for r in ym(C, "Transaction Date", 2026, 10) if "Mastercard" in r["Card"]}))
v("d077", "str")(lambda: max(r["Transaction Date"] for r in CP if r["Merchant"] == "Systembolaget"))
v("d078", ("r", 2))(lambda: sum(amt(r) for r in rng(CP, "Transaction Date", "2026-03-03", "2026-04-10")))
v("d079", "int")(lambda: sum(1 for r in yr(CP, "Transaction Date", 2024) if r["Category"] == "Shopping" and amt(r) > 500))


@v("d080", "str")
def _():
    t, n = Counter(), Counter()
    for r in yr(CP, "Transaction Date", 2025):
        t[r["Category"]] += amt(r)
        n[r["Category"]] += 1
    return best({k: t[k] / n[k] for k in n})


# ---- energy_readings.csv
use = lambda r: num(r["usage_kwh"])
cost = lambda r: num(r["cost_sek"])

v("d081", "int")(lambda: len(yr(E, "reading_date", 2025)))
v("d082", ("r", 1))(lambda: sum(use(r) for r in yr(E, "reading_date", 2025)))
v("d083", "str")(lambda: best({r["reading_date"]: use(r) for r in E}))
v("d084", ("r", 1))(lambda: avg(use(r) for r in rng(E, "reading_date", "2025-12-01", "2026-02-28")))
v("d085", "int")(lambda: sum(r["estimated"] == "Y" for r in E))
v("d086", ("r", 1))(lambda: avg(num(r["outdoor_temp_c"]) for r in rng(E, "reading_date", "2026-01-01", "2026-03-31")
                                if r["outdoor_temp_c"]))
v("d087", ("r", 2))(lambda: sum(cost(r) for r in yr(E, "reading_date", 2026)))


@v("d088", "str")
def _():
    c, u = Counter(), Counter()
    for r in E:
        c[r["tariff"]] += cost(r)
        u[r["tariff"]] += use(r)
    return best({k: c[k] / u[k] for k in u}, low=True)


v("d089", "int")(lambda: sum(r["reading_time"] < "08:00" for r in E))
v("d090", "str")(lambda: cmpword(sum(use(r) for r in rng(E, "reading_date", "2025-07-01", "2025-09-30")),
                                 sum(use(r) for r in rng(E, "reading_date", "2024-07-01", "2024-09-30"))))
v("d091", "int")(lambda: sum(1 for r in E if r["outdoor_temp_c"] and num(r["outdoor_temp_c"]) < 0 and use(r) > 150))
v("d092", "set")(lambda: list({r["tariff"] for r in yr(E, "reading_date", 2024)}))
v("d093", "str")(lambda: min(r["reading_date"] for r in E if r["tariff"] == "spot"))
v("d094", ("r", 1))(lambda: num(sorted(yr(E, "reading_date", 2025), key=lambda r: r["reading_date"])[-1]["meter_reading_kwh"]))
v("d095", "str")(lambda: max(r["reading_date"] for r in E if "sauna" in r["comment"].lower()))


@v("d096", "list")
def _():
    g = defaultdict(float)
    for r in yr(E, "reading_date", 2025):
        g[MONTHS[int(r["reading_date"][5:7]) - 1]] += use(r)
    return top(g, 3)


v("d097", "int")(lambda: sum(is_we(r["reading_date"]) for r in yr(E, "reading_date", 2026)))
v("d098", ("r", 2))(lambda: sum(cost(r) for r in last_n(E, "reading_date", 180)))
v("d099", "int")(lambda: sum(r["outdoor_temp_c"].strip() == "" for r in E))
v("d100", ("r", 1))(lambda: min(use(r) for r in rng(E, "reading_date", "2026-06-01", "2026-08-31")))

# ---- medication_log.json
v("d101", "int")(lambda: sum(r["medication"] == "Ibuprofen" for r in ym(MT, "date_local", 2026, 10)))
v("d102", "int")(lambda: sum(r["dose_mg"] for r in yr(MT, "date_local", 2025) if r["medication"] == "Ibuprofen"))
v("d103", "int")(lambda: sum(r["status"] == "skipped" for r in yr(M, "date_local", 2026)))
v("d104", "str")(lambda: best(Counter(r["medication"] for r in yr(MT, "date_local", 2024))))
v("d105", "int")(lambda: sum(r["medication"] == "Cetirizine" for r in rng(MT, "date_local", "2025-04-01", "2025-06-30")))


@v("d106", "int")
def _():
    rows = yr(MT, "date_local", 2025)
    if any(r["time_local"] == "22:00" for r in rows):
        fail("d106 edge")
    return sum(r["time_local"] > "22:00" for r in rows)


v("d107", "set")(lambda: list({r["medication"] for r in rng(MT, "date_local", "2026-06-01", "2026-08-31")}))
v("d108", "str")(lambda: max(r["date_local"] for r in MT if r["medication"] == "Melatonin"))
v("d109", "str")(lambda: min(r["date_local"] for r in MT if r["medication"] == "Omeprazole"))


@v("d110", ("r", 1))
def _():
    vals = [r["with_food"] for r in MT if r["medication"] == "Ibuprofen" and r["with_food"] is not None]
    return 100 * vals.count(True) / len(vals)


v("d111", ("r", 2))(lambda: len(yr(MT, "date_local", 2025)) / 12)
v("d112", "str")(lambda: cmpword(sum(r["status"] == "skipped" for r in yr(M, "date_local", 2025)),
                                 sum(r["status"] == "skipped" for r in yr(M, "date_local", 2024)), "more", "fewer"))
v("d113", "list")(lambda: top(Counter(r["medication"] for r in yr(MT, "date_local", 2025)), 3))
v("d114", "str")(lambda: best(Counter(MONTHS[int(r["date_local"][5:7]) - 1] for r in yr(MT, "date_local", 2024)
                                      if r["medication"] in ("Ibuprofen", "Paracetamol"))))
v("d115", "int")(lambda: sum(1 for r in yr(MT, "date_local", 2025) if r["medication"] == "Melatonin" and is_we(r["date_local"])))
v("d116", "int")(lambda: len({r["medication"] for r in last_n(MT, "date_local", 90)}))
v("d117", "int")(lambda: len({r["date_local"] for r in yr(MT, "date_local", 2026) if r["medication"] == "Ibuprofen"}))
v("d118", "int")(lambda: sum(r["time_local"] < "09:00" for r in rng(MT, "date_local", "2025-07-01", "2025-09-30")))
v("d119", "set")(lambda: [m for m, n in Counter(r["medication"] for r in yr(MT, "date_local", 2025)).items() if n >= 25])
v("d120", "int")(lambda: sum("headache" in r["note"].lower() for r in M))


# --------------------------------------------------------------------------- question file checks
def main():
    FILE_ORDER = ["sleep.csv", "fuel_log.csv", "reading_log.json", "card_transactions.csv",
                  "energy_readings.csv", "medication_log.json"]
    lines = (ROOT / "questions_d.jsonl").read_text(encoding="utf-8").splitlines()
    qs = [json.loads(x) for x in lines if x.strip()]
    if len(qs) != 120:
        fail(f"{len(qs)} questions")
    if [q["id"] for q in qs] != [f"d{i:03d}" for i in range(1, 121)]:
        fail("ids not d001..d120 in order")
    per = Counter(q["file"] for q in qs)
    if set(per) != set(FILE_ORDER) or any(n != 20 for n in per.values()):
        fail(f"per-file counts {per}")
    if len({q["question"] for q in qs}) != 120:
        fail("duplicate question text")
    words = {"more", "fewer", "same", "increase", "decrease"}
    checked = 0
    for q in qs:
        qid = q["id"]
        if set(q) != {"id", "file", "today", "question", "answer", "answer_type", "notes"}:
            fail(f"{qid}: keys {sorted(q)}")
        if q["today"] != TODAY:
            fail(f"{qid}: today")
        if not (FILES / q["file"]).exists():
            fail(f"{qid}: missing file")
        at, ans = q["answer_type"], q["answer"]
        fn, kind = V[qid]
        n_before = len(FAIL)
        got = fn()
        if at == "number":
            if isinstance(ans, bool) or not isinstance(ans, (int, float)):
                fail(f"{qid}: number answer has type {type(ans)}")
            elif kind == "int":
                if not isinstance(ans, int) or ans != got:
                    fail(f"{qid}: gold {ans!r} != recomputed {got!r}")
            else:
                nd = kind[1]
                if abs(round(got, nd) - ans) > 1e-9 or abs(ans - got) > 0.5 * 10 ** -nd + 1e-9:
                    fail(f"{qid}: gold {ans!r} != recomputed {got!r} (to {nd} dp)")
                if round(ans, nd) != ans:
                    fail(f"{qid}: gold not rounded to {nd} dp")
        elif at in ("text", "word"):
            if kind != "str" or not isinstance(ans, str) or ans != got:
                fail(f"{qid}: gold {ans!r} != recomputed {got!r}")
            if at == "word" and ans not in words:
                fail(f"{qid}: bad word {ans!r}")
        elif at == "list":
            if kind != "list" or ans != got:
                fail(f"{qid}: gold {ans!r} != recomputed {got!r}")
        elif at == "set":
            if kind != "set" or not isinstance(ans, list) or sorted(ans) != sorted(got) or len(set(ans)) != len(ans):
                fail(f"{qid}: gold {ans!r} != recomputed {sorted(got)!r}")
        else:
            fail(f"{qid}: bad answer_type {at}")
        if len(FAIL) == n_before:
            checked += 1
    types = Counter(q["answer_type"] for q in qs)
    if FAIL:
        print("VALIDATION FAILED")
        for f in FAIL:
            print("  -", f)
        sys.exit(1)
    print(f"OK: 6 files checked, {checked}/120 answers re-computed and matching; types {dict(types)}")


if __name__ == "__main__":
    main()
