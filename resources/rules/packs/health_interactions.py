"""Health: conflicts between a person's medications, allergies, conditions and bookings.

- drug_allergy: a medication in a drug class the same person is allergic to (or that cross-reacts).
  Classes, members and cross-reactions are data (``data.drug_classes``); a medication's class comes
  from its ``drug_class`` when stated, else from its name; an allergy's from ``allergen_class`` or
  its allergen (a drug name or a class name such as "penicillin" or "sulfa").
- drug_interaction: two of the same person's active medications whose classes interact
  (``data.drug_interactions``: classes by name and by stated class, and the interacting pairs).
- condition: an active medication a person's active condition makes risky (``data.contraindications``).
- food_drug: something a person eats or drinks (said in any record of theirs: a note, a booking, a
  purchase, a preference) that interacts with a class of their active medication
  (``data.drug_interactions`` ``food_interactions``, each row with its public source); a mention that
  says the food is avoided or stopped ("no grapefruit", "cut out alcohol") does not count.
- food_allergy: an upcoming booking (event or trip) whose title or place names a food in the class a
  person is allergic to (``data.food_allergens``), for the user's own bookings and the person's.
Only the same subject's allergies and conditions apply to a medication.
"""

from __future__ import annotations

import functools
import re
from datetime import datetime

from data.contraindications import DATA as CONTRA
from data.drug_classes import DATA as DRUGS
from data.drug_interactions import DATA as INTERACT
from data.food_allergens import DATA as FOODS
from rules.alerts import Alert, alert, known

ALLERGY_RULE = "health_interactions.drug_allergy"
INTERACTION_RULE = "health_interactions.drug_interaction"
CONDITION_RULE = "health_interactions.condition"
FOOD_RULE = "health_interactions.food_allergy"
FOOD_DRUG_RULE = "health_interactions.food_drug"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", (text or "").strip().lower())


def _pattern(terms) -> re.Pattern:
    alternatives = "|".join(re.escape(t) for t in sorted(set(terms), key=len, reverse=True))
    return re.compile(r"(?<![a-z])(?:" + alternatives + r")(?![a-z])")


PATTERNS = {
    cls: _pattern([cls.replace("_", " "), *info["aliases"], *info["members"]])
    for cls, info in sorted(DRUGS["classes"].items())
}


@functools.lru_cache(maxsize=4096)
def classes_of(text: str) -> frozenset:
    """Drug classes ``text`` names: a class id or alias, or any member drug."""
    text = _norm(text)
    if not text:
        return frozenset()
    return frozenset(cls for cls, pattern in PATTERNS.items() if pattern.search(text))


def cross_note(a: str, b: str) -> str | None:
    for pair in DRUGS["cross_reactions"]:
        if {a, b} == set(pair["classes"]):
            return pair["note"]
    return None


def check(state, now: datetime) -> list[Alert]:
    today = now.date()
    meds = active_medications(state, today)
    out = allergy_alerts(state, meds, today)
    out += interaction_alerts(meds)
    out += condition_alerts(state, meds, today)
    out += food_alerts(state, today)
    out += food_drug_alerts(state, meds, today)
    return out


# -- foods and drinks with a medication --------------------------------------------------------------

_AVOIDED = re.compile(
    r"(?:\bno|\bnot|n't|\bnever|\bstopped|\bstop|\bquit|\bavoid(?:ing)?|\bcut\s+out|\bgave\s+up|\bgiving\s+up|\bwithout|"
    r"\binstead\s+of|\bswitched\s+from|\boff)\b[^.!?;]{0,25}$")


_FOOD_FIELDS = (("notes", "notes", ("text",)), ("calendar", "events", ("title", "place")),
                ("finance", "purchases", ("item",)), ("preferences", "preferences", ("topic", "value")))


def _said_by(state, subject: str, today) -> list:
    """(record, field, text) of everything the person said that could name a food or drink."""
    out = []
    for domain, collection, fields in _FOOD_FIELDS:
        for rec in known(getattr(getattr(state, domain), collection), today):
            if rec.subject != subject or rec.status in ("cancelled", "done", "returned"):
                continue
            out += [(rec, field, str(getattr(rec, field))) for field in fields if getattr(rec, field, None)]
    return out


