"""People the user mentions, with their relation and age ("my daughter Emma, 7"), and who a clause is about.

The subject of a clause decides whose record a fact joins: "my wife Jun is allergic to shellfish"
is Jun's allergy, not the user's. A relation without a name ("my wife is allergic") uses the
relation as subject, unless an earlier Person fact names that relation.

People introduce others in many shapes — "my daughter Emma, 7", "Emma (my kid)", "Lily, my niece,
is 16", "my husband is called Marco", "my boss's name is Priya", "grandpa Joe", "my kids Mia (5)
and Leo (8)", lowercase names ("my son jack is 9") — so each shape is one pattern below, and the
relation words come from ``resources/extract/relations.tsv``.
"""

from __future__ import annotations

import re
from functools import cache

from engine.extract.mentions import Mention
from engine.extract.places import adjectives
from engine.extract.tables import aliases, rows


def _key(word: str) -> str:
    """A relation word as looked up: lower case, runs of spaces/hyphens as one hyphen ("sister in law")."""
    return re.sub(r"[\s-]+", "-", word.strip().lower())


@cache
def _relation_table() -> tuple[dict[str, str], dict[str, str], frozenset[str], frozenset[str]]:
    """(word -> relation, plural word -> relation, relations that can be a clause's subject, title words)."""
    singular: dict[str, str] = {}
    plural: dict[str, str] = {}
    family: set[str] = set()
    titles: set[str] = set()
    for row in rows("relations.tsv"):
        relation, kind = row[0], row[1]
        for word in aliases(row, 2):
            singular[_key(word)] = relation
            if len(row) > 4 and row[4] == "yes":
                titles.add(_key(word))
        for word in aliases(row, 3):
            plural[_key(word)] = relation
        if kind == "family":
            family.add(relation)
    return singular, plural, frozenset(family), frozenset(titles)


def _alternation(words: set[str] | frozenset[str]) -> str:
    """Longest first; a hyphen in a table word matches a hyphen or spaces ("mother in law")."""
    parts = sorted(words, key=len, reverse=True)
    return "|".join(r"[\s-]+".join(re.escape(p) for p in w.split("-")) for w in parts)


RELATIONS, PLURALS, _FAMILY, _TITLES = _relation_table()
_REL = _alternation(set(RELATIONS))
_PLURAL = _alternation(set(PLURALS))
_TITLE_RELS = _alternation(_TITLES)
# words between "my" and the relation that do not change who it is ("my little sister", "our new nanny")
_MODS = (r"(?:(?:little|older|younger|big|baby|eldest|oldest|youngest|middle|new|old|dear|late|lovely|darling|"
         r"sweet|beloved|elderly|future|former|current|only|grown|adult|teenage|teen|favou?rite|awesome|amazing|"
         r"wonderful|first|second|third|twin|step|long-?time|childhood|oldest)\s+){0,2}")
_AGE_BEFORE = r"(?:(?P<agep>\d{1,2})[- ]?(?:years?|yrs?|yr)[- ]old\s+|(?P<agep2>\d{1,2})\s?(?:yo|y/o|y\.o\.)\s+)"
_ONE_NAME = r"(?:[A-Z]['’])?[A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?"
_NAME = rf"(?P<name>{_ONE_NAME}(?:\s+{_ONE_NAME})?)(?![\w])"
# a number right after a name is an age unless it reads as a date, a time or a quantity
_NOT_AGE = (r"(?!\s*(?:-|–|to\b|st\b|nd\b|rd\b|th\b|am\b|pm\b|:|/|%|\.\d|mg\b|km\b|kg\b|lbs?\b|miles?\b|mins?\b|minutes?\b|"
            r"hours?\b|hrs?\b|days?\b|weeks?\b|months?\b|nights?\b|times?\b|people\b|tickets?\b|of\b|jan|feb|mar|apr|may\b|jun|"
            r"jul|aug|sep|oct|nov|dec|\d))")
_YEARS = r"(?:\s*(?:years?|yrs?)(?:\s+old)?|\s*(?:yo|y/o)\b)?"
_AGE_AFTER = (
    r"(?:\s*,\s*(?P<age>\d{1,2})" + _NOT_AGE + _YEARS + r"(?=\s*(?:[,;.!)]|$|and\b|[a-z]))"
    r"|\s*\((?:age\s+|aged\s+)?(?P<age2>\d{1,2})(?:\s*(?:years?|yrs?|yo|y/o))?\)"
    r"|,?\s+(?:who\s+is|who's|who’s|is|'s|’s|,\s*age|aged|age|is\s+now|is\s+only|just\s+turned|turned|has\s+just\s+turned)\s+"
    r"(?P<age3>\d{1,2})" + _NOT_AGE + _YEARS + r"(?P<soon>\s+(?:next|in\s+(?:a|two|three|\d)|on\s+the|this\s+coming)\b)?)?"
)

