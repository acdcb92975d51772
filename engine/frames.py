"""The catalog of frames: typed record kinds per domain, with their slots.

One source of truth for extraction (what to fill), folding (how to type values), the rendered
project's ``schema.py`` and the state views. Slot kinds:
``str``, ``int``, ``date``, ``money`` (Decimal), ``enum`` (closed vocabulary in ``choices``),
``list`` (list of str).

A slot's ``role`` says where its value may come from when the model reads a message (see
``engine.extract.reader``): ``""`` a span of the message (or the detectors' candidate for dates,
money and enums by kind), ``"time"`` a detected clock time, ``"place"`` a span that code turns
into an ISO country code, ``"derived"`` never from the model (code computes it: a drug's class,
a currency from the amount's symbol).
"""

from __future__ import annotations

import keyword
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Slot:
    name: str
    kind: str = "str"
    choices: tuple[str, ...] = ()
    doc: str = ""
    role: str = ""
    fallback: str = ""  # the slot whose value stands in when this one is unknown (a unit price: the amount)


@dataclass(frozen=True)
class Frame:
    name: str
    domain: str
    collection: str
    slots: tuple[Slot, ...]
    key_slots: tuple[str, ...]
    doc: str = ""
    statuses: tuple[str, ...] = ("active", "cancelled")

    def slot(self, name: str) -> Slot:
        for s in self.slots:
            if s.name == name:
                return s
        raise KeyError(f"{self.name} has no slot {name!r}")

    @property
    def slot_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.slots)


@dataclass(frozen=True)
class Domain:
    name: str
    doc: str
    frames: tuple[Frame, ...] = field(default_factory=tuple)


def _s(name: str, kind: str = "str", *choices: str, doc: str = "", role: str = "", fallback: str = "") -> Slot:
    return Slot(name, kind, tuple(choices), doc, role, fallback)


CURRENCY = _s("currency", doc="ISO 4217 code", role="derived")


UNIT_SLOTS = ("quantity", "unit", "unit_price")


def _unit_slots(amount: str) -> tuple[Slot, ...]:
    """A price per unit, computed by code from the message (``engine.extract.unit_price``): caps per
    night, per person or per bottle compare it."""
    return (
        _s("quantity", "int", doc="how many units the amount paid for (three nights, two bottles)", role="derived"),
        _s("unit", doc="what one unit is when the price is per unit: night, person, bottle, item...", role="derived"),
        _s("unit_price", "money", doc=f"the price of one unit, said or the {amount} over the quantity; "
                                      f"the {amount} when the message gave no unit", role="derived", fallback=amount),
    )

