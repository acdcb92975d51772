"""Record types for the benchmark: how to generate each, and the words people use for it.

Every type has a date, a category (low-cardinality), a label (what names a record) and a numeric
measure; some have money. The words fill the question templates in :mod:`benchmarks.ask.questions`.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

START = dt.date(2022, 1, 1)
END = dt.date(2024, 6, 14)


@dataclass(frozen=True)
class RecordType:
    name: str
    noun: str
    nouns: str
    verb: str
    verb_past: str
    date: str
    cat: str
    cat_word: str
    cat_np: str
    label: str
    label_word: str
    label_words: str
    measure: str
    measure_word: str
    unit: str
    money: str | None
    make: Callable[[random.Random], dict[str, Any]]


def _money(rng: random.Random, lo: float, hi: float) -> Decimal:
    return Decimal(str(round(rng.uniform(lo, hi), 2))).quantize(Decimal("0.01"))


def _day(rng: random.Random) -> dt.date:
    return START + dt.timedelta(days=rng.randrange((END - START).days + 1))


CITIES = ["Lisbon", "Porto", "Rome", "Vienna", "Berlin", "Madrid", "Oslo", "Prague", "Dublin", "Athens", "Krakow", "Zurich"]
RESTAURANTS = ["Luigi's", "Green Bowl", "Sushi Go", "Taco Loco", "home", "Cafe Nord", "Burger Barn", "Spice Route"]
PLACES = ["city park", "riverside", "FitHub gym", "lake trail", "home", "pool center"]
ITEMS = ["headphones", "coffee beans", "running shoes", "novel", "desk lamp", "olive oil", "backpack", "phone case",
         "yoga mat", "tea kettle", "printer ink", "board game", "sunglasses", "wool socks", "water bottle"]
STORES = ["TechMart", "FreshCo", "PageTurn", "HomeBase", "SportZone", "Corner Shop"]
PROVIDERS = ["CityPower", "AquaWorks", "NetFast", "TalkMobile", "GasNorth", "Landlord Ltd"]
PEOPLE = ["Alice", "Bob", "Carmen", "Deepak", "Elena", "Farid", "Grace", "Hiro"]
DRUGS = ["ibuprofen", "paracetamol", "cetirizine", "omeprazole", "melatonin"]
AUTHORS_TITLES = [f"{a} {b}" for a in ("The Silent", "A Distant", "The Last", "Winter", "Hidden")
                  for b in ("Harbor", "Garden", "Signal", "Empire", "River")]


def _trip(rng: random.Random) -> dict[str, Any]:
    return {"start": _day(rng), "destination": rng.choice(CITIES), "transport": rng.choice(["flight", "train", "car", "bus"]),
            "nights": rng.randint(1, 12), "cost": _money(rng, 80, 2400)}


def _meal(rng: random.Random) -> dict[str, Any]:
    return {"date": _day(rng), "restaurant": rng.choice(RESTAURANTS), "meal": rng.choice(["breakfast", "lunch", "dinner", "snack"]),
            "calories": rng.randint(150, 1400), "cost": _money(rng, 3, 90)}


def _workout(rng: random.Random) -> dict[str, Any]:
    return {"date": _day(rng), "location": rng.choice(PLACES), "activity": rng.choice(["run", "cycling", "swim", "yoga", "strength"]),
            "duration_min": rng.randint(15, 150)}


def _purchase(rng: random.Random) -> dict[str, Any]:
    return {"date": _day(rng), "item": rng.choice(ITEMS), "category": rng.choice(["electronics", "groceries", "clothing", "books", "household"]),
            "store": rng.choice(STORES), "amount": _money(rng, 2, 900)}


def _bill(rng: random.Random) -> dict[str, Any]:
    return {"due_date": _day(rng), "provider": rng.choice(PROVIDERS), "utility": rng.choice(["electricity", "water", "internet", "phone", "gas"]),
            "amount": _money(rng, 15, 400)}


def _reading(rng: random.Random) -> dict[str, Any]:
    return {"date": _day(rng), "arm": rng.choice(["left arm", "right arm"]), "period": rng.choice(["morning", "afternoon", "evening"]),
            "systolic": rng.randint(98, 165)}


def _sleep(rng: random.Random) -> dict[str, Any]:
    return {"night": _day(rng), "place": rng.choice(["home", "hotel", "parents' house", "tent"]),
            "quality": rng.choice(["poor", "fair", "good", "excellent"]), "hours": round(rng.uniform(3.5, 10.0), 1)}


def _meeting(rng: random.Random) -> dict[str, Any]:
    return {"date": _day(rng), "person": rng.choice(PEOPLE), "format": rng.choice(["video call", "phone call", "in person"]),
            "duration_min": rng.choice([15, 30, 45, 60, 90, 120])}


def _dose(rng: random.Random) -> dict[str, Any]:
    return {"date": _day(rng), "medication": rng.choice(DRUGS), "time_of_day": rng.choice(["morning", "noon", "evening", "bedtime"]),
            "dose_mg": rng.choice([5, 10, 20, 200, 400, 500])}


def _book(rng: random.Random) -> dict[str, Any]:
    return {"finished": _day(rng), "title": rng.choice(AUTHORS_TITLES), "genre": rng.choice(["fiction", "history", "science", "poetry", "biography"]),
            "pages": rng.randint(90, 900)}


TYPES: tuple[RecordType, ...] = (
    RecordType("trips", "trip", "trips", "take", "took", "start", "transport", "mode of transport", "trips by {v}",
               "destination", "destination", "destinations", "nights", "nights", "nights", "cost", _trip),
    RecordType("meals", "meal", "meals", "eat", "ate", "date", "meal", "meal type", "{v} meals",
               "restaurant", "restaurant", "restaurants", "calories", "calories", "calories", "cost", _meal),
    RecordType("workouts", "workout", "workouts", "do", "did", "date", "activity", "activity", "{v} workouts",
               "location", "location", "locations", "duration_min", "duration", "minutes", None, _workout),
    RecordType("purchases", "purchase", "purchases", "make", "made", "date", "category", "category", "{v} purchases",
               "item", "item", "items", "amount", "amount", "dollars", "amount", _purchase),
    RecordType("bills", "bill", "bills", "pay", "paid", "due_date", "utility", "utility", "{v} bills",
               "provider", "provider", "providers", "amount", "amount", "dollars", "amount", _bill),
    RecordType("readings", "reading", "blood pressure readings", "take", "took", "date", "period", "time of day",
               "{v} readings", "arm", "arm", "arms", "systolic", "systolic pressure", "mmHg", None, _reading),
    RecordType("sleep", "night of sleep", "nights of sleep", "log", "logged", "night", "quality", "sleep quality",
               "nights with {v} sleep", "place", "place", "places", "hours", "hours of sleep", "hours", None, _sleep),
    RecordType("meetings", "meeting", "meetings", "have", "had", "date", "format", "meeting format", "{v} meetings",
               "person", "person", "people", "duration_min", "duration", "minutes", None, _meeting),
    RecordType("doses", "dose", "medication doses", "take", "took", "date", "time_of_day", "time of day", "{v} doses",
               "medication", "medication", "medications", "dose_mg", "dose", "mg", None, _dose),
    RecordType("books", "book", "books", "finish", "finished", "finished", "genre", "genre", "{v} books",
               "title", "title", "titles", "pages", "pages", "pages", None, _book),
)


def generate(rt: RecordType, n: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(f"{rt.name}-{n}-{seed}")
    return [rt.make(rng) for _ in range(n)]


def to_json_rows(rows: list[dict[str, Any]], money: str | None) -> list[dict[str, Any]]:
    out = []
    for r in rows:
        row: dict[str, Any] = {}
        for k, v in r.items():
            if isinstance(v, dt.date):
                row[k] = v.isoformat()
            elif isinstance(v, Decimal):
                row[k] = f"${v}"
            else:
                row[k] = v
        out.append(row)
    return out