_MY = r"(?:[Mm]y|[Oo]ur)\s+"
_MY_REL_NAME = re.compile(
    rf"\b{_MY}{_MODS}(?:{_AGE_BEFORE})?{_MODS}(?P<rel>(?i:{_REL}))(?:\s*,|\s*:|\s+is|\s+was|\s+-)?\s+{_NAME}" + _AGE_AFTER,
)
# "my husband is called Marco", "my boss's name is Priya", "a new babysitter, her name is Chloe"
_NAMED = re.compile(
    rf"\b(?:[Mm]y|[Oo]ur|[Aa]|[Tt]he)\s+{_MODS}(?P<rel>(?i:{_REL}))(?:['’]s\s+name(?:\s+is|['’]s|\s+was)|(?:\s+is|\s+was|['’]s)\s+(?:called|named)"
    rf"|,?\s+named|\s*,?\s*(?:and\s+)?(?:her|his|their)\s+name(?:\s+is|['’]s))\s+(?P<name>(?i:[a-z][a-zà-ÿ'’-]+)(?:\s+{_ONE_NAME})?)"
)
# "my son jack is 9": a lowercase name only where a clear cue follows it
_LOWER_NAME = re.compile(
    rf"\b(?i:my|our)\s+{_MODS}(?P<rel>(?i:{_REL}))\s+(?P<name>[a-z]{{2,12}})"
    r"(?=\s*(?:,|\(|\bis\b|\bwas\b|\bturns\b|\bturned\b|\bturning\b|\bwho\b|\bhas\b|\bjust\b|\bwill\b|\bgets\b|\bgot\b|['’]s\b|['’]ll\b))"
)
_NOT_LOWER_NAMES = {
    "who", "is", "was", "has", "had", "and", "just", "also", "really", "still", "now", "then", "too", "here", "there",
    "says", "said", "thinks", "today", "tomorrow", "always", "never", "finally", "already", "recently", "usually",
    "will", "gets", "got", "turns", "turned", "turning", "loves", "hates", "likes", "wants", "needs", "asked",
    "told", "went", "goes", "came", "comes", "lives", "works", "seems", "sometimes", "often", "apparently", "probably",
    "definitely", "actually", "basically", "literally", "honestly", "yesterday", "tonight", "again", "though", "the", "a", "an", "of", "in", "on", "at", "to", "for", "with", "from", "but", "or", "so", "if", "as", "that", "this",
    "she", "he", "they", "her", "his", "their", "it", "its", "me", "you", "we", "us", "them", "one", "two", "three",
    "who's", "that's", "isn't", "wasn't", "doesn't", "didn't", "won't", "can't", "does", "did", "do", "can", "could",
    "would", "should", "might", "may", "must", "shall", "being", "been", "be", "very", "much", "more", "less",
    "bday", "birthday", "name", "friend", "kids", "wife", "husband", "back", "home", "out", "up", "off", "over",
    "allergic", "sick", "pregnant", "ok", "okay", "fine", "well", "busy", "away", "coming", "going", "leaving",
    # things people say after a relation word ("my mom's appointment is ...", "my son school is ...")
    "appointment", "appt", "visit", "call", "meeting", "party", "wedding", "passport", "visa", "flight", "trip",
    "car", "house", "place", "phone", "number", "office", "bill", "checkup", "surgery", "medication", "meds",
    "prescription", "allergy", "school", "class", "job", "work", "team", "dog", "cat", "card", "account", "money",
    "payment", "rent", "gift", "present", "food", "dinner", "lunch", "family", "friends", "parents", "email",
    "address", "funeral", "graduation", "recital", "game", "match", "plane", "train", "room", "stuff", "things",
}
_TITLE_NAME = re.compile(rf"(?<![\w'’])(?P<rel>(?i:{_TITLE_RELS}))\s+{_NAME}")
# "Ravi (my brother-in-law)", "Lily, my niece,", "Priya is my boss", "Meet Tom, my new flatmate"
_NAME_MY_REL = re.compile(
    rf"\b{_NAME}\s*(?:[,(]|\s-)\s*(?:who['’]s\s+|who\s+is\s+|is\s+)?{_MY}{_MODS}(?P<rel>(?i:{_REL}))\b(?!['’]s)"
    r"(?:\)?\s*,?\s+(?:is|['’]s|just\s+turned|turned)\s+(?P<age>\d{1,2})" + _NOT_AGE + _YEARS + ")?"
)
# "Chen's turning 30 on the 2nd of April, my coworker btw": the relation said last
_TRAILING_REL = re.compile(
    rf"^\W*{_NAME}(?:['’]s|\s+(?:is|was|turns|turned|has|just))\b[^.!?]{{3,80}}?,\s*{_MY}{_MODS}(?P<rel>(?i:{_REL}))"
    r"\s*(?:btw|fyi|by\s+the\s+way|lol)?\W*$"
)
# "my wife's passport (Jun)": the name said in brackets after what is theirs
_POSSESSION_NAME = re.compile(rf"\b{_MY}{_MODS}(?P<rel>(?i:{_REL}))['’]s\s+(?:[\w-]+\s+){{1,3}}?\(\s*{_NAME}\s*\)")
_NAME_IS_MY_REL = re.compile(rf"\b{_NAME}\s+(?:is|was)\s+{_MY}{_MODS}(?P<rel>(?i:{_REL}))\b(?!['’]s|\s+(?:'s|of|at|in|for)\b)")
# "my kids Mia (5) and Leo (8)", "I have two daughters, Ana and Sofia", "our parents, Ana & José"
_LIST_ITEM = rf"(?P<n@>{_ONE_NAME})(?:\s*\((?:age\s+)?(?P<a@>\d{{1,2}})\)|\s*,\s*(?P<b@>\d{{1,2}})(?=\s*(?:,|and\b|&|$)))?"
_LIST = re.compile(
    rf"\b(?:(?i:my|our)\s+|(?i:I|we)\s+have\s+)(?:two|three|four|five|\d\s+)?\s*{_MODS}(?P<rel>(?i:{_PLURAL}))\s*(?:,|:|-|are)?\s*"
    + _LIST_ITEM.replace("@", "1") + r"(?:\s*,\s*" + _LIST_ITEM.replace("@", "2") + r")?(?:\s*,\s*" + _LIST_ITEM.replace("@", "3") + r")?"
    + r"\s*,?\s*(?:and|&)\s+" + _LIST_ITEM.replace("@", "4")
)
_MY_REL = re.compile(rf"\b(?:my|our)\s+{_MODS}(?:{_AGE_BEFORE})?{_MODS}(?P<rel>{_REL})\b(?!['’]s\s+name)", re.I)
_BARE_PARENT = re.compile(r"(?<![\w'])(?P<rel>Mom|Mum|Dad|Grandma|Grandpa|Granny|Nana|Papa|Mama|Gran|Nan)(?![\w])")
_DOCTOR = re.compile(r"\b(?:Dr\.?|Doctor)\s+(?P<name>[A-Z][a-z'’-]+)")
# "..., she's 4": an age said right after, about the only person of the clause
_PRONOUN_AGE = re.compile(
    r"(?:^|[,;]\s*|\s+and\s+|\s+)(?:she|he)(?:['’]s|\s+is)\s+(?:only\s+|just\s+|now\s+)?(?P<age>\d{1,2})" + _NOT_AGE
    + r"(?:\s*(?:years?|yrs?)(?:\s+old)?)?(?=\s*(?:$|[.,;!?)]|now\b|and\b|btw\b|today\b|this\b|already\b))", re.I)