def food_drug_alerts(state, meds: list, today) -> list[Alert]:
    rows = INTERACT.get("food_interactions", [])
    out: list[Alert] = []
    seen: set = set()
    for med in meds:
        classes = med_classes(med)
        for row in rows:
            if row["class"] not in classes:
                continue
            pattern = _pattern(row["foods"])
            for rec, field, text in _said_by(state, med.subject, today):
                low = _norm(text)
                hit = next((m for m in pattern.finditer(low) if not _AVOIDED.search(low[: m.start()])), None)
                if hit is None or (med.id, row["class"]) in seen:
                    continue
                seen.add((med.id, row["class"]))
                out.append(_food_drug_alert(med, rec, field, hit.group(0), row))
    return out


def _food_drug_alert(med, rec, field: str, food: str, row: dict) -> Alert:
    whose = "your" if med.subject == "me" else _possessive(med.subject)
    title = f"{_cap(food)} and {med.name} interact" + ("" if med.subject == "me" else f" ({person(med.subject)})")
    message = (f"{_cap(whose)} records mention {food} while {med.name} is on {whose} medication list: {row['risk']}. "
               f"{row['advice']} (Source: {row['source']}.)")
    return alert(FOOD_DRUG_RULE, row["severity"], title, message, med.cites("name") + rec.cites(field))


def active_medications(state, today) -> list:
    return [
        m for m in known(state.health.medications, today)
        if m.status == "active" and m.name and not (m.stop is not None and m.stop < today)
    ]


def allergy_alerts(state, meds: list, today) -> list[Alert]:
    allergies = [a for a in known(state.health.allergies, today) if a.status == "active"]
    by_subject: dict = {}
    for allergy in allergies:
        allergen = allergy.allergen or allergy.allergen_class or ""
        classes = classes_of(allergy.allergen_class or "") | classes_of(allergen)
        index = by_subject.setdefault(allergy.subject, {"name": {}, "class": {}})
        index["name"].setdefault(_norm(allergen), []).append(allergy)
        for cls in classes:
            index["class"].setdefault(cls, []).append(allergy)
    out: list[Alert] = []
    for med in meds:
        index = by_subject.get(med.subject)
        if index is None:
            continue
        med_classes = classes_of(med.drug_class or "") or classes_of(med.name)
        found: dict = {}  # allergy id -> (allergy, severity, class, note); the strongest match wins
        for allergy in index["name"].get(_norm(med.name), []):
            found[allergy.id] = (allergy, "critical", None, None)
        for cls in sorted(med_classes):
            for allergy in index["class"].get(cls, []):
                found.setdefault(allergy.id, (allergy, "critical", cls, None))
        for cls in sorted(med_classes):
            for other in sorted(index["class"]):
                note = cross_note(cls, other)
                if note:
                    for allergy in index["class"][other]:
                        found.setdefault(allergy.id, (allergy, "warning", cls, note))
        for allergy, severity, cls, note in found.values():
            allergen = allergy.allergen or allergy.allergen_class or ""
            out.append(_alert(med, allergy, allergen, severity, cls, note))
    return out


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _alert(med, allergy, allergen: str, severity: str, cls, note) -> Alert:
    drug = _cap(med.name)
    who = "you are" if med.subject == "me" else f"{med.subject} is"
    label = DRUGS["classes"][cls]["label"] if cls else None
    detail = ", ".join(x for x in (allergy.severity and str(allergy.severity), allergy.reaction) if x)
    detail = f" ({detail})" if detail else ""
    evidence = med.cites("name", "drug_class") + allergy.cites("allergen", "allergen_class")
    if note:
        message = (f"{drug} is a {label} and {who} allergic to {allergen}{detail}: {note}. "
                   "Check with the prescriber or a pharmacist before taking it.")
        title = f"Possible cross-reaction: {drug} and the {allergen} allergy"
    elif label:
        message = (f"{drug} is a {label}, and {who} allergic to {allergen}{detail}. "
                   "Do not take it without checking with the prescriber or a pharmacist.")
        title = f"{drug} conflicts with the {allergen} allergy"
    else:
        message = (f"{drug} is on the medication list, and {who} allergic to it{detail}. "
                   "Do not take it without checking with the prescriber or a pharmacist.")
        title = f"Allergic to {drug}"
    return alert(ALLERGY_RULE, severity, title, message, evidence)


