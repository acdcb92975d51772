#!/usr/bin/env python3
"""Generate the six invented record exports of Maren Vos (Utrecht, NL) for set_c.

Reproducible: fixed seed, pure standard library.  Run from anywhere:
    python3 source/make_data.py
Writes into ../files/ relative to this script.
"""
import csv
import json
import os
import random
from datetime import date, timedelta

SEED = int(os.environ.get("SET_C_SEED", "237"))
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "files")
START = date(2024, 1, 1)
LAST = date(2026, 11, 24)  # last day with records; "today" is 2026-11-25

rng = random.Random(SEED)


def days(a, b):
    d = a
    while d <= b:
        yield d
        d += timedelta(days=1)


def pick(weights):
    """weights: dict value -> weight"""
    vals = list(weights)
    return rng.choices(vals, weights=[weights[v] for v in vals])[0]


def write_csv(name, header, rows):
    with open(os.path.join(OUT, name), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if r.get(h) is None else r.get(h) for h in header])


def write_json(name, rows):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        json.dump(rows, f, ensure_ascii=False, indent=2)
        f.write("\n")


# ---------------------------------------------------------------- workouts
def make_workouts():
    rows = []
    for d in days(START, LAST):
        m = d.month
        summer = m in (5, 6, 7, 8, 9)
        p = 0.26 + (0.06 if summer else 0) + (0.05 if d.weekday() >= 5 else 0)
        if m == 1:
            p += 0.06  # new year's resolutions
        if m == 12:
            p -= 0.08
        if d.year == 2026:
            p += 0.02
        n = 0
        if rng.random() < p:
            n = 1
            if rng.random() < 0.06:
                n = 2
        used_evening = False
        for i in range(n):
            w = {"Gym": 30, "Cycling": 12 + (16 if summer else 0), "Yoga": 20,
                 "Running": 18 if m not in (12, 1, 2) else 10, "Swimming": 8 + (6 if summer else 0)}
            if d.year == 2026:
                w["Yoga"] += 6
            kind = pick(w)
            # start time
            if d.weekday() >= 5:
                hh = rng.choice([8, 9, 9, 10, 10, 11, 15, 16])
            else:
                hh = rng.choice([6, 6, 7, 7, 12, 17, 18, 18, 19, 19, 20])
            if i == 1:
                hh = 19 if not used_evening else 20
            if hh >= 17:
                used_evening = True
            mm = rng.choice([0, 5, 10, 15, 20, 30, 35, 40, 45, 50])
            if hh == 6 and mm < 15:
                mm += 15
            if kind == "Gym":
                dur = rng.randint(9, 18) * 5
                loc = pick({"Basic-Fit Utrecht Centrum": 70, "SportCity Leidsche Rijn": 22, "Home": 8})
            elif kind == "Cycling":
                dur = rng.randint(8, 36) * 5 if d.weekday() >= 5 else rng.randint(8, 20) * 5
                loc = "Outdoor"
            elif kind == "Yoga":
                dur = rng.choice([30, 45, 45, 60, 60, 60, 75, 90])
                loc = pick({"Yoga Studio Zuid": 60, "Home": 40})
            elif kind == "Running":
                dur = rng.randint(22, 85)
                loc = pick({"Maximapark": 55, "Outdoor": 45})
            else:
                dur = rng.choice([30, 35, 40, 45, 45, 50, 60])
                loc = "Krommerijn pool"
            rate = {"Gym": 7.2, "Cycling": 9.0, "Yoga": 3.9, "Running": 11.0, "Swimming": 8.6}[kind]
            cal = int(round(dur * rate * rng.uniform(0.85, 1.15)))
            hr_rng = {"Gym": (112, 142), "Cycling": (122, 158), "Yoga": (82, 106),
                      "Running": (142, 172), "Swimming": (120, 146)}[kind]
            hr = rng.randint(*hr_rng)
            dist = None
            if kind == "Cycling":
                dist = round(dur / 60 * rng.uniform(21, 28.5), 1)
            elif kind == "Running":
                dist = round(dur / 60 * rng.uniform(8.8, 11.8), 1)
            elif kind == "Swimming":
                dist = round(dur / 60 * rng.uniform(2.0, 2.8), 2)
            notes_pool = {
                "Gym": ["leg day", "push day, new PR on bench", "upper body + core", "felt tired, kept it light",
                        "deadlifts 3x5", "circuit with Eva", "back and biceps"],
                "Cycling": ["ride along the Vecht", "headwind all the way back", "to Amerongen and back",
                            "group ride with the club", "commute the long way", "flat tyre near Maarssen",
                            "Utrechtse Heuvelrug loop"],
                "Yoga": ["vinyasa flow", "yin yoga, very calm", "online class", "hot yoga – never again",
                         "morning stretch", "power yoga with Lotte"],
                "Running": ["easy pace", "intervals 6x800m", "long run", "parkrun", "tempo run, legs heavy",
                            "ran in the rain"],
                "Swimming": ["crawl, 50m laps", "mostly breaststroke", "lane was crowded", "drills with kickboard"],
            }[kind]
            note = rng.choice(notes_pool) if rng.random() < 0.5 else ""
            rows.append({
                "Date": d.isoformat(),
                "Start Time": f"{hh:02d}:{mm:02d}",
                "Type": kind,
                "Duration (min)": dur,
                "Distance (km)": dist,
                "Calories (kcal)": cal if rng.random() > 0.04 else None,
                "Avg HR (bpm)": hr if rng.random() > 0.1 else None,
                "Location": loc,
                "Notes": note,
            })
    header = ["Date", "Start Time", "Type", "Duration (min)", "Distance (km)", "Calories (kcal)",
              "Avg HR (bpm)", "Location", "Notes"]
    write_csv("workouts.csv", header, rows)
    return len(rows)