_PRONOUN_NAME = re.compile(r"(?:her|his)\s+name(?:\s+is|['’]s)\s+(?P<name>[A-Z][a-zà-ÿ]+)")
_NOT_NAME_WORDS = {
    "I", "The", "And", "But", "So", "Is", "Was", "Has", "Had", "On", "In", "At", "For", "To", "From", "Who",
    "Will", "Just", "Also", "Next", "Last", "This", "That", "Said", "Says", "Told", "Wants", "Needs", "Dr", "Mr", "Mrs",
    "Ms", "Miss", "She", "He", "They", "We", "My", "Our", "Her", "His", "Their", "It", "Not", "No", "Yes", "Today",
    "Tomorrow", "Tonight", "Yesterday", "Christmas", "Easter", "Thanksgiving", "Lol", "Btw", "Fyi", "Ok", "Okay",
    "Got", "Gets", "Went", "Goes", "Did", "Does", "Can", "Could", "Would", "Should", "Loves", "Likes", "Hates", "Thinks",
    "Called", "Texted", "Asked", "Still", "Really", "Always", "Never", "Now", "Then", "Here", "There", "Please",
    *(m.capitalize() for m in ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                                "october", "november", "december", "monday", "tuesday", "wednesday", "thursday",
                                "friday", "saturday", "sunday")),
}
_LEAD = re.compile(r"^(?:(?:oh|so|and|also|btw|by the way|actually|well|ok|okay|plus|anyway|oh and|update|fyi|note)[,:]?\s+)*", re.I)
_VERBISH = re.compile(r"^(?!\s*,?\s*(?:and|or|to|for|with|about|in|on|at|from|by|who|that|are|we)\b)\s*[,(]?\s*\S", re.I)
# "my sister wants me in Toronto…", "my boss asked us to fly out Monday": the person only asks; the user
# is the one who goes, so the clause is about the user
_ASKS_ME = re.compile(
    r"^\s+(?:(?:really|just|now|also|already)\s+)?(?:wants?|wanted|needs?|needed|asked|asks|is\s+asking|invited|invites|"
    r"is\s+sending|sent|is\s+making|made|is\s+dragging|dragged|convinced|talked)\s+(?:me|us)\b", re.I)


