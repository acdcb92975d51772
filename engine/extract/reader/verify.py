"""Check every value the model proposed before it may become a draft fact.

A date, time or amount must be the id of a candidate of that kind; an enum one of its choices; a
name, title or dose words that occur in the message; a country a place the detectors recognise in
those words; a person one named in the message. What fails a check is dropped and reported, never
repaired by guessing. Each record keeps the span of the sentences its values came from.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz

from engine.extract.builders.base import Draft
from engine.extract.builders.finance import category_of, names_whole_category
from engine.extract.dates import month_end
from engine.extract.drugs import drug_class, find_allergens, medicine_said
from engine.extract.orgs import find_orgs
from engine.extract.people import find_people, kin, relation_of
from engine.extract.places import find_nationalities, find_places
from engine.extract.reader.candidates import Candidate, Candidates
from engine.extract.reader.concepts import READ_FRAMES, Field, fields_of
from engine.extract.segment import sentences
from engine.frames import frame as frame_of

_ME = {"", "me", "i", "user", "myself", "we", "us", "the user", "my", "mine"}
_EXPIRY_WORDS = re.compile(r"\b(?:expir\w*|runs?\s+out|valid|good\s+(?:until|till|thru|through)|lapses?)\b", re.I)
_NOW_WORDS = re.compile(r"^(?:today|tonight|now|this\s+(?:morning|afternoon|evening)|yesterday)$", re.I)
# fields naming who asked or set something: "me" is the user, not words to find in the message
_PERSON_FIELDS = {"requested_by", "set_by", "prescriber"}
# slots whose date is when something ends: a month-only value there means the month's last day
_END_SLOTS = {"expires", "due", "end", "stop", "return_by", "warranty_until"}


@dataclass
class Rejection:
    """A proposed value that failed a check, kept for the benchmark report and `uac log`."""

    frame: str
    field: str
    value: Any
    reason: str


@dataclass
class Verified:
    drafts: list[Draft] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)


def verify(raw: Any, cands: Candidates, known: dict[str, str], session_date: dt.date) -> Verified:
    out = Verified()
    records = raw.get("records") if isinstance(raw, dict) else None
    if not isinstance(records, list):
        return out
    names = {fr.name for fr in READ_FRAMES}
    by_id = cands.by_id()
    spent: dict[str, tuple[int, str]] = {}  # money id -> (index, frame) of the record that cited it first
    for n, rec in enumerate(records[:8]):
        if not isinstance(rec, dict) or rec.get("record") not in names:
            continue
        rec = _first_use_of_money(rec, n, by_id, spent, out.rejected)
        draft = _draft(rec, cands, by_id, known, session_date, out.rejected)
        if draft is not None:
            out.drafts.append(draft)
            for f in fields_of(draft.frame):  # only an accepted record owns the amounts it kept
                if f.type == "money" and f.name in draft.slots:
                    spent.setdefault(str(rec[f.name]), (n, draft.frame))
    return out


def _first_use_of_money(rec: dict[str, Any], n: int, by_id: dict[str, Candidate], spent: dict[str, tuple[int, str]],
                        rejected: list[Rejection]) -> dict[str, Any]:
    """An amount said once is one thing's amount: a later record citing the same money candidate
    (a budget's cap reused as a purchase's price) loses that field."""
    name = str(rec["record"])
    out = dict(rec)
    for f in fields_of(name):
        cand = by_id.get(str(rec.get(f.name))) if f.type == "money" else None
        if cand is None or cand.kind != "money":
            continue
        owner, owner_name = spent.get(cand.id, (n, name))
        if owner != n:
            rejected.append(Rejection(name, f.name, rec[f.name], f"the amount is already the {owner_name}'s"))
            out.pop(f.name)
    return out


def _draft(rec: dict[str, Any], cands: Candidates, by_id: dict[str, Candidate], known: dict[str, str],
           session_date: dt.date, rejected: list[Rejection]) -> Draft | None:
    name = str(rec["record"])
    fr = frame_of(name)
    text = cands.text
    slots: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []
    day_only: dict[str, int] = {}
    for f in fields_of(name):
        if f.name not in rec or rec[f.name] in (None, "", []):
            continue
        value, span, why = _check(f, rec[f.name], text, by_id)
        if why:
            rejected.append(Rejection(name, f.name, rec[f.name], why))
            continue
        if f.type == "date":
            cand = by_id[str(rec[f.name])]
            value = _date_value(name, f.name, cand, text, session_date)
            if value is None:
                rejected.append(Rejection(name, f.name, rec[f.name], "nothing in the message says this date is that"))
                continue
            if cand.day_only:
                day_only[f.name] = dt.date.fromisoformat(cand.value).day
        if f.name in _NUMBER_SLOTS and not _NUMBER_SLOTS[f.name].search(str(value)):
            rejected.append(Rejection(name, f.name, value, "not shaped like one"))
            continue
        slots[f.name] = value
        if span is not None:
            spans.append(span)
        if f.type == "money":
            currency = by_id[str(rec[f.name])].currency
            if currency and "currency" in fr.slot_names:
                slots["currency"] = currency
    _one_slot_per_date(name, rec, slots, rejected)
    _derive(name, slots, text)
    if not _has_content(name, slots) or not _anchored(name, slots, cands, rejected):
        return None
    status = rec.get("status")
    if isinstance(status, str) and status in fr.statuses:
        slots["status"] = status
    subject = _subject(rec.get("who"), text, known, rejected, name)
    if subject is None:
        return None
    if name == "Person" and subject != "me":
        subject = "me"  # a Person record is always the user's contact
    start, end = _sentence_span(text, spans)
    if name == "Purchase" and subject == "me" and _sold(text, start, end):
        rejected.append(Rejection(name, "item", slots.get("item"), "the message says it was sold, not bought"))
        return None
    paid = by_id.get(str(rec.get("amount"))) if name == "Transfer" else None
    if paid is not None and _received(text, paid.start, paid.end):
        rejected.append(Rejection(name, "amount", slots.get("amount"), "the message says this money came to the user, not from them"))
        return None
    key = key_for(name, slots)
    return Draft(name, key, slots, (start, end), subject, "cancel" if slots.get("status") == "cancelled" else "assert",
                 extractor=f"model:{name.lower()}", confidence=0.75, day_only=day_only)


def _check(f: Field, value: Any, text: str, by_id: dict[str, Candidate]) -> tuple[Any, tuple[int, int] | None, str]:
    """(value, span in the message, reason it was refused or '')."""
    if f.type in ("date", "time", "money"):
        cand = by_id.get(str(value))
        if cand is None or cand.kind != f.type:
            return None, None, f"not a {f.type} candidate"
        return cand.value, (cand.start, cand.end), ""
    if f.type == "enum":
        return (value, None, "") if value in f.choices else (None, None, "not one of the choices")
    if f.type == "int":
        if isinstance(value, int) and re.search(rf"(?<!\d){value}(?!\d)", text):
            return value, None, ""
        return None, None, "number not in the message"
    if f.type == "list":
        if not isinstance(value, list):
            return None, None, "not a list"
        kept = [v for v in (_span(str(x), text) for x in value) if v is not None]
        return ([text[s:e] for s, e in kept], kept[0] if kept else None, "") if kept else (None, None, "no item in the message")
    if f.name in _PERSON_FIELDS and str(value).strip().lower() in _ME:
        return "me", None, ""
    span = _span(str(value), text)
    if span is None:
        return None, None, "words not in the message"
    return text[span[0] : span[1]], span, ""


def _span(words: str, text: str) -> tuple[int, int] | None:
    """Where the words occur in the message (case and spacing ignored; a near copy such as a plural
    maps to the message's own words); None when they do not occur."""
    words = words.strip().strip("\"'.,;:!?")
    if not words or len(words) > 80:
        return None
    pattern = r"\s+".join(re.escape(w) for w in words.split())
    m = re.search(pattern, text, re.I)
    if m is not None:
        return m.start(), m.end()
    if len(words) < 5:
        return None
    hit = fuzz.partial_ratio_alignment(words.lower(), text.lower())
    if hit is None or hit.score < 88:
        return None
    start, end = hit.dest_start, hit.dest_end
    while start > 0 and text[start - 1].isalnum():  # widen to whole words
        start -= 1
    while end < len(text) and text[end].isalnum():
        end += 1
    return start, end


# a date the model puts in one of these slots must have words of that kind near it: the check only
# refuses (it never finds a value), so a trip's dates cannot become a passport's validity
_SLOT_SUPPORT = {
    "expires": re.compile(r"expir|valid|runs?\s+out|ran\s+out|good\s+(?:until|till|til|through|thru|to)|lapse|until|till|\bends?\b|renew", re.I),
    "issued": re.compile(r"issue|valid\s+from|granted|renew|got|new|picked\s+up|arrived|came", re.I),
    "return_by": re.compile(r"return|refund|send\s+(?:it\s+)?back|exchange", re.I),
    "warranty_until": re.compile(r"warrant|guarantee|cover", re.I),
    "renewal": re.compile(r"renew|charge|bill|auto|trial|subscription|month|year", re.I),
}
# "filling out Theo's school form tonight": the day something was done is nobody's birthday; only words
# of birth in the date's own sentence make it one ("she turns 6 today", "Dad's 60th on Saturday")
_BIRTH_WORDS = re.compile(r"birthday|\bb-?day\b|\bborn\b|\bturn(?:s|ed|ing)?\s+\d|\b(?:is|['’]s)\s+\d{1,3}\s+(?:today|tomorrow|on)\b|"
                          r"['’]s\s+\d{1,3}(?:st|nd|rd|th)\b|years?\s+old", re.I)
_NUMBER_SLOTS = {"number": re.compile(r"\d{3,}|[A-Z]{1,3}\d{4,}"), "flight": re.compile(r"^[A-Za-z0-9]{2}\s?\d{1,4}$"),
                 # a recurrence says how it repeats ("tomorrow" is a date, not a rhythm)
                 "recurrence": re.compile(r"\b(?:every|each|weekly|daily|monthly|fortnightly|bi-?weekly|weekdays|"
                                          r"(?:mon|tues|wednes|thurs|fri|satur|sun)days|nightly|annually|yearly)\b", re.I)}


# one date, time or amount fills one slot of a record: the validity end before the start, the start
# before the end, what was paid before a limit or balance
_DATE_PRIORITY = ("expires", "due", "start", "date", "since", "birthday", "renewal", "return_by", "warranty_until",
                  "stop", "end", "issued", "time", "departs", "end_time", "amount", "cost", "limit", "balance")


def _one_slot_per_date(frame: str, rec: dict[str, Any], slots: dict[str, Any], rejected: list[Rejection]) -> None:
    used: set[str] = set()
    for slot in sorted((k for k in slots if k in _DATE_PRIORITY), key=_DATE_PRIORITY.index):
        cid = str(rec.get(slot))
        if cid in used:
            rejected.append(Rejection(frame, slot, cid, "the same value already fills another slot"))
            slots.pop(slot)
        used.add(cid)


def _supported(slot: str, cand: Candidate, text: str) -> bool:
    sents = sentences(text)
    here = next((i for i, (s, e) in enumerate(sents) if s <= cand.start < e), None)
    if slot == "birthday":
        own = text[sents[here][0] : sents[here][1]] if here is not None else text
        return bool(_BIRTH_WORDS.search(own))
    pattern = _SLOT_SUPPORT.get(slot)
    if pattern is None:
        return True
    if here is None:
        return bool(pattern.search(text))
    lo = sents[max(0, here - 1)][0]
    return bool(pattern.search(text[lo : sents[here][1]]))


def _date_value(frame: str, slot: str, cand: Candidate, text: str, session_date: dt.date) -> str | None:
    if not _supported(slot, cand, text):
        return None
    value = dt.date.fromisoformat(cand.value)
    # "picked up my renewed passport today": today is when, not until when — unless the text says it expires today
    if (frame == "TravelDocument" and slot == "expires" and _NOW_WORDS.match(cand.surface.strip())
            and not _EXPIRY_WORDS.search(text[max(0, cand.start - 30) : cand.start])):
        return None
    if cand.month_only and slot in _END_SLOTS:
        value = month_end(value)
    if frame == "Person" and slot == "birthday" and not cand.explicit_year:
        return f"--{value.month:02d}-{value.day:02d}"
    return value.isoformat()


_PERIODS = {"week", "month", "year"}


def _derive(frame: str, slots: dict[str, Any], text: str) -> None:
    """Slots code computes: ISO country from a place, a drug's and an allergen's class, a purchase's
    or a money rule's spending category (so "eating out" and a sushi dinner meet in one category)."""
    for slot in ("country", "destination"):
        if frame in ("Trip", "TravelDocument") and isinstance(slots.get(slot), str):
            code = _country(str(slots[slot]))
            if slot == "country":
                if code:
                    slots["country"] = code
                else:
                    slots.pop("country")
            elif code and not slots.get("country"):
                slots["country"] = code
    if frame == "Trip" and isinstance(slots.get("country"), str):
        from engine.extract.places import region_of

        slots.setdefault("region", region_of(slots["country"]) or None)
        if slots.get("region") is None:
            slots.pop("region")
    if frame == "Medication" and isinstance(slots.get("name"), str):
        cls = drug_class(str(slots["name"]))
        if cls:
            slots["drug_class"] = cls
    if frame == "Purchase":
        cat = category_of(*(str(slots[k]) for k in ("item", "vendor", "category") if slots.get(k))) \
            or _shop_category(str(slots.get("vendor") or ""))
        if cat:
            slots["category"] = cat
    if frame == "Policy":
        about = str(slots.get("about") or "")
        cat = category_of(about)
        if cat and names_whole_category(about, cat):
            slots["category"] = cat
        if slots.get("kind") == "hold" and _is_shop(str(slots.get("account") or "")):
            # "no more than £100 a month at Waitrose": a shop is where money is spent, not an account it leaves
            shop = str(slots.pop("account"))
            if shop.lower() not in about.lower():
                slots["about"] = about = shop
        spending = not slots.get("account") and not re.search(r"\baccount\b", about, re.I)
        if slots.get("kind") == "hold" and slots.get("limit") and not slots.get("account") and not slots.get("end"):
            slots["kind"] = "limit"  # a hold lets nothing out of an account until a day; an amount with neither is a cap
        if slots.get("kind") == "limit" and slots.get("per") in _PERIODS and spending:
            slots["kind"] = "budget"  # a cap on a week's, month's or year's spending is a total per period
    if frame == "Allergy" and isinstance(slots.get("allergen"), str):
        a = str(slots["allergen"])
        hits = find_allergens(a, 0, len(a))
        if hits and hits[0].attrs.get("allergen_class"):
            slots["allergen_class"] = str(hits[0].attrs["allergen_class"]).lower()


# "Tesco Bank", "the Sainsbury's credit card": a shop's name on a real account
_AN_ACCOUNT = re.compile(r"\b(?:bank|card|account|credit|savings?|current|checking|isa)\b", re.I)


def _is_shop(name: str) -> bool:
    """Whether the whole name is a known shop (organisations.tsv), not an account at one."""
    name = name.strip()
    if not name or _AN_ACCOUNT.search(name):
        return False
    return any(m.attrs.get("org_kind") == "vendor" and m.start == 0 and m.end >= len(name.rstrip(".")) - 1
               for m in find_orgs(name, 0, len(name)))


def _shop_category(vendor: str) -> str | None:
    """What a known shop sells (organisations.tsv), for a purchase whose item names no category: a
    Waitrose shop is groceries; a kettle from Tesco stays a kettle (home)."""
    shops = [m for m in find_orgs(vendor, 0, len(vendor)) if m.attrs.get("org_kind") == "vendor"]
    return str(shops[0].attrs["category"]) if shops and shops[0].attrs.get("category") else None


def _country(words: str) -> str | None:
    """ISO code of a place ("Lisbon", "Japan") or a nationality ("Canadian"), as the detectors read it."""
    for form in dict.fromkeys((words, words.title())):
        places = find_places(form, 0, len(form))
        if places and places[0].attrs.get("country"):
            return str(places[0].attrs["country"])
        nations = find_nationalities(form, 0, len(form))
        if nations:
            return str(nations[0].value)
    return None


# a record needs its naming values: a trip somewhere, a drug, a dated or titled event...
_NEEDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "Trip": (("destination", "country"),),
    "TravelDocument": (("kind",),),
    "Medication": (("name",),),
    "Allergy": (("allergen",),),
    "Condition": (("name",),),
    "Event": (("title",), ("start", "time", "recurrence")),
    "Deadline": (("about",), ("due",)),
    "Transfer": (("amount", "payee"),),
    "Account": (("institution", "kind"),),
    "Subscription": (("service",),),
    "Purchase": (("item", "vendor"),),
    "Policy": (("kind",), ("about", "account")),
    "Person": (("name",), ("relation", "birthday", "age")),
    "Preference": (("topic",),),
}