# ---------------------------------------------------------------- contacts
FIRST = ["Anouk", "Bram", "Charlotte", "Daan", "Eva", "Femke", "Gijs", "Hanna", "Ilse", "Jasper", "Koen",
         "Lotte", "Milan", "Noor", "Olivier", "Pim", "Quinten", "Roos", "Sander", "Tess", "Umut", "Vera",
         "Wouter", "Yara", "Zoë", "Ahmed", "Björn", "Chiara", "Diego", "Elif", "Finn", "Greta", "Hugo",
         "Ines", "Jonas", "Katja", "Lars", "Mila", "Nadia", "Oscar", "Priya", "Rafael", "Sofie", "Thijs",
         "Ulla", "Vincent", "Wies", "Xander", "Yusuf", "Bas", "Carmen", "Dirk", "Emma", "Floor", "Gerrit",
         "Hester", "Joost", "Kim", "Lieke", "Maarten", "Nina", "Ruben", "Saskia", "Tim", "Valerie", "Willem",
         "Agnes", "Ben", "Cor", "Dewi", "Esther", "Frank", "Ger", "Hans", "Iris", "Jan", "Karin", "Luuk",
         "Marloes", "Niels", "Rik", "Sara", "Tom", "Wendy", "Annemiek"]
LASTN = ["de Jong", "Jansen", "de Vries", "van den Berg", "Bakker", "Visser", "Smit", "Meijer", "de Boer",
         "Mulder", "de Groot", "Bos", "Peters", "Hendriks", "van Leeuwen", "Dekker", "Brouwer", "de Wit",
         "Dijkstra", "Smits", "de Graaf", "van der Meer", "Kok", "Jacobs", "Vermeulen", "Schouten", "Willems",
         "Hoekstra", "Koster", "Prins", "Yilmaz", "Rossi", "Schmidt", "Okafor", "Fernández", "Nielsen"]