def relation_of(word: str) -> str:
    """The relation recorded for a relation word as said ("Mum" -> "mother", "sister in law" -> "sister-in-law")."""
    key = _key(word)
    return RELATIONS.get(key) or PLURALS.get(key) or key


def kin(word: str) -> str | None:
    """The recorded relation of a kinship word ("mom" -> "mother", "hubby" -> "husband"), else None."""
    rel = relation_of(word)
    return rel if rel in _FAMILY else None


# capitalised words that start a sentence or title a name rather than being part of it ("Meet Tom", "Nonna Lucia")
_NOT_FIRST_NAMES = {"Meet", "Met", "Say", "Saw", "Called", "Texted", "Ask", "Asked", "Tell", "Told", "Visited", "Dear",
                    "Hi", "Hey", "Thanks", "Congrats", "Happy", "Love", "Oh", "Also", "Sent", "Paid", "Call", "Text",
                    "Email", "Emailed", "Remind", "Nonna", "Nonno", "Aunt", "Auntie", "Uncle", "Grandma", "Grandpa",
                    "Granny", "Nana", "Cousin", "Abuela", "Abuelo", "Oma", "Opa", "Tia", "Tio", "Tante"}


def _clean_name(name: str) -> str | None:
    name = re.sub(r"['’]s?$", "", name)  # "my friend Aiko's birthday": the name is Aiko
    words = name.split()
    if len(words) == 2 and words[0] in _NOT_FIRST_NAMES:
        name = words[1]
    if name.lower() in adjectives():  # "my wife is Korean": a nationality, not a name
        return None
    parts = [p for p in name.split() if p not in _NOT_NAME_WORDS and p.lower() not in adjectives()]
    if not parts or parts[0] != name.split()[0]:
        return None
    return " ".join(parts)


def _age(raw: str | None, soon: str | None = None) -> int | None:
    """An age as said; "is 70 next month" is 69 today."""
    if raw is None:
        return None
    return int(raw) - 1 if soon else int(raw)


def _taken(out: list[Mention], start: int, end: int | None = None) -> bool:
    end = start + 1 if end is None else end
    return any(p.start < end and start < p.end for p in out)


def _person(text: str, start: int, end: int, name: str | None, rel: str, age: int | None,
            name_span: tuple[int, int] | None = None) -> Mention:
    attrs: dict[str, object] = {"relation": rel, "age": age}
    if name_span is not None:
        attrs["name_span"] = name_span
    return Mention("person", start, end, text[start:end], name, attrs)


