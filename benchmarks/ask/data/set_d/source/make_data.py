#!/usr/bin/env python3
"""Generate six invented personal exports for Maja Ekström (Uppsala, Sweden; currency SEK).

Standard library only. Fixed seed, so the output is byte-identical on every run.
Writes into ../files/ relative to this script.
"""
import csv
import datetime as dt
import json
import math
import random
from pathlib import Path

SEED = 20261125
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "files"
START = dt.date(2024, 1, 1)
END = dt.date(2026, 11, 24)  # last day with data; "today" for the questions is 2026-11-25


def daterange(a, b):
    d = a
    while d <= b:
        yield d
        d += dt.timedelta(days=1)


def hhmm(minutes):
    m = int(minutes) % 1440
    return f"{m // 60:02d}:{m % 60:02d}"


def season(d):
    """~+1 in mid-January, ~-1 in mid-July."""
    return math.cos(2 * math.pi * (d.timetuple().tm_yday - 15) / 365.25)


def write_csv(name, fieldnames, rows):
    with open(OUT / name, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fieldnames)
        w.writeheader()
        w.writerows(rows)
    return len(rows)


def write_json(name, rows):
    with open(OUT / name, "w", encoding="utf-8") as f:
        json.dump(rows, f, ensure_ascii=False, indent=1)
        f.write("\n")
    return len(rows)


# --------------------------------------------------------------------------- sleep
def make_sleep(rng):
    notes_pool = [
        "late coffee", "had a coffee after 4pm, bad idea", "partner snoring", "room way too hot",
        "neighbours had a party", "read too long", "stuffy nose", "hotel bed", "took melatonin",
        "glass of wine with dinner", "cat woke me up at 4", "stressful day at work", "new pillow",
    ]
    rows = []
    for d in daterange(START, END):
        if rng.random() >= 0.335:
            continue
        weekend = d.weekday() >= 5  # Date = the morning the sleep ended
        bed = int(round(rng.gauss(-40 if not weekend else 10, 38)))  # minutes relative to midnight
        bed = max(-165, min(100, bed))
        inbed = int(round(rng.gauss(455 if not weekend else 495, 42)))
        inbed = max(300, min(600, inbed))
        wake = bed + inbed
        asleep = inbed - rng.randint(12, 55)
        awak = min(8, max(0, int(round(rng.gauss(2.2, 1.4)))))
        score = 66 + (asleep - 400) * 0.2 - awak * 2 + rng.gauss(0, 6)
        score = int(max(28, min(98, round(score))))
        quality = "Poor" if score < 55 else "Fair" if score < 70 else "Good" if score < 85 else "Excellent"
        alarm = rng.random() < (0.85 if not weekend else 0.12)
        rows.append({
            "Date": d.isoformat(),
            "Bedtime": hhmm(bed),
            "Wake Time": hhmm(wake),
            "Duration (min)": asleep,
            "Sleep Score": "" if rng.random() < 0.06 else score,
            "Awakenings": awak,
            "Quality": quality,
            "Alarm Used": "TRUE" if alarm else "FALSE",
            "Notes": rng.choice(notes_pool) if rng.random() < 0.14 else "",
        })
    return write_csv("sleep.csv", list(rows[0].keys()), rows)


