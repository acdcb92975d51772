"""Decide which frames a clause evokes and fill their slots from the detected candidates.

Deterministic wherever the text is clear (trigger words + candidate types). What stays open —
which of two frames a clause means, which of two same-typed dates is which — goes to ``ask``,
which returns a default when there is no model. Each anchoring candidate (the place of a trip, the
drug of a medication, the service of a subscription …) anchors at most one fact.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.extract import cues
from engine.extract.builders.base import Context, Draft
from engine.extract.builders.calendar import deadline, event
from engine.extract.builders.finance import account, purchase, subscription, transfer
from engine.extract.builders.health import allergy, condition, medication
from engine.extract.builders.people import person, preference
from engine.extract.builders.travel import travel_document, trip
from engine.extract.detect import Found

BUILDERS: tuple[Callable[[Found, Context, set[tuple[int, int]]], list[Draft]], ...] = (
    allergy, travel_document, medication, condition, subscription, account, transfer, trip, event, deadline, purchase,
    preference,
)


def decide(f: Found, ctx: Context) -> list[Draft]:
    """All frames the clause evokes, in builder priority order; each anchor used once."""
    used: set[tuple[int, int]] = set()
    drafts: list[Draft] = []
    if f.clause.question and not cues.cancelled(f.clause.text):
        return person(f, ctx, used)
    competing = _competing(f)
    for build in BUILDERS:
        if build.__name__ in competing.skip:
            continue
        drafts += build(f, ctx, used)
    drafts = _settle_trip_vs_event(f, ctx, drafts)
    drafts += person(f, ctx, used)
    return drafts


@dataclass
class _Competition:
    skip: set[str] = field(default_factory=set)


def _competing(f: Found) -> _Competition:
    """Frames whose anchors would be stolen by an earlier builder for the wrong reason."""
    comp = _Competition()
    low = f.clause.text
    if cues.TRIP.search(low) and f.of("place") and not re.search(r"\b(?:due|deadline)\b", low, re.I):
        comp.skip.add("deadline")
    return comp


def _settle_trip_vs_event(f: Found, ctx: Context, drafts: list[Draft]) -> list[Draft]:
    """A clause that reads both as a trip and as an event ("flying to Berlin for a conference on
    the 3rd") states one fact: ask the model which; default is the trip."""
    trips = [d for d in drafts if d.frame == "Trip"]
    events = [d for d in drafts if d.frame == "Event"]
    if not trips or not events:
        return drafts
    ev = events[0]
    placeless = not trips[0].slots.get("destination") and not trips[0].slots.get("country")
    if placeless and ev.slots.get("title"):  # "book club got cancelled": a titled event, not some trip
        return [d for d in drafts if d is not trips[0]]
    if ev.slots.get("kind") in ("appointment",) and not cues.TRIP_STRONG.search(f.clause.text):
        return [d for d in drafts if d is not trips[0]]
    res = ctx.ask(f.clause.text, "Which kind of fact does the sentence state?", {"frame": ("Trip", "Event")}, {"frame": "Trip"})
    drop = trips[0] if res.get("frame") == "Event" else ev
    kept = [d for d in drafts if d is not drop]
    if res.get("frame") == "Event":
        ev.extractor = "model"
    return kept