def make_contacts():
    n = 82
    firsts = rng.sample(FIRST, n)
    rows = []
    for i, fn in enumerate(firsts):
        rel = pick({"Friend": 30, "Family": 14, "Colleague": 16, "Former colleague": 9, "Neighbour": 7,
                    "Acquaintance": 10})
        if rel == "Family":
            ln = rng.choice(["Vos", "Vos", "Vos", "Kramer", "van Dam"])
        else:
            ln = rng.choice(LASTN)
        name = f"{fn} {ln}"
        if rel == "Neighbour":
            city = "Utrecht"
        else:
            city = pick({"Utrecht": 34, "Amsterdam": 14, "Rotterdam": 8, "Den Haag": 6, "Zeist": 6,
                         "Houten": 5, "Amersfoort": 5, "Berlin": 3, "Antwerp": 3, "London": 3})
        if rng.random() < 0.03:
            city = ""
        if rel == "Family":
            y = rng.choice([rng.randint(1950, 1962), rng.randint(1985, 2004), rng.randint(1963, 1990)])
        elif rel in ("Colleague", "Former colleague"):
            y = rng.randint(1972, 2000)
        elif rel == "Neighbour":
            y = rng.randint(1948, 1995)
        else:
            y = rng.randint(1980, 1996)
        bday = date(y, 1, 1) + timedelta(days=rng.randint(0, 364))
        if bday.month == 2 and bday.day == 29:
            bday = bday.replace(day=28)
        how = {"Family": "Family", "Colleague": "Work", "Former colleague": "Work",
               "Neighbour": "Neighbourhood"}.get(rel)
        if how is None:
            how = pick({"School": 10, "University": 18, "Climbing club": 10, "Through friends": 20,
                        "Online": 6, "Work": 6, "Neighbourhood": 3})
        if rng.random() < 0.05:
            how = ""
        # last contacted: skewed recent, family/friends more recent
        lam = {"Family": 25, "Friend": 60, "Colleague": 20, "Former colleague": 260, "Neighbour": 40,
               "Acquaintance": 300}[rel]
        back = min(int(rng.expovariate(1 / lam)), (LAST - START).days)
        lc = LAST - timedelta(days=back)
        note = rng.choice(["", "", "", "vegetarian", "has two kids", "owes me a book", "loves board games",
                           "moved recently", "climbing buddy", "call on Sundays", "met at Lotte's wedding",
                           "allergic to nuts", "likes jazz", "runs marathons"])
        rows.append({
            "Name": name,
            "Relation": rel,
            "City": city,
            "Birthday": bday.strftime("%d/%m/%Y") if rng.random() > 0.07 else "",
            "How We Met": how,
            "Last Contacted": lc.strftime("%d/%m/%Y"),
            "Phone": f"+31 6 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}" if city not in
            ("Berlin", "Antwerp", "London") else {"Berlin": "+49 30 ", "Antwerp": "+32 3 ",
                                                  "London": "+44 20 "}[city] + f"{rng.randint(100, 999)} {rng.randint(1000, 9999)}",
            "Notes": note,
        })
    # make names unique (same first name never repeats; last names may collide -> fine)
    assert len({r["Name"] for r in rows}) == len(rows)
    header = ["Name", "Relation", "City", "Birthday", "How We Met", "Last Contacted", "Phone", "Notes"]
    write_csv("contacts.csv", header, rows)
    return len(rows)


