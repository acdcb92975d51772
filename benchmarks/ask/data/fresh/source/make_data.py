#!/usr/bin/env python3
"""Generate six personal-record files with a fixed seed.

Files (collection name = file stem):
  swims.csv      - pool / open-water swim log
  coffees.json   - coffee purchases exported from a card/loyalty app
  readings.csv   - home blood-pressure monitor export
  hikes.json     - hiking log
  stays.csv      - hotel stays
  games.json     - board-game night log
"""
import csv
import json
import os
import random
from datetime import date, datetime, timedelta

SEED = 20261120
OUT = os.path.dirname(os.path.abspath(__file__))
START = date(2024, 1, 1)
END = date(2026, 11, 20)
SPAN = (END - START).days


def rand_day(rng):
    return START + timedelta(days=rng.randint(0, SPAN))


def sorted_days(rng, n):
    return sorted(rand_day(rng) for _ in range(n))


# ---------------------------------------------------------------- swims
def make_swims(rng):
    pools = [
        ("Riverside Aquatic Centre", 5.50, 0.38),
        ("Northgate Leisure Pool", 4.25, 0.30),
        ("Hillcrest YMCA", 0.00, 0.20),
        ("Lake Merrow", 0.00, 0.12),
    ]
    strokes = ["freestyle", "breaststroke", "backstroke", "mixed", "butterfly"]
    stroke_w = [0.48, 0.2, 0.14, 0.14, 0.04]
    notes_pool = ["", "", "", "", "lane was busy", "felt strong", "tired arms",
                  "drills + kick set", "cold water", "new goggles"]
    rows = []
    for d in sorted_days(rng, 190):
        # open water only May-September
        choices = [p for p in pools if not (p[0] == "Lake Merrow" and d.month not in (5, 6, 7, 8, 9))]
        pool = rng.choices(choices, weights=[p[2] for p in choices])[0]
        name, fee, _ = pool
        if pool[0] == "Lake Merrow":
            dist = rng.choice(range(800, 3600, 100))
        else:
            dist = rng.choice(range(600, 3200, 50))
        pace = rng.uniform(1.75, 2.6)  # min per 100m
        dur = round(dist / 100 * pace)
        hour = rng.choices([6, 7, 8, 12, 17, 18, 19, 20], weights=[4, 3, 1, 3, 2, 3, 2, 1])[0]
        minute = rng.choice([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55])
        if fee and rng.random() < 0.1:
            fee_s = "$0.00"  # free guest pass
        else:
            fee_s = f"${fee:.2f}"
        rows.append({
            "Date": d.isoformat(),
            "Start Time": f"{hour:02d}:{minute:02d}",
            "Pool": name,
            "Distance (m)": dist,
            "Duration (min)": dur,
            "Main Stroke": rng.choices(strokes, weights=stroke_w)[0],
            "Fee": fee_s,
            "Notes": rng.choice(notes_pool),
        })
    with open(os.path.join(OUT, "swims.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    return rows


# ---------------------------------------------------------------- coffees
def make_coffees(rng):
    cafes = ["Bean Theory", "Copper Kettle", "Station Espresso", "Ottoline's", "Grindhouse"]
    cafe_w = [0.34, 0.22, 0.2, 0.14, 0.1]
    drinks = {
        # name: (base price small, caffeine small mg)
        "Flat White": (3.30, 130),
        "Cappuccino": (3.10, 125),
        "Latte": (3.20, 120),
        "Americano": (2.60, 150),
        "Espresso": (2.10, 75),
        "Cold Brew": (3.80, 200),
        "Mocha": (3.70, 110),
        "Chai Latte": (3.40, 50),
    }
    drink_w = [0.27, 0.15, 0.17, 0.13, 0.08, 0.08, 0.07, 0.05]
    cafe_markup = {"Bean Theory": 0.20, "Copper Kettle": 0.0, "Station Espresso": -0.25,
                   "Ottoline's": 0.45, "Grindhouse": 0.10}
    sizes = [("small", 0.0, 1.0), ("medium", 0.45, 1.4), ("large", 0.85, 1.8)]
    pays = ["card", "app", "cash"]
    rows = []
    for d in sorted_days(rng, 245):
        drink = rng.choices(list(drinks), weights=drink_w)[0]
        cafe = rng.choices(cafes, weights=cafe_w)[0]
        base, caf = drinks[drink]
        if drink == "Espresso":
            size = sizes[0]
        else:
            size = rng.choices(sizes, weights=[0.3, 0.45, 0.25])[0]
        price = base + size[1] + cafe_markup[cafe]
        if d.year >= 2025:
            price += 0.15
        if d.year >= 2026:
            price += 0.15
        price = round(price, 2)
        hour = rng.choices([7, 8, 9, 10, 11, 13, 14, 15, 16, 17], weights=[5, 8, 6, 3, 2, 2, 3, 3, 2, 1])[0]
        ts = datetime(d.year, d.month, d.day, hour, rng.randint(0, 59))
        rows.append({
            "purchased_at": ts.strftime("%Y-%m-%dT%H:%M:%S"),
            "cafe": cafe,
            "drink": drink,
            "size": size[0],
            "price": price,
            "caffeine_mg": int(round(caf * size[2] / 5) * 5),
            "paid_with": rng.choices(pays, weights=[0.55, 0.3, 0.15])[0],
        })
    rows.sort(key=lambda r: r["purchased_at"])
    with open(os.path.join(OUT, "coffees.json"), "w") as f:
        json.dump(rows, f, indent=2)
    return rows


# ---------------------------------------------------------------- readings
def make_readings(rng):
    notes = ["", "", "", "", "", "after coffee", "after walk", "stressed", "woke up early", "missed meds"]
    rows = []
    for d in sorted_days(rng, 225):
        # gentle downward trend after starting medication mid-2025
        t = (d - START).days / SPAN
        base_sys = 138 - 10 * t
        base_dia = 88 - 5 * t
        evening = rng.random() < 0.4
        if evening:
            hour = rng.choice([18, 19, 20, 21, 22])
        else:
            hour = rng.choice([6, 7, 7, 8, 8, 9, 11])
        ts = datetime(d.year, d.month, d.day, hour, rng.randint(0, 59))
        position = rng.choices(["sitting", "standing"], weights=[0.8, 0.2])[0]
        note = rng.choice(notes)
        bump = 6 if note in ("after coffee", "stressed", "missed meds") else 0
        sys_ = int(round(rng.gauss(base_sys + bump + (4 if position == "standing" else 0), 7)))
        dia = int(round(rng.gauss(base_dia + bump / 2, 5)))
        pulse = int(round(rng.gauss(72 + (8 if note == "after walk" else 0), 7)))
        rows.append({
            "Measured At": ts.strftime("%Y-%m-%d %H:%M"),
            "Systolic (mmHg)": sys_,
            "Diastolic (mmHg)": dia,
            "Pulse (bpm)": pulse,
            "Arm": rng.choices(["left", "right"], weights=[0.7, 0.3])[0],
            "Position": position,
            "Note": note,
        })
    rows.sort(key=lambda r: r["Measured At"])
    with open(os.path.join(OUT, "readings.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    return rows


# ---------------------------------------------------------------- hikes
def make_hikes(rng):
    trails = [
        # trail, region, base km, base gain m, difficulty, parking
        ("Eagle Ridge Loop", "Blue Hills", 9.6, 420, "moderate", 5),
        ("Hemlock Gorge Trail", "Blue Hills", 5.2, 150, "easy", 5),
        ("Summit Scramble", "White Peaks", 14.8, 1150, "hard", 10),
        ("Cedar Falls Path", "Cedar Valley", 6.8, 230, "easy", 0),
        ("Old Quarry Circuit", "Cedar Valley", 11.3, 510, "moderate", 0),
        ("Windy Saddle Traverse", "White Peaks", 18.4, 1380, "hard", 10),
        ("Lakeshore Stroll", "Mirror Lake", 4.1, 40, "easy", 7),
        ("Pine Knob Climb", "Mirror Lake", 8.7, 610, "moderate", 7),
        ("Granite Stairs", "White Peaks", 7.9, 870, "hard", 10),
        ("Foxglove Meadow Walk", "Cedar Valley", 3.6, 60, "easy", 0),
    ]
    trail_w = [12, 10, 5, 9, 8, 3, 8, 7, 4, 6]
    rows = []
    days = []
    while len(days) < 85:
        d = rand_day(rng)
        # fewer hikes in winter
        if d.month in (12, 1, 2) and rng.random() < 0.6:
            continue
        days.append(d)
    for d in sorted(days):
        tr = rng.choices(trails, weights=trail_w)[0]
        name, region, km, gain, diff, park = tr
        dist = round(km * rng.uniform(0.97, 1.06), 1)
        g = int(round(gain * rng.uniform(0.95, 1.08)))
        speed = {"easy": 4.2, "moderate": 3.6, "hard": 2.9}[diff] * rng.uniform(0.85, 1.15)
        moving = int(round(dist / speed * 60 + g / 10))
        rows.append({
            "date": d.isoformat(),
            "trail": name,
            "region": region,
            "distance_km": dist,
            "elevation_gain_m": g,
            "moving_time_min": moving,
            "difficulty": diff,
            "parking_fee": park if rng.random() > 0.15 else 0,
            "companions": rng.choices([0, 1, 2, 3, 4], weights=[0.3, 0.35, 0.18, 0.1, 0.07])[0],
        })
    with open(os.path.join(OUT, "hikes.json"), "w") as f:
        json.dump(rows, f, indent=2)
    return rows


# ---------------------------------------------------------------- stays
def make_stays(rng):
    hotels = [
        # hotel, city, country, base nightly EUR, business-prone
        ("Hotel Amstelzicht", "Amsterdam", "Netherlands", 165, True),
        ("Motel One Berlin-Mitte", "Berlin", "Germany", 109, True),
        ("Hotel Ambra Lisboa", "Lisbon", "Portugal", 128, False),
        ("Casa Delfino", "Porto", "Portugal", 97, False),
        ("NH Collection Milano", "Milan", "Italy", 189, True),
        ("Pension Alpenrose", "Innsbruck", "Austria", 88, False),
        ("Hotel du Parc", "Lyon", "France", 142, True),
        ("The Hoxton Paris", "Paris", "France", 232, False),
        ("Ibis Brussels Centre", "Brussels", "Belgium", 96, True),
        ("Hotel Neri", "Barcelona", "Spain", 214, False),
    ]
    hotel_w = [8, 9, 4, 3, 5, 3, 4, 2, 6, 3]
    rooms = ["single", "double", "twin", "suite"]
    rows = []
    for d in sorted_days(rng, 52):
        h = rng.choices(hotels, weights=hotel_w)[0]
        name, city, country, nightly, biz = h
        purpose = "business" if (biz and rng.random() < 0.75) or (not biz and rng.random() < 0.15) else "leisure"
        nights = rng.choices([1, 2, 3, 4, 5, 7], weights=[5, 6, 4, 2, 1, 1])[0]
        room = rng.choices(rooms, weights=[0.3, 0.45, 0.15, 0.1])[0]
        rate = nightly * {"single": 0.85, "double": 1.0, "twin": 1.0, "suite": 1.7}[room] * rng.uniform(0.85, 1.25)
        total = round(rate * nights + rng.choice([0, 0, 0, 12.5, 18.0, 24.9]), 2)
        rows.append({
            "Hotel": name,
            "City": city,
            "Country": country,
            "Check-in": d.isoformat(),
            "Check-out": (d + timedelta(days=nights)).isoformat(),
            "Nights": nights,
            "Room": room,
            "Total Paid": f"€{total:,.2f}",
            "Trip Type": purpose,
            "My Rating": rng.choices([2, 3, 4, 5], weights=[1, 3, 5, 3])[0],
        })
    with open(os.path.join(OUT, "stays.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    return rows


# ---------------------------------------------------------------- games
def make_games(rng):
    games = {
        # game: (min minutes, max minutes, min players, max players, score range)
        "Wingspan": (55, 95, 2, 5, (60, 110)),
        "Catan": (60, 130, 3, 4, (6, 10)),
        "Ticket to Ride": (45, 80, 2, 5, (70, 150)),
        "Azul": (25, 50, 2, 4, (30, 95)),
        "Terraforming Mars": (110, 200, 2, 5, (55, 120)),
        "Codenames": (15, 35, 4, 8, (0, 1)),
        "Carcassonne": (30, 55, 2, 5, (60, 140)),
        "Spirit Island": (90, 160, 1, 4, (0, 1)),
        "Cascadia": (30, 50, 1, 4, (70, 105)),
    }
    game_w = [14, 11, 9, 10, 5, 7, 6, 3, 8]
    people = ["me", "Priya", "Tom", "Jess", "Marcus", "Ana"]
    locations = ["home", "Tom's place", "Dice & Dragons cafe", "Priya's flat"]
    rows = []
    for d in sorted_days(rng, 160):
        g = rng.choices(list(games), weights=game_w)[0]
        mn, mx, pmin, pmax, (smin, smax) = games[g]
        n = rng.randint(pmin, pmax)
        others = rng.sample(people[1:], k=min(n - 1, 5))
        table = ["me"] + others
        if n == 1:
            winner = rng.choice(["me", "game"])  # solo/co-op vs the game
        elif g in ("Spirit Island",):
            winner = rng.choice(["everyone", "game"])
        else:
            weights = [1.25 if p == "me" else (1.35 if p == "Priya" else 1.0) for p in table]
            winner = rng.choices(table, weights=weights)[0]
        if g in ("Codenames", "Spirit Island"):
            my_score = None
        else:
            my_score = rng.randint(smin, smax)
        rows.append({
            "played_on": d.isoformat(),
            "game": g,
            "players": n,
            "winner": winner,
            "duration_min": rng.randint(mn, mx),
            "location": rng.choices(locations, weights=[0.45, 0.2, 0.2, 0.15])[0],
            "my_score": my_score,
        })
    with open(os.path.join(OUT, "games.json"), "w") as f:
        json.dump(rows, f, indent=2)
    return rows


def main():
    rng = random.Random(SEED)
    for fn in (make_swims, make_coffees, make_readings, make_hikes, make_stays, make_games):
        rows = fn(random.Random(rng.randint(0, 10**9)))
        print(f"{fn.__name__[5:]}: {len(rows)} rows")


if __name__ == "__main__":
    main()