# an enum that names the record must be said: the document the detectors found, the account's kind in words
_ACCOUNT_WORDS = {"checking": r"check|current|everyday", "savings": r"saving", "credit_card": r"card|credit",
                  "brokerage": r"brokerage|investment|isa|401|ira|stocks", "loan": r"loan|mortgage", "other": r"account"}


# an allergy is said as one: "allergic to", "intolerant", "reacts to", "anaphylaxis", "can't have nuts"
_ALLERGY_SAID = re.compile(r"\ballerg|\bintoleran|\bsensitiv|\breact(?:s|ed|ion|ions)?\b|\banaphyla|\bhives\b|\brash\b|"
                           r"\b(?:came|come|comes|coming)\s+out\s+in\b|\bswell(?:s|ed|ing)?\s+up\b|"
                           r"\bepi-?pen\b|\bcoeliac|\bceliac|\b(?:can't|cannot|can\s+not|mustn't|shouldn't)\s+(?:eat|have|take|touch)\b|"
                           r"\bbrings?\s+(?:me|him|her|them)\s+out\s+in\b|\bmakes?\s+(?:me|him|her|them)\s+(?:itch|swell|wheez)", re.I)


# a journey is said as one: "flew to", "trip", "holiday", "booked the train", "staying in"
_TRAVEL_SAID = re.compile(r"\b(?:trip|travel\w*|holiday|vacation|getaway|break\s+in|weekend\s+(?:away|in)|flights?|fl(?:y|ew|ying|own)\s+"
                          r"(?:to|out|back|home|from)|drov?e\s+(?:to|up|down)|driv(?:e|ing)\s+(?:to|up|down)|trains?\s+to|ferry|cruise|"
                          r"visit\w*|journey|(?:going|went|go|heading|head|off)\s+(?:to|up\s+to|down\s+to|over\s+to)|hotel|airbnb|"
                          r"stay(?:ing|ed)?\s+(?:in|at|with)|abroad|overseas)\b", re.I)


