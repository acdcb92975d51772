"""Words the planner recognises: field synonyms, measure adjectives, collection synonyms.

Kept as data so new phrasings are a one-line change. Entries map a (stemmed) question word to
fragments of field names; a field whose name contains the fragment is a candidate.
"""

from __future__ import annotations

FIELD_SYNONYMS: dict[str, tuple[str, ...]] = {
    "spend": ("$money",), "spent": ("$money",), "spending": ("$money",), "expense": ("$money",), "cost": ("$money",), "price": ("$money",),
    "paid": ("$money",), "pay": ("$money",), "money": ("$money",), "expensive": ("$money",),
    "cheap": ("$money",), "costly": ("$money",), "pricey": ("$money",), "dollar": ("$money",),
    "euro": ("$money",), "amount": ("$money", "amount"), "charge": ("$money",), "bill": ("$money",),
    "far": ("distance", "km", "mile"), "distance": ("distance", "km", "mile"),
    "km": ("km", "distance"), "kilometer": ("km", "distance"), "kilometre": ("km", "distance"),
    "mile": ("mile", "distance"), "run": ("distance", "km"), "ran": ("distance", "km"),
    "long": ("duration", "minute", "hour", "length", "min", "night", "day"),
    "length": ("duration", "length", "minute", "min", "hour"),
    "minute": ("minute", "duration", "min"), "min": ("minute", "duration", "min"),
    "hour": ("hour", "duration"), "duration": ("duration", "minute", "hour"),
    "calorie": ("calorie", "kcal"), "kcal": ("calorie", "kcal"),
    "heavy": ("weight", "kg", "lb"), "weight": ("weight", "kg", "lb"), "weigh": ("weight", "kg", "lb"),
    "kg": ("kg", "weight"), "pound": ("lb", "weight"),
    "slept": ("hour", "duration", "sleep"), "sleep": ("hour", "duration", "sleep"),
    "rating": ("rating", "score", "star"), "rated": ("rating", "score", "star"), "rate": ("rating", "score", "star"),
    "star": ("rating", "star"), "score": ("score", "rating", "point", "goal"), "point": ("point", "score"),
    "dose": ("dose", "mg"), "mg": ("mg", "dose"), "page": ("page",), "step": ("step",),
    "attendee": ("attendee", "people", "participant"), "people": ("attendee", "people", "participant"),
    "guest": ("guest", "people", "attendee"), "night": ("night",), "day": ("day",),
    "quantity": ("quantity", "qty", "count"), "unit": ("unit", "quantity", "qty"),
    "touch": ("contact",), "piece": ("quantity", "qty"),
    "temperature": ("temperature", "temp"), "pressure": ("systolic", "pressure"),
    "climb": ("elevation", "ascent", "gain", "climb"), "climbing": ("elevation", "ascent", "gain", "climb"),
    "ascent": ("ascent", "elevation", "gain"), "elevation": ("elevation", "ascent", "gain"),
    "systolic": ("systolic",), "mmhg": ("systolic", "pressure", "diastolic"), "diastolic": ("diastolic",), "heart": ("heart", "pulse", "bpm", "hr"),
    "pulse": ("pulse", "heart", "bpm"), "bpm": ("bpm", "heart", "pulse"),
    "quality": ("quality",), "mood": ("mood",), "glucose": ("glucose", "sugar"), "sugar": ("glucose", "sugar"),
    "where": ("destination", "city", "place", "location", "venue", "country", "restaurant", "store"),
    "who": ("with", "person", "people", "doctor", "prescriber", "organizer", "payee", "attendee"),
    "when": ("date", "start", "day"), "date": ("date", "day"), "time": ("time", "duration", "minute", "min", "hour"),
    "category": ("category", "type", "kind"), "type": ("type", "kind", "category"),
    "kind": ("kind", "type", "category"),
    "city": ("city", "destination", "place", "location"), "country": ("country", "destination"),
    "place": ("place", "location", "venue", "destination", "city"), "location": ("location", "place", "venue"),
    "store": ("store", "shop", "vendor", "merchant"), "shop": ("shop", "store", "vendor", "merchant"),
    "restaurant": ("restaurant", "place", "venue"), "vendor": ("vendor", "store", "merchant", "payee"),
    "company": ("company", "provider", "vendor", "payee"), "provider": ("provider", "company", "payee"),
    "activity": ("activity", "type", "sport"), "sport": ("sport", "activity", "type"),
    "drug": ("drug", "medication", "name"), "medicine": ("medication", "drug", "name"),
    "doctor": ("doctor", "prescriber"), "person": ("person", "with", "people", "name"),
}