# --------------------------------------------------------------------------- fuel
def make_fuel(rng):
    home = [("Circle K Gränby", 30), ("Preem Boländerna", 22), ("OKQ8 Stenhagen", 20),
            ("St1 Kungsgatan", 12), ("Ingo Sävja", 10)]
    road = [("Circle K Gävle Södra", "road trip to Gävle"), ("OKQ8 Enköping", "visiting grandma in Enköping"),
            ("Preem Västerås Erikslund", "IKEA run in Västerås"), ("Circle K Arlanda", "dropped Jonas at Arlanda"),
            ("Ingo Norrtälje", "weekend in Norrtälje")]
    notes_pool = ["car wash too", "checked tyre pressure", "bought washer fluid", "expensive!!",
                  "pump 4 was broken", "car wash (premium program)", "winter tyres on last week",
                  "paid in the app", "coffee + fuel", "queue at the pump"]
    rows = []
    d = dt.date(2024, 1, 4)
    odo = 48210
    while d <= END:
        t = (d - START).days / 365.25
        base95 = 19.2 - 0.6 * t + 0.7 * math.sin(2 * math.pi * t * 1.3) + rng.gauss(0, 0.25)
        r = rng.random()
        ftype = "Petrol 95" if r < 0.78 else "E85" if r < 0.92 else "Petrol 98"
        price = base95 - 4.8 if ftype == "E85" else base95 + 1.1 if ftype == "Petrol 98" else base95
        price = round(price, 2)
        km = rng.randint(280, 620)
        note = ""
        if rng.random() < 0.08:
            station, note = rng.choice(road)
            km += rng.randint(150, 450)
        else:
            station = rng.choices([s for s, _ in home], weights=[w for _, w in home])[0]
            if rng.random() < 0.22:
                note = rng.choice(notes_pool)
        odo += km
        full = rng.random() < 0.85
        litres = min(54.5, km * rng.uniform(0.062, 0.074)) if full else rng.uniform(12, 30)
        litres = round(litres, 2)
        rows.append({
            "Date": d.strftime("%d/%m/%Y"),
            "Odometer (km)": odo,
            "Station": station,
            "Fuel Type": ftype,
            "Litres": f"{litres:.2f}",
            "Price/L (SEK)": f"{price:.2f}",
            "Total Cost (SEK)": f"{round(litres * price, 2):.2f}",
            "Full Tank": "Yes" if full else "No",
            "Notes": note,
        })
        d += dt.timedelta(days=rng.randint(6, 19))
    return write_csv("fuel_log.csv", list(rows[0].keys()), rows)


# --------------------------------------------------------------------------- reading
PRINT_BOOKS = [
    ("Tomorrow, and Tomorrow, and Tomorrow", "Gabrielle Zevin", 416, "hardcover"),
    ("The Bee Sting", "Paul Murray", 645, "ebook"),
    ("Project Hail Mary", "Andy Weir", 476, "paperback"),
    ("Klara and the Sun", "Kazuo Ishiguro", 303, "paperback"),
    ("Sapiens", "Yuval Noah Harari", 443, "ebook"),
    ("The Remains of the Day", "Kazuo Ishiguro", 258, "paperback"),
    ("Lessons in Chemistry", "Bonnie Garmus", 390, "ebook"),
    ("Piranesi", "Susanna Clarke", 272, "hardcover"),
    ("The Hitchhiker's Guide to the Galaxy", "Douglas Adams", 208, "paperback"),
    ("Norwegian Wood", "Haruki Murakami", 296, "paperback"),
    ("A Man Called Ove", "Fredrik Backman", 337, "ebook"),
    ("Educated", "Tara Westover", 334, "paperback"),
    ("The Martian", "Andy Weir", 369, "ebook"),
    ("Anxious People", "Fredrik Backman", 341, "hardcover"),
    ("Never Let Me Go", "Kazuo Ishiguro", 282, "ebook"),
    ("Kafka on the Shore", "Haruki Murakami", 467, "paperback"),
    ("The Midnight Library", "Matt Haig", 288, "paperback"),
    ("Demon Copperhead", "Barbara Kingsolver", 548, "ebook"),
    ("Circe", "Madeline Miller", 393, "paperback"),
    ("Sea of Tranquility", "Emily St. John Mandel", 255, "hardcover"),
    ("Station Eleven", "Emily St. John Mandel", 333, "paperback"),
    ("The Overstory", "Richard Powers", 502, "ebook"),
    ("Beartown", "Fredrik Backman", 418, "paperback"),
    ("Braiding Sweetgrass", "Robin Wall Kimmerer", 391, "paperback"),
    ("Pachinko", "Min Jin Lee", 490, "ebook"),
    ("The Thursday Murder Club", "Richard Osman", 382, "paperback"),
    ("Hamnet", "Maggie O'Farrell", 372, "hardcover"),
    ("Trust", "Hernan Diaz", 402, "ebook"),
]
AUDIO_BOOKS = [
    ("Born a Crime", "Trevor Noah", 530),
    ("Atomic Habits", "James Clear", 335),
    ("Dune", "Frank Herbert", 1260),
    ("Thinking, Fast and Slow", "Daniel Kahneman", 1220),
    ("The Seven Husbands of Evelyn Hugo", "Taylor Jenkins Reid", 730),
    ("Greenlights", "Matthew McConaughey", 400),
    ("The Silent Patient", "Alex Michaelides", 520),
    ("Becoming", "Michelle Obama", 1140),
    ("Tuesday Mooney Talks to Ghosts", "Kate Racculia", 690),
    ("Quiet", "Susan Cain", 640),
    ("Hyperion", "Dan Simmons", 1260),
    ("The Body", "Bill Bryson", 940),
]