# ---------------------------------------------------------------- purchases
CATALOG = {
    "Electronics": ([("USB-C charger 65W", 19, 35), ("Noise-cancelling headphones", 179, 329),
                     ("E-reader", 119, 189), ("Laptop stand", 25, 49), ("Wireless mouse", 18, 59),
                     ("Smart plug 2-pack", 22, 35), ("Portable SSD 1TB", 79, 129),
                     ("Bluetooth speaker", 45, 149), ("HDMI cable 2m", 7, 15), ("Webcam", 49, 99)],
                    {"Coolblue": 45, "bol.com": 30, "Amazon.nl": 25}),
    "Clothing": ([("Rain jacket", 59, 149), ("Merino sweater", 49, 119), ("Jeans", 39, 99),
                  ("T-shirt 3-pack", 15, 29), ("Winter boots", 79, 159), ("Scarf", 12, 35),
                  ("Sneakers", 59, 129), ("Socks 5-pack", 8, 15)],
                 {"Zalando": 60, "HEMA": 25, "Amazon.nl": 15}),
    "Home": ([("Bed linen set", 29, 79), ("Desk lamp", 19, 69), ("Storage boxes", 9, 25),
              ("Frying pan", 25, 65), ("Plant pot", 6, 24), ("Bath towels", 12, 35), ("Chef's knife", 35, 89),
              ("Office chair", 149, 289)],
             {"IKEA": 45, "HEMA": 25, "bol.com": 30}),
    "Books": ([("'Tomorrow, and Tomorrow, and Tomorrow'", 12, 22), ("'De avond is ongemak'", 10, 20),
               ("'Atomic Habits'", 14, 22), ("'The Overstory'", 12, 20), ("Dutch cookbook", 20, 35),
               ("Lonely Planet Portugal", 18, 28), ("'Klara and the Sun'", 11, 19), ("Graphic novel", 15, 29)],
              {"bol.com": 70, "Amazon.nl": 30}),
    "Sports": ([("Yoga mat", 15, 45), ("Cycling gloves", 12, 29), ("Bike lights set", 15, 39),
                ("Swim goggles", 8, 22), ("Running shoes", 79, 149), ("Resistance bands", 9, 19),
                ("Water bottle", 6, 18), ("Cycling jersey", 29, 69)],
               {"Decathlon": 65, "bol.com": 20, "Amazon.nl": 15}),
    "Groceries": ([("Weekly groceries", 45, 115), ("Coffee beans 1kg", 14, 24), ("Olive oil 1L", 8, 14),
                   ("Tea assortment", 5, 12)],
                  {"Albert Heijn": 85, "bol.com": 15}),
    "Beauty": ([("Sunscreen SPF50", 8, 19), ("Shampoo", 4, 12), ("Face cream", 12, 39),
                ("Toothbrush heads", 12, 25), ("Perfume", 45, 95)],
               {"HEMA": 35, "bol.com": 40, "Amazon.nl": 25}),
    "Toys & Gifts": ([("LEGO set", 25, 119), ("Board game", 19, 49), ("Puzzle 1000 pcs", 12, 22),
                      ("Gift card", 25, 50), ("Scented candle set", 12, 30)],
                     {"bol.com": 55, "Amazon.nl": 30, "HEMA": 15}),
}
DELIVERY = {"Coolblue": (1, 2), "bol.com": (1, 3), "Amazon.nl": (1, 5), "Zalando": (2, 5), "IKEA": (3, 9),
            "Decathlon": (2, 4), "Albert Heijn": (0, 1), "HEMA": (1, 4)}


def money(x):
    return f"€{x:,.2f}"


def make_purchases():
    rows = []
    for d in days(START, LAST):
        p = 0.17
        if d.month in (11, 12):
            p = 0.3
        if rng.random() >= p:
            continue
        cat = pick({"Electronics": 10, "Clothing": 16, "Home": 13, "Books": 12, "Sports": 10,
                    "Groceries": 16, "Beauty": 9, "Toys & Gifts": 6 + (14 if d.month in (11, 12) else 0)})
        items, shops = CATALOG[cat]
        item, lo, hi = rng.choice(items)
        if item == "Gift card":
            price = float(rng.choice([25, 30, 40, 50]))
        else:
            price = round(rng.uniform(lo, hi)) - rng.choice([0.01, 0.05, 0.51, 0.01])
            price = round(price, 2)
        if rng.random() < 0.1 and cat == "Electronics" and d.year >= 2025:
            item, price = "Laptop 14\"", rng.choice([1099.0, 1249.0, 1349.0])
        shop = pick(shops)
        qty = 1
        if cat in ("Groceries", "Beauty", "Books") and rng.random() < 0.3:
            qty = rng.choice([2, 2, 3, 4])
        elif item in ("Socks 5-pack", "T-shirt 3-pack", "Storage boxes", "Plant pot", "Swim goggles") and rng.random() < 0.5:
            qty = rng.choice([2, 3])
        if item == "Weekly groceries":
            qty = 1
        lo_d, hi_d = DELIVERY[shop]
        deliv = d + timedelta(days=rng.randint(lo_d, hi_d))
        delivered = deliv.strftime("%m/%d/%Y")
        if deliv > LAST or rng.random() < 0.012:
            delivered = ""
        returned = "No"
        if delivered:
            pr = 0.28 if cat == "Clothing" else 0.05
            if cat == "Groceries":
                pr = 0
            if rng.random() < pr:
                returned = "Yes"
        note = ""
        r = rng.random()
        if returned == "Yes":
            note = rng.choice(["didn't fit", "wrong colour", "arrived damaged", "changed my mind",
                               "size too small", "not as described", ""])
        elif r < 0.12:
            note = rng.choice(["gift for mum", "birthday present for Lotte", "for the new flat",
                               "Sinterklaas", "replacement for broken one", "on sale", "used a discount code"])
        rows.append({
            "Order Date": d.strftime("%m/%d/%Y"),
            "Item": item,
            "Shop": shop,
            "Category": cat,
            "Price": money(price),
            "Qty": qty,
            "Delivered": delivered,
            "Returned": returned,
            "Note": note,
        })
    write_json("purchases.json", rows)
    return len(rows)


