#!/usr/bin/env python3
"""Generate eight synthetic personal-record exports (reproducible, seeded).

Files written next to this script:
  transactions.csv  card transactions (bank export)
  runs.json         runs from a GPS running watch
  sleep.csv         nightly sleep-tracker log
  books.json        books finished (reading app)
  flights.csv       flights taken (airline / trip app)
  appointments.json medical / dental / therapy appointments (patient portal)
  meals.csv         restaurant meals (dining log app)
  fuel.json         car fuel fill-ups (car app)

The person lives in Oakland, CA; everything ends on 2026-11-20 ("today").
"""
import csv
import json
import math
import os
import random
from datetime import date, datetime, time, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
START = date(2024, 1, 1)
TODAY = date(2026, 11, 20)


def days(a, b):
    d = a
    while d <= b:
        yield d
        d += timedelta(days=1)


def season_of(d):
    return {12: "winter", 1: "winter", 2: "winter", 3: "spring", 4: "spring", 5: "spring",
            6: "summer", 7: "summer", 8: "summer"}.get(d.month, "autumn")


def rtime(rng, h0, m0, h1, m1, step=1):
    """random clock time between h0:m0 and h1:m1 (may wrap past midnight)."""
    a = h0 * 60 + m0
    b = h1 * 60 + m1
    if b < a:
        b += 24 * 60
    t = rng.randrange(a, b + 1, step) % (24 * 60)
    return time(t // 60, t % 60)


def write_csv(name, fields, rows):
    with open(os.path.join(HERE, name), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for r in rows:
            w.writerow(r)


def write_json(name, rows):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(rows, f, indent=2)
        f.write("\n")


def money(x):
    return "${:,.2f}".format(x)


# ---------------------------------------------------------------- flights
def make_flights(rng):
    # destination: (distance mi from SFO, base economy fare, airlines, usual purpose)
    dests = {
        "New York": (2586, 380, ["United", "JetBlue", "Delta"], "Work"),
        "Chicago": (1846, 290, ["United", "American"], "Work"),
        "Seattle": (679, 170, ["Alaska"], "Personal"),
        "Denver": (967, 190, ["United", "Southwest"], "Work"),
        "Austin": (1504, 260, ["Southwest", "United"], "Work"),
        "Boston": (2704, 400, ["JetBlue", "Delta"], "Personal"),
        "Los Angeles": (337, 120, ["Southwest", "Alaska", "United"], "Personal"),
        "Honolulu": (2398, 450, ["Hawaiian", "United"], "Personal"),
        "London": (5367, 980, ["British Airways", "United"], "Personal"),
        "Tokyo": (5130, 1150, ["ANA", "United"], "Personal"),
        "Mexico City": (1885, 420, ["Aeromexico"], "Personal"),
        "Portland": (550, 150, ["Alaska"], "Personal"),
    }
    prefixes = {"United": "UA", "JetBlue": "B6", "Delta": "DL", "American": "AA", "Alaska": "AS",
                "Southwest": "WN", "Hawaiian": "HA", "British Airways": "BA", "ANA": "NH",
                "Aeromexico": "AM"}
    # planned trips (depart date, nights, destination); a few hand-fixed, rest random
    plan = [
        (date(2024, 2, 6), 3, "New York"), (date(2024, 3, 14), 2, "Los Angeles"),
        (date(2024, 6, 12), 9, "London"), (date(2024, 8, 22), 3, "Seattle"),
        (date(2024, 9, 17), 2, "Chicago"), (date(2024, 10, 9), 3, "Austin"),
        (date(2024, 12, 20), 5, "Boston"),
        (date(2025, 1, 28), 3, "New York"), (date(2025, 3, 6), 4, "Mexico City"),
        (date(2025, 4, 22), 2, "Denver"), (date(2025, 5, 16), 3, "Los Angeles"),
        (date(2025, 6, 19), 6, "Honolulu"), (date(2025, 8, 5), 3, "Chicago"),
        (date(2025, 9, 10), 3, "New York"), (date(2025, 10, 1), 10, "Tokyo"),
        (date(2025, 11, 21), 2, "Portland"), (date(2025, 12, 19), 6, "Boston"),
        (date(2026, 2, 10), 3, "Austin"), (date(2026, 3, 26), 3, "Seattle"),
        (date(2026, 5, 5), 2, "Denver"), (date(2026, 6, 24), 4, "Los Angeles"),
        (date(2026, 7, 14), 3, "New York"), (date(2026, 8, 27), 4, "Mexico City"),
        (date(2026, 9, 29), 2, "Chicago"), (date(2026, 10, 23), 3, "Seattle"),
        (date(2026, 11, 10), 3, "New York"),
    ]
    rows = []
    for dep, nights, dest in plan:
        dist, base, airlines, purpose = dests[dest]
        # jitter departure by up to +/-1 day except the hand-fixed November trip
        if dep.year < 2026 or dep.month < 10:
            dep = dep + timedelta(days=rng.choice([-1, 0, 0, 1]))
        ret = dep + timedelta(days=nights)
        airline = rng.choice(airlines)
        if purpose == "Work" and rng.random() < 0.15:
            purpose = "Personal"
        cabin = "Economy"
        r = rng.random()
        if dist > 4000 and r < 0.35:
            cabin = "Business"
        elif purpose == "Work" and dist > 1500 and r < 0.3:
            cabin = "Business"
        elif r > 0.82:
            cabin = "Premium Economy"
        mult = {"Economy": 1.0, "Premium Economy": 1.55, "Business": 3.1}[cabin]
        for leg, (d, o, t) in enumerate([(dep, "San Francisco", dest), (ret, dest, "San Francisco")]):
            if leg == 0:
                dt = rtime(rng, 6, 0, 18, 30, 5)
            else:
                # east-coast returns leave later in the day; some red-eyes outbound
                dt = rtime(rng, 8, 0, 20, 45, 5)
            if leg == 0 and dest in ("New York", "Boston") and rng.random() < 0.3:
                dt = rtime(rng, 21, 30, 23, 15, 5)
            fare = base * mult * rng.uniform(0.78, 1.35) / 2 * (1.12 if d.month in (6, 7, 12) else 1.0)
            rows.append({
                "Date": d.isoformat(),
                "Dep Time": dt.strftime("%H:%M"),
                "Airline": airline,
                "Flight No": "%s %d" % (prefixes[airline], rng.randint(100, 2999)),
                "Origin": o,
                "Destination": t,
                "Distance (mi)": dist,
                "Cabin": cabin,
                "Fare (USD)": "%.2f" % fare,
                "Trip Purpose": purpose,
            })
    rows.sort(key=lambda r: (r["Date"], r["Dep Time"]))
    return rows


# ---------------------------------------------------------------- transactions
def make_transactions(rng):
    rows = []
    S = 0.24  # overall density knob

    def add(d, t, merchant, cat, amt, card="Visa ****4821"):
        rows.append({"Txn Date": d.strftime("%m/%d/%Y"), "Time": t.strftime("%H:%M"),
                     "Merchant": merchant, "Category": cat, "Amount (USD)": money(amt),
                     "Card": card})

    for d in days(date(2025, 1, 1), TODAY):
        wd = d.weekday()
        holiday = d.month in (11, 12)
        if wd < 5 and rng.random() < 0.20 * S:
            add(d, rtime(rng, 7, 20, 9, 40), "Blue Bottle Coffee", "Coffee", rng.uniform(4.5, 8.75))
        if rng.random() < 0.09 * S:
            add(d, rtime(rng, 7, 0, 16, 30), "Starbucks", "Coffee", rng.uniform(3.95, 9.8))
        if rng.random() < (0.38 if wd >= 5 else 0.05) * S:
            amt = rng.uniform(45, 185) * (1.1 if holiday else 1.0)
            add(d, rtime(rng, 9, 30, 19, 30), "Whole Foods Market", "Groceries", amt)
        if rng.random() < 0.13 * S:
            add(d, rtime(rng, 10, 0, 20, 30), "Trader Joe's", "Groceries", rng.uniform(22, 95))
        if rng.random() < 0.08 * S:
            add(d, rtime(rng, 8, 0, 21, 45), "Safeway", "Groceries", rng.uniform(12, 70))
        if wd < 5 and rng.random() < 0.09 * S:
            add(d, rtime(rng, 11, 45, 13, 45), "Chipotle", "Dining", rng.uniform(11, 18.5))
        if wd in (4, 5) and rng.random() < 0.16 * S:
            add(d, rtime(rng, 18, 30, 21, 30), "Sushi Ran", "Dining", rng.uniform(55, 140),
                "Amex ****1007")
        if rng.random() < 0.06 * S:
            late = wd in (4, 5) and rng.random() < 0.5
            t = rtime(rng, 22, 0, 23, 50) if late else rtime(rng, 11, 30, 21, 0)
            add(d, t, "Tacos El Gordo", "Dining", rng.uniform(9, 25))
        if rng.random() < 0.11 * S:
            if wd in (4, 5) and rng.random() < 0.45:
                t = rtime(rng, 22, 15, 1, 40)
            else:
                t = rtime(rng, 7, 0, 21, 30)
            add(d, t, "Uber", "Transport", rng.uniform(9, 48))
        if rng.random() < 0.07 * S:
            add(d, rtime(rng, 7, 0, 20, 0), "Shell", "Gas", rng.uniform(35, 72))
        if rng.random() < (0.26 if holiday else 0.11) * S:
            amt = min(420, math.exp(rng.gauss(3.6, 0.75)))
            add(d, rtime(rng, 12, 0, 23, 59), "Amazon", "Shopping", max(6.99, amt))
        if rng.random() < 0.06 * S:
            add(d, rtime(rng, 10, 0, 21, 0), "Target", "Shopping", rng.uniform(15, 130))
        if rng.random() < 0.016 * S:
            add(d, rtime(rng, 10, 0, 19, 0), "REI", "Shopping", rng.uniform(40, 260))
        # monthly bills
        if d.day == 3:
            add(d, time(4, 12), "Netflix", "Subscriptions", 15.49 if d.year == 2025 else 17.99)
        if d.day == 12:
            add(d, time(3, 5), "Spotify", "Subscriptions", 11.99 if d < date(2025, 8, 1) else 12.99)
        if d.day == 18:
            m = d.month + d.year * 12
            winter = math.cos((d.month - 1) / 12 * 2 * math.pi)  # +1 Jan, -1 Jul
            amt = 118 + 62 * winter + rng.uniform(-12, 12)
            add(d, time(6, 30), "PG&E", "Utilities", amt)
        if d.day == 22:
            add(d, time(5, 45), "Comcast Xfinity", "Utilities", 79.99 if d.year == 2025 else 84.99)
    # bank export is newest-first
    rows.sort(key=lambda r: (datetime.strptime(r["Txn Date"], "%m/%d/%Y"), r["Time"]), reverse=True)
    return rows


# ---------------------------------------------------------------- runs
def make_runs(rng):
    routes = {
        "Lake Merritt Loop": ("Road Run", (5.0, 5.6), 25),
        "Bay Trail Out-and-Back": ("Road Run", (6.0, 12.5), 30),
        "Piedmont Hills": ("Road Run", (7.0, 9.5), 190),
        "Embarcadero Long": ("Road Run", (14.0, 24.5), 60),
        "Redwood Regional East Ridge": ("Trail Run", (9.0, 16.5), 420),
        "Tilden Wildcat Loop": ("Trail Run", (8.0, 13.0), 360),
        "Joaquin Miller Loop": ("Trail Run", (6.0, 9.0), 250),
        "Gym Treadmill": ("Treadmill", (4.0, 8.0), 0),
    }
    races = {
        date(2024, 3, 24): ("Oakland Running Festival Half", 21.24),
        date(2024, 11, 28): ("Berkeley Turkey Trot 10K", 10.13),
        date(2025, 2, 16): ("Kaiser SF Half Marathon", 21.18),
        date(2025, 7, 27): ("San Francisco Marathon", 42.51),
        date(2025, 11, 27): ("Berkeley Turkey Trot 10K", 10.09),
        date(2026, 5, 17): ("Bay to Breakers 12K", 12.21),
        date(2026, 10, 18): ("Berkeley Half Marathon", 21.19),
    }
    season_mult = {"winter": 0.6, "spring": 1.0, "summer": 1.1, "autumn": 0.9}
    wd_p = [0.22, 0.34, 0.18, 0.34, 0.08, 0.16, 0.52]
    rows = []
    aid = 70412
    for d in days(START, TODAY):
        if date(2024, 4, 4) <= d <= date(2024, 5, 22):  # injured (see physio appointments)
            continue
        wd = d.weekday()
        if d in races:
            name, dist = races[d]
            typ, st = "Race", datetime.combine(d, rtime(rng, 7, 0, 8, 0, 5))
            pace = rng.uniform(4.75, 5.05)
            elev = int(dist * rng.uniform(4, 12))
            route = name
        else:
            if rng.random() > wd_p[wd] * season_mult[season_of(d)] * 1.15:
                continue
            if any(abs((d - rd).days) <= 1 for rd in races):
                continue
            if wd == 6:
                route = "Embarcadero Long"
            elif wd == 5:
                route = rng.choice(["Redwood Regional East Ridge", "Tilden Wildcat Loop",
                                    "Joaquin Miller Loop", "Bay Trail Out-and-Back"])
            else:
                opts = ["Lake Merritt Loop", "Lake Merritt Loop", "Bay Trail Out-and-Back",
                        "Piedmont Hills", "Joaquin Miller Loop"]
                if season_of(d) == "winter":
                    opts += ["Gym Treadmill"] * 3
                route = rng.choice(opts)
            typ, (lo, hi), elev_base = routes[route]
            if route == "Lake Merritt Loop":
                dist = rng.choice([1, 1, 1, 2]) * 5.08 + rng.uniform(-0.05, 0.25)
            else:
                dist = rng.uniform(lo, hi)
            if abs(dist - 10.0) < 0.05:
                dist += 0.2
            if wd < 5:
                t = rtime(rng, 5, 40, 7, 35) if rng.random() < 0.7 else rtime(rng, 17, 20, 19, 40)
            else:
                t = rtime(rng, 7, 15, 9, 45)
            st = datetime.combine(d, t)
            pace = {"Road Run": rng.uniform(5.1, 5.9), "Trail Run": rng.uniform(6.0, 7.4),
                    "Treadmill": rng.uniform(5.2, 5.7)}[typ]
            pace -= 0.08 * (d.year - 2024)
            elev = int(elev_base * dist / ((lo + hi) / 2) * rng.uniform(0.85, 1.15)) if elev_base else 0
        dist = round(dist, 2)
        secs = int(dist * pace * 60)
        hr = int(rng.gauss(148, 5) + (10 if typ == "Race" else 0) + (6 if typ == "Trail Run" else 0)
                 + dist * 0.25)
        rows.append({
            "activity_id": aid,
            "start_time": st.strftime("%Y-%m-%dT%H:%M:%S"),
            "type": typ,
            "route": route,
            "distance_km": dist,
            "moving_time": "%d:%02d:%02d" % (secs // 3600, secs // 60 % 60, secs % 60),
            "avg_hr": hr,
            "elev_gain_m": elev,
            "calories": int(dist * rng.uniform(62, 70)),
        })
        aid += rng.randint(1, 40)
    return rows


# ---------------------------------------------------------------- sleep
def make_sleep(rng, flights):
    # nights away from home, from the flights file (outbound date .. night before return)
    away = set()
    fl = sorted(flights, key=lambda r: (r["Date"], r["Dep Time"]))
    for a, b in zip(fl, fl[1:]):
        if a["Origin"] == "San Francisco" and b["Destination"] == "San Francisco":
            d0 = date.fromisoformat(a["Date"])
            d1 = date.fromisoformat(b["Date"])
            for d in days(d0, d1 - timedelta(days=1)):
                away.add(d)
    rows = []
    sick = set()
    for s in (date(2026, 2, 17), date(2026, 9, 8)):
        for k in range(4):
            sick.add(s + timedelta(days=k))
    for d in days(date(2026, 1, 25), date(2026, 11, 19)):
        if rng.random() < 0.03 and d not in (date(2026, 11, 9), date(2026, 11, 15)):
            continue  # forgot to wear the tracker
        wd = d.weekday()
        weekend_night = wd in (4, 5)
        if weekend_night:
            bed = rtime(rng, 23, 5, 1, 20)
            wake = rtime(rng, 7, 30, 9, 20)
        else:
            bed = rtime(rng, 22, 25, 23, 55)
            wake = rtime(rng, 6, 5, 7, 0)
        note = ""
        if d in away:
            note = "travel"
        elif d in sick:
            note = "sick"
        else:
            r = rng.random()
            if r < 0.07:
                note = "caffeine late"
            elif r < 0.11:
                note = "alcohol"
            elif r < 0.16:
                note = "late work"
            elif r < 0.18:
                note = "workout evening"
            if note == "late work" and not weekend_night:
                bed = rtime(rng, 0, 0, 1, 10)
        b = bed.hour * 60 + bed.minute
        if b < 12 * 60:
            b += 24 * 60
        w = wake.hour * 60 + wake.minute + 24 * 60
        in_bed = (w - b) / 60
        awak = max(0, int(rng.gauss(1.6, 1.2)))
        if note in ("alcohol", "caffeine late", "sick", "travel"):
            awak += rng.randint(1, 3)
        lost = rng.uniform(0.15, 0.45) + awak * rng.uniform(0.05, 0.15)
        if d.month in (6, 7, 8):
            lost += 0.15
        hrs = round(max(3.6, in_bed - lost), 1)
        deep = int(rng.gauss(82, 16) - awak * 4)
        score = hrs * 8.5 + 22 - awak * 3.2 + (deep - 80) * 0.12 + rng.gauss(0, 3.5)
        if note in ("sick", "alcohol"):
            score -= 6
        score = int(round(min(98, max(42, score))))
        rows.append({
            "night_of": d.isoformat(),
            "bed_time": bed.strftime("%H:%M"),
            "wake_time": wake.strftime("%H:%M"),
            "hours_asleep": "%.1f" % hrs,
            "sleep_score": score,
            "awakenings": awak,
            "deep_sleep_min": deep,
            "notes": note,
        })
    return rows


# ---------------------------------------------------------------- books
BOOKS = [
    ("Project Hail Mary", "Andy Weir", "Sci-Fi", 476), ("The Martian", "Andy Weir", "Sci-Fi", 369),
    ("Artemis", "Andy Weir", "Sci-Fi", 305), ("In the Woods", "Tana French", "Mystery", 429),
    ("The Searcher", "Tana French", "Mystery", 451), ("Broken Harbor", "Tana French", "Mystery", 450),
    ("Mistborn: The Final Empire", "Brandon Sanderson", "Fantasy", 541),
    ("The Way of Kings", "Brandon Sanderson", "Fantasy", 1007),
    ("Tress of the Emerald Sea", "Brandon Sanderson", "Fantasy", 483),
    ("The Left Hand of Darkness", "Ursula K. Le Guin", "Sci-Fi", 304),
    ("A Wizard of Earthsea", "Ursula K. Le Guin", "Fantasy", 183),
    ("Klara and the Sun", "Kazuo Ishiguro", "Fiction", 303),
    ("Never Let Me Go", "Kazuo Ishiguro", "Fiction", 288),
    ("The Remains of the Day", "Kazuo Ishiguro", "Fiction", 245),
    ("Murder on the Orient Express", "Agatha Christie", "Mystery", 274),
    ("And Then There Were None", "Agatha Christie", "Mystery", 272),
    ("The Big Short", "Michael Lewis", "Nonfiction", 291),
    ("Moneyball", "Michael Lewis", "Nonfiction", 317),
    ("The Devil in the White City", "Erik Larson", "History", 447),
    ("Dead Wake", "Erik Larson", "History", 430),
    ("The Splendid and the Vile", "Erik Larson", "History", 585),
    ("The Dutch House", "Ann Patchett", "Fiction", 337), ("Tom Lake", "Ann Patchett", "Fiction", 309),
    ("Sapiens", "Yuval Noah Harari", "History", 443),
    ("Atomic Habits", "James Clear", "Self-Help", 320),
    ("Deep Work", "Cal Newport", "Self-Help", 296),
    ("Slow Productivity", "Cal Newport", "Self-Help", 256),
    ("Four Thousand Weeks", "Oliver Burkeman", "Self-Help", 271),
    ("Born to Run", "Christopher McDougall", "Nonfiction", 287),
    ("What I Talk About When I Talk About Running", "Haruki Murakami", "Memoir", 180),
    ("Norwegian Wood", "Haruki Murakami", "Fiction", 296),
    ("Educated", "Tara Westover", "Memoir", 334),
    ("Crying in H Mart", "Michelle Zauner", "Memoir", 239),
    ("The Glass Castle", "Jeannette Walls", "Memoir", 288),
    ("Dune", "Frank Herbert", "Sci-Fi", 617),
    ("The Three-Body Problem", "Cixin Liu", "Sci-Fi", 400),
    ("The Dark Forest", "Cixin Liu", "Sci-Fi", 512),
    ("Station Eleven", "Emily St. John Mandel", "Fiction", 333),
    ("Sea of Tranquility", "Emily St. John Mandel", "Sci-Fi", 255),
    ("The Name of the Wind", "Patrick Rothfuss", "Fantasy", 662),
    ("Piranesi", "Susanna Clarke", "Fantasy", 272),
    ("Circe", "Madeline Miller", "Fantasy", 393),
    ("The Song of Achilles", "Madeline Miller", "Fantasy", 378),
    ("Gone Girl", "Gillian Flynn", "Thriller", 415),
    ("The Silent Patient", "Alex Michaelides", "Thriller", 325),
    ("Big Little Lies", "Liane Moriarty", "Thriller", 460),
    ("The Thursday Murder Club", "Richard Osman", "Mystery", 382),
    ("The Man Who Died Twice", "Richard Osman", "Mystery", 368),
    ("Lessons in Chemistry", "Bonnie Garmus", "Fiction", 390),
    ("Tomorrow, and Tomorrow, and Tomorrow", "Gabrielle Zevin", "Fiction", 401),
    ("Demon Copperhead", "Barbara Kingsolver", "Fiction", 548),
    ("The Overstory", "Richard Powers", "Fiction", 502),
    ("Braiding Sweetgrass", "Robin Wall Kimmerer", "Nonfiction", 391),
    ("The Immortal Life of Henrietta Lacks", "Rebecca Skloot", "Nonfiction", 381),
    ("Thinking, Fast and Slow", "Daniel Kahneman", "Nonfiction", 499),
    ("Team of Rivals", "Doris Kearns Goodwin", "History", 944),
    ("The Wright Brothers", "David McCullough", "History", 320),
    ("1776", "David McCullough", "History", 386),
    ("Shoe Dog", "Phil Knight", "Memoir", 386),
    ("Greenlights", "Matthew McConaughey", "Memoir", 292),
    ("Recursion", "Blake Crouch", "Thriller", 329),
    ("Dark Matter", "Blake Crouch", "Thriller", 342),
    ("The Hobbit", "J.R.R. Tolkien", "Fantasy", 310),
    ("A Gentleman in Moscow", "Amor Towles", "Fiction", 462),
    ("The Lincoln Highway", "Amor Towles", "Fiction", 576),
    ("Anxious People", "Fredrik Backman", "Fiction", 341),
    ("Why We Sleep", "Matthew Walker", "Self-Help", 360),
    ("Endure", "Alex Hutchinson", "Nonfiction", 306),
    ("The Hound of the Baskervilles", "Arthur Conan Doyle", "Mystery", 256),
]


def make_books(rng):
    books = BOOKS[:]
    rng.shuffle(books)
    n = len(books)
    rows = []
    span = (date(2026, 11, 14) - date(2024, 1, 9)).days
    fin_days = sorted(rng.sample(range(span), n))
    genre_bias = {"Sci-Fi": 0.6, "Fantasy": 0.45, "Mystery": 0.1, "Fiction": 0.3, "History": 0.35,
                  "Memoir": 0.5, "Nonfiction": 0.15, "Self-Help": -0.5, "Thriller": -0.2}
    for (title, author, genre, pages), off in zip(books, fin_days):
        fin = date(2024, 1, 9) + timedelta(days=off)
        fmt = rng.choices(["Hardcover", "Paperback", "Ebook", "Audiobook"], [2, 3, 4, 3])[0]
        speed = {"Audiobook": 45, "Ebook": 35, "Paperback": 30, "Hardcover": 28}[fmt]
        started = fin - timedelta(days=max(2, int(pages / speed * rng.uniform(0.7, 1.6))))
        score = 3.6 + genre_bias[genre] + rng.gauss(0, 0.75)
        rating = int(min(5, max(1, round(score))))
        rows.append({
            "title": title, "author": author, "genre": genre, "pages": pages, "format": fmt,
            "date_started": started.isoformat(), "date_finished": fin.isoformat(),
            "my_rating": rating,
        })
    rows.sort(key=lambda r: r["date_finished"])
    return rows


# ---------------------------------------------------------------- appointments
def make_appointments(rng):
    rows = []

    def add(d, t, provider, clinic, kind, dur, copay, status="Completed"):
        rows.append({"date": d.isoformat(), "time": t.strftime("%I:%M %p"), "provider": provider,
                     "clinic": clinic, "kind": kind, "duration_min": dur,
                     "copay": money(copay if status == "Completed" else 0.0), "status": status})

    def weekday_near(d, wd):
        while d.weekday() != wd:
            d += timedelta(days=1)
        return d

    # dentist cleanings roughly every 6 months + a filling
    for d in [date(2024, 1, 23), date(2024, 7, 16), date(2025, 1, 14), date(2025, 7, 22),
              date(2026, 1, 20), date(2026, 7, 14)]:
        d = d + timedelta(days=rng.choice([0, 1, 2]))
        add(d, rtime(rng, 8, 0, 16, 0, 30), "Dr. Alan Cho", "Bright Smile Dental", "Dentist", 60, 40)
    add(date(2025, 3, 11), time(10, 30), "Dr. Alan Cho", "Bright Smile Dental", "Dentist", 90, 185)
    add(date(2025, 8, 5), time(9, 0), "Dr. Alan Cho", "Bright Smile Dental", "Dentist", 60, 0,
        "Cancelled")
    # primary care: annual physical + sick visits
    for d in [date(2024, 2, 27), date(2025, 2, 25), date(2026, 3, 3)]:
        add(d, time(8, 30), "Dr. Maria Gonzalez", "Eastbay Family Medicine", "Primary Care", 40, 0)
    add(date(2024, 11, 5), time(15, 40), "Dr. Maria Gonzalez", "Eastbay Family Medicine",
        "Primary Care", 20, 30)
    add(date(2026, 2, 19), time(11, 20), "Dr. Nina Park", "Eastbay Family Medicine",
        "Primary Care", 20, 30)
    add(date(2026, 9, 10), time(16, 10), "Dr. Maria Gonzalez", "Eastbay Family Medicine",
        "Primary Care", 20, 30)
    add(date(2024, 4, 8), time(9, 15), "Dr. Maria Gonzalez", "Eastbay Family Medicine",
        "Primary Care", 30, 30)
    # sports medicine referral + physio block after the April 2024 running injury
    add(date(2024, 4, 11), time(13, 0), "Dr. Ethan Brooks", "Bay Sports Medicine", "Sports Medicine",
        45, 60)
    d = date(2024, 4, 16)
    while d <= date(2024, 6, 28):
        if d.weekday() in (1, 4):
            add(d, rtime(rng, 7, 0, 8, 0, 15) if rng.random() < 0.6 else rtime(rng, 17, 0, 18, 30, 15),
                "Jordan Lee, DPT", "Stride Physical Therapy", "Physio", rng.choice([45, 45, 60]), 35,
                "Cancelled" if rng.random() < 0.06 else "Completed")
        d += timedelta(days=1)
    # second, shorter physio block in 2026
    d = date(2026, 6, 2)
    for k in range(5):
        add(d + timedelta(days=7 * k), time(7, 30), "Jordan Lee, DPT", "Stride Physical Therapy",
            "Physio", 45, 35)
    # therapy: weekly Mondays 2025-02 .. 2025-12, then every other week in 2026
    d = weekday_near(date(2025, 2, 3), 0)
    while d <= date(2025, 12, 15):
        st = "Cancelled" if rng.random() < 0.08 else "Completed"
        if not (date(2025, 6, 20) <= d <= date(2025, 6, 27) or date(2025, 9, 29) <= d <= date(2025, 10, 12)):
            add(d, time(18, 0), "Dr. Hannah Weiss, PsyD", "Lakeview Counseling", "Therapy", 50, 25, st)
        d += timedelta(days=7)
    d = weekday_near(date(2026, 1, 12), 0)
    while d <= TODAY:
        st = "Cancelled" if rng.random() < 0.08 else "Completed"
        add(d, time(18, 0), "Dr. Hannah Weiss, PsyD", "Lakeview Counseling", "Therapy", 50, 25, st)
        d += timedelta(days=14)
    # eyes and skin
    for d in [date(2024, 5, 9), date(2025, 5, 15), date(2026, 5, 21)]:
        add(d, time(14, 0), "Dr. Kevin Patel", "ClearView Eye Care", "Optometrist", 30, 20)
    add(date(2024, 9, 12), time(10, 45), "Dr. Sofia Romero", "Bay Dermatology", "Dermatology", 20, 50)
    add(date(2025, 10, 23), time(15, 15), "Dr. Sofia Romero", "Bay Dermatology", "Dermatology", 20, 50)
    add(date(2026, 11, 3), time(15, 45), "Dr. Sofia Romero", "Bay Dermatology", "Dermatology", 30, 75)
    rows.sort(key=lambda r: (r["date"], datetime.strptime(r["time"], "%I:%M %p")))
    return rows


# ---------------------------------------------------------------- meals
RESTAURANTS = [
    # name, cuisine, neighborhood, (lo, hi) per-person, weight, quality
    ("Pizzaiolo", "Italian", "Temescal", (24, 42), 9, 4.2),
    ("Burma Superstar", "Burmese", "Temescal", (22, 38), 8, 4.3),
    ("Lers Ros", "Thai", "Uptown", (18, 32), 7, 3.9),
    ("La Taqueria", "Mexican", "Fruitvale", (11, 19), 10, 4.0),
    ("Pho 84", "Vietnamese", "Downtown", (14, 24), 8, 3.7),
    ("Homeroom", "American", "Rockridge", (17, 28), 5, 3.5),
    ("Zachary's Pizza", "Italian", "Rockridge", (16, 27), 6, 4.1),
    ("Kiraku", "Japanese", "Berkeley", (45, 85), 4, 4.6),
    ("Chez Panisse", "Californian", "Berkeley", (110, 170), 1, 4.7),
    ("Sweet Maple", "Brunch", "Lakeshore", (19, 31), 5, 3.8),
    ("Nopalito", "Mexican", "Temescal", (22, 36), 4, 4.0),
    ("Souvla", "Greek", "Uptown", (17, 26), 4, 3.6),
    ("Shan Dong", "Chinese", "Chinatown", (15, 28), 5, 3.6),
]


def make_meals(rng):
    rows = []
    names = [r[0] for r in RESTAURANTS]
    weights = [r[4] for r in RESTAURANTS]
    for d in days(START, TODAY):
        wd = d.weekday()
        p = [0.10, 0.11, 0.12, 0.15, 0.45, 0.38, 0.22][wd] * 1.0
        if d.month in (1, 2):
            p *= 0.8
        if rng.random() > p:
            continue
        # pick restaurant (brunch places only on weekends)
        while True:
            i = rng.choices(range(len(names)), weights)[0]
            name, cuisine, hood, (lo, hi), _, q = RESTAURANTS[i]
            if cuisine == "Brunch" and wd < 5:
                continue
            break
        if cuisine == "Brunch":
            t = rtime(rng, 9, 45, 12, 30, 5)
        elif wd < 5 and rng.random() < 0.35:
            t = rtime(rng, 11, 40, 13, 50, 5)
        elif wd in (4, 5) and rng.random() < 0.22:
            t = rtime(rng, 21, 5, 22, 50, 5)
        else:
            t = rtime(rng, 17, 45, 20, 55, 5)
        party = rng.choices([1, 2, 3, 4, 5, 6], [3, 10, 3, 4, 1, 1])[0]
        if t.hour < 15 and wd < 5:
            party = rng.choice([1, 1, 2])
        bill = sum(rng.uniform(lo, hi) for _ in range(party)) * (1 + 0.03 * (d.year - 2024))
        tip = bill * rng.choice([0.15, 0.18, 0.18, 0.20, 0.20, 0.22])
        rating = int(min(5, max(1, round(q + rng.gauss(0, 0.7)))))
        rows.append({
            "Date": d.isoformat(), "Time": t.strftime("%H:%M"), "Restaurant": name,
            "Cuisine": cuisine, "Neighborhood": hood, "Party Size": party,
            "Bill": money(bill), "Tip": "%.2f" % tip, "Rating": rating,
        })
    return rows


# ---------------------------------------------------------------- fuel
def make_fuel(rng):
    stations = {"Costco Gas - Richmond": -0.42, "Arco - San Pablo Ave": -0.28,
                "Chevron - Broadway": 0.24, "Shell - MacArthur Blvd": 0.19, "76 - Grand Ave": 0.12}
    sw = [5, 3, 4, 3, 2]
    rows = []
    d = date(2024, 1, 4)
    odo = 41235
    while d <= TODAY:
        st = rng.choices(list(stations), sw)[0]
        if st.startswith("Costco"):
            while d.weekday() < 5 and rng.random() < 0.7:
                d += timedelta(days=1)
        if d > TODAY:
            break
        # CA regular price: yearly level + summer bump
        level = {2024: 4.78, 2025: 4.62, 2026: 4.91}[d.year]
        bump = 0.38 * math.exp(-((d.timetuple().tm_yday - 190) / 55.0) ** 2)
        grade = "Premium" if rng.random() < 0.12 else "Regular"
        price = level + bump + stations[st] + (0.32 if grade == "Premium" else 0) + rng.uniform(-0.08, 0.08)
        gal = rng.uniform(8.2, 14.4)
        if d.weekday() >= 5:
            t = rtime(rng, 9, 30, 16, 30)
        else:
            t = rtime(rng, 7, 10, 8, 40) if rng.random() < 0.3 else rtime(rng, 17, 0, 20, 40)
        odo += int(gal * rng.uniform(26, 31))
        rows.append({
            "filled_at": "%s %s" % (d.isoformat(), t.strftime("%H:%M")),
            "station": st, "grade": grade, "gallons": round(gal, 3),
            "price_per_gal": round(price, 3), "total": round(round(gal, 3) * round(price, 3), 2),
            "odometer_mi": odo,
        })
        d += timedelta(days=rng.randint(7, 15))
    return rows


def main():
    flights = make_flights(random.Random(505))
    tx = make_transactions(random.Random(101))
    runs = make_runs(random.Random(202))
    sleep = make_sleep(random.Random(303), flights)
    books = make_books(random.Random(404))
    appts = make_appointments(random.Random(606))
    meals = make_meals(random.Random(707))
    fuel = make_fuel(random.Random(808))

    write_csv("transactions.csv", ["Txn Date", "Time", "Merchant", "Category", "Amount (USD)", "Card"], tx)
    write_json("runs.json", runs)
    write_csv("sleep.csv", ["night_of", "bed_time", "wake_time", "hours_asleep", "sleep_score",
                            "awakenings", "deep_sleep_min", "notes"], sleep)
    write_json("books.json", books)
    write_csv("flights.csv", ["Date", "Dep Time", "Airline", "Flight No", "Origin", "Destination",
                              "Distance (mi)", "Cabin", "Fare (USD)", "Trip Purpose"], flights)
    write_json("appointments.json", appts)
    write_csv("meals.csv", ["Date", "Time", "Restaurant", "Cuisine", "Neighborhood", "Party Size",
                            "Bill", "Tip", "Rating"], meals)
    write_json("fuel.json", fuel)
    for n, r in [("transactions.csv", tx), ("runs.json", runs), ("sleep.csv", sleep),
                 ("books.json", books), ("flights.csv", flights), ("appointments.json", appts),
                 ("meals.csv", meals), ("fuel.json", fuel)]:
        print("%-18s %4d rows" % (n, len(r)))


if __name__ == "__main__":
    main()