def make_reading(rng):
    notes_print = ["couldn't put it down", "slow chapter", "re-read the last chapter", "lovely ending",
                   "fell asleep reading", "lent it to Sofia after", "book club pick", "ugh, cliffhanger"]
    notes_audio = ["narrator is great", "listened at 1.25x", "lost track, rewound", "while cleaning"]
    pi, ai = 0, 0
    p_done, a_done = 0, 0
    rows = []
    for d in daterange(START, END):
        if rng.random() >= 0.29:
            continue
        audio = rng.random() < 0.3 and ai < len(AUDIO_BOOKS)
        if audio:
            title, author, total = AUDIO_BOOKS[ai]
            minutes = rng.randint(20, 95)
            finished = a_done + minutes >= total
            if finished:
                minutes = max(5, total - a_done)
                ai += 1
                a_done = 0
            else:
                a_done += minutes
            fmt, pages = "audiobook", None
            loc = rng.choice(["commute", "walk", "car", "home", "gym"])
            note = rng.choice(notes_audio) if rng.random() < 0.12 else ""
        else:
            title, author, total, fmt = PRINT_BOOKS[pi]
            pages = rng.randint(8, 62)
            finished = p_done + pages >= total
            if finished:
                pages = total - p_done
                pi += 1
                p_done = 0
            else:
                p_done += pages
            minutes = max(5, int(round(pages * rng.uniform(1.3, 2.1))))
            loc = rng.choices(["home", "bed", "commute", "café", "library"], weights=[35, 30, 18, 12, 5])[0]
            note = rng.choice(notes_print) if rng.random() < 0.12 else ""
        rating = None
        if finished:
            rating = rng.choices([2, 3, 4, 5], weights=[1, 3, 5, 3])[0]
        rows.append({
            "session_date": d.isoformat(),
            "book_title": title,
            "author": author,
            "format": fmt,
            "pages_read": pages,
            "minutes": minutes,
            "location": loc,
            "finished": finished,
            "rating": rating,
            "note": note,
        })
    return write_json("reading_log.json", rows)


# --------------------------------------------------------------------------- card
MERCHANTS = [
    # name, category, lo, hi, weight, time window (start, end minutes), online
    ("ICA Nära Svartbäcken", "Groceries", 45, 620, 16, (7 * 60, 21 * 60 + 30), False),
    ("Willys Gränby", "Groceries", 180, 1350, 12, (9 * 60, 20 * 60), False),
    ("Lidl Boländerna", "Groceries", 60, 540, 7, (8 * 60, 21 * 60), False),
    ("Espresso House", "Eating Out", 39, 98, 13, (7 * 60, 16 * 60), False),
    ("Pinchos Uppsala", "Eating Out", 180, 460, 4, (17 * 60, 22 * 60), False),
    ("Max Burgers", "Eating Out", 89, 185, 5, (11 * 60, 21 * 60), False),
    ("Güntherska Hovkonditori", "Eating Out", 55, 160, 3, (9 * 60, 17 * 60), False),
    ("UL Kollektivtrafik", "Transport", 34, 34, 6, (6 * 60 + 30, 19 * 60), False),
    ("SJ", "Transport", 95, 690, 3, (6 * 60, 22 * 60), True),
    ("Systembolaget", "Alcohol", 119, 640, 4, (10 * 60, 19 * 60), False),
    ("Apotek Hjärtat", "Health", 45, 360, 4, (9 * 60, 19 * 60), False),
    ("H&M", "Shopping", 149, 899, 3, (10 * 60, 19 * 60), False),
    ("Clas Ohlson", "Shopping", 49, 1290, 3, (10 * 60, 19 * 60), False),
    ("Akademibokhandeln", "Shopping", 129, 459, 2, (10 * 60, 18 * 60), False),
    ("Zalando", "Shopping", 299, 1490, 2, (8 * 60, 23 * 60), True),
    ("Filmstaden", "Entertainment", 145, 330, 3, (12 * 60, 21 * 60), False),
]


