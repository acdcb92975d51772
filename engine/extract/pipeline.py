"""Extract facts from user messages: segment, detect, decide, resolve, and keep the rest as notes.

Called by the service with the messages to extract now, the whole session as context, the session
date (the anchor of every relative date), the whole log (for entity resolution) and a backend (or
None for detectors-only mode). Assistant messages never yield facts.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence

from engine.errors import ModelError
from engine.extract import cues
from engine.extract.builders.base import Context, Draft, same_month_after
from engine.extract.builders.bills import bills, paid_again
from engine.extract.builders.bookings import booked_commitments
from engine.extract.builders.bought_it import bought_it, name_the_one
from engine.extract.builders.budgets import money_policies
from engine.extract.builders.deliveries import deliveries, window_lengths
from engine.extract.builders.holds import hold_policies
from engine.extract.builders.notice import notice_deadlines
from engine.extract.builders.payment_card import paid_with
from engine.extract.builders.returns import returns_made
from engine.extract.builders.services import statement_charges, unknown_subscriptions
from engine.extract.builders.spends import logged_spends
from engine.extract.builders.split_deadlines import split_deadlines
from engine.extract.builders.split_events import split_events
from engine.extract.builders.trip_details import fill_trip
from engine.extract.choice import Chooser
from engine.extract.decide import decide
from engine.extract.detect import Found, detect
from engine.extract.people import subject_of
from engine.extract.reader import read_message, reading_mode
from engine.extract.reader.candidates import find_candidates
from engine.extract.reader.merge import merge
from engine.extract.reader.verify import recheck_builders
from engine.extract.reference import (
    changed_first,
    named_record,
    names_only,
    reference_change,
    shifted_record,
    switched_from,
    taken_back,
)
from engine.extract.resolve import Resolver, apply_record, supersedes
from engine.extract.segment import clauses, sentences
from engine.extract.unit_price import with_unit_prices
from engine.frames import frame as frame_of
from engine.llm.backend import Backend
from engine.log import Fact, NewFact
from engine.state import Record
from models.log import MessageRow


def extract_messages(
    msgs: Sequence[MessageRow],
    context: Sequence[MessageRow],
    session_date: dt.date,
    prior_facts: Sequence[Fact],
    backend: Backend | None,
    problems: list[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[NewFact]:
    """Facts of the user's messages. With a backend the model reads each message too (see
    ``engine.extract.reader``); if it fails, the detectors' facts are kept, the failure is appended
    to ``problems`` and the model is not asked again in this batch."""
    chooser = Chooser(backend)
    mode = reading_mode() if backend is not None else "detectors"
    seen = {(f.message_id, f.frame, f.entity_key, repr(sorted(f.slots.items()))) for f in prior_facts}
    resolver = Resolver.from_facts(list(prior_facts))
    known = _known_people(prior_facts)
    prior_people = {(str(f.slots.get("name") or "").lower(), str(f.slots.get("relation") or "")) for f in prior_facts if f.frame == "Person"}
    out: list[NewFact] = []
    ctx = Context("me", known, chooser, session_date, prior_people, prior=resolver.records)
    ctx.last_dated = _last_dated(prior_facts, msgs[0].session_id if msgs else "")
    users = [m for m in msgs if m.speaker == "user" and m.text.strip()]
    for n, msg in enumerate(users, 1):
        ctx.subject = "me"
        if progress is not None and mode != "detectors":
            progress(f"Reading message {n} of {len(users)} with the model…")
        previous = _previous_assistant(msg, context)
        drafts = extract_text(msg.text, session_date, ctx, previous) if mode != "model" else []
        cands = find_candidates(msg.text, session_date)
        recheck_builders(drafts, cands, session_date)
        if mode != "detectors" and backend is not None:
            try:
                reading = read_message(msg.text, session_date, backend, known=known, previous=previous, cands=cands)
            except ModelError as exc:
                mode = "detectors"
                if problems is not None:
                    problems.append(str(exc))
            else:
                drafts = merge(drafts, reading.drafts)
        for draft in with_unit_prices(drafts, msg.text):
            rec = resolver.match(draft, msg.text, session_date)
            sup: tuple[int, ...] = ()
            if rec is not None:
                apply_record(draft, rec, session_date)
                sup = supersedes(rec)
            elif (rec := _named_instead(draft, msg.text, resolver)) is not None:
                sup = supersedes(rec)
            elif draft.correction and not draft.key:
                continue
            fact = _to_fact(draft, msg, session_date, sup)
            if (fact.message_id, fact.frame, fact.entity_key, repr(sorted(fact.slots.items()))) in seen:
                continue  # a retry after a model failure: the detectors' facts are already logged
            out.append(fact)
            if draft.frame == "Person" and draft.slots.get("relation") and draft.slots.get("name"):
                known.setdefault(str(draft.slots["relation"]), str(draft.slots["name"]))
    return out


def _named_instead(draft: Draft, text: str, resolver: Resolver) -> Record | None:
    """A correction or a status change whose entity came out garbled ("landlord says the lease form
    deadline is actually July 7") belongs to the earlier record of the same frame that the sentence
    names; its naming values are taken from that record so the garbled ones never land."""
    clause = text[draft.span[0] : draft.span[1]]
    fr = frame_of(draft.frame) if draft.frame != "Note" else None
    closing = fr is not None and draft.slots.get("status") not in (None, fr.statuses[0])  # "Renewed the car insurance, done"
    if fr is None or not (cues.CORRECTION.search(clause) or closing):
        return None
    rec = named_record(clause, [r for r in resolver.records if r.frame == draft.frame], draft.subject)
    if rec is None:
        return None
    naming = {k: v for k, v in rec.values.items() if k in ("destination", "country", "title", "about", "service", "payee",
                                                            "institution", "name", "item", "kind") and v is not None}
    draft.slots.update({k: v.isoformat() if isinstance(v, dt.date) else v for k, v in naming.items()})
    apply_record(draft, rec, dt.date.today())
    return rec


def extract_text(text: str, today: dt.date, ctx: Context, previous: str = "") -> list[Draft]:
    """Drafts for one message (before entity resolution)."""
    drafts: list[Draft] = []
    last_subject = "me"
    for clause in clauses(text):
        found = detect(text, clause, today)
        ctx.subject = subject_of(clause.text, clause.start, found.of("person"), ctx.known, last_subject,
                                 text[: clause.start])
        last_subject = ctx.subject
        got = (shifted_record(found, ctx.prior, ctx.subject) or taken_back(found, ctx.prior, ctx.subject)
               or changed_first(found, ctx.prior, ctx.subject) or decide(found, ctx))
        if got and all(names_only(d) for d in got):
            got = reference_change(found, ctx.prior, ctx.subject) or got
        elif any(names_only(d) for d in got) and (changed := reference_change(found, ctx.prior, ctx.subject)):
            # "no more omeprazole for me, the reflux is gone": the named record changes, the new fact stays
            got = [d for d in got if not (names_only(d) and d.frame in {c.frame for c in changed})] + changed
        got = switched_from(found, ctx.prior, ctx.subject, got)
        if not got and previous:
            got = _with_previous(found, ctx, previous)
        if not got:
            got = reference_change(found, ctx.prior, ctx.subject)
        if not got:
            got = _bare_correction(found, ctx)
        if not got:
            got = _open_frame(found, ctx)
        if not got and not clause.question and _continue(found, drafts):
            continue
        if not got and is_note(clause.text, clause.question):
            got = [Draft("Note", _note_key(clause.text), {"text": clause.text}, (clause.start, clause.end), ctx.subject, "note")]
        drafts += got
        dated = [d for d in got if any(s in d.slots for s in _DATE_SLOTS)]
        if dated:
            ctx.last_dated = dated[-1]
    return _whole_message(text, today, ctx, drafts)


def _whole_message(text: str, today: dt.date, ctx: Context, drafts: list[Draft]) -> list[Draft]:
    """The whole-message readers, after the clause builders: what a clause alone cannot say (a period in
    one sentence and the lease's end in another, a sum listed without a verb, "got it from Deskly" after
    "the standing desk"). Each adds a record only where the builders left it out; each later reader sees
    what the earlier ones added (a sum a spend or a trip's fare took is not read again as a bill)."""
    notice = notice_deadlines(text, today)
    if not any(d.frame == "Deadline" and ("notice" in str(d.slots.get("about", "")).lower()
                                          or d.slots.get("due") in {n.slots.get("due") for n in notice}) for d in drafts):
        drafts += notice  # read across sentences: the period in one, the lease's end in another
    drafts = _with_money_policies(drafts, money_policies(text, today))
    drafts += logged_spends(text, today, drafts)  # "Tacos on Tuesday were $41": sums no clause builder took
    drafts = fill_trip(text, today, drafts)  # "Booked flights for the Chicago conference. It's July 9-11."
    drafts += bills(text, today, drafts)  # "the property tax bill came, $3,120, due June 1. I set it up to come out of savings"
    drafts += paid_again(text, today, ctx.prior, drafts)  # "write a check for the property tax, the 3120 one"
    drafts += bought_it(text, today, drafts)  # "The standing desk showed up ... Got it from Deskly for $489"
    drafts += split_events(text, today, drafts)  # "booked an eye exam." + "Dr. Nguyen had March 18 at 2:30"
    drafts += split_deadlines(text, today, drafts)  # "Norton auto-renews on 1 October" + "I do NOT want it to"
    drafts += booked_commitments(text, today, drafts)  # "Booked a cut and colour with Jade, Friday 5th March at 6pm"
    drafts += unknown_subscriptions(text, drafts)  # "Cancelled CineBox today ... won't be charged again"
    drafts += statement_charges(text, today, drafts)  # "Spotify 11.99, CineBox 15.99 on the 5th"
    name_the_one(text, drafts)  # "my old laptop died so I bought a new one"
    paid_with(text, drafts)  # "899 dollars at Best Buy, put it on the Visa"
    window_lengths(text, drafts)  # "30 days to return it, counted from when it's delivered"
    drafts += deliveries(text, today, ctx.prior)  # "The coat came yesterday!": its return window starts
    returned = {d.key for d in drafts if d.frame == "Purchase" and d.slots.get("status") == "returned"}
    drafts += [d for d in returns_made(text, ctx.prior) if d.key not in returned]
    held = {str(d.slots.get("account", "")).lower() for d in drafts if d.frame == "Policy" and d.slots.get("kind") == "hold"}
    drafts += [d for d in hold_policies(text, today) if str(d.slots["account"]).lower() not in held]
    return drafts


def _with_money_policies(drafts: list[Draft], policies: list[Draft]) -> list[Draft]:
    """Budgets and caps read over the whole message. A budget joins the clause builders' bare preference
    with the same amount (the policy has the period and the category the preference loses); a per-item
    cap the builders kept as a preference stays theirs, and an amount another record holds (a card's
    credit limit) is not a rule."""
    out = list(drafts)
    for policy in policies:
        limit = policy.slots["limit"]
        holders = [d for d in out if limit in (str(d.slots.get(k)) for k in ("limit", "amount", "balance", "cost"))]
        if any(d.frame != "Preference" for d in holders):
            continue
        if holders and policy.slots["kind"] != "budget":
            continue
        out.append(policy)
    return out


def _continue(found: Found, drafts: list[Draft]) -> bool:
    """A clause with no frame of its own that adds details to the message's previous fact: "Booked Lisbon
    for May 3-9. TAP, 240 EUR." (carrier, flight, cost of a trip); "Got my new passport! Valid until
    2035, number 548213907." (expiry and number of a document). Only missing slots are filled. A person
    named on the way ("booked Lisbon with my sister Maureen. We fly out on March 3") is not what the
    next clause continues."""
    last = next((d for d in reversed(drafts) if d.frame not in ("Note", "Person")), None)  # a companion named
    if last is None or re.search(r"\b(?:mine|his|hers|theirs|hers)\b|'s\b", found.clause.text, re.I):
        return False
    add: dict[str, object] = {}
    if last.frame == "Trip":
        from engine.extract.builders.travel import carrier_slots

        add = {k: v for k, v in carrier_slots(found, set()).items() if v}
        money = found.of("money")
        if len(money) == 1 and "cost" not in last.slots:
            add["cost"], add["currency"] = money[0].value, money[0].attrs.get("currency")
    elif last.frame == "TravelDocument":
        for d in found.of("date"):
            if cues.DOC_EXPIRES.search(found.text[max(found.clause.start, d.start - 40) : d.start]):
                add["expires"] = (d.value.end or d.value.start).isoformat()
                break
        if found.of("docnum"):
            add["number"] = found.of("docnum")[0].value
    elif last.frame == "Account" and "balance" not in last.slots:
        # "It's the RBC Visa, limit is 3000 dollars, and … the balance is sitting at 2450": the card's balance
        said = _BALANCE.search(found.clause.text)
        if said:
            add["balance"] = f"{float(said.group('n').replace(',', '')):.2f}"
    elif last.frame == "Purchase":
        from engine.extract.dates import _add, _num

        if last.slots.get("date"):
            bought = dt.date.fromisoformat(str(last.slots["date"]))
            rw = cues.RETURN_WINDOW.search(found.clause.text) or re.search(r"\breturn\s+(?:window|policy|period)\b\D{0,12}(?P<n>\d+)\s+days\b", found.clause.text, re.I)
            if rw:
                n = next(g for g in (rw.groupdict().get(k) for k in ("n", "n2", "n3")) if g)
                add["return_by"] = _add(bought, _num(n), "day").isoformat()
            w = cues.WARRANTY.search(found.clause.text)
            if w:
                unit = "month" if (w.group("u") or w.group("u2") or "year").lower() == "month" else "year"
                add["warranty_until"] = _add(bought, _num(w.group("n") or w.group("n2") or "1"), unit).isoformat()
    add = {k: v for k, v in add.items() if v is not None and k not in last.slots}
    if not add:
        return False
    last.slots.update(add)
    if last.slots.get("carrier") and not last.slots.get("transport"):
        last.slots["transport"] = "flight"
    return True


_BALANCE = re.compile(r"\bbalance\s+(?:is|'s|’s|of|was|sits|stands|now)?\s*(?:sitting|standing|currently|now|at|around|about|\s)*"
                      r"[$£€]?\s?(?P<n>\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d{2,7}(?:\.\d{2})?)\b(?!\s*(?:%|percent|points|miles|days))", re.I)
_DATE_SLOTS = ("start", "due", "expires", "renewal", "date", "issued", "end", "stop")


def _bare_correction(found: Found, ctx: Context) -> list[Draft]:
    """"Actually, make that the 12th": a correction naming only a date changes the latest dated fact."""
    last = ctx.last_dated
    dates = found.of("date")
    if last is None or len(dates) != 1 or not cues.CORRECTION.search(found.clause.text):
        return []
    slot = next(s for s in _DATE_SLOTS if s in last.slots)
    if "end" in last.slots and cues.RETURN_ANY.search(found.clause.text):
        slot = "end"  # "moved our return to the 13th"
    new = dates[0].value
    value = new.start
    if new.day_only:
        old = dt.date.fromisoformat(str(last.slots[slot]))
        try:
            value = old.replace(day=new.start.day)
        except ValueError:
            return []
    keep = {k: v for k, v in last.slots.items() if k in ("destination", "country", "title", "kind", "name", "service", "about")}
    return [Draft(last.frame, last.key, {**keep, slot: value.isoformat()}, (found.clause.start, found.clause.end),
                  last.subject, correction=True, hint=last.hint, day_only={slot: value.day} if new.day_only else {})]


def _with_previous(found: Found, ctx: Context, previous: str) -> list[Draft]:
    """A short answer ("On the 5th.", "Tokyo!") to an assistant question borrows the question's cues."""
    if len(found.clause.text.split()) > 8:
        return []
    cue_text = previous.rstrip("?").strip()
    answer = _answer_slot(found, ctx, cue_text)
    if answer:
        return answer
    if not re.search(r"\b(?:flight|trip|fly|travel|appointment|meeting|passport|visa|expire|due|deadline)\b", cue_text, re.I):
        return []
    from engine.extract.segment import Clause

    merged = f"{found.clause.text} ({cue_text})"
    clause = Clause(merged, 0, len(merged), 0)
    f2 = detect(merged, clause, ctx.today)
    f2.by_kind = {k: [m for m in v if m.end <= len(found.clause.text)] for k, v in f2.by_kind.items()}
    drafts = decide(f2, ctx)
    for d in drafts:
        d.span = (found.clause.start, found.clause.end)
        d.confidence = 0.7
    return drafts


_ASKED_SLOT = (
    (re.compile(r"\b(?:come|coming|get|getting|fly|flying|head|heading)\s+(?:back|home)|\breturn", re.I), "end"),
    (re.compile(r"\b(?:leave|leaving|depart|departing|fly\s+out|go|going|start)\b", re.I), "start"),
    (re.compile(r"\bexpir", re.I), "expires"),
    (re.compile(r"\bdue\b|\bdeadline\b", re.I), "due"),
)


def _answer_slot(found: Found, ctx: Context, question: str) -> list[Draft]:
    """"When do you come back?" — "On the 27th.": the date fills the asked slot of the latest dated fact."""
    last, dates = ctx.last_dated, found.of("date")
    if last is None or len(dates) != 1 or not re.match(r"\s*when\b", question, re.I):
        return []
    slot = next((s for pat, s in _ASKED_SLOT if pat.search(question)), None)
    if slot is None or slot not in frame_of(last.frame).slot_names:
        return []
    value = dates[0].value.start
    anchor = last.slots.get("start")
    if dates[0].value.day_only and slot == "end" and anchor:
        value = same_month_after(dt.date.fromisoformat(str(anchor)), value.day) or value
    keep = {k: v for k, v in last.slots.items() if k in ("destination", "country", "title", "kind", "name", "service", "about")}
    return [Draft(last.frame, last.key, {**keep, slot: value.isoformat()}, (found.clause.start, found.clause.end),
                  last.subject, confidence=0.8)]


# Where someone lives or worked is not a journey: "lived in Berlin 2015-2019".
_RESIDENCE = re.compile(r"\b(?:live[sd]?|living|moved|grew\s+up|born|worked|working|studied|stationed|based|home)\b", re.I)


def _open_frame(found: Found, ctx: Context) -> list[Draft]:
    """A place and a date with no trigger word. A place with a date range is a trip ("Madrid, 2 to 9
    October") — clear enough to decide without the model; otherwise the model may name the frame,
    and without it the clause stays a note."""
    places, dates = found.of("place"), found.of("date")
    if places and not dates and not found.clause.question:
        found = _whole_sentence(found, ctx.today)  # "Porto with my sister, 12 to 15 June"
        places, dates = found.of("place"), found.of("date")
    if found.clause.question or not (places and dates):
        return []
    ranged = any(d.value.end is not None for d in dates) or len(dates) >= 2
    settled = ranged and not _RESIDENCE.search(found.clause.text)  # "Croatia with the kids 2-16 August"
    res = {"frame": "Trip"} if settled else ctx.ask(
        found.clause.text, "Which kind of fact does the sentence state?", {"frame": ("Trip", "Event", "Note")}, {"frame": "Note"})
    if res.get("frame") not in ("Trip", "Event"):
        return []
    hint = "trip" if res["frame"] == "Trip" else "event"
    from engine.extract.segment import Clause

    cue = " trip" if hint == "trip" else " event"
    merged = found.clause.text + cue
    f2 = detect(merged, Clause(merged, 0, len(merged), 0), ctx.today)
    drafts = [d for d in decide(f2, ctx) if d.frame == res["frame"]]
    asked = not settled and getattr(ctx.ask, "backend", None) is not None
    for d in drafts:
        d.span = (found.clause.start, found.clause.end)
        d.extractor, d.confidence = ("model", 0.7) if asked else ("detector", 0.6)
    return drafts


def _whole_sentence(found: Found, today: dt.date) -> Found:
    """The clause widened to the rest of its sentence, for a place whose dates follow after a comma."""
    from engine.extract.segment import Clause

    end = next((e for s, e in sentences(found.text) if s <= found.clause.start < e), found.clause.end)
    rest = found.text[found.clause.start : end].rstrip(" .!")
    return detect(found.text, Clause(rest, found.clause.start, found.clause.start + len(rest), found.clause.sentence_start,
                                     found.clause.question), today)


def is_note(text: str, question: bool) -> bool:
    """Worth keeping for recall: a statement with some content, not small talk or a request."""
    words = re.findall(r"[A-Za-z']+", text)
    if question or len(words) < 4:
        return False
    if cues.SMALL_TALK.match(text) and len(words) < 8:
        return False
    return not cues.REQUEST.match(text)


def _note_key(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()[:80]


def _previous_assistant(msg: MessageRow, context: Sequence[MessageRow]) -> str:
    before = [m for m in context if m.seq < msg.seq]
    if before and before[-1].speaker == "assistant" and before[-1].text.rstrip().endswith("?"):
        body = before[-1].text.strip()
        last = sentences(body)[-1]
        return body[last[0] : last[1]]
    return ""


def _last_dated(facts: Sequence[Fact], session_id: str) -> Draft | None:
    """The latest fact of this session that carries a date: what a bare "make that the 12th" corrects."""
    for f in reversed(facts):
        if f.session_id == session_id and f.frame != "Note" and any(s in f.slots for s in _DATE_SLOTS):
            return Draft(f.frame, f.entity_key, dict(f.slots), f.span, f.subject)
    return None


def _known_people(facts: Sequence[Fact]) -> dict[str, str]:
    known: dict[str, str] = {}
    for f in facts:
        if f.frame == "Person" and f.slots.get("relation") and f.slots.get("name"):
            known[str(f.slots["relation"])] = str(f.slots["name"])
    return known


def _to_fact(d: Draft, msg: MessageRow, session_date: dt.date, sup: tuple[int, ...]) -> NewFact:
    fr = frame_of(d.frame)
    slots = {k: v for k, v in d.slots.items() if v is not None and (k in fr.slot_names or k == "status")}
    if "status" in slots and slots["status"] not in fr.statuses:
        slots.pop("status")
    start, end = d.span
    return NewFact(
        session_id=msg.session_id,
        message_id=msg.id,
        session_date=session_date,
        domain=fr.domain,
        frame=d.frame,
        entity_key=d.key,
        slots=slots,
        span=(start, end),
        evidence=msg.text[start:end],
        subject=d.subject,
        op=d.op,
        confidence=d.confidence,
        extractor=d.extractor,
        supersedes=sup,
    )