# ---------------------------------------------------------------- meetings
ORGS = {"Maren Vos": 22, "Joris de Wit": 18, "Priya Raman": 15, "Tom Bakker": 12, "Sanne Kuipers": 10,
        "Lucas Meyer": 7, "Fatima El Idrissi": 6}
TITLES = {
    "Atlas": ["Atlas sprint review", "Atlas planning", "Atlas stand-up", "Atlas design review", "Atlas retro"],
    "Beacon": ["Beacon sync", "Beacon roadmap", "Beacon client call", "Beacon demo"],
    "Comet": ["Comet kickoff", "Comet data review", "Comet weekly", "Comet architecture"],
    "Delta": ["Delta status", "Delta vendor call", "Delta wrap-up"],
    "Internal": ["Team meeting", "1:1 with manager", "All-hands", "Hiring panel", "Budget review"],
}


def h12(mins):
    h, m = divmod(mins, 60)
    suf = "AM" if h < 12 else "PM"
    hh = h % 12 or 12
    return f"{hh}:{m:02d} {suf}"


def make_meetings():
    rows = []
    for d in days(START, LAST):
        if d.weekday() >= 5:
            continue
        if (d.month == 12 and d.day >= 23) or (d.month == 1 and d.day <= 2) or (d.month == 8 and d.day <= 14):
            continue
        p = 0.42 + (0.06 if d.weekday() == 1 else 0) - (0.12 if d.weekday() == 4 else 0)
        n = 0
        if rng.random() < p:
            n = 1 + (1 if rng.random() < 0.1 else 0)
        starts = []
        for _ in range(n):
            projs = {"Atlas": 28, "Beacon": 18, "Internal": 22}
            if d >= date(2025, 3, 1):
                projs["Comet"] = 26
            if d <= date(2025, 6, 30):
                projs["Delta"] = 14
            proj = pick(projs)
            title = rng.choice(TITLES[proj])
            while True:
                st = rng.choice(range(8 * 60 + 30, 17 * 60 + 1, 15))
                if all(abs(st - s) >= 150 for s in starts):
                    break
            starts.append(st)
            dur = pick({15: 10, 30: 26, 45: 16, 60: 26, 90: 12, 120: 7, 180: 3})
            if "stand-up" in title:
                dur = 15
            if title == "All-hands":
                dur, att = 60, rng.randint(30, 60)
            else:
                att = rng.randint(2, 6) if rng.random() < 0.6 else rng.randint(7, 16)
            if title == "1:1 with manager":
                att = 2
            org = pick(ORGS)
            loc = pick({"Room Everest": 22, "Room Fuji": 16, "Room Kilimanjaro": 12, "Online - Teams": 34,
                        "Online - Zoom": 12 if d.year == 2024 else 6})
            status = "Cancelled" if rng.random() < 0.08 else "Held"
            note = ""
            if status == "Cancelled":
                note = rng.choice(["organizer sick", "moved to next week", "not needed anymore", ""])
            elif rng.random() < 0.35:
                note = rng.choice(["ran over a bit", "action items sent by mail", "decided to postpone launch",
                                   "good discussion", "half the team missing", "demo went well",
                                   "need follow-up with finance", "recording on SharePoint"])
            rows.append({
                "Date": d.isoformat(),
                "Start": h12(st),
                "End": h12(st + dur),
                "Title": title,
                "Organizer": org,
                "Attendees": att,
                "Room / Online": loc,
                "Project": proj,
                "Status": status,
                "Notes": note,
            })
    header = ["Date", "Start", "End", "Title", "Organizer", "Attendees", "Room / Online", "Project", "Status", "Notes"]
    write_csv("meetings.csv", header, rows)
    return len(rows)