def make_card(rng):
    rows = []
    for d in daterange(START, END):
        if d.day == 3:  # monthly subscription
            rows.append((d, 2 * 60 + rng.randint(0, 50), "Spotify", "Bills & Subscriptions",
                         119.0 if d < dt.date(2025, 4, 1) else 129.0, "Mastercard *1907", "", "PURCHASE", ""))
        if rng.random() >= 0.30:
            continue
        name, cat, lo, hi, _w, (t0, t1), online = rng.choices(MERCHANTS, weights=[m[4] for m in MERCHANTS])[0]
        amt = float(lo) if lo == hi else round(rng.uniform(lo, hi), 2)
        tm = rng.randint(t0, t1)
        card = "Visa Debit *4821" if rng.random() < 0.7 else "Mastercard *1907"
        contactless = "" if online else ("TRUE" if rng.random() < 0.78 else "FALSE")
        note = ""
        if rng.random() < 0.09:
            note = rng.choice(["split with Jonas", "birthday gift for mum", "work lunch - expense it",
                               "forgot my bags again", "for the party", "Sofia's birthday"])
        rows.append((d, tm, name, cat, amt, card, contactless, "PURCHASE", note))
        if cat == "Shopping" and rng.random() < 0.12:  # later refund
            rd = d + dt.timedelta(days=rng.randint(3, 20))
            if rd <= END:
                rows.append((rd, rng.randint(9 * 60, 18 * 60), name, cat, -amt, card, "", "REFUND",
                             rng.choice(["returned - wrong size", "returned, didn't like it", "faulty item"])))
    rows.sort(key=lambda r: (r[0], r[1]))
    out = [{
        "Transaction Date": d.isoformat(), "Time": hhmm(tm), "Merchant": name, "Category": cat,
        "Amount (SEK)": f"{amt:.2f}", "Card": card, "Contactless": cl, "Type": typ, "Notes": note,
    } for d, tm, name, cat, amt, card, cl, typ, note in rows]
    return write_csv("card_transactions.csv", list(out[0].keys()), out)


# --------------------------------------------------------------------------- energy
def make_energy(rng):
    comments = ["sauna on Saturday", "guests staying all week", "away - house mostly empty",
                "heat pump serviced", "new fridge delivered", "ran the sauna twice", "dryer broke, line drying",
                "very cold snap", "Jonas working from home"]
    rows = []
    d = dt.date(2024, 1, 2)
    meter = 41235.0
    prev = d - dt.timedelta(days=7)
    while d <= END:
        gap = (d - prev).days
        temp = 6.5 - 10.5 * season(d) + rng.gauss(0, 3)
        daily = 10 + 0.75 * max(0.0, 15 - temp) + rng.gauss(0, 1.5)
        usage = round(max(20.0, daily * gap), 1)
        meter = round(meter + usage, 1)
        if d < dt.date(2024, 9, 1):
            tariff, price = "fixed", 1.45
        elif d < dt.date(2025, 10, 6):
            tariff, price = "variable", 1.55 + 0.35 * season(d) + rng.gauss(0, 0.08)
        else:
            tariff, price = "spot", 1.25 + 0.8 * season(d) + rng.gauss(0, 0.3)
        price = max(0.35, price)
        est = rng.random() < 0.08
        comment = rng.choice(comments) if rng.random() < 0.13 else ""
        if est and rng.random() < 0.5:
            comment = "estimated, couldn't get to the meter"
        if rng.random() < 0.6:
            tm = rng.randint(6 * 60 + 40, 9 * 60 + 30)
        else:
            tm = rng.randint(17 * 60 + 30, 21 * 60 + 30)
        rows.append({
            "reading_date": d.isoformat(),
            "reading_time": hhmm(tm),
            "meter_reading_kwh": f"{meter:.1f}",
            "usage_kwh": f"{usage:.1f}",
            "cost_sek": f"{usage * price:.2f}",
            "tariff": tariff,
            "estimated": "Y" if est else "N",
            "outdoor_temp_c": "" if rng.random() < 0.07 else f"{temp:.1f}",
            "comment": comment,
        })
        prev = d
        d += dt.timedelta(days=rng.randint(5, 9))
    return write_csv("energy_readings.csv", list(rows[0].keys()), rows)


