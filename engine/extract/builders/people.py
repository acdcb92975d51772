"""People (name, relation, birthday) and the user's stated preferences and limits."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from engine.extract import cues
from engine.extract.builders.base import Context, Draft, clause_span, first_match, free_dates, iso
from engine.extract.detect import Found
from engine.extract.mentions import Mention

_BIRTHDAY = re.compile(r"\b(?:birthday|b-?day|bday|bdays?)\b|\bturn(?:s|ing|ed)?\s+\d{1,3}\b|\b(?:will|'ll|’ll)\s+be\s+\d{1,3}\b", re.I)
_BORN = re.compile(r"\bborn\s+(?:on\s+|in\s+)?(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)", re.I)
_POSSESSIVE_BIRTHDAY = re.compile(r"(?P<n>[A-Z][a-zà-ÿ]+)['’]s\s+(?:\d{1,3}(?:st|nd|rd|th)\s+)?(?:birthday|b-?day|bday)\b")


def _birth_dates(f: Found) -> list[Mention]:
    """Day-precise dates that are not a name read as a month ("Jun's birthday") nor a bare year ("born in 1950")."""
    out = []
    for d in free_dates(f):
        if d.value.precision != "day":
            continue
        if re.match(r"['’]s\b", f.text[d.end : d.end + 2]) and re.fullmatch(r"[A-Za-z]+", d.text):
            continue
        out.append(d)
    return out


def person(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    """Person facts for people named with a relation, an age or a birthday; a known person is repeated
    only when the clause adds an age or a birthday."""
    out = []
    low = f.clause.text
    bday = _BIRTHDAY.search(low)
    born = _BORN.search(low)
    dates = _birth_dates(f)
    for p in f.of("person"):
        rel = str(p.attrs.get("relation"))
        if rel == "doctor" and not re.search(r"\bmy\s+(?:doctor|gp|physician)\b", low, re.I):
            continue
        slots: dict[str, Any] = {"name": p.value, "relation": rel}
        if p.attrs.get("age") is not None:
            slots["age"] = int(p.attrs["age"])
        if (bday or born) and dates:
            slots.update(_birthday(f, ctx, dates[0]))
        new = p.value is not None and (str(p.value).lower(), rel) not in ctx.prior_people
        if not (new or "age" in slots or "birthday" in slots):
            continue
        name = str(p.value) if p.value else ctx.known.get(rel)
        if name:
            slots["name"] = name
        key = (name or rel).lower()
        out.append(Draft("Person", key, {k: v for k, v in slots.items() if v is not None}, clause_span(f), "me"))
        ctx.prior_people.add(((name or "").lower(), rel))
    if bday and not out and dates:
        m = _POSSESSIVE_BIRTHDAY.search(f.clause.text)
        if m and m.group("n") not in ("My", "I", "Our", "Mom", "Mum", "Dad"):
            out.append(Draft("Person", m.group("n").lower(), {"name": m.group("n"), **_birthday(f, ctx, dates[0])}, clause_span(f)))
    return out


_TURNS = re.compile(r"\b(?:turns|turning|turned|turn|will\s+be|['’]ll\s+be|is\s+going\s+to\s+be|going\s+to\s+be)\s+(?P<n>\d{1,3})\b", re.I)


def _birthday(f: Found, ctx: Context, d: Mention) -> dict[str, Any]:
    """"turns 7 on March 3" / "birthday June 9, he'll be 40": the birth date and today's age; a
    birthday with no age keeps the next (or stated) date."""
    day = d.value.start
    turns = _TURNS.search(f.clause.text)
    if turns is None or d.value.explicit_year and day.year < ctx.today.year:
        return {"birthday": iso(day)}
    n = int(turns.group("n"))
    try:
        born = day.replace(year=day.year - n)
    except ValueError:  # 29 February
        born = day.replace(year=day.year - n, day=28)
    return {"birthday": iso(born), "age": n - 1 if day > ctx.today else n}


_LIMIT_WORDS = (r"(?:over|under|above|below|more\s+than|less\s+than|no\s+more\s+than|at\s+most|max(?:imum)?|up\s+to|"
                r"limit(?:ed)?\s+to|cap(?:ped)?\s+(?:at|to)|within|north\s+of|in\s+excess\s+of|anything\s+(?:over|above))")
_TOPIC_STOP = {"me", "my", "i", "if", "book", "keep", "let", "any", "single", "is", "are", "was", "spend", "spending", "don't",
               "do", "not", "never", "please", "plz", "pls", "a", "an", "the", "to", "warn", "alert", "notify", "tell", "on", "for",
               "it", "that", "this", "our", "we", "whenever", "when", "each", "every", "monthly", "weekly", "total", "flag",
               "ping", "know", "want", "wanna", "try", "trying", "stay", "nothing", "anything", "no", "one", "ever", "i'm",
               "should", "shouldn't", "can", "can't", "again", "just", "only", "be", "like", "costs", "cost", "costing",
               "goes", "go", "going", "pay", "paying", "get", "allow", "allowed", "sure", "make", "always", "per"}
# a stance about future money, not a report of a past payment ("spent over $300 on dinner")
_LIMIT_STANCE = re.compile(
    r"\b(?:keep|don't\s+let|do\s+not\s+let|never\s+let|warn|alert|flag|notify|tell|ping|let\s+me\s+know|budget|limit|cap|"
    r"max(?:imum)?|(?:no|never)\s+more\s+than|nothing\s+(?:over|above|more\s+than)|(?:don't|do\s+not|never|won't)\s+(?:want\s+to\s+|wanna\s+)?"
    r"(?:spend|pay|book|go\s+over)|try(?:ing)?\s+to\s+(?:stay|keep)|stay\s+(?:under|below|within)|shouldn't\s+(?:spend|go\s+over|cost)|"
    r"(?:want|wanna|trying|try|need|plan|aim|hope)\s+to\s+(?:stay|keep|spend)|at\s+most|up\s+to|allowance)\b", re.I)


_PLURAL_ONLY = {"clothes", "news", "series", "glasses", "electronics", "sports", "savings", "earnings", "cosmetics"}


def _singular(word: str) -> str:
    if word in _PLURAL_ONLY or len(word) <= 4 or not word.endswith("s") or word.endswith(("ss", "ies")):
        return word
    return word[:-1]


# a bare amount the money detector leaves alone: "more than 50 on a haircut", "a transfer above 5000"
_BARE_LIMIT = re.compile(r"\b(?:more\s+than|over|above|under|below|less\s+than|at\s+most|max(?:imum)?|up\s+to|exceeds?|cap\s+(?:at|to))\s+"
                         r"(?P<n>\d{1,3}(?:,\d{3})+|\d{2,7})(?P<k>k)?\b(?!\s*(?:%|hours?|hrs?|h\b|mins?|minutes?|days?|weeks?|months?|years?|"
                         r"people|persons|guests|times|km|miles|kg|lbs?|pounds?\s+of|nights|kids|items|am|pm|:|\.\d))", re.I)


def _bare_limit(f: Found) -> Mention | None:
    m = _BARE_LIMIT.search(f.clause.text)
    if m is None:
        return None
    value = Decimal(m.group("n").replace(",", "")) * (1000 if m.group("k") else 1)
    start = f.clause.start + m.start("n")
    end = f.clause.start + m.end()
    return Mention("money", start, end, f.text[start:end], f"{value.quantize(Decimal('0.01'))}", {"currency": None})


def _limit_topic(f: Found, money: Mention) -> str | None:
    """What a money limit is about: "spend over $300 at a restaurant" -> "restaurant"; "budget for eating
    out is 400 euros" -> "eating out"; "keep hotels under $200 a night" -> "hotel per night";
    "my grocery budget is 600 a month" -> "grocery per month"."""
    text = f.clause.text
    rel = money.start - f.clause.start
    after = re.match(r"\s*(?:a|per)?\s*(?:month|night|week|year)?\s*(?:at|on|for|in|per|each)\s+(?:a|an|the|any|my)?\s*(?!(?:month|night|week|year|day)s?\b)(?P<t>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)",
                     text[money.end - f.clause.start :], re.I)
    budget = (re.search(r"\b(?:budget|limit|cap|allowance)\s+(?:for|on)\s+(?P<t>[\w -]{2,30}?)\s*(?::|=|\s(?:is|was|of|at|to)\b)", text, re.I)
              or re.search(r"\b(?:cap|limit)\s+(?:my\s+|our\s+|the\s+)?(?P<t>[a-z][\w -]{1,30}?)\s+(?:at|to)\s*$", text[:rel], re.I)
              or re.search(r"(?:^|\b(?:my|our|the|a)\s+)(?P<t>(?:[a-z][\w-]*\s+){0,1}[a-z][\w-]*)\s+(?:budget|limit|allowance)\b", text, re.I))
    before = re.search(r"(?P<t>(?:[\w'-]+\s+){1,3}?)(?:is\s+|are\s+|costs?\s+|to\s+be\s+)?" + _LIMIT_WORDS + r"\s*$", text[:rel], re.I)
    topic = None
    if budget and budget.group("t").lower().split()[-1] not in _TOPIC_STOP | {"monthly", "weekly", "yearly", "annual", "total"}:
        topic = " ".join(w for w in budget.group("t").split() if w.lower() not in _TOPIC_STOP | {"monthly", "weekly"})
    elif before:
        segment = re.split(r"\b(?:so|and|but|or|because|since)\b|[,;:]", before.group("t"))[-1]
        words = [w for w in segment.split() if w.lower() not in _TOPIC_STOP]
        topic = " ".join(words) or None
    if topic is None and after:
        words = [w for w in after.group("t").split() if w.lower() not in _TOPIC_STOP]
        topic = " ".join(words) or None
    period = re.search(r"\b(?:a|per|each|every|in\s+a)\s+(month|night|week|year)\b|\b(monthly|nightly|weekly|yearly)\b", text, re.I)
    if not topic and not period:
        return None
    topic = " ".join(_singular(w) for w in (topic or "spending").lower().split())
    if period:
        unit = (period.group(1) or period.group(2)).lower().removesuffix("ly")
        topic += f" per {unit}"
    return topic


def _clock(h: str, mi: str | None, ap: str | None) -> str:
    hour = int(h) % 12 + (12 if (ap or "").lower().startswith("p") else 0) if ap else int(h)
    return f"{hour:02d}:{mi or '00'}"


_TIME_RULE = re.compile(
    r"\b(?:no|never|not|don't\s+(?:book|schedule|take|want|do)|do\s+not\s+(?:book|schedule|take)|avoid)\s+(?:any\s+)?(?P<t>[\w-]+)\s+"
    r"(?P<w>before|after|earlier\s+than|later\s+than|past)\s+(?P<h>\d{1,2})(?::(?P<mi>\d\d))?\s*(?P<ap>[ap]\.?m\.?)?", re.I)
_DAY_RULE = re.compile(r"\b(?:no|never|don't\s+(?:book|schedule|take|want|do))\s+(?:any\s+)?(?P<t>[\w-]+)\s+on\s+(?P<d>(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?)\b", re.I)
_DURATION_RULE = re.compile(r"\bno\s+(?P<t>[\w-]+)\s+(?:longer|more)\s+than\s+(?P<n>\d+)\s*(?P<u>h(?:ou)?rs?|hours?|mins?|minutes?)\b", re.I)
_RED_EYE = re.compile(r"\bred[- ]?eyes?\b|\bovernight\s+flights?\b|\bnight\s+flights?\b", re.I)
_NEVER = re.compile(r"\b(?:never|no(?!\s+more)|avoid|don['’]t\s+(?:ever\s+)?(?:do|want|book|fly|like)|do\s+not\s+(?:ever\s+)?(?:do|want|book|fly)|"
                    r"won't\s+(?:do|fly|take)|not\s+(?:on|with)|hate)\b", re.I)
# a feeling about something ("I hate red-eyes") rather than a rule for what to book ("never book me a red-eye")
_DISLIKE = re.compile(r"\b(?:hate|hates|dislike|dislikes|can['’]?t\s+stand|cannot\s+stand|(?:do\s+not|don['’]?t|doesn['’]?t)\s+(?:really\s+)?"
                      r"(?:like|enjoy|love))\b", re.I)
_FONDNESS = re.compile(r"\b(?:love|loves|like|likes|enjoy|enjoys|adore|adores)\b", re.I)
# what a like or dislike is about: the words after the verb up to a clause break
_FEELING_OBJECT = re.compile(
    r"\b(?:hate|hates|dislike|dislikes|stand|like|likes|love|loves|enjoy|enjoys|adore|adores)\s+(?P<o>[a-z][\w'’ -]{1,40}?)"
    r"\s*(?:[,.!;]|\b(?:and|but|because|so|since|though|they|it|at\s+all|very\s+much|a\s+lot|anymore)\b|$)", re.I)


def _constraint(low: str) -> tuple[str, str] | None:
    """"No meetings before 10am" -> (meeting, not before 10:00); "no layovers longer than 3 hrs" ->
    (layover, at most 3 hours); "no calls on Fridays" -> (call, not on friday)."""
    m = _TIME_RULE.search(low)
    if m:
        word = "before" if m.group("w").lower() in ("before", "earlier than") else "after"
        return m.group("t").lower(), f"not {word} {_clock(m.group('h'), m.group('mi'), m.group('ap'))}"
    m = _DURATION_RULE.search(low)
    if m:
        unit = "hours" if m.group("u").lower().startswith("h") else "minutes"
        return m.group("t").lower(), f"at most {m.group('n')} {unit}"
    m = _DAY_RULE.search(low)
    if m:
        return m.group("t").lower(), f"not on {_singular(m.group('d').lower())}"
    return None


_DIETS = {"vegetarian": "vegetarian", "veggie": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
          "pescetarian": "pescatarian", "keto": "keto", "paleo": "paleo", "gluten-free": "gluten-free", "gluten free": "gluten-free",
          "dairy-free": "dairy-free", "dairy free": "dairy-free", "halal": "halal", "kosher": "kosher",
          "plant-based": "plant-based", "plant based": "plant-based", "teetotal": "no alcohol", "teetotaller": "no alcohol",
          "sober": "no alcohol", "lactose-free": "lactose-free"}
_DIET_WORD = "|".join(sorted((re.escape(k).replace(r"\ ", r"[\s-]") for k in _DIETS), key=len, reverse=True))
_DIET = re.compile(
    r"\b(?:i['’]m|i\s+am|im|we['’]re|we\s+are|she['’]s|he['’]s|she\s+is|he\s+is|they['’]re|is|are|i['’]ve\s+been|i\s+have\s+been|"
    r"(?:i|we|she|he|they)\s+(?:keep|eat|eats|keeps|went|go|only\s+eat|stay)|diet(?:ary)?\s*(?:\w+\s+){0,2}?(?:is|:|-)|strictly|"
    r"fully|mostly|now|gone)\s+(?:a\s+|an\s+|strictly\s+|fully\s+|mostly\s+|now\s+|strict\s+|full\s+)*(?P<d>" + _DIET_WORD + r")\b"
    r"(?!\s+(?:restaurant|place|option|menu|recipe|dish|cookbook|meal|owner|cafe|café|burger|version|alternative|chef|blog)s?\b)"
    r"|^\W*(?P<d2>" + _DIET_WORD + r")\s*(?:only|here|btw|please|pls|for\s+me|,|\.|!|$)", re.I)
_NO_FOOD = re.compile(
    r"\b(?:i|we|she|he|they|my\s+\w+)\s+(?:don['’]t|do\s+not|doesn['’]t|does\s+not|never|can['’]t|won['’]t|cannot)\s+"
    r"(?P<v>eat|drink|touch|do)\s+(?P<f>(?:red\s+)?meat|pork|beef|fish|seafood|shellfish|dairy|eggs|gluten|sugar|alcohol|booze|"
    r"caffeine|coffee|meat\s+or\s+fish|chicken|lamb|carbs|spicy\s+food|wine|beer)\b"
    r"|\bno\s+(?P<f2>(?:red\s+)?meat|pork|beef|fish|seafood|dairy|alcohol|booze|caffeine|sugar|gluten)\s+(?:for\s+(?:me|him|her|us)|please|at\s+all)\b"
    r"|\b(?P<v3>doesn['’]t|don['’]t|does\s+not|do\s+not)\s+drink\b(?!\s+\w)", re.I)
_SEAT = re.compile(r"\b(?P<s>aisle|window|exit[- ]row|middle)(?:\s+seats?|\b(?=[^.]*\b(?:seat|always|only|please|pls|whenever|if\s+possible)\b))", re.I)
_DIRECT = re.compile(r"\b(?:direct|non-?stop)\s+(?:flights?\s+)?only\b|\bonly\s+(?:fly\s+|book\s+)?(?:direct|non-?stop)\b|"
                     r"\b(?:prefer|rather|always)\b[^.]{0,30}\b(?:direct|non-?stop)\b", re.I)
_CABIN = re.compile(r"\b(?:fly|book|travel|sit\s+in|always)\s+(?:in\s+)?(?P<c>premium\s+economy|economy|business|first)(?:\s+class)?\b", re.I)
_STANCE = re.compile(
    r"\b(?:stay|be|keep\s+it|keep\s+things|remain|play\s+it|go|being)\s+(?P<v>conservative|frugal|careful|cautious|safe|low[- ]risk|"
    r"thrifty|cheap|sensible|modest|aggressive)\s+(?:with|on|about|in)\s+(?:our|my|the)?\s*(?P<t>money|spending|finances|investments?|"
    r"budget|savings|expenses)\b"
    r"|\bkeep\s+(?:our|my|the)?\s*(?P<t2>spending|expenses|costs|budget)\s+(?P<v2>low|down|tight|modest|minimal)\b", re.I)
_LIKE = re.compile(r"\b(?:prefer|prefers|preferred|love|loves|like|likes|enjoy|enjoys|hate|hates|dislike|dislikes|can['’]t\s+stand|"
                   r"(?:my\s+)?favou?rite)\b", re.I)
_NOT_A_STANCE = re.compile(
    r"\b(?:if\s+i\s+(?:were|was|went|had)|what\s+if|suppose|imagine|i\s+wonder|not\s+sure|don['’]t\s+know|either|neither|"
    r"used\s+to|back\s+when|keeps?\s+telling|told\s+me|tells\s+me|says\s+i|thinks\s+i|wants\s+me\s+to|should\s+(?:i|we)|"
    r"(?:i|we)\s+should|might\s+(?:go|try|become)|thinking\s+(?:about|of)\s+(?:going|becoming|trying)|would\s+(?:you|they|she|he)|"
    r"not\s+(?:a\s+)?(?:vegetarian|vegan|pescatarian)|no\s+longer|any\s?more|prefer\s+not\s+to|"
    r"if\s+(?:i|we)\s+(?:ever|win|won|had|got|could|were)|(?:i|we)['’]d\s+(?!rather|like|prefer|love|appreciate)\w+)\b", re.I)
_NOT_AN_OBJECT = re.compile(r"^(?:it|that|this|them|him|her|you|my|our|his|their|the\s+idea|to\s+(?:say|be|go|have|get)|when|how|what|who|being|a\s+lot)\b", re.I)
_PREF_DROP = re.compile(
    r"\b(?:forget|drop|remove|delete|scrap|cancel|turn\s+off|switch\s+off|get\s+rid\s+of|stop|no\s+longer\s+(?:want|need))\s+(?:about\s+)?"
    r"(?:the|my|that|this)\s+(?P<t>[\w-]+(?:\s+(?!(?:limit|rule|alert|budget|preference|warning|cap|reminder)\b)[\w-]+)?)\s+"
    r"(?:limit|rule|alert|budget|preference|warning|cap|reminder|thing)\b", re.I)


def _draft(f: Found, ctx: Context, slots: dict[str, Any]) -> list[Draft]:
    return [Draft("Preference", str(slots["topic"]), slots, clause_span(f), ctx.subject)]


def _named_preference(f: Found, low: str) -> dict[str, Any] | None:
    """The shapes of a preference whose topic and value are words the text names."""
    m = _DIET.search(low)
    if m:
        word = re.sub(r"[\s-]+", " ", (m.group("d") or m.group("d2")).lower())
        value = _DIETS.get(word) or _DIETS.get(word.replace(" ", "-"), word)
        return {"topic": "drinks" if value == "no alcohol" else "diet", "value": value}
    m = _NO_FOOD.search(low)
    if m:
        food = (m.group("f") or m.group("f2") or "alcohol").lower()
        food = "alcohol" if food == "booze" or (m.group("v3") and not m.group("f")) else food
        drink = food in ("alcohol", "caffeine", "coffee", "wine", "beer") or (m.group("v") or "").lower() == "drink"
        return {"topic": "drinks" if drink else "diet", "value": f"no {food}"}
    orgs = [o for o in f.of("org") if o.attrs.get("org_kind") == "airline"]
    if orgs and _NEVER.search(low):
        return {"topic": f"airline {orgs[0].value}", "value": "avoid"}
    if _RED_EYE.search(low) and _NEVER.search(low):
        rule = re.search(r"\b(?:never|no|avoid|book|fly|take|put)\b", low, re.I)
        return {"topic": "red-eye flights", "value": "dislike" if _DISLIKE.search(low) and not rule else "never"}
    m = _SEAT.search(low)
    if m and (_LIKE.search(low) or re.search(r"\b(?:always|only|please|pls|whenever|if\s+possible|no|never|avoid|book|give|get|want|need)\b", low, re.I)):
        seat = re.sub(r"[\s-]+", " ", m.group("s").lower())
        negative = re.search(r"\b(?:hate|hates|dislike|can['’]t\s+stand|avoid|never|no|not)\b", low[: m.start()], re.I)
        return {"topic": "seat", "value": f"not {seat}" if negative else seat}
    if _DIRECT.search(low):
        return {"topic": "flights", "value": "direct"}
    m = _CABIN.search(low)
    if m and re.search(r"\b(?:always|only|prefer|rather|never|usually)\b", low, re.I):
        return {"topic": "flight class", "value": m.group("c").lower()}
    m = _STANCE.search(low)
    if m:
        return {"topic": (m.group("t") or m.group("t2")).lower(), "value": (m.group("v") or m.group("v2")).lower()}
    m = re.search(r"\bprefer(?:s|red)?\s+(?P<v>mornings?|afternoons?|evenings?|early|late|weekday|weekend|online|in-person|remote|video|phone)\s+"
                  r"(?P<t>[a-z][\w-]+)", low, re.I)
    if m:
        return {"topic": m.group("t").lower(), "value": m.group("v").lower().rstrip("s") if m.group("v").lower().endswith("s") and
                m.group("v").lower() != "mornings" else m.group("v").lower().removesuffix("s")}
    m = re.search(r"\b(?:like|take|have|drink)s?\s+my\s+(?P<t>coffee|tea|steak|eggs|burgers?)\s+(?P<v>[a-z]+(?:\s+and\s+[a-z]+)?)\b", low, re.I)
    if m:
        return {"topic": m.group("t").lower(), "value": m.group("v").lower()}
    m = re.search(r"\bfavou?rite\s+(?P<t>[a-z][\w ]{1,20}?)\s+(?:is|=|:)\s+(?P<v>[\w'’ -]{2,30}?)\s*(?:[,.!;]|$)", low, re.I)
    if m:
        return {"topic": m.group("t").lower(), "value": m.group("v")}
    return None


def _feeling(low: str) -> dict[str, Any] | None:
    """A plain like or dislike ("I love Thai food", "I can't stand cilantro") is a stance on the thing
    itself, so the topic is what is named and the value the polarity, not the whole sentence."""
    if re.search(r"\b(?:prefer|prefers|preferred|rather|favou?rite)\b", low, re.I):
        return None  # a choice between options keeps its own wording
    negative = _DISLIKE.search(low)
    if not negative and not _FONDNESS.search(low):
        return None
    m = _FEELING_OBJECT.search(low, negative.start() if negative else 0)
    if m is None or _NOT_AN_OBJECT.match(m.group("o")) or re.match(r"(?:to|when|if|how)\b", m.group("o"), re.I):
        return None
    return {"topic": m.group("o").strip(), "value": "dislike" if negative else "like"}


def preference(f: Found, ctx: Context, used: set[tuple[int, int]]) -> list[Draft]:
    """Preferences and limits the user states about how things should be: a diet, a seat, an airline
    to avoid, "no meetings before 10am", "keep hotels under $200 a night". Questions, hypotheticals,
    advice from others, past habits and negations state none."""
    low = f.clause.text
    if f.clause.question:
        return []
    drop = _PREF_DROP.search(low)
    if drop:  # "forget the restaurant limit I set up"
        topic = " ".join(_singular(w) for w in drop.group("t").lower().split())
        return [Draft("Preference", topic, {"topic": topic, "status": "cancelled"}, clause_span(f), ctx.subject, "cancel", correction=True)]
    if _NOT_A_STANCE.search(low):
        return []
    money = next((m for m in f.of("money") if (m.start, m.end) not in used), None) or _bare_limit(f)
    if money is not None and _LIMIT_STANCE.search(low) and re.search(_LIMIT_WORDS + r"|\bbudget\b|\blimit\b|\bcap\b", low, re.I):
        topic = _limit_topic(f, money) or first_match(cues.PREF_TOPICS, low) or "budget"
        used.add((money.start, money.end))
        return _draft(f, ctx, {"topic": topic, "limit": money.value, "currency": money.attrs.get("currency")})
    constraint = _constraint(low)
    if constraint:
        return _draft(f, ctx, {"topic": constraint[0], "value": constraint[1]})
    named = _named_preference(f, low)
    if named:
        return _draft(f, ctx, named)
    cue = cues.PREFERENCE.search(low)
    if cue is None or not _LIKE.search(low) or f.of("money") or f.of("date") or f.past:
        return []  # "I really like the Kindle I bought for $120" is about a purchase
    obj = re.search(r"\b(?:prefer|prefers|favou?rite|love|loves|hate|hates|like|likes|dislike|dislikes|enjoy|enjoys|stand|rather)\s+"
                    r"(?:\w+\s+)?(?:is\s+)?(?P<o>[\w'’ -]{2,40})", low, re.I)
    if obj is None or _NOT_AN_OBJECT.match(obj.group("o")) or f.of("person"):
        return []
    feeling = _feeling(low)
    if feeling:
        return _draft(f, ctx, feeling)
    topic = first_match(cues.PREF_TOPICS, low) or obj.group("o").split()[-1].lower()
    value = low[cue.start() :].strip(" .!")
    return _draft(f, ctx, {"topic": topic, "value": value})
