"""Yes/no questions about something a rule watches, answered from the rule's own verdict.

"Does my passport cover the Tokyo trip?" must not be answered by counting trips: a rule already
checks passport validity against trips, and if it raises an alert the answer is that alert. A
question opening like a yes/no question whose content words (two at least, or every one it has)
appear in an active alert's title and message gets that alert as its answer, with the facts the
alert rests on as sources. Without such an alert this module says nothing and the question is
planned as usual, so it never claims "all is well" on a rule that does not exist.
"""

from __future__ import annotations

import re

from engine.ask import Answer
from engine.ask.cues import STOP
from engine.ask.text import stems
from engine.rules.alert import Alert

_YES_NO = re.compile(r"^\s*(?:do|does|did|is|are|was|were|will|would|can|could|should|shall|am|has|have|"
                     r"had|may|might|must)\b", re.IGNORECASE)
_FILLER = STOP | {"i", "my", "me", "we", "our", "you", "your", "be", "ok", "okay", "still", "enough", "cover",
                  "covers", "problem", "issue", "fine", "good", "valid", "need", "should", "will", "can", "there",
                  "take", "use", "get", "go", "eat", "drink", "buy", "book", "safe", "right", "allowed"}


def content(text: str) -> set[str]:
    return {s for s in stems(text) if s not in _FILLER and len(s) > 2 and not s.isdigit()}


def rule_verdict(question: str, alerts: list[Alert]) -> Answer | None:
    """The alert that answers a yes/no question, as an :class:`Answer`; None when none fits."""
    if not _YES_NO.match(question) or not alerts:
        return None
    wanted = content(question)
    if not wanted:
        return None
    best: tuple[int, Alert] | None = None
    for alert in alerts:
        shared = len(wanted & content(f"{alert.title} {alert.message}"))
        enough = shared >= 2 or (shared >= 1 and shared == len(wanted))
        if enough and (best is None or shared > best[0]):
            best = (shared, alert)
    if best is None:
        return None
    alert = best[1]
    text = f"There is a problem: {alert.title}. {alert.message}"
    return Answer(alert.title, "string", f"the rule {alert.rule} raises this alert", list(alert.evidence),
                  {"verdict": alert.rule}, text)
