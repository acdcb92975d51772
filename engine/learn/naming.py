"""Collections and their amounts are named in the user's own words.

The small model tends to copy a collection name from its worked examples ("runs" for a session on
a rowing machine, when the message never says run). A new collection whose name shares no word
with its message is asked for once more, with the message's own content words as the only choices
the grammar allows; a name that does share a word, or a collection that already exists, is left as
the model gave it. An amount of money is named the same way ("fees" for the £8.40 of "Tips get split
at the end and I got £8.40" becomes "tips"): questions and later messages say the user's word, so a
field under another name is a second field the next tips go to, and a question finds neither.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import cache

from engine.extract.segment import sentences_around
from engine.learn.collection import clean_name
from engine.learn.whose import first_names, kin
from engine.llm.backend import Backend, SchemaRequest

MAX_CHOICES = 40

INSTRUCTIONS = """A user told their assistant about something they track over time, and a name was guessed for that kind of record. Keep the guess when it names what the message is about; otherwise choose the message's own word for it: the activity, the thing measured or the thing done. Answer with one of the choices as JSON: {"name": "..."}.
Examples:
Message: Cycled to the office again, 14 km in 41 minutes, headwind the whole way.
Choices: hikes, cycled, office, again, headwind, whole
{"name": "cycled"}
Message: Did 30 lengths at lunch, 25 minutes or so. Shoulders are sore.
Choices: swims, lengths, lunch, minutes, shoulders, sore
{"name": "swims"}
Message: Measured the sunflower this morning, 142 cm now! Taller than me soon.
Choices: weigh_ins, measured, sunflower, taller, soon
{"name": "sunflower"}
"""

# words of grammar, not of content: never a name for a kind of record
_FUNCTION_WORDS = frozenset({
    "a", "an", "the", "this", "that", "these", "those", "my", "your", "his", "her", "its", "our", "their",
    "me", "him", "them", "us", "you", "i", "we", "he", "she", "it", "they", "and", "or", "but", "so", "then",
    "than", "if", "when", "while", "because", "as", "at", "by", "for", "from", "in", "into", "of", "off", "on",
    "onto", "out", "over", "to", "up", "with", "without", "about", "after", "before", "under", "again", "also",
    "just", "only", "very", "really", "quite", "still", "even", "ever", "never", "is", "am", "are", "was",
    "were", "be", "been", "being", "have", "has", "had", "do", "does", "did", "will", "would", "can", "could",
    "shall", "should", "may", "might", "must", "not", "no", "yes", "some", "any", "all", "each", "every", "both",
    "more", "most", "less", "few", "much", "many", "lot", "lots", "other", "another", "such", "what", "which",
    "who", "whom", "whose", "where", "why", "how", "here", "there", "now", "today", "yesterday", "tomorrow",
    "tonight", "morning", "evening", "week", "weekend", "month", "year", "day", "days", "time", "times", "last",
    "next", "first", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "half",
    "quarter", "around", "roughly", "maybe", "think", "thought", "felt", "feel", "honestly", "anyway",
    "actually", "went", "took", "gave", "made", "managed", "finally", "long", "short", "quick", "good", "great",
    "nice", "well", "properly", "pretty", "bit", "little", "like", "watch", "said", "says", "told",
    "sort", "kind", "loads", "thing", "things", "stuff", "way", "couple", "pair", "bunch",
})
_WORD = re.compile(r"[A-Za-z][a-z]{3,}\b(?!['’]t\b)")  # not "didn" of "didn't"


def stem(word: str) -> str:
    """A word without its common endings (plural, -ed, -ing): "rowing", "rowed" and "rows" are "row"."""
    return re.sub(r"(?:ings?|ed|es|s)$", "", word.lower())


def copied(name: str, text: str) -> bool:
    """Whether no word of ``name`` is said in the message (in any inflection), or ``name`` is a worked
    example's own collection and not every word of it is said ("money_lent" for tips: only "money" is)."""
    said = {stem(w) for w in re.findall(r"[a-z]+", text.lower())}
    parts = [p for p in name.split("_") if len(p) >= 3]

    def is_said(p: str) -> bool:  # "bottle" of "bottles"; not "press" of "pressure"
        return stem(p) in said or any((s.startswith(stem(p)) or stem(p).startswith(s)) and min(len(s), len(stem(p))) >= 4
                                      and abs(len(s) - len(stem(p))) <= 2 for s in said)
    if parts and not any(is_said(p) for p in parts):
        return True
    if len(parts) >= 2 and all(_only_as_a_name(p, text) for p in parts):
        return True  # "cold_harbour" of "Cold Harbour last night for six quid": a film's title, not a kind of record
    return name in example_names() and not all(is_said(p) for p in parts if len(p) >= 4)


def _only_as_a_name(part: str, text: str) -> bool:
    """Whether ``part`` is said in the message only with a capital inside a sentence (a title or a name)."""
    said = [m for m in re.finditer(rf"\b{re.escape(part)}\w*", text, re.I)]
    return bool(said) and all(m.group(0)[0].isupper() and m.start() > 0 and text[:m.start()].rstrip()[-1:] not in ".!?"
                              for m in said)