def _a_journey(slots: dict[str, Any], text: str) -> bool:
    """A trip to a known place, or to a named one (capitalised in the message) where the message speaks
    of travelling: not "a map of the world" or a jigsaw of a lighthouse."""
    if slots.get("country"):
        return True
    dest = str(slots.get("destination") or "")
    if not dest:
        return False
    at = text.lower().find(dest.lower())
    if at < 0:
        return False
    if re.search(r"\b(?:to|in|at|round|around|into)\s+(?:the\s+|our\s+|my\s+)?$", text[:at], re.I):
        return True  # "to Legoland", "in the Lakes", "round the Med"
    return text[at:at + 1].isupper() and _TRAVEL_SAID.search(text) is not None


def _anchored(frame: str, slots: dict[str, Any], cands: Candidates, rejected: list[Rejection]) -> bool:
    if frame == "Trip" and not _a_journey(slots, cands.text):
        rejected.append(Rejection(frame, "destination", slots.get("destination"), "no journey to a place the message names"))
        return False
    if frame == "Allergy" and not _ALLERGY_SAID.search(cands.text):
        rejected.append(Rejection(frame, "allergen", slots.get("allergen"), "the message says no allergy"))
        return False
    if frame == "TravelDocument":
        docs = {str(m.value) for m in cands.mentions("doc")}
        if slots.get("kind") not in docs:
            rejected.append(Rejection(frame, "kind", slots.get("kind"), "no such document named in the message"))
            return False
    if frame == "Medication":
        name = str(slots.get("name") or "")
        span = _span(name, cands.text)
        if span is None or not medicine_said(name, cands.text, *span):
            rejected.append(Rejection(frame, "name", name, "nothing in the message says it is a medicine"))
            return False
    if frame == "Account" and not slots.get("institution"):
        kind = str(slots.get("kind") or "")
        if not re.search(rf"\b(?:{_ACCOUNT_WORDS.get(kind, 'account')})", cands.text, re.I):
            rejected.append(Rejection(frame, "kind", kind, "no such account named in the message"))
            return False
    return True