# ---------------------------------------------------------------- trips
DEST = [("Amsterdam", "Netherlands", "Train"), ("Maastricht", "Netherlands", "Train"),
        ("Groningen", "Netherlands", "Train"), ("Texel", "Netherlands", "Ferry"),
        ("Antwerp", "Belgium", "Train"), ("Ghent", "Belgium", "Train"), ("Brussels", "Belgium", "Train"),
        ("Berlin", "Germany", "Train"), ("Cologne", "Germany", "Train"), ("Hamburg", "Germany", "Bus"),
        ("Munich", "Germany", "Plane"), ("Paris", "France", "Train"), ("Lyon", "France", "Train"),
        ("Nice", "France", "Plane"), ("Barcelona", "Spain", "Plane"), ("Seville", "Spain", "Plane"),
        ("Lisbon", "Portugal", "Plane"), ("Porto", "Portugal", "Plane"), ("Rome", "Italy", "Plane"),
        ("London", "United Kingdom", "Train"), ("Edinburgh", "United Kingdom", "Plane"),
        ("Copenhagen", "Denmark", "Plane"), ("Vienna", "Austria", "Train"), ("Ardennes", "Belgium", "Car")]


def make_trips():
    rows = []
    d = START + timedelta(days=rng.randint(10, 30))
    while True:
        purpose = pick({"Business": 22, "Conference": 8, "Holiday": 20, "Family": 14, "Weekend getaway": 18})
        if d.month in (6, 7, 8) and rng.random() < 0.5:
            purpose = "Holiday"
        if purpose == "Weekend getaway":
            while d.weekday() != 4 and d.weekday() != 5:
                d += timedelta(days=1)
            nights = 2 if d.weekday() == 4 else rng.choice([1, 1, 2])
            if d.weekday() == 4 and rng.random() < 0.3:
                nights = 3
            cand = [x for x in DEST if x[1] in ("Netherlands", "Belgium", "Germany", "France", "United Kingdom")]
        elif purpose == "Holiday":
            nights = rng.randint(4, 14)
            cand = [x for x in DEST if x[0] not in ("Amsterdam", "Cologne", "Brussels")]
        elif purpose == "Family":
            nights = rng.randint(1, 4)
            cand = [x for x in DEST if x[0] in ("Groningen", "Maastricht", "Hamburg", "Antwerp")]
        elif purpose == "Conference":
            while d.weekday() > 2:
                d += timedelta(days=1)
            nights = rng.randint(2, 4)
            cand = [x for x in DEST if x[0] in ("Berlin", "Lisbon", "Barcelona", "Vienna", "London", "Copenhagen", "Paris")]
        else:
            while d.weekday() > 3:
                d += timedelta(days=1)
            nights = rng.randint(0, 3)
            cand = [x for x in DEST if x[0] in ("Amsterdam", "Brussels", "Cologne", "Berlin", "London", "Paris",
                                                "Munich", "Copenhagen", "Hamburg")]
        city, country, transport = rng.choice(cand)
        if transport == "Train" and country in ("Germany", "France", "United Kingdom", "Austria") and rng.random() < 0.3 \
                and city not in ("Cologne", "Paris", "Brussels"):
            transport = "Plane"
        if country in ("Netherlands", "Belgium") and rng.random() < 0.25 and city != "Texel":
            transport = "Car"
        if city in ("Berlin", "Paris", "London", "Cologne") and rng.random() < 0.12:
            transport = "Bus"
        end = d + timedelta(days=nights)
        if end > LAST:
            break
        base = {"Train": 60, "Plane": 190, "Car": 45, "Bus": 35, "Ferry": 55}[transport]
        if country in ("Netherlands",) and transport == "Train":
            base = 25
        night = {"Business": 0, "Conference": 60, "Holiday": 95, "Family": 0, "Weekend getaway": 110}[purpose]
        cost = base * rng.uniform(0.8, 1.6) + nights * night * rng.uniform(0.7, 1.4)
        if purpose == "Conference":
            cost += rng.choice([250, 350, 450])
        if purpose == "Business":
            cost = base * rng.uniform(0.8, 1.4) + nights * 130
        cost = round(cost, rng.choice([0, 2]))
        if cost == int(cost):
            cost = int(cost)
        if rng.random() < 0.05:
            cost = None
        comp = {"Business": rng.choice(["", "Joris", "Priya", "Joris, Priya", ""]),
                "Conference": rng.choice(["", "Priya"]),
                "Holiday": rng.choice(["Bas", "Bas", "Lotte, Eva", "", "Bas, Noor"]),
                "Family": rng.choice(["", "Bas"]),
                "Weekend getaway": rng.choice(["Bas", "Lotte", "", "Bas"])}[purpose]
        note = rng.choice(["", "", "train delayed 40 min", "great food", "rained the whole time",
                           "hotel near the station", "visited the museum quarter", "stayed with aunt Ria",
                           "client workshop went well", "lost my umbrella", "booked last minute", "sunny!"])
        if note == "stayed with aunt Ria" and purpose != "Family":
            note = ""
        rows.append({
            "Destination": city,
            "Country": country,
            "Start Date": d.isoformat(),
            "End Date": end.isoformat(),
            "Purpose": purpose,
            "Transport": transport,
            "Total Cost (EUR)": cost,
            "Travel Companions": comp,
            "Notes": note,
        })
        d = end + timedelta(days=rng.randint(5, 34))
    write_json("trips.json", rows)
    return len(rows)