# --------------------------------------------------------------------------- medication
def make_meds(rng):
    rows = []

    def add(d, tm, med, dose, status, food, reminder, note=""):
        rows.append({"date_local": d.isoformat(), "time_local": hhmm(tm), "medication": med,
                     "dose_mg": dose, "status": status, "with_food": food,
                     "from_reminder": reminder, "note": note})

    def food():
        r = rng.random()
        return None if r < 0.2 else (r < 0.65)

    for d in daterange(START, END):
        # Cetirizine: pollen season, scheduled with reminder, sometimes skipped
        if dt.date(d.year, 4, 10) <= d <= dt.date(d.year, 7, 10) and rng.random() < 0.36:
            skipped = rng.random() < 0.17
            add(d, rng.randint(7 * 60, 9 * 60 + 40), "Cetirizine", 10, "skipped" if skipped else "taken",
                None if skipped else food(), True,
                rng.choice(["pollen bad today", "itchy eyes", ""]) if rng.random() < 0.2 else "")
        # Omeprazole course Feb-Mar 2025, scheduled
        if dt.date(2025, 2, 10) <= d <= dt.date(2025, 3, 23) and rng.random() < 0.75:
            skipped = rng.random() < 0.15
            add(d, rng.randint(7 * 60 + 10, 8 * 60 + 50), "Omeprazole", 20, "skipped" if skipped else "taken",
                None if skipped else False, True, "")
        # Ibuprofen, as needed
        if rng.random() < 0.085:
            add(d, rng.randint(8 * 60, 22 * 60 + 40), "Ibuprofen", rng.choice([200, 400, 400]), "taken", food(), False,
                rng.choice(["headache", "back pain", "period cramps", "toothache", "Headache again",
                            "sore knee after padel"]) if rng.random() < 0.4 else "")
        # Paracetamol, as needed
        if rng.random() < 0.045:
            add(d, rng.randint(8 * 60, 23 * 60), "Paracetamol", rng.choice([500, 1000]), "taken", food(), False,
                rng.choice(["fever", "headache", "cold coming on", ""]) if rng.random() < 0.4 else "")
        # Melatonin, as needed in the evening
        if rng.random() < 0.055:
            add(d, rng.randint(21 * 60 + 15, 23 * 60 + 50), "Melatonin", 1, "taken", None, False,
                rng.choice(["can't sleep", "jet lag", "after late shift", ""]) if rng.random() < 0.3 else "")
    rows.sort(key=lambda r: (r["date_local"], r["time_local"]))
    return write_json("medication_log.json", rows)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    counts = {
        "sleep.csv": make_sleep(rng),
        "fuel_log.csv": make_fuel(rng),
        "reading_log.json": make_reading(rng),
        "card_transactions.csv": make_card(rng),
        "energy_readings.csv": make_energy(rng),
        "medication_log.json": make_meds(rng),
    }
    for k, v in counts.items():
        assert 60 <= v <= 400, (k, v)
        print(f"{k:24s} {v:4d} rows")


if __name__ == "__main__":
    main()