def _has_content(frame: str, slots: dict[str, Any]) -> bool:
    return all(any(slots.get(s) not in (None, "") for s in group) for group in _NEEDS.get(frame, ()))


def _subject(who: Any, text: str, known: dict[str, str], rejected: list[Rejection], frame: str) -> str | None:
    """'me', or the person as the detectors name them: a name in lower case, or the recorded relation."""
    raw = str(who or "").strip().strip("\"'.,")
    if raw.lower() in _ME:
        return "me"
    span = _span(raw, text)
    if span is None:
        rejected.append(Rejection(frame, "who", who, "person not in the message"))
        return None
    words = re.sub(r"^(?:my|our|the)\s+", "", text[span[0] : span[1]], flags=re.I)
    words = re.sub(r"['’]s$", "", words).strip()
    people = find_people(words, 0, len(words)) or find_people(text, span[0], span[1])
    for p in people:
        if p.value:
            return str(p.value).lower()
        rel = p.attrs.get("relation")
        if rel:
            rel = str(rel)
            return known.get(rel, rel).lower()
    rel = kin(words)
    if rel:
        return known.get(rel, rel).lower()
    if re.fullmatch(r"[A-Z][a-z]+", words):
        return words.lower()
    return relation_of(words).lower() if len(words.split()) <= 2 else None