def find_people(text: str, lo: int, hi: int) -> list[Mention]:
    """Person mentions: value = name or None, attrs relation and age when said."""
    out: list[Mention] = []
    for m in _LIST.finditer(text, lo, hi):
        rel = relation_of(m.group("rel"))
        for i in (1, 2, 3, 4):
            raw = m.group(f"n{i}")
            name = _clean_name(raw) if raw else None
            if name is None:
                continue
            age = m.group(f"a{i}") or m.group(f"b{i}")
            s = m.start(f"n{i}")
            e = m.end(f"a{i}") + 1 if m.group(f"a{i}") else (m.end(f"b{i}") if m.group(f"b{i}") else s + len(name))
            out.append(_person(text, s, e, name, rel, int(age) if age else None, (s, s + len(name))))
    for m in _NAMED.finditer(text, lo, hi):
        raw = m.group("name")
        name = _clean_name(raw[0].upper() + raw[1:]) if raw.lower() not in _NOT_LOWER_NAMES else None
        if name is None or _taken(out, m.start()):
            continue
        out.append(_person(text, m.start(), m.start("name") + len(name), name, relation_of(m.group("rel")), None,
                           (m.start("name"), m.start("name") + len(name))))
    for m in _MY_REL_NAME.finditer(text, lo, hi):
        name = _clean_name(m.group("name"))
        if name is None or _taken(out, m.start()):
            continue
        age = _age(m.group("agep") or m.group("agep2") or m.group("age") or m.group("age2") or m.group("age3"), m.group("soon"))
        at = m.start("name") + m.group("name").find(name)
        end = m.end() if age is not None else at + len(name)
        out.append(_person(text, m.start(), end, name, relation_of(m.group("rel")), age, (at, at + len(name))))
    for m in _LOWER_NAME.finditer(text, lo, hi):
        rel = relation_of(m.group("rel"))
        # only kin go by a lowercase first name; "my dentist appointment is ..." names a thing
        if m.group("name").lower() in _NOT_LOWER_NAMES or rel not in _FAMILY or _taken(out, m.start()):
            continue
        name = m.group("name").capitalize()
        age = re.match(r"\s*(?:,\s*|\(|is\s+|['’]s\s+|turns\s+|just\s+turned\s+|turned\s+)(\d{1,2})\b" + _NOT_AGE, text[m.end() : hi])
        end = m.end() + (age.end() if age else 0)
        out.append(_person(text, m.start(), end, name, rel, int(age.group(1)) if age else None,
                           (m.start("name"), m.end("name"))))
    for m in _DOCTOR.finditer(text, lo, hi):
        if _taken(out, m.start(), m.end()):
            continue
        out.append(_person(text, m.start(), m.end(), f"Dr. {m.group('name')}", "doctor", None, (m.start(), m.end())))
    for m in [*_POSSESSION_NAME.finditer(text, lo, hi), *_NAME_MY_REL.finditer(text, lo, hi),
              *_NAME_IS_MY_REL.finditer(text, lo, hi)]:
        name = _clean_name(m.group("name"))
        if name is None or _taken(out, m.start(), m.end()):
            continue
        at = m.start("name") + m.group("name").find(name)
        age = m.groupdict().get("age")
        start = min(at, m.start("rel"))
        out.append(_person(text, start, m.end(), name, relation_of(m.group("rel")), int(age) if age else None,
                           (at, at + len(name))))
    for m in _TITLE_NAME.finditer(text, lo, hi):
        name = _clean_name(m.group("name"))
        if name is None or _taken(out, m.start("name")):
            continue
        at = m.start("name") + m.group("name").find(name)
        out.append(_person(text, m.start(), at + len(name), name, relation_of(m.group("rel")), None, (at, at + len(name))))
    for m in _MY_REL.finditer(text, lo, hi):
        if _taken(out, m.start(), m.end()):
            continue
        age = m.group("agep") or m.group("agep2")
        out.append(_person(text, m.start(), m.end(), None, relation_of(m.group("rel")), int(age) if age else None))
    m = _TRAILING_REL.match(text[lo:hi])
    if m and not any(p.value for p in out):
        name = _clean_name(m.group("name"))
        if name is not None:
            at = lo + m.start("name")
            out = [p for p in out if not (p.start <= lo + m.start("rel") < p.end)]
            out.append(_person(text, at, at + len(name), name, relation_of(m.group("rel")), None, (at, at + len(name))))
    for m in _BARE_PARENT.finditer(text, lo, hi):
        if _taken(out, m.start()):
            continue
        out.append(_person(text, m.start(), m.end(), None, relation_of(m.group("rel")), None))
    out.sort(key=lambda p: p.start)
    _late_details(text, hi, out)
    return out


def _late_details(text: str, hi: int, out: list[Mention]) -> None:
    """Details said after the mention in the same clause: "..., he's 4" (an age) and "Dad turned 70,
    his name's Robert" (a name for a relation said without one). Only when one person is mentioned."""
    if len(out) != 1:
        return
    p = out[0]
    rest = text[p.end : hi]
    if p.attrs.get("age") is None:
        m = _PRONOUN_AGE.search(rest) or re.match(r"\s+(?:just\s+)?turned\s+(?P<age>\d{1,2})\b" + _NOT_AGE, rest)
        if m:
            p.attrs["age"] = int(m.group("age"))
    if p.value is None:
        m = _PRONOUN_NAME.search(rest)
        if m and m.group("name") not in _NOT_NAME_WORDS:
            out[0] = Mention("person", p.start, p.end, p.text, m.group("name"),
                             {**p.attrs, "name_span": (p.end + m.start("name"), p.end + m.end("name"))})