# ---------------------------------------------------------------- visits
SPEC = {
    "General practice": ("Huisartsenpraktijk Lombok", ["Dr. M. Jansen", "Dr. R. Claes"], (25, 42),
                         {"Yes": 90, "Partial": 10},
                         ["persistent cough", "flu symptoms", "annual check-up", "back pain", "vaccination",
                          "sore throat", "referral for knee", "blood test results", "skin rash"]),
    "Dentistry": ("Tandartspraktijk Oudegracht", ["Dr. P. de Groot"], (55, 320), {"No": 55, "Partial": 45},
                  ["routine check-up", "cleaning", "filling lower molar", "check-up + cleaning", "toothache",
                   "crown fitting"]),
    "Physiotherapy": ("FysioFit Utrecht", ["L. Verbeek", "K. Smit"], (38, 48), {"Partial": 50, "Yes": 30, "No": 20},
                      ["knee rehab session", "running injury follow-up", "shoulder mobility", "knee exercises",
                       "lower back treatment"]),
    "Dermatology": (None, ["Dr. A. Hoekstra", "Dr. S. Brouwer"], (120, 260), {"Yes": 55, "Partial": 25, "No": 20},
                    ["mole check", "eczema flare-up", "mole removal", "skin check"]),
    "Cardiology": ("UMC Utrecht", ["Dr. H. Visser"], (180, 410), {"Yes": 70, "Partial": 30},
                   ["palpitations", "ECG and stress test", "follow-up heart rhythm"]),
    "Ophthalmology": ("Diakonessenhuis", ["Dr. E. Mulder"], (90, 210), {"Yes": 50, "No": 30, "Partial": 20},
                      ["eye pressure check", "blurry vision", "dry eyes", "annual eye exam"]),
    "Gynaecology": ("Diakonessenhuis", ["Dr. N. Bos"], (110, 200), {"Yes": 80, "Partial": 20},
                    ["annual check", "follow-up", "consultation"]),
}


