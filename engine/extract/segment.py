"""Split a message into clauses with exact character offsets, so every fact can cite its span.

Sentences end at ``. ! ?`` or a line break (not after titles like "Dr." or month abbreviations);
a sentence is further cut before a conjunction that opens a new statement ("..., and my wife ...",
"; ", "but I ..."), so each clause usually carries one fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ABBREV = {
    "dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "vs", "etc", "e.g", "i.e", "approx",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "mt", "ft",
    "exp", "appt", "apt", "est", "dept", "hr", "hrs", "wk", "wks", "tel", "ref",
}
_SENT_END = re.compile(r"[.!?]+(?=[\s\"')\]]|$)|\n+")
_CLAUSE_CUT = re.compile(
    r"\s*(?:;|,?\s+but\s+|,\s*(?:and|so|also|plus)\s+|"
    # a list of things done: "cancelled Hulu, paid the last 600 to Santander, closed the account"
    r",\s+(?=(?:paid|sent|bought|booked|cancell?ed|closed|opened|renewed|transferred|ordered|returned|moved)\s+(?:the|my|our|a|an|\d|[$€£]|\w+\s+(?:the|my|our))\b)|\s+and\s+(?=(?:I|I'm|I've|I'll|I'd|my|My|we|we're|we've|"
    r"she|he|she's|he's|they|they're|our)\b)|\s+(?:also|plus)\s+(?=(?:I|my|we)\b))"
)


@dataclass(frozen=True)
class Clause:
    text: str
    start: int
    end: int
    sentence_start: int
    question: bool = False


def sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans (start, end) with surrounding whitespace trimmed."""
    spans: list[tuple[int, int]] = []
    begin = 0
    for m in _SENT_END.finditer(text):
        if m.group().startswith("."):
            word = re.search(r"([A-Za-z.]+)$", text[begin : m.start()])
            if word and word.group(1).lower().rstrip(".") in _ABBREV:
                continue
            # "passport no. is X123", "no. 5": an abbreviated "number" before a value, not a sentence end
            if word and word.group(1).lower() == "no" and re.match(r"\.\s*(?:is\b|:|#|\d|[A-Z]{0,3}\d)", text[m.start() :]):
                continue
            if re.match(r"\.\d", text[m.start() : m.start() + 2]):
                continue
        end = m.end() if not m.group().startswith("\n") else m.start()
        spans.append((begin, end))
        begin = m.end()
    spans.append((begin, len(text)))
    out: list[tuple[int, int]] = []
    for s, e in spans:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            out.append((s, e))
    return out


def sentences_around(text: str, start: int, end: int) -> str:
    """The sentences holding ``start`` to ``end`` and the one before them: where something was said,
    with the sentence that may say whose or when ("Lily had her gala on Saturday. 50m in 48 seconds.")."""
    spans = sentences(text)
    if not spans:
        return text
    first = next((i for i, (a, b) in enumerate(spans) if a <= start <= b), 0)
    last = next((i for i, (a, b) in enumerate(spans) if a <= end <= b), len(spans) - 1)
    return text[spans[max(0, first - 1)][0]:spans[max(first, last)][1]]


_AUX = (r"(?:is|are|am|was|were|do|does|did|can|could|should|would|will|shall|may|might|must|have|has|had"
        r"|isn't|aren't|wasn't|don't|doesn't|didn't|can't|couldn't|shouldn't|won't|wouldn't|haven't|hasn't)")
_INTERROGATIVE = re.compile(rf"^\W*(?:who|what|when|where|which|why|how|whose|whom|{_AUX})\b", re.I)
# "My passport expires in May, is that a problem?" / "..., right?": a statement with a question tag.
# Interjections ("…, seriously?", "…, can you believe it?") ask nothing either.
_TAG = re.compile(rf"(?:,|\s-+)\s*(?:{_AUX}\b|right\b|ok(?:ay)?\b|correct\b|no\b|yes\b|seriously\b|really\b|honestly\b|huh\b|"
                  r"eh\b|lol\b|ugh\b|wtf\b|can\s+you\s+believe\b|who\s+knew\b|go\s+figure\b|that(?:'|’)?s\b|that\s+(?:is|should|ok|okay|fine)\b|"
                  r"which\s+(?:\w+ly\s+)?(?:is|should)\b)[^,]*\?+\s*$", re.I)
# "I got £8.40 which Mum says is good?": a relative clause asking what someone said of the statement;
# not after "if"/"whether" ("Any idea if the bus which goes to town is still running?" asks all of it)
_WHICH_TAG = re.compile(r"\s(?:which|and\s+that)\s+(?:[\w'’]+\s+){1,3}?(?:says?|said|reckons?|reckoned|thinks?|told\s+(?:me|us))\s"
                        r"[^,]*\?+\s*$", re.I)
_EMBEDDED_QUESTION = re.compile(r"\b(?:if|whether)\b", re.I)


# "Why did The Times take another £11.99 from my card??" presupposes the charge; "why did my flight
# get cancelled?" presupposes the cancellation: a why-question about what happened states it.
_PRESUPPOSING = re.compile(r"^\W*(?:but\s+|so\s+)?why\s+(?:did|has|have|had|was|were)\b", re.I)
# "Parents evening on Thursday at 2:30 too??": doubled or exclaimed marks on a statement are surprise.
_EXCLAIMED = re.compile(r"(?:\?\?|\?!|!\?)\W*$")


def opens_as_question(sent: str) -> bool:
    """The sentence begins like a question ("how many trips did I take"), mark or not."""
    return _INTERROGATIVE.match(sent) is not None


def question_start(sent: str) -> int | None:
    """Where the question in a sentence begins: 0 for a real question, the tag's offset for a
    statement followed by a question tag, None when the sentence asks nothing."""
    if not sent.rstrip().endswith("?"):
        return None
    if _PRESUPPOSING.match(sent):
        return None
    if _INTERROGATIVE.match(sent):
        return 0
    if _EXCLAIMED.search(sent):
        return None
    tag = _TAG.search(sent)
    if tag is None:
        tag = _WHICH_TAG.search(sent)
        tag = tag if tag is not None and not _EMBEDDED_QUESTION.search(sent[:tag.start()]) else None
    return tag.start() if tag else 0


def clauses(text: str) -> list[Clause]:
    """Clauses of every sentence, each remembering whether it belongs to a question: a statement
    followed by a question tag keeps its statement ("I fly on May 3, is that ok?")."""
    out: list[Clause] = []
    for s, e in sentences(text):
        sent = text[s:e]
        asked_from = question_start(sent)
        pieces: list[tuple[int, int]] = []
        begin = 0
        for m in _CLAUSE_CUT.finditer(sent):
            if m.start() > begin:
                pieces.append((begin, m.start()))
            begin = m.end()
        pieces.append((begin, len(sent)))
        for a, b in pieces:
            piece = sent[a:b].strip(" ,")
            if not piece:
                continue
            off = s + a + sent[a:b].index(piece)
            question = asked_from is not None and (asked_from == 0 or a + len(piece) > asked_from + 1 and a >= asked_from)
            out.append(Clause(piece, off, off + len(piece), s, question))
    return out