def subject_of(clause: str, offset: int, people: list[Mention], known: dict[str, str], previous: str,
               before: str = "") -> str:
    """Who the clause is about: 'me', a person's lowercase name, or a bare relation.

    ``known`` maps relation -> name from earlier Person facts; ``previous`` is the subject of the
    clause before (for "she"/"he"/"they"); ``before`` is the message up to the clause, where a
    pronoun with no earlier subject finds its person ("the school form for Theo. He's allergic to
    sulfa"). A third-person pronoun is never the user: without a person to point at it is
    :data:`SOMEONE`.
    """
    lead = _LEAD.match(clause)
    start = lead.end() if lead else 0
    head = clause[start:]
    if _COMING_OVER.match(head):
        return "me"  # "he's coming to dinner Saturday": the user's plans, with that person in them
    if re.match(r"(?:(?:she|he)s?|her|his)\b", head, re.I):  # "hes", "shes": the apostrophe left out
        return previous if previous != "me" else (_antecedent(before, known) or SOMEONE)
    acting = _THEY_TREAT.match(head)
    if acting:  # "I did an online consultation and they prescribed propranolol": clinicians act, the patient is who was spoken of
        whom = (acting.group("whom") or "").lower()
        if whom in ("me", "us"):
            return "me"
        if whom in ("him", "her"):
            return previous if previous != "me" else (_antecedent(before, known) or SOMEONE)
        return previous
    if re.match(r"(?:they|their)\b", head, re.I):  # "they" may be a clinic or a shop: only a person before it counts
        return previous if previous != "me" else (_antecedent(before, known) or "me")
    group = _group_subject(head)
    if group is not None:
        return group
    for p in people:
        if p.start - offset == start or (p.start - offset <= start + 4 and head.lower().startswith(("my", "our"))):
            if p.start - offset > start + 4:
                continue
            rest = clause[p.end - offset :]
            if p.attrs.get("relation") == "doctor" and not re.match(r"^\s*(?:'s)", rest):
                # "Dr. Haddad put my husband on ...": the patient is the subject
                for q in people:
                    if q is not p and q.start > p.end and re.search(r"\b(?:put|gave|prescribed|started|switched|told|sent|referred)\s+$",
                                                                 clause[: q.start - offset], re.I):
                        if q.value:
                            return str(q.value).lower()
                        rel = str(q.attrs.get("relation"))
                        if rel in _FAMILY:
                            return known.get(rel, rel).lower()
                return "me"
            if _ASKS_ME.match(rest):
                return "me"
            if _VERBISH.match(rest) or rest.startswith("'s") or rest.startswith("’s"):
                if p.value:
                    return str(p.value).lower()
                rel = str(p.attrs.get("relation"))
                if rel in _FAMILY:
                    return known.get(rel, rel).lower()
    m = re.match(r"(?P<name>[A-Z][a-z]+)(?:'s)?\b", head)
    if m and m.group("name").lower() in {v.lower() for v in known.values()} and _VERBISH.match(head[m.end() :] or " "):
        return m.group("name").lower()
    m = re.match(r"(?P<name>[A-Z][a-z]+)\b", head)
    if m and m.group("name").lower() not in _NOT_NAMES and _PERSON_PREDICATE.match(head[m.end():]) \
            and not place_or_org(m.group("name")):
        return m.group("name").lower()  # "Jun is allergic to…", "Leo's passport expires…"
    return "me"


_THEY_TREAT = re.compile(r"they(?:['’]ve|\s+have|\s+just|\s+finally)?\s+(?:prescribed|gave|put|started|switched|upped|increased|lowered|"
                         r"diagnosed|referred|added)\b(?:\s+(?P<whom>me|us|him|her)\b)?", re.I)

SOMEONE = "someone"
"""The subject of "he"/"she" when the message names nobody it could be: a person, not the user."""

_NAME_AFTER = re.compile(r"(?<![.!?]\s)(?<!^)\b(?:for|with|to|of|and|about|named|called)\s+(?P<name>[A-Z][a-z]{2,})\b")


_CLINICIAN = re.compile(r"\b(?:dr\.?|doctor|doc|physician|pharmacist|nurse|dentist|physio|therapist|surgeon|vet|gp|"
                        r"specialist|midwife|[a-z]+ologist|[a-z]+iatrist)\b", re.I)
_POSSESSOR = re.compile(r"\b(?P<name>[A-Z][a-z]{2,})'s\b")