_SALE = re.compile(r"\b(?:sold|flogged)\b(?!\s+(?:me|us|out)\b)|\bwent\s+for\s+(?:[£$€]\s?\d|\d+(?:\.\d+)?\s*(?:quid|pounds|dollars|euros|bucks)\b|"
                   r"(?:a\s+)?(?:fiver|tenner)\b)", re.I)
_BUYING = re.compile(r"\b(?:bought|buy|buying|purchased?|ordered|order|paid\s+for|picked\s+up|splurged|got|grabbed|"
                     r"treated\s+(?:myself|ourselves))\b", re.I)


_GIVEN_TO_ME = re.compile(r"\b(?:gave|given|gives?|handed|hands?|paid|pays?|sent|sends?|transferred|slipped|bunged|lent|lends?|"
                         r"tipped|refunded|reimbursed|owes?|owed)\s+(?:me|us)\b|\b(?:I|we)\s+(?:got(?!\s+(?:charged|billed|fined|stung|hit|done))|received|earned|made|was\s+paid|"
                         r"were\s+paid|was\s+given|were\s+given|found)\b", re.I)
_FROM_SOMEONE = re.compile(r"^[^.;!?]{0,25}?\bfrom\s+(?:him|her|them|[A-Z][a-z]+)\b(?!\s+(?:to|into)\b)")
_PAYING_OUT = re.compile(r"\b(?:sent|send|paid|pay|transferred|transfer|gave|give|lent|lend|bought|spent|owe)\b(?!\s+(?:me|us)\b)", re.I)