# -- shared ------------------------------------------------------------------------------------

RELATIONS = frozenset({
    "husband", "wife", "partner", "spouse", "son", "daughter", "mother", "father", "mum", "mom", "dad",
    "brother", "sister", "grandmother", "grandfather", "grandma", "grandpa", "boyfriend", "girlfriend",
    "fiance", "fiancé", "fiancee", "fiancée", "child", "kids", "baby",
})


def person(subject: str) -> str:
    """How a message names the subject: "you", "your husband", "Jun"."""
    if subject == "me":
        return "you"
    return f"your {subject}" if subject.lower() in RELATIONS else subject


def _be(subject: str) -> str:
    return "are" if subject == "me" else "is"


def _possessive(subject: str) -> str:
    if subject == "me":
        return "your"
    name = person(subject)
    return name + ("'" if name.endswith("s") else "'s")


def _started(med) -> str:
    return f", started {med.start}" if med.start is not None else ""


@functools.lru_cache(maxsize=256)
def _terms_pattern(terms: tuple) -> re.Pattern:
    return _pattern(terms)


def mentioned(text: str, terms) -> list[str]:
    """The terms that ``text`` names as whole words, longest first."""
    text = _norm(text)
    if not text or not terms:
        return []
    found = _terms_pattern(tuple(sorted({_norm(t) for t in terms if _norm(t)}))).findall(text)
    return sorted(set(found), key=lambda t: (-len(t), t))


# -- drug-drug interactions ----------------------------------------------------------------------

IX_CLASSES = INTERACT["classes"]
IX_TERMS = {cls: tuple([cls.replace("_", " "), *info["aliases"], *info["members"]]) for cls, info in IX_CLASSES.items()}
IX_PATTERNS = {cls: _pattern(terms) for cls, terms in sorted(IX_TERMS.items())}
SEVERITY_RANK = {"critical": 0, "warning": 1, "info": 2}
INTERACTIONS = sorted(INTERACT["interactions"], key=lambda i: SEVERITY_RANK[i["severity"]])


@functools.lru_cache(maxsize=4096)
def interaction_classes(text: str) -> frozenset:
    text = _norm(text)
    if not text:
        return frozenset()
    return frozenset(cls for cls, pattern in IX_PATTERNS.items() if pattern.search(text))


def med_classes(med) -> frozenset:
    """Interaction classes of a medication: from its name and from its stated class."""
    return interaction_classes(med.name or "") | interaction_classes(med.drug_class or "")


def interaction_alerts(meds: list) -> list[Alert]:
    by_subject: dict = {}
    for med in meds:
        index = by_subject.setdefault(med.subject, {})
        for cls in med_classes(med):
            index.setdefault(cls, []).append(med)
    out: list[Alert] = []
    seen: set = set()
    for subject in sorted(by_subject):
        index = by_subject[subject]
        for rule in INTERACTIONS:
            a, b = rule["classes"]
            for first in index.get(a, ()):
                for second in index.get(b, ()):
                    pair = tuple(sorted((first.id, second.id)))
                    if first.id == second.id or pair in seen or _norm(first.name) == _norm(second.name):
                        continue
                    seen.add(pair)
                    out.append(_interaction_alert(first, second, a, b, rule))
    return out


def _interaction_alert(first, second, a: str, b: str, rule: dict) -> Alert:
    one, two = _cap(first.name), second.name
    whose = "your" if first.subject == "me" else _possessive(first.subject)
    label_a, label_b = IX_CLASSES[a]["label"], IX_CLASSES[b]["label"]
    title = f"{one} and {two} interact" + ("" if first.subject == "me" else f" ({person(first.subject)})")
    message = (
        f"{one} ({label_a}{_started(first)}) and {two} ({label_b}{_started(second)}) are both on {whose} "
        f"medication list: {rule['risk']}. {rule['advice']}"
    )
    evidence = first.cites("name", "drug_class") + second.cites("name", "drug_class")
    return alert(INTERACTION_RULE, rule["severity"], title, message, evidence)


# -- conditions ----------------------------------------------------------------------------------

CONDITION_PATTERNS = {
    cid: _pattern([cid.replace("_", " "), *info["aliases"]]) for cid, info in sorted(CONTRA["conditions"].items())
}