@cache
def example_names() -> frozenset[str]:
    """The collections the worked examples of the reading prompt name: the names a small model copies."""
    from engine.learn.propose import EXAMPLES_PATH

    out = set()
    for line in EXAMPLES_PATH.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out |= {r["collection"] for r in json.loads(line)["records"]}
            out |= {e.split(":")[0] for e in json.loads(line)["existing"]}
    return frozenset(out)


# what an amount is for is often a short word ("bus", "tax", "gas", "won"); these short ones say nothing
_SHORT_FUNCTION_WORDS = frozenset({"got", "get", "let", "say", "saw", "see", "put", "set", "new", "old", "big", "top", "end",
                                   "too", "yet", "own", "via", "per", "lol", "idk", "omg"})
_SHORT_WORD = re.compile(r"[A-Za-z][a-z]{2,}\b(?!['’]t\b)")


def choices(text: str, *, short: bool = False) -> list[str]:
    """The message's content words, in order, each once (``short``: three-letter words too)."""
    out: dict[str, None] = {}
    names = first_names()
    for m in (_SHORT_WORD if short else _WORD).finditer(text):
        word = m.group(0).lower()
        if word not in _FUNCTION_WORDS | _SHORT_FUNCTION_WORDS and not (short and kin(word)) and not (m.group(0)[0].isupper() and m.start() > 0 and text[m.start() - 2] not in ".!?") \
                and not (m.group(0)[0].isupper() and word in names):
            out.setdefault(word, None)  # "Isla's come down with something": a person, not a kind of record
    return list(out)[:MAX_CHOICES]


def request(text: str, options: list[str], *, prefix: str = INSTRUCTIONS, lead: str = "") -> SchemaRequest:
    question = f"{lead}Message: {text.strip()}\nChoices: {', '.join(options)}\n"
    schema = {"type": "object", "properties": {"name": {"enum": options}}, "required": ["name"]}
    return SchemaRequest(prefix=prefix, question=question, schema=schema, max_tokens=20)


def own_name(name: str, text: str, backend: Backend, around: tuple[int, int] | None = None) -> str:
    """``name``, or the message's own word for the kind when ``name`` was copied from elsewhere.
    ``around``: where the record was said; a name taken from another part of the message (the boiler
    playing up, beside a baby's bottles) is not offered again, and the choices are the words there.
    Raises ModelError when the model fails."""
    said = text if around is None else sentences_around(text, *around)
    if not copied(name, said) or around is not None and not copied(name, text[:around[1]]):
        return name  # said where the record was, or before it ("Great run with the club! … Did 5.2 km")
    elsewhere = said != text and not copied(name, text)  # said only after it: another matter of the message
    options = ([] if elsewhere else [name]) + [w for w in choices(said) if w != name]  # a guess from nowhere stays first
    if elsewhere and len(options) == 1:
        return clean_name(options[0]) or name  # the one word said there
    if len(options) < 2:
        return name
    raw = backend.propose(request(said, options))
    chosen = raw.get("name") if isinstance(raw, dict) else None
    if chosen not in options:
        return name
    return clean_name(chosen) or name


AMOUNT_INSTRUCTIONS = """A user told their assistant about something they track over time, and a name was guessed for one amount of money in the message. Choose the word the message itself uses for what the amount is: what was earned, won, paid for or spent on. Keep the guess only when the message names nothing for it. Answer with one of the choices as JSON: {"name": "..."}.
Examples:
Amount: £15
Message: Sold three of Grandad's records at the fair. Takings were £15 in the end, not bad.
Choices: fees, sold, three, records, fair, takings
{"name": "takings"}
Amount: £4.60
Message: Took Dad for his scan. Parking was £4.60 this time, it keeps going up.
Choices: cost, scan, parking, keeps, going
{"name": "parking"}
Amount: £30
Message: Did the Hendersons' babysitting again, £30 for the evening.
Choices: tips, babysitting, evening
{"name": "babysitting"}
Amount: £12
Message: Booked the spin class again, £12 a session.
Choices: price, booked, spin, class, session
{"name": "price"}
"""


def own_amount_name(name: str, surface: str, at: tuple[int, int], text: str, fields: Sequence[str],
                    backend: Backend, beside: Sequence[str] = ()) -> str:
    """``name`` for the amount said as ``surface`` at ``at``, or the message's own word for it when
    ``name`` is said neither where the amount was nor is a field its collection already has.
    ``fields``: the collection's amounts' names so far, offered as choices. ``beside``: the names of
    the record's other amounts; a new guess whose words one of them holds ("price" beside
    "ticket_price") names nothing of its own and is not offered. Raises ModelError when the model fails."""
    said = sentences_around(text, *at)
    vague = any(other != name and set(name.split("_")) <= set(other.split("_")) for other in beside)
    if name in fields or not copied(name, said):
        return name  # said there, or an amount the collection already keeps under this name
    guess = [] if vague else [name]
    options = [*guess, *[f for f in fields if f != name and f not in beside],
               *[w for w in choices(said, short=True) if w != name and w not in fields]]
    if len(options) < 2:
        return name
    raw = backend.propose(request(said, options[:MAX_CHOICES], prefix=AMOUNT_INSTRUCTIONS, lead=f"Amount: {surface}\n"))
    chosen = raw.get("name") if isinstance(raw, dict) else None
    if chosen not in options:
        return name
    return clean_name(chosen) or name