# Adjective -> (field fragments it measures, +1 for "largest", -1 for "smallest").
MEASURE_ADJECTIVES: dict[str, tuple[tuple[str, ...], int]] = {
    "expensive": (("$money",), 1), "costly": (("$money",), 1), "pricey": (("$money",), 1),
    "cheap": (("$money",), -1), "inexpensive": (("$money",), -1),
    "long": (("duration", "minute", "hour", "length", "night", "distance", "km"), 1),
    "short": (("duration", "minute", "hour", "length", "night", "distance", "km"), -1),
    "far": (("distance", "km", "mile"), 1), "heavy": (("weight", "kg", "lb"), 1),
    "light": (("weight", "kg", "lb"), -1),
    "big": ((), 1), "large": ((), 1), "high": ((), 1), "huge": ((), 1), "great": ((), 1),
    "small": ((), -1), "low": ((), -1), "little": ((), -1),
    "late": (("$date",), 1), "recent": (("$date",), 1), "new": (("$date",), 1), "last": (("$date",), 1),
    "aged": (("age",), 1), "upcoming": (("upcoming",), 1), "young": (("$date",), 1),
    "early": (("$date",), -1), "first": (("$date",), -1), "old": (("$date",), -1),
}

COLLECTION_SYNONYMS: dict[str, tuple[str, ...]] = {
    "trip": ("trip", "travel", "journey", "visit", "vacation", "holiday", "flew", "fly", "went", "go"),
    "meal": ("meal", "eat", "ate", "food", "dinner", "lunch", "breakfast", "dine", "dined", "eaten", "snack"),
    "workout": ("workout", "exercise", "exercised", "train", "training", "gym", "session", "run", "ran", "ride", "rode",
                "cycle", "cycled", "bike", "biked", "swim", "swam",
                "workout", "calorie", "burn", "burned", "burnt"),
    "purchase": ("purchase", "buy", "bought", "shop", "shopping", "order", "spend", "spent", "spending"),
    "contact": ("contact", "people", "person", "friend", "birthday", "colleague", "relative", "address"),
    "visit": ("visit", "appointment", "doctor", "medical", "clinic", "dentist", "physio", "insurance"),
    "bill": ("bill", "utility", "invoice"),
    "reading": ("reading", "measurement", "measure", "measured", "blood", "pressure", "glucose"),
    "sleep": ("sleep", "slept", "night", "bed", "nap"),
    "meeting": ("meeting", "met", "meet", "call"),
    "medication": ("medication", "dose", "pill", "medicine", "took", "take", "taken", "drug"),
    "book": ("book", "read", "reading", "novel", "author"),
    "expense": ("expense", "spend", "spent", "spending"),
    "transfer": ("transfer", "sent", "payment"),
    "event": ("event", "appointment", "meeting"),
    "document": ("document", "passport", "visa", "licence"),
    "person": ("person", "people", "friend", "family"),
    "subscription": ("subscription", "subscribe"),
    "deadline": ("deadline", "due"),
    "note": ("note",),
    "fuel": ("fuel", "gas", "petrol", "pump", "refuel", "gallon"),
    "flight": ("flight", "fly", "flew", "flown", "plane", "airline"),
    "appointment": ("appointment", "doctor", "checkup", "visit"),
    "transaction": ("transaction", "charge", "card"),
}

# Multi-word names people use for a field.
PHRASE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "time of day": ("time_of_day", "period", "daypart", "time"),
    "mode of transport": ("transport", "mode"), "means of transport": ("transport", "mode"),
    "type of meal": ("meal",), "meal type": ("meal",), "kind of meal": ("meal",),
    "day of the week": ("weekday",),
}

# Words that name a stored value without spelling it: "flew" -> a record whose value is "flight".
VALUE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "fly": ("flight", "plane"), "flew": ("flight", "plane"), "flown": ("flight", "plane"), "plane": ("flight",),
    "drove": ("car",), "drive": ("car",), "driving": ("car",), "rail": ("train",),
    "ran": ("run", "running"), "run": ("running",), "running": ("run",), "jog": ("run",), "jogging": ("run",),
    "swam": ("swim", "swimming"), "swimming": ("swim",), "cycled": ("cycling", "bike"), "biking": ("cycling", "bike"),
    "bike": ("cycling",), "ride": ("cycling",), "rode": ("cycling",), "cycle": ("cycling",), "swim": ("swimming",),
    # a game's outcome said as a verb ("how many have I won", "who have I beaten") kept as a result word
    "won": ("win", "w", "victory"), "win": ("won", "w", "victory"), "beat": ("win", "won", "w"), "beaten": ("win", "won", "w"),
    "lost": ("loss", "lose", "l", "defeat"), "lose": ("loss", "lost", "l", "defeat"), "drew": ("draw", "drawn", "tie", "d"),
    # money going back the way it came ("paid me back", "got it back") kept as the word for a repayment
    "back": ("repaid", "repayment", "repay", "payback", "paid back"),
    "draw": ("drawn", "tie", "tied"), "drawn": ("draw", "tie"), "tied": ("tie", "draw", "drawn"),
}
