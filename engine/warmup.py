"""Warm the readers once, off the GUI thread, before the first message needs them.

The detectors build their tables and compile their patterns on first use (dates, money, places,
drugs), which made the first message of a run several times slower than the rest. Reading one
made-up sentence at start-up pays that once, while the window is still loading; nothing is logged.
"""

from __future__ import annotations

import datetime as dt

SAMPLE = ("My passport expires on 5 March 2031. I fly to Lisbon next Friday at 10:30 and paid 120 EUR; "
          "I take 20 mg atorvastatin daily and I'm allergic to penicillin. Warn me if I spend over $50 on taxis.")


def warm_up(today: dt.date | None = None) -> None:
    """Run every reader over :data:`SAMPLE` (detectors only) and load the planner and the rules."""
    import engine.ask  # noqa: F401  (the question planner's tables)
    import engine.rules.runner  # noqa: F401
    from engine.extract.builders.base import Context
    from engine.extract.choice import Chooser
    from engine.extract.pipeline import extract_text
    from engine.extract.reader.candidates import find_candidates
    from engine.rules.user_rules import detect_rules

    day = today or dt.date.today()
    find_candidates(SAMPLE, day)
    extract_text(SAMPLE, day, Context("me", {}, Chooser(None), day, set(), prior={}))
    detect_rules(SAMPLE, day)
    from engine.ask.inflect import word_forms

    word_forms("fell")  # the lexicon recall reads words' forms from