@functools.lru_cache(maxsize=1024)
def condition_ids(text: str) -> tuple:
    text = _norm(text)
    return tuple(cid for cid, pattern in CONDITION_PATTERNS.items() if text and pattern.search(text))


def condition_alerts(state, meds: list, today) -> list[Alert]:
    by_subject: dict = {}
    for cond in known(state.health.conditions, today):
        if cond.status != "active" or not cond.name:
            continue
        for cid in condition_ids(cond.name):
            by_subject.setdefault(cond.subject, []).append((cid, cond))
    out: list[Alert] = []
    for med in meds:
        conds = by_subject.get(med.subject)
        if not conds:
            continue
        classes = med_classes(med)
        for cid, cond in conds:
            hit = next((a for a in CONTRA["conditions"][cid]["avoid"] if a["class"] in classes), None)
            if hit is not None:
                out.append(_condition_alert(med, cond, cid, hit))
    return out


def _condition_alert(med, cond, cid: str, hit: dict) -> Alert:
    info = CONTRA["conditions"][cid]
    drug, label = _cap(med.name), info["label"]
    cls_label = IX_CLASSES[hit["class"]]["label"]
    stated = "" if _norm(cond.name) == _norm(label) else f" (stated as \"{cond.name}\")"
    who = person(med.subject)
    have = "have" if med.subject == "me" else "has"
    since = f" since {cond.since}" if cond.since is not None else ""
    article = "an" if cls_label[:1].lower() in "aeiou" else "a"
    if cid == "pregnancy":
        state_text = f"{who} {_be(med.subject)} pregnant{since}"
    else:
        state_text = f"{who} {have} {label}{since}{stated}"
    message = (
        f"{drug} is {article} {cls_label}{_started(med)}, and {state_text}: {hit['risk']}. "
        "Check with the prescriber before taking it."
    )
    title = f"{drug} is risky with {label}" + ("" if med.subject == "me" else f" ({person(med.subject)})")
    evidence = med.cites("name", "drug_class") + cond.cites("name", "since")
    return alert(CONDITION_RULE, hit["severity"], _cap(title), _cap(message), evidence)


# -- food allergies vs bookings ------------------------------------------------------------------

FOOD_CLASSES = FOODS["classes"]
FOOD_ALIASES = {cls: _pattern(info["aliases"]) for cls, info in sorted(FOOD_CLASSES.items())}
FOOD_CONDITIONS = _pattern(FOODS["conditions"])
PLACE_NAMES = tuple(FOODS["place_names"])


@functools.lru_cache(maxsize=1024)
def food_targets(text: str) -> tuple:
    """(class, terms to look for) an allergen or condition names: a whole class, or one food of it."""
    text = _norm(text).removeprefix("food:")
    if not text:
        return ()
    out = []
    for cls, pattern in FOOD_ALIASES.items():
        info = FOOD_CLASSES[cls]
        if pattern.search(text):
            out.append((cls, tuple(sorted({*info["foods"], *info["generic"]}))))
            continue
        foods = mentioned(text, info["foods"])
        if foods:
            out.append((cls, tuple(sorted({*foods, *info["generic"]}))))
    if not out:
        for name in mentioned(text, FOODS["conditions"]):
            cls = FOODS["conditions"][name]
            info = FOOD_CLASSES[cls]
            out.append((cls, tuple(sorted({*info["foods"], *info["generic"]}))))
    return tuple(out)


def _food_sensitivities(state, today) -> list:
    """(subject, allergen as said, severity, class, terms, record) for every active food allergy."""
    out = []
    for allergy in known(state.health.allergies, today):
        if allergy.status != "active":
            continue
        said = allergy.allergen or allergy.allergen_class or ""
        targets = food_targets(allergy.allergen or "") or food_targets(allergy.allergen_class or "")
        for cls, terms in targets:
            out.append((allergy.subject, said, allergy.severity and str(allergy.severity), cls, terms, allergy,
                        ("allergen", "allergen_class", "severity")))
    for cond in known(state.health.conditions, today):
        if cond.status != "active" or not cond.name:
            continue
        for name in mentioned(cond.name, FOODS["conditions"]):
            cls = FOODS["conditions"][name]
            info = FOOD_CLASSES[cls]
            terms = tuple(sorted({*info["foods"], *info["generic"]}))
            out.append((cond.subject, cond.name, None, cls, terms, cond, ("name",)))
    return out