def _antecedent(before: str, known: dict[str, str]) -> str | None:
    """Who a "he"/"she" points at: the last person the message named before it — a person found
    there ("my wife", "my son Eli"), a first name after a preposition or with a possessive ("the
    form for Theo", "Lily's allergist") — unless the last one is a clinician: a clinician acts
    ("he also added folic acid") but the record is the patient's, the person named before them,
    else the user. Places, organisations and calendar words are never people."""
    people: list[tuple[int, str]] = []  # (where the mention ends, who)
    clinicians = [m.end() for m in _CLINICIAN.finditer(before)]
    for p in find_people(before, 0, len(before)):
        rel = str(p.attrs.get("relation") or "")
        if rel == "doctor":
            clinicians.append(p.end)
            continue
        span = p.attrs.get("name_span")
        named = bool(p.value) and (span is None or before[span[0]].isupper())  # "my wife hives" names nobody
        who = str(p.value).lower() if named else (known.get(rel, rel).lower() if rel in _FAMILY else "")
        if who:
            people.append((p.end, who))
    for rx in (_NAME_AFTER, _POSSESSOR):
        for m in rx.finditer(before):
            name = m.group("name")
            word_before = (before[: m.start()].split() or [""])[-1]
            if rx is _POSSESSOR and word_before[:1].isupper() and not word_before.endswith((".", "!", "?")) \
                    or word_before.lower() in ("st.", "st", "saint"):
                continue  # "Trader Joe's", "St. Mary's": the end of a longer name
            if name.lower() not in _NOT_NAMES and not place_or_org(name):
                people.append((m.end(), name.lower()))
    people.sort()
    if clinicians and (not people or max(clinicians) > people[-1][0]):
        return people[-1][1] if people else "me"
    return people[-1][1] if people else None


def place_or_org(word: str) -> bool:
    """"Canada's visa rules", "Delta's baggage policy": a country, city or organisation is never a subject."""
    from engine.extract.orgs import find_orgs
    from engine.extract.places import find_places

    return bool(find_places(word, 0, len(word)) or find_orgs(word, 0, len(word)) or word.lower() in adjectives())


@cache
def _group_keys() -> dict[str, str]:
    """Plural relation word as said -> the key a group of people is recorded under: the relation's first
    plural in relations.tsv ("my children", "the kids" -> "kids"; "my folks" -> "parents")."""
    out: dict[str, str] = {}
    for row in rows("relations.tsv"):
        said = aliases(row, 3)
        if said and row[1] == "family":
            for word in said:
                out[_key(word)] = _key(said[0])
    return out


_GROUP_HEAD = re.compile(
    rf"(?:(?:both|all)\s+(?:of\s+)?)?(?:my|our|the)\s+{_MODS}(?:two\s+|three\s+|four\s+)?"
    rf"(?P<rel>{_alternation(set(_group_keys()))})(?P<own>['’]s?)?(?![\w'’-])", re.I)
# "my parents and I", "the kids and me": the user is in the group, so the fact stays the user's
_GROUP_VERBISH = re.compile(r"^(?!\s*,?\s*(?:and|or|&|to|for|with|about|in|on|at|from|by|who|that|of)\b)\s*[,(]?\s*\S", re.I)
# what a group of people has of its own (as opposed to a household bill the user pays)
_GROUP_OWNED = re.compile(
    r"\s+(?:[\w-]+\s+){0,2}?(?:passports?|visas?|licen[cs]es?|id\s+cards?|ids|birthdays?|b-?days?|appointments?|appts?|"
    r"check-?ups?|allerg\w*|medications?|meds|prescriptions?|doses?|vaccin\w*|jabs?|shots?|flights?|trips?|tickets?|"
    r"travel|holidays?|vacations?|ages?|documents?|paperwork|esta|e-?visas?)\b", re.I)
_WITH_ME = re.compile(r"\s*(?:,\s*)?(?:and|&)\s+(?:I|me|myself)\b", re.I)


# people who treat the user: "my doctor put me on ...", "the pharmacist gave me ..." are the user's medicines
CARERS = frozenset({"doctor", "dentist", "therapist", "nurse", "physio", "physiotherapist", "pediatrician", "vet"})