FRAMES: tuple[Frame, ...] = (
    Frame(
        "Trip", "travel", "trips",
        (
            _s("destination"), _s("country", doc="ISO 3166 alpha-2", role="place"), _s("region", role="derived"),
            _s("start", "date"), _s("end", "date"),
            _s("purpose", "enum", "leisure", "business", "family", "study", "medical", "other"),
            _s("transport", "enum", "flight", "train", "car", "bus", "ship", "other"),
            _s("driving", "enum", "rented", "own", doc="a car the user drives there, besides how they get there",
               role="derived"),
            _s("carrier"), _s("flight"), _s("departs", doc="local departure time HH:MM (24-hour)", role="time"),
            _s("cost", "money"), CURRENCY, *_unit_slots("cost"),
        ),
        ("country", "destination"),
        "A journey away from home, planned or taken.",
        ("planned", "booked", "taken", "cancelled"),
    ),
    Frame(
        "TravelDocument", "travel", "documents",
        (
            _s("kind", "enum", "passport", "visa", "licence", "certificate", "id_card", "other"),
            _s("country", doc="issuing or target country, ISO alpha-2", role="place"), _s("number"),
            _s("issued", "date"), _s("expires", "date"),
            _s("entries", "enum", "single", "double", "multiple"),
        ),
        ("kind", "country"),
        "A passport, visa, licence or certificate with its validity.",
        ("valid", "expired", "lost", "cancelled"),
    ),
    Frame(
        "Medication", "health", "medications",
        (
            _s("name"), _s("drug_class", role="derived"), _s("dose"), _s("frequency"), _s("prescriber"),
            _s("start", "date"), _s("stop", "date"),
        ),
        ("name",),
        "A drug the subject takes or was prescribed.",
        ("active", "stopped", "cancelled"),
    ),
    Frame(
        "Allergy", "health", "allergies",
        (
            _s("allergen"), _s("allergen_class", role="derived"),
            _s("severity", "enum", "mild", "moderate", "severe"), _s("reaction"),
        ),
        ("allergen",),
        "Something the subject must not take or eat.",
        ("active", "resolved", "cancelled"),
    ),
    Frame(
        "Condition", "health", "conditions",
        (_s("name"), _s("since", "date")),
        ("name",),
        "A diagnosed condition.",
        ("active", "resolved", "cancelled"),
    ),
    Frame(
        "Event", "calendar", "events",
        (
            _s("title"), _s("kind", "enum", "appointment", "meeting", "social", "travel", "other"),
            _s("start", "date"), _s("end", "date"), _s("time", doc="start time HH:MM", role="time"), _s("place"),
            _s("people", "list"),
            _s("end_time", doc="end time HH:MM", role="time"),
            _s("recurrence", doc="how it repeats: 'weekly on Tuesday', 'monthly on the 1st'"),
        ),
        ("title", "start"),
        "An appointment or event with a date.",
        ("scheduled", "done", "cancelled"),
    ),
    Frame(
        "Deadline", "calendar", "deadlines",
        (_s("about", doc="what is due (the record's subject is who it is for)"), _s("due", "date"), _s("action")),
        ("about",),
        "Something that must be done by a date.",
        ("open", "done", "cancelled"),
    ),
    Frame(
        "Transfer", "finance", "transfers",
        (
            _s("amount", "money"), CURRENCY, _s("payee"), _s("account"), _s("requested_by"),
            _s("date", "date"),
        ),
        ("payee", "amount"),
        "A payment or money transfer.",
        ("requested", "done", "cancelled"),
    ),
    Frame(
        "Account", "finance", "accounts",
        (
            _s("institution"), _s("kind", "enum", "checking", "savings", "credit_card", "brokerage", "loan", "other"),
            _s("limit", "money"), _s("balance", "money"), CURRENCY,
        ),
        ("institution", "kind"),
        "A bank, card or brokerage account.",
        ("open", "closed", "cancelled"),
    ),
    Frame(
        "Subscription", "finance", "subscriptions",
        (_s("service"), _s("renewal", "date"), _s("amount", "money"), CURRENCY),
        ("service",),
        "A recurring paid service.",
        ("active", "cancelled"),
    ),
    Frame(
        "Purchase", "finance", "purchases",
        (
            _s("item"), _s("vendor"),
            _s("category", doc="what kind of spending: restaurant, groceries, electronics, clothing, travel, ..."),
            _s("amount", "money"), CURRENCY, _s("date", "date"),
            _s("return_by", "date"), _s("warranty_until", "date"),
            _s("account", doc="the card or account it was paid with, as the user named it"),
            _s("return_days", "int", doc="days to return it counted from delivery, while the delivery day is not known",
               role="derived"),
            *_unit_slots("amount"),
        ),
        ("item",),
        "Something bought, with its return and warranty windows.",
        ("bought", "returned", "cancelled"),
    ),
    Frame(
        "Policy", "finance", "policies",
        (
            _s("kind", "enum", "hold", "limit", "budget", "intention",
               doc="hold: no money may leave; limit: a cap per item or period; budget: a total per period; "
                   "intention: something the user means (not) to do"),
            _s("about", doc="what it restricts: an account, a category of spending, a kind of purchase"),
            _s("account"), _s("limit", "money"), CURRENCY,
            _s("per", "enum", "item", "night", "person", "day", "week", "month", "year"),
            _s("category", role="derived", doc="the spending category of what it is about (restaurant, groceries, ...)"),
            _s("start", "date"), _s("end", "date"), _s("set_by", doc="who set it: 'me' or the person"),
        ),
        ("kind", "about"),
        "A rule about money someone set: a hold on an account, a cap, a budget or an intention.",
        ("active", "lifted", "cancelled"),
    ),
    Frame(
        "Person", "people", "people",
        (_s("name"), _s("relation"), _s("birthday", "date"), _s("age", "int")),
        ("name",),
        "Someone in the user's life.",
        ("active",),
    ),
    Frame(
        "Preference", "preferences", "preferences",
        (_s("topic"), _s("value"), _s("limit", "money"), CURRENCY),
        ("topic",),
        "A stated preference, wish or limit.",
        ("active", "cancelled"),
    ),
    Frame(
        "Note", "notes", "notes",
        (_s("text"),),
        ("text",),
        "Anything said that fits no frame, kept for recall.",
        ("active",),
    ),
)