def make_visits():
    plan = []
    # dentist roughly every 6 months plus extra
    for y in (2024, 2025, 2026):
        for m in (2, 8):
            plan.append(("Dentistry", date(y, m, 1) + timedelta(days=rng.randint(0, 50))))
    for _ in range(4):
        plan.append(("Dentistry", START + timedelta(days=rng.randint(0, (LAST - START).days))))
    # physio series spring 2025 (running injury) and a short one in 2026
    d = date(2025, 3, 10)
    for _ in range(9):
        plan.append(("Physiotherapy", d))
        d += timedelta(days=rng.choice([7, 7, 10, 14]))
    d = date(2026, 9, 1)
    for _ in range(4):
        plan.append(("Physiotherapy", d))
        d += timedelta(days=rng.choice([7, 14]))
    for _ in range(15):
        plan.append(("General practice", START + timedelta(days=rng.randint(0, (LAST - START).days))))
    for spec, k in (("Dermatology", 7), ("Cardiology", 4), ("Ophthalmology", 5), ("Gynaecology", 4)):
        for _ in range(k):
            plan.append((spec, START + timedelta(days=rng.randint(0, (LAST - START).days))))
    rows = []
    for spec, d in sorted(plan, key=lambda x: x[1]):
        if d > LAST:
            d = LAST - timedelta(days=rng.randint(3, 40))
        if d.weekday() == 6:
            d -= timedelta(days=2)
        if d.weekday() == 5 and spec not in ("Dentistry", "Physiotherapy"):
            d -= timedelta(days=1)
        clinic, docs, (lo, hi), cov, reasons = SPEC[spec]
        if clinic is None:
            clinic = rng.choice(["UMC Utrecht", "Diakonessenhuis"])
        doc = docs[0] if len(docs) == 1 else rng.choice(docs)
        if spec == "Dermatology":
            doc = "Dr. A. Hoekstra" if clinic == "UMC Utrecht" else "Dr. S. Brouwer"
        t = rng.choice(range(8 * 60, 17 * 60 + 1, 10 if spec == "Physiotherapy" else 15))
        if d.weekday() == 5:
            t = rng.choice(range(9 * 60, 12 * 60 + 1, 30))
        cost = round(rng.uniform(lo, hi) * 2) / 2
        if spec == "Dentistry" and rng.random() < 0.5:
            cost = round(rng.uniform(55, 95) * 2) / 2
        cov_v = pick(cov)
        fu = "Yes" if rng.random() < (0.5 if spec in ("Dermatology", "Cardiology", "Physiotherapy") else 0.18) else "No"
        if rng.random() < 0.06:
            fu = ""
        if spec == "Dermatology" and rng.random() < 0.2 and fu == "No" and cov_v == "No":
            pass
        rows.append({
            "Visit Date": d.strftime("%d.%m.%Y"),
            "Time": f"{t // 60:02d}:{t % 60:02d}",
            "Clinic": clinic,
            "Doctor": doc if rng.random() > 0.03 else "",
            "Specialty": spec,
            "Reason": rng.choice(reasons),
            "Cost": "€ " + f"{cost:.2f}".replace(".", ","),
            "Insurance Covered": cov_v,
            "Follow-up": fu,
        })
    header = ["Visit Date", "Time", "Clinic", "Doctor", "Specialty", "Reason", "Cost", "Insurance Covered", "Follow-up"]
    write_csv("visits.csv", header, rows)
    return len(rows)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    counts = {
        "workouts.csv": make_workouts(),
        "contacts.csv": make_contacts(),
        "purchases.json": make_purchases(),
        "meetings.csv": make_meetings(),
        "trips.json": make_trips(),
        "visits.csv": make_visits(),
    }
    for k, v in counts.items():
        print(f"{k}: {v} rows")
        assert 40 <= v <= 400, (k, v)