def _received(text: str, start: int, end: int) -> bool:
    """An amount someone gave the user ("he gave me a fiver towards petrol", "Another £5 from him")
    is money in, not a payment the user makes: no Transfer. The user paying it on after getting
    something ("I got paid and sent Mum £100") or moving it between accounts ("from Monzo to Tom") is not."""
    sentence = next(((a, b) for a, b in sentences(text) if a <= start < b), (0, len(text)))
    before = re.split(r"[,;:—–]|\s(?:but|and\s+then|then|so)\s", text[sentence[0]:start])[-1]
    given = list(_GIVEN_TO_ME.finditer(before))
    if given and not _PAYING_OUT.search(before, given[-1].end()):
        return True
    return not _PAYING_OUT.search(before) and _FROM_SOMEONE.match(text[end:sentence[1]]) is not None


def _sold(text: str, start: int, end: int) -> bool:
    """A thing the user sold is no purchase: the record's own sentences say so ("Sold the dress
    yesterday, sixty quid!"), or the message speaks of selling and never of buying ("Sold my first
    thing yesterday! The green coat, £22.")."""
    own = text[start:end]
    if _SALE.search(own) and not _BUYING.search(own):
        return True
    return bool(_SALE.search(text)) and not _BUYING.search(text)


def _sentence_span(text: str, spans: list[tuple[int, int]]) -> tuple[int, int]:
    """The sentences that hold the record's values: the evidence a person can read back."""
    if not spans:
        return (0, len(text))
    lo, hi = min(s for s, _ in spans), max(e for _, e in spans)
    sents = sentences(text)
    start = next((s for s, e in sents if s <= lo < e), lo)
    end = next((e for s, e in sents if s < hi <= e), hi)
    return (start, end)