DOMAIN_DOCS: dict[str, str] = {
    "travel": "Trips and travel documents",
    "health": "Medications, allergies and conditions",
    "calendar": "Appointments, events and deadlines",
    "finance": "Transfers, accounts, subscriptions, purchases and money policies",
    "people": "People in the user's life",
    "preferences": "Stated preferences, wishes and limits",
    "notes": "What fits no frame, kept for recall",
}

FRAMES_BY_NAME: dict[str, Frame] = {f.name: f for f in FRAMES}


def domains() -> list[Domain]:
    return [
        Domain(name, doc, tuple(f for f in FRAMES if f.domain == name)) for name, doc in DOMAIN_DOCS.items()
    ]


def frame(name: str) -> Frame:
    try:
        return FRAMES_BY_NAME[name]
    except KeyError:
        raise KeyError(f"unknown frame {name!r}; known: {', '.join(FRAMES_BY_NAME)}") from None


# -- imported collections -------------------------------------------------------------------------
# An import stores one schema fact per collection (frame IMPORT_SCHEMA_FRAME, domain IMPORT_DOMAIN)
# whose slots describe the collection's frame; folding rebuilds that frame from the log, so an
# imported collection is typed like a built-in one without a code change. Extra slot kinds used by
# imports: ``float``, ``bool``, ``time``, ``datetime``.

IMPORT_DOMAIN = "imports"
IMPORT_SCHEMA_FRAME = "ImportSchema"


def _plain_name(name: str) -> bool:
    return name.isascii() and name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("_")


def frame_from_schema(slots: dict[str, object]) -> Frame | None:
    """The frame an import schema fact describes; None when the fact is not a usable schema."""
    name = slots.get("frame")
    collection = slots.get("collection")
    fields = slots.get("fields")
    if not isinstance(name, str) or not isinstance(collection, str) or not isinstance(fields, list):
        return None
    if not (_plain_name(name) and _plain_name(collection)) or "_" in name:
        return None  # not a schema the importer writes: its names could not be rendered safely
    if slots.get("state") == "refused":
        return None  # a learned collection the user refused: its records stay in the log, unfolded
    built: list[Slot] = []
    for f in fields:
        if isinstance(f, dict) and isinstance(f.get("name"), str) and _plain_name(f["name"]):
            choices = tuple(str(c) for c in f.get("choices") or ())
            built.append(Slot(f["name"], str(f.get("kind") or "str"), choices, str(f.get("label") or "")))
    if not built:
        return None
    return Frame(
        name,
        IMPORT_DOMAIN,
        collection,
        tuple(built),
        ("_hash",),
        str(slots.get("doc") or f"Records imported into {collection}."),
        ("active",),
    )