def _booking_text(text: str, cls: str) -> str:
    """The booking's words with the phrases that do not count for ``cls`` taken out."""
    info = FOOD_CLASSES[cls]
    text = _norm(text)
    for phrase in (*info["not"], *PLACE_NAMES):
        text = text.replace(phrase, " ")
    return text


def _excluded(text: str, cls: str) -> bool:
    """The booking says it leaves the food out: "gluten-free", "no shellfish", "vegan"."""
    info = FOOD_CLASSES[cls]
    names = [*info["aliases"], *info["foods"]]
    free = [f"{n}-free" for n in names] + [f"{n} free" for n in names] + [f"no {n}" for n in names]
    return bool(mentioned(text, [*free, *info["skip_if"]]))


def _bookings(state, today) -> list:
    """(record, words, description, fields cited) for upcoming events and trips that are not cancelled."""
    out = []
    for event in known(state.calendar.events, today):
        last = event.end or event.start
        if event.status != "scheduled" or event.start is None or last < today:
            continue
        words = " ".join(x for x in (event.title, event.place) if x)
        if not words:
            continue
        desc = f"\"{event.title}\"" if event.title else "the booking"
        if event.place and (not event.title or _norm(event.place) not in _norm(event.title)):
            desc += f" at {event.place}"
        desc += f" on {event.start}" + (f" at {event.time}" if event.time else "")
        name = event.title or event.place
        out.append((event, words, desc, name, ("title", "place", "start", "time"), list(event.people or [])))
    for trip in known(state.travel.trips, today):
        last = trip.end or trip.start
        if trip.status in ("cancelled", "taken") or trip.start is None or last < today or not trip.destination:
            continue
        desc = f"the trip to {trip.destination} from {trip.start}" + (f" to {trip.end}" if trip.end else "")
        out.append((trip, trip.destination, desc, f"trip to {trip.destination}", ("destination", "start"), []))
    return out


def food_alerts(state, today) -> list[Alert]:
    sensitivities = _food_sensitivities(state, today)
    if not sensitivities:
        return []
    out: list[Alert] = []
    seen: set = set()
    for booking, words, desc, name, fields, people in _bookings(state, today):
        for subject, said, severity, cls, terms, source, source_fields in sensitivities:
            named = subject != "me" and bool(mentioned(" ".join([words, *people]), [subject]))
            if booking.subject != subject and not named and booking.subject != "me":
                continue
            text = _booking_text(words, cls)
            if _excluded(text, cls):
                continue
            found = mentioned(text, terms)
            if not found or (booking.id, source.id) in seen:
                continue
            seen.add((booking.id, source.id))
            sure = booking.subject == subject or named
            out.append(_food_alert(booking, desc, name, fields, subject, said, severity, cls, found, source,
                                   source_fields, sure))
    return out


def _food_alert(booking, desc, name, fields, subject, said, severity, cls, found, source, source_fields, sure) -> Alert:
    who = person(subject)
    label = FOOD_CLASSES[cls]["label"]
    said_text = said if _norm(said) in (_norm(label), _norm(cls)) else f"{said} ({label})"
    how = f" ({severity})" if severity else ""
    if source_fields == ("name",):
        fact = f"{_cap(who)} {'have' if subject == 'me' else 'has'} {said} and must avoid {label}"
    else:
        fact = f"{_cap(who)} {_be(subject)} allergic to {said_text}{how}"
    names = ", ".join(f'"{t}"' for t in found[:3])
    tail = "Check the menu with the venue before going, or change the booking."
    if not sure:
        tail = f"If {who} {'are' if subject == 'me' else 'is'} going, check the menu with the venue first, or change the booking."
    message = f"{fact}, and {desc} mentions {names}. {tail}"
    owner = "" if subject == "me" else f" ({person(subject)})"
    title = f"{_cap(label)} allergy{owner} vs {name}"
    evidence = source.cites(*source_fields) + booking.cites(*fields)
    return alert(FOOD_RULE, "critical" if sure else "warning", title, message, evidence)