def key_for(frame: str, slots: dict[str, Any]) -> str:
    """The entity key, shaped as the deterministic builders shape it, so the resolver can match both."""
    low = {k: str(v).lower() for k, v in slots.items() if v is not None}
    if frame == "Trip":
        return str(slots["country"]).upper() if slots.get("country") else low.get("destination", "")
    if frame == "TravelDocument":
        return f"{low.get('kind', '')}:{slots.get('country') or ''}"
    if frame == "Event":
        title = low.get("title", "")
        return f"{title}:{slots['start']}" if slots.get("start") else title
    if frame == "Transfer":
        return f"{low.get('payee', '')}:{slots.get('amount') or ''}"
    if frame == "Account":
        return f"{low.get('institution', '')}:{slots.get('kind') or ''}"
    if frame == "Policy":
        return f"{slots.get('kind')}:{low.get('about') or low.get('account', '')}"
    main = {"Medication": "name", "Allergy": "allergen", "Condition": "name", "Deadline": "about",
            "Subscription": "service", "Purchase": "item", "Person": "name", "Preference": "topic"}.get(frame, "")
    return low.get(main, "") or low.get("vendor", "")


def recheck_builders(drafts: list[Draft], cands: Candidates, session_date: dt.date) -> None:
    """The same date checks on the builders' drafts: a document's expiry taken from a word that only
    says when something happened ("picked up my renewed passport today") is removed, so the value
    said in the next sentence can take its place."""
    today = session_date.isoformat()
    nows = [c for c in cands.items if c.kind == "date" and c.value == today and _NOW_WORDS.match(c.surface.strip())]
    if not nows:
        return
    said = any(_EXPIRY_WORDS.search(cands.text[max(0, c.start - 30) : c.start]) for c in nows)
    for d in drafts:
        if d.frame == "TravelDocument" and d.slots.get("expires") == today and not said:
            d.slots.pop("expires")
            d.day_only.pop("expires", None)