@cache
def _someone_else_head() -> re.Pattern[str]:
    """A clause opening on a person who is neither the user nor kin ("my coworker is on Ozempic", "my boss's
    allergy") or on people in general ("lots of people take melatonin", "everyone gets hay fever")."""
    roles = {w for w, rel in RELATIONS.items() if rel not in _FAMILY and rel not in CARERS}
    roles |= {w for w, rel in PLURALS.items() if rel not in _FAMILY and rel not in CARERS}
    return re.compile(
        rf"(?:(?:my|our|the|a)\s+{_MODS}(?P<role>{_alternation(roles)})(?P<own>['’]s?)?(?![\w-])(?!\s*(?:and|&)\s+(?:I|me)\b)"
        r"(?!\s+(?:\w+\s+)?(?:put|gave|prescribed|started|switched|told|said|wants|upped|lowered|increased|reduced|changed|"
        r"moved|added|recommended|suggested)\s+(?:me|us)\b)"
        r"|(?:lots\s+of|many|most|some|a\s+lot\s+of|plenty\s+of)\s+(?:people|folks|patients|kids|women|men)\b"
        r"|(?:people|everyone|everybody|anyone|anybody|nobody|no\s+one|someone|somebody)\s+(?!(?:told|said|says|tells)\b)\w)",
        re.I)


def someone_else_leads(clause: str) -> str | None:
    """Who a clause about someone other than the user and their kin is about: the role as recorded ("my
    coworker is on Ozempic" -> "coworker"), '' for people in general ("lots of people take melatonin"),
    None when the clause opens on no such person. A health fact there is never the user's."""
    lead = _LEAD.match(clause)
    m = _someone_else_head().match(clause, lead.end() if lead else 0)
    if m is None:
        return None
    if not m.group("role"):
        return ""
    if m.group("own") and re.match(r"\s+(?:[\w-]+\s+)?(?:wife|husband|partner|kids?|son|daughter|mom|mum|dad|mother|father)\b",
                                   clause[m.end() :], re.I):
        return ""  # "my manager's wife takes metformin": a person the user keeps no record of
    return relation_of(m.group("role"))


def group_with_me(clause: str) -> str | None:
    """The group the user names as going along: "my parents and I", "me and the kids" -> "parents", "kids"."""
    lead = _LEAD.match(clause)
    head = clause[lead.end() if lead else 0 :]
    me_first = re.match(r"(?:me|I)\s*(?:,\s*)?(?:and|&)\s+", head, re.I)
    if me_first:
        m = _GROUP_HEAD.match(head, me_first.end())
        return _group_keys()[_key(m.group("rel"))] if m and not m.group("own") else None
    m = _GROUP_HEAD.match(head)
    if m and not m.group("own") and _WITH_ME.match(head[m.end() :]):
        return _group_keys()[_key(m.group("rel"))]
    return None


def _group_subject(head: str) -> str | None:
    """"My parents are visiting Japan", "the kids fly out on the 3rd", "my in-laws' passports expire":
    a fact about a group of the user's people is theirs, keyed by the group's plural relation word."""
    m = _GROUP_HEAD.match(head)
    if m is None:
        return None
    rest = head[m.end() :]
    if _WITH_ME.match(rest):
        return "me"
    if m.group("own"):
        # "the kids' passports" are theirs; "the kids' Disney+" is still paid for by the user
        return _group_keys()[_key(m.group("rel"))] if _GROUP_OWNED.match(rest) else None
    if _GROUP_VERBISH.match(rest):
        return _group_keys()[_key(m.group("rel"))]
    return None


_COMING_OVER = re.compile(
    r"(?:she|he|they)(?:['’]s|['’]re|['’]ll\s+be|\s+is|\s+are|\s+will\s+be|\s+will)?\s+(?:coming|come|joining|visiting\s+us|"
    r"staying\s+with\s+us|over)\b", re.I)
# A name nobody introduced is still the subject when what follows only fits a person.
_PERSON_PREDICATE = re.compile(
    r"(?:'s|’s)\s+(?:passport|visa|licen[cs]e|birthday|appointment|allerg\w*|medication|prescription|meds|dose)\b"
    r"|\s+(?:is|was|'s|’s|gets|got|has|had|has\s+been|is\s+now)\s+(?:allergic|intolerant|on\b|taking|prescribed|diagnosed|pregnant|asthmatic|diabetic|lactose)"
    r"|\s+(?:takes|took|needs|started|stopped|reacts|can't\s+(?:eat|have|take)|cannot\s+(?:eat|have|take)|breaks\s+out)\b",
    re.I,
)
_NOT_NAMES = {
    "i", "my", "the", "this", "that", "it", "we", "you", "he", "she", "they", "our", "your", "his", "her", "their",
    "mom", "mum", "dad", "doctor", "dr", "everyone", "nobody", "someone", "today", "yesterday", "tomorrow",
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
}
