"""Trigger words: the deterministic signals that decide which frame a clause evokes.

Kept as data-like regexes in one place so a miss is fixed by adding a word, not a special case.
"""

from __future__ import annotations

import re


def _w(*words: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(words) + r")\b", re.I)


TRIP = _w(
    r"fly(?:ing|in['’]?)?", "flew", r"thinking\s+(?:about|of)", r"board(?:ing)?\s+(?:in|at)", r"sail(?:ing|s)?\s+(?:from|to|out\s+of)", r"flights?", "trip", r"travel(?:l?ing|l?ed)?", "vacation", r"holidays?", "honeymoon",
    "getaway", r"visit(?:ing)?", r"going\s+(?:back\s+)?to", r"go\s+to", r"heading\s+(?:back\s+)?to", r"head\s+to", r"off\s+to",
    r"leav(?:e|ing)\s+for", r"depart(?:ing|ure|s)?", r"driv(?:e|ing)\s+(?:down\s+|up\s+)?to", r"road\s+trip", r"train\s+to",
    r"cruise", r"land(?:ing|s)?\s+in", r"fly(?:ing)?\s+(?:out|home)", r"headed\s+(?:back\s+)?to", r"back\s+home",
    r"(?:will|'ll|I'm\s+going\s+to)\s+be\s+in", r"tak(?:e|ing)\s+(?:\w+\s+){1,2}to", "leaving", "booked", "abroad", "overseas", r"arriv(?:e|ing)\s+in", r"back\s+from", r"stay(?:ing)?\s+in", r"went\s+to",
    "itinerary", r"been\s+to", r"tickets?\s+to", r"spend(?:ing)?\s+\w+\s+(?:weeks?|days?)\s+in",
    r"layover", r"return\s+flight", r"outbound",
)
TRIP_STRONG = _w(r"fly(?:ing)?", "flew", r"flights?", "trip", "vacation", "honeymoon", "itinerary", "cruise", "layover", r"holiday")
RETURN = re.compile(r"\b(?:back|return(?:ing|s)?|come\s+home|coming\s+home|fly(?:ing)?\s+home|home|until|till|through|"
                    r"ends?(?:\s+back)?(?:\s+(?:there|here|home))?|ending|back\s+(?:there|here|home))\s+(?:on\s+|by\s+)?(?:the\s+)?$", re.I)
RETURN_ANY = _w(r"get(?:ting)?\s+back", r"com(?:e|ing)\s+back", r"fly(?:ing)?\s+back", r"return(?:ing)?", r"back\s+home",
                r"fly(?:ing)?\s+home", r"head(?:ing)?\s+home", r"flight\s+home", r"return\s+flight")
DEPART = re.compile(r"\b(?:leav(?:e|ing)|depart(?:ing|s)?|fly(?:ing)?\s+out|start(?:s|ing)?|from|arriv(?:e|ing))\s+(?:on\s+)?(?:the\s+)?$", re.I)
BOOKED = _w("booked", "reserved", r"bought\s+(?:the\s+|our\s+|my\s+)?(?:plane\s+)?tickets?", r"have\s+(?:the\s+|our\s+|my\s+)?tickets?", "confirmed", "paid for")
NOT_BOOKED = _w(r"(?:nothing|not|haven't|hasn't|didn't|not\s+yet|yet\s+to\s+be)\s+(?:\w+\s+)?booked", r"not\s+(?:\w+\s+)?booked")
PLANNED = _w("planning", "thinking about", "considering", "want to", "hoping to", "might", "would like to", "plan to", "maybe",
             r"nothing\s+booked", r"not\s+(?:yet\s+)?booked", "probably", r"the\s+plan", "tentative", "tentatively")
TAKEN = _w("went", "was in", "were in", "visited", "got back", "came back", "returned from", "flew back", "spent")
INTENT = re.compile(r"\b(?:want|wants|need|needs|going|plan|planning|thinking\s+about|might|should|may|hope|hoping|have|has|remind\s+me)\s+(?:to\s+)?(?:\w+\s+)?$", re.I)
CANCEL = _w(r"cancel(?:l?ed|l?ing|s)?", r"called\s+off", r"call(?:ing)?\s+off", r"not\s+going", r"scrapp?ed", r"no\s+longer\s+going", r"unsubscribed?")
CORRECTION = _w(
    "actually", "correction", "instead", r"changed?\s+to", r"moved?\s+to", "moved", r"reschedul(?:ed|e|ing)", "postponed",
    r"pushed\s+(?:back|to)", r"brought\s+forward", r"now\s+(?:on|at|the)", r"not\s+the\s+\w+\s*,?\s+(?:but|it's)", "update",
    r"I\s+meant", "sorry", "wrong", r"turns\s+out", "rebooked", "changed", "extended", "renewed",
)
TRANSPORT = [
    (_w(r"fly(?:ing)?", "flew", r"flights?", "plane", "airport", r"airlines?"), "flight"),
    (_w(r"trains?", "rail", "eurostar", "amtrak", "shinkansen"), "train"),
    (_w(r"driv(?:e|ing)", "drove", "road trip", "car", "rental car"), "car"),
    (_w("bus", "coach", "greyhound"), "bus"),
    (_w("cruise", "ferry", "ship", "boat", "sail", "sailing"), "ship"),
]
PURPOSE = [
    (_w("business", r"for\s+work", r"work\s+(?:trip|travel|conference|event)", "conference", "client", "clients", "meeting", r"meet(?:ing|ng)s?",
        "offsite", "summit", r"trade\s+(?:show|fair)", "expo", "convention", "onsite", "on-site", "site visit", "business trip", "congress"), "business"),
    (_w(r"(?:my\s+|our\s+)?(?:mom|mum|mother|dad|father|parents|sister|brother|grandma|grandpa|grandmother|grandfather|son|daughter|wife|husband|partner|aunt|uncle|cousin|friend)'s\s+(?:surgery|treatment|operation|chemo|funeral|wedding|birthday|graduation)",
        r"(?:my|our)\s+(?:in-laws|parents|family|folks|relatives)"), "family"),
    (_w("vacation", "holiday", "honeymoon", "getaway", "beach", "ski", "skiing", "sightseeing", "leisure", "relax", "anniversary", "hiking", "safari", "diving", "surfing"), "leisure"),
    (_w(r"visit(?:ing)?\s+(?:my\s+|our\s+)?(?:family|parents|mom|mum|dad|grandma|grandparents|sister|brother|in-laws|relatives|aunt|uncle|cousins?)",
        "wedding", "family", "funeral", "reunion", "in-laws", r"with\s+(?:the|my|our)\s+(?:kids|children|family)"), "family"),
    (_w("study", "studying", "semester", "exchange", "course", "university"), "study"),
    (_w("surgery", "treatment", "medical", "clinic", "hospital"), "medical"),
]

DOC_EXPIRES = re.compile(r"\b(?:expir(?:es|ed|ing|y|ation)|exp\.?|valid\s+(?:until|till|through|thru|to)|good\s+(?:until|till|through)|runs\s+out|ends|until|till|through|thru|lapses?|lapsed)\b(?:\s+\w+){0,4}?\s*(?:on|in|by|date\s+(?:is|of))?\s*$", re.I)
DOC_ISSUED = re.compile(r"\b(?:issued|renewed|got\s+it|granted|approved|received|obtained|starting|starts|valid\s+from|effective|begins)\b(?:\s+\w+){0,3}?\s*(?:on|in)?\s*$", re.I)
DOC_STATUS = [(_w("lost", "stolen", "misplaced", "can't find"), "lost"), (_w("expired", r"has\s+expired", r"is\s+expired"), "expired")]
DOC_POSSESS = _w("my", "our", "his", "her", "have", "has", "got", r"exp\.?", "expire", "expires", "expiring", "expiry", "expiration", "valid", "issued", "renewed", "lost", "number", "approved", "granted")

_REACT_VERB = (r"(?:gives?|gave|giving)\s+(?:me|him|her|them|us)\s+(?:\w+\s+){0,2}?(?:hives|rash(?:es)?|welts|migraines?|swelling|eczema)",
               r"makes?\s+(?:me|him|her|them|us)\s+(?:\w+\s+)?(?:swell(?:\s+up)?|break\s+out|throw\s+up|vomit|sick|itch(?:y)?|wheez(?:e|y)|sneez(?:e|y)|puke)",
               r"made\s+(?:me|him|her|them|us)\s+(?:\w+\s+)?(?:swell(?:\s+up)?|break\s+out|throw\s+up|vomit|sick|itch(?:y)?|wheeze)",
               r"trigger(?:s|ed)?\s+(?:my|his|her|their|an?)\s+(?:asthma|migraines?|eczema|hives|attacks?)",
               r"(?:breaks?|broke)\s+(?:me|him|her|them)\s+out")
ALLERGY = _w(*_REACT_VERB, r"allerg(?:y|ic|ies)", r"hay\s+fever", r"can(?:'t|not|’t)\s+(?:have|eat|take|tolerate|handle|digest|touch|be\s+around)",
             r"(?:doesn't|don't|does\s+not|do\s+not)\s+agree\s+with\s+(?:me|him|her|them|us)", r"disagrees?\s+with\s+(?:me|him|her|them|us)",
             r"(?:get|gets|got|getting)\s+(?:\w+\s+){0,2}?(?:hives|rash(?:es)?|welts|itchy|wheezy|swollen)\s+(?:from|after|whenever|when|if)",
             r"swell(?:s|ed)?\s+up\s+(?:from|after|with|when)", r"broke\s+out\s+in", r"breaks\s+out\s+in", r"epi-?\s?pen", r"epinephrine\s+pen",
             r"(?:sensitivity|sensitivities|intolerances?)\s+to", r"gives?\s+(?:me|him|her|them)\s+(?:hives|a\s+rash)",
             r"makes?\s+(?:me|him|her|them)\s+(?:swell|break\s+out)", r"intoleran(?:t|ce)", r"anaphyla\w*", r"react(?:ion|s|ed)?\s+(?:badly\s+)?to", r"break\s+out\s+in", r"sensitiv(?:e|ity)\s+to", "epipen")
ALLERGY_RESOLVED = _w("outgrew", "outgrown", r"grew\s+out\s+of", r"no\s+longer\s+allergic", r"(?:not|isn't|aren't)\s+allergic\s+(?:to\s+[\w ]+?\s+)?any\s?more")
# a retraction: the allergy was never real ("I'm NOT allergic to latex, the nurse wrote it down wrong")
ALLERGY_RETRACTED = _w(r"(?:not|isn't|aren't|never\s+been|wasn't)\s+(?:actually\s+|really\s+)?allergic")
SEVERITY = [
    (_w("severe", "severely", "deathly", "anaphylactic", "anaphylaxis", "life-threatening", "epipen", "very allergic", "seriously", "badly", "extremely"), "severe"),
    (_w("moderate", "moderately"), "moderate"),
    (_w("mild", "mildly", "slightly", "a little", "a bit", "minor"), "mild"),
]
REACTIONS = re.compile(
    r"\b(?:hives|rash(?:es)?|swelling|swell(?:s|ing)?\s+up|anaphylaxis|itchy\s+(?:mouth|throat|eyes|skin)|itching|itchy|sneezing|wheezing|vomiting|"
    r"throat\s+(?:closes|closing|swells|swelling)|trouble\s+breathing|can't\s+breathe|stomach\s+(?:pain|ache|cramps)|"
    r"nausea|headaches?|breathing\s+problems|welts|blisters|throw(?:s|ing)?\s+up|threw\s+up|vomit|puke|asthma|migraines?|"
    r"itchy\s+(?:mouth|throat|eyes|skin)|eczema|break(?:s|ing)?\s+out|broke\s+out)\b",
    re.I,
)
MED = _w(r"tak(?:e|es|ing)", "took", r"on\s+(?:a\s+)?(?:\d+|daily|the)?", r"prescri(?:bed|ption|be)", r"start(?:ed|ing)?",
         r"stop(?:ped|ping)?", r"dose", r"dosage", r"mg", r"pills?", r"tablets?", "daily", r"refills?", "put me on",
         "gave me", "switched", "medication", "meds")
MED_STRONG = _w(r"tak(?:e|es|ing)", "took", r"on", r"prescri(?:bed|ption|be)", r"put\s+(?:me|him|her)\s+on", r"started",
                r"stopped", r"dose", r"mg", r"mcg", r"pills?", r"tablets?", r"refills?", r"medication", r"meds", r"injections?")
MED_STOP = _w(r"stop(?:ped|ping|s)?", "quit", r"(?:don't|do\s+not|doesn't|does\s+not|won't)\s+(?:take|use)\s+(?:[\w-]+\s+){1,3}?any\s?more", r"discontinu(?:ed|ing)", r"no\s+longer\s+(?:on|taking)", r"off\s+(?:the|my|of)",
              r"came\s+off", r"taken\s+off", r"finished", r"done\s+with", r"not\s+taking",
              r"took\s+(?:me|him|her|them|us)\s+off", r"(?:take|taking)\s+(?:me|him|her|them|us)\s+off")
MED_START = _w(r"start(?:ed|ing|s)?", "began", "since", "put me on", "prescribed", "beginning", "switched to")
DOSE = re.compile(r"\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|mL|units?|iu|IU|puffs?|tablets?|pills?|capsules?|drops?)\b")
FREQUENCY = re.compile(
    r"\b(?:once|twice|three\s+times|four\s+times|\d\s*x)\s+(?:a|per)\s+(?:day|week|month|night)\b|\b(?:once|twice)\s+daily\b|"
    r"\bevery\s+(?:\d+|few|other|four|six|eight|twelve)?\s*(?:hours?|days?|morning|night|evening|week|day)\b|\bdaily\b|\bnightly\b|"
    r"\b(?:at\s+bedtime|before\s+bed|in\s+the\s+morning|at\s+night|as\s+needed|weekly|monthly)\b|"
    r"\b(?:with|before|after)\s+(?:(?:my|a|the)\s+)?(?:meals?|food|breakfast|lunch|dinner|supper)\b|\b(?:bid|tid|qd|prn)\b",
    re.I,
)
CONDITION = _w("diagnosed", "have", "has", "had", "developed", r"dealing\s+with", r"struggl(?:e|es|ing)\s+with", "battling", r"fighting",
              r"flare(?:-?ups?|d|s)?", "expecting", "pregnant", "I'm", "I am", "am", "is", r"suffer(?:s|ing)?\s+from", "with", "got", "living with", "history of", "condition", "chronic")
CONDITION_RESOLVED = _w("recovered", r"got\s+over", r"(?:all\s+)?better\s+now", r"over\s+(?:the|my|his|her)\s+\w+\s+now", r"beat\s+(?:the|my|his|her)", r"(?:is|are)\s+gone", r"went\s+away", "cured", "in remission", r"no\s+longer\s+have", "cleared up", "healed")

EVENT_KINDS = [
    (_w(r"appointments?", r"appts?", "checkup", "check-up", "physical", "dentist", "orthodontist", "physio", "physiotherapy",
        "therapy", "surgery", "procedure", "vaccination", r"vaccine", r"(?:flu\s+|covid\s+)?shot", "booster", "jab", "scan", "mri", "x-ray", "blood test", "haircut", "vet",
        "consultation", "follow-up", "cleaning", "eye exam",
        # clinicians and procedures people name as the appointment itself ("I have the dermatologist on the 20th")
        r"(?:dermatologist|cardiologist|gyn(?:a)?ecologist|gyno|ob-?gyn|p(?:a)?ediatrician|optician|optometrist|ophthalmologist|"
        r"orthop(?:a)?edist|podiatrist|chiropractor|allergist|endocrinologist|neurologist|oncologist|psychiatrist|urologist|"
        r"gastroenterologist|rheumatologist|audiologist|hygienist|osteopath|midwife|specialist|GP|doctor's)",
        r"(?:colonoscopy|endoscopy|mammogram|ultrasound|biopsy|smear\s+test|pap\s+smear|ecg|ekg|bloodwork|blood\s+work|"
        r"physical\s+therapy|massage|acupuncture|counsel(?:l)?ing|injection|infusion|chemo|dialysis|operation|"
        r"MOT|car\s+service|smog\s+check|inspection)"), "appointment"),
    (_w(r"meetings?", r"call(?!\s+(?:off|it|back))", "interview", "standup", "review", "presentation", "conference", "webinar", "workshop", "1:1",
        "one-on-one", "sync", "demo", "board meeting", "parent-teacher", "offsite", "off-site", "retreat", "kickoff", "kick-off",
        "all-hands", r"town\s+hall", "summit", r"trade\s+(?:fair|show)", "expo", "convention", "seminar", "training day"), "meeting"),
    (_w("dinner", "lunch", "brunch", "breakfast", "party", "wedding", "concert", "drinks", "date", "birthday party", "bbq",
        "barbecue", "game", "match", "recital", "play", "show", "gig", "festival", "reunion", "celebration", "graduation",
        "funeral", "ceremony", "shower", "picnic", "sleepover", "playdate", "movie", "theater", "theatre", "opera", "ballet",
        r"book\s+club", "christening", "baptism", r"bar\s+mitzvah", r"bat\s+mitzvah", "housewarming", "hen do", "stag do",
        r"(?:bachelor|bachelorette)\s+party", "gala", "fundraiser", "quiz night", "karaoke", "comedy show", "thanksgiving", "christmas dinner"), "social"),
    (_w("class", "lesson", "exam", "test", "practice", "jury duty", r"court(?:\s+date)?", "hearing", "audition", "open house",
        "orientation", "recital", "training", "rehearsal", "tournament", "race", "marathon"), "other"),
]
EVENT_NOUN_FIRST = re.compile(r"^\s*(?:my|our|the)?\s*(?:appointment|meeting|party|dinner|wedding)\b", re.I)
DEADLINE = _w("deadline", r"due", r"(?:has|have|must|needs?)\s+to\s+be\s+in", r"(?:wants?|needs?)\s+.{2,40}?\s+back\s+by",
              r"(?:closes?|close|closing)\s+(?:on\s+)?(?:the\s+)?(?:\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|this|tomorrow|today)",
              r"(?:registration|enrol?lment|applications?|submissions?|nominations?|entries|sign-?ups?)\s+(?:closes?|ends?|close)",
              r"(?:need|needs|have|has|got|gotta|must)\s+(?:to\s+)?\w+\b.*\bwithin\s+\w+\s+(?:days?|weeks?)", r"(?:need|needs|have|has|got|gotta)\s+(?:to\b)?.*\b(?:by|before)", r"must\b.*\b(?:by|before)",
              r"(?:by|before)\s+(?:the\s+)?(?:end|\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|tomorrow|next)",
              r"last\s+day\s+to", "submit", r"file\s+(?:my|our|the)", r"renew", "expires", r"pay\s+(?:the|my|our)")
DEADLINE_DONE = _w("submitted", "filed", "done", "finished", "sent in", "handed in", "turned in", r"paid\s+(?:the|my|our)", "completed",
                  r"sent\s+(?:the|my|our)\s+[\w ]{2,40}?\s+(?:off|in)", r"(?:handed|turned|sent|got)\s+(?:the|my|our)\s+[\w ]{2,40}?\s+in")
# "Sent the quarterly report off today": a deadline met, named by what was due
DEADLINE_MET = re.compile(r"\b(?:sent|submitted|filed|handed|turned|finished|completed|returned|renewed)\s+(?:off\s+|in\s+)?(?:the|my|our)\s+"
                          r"(?P<s>[\w'’ -]{2,40}?)(?=\s+(?:off|in|back|today|yesterday|this|last|on|at|early|finally)\b|[,.;!]|$)", re.I)

TRANSFER = _w(r"goes\s+out", r"payments?", r"send", "sent", r"sending", r"transfer(?:red|ring)?", r"wire[ds]?", r"wiring", r"pay(?:ing)?", "paid", r"venmo(?:ed)?",
              r"zelle(?:d)?", r"venmo'd", r"zelle'd", r"reimburse[ds]?", r"owe[sd]?", r"lend", "lent", r"loan(?:ed)?", "deposit", r"refund(?:ed)?")
REQUESTED = _w(r"asked\s+(?:me\s+)?to", "requested", r"wants\s+me\s+to", r"need\s+to", r"have\s+to", "should", "will", r"going\s+to", "must", "remind me")
DONE = _w("sent", "paid", "transferred", "wired", "venmoed", r"venmo'd", "zelled", r"zelle'd", "reimbursed", "deposited", "lent", "tipped")

ACCOUNT = _w(r"accounts?", "checking", "savings", r"credit\s+cards?", r"cards?", "brokerage", "loan", "mortgage", "ira", "401k",
             "roth", "limit", "balance", "debit card", "overdraft", "opened", "closed", "isa")
ACCOUNT_KIND = [
    (_w(r"credit\s+cards?", r"cards?", "amex", "visa card", "mastercard"), "credit_card"),
    (_w("savings", "isa", "high-yield", "high yield"), "savings"),
    (_w("checking", "current account", "debit card"), "checking"),
    (_w("brokerage", "ira", "401k", "roth", "investment", "stocks", "portfolio"), "brokerage"),
    (_w("loan", "mortgage", "student loan", "car loan"), "loan"),
]
# an account or card shut, even when the user says "cancelled"
ACCOUNT_CLOSED = _w("closed", "closing", r"shut\s+down", r"(?:got|was|been|is)\s+cancell?ed", r"cancell?ed\s+(?:my|the|our)\s+(?:\w+\s+)?(?:card|account)")
SUBSCRIPTION = _w(r"subscri(?:be|bed|ption|ptions|bing)", "membership", r"plan", r"renew(?:s|al|ed)?", r"signed\s+up", "premium",
                  "trial", r"a\s+month", r"per\s+month", r"/\s*mo(?:nth)?", "monthly", r"a\s+year", "annual", "yearly", r"billed",
                  r"charged?", "pay", "paying", "costs?", r"price", r"raised", r"went\s+up", r"goes\s+up")
RENEWAL = re.compile(r"\b(?:renew(?:s|al|ed)?|billed|charged?|next\s+(?:payment|bill|charge)|bills?|auto-?renews?|trial\s+ends?|ends)\b(?:\s+\w+){0,3}?\s*(?:on|in)?\s*$", re.I)

PURCHASE = _w("bought", "purchased", r"(?:pre-?)?ordered", r"picked\s+up", "grabbed", "snagged", r"treated\s+(?:myself|ourselves|us)\s+to", r"got\s+(?:a|an|the|some|myself|new)", r"buying", "splurged on",
              "paid", r"spent", "scored", r"invested\s+in", r"placed\s+an\s+order", r"upgraded\s+to", r"spr[au]ng\s+for", r"shelled\s+out")
RETURNED = _w(r"(?<!be\s)(?<!been\s)returned", r"sent\s+(?:it\s+)?back", r"took\s+(?:it\s+)?back")
RETURN_BY = re.compile(r"\breturn(?:ed)?\b(?:\s+\w+){0,3}?\s+(?:by|before|until)\s*(?:the\s+)?$", re.I)
RETURN_WINDOW = re.compile(r"\b(?P<n>\d+|thirty|fourteen|ninety|sixty)[- ]day\s+return|\breturn(?:s)?\s+(?:window|policy|period)\s+(?:of|is)\s+(?P<n2>\d+)\s+days\b|\breturn(?:ed)?\b[^.]*?\bwithin\s+(?P<n3>\d+|thirty|fourteen)\s+days\b", re.I)
WARRANTY = re.compile(r"\b(?P<n>\d+|one|two|three|five|ten)[- ]?(?P<u>year|yr|month)s?[- ](?:\w+[- ])?(?:warranty|guarantee)\b|\b(?:warranty|guarantee)\b(?:\s+\w+){0,3}?\s+(?:for\s+|of\s+|is\s+)?(?P<n2>\d+|one|two|three|five|ten)\s*(?P<u2>year|yr|month)s?\b", re.I)
WARRANTY_UNTIL = re.compile(r"\bwarranty\b(?:\s+\w+){0,4}?\s+(?:until|till|through|expires|ends|runs\s+out)\s*(?:on|in)?\s*$", re.I)

PREFERENCE = _w("prefer", "prefers", "preferred", r"favou?rite", r"I\s+(?:really\s+)?(?:like|love|hate|dislike|enjoy|adore)",
                r"(?:don't|do\s+not|never)\s+(?:like|want|eat|drink|fly|book)", r"can't\s+stand", "always", r"I'm\s+(?:a\s+)?(?:vegetarian|vegan|pescatarian)",
                r"I\s+am\s+(?:a\s+)?(?:vegetarian|vegan|pescatarian)", "vegetarian", "vegan", "pescatarian", "kosher", "halal",
                r"aisle\s+seats?", r"window\s+seats?", r"budget", r"no\s+more\s+than", r"(?:spend|spending)\s+(?:more\s+than|over|less\s+than|under)",
                r"warn\s+me", r"alert\s+me", r"notify\s+me", r"keep\s+(?:it|me|spending|my\s+[\w ]+?)\s+(?:under|below)", r"rather",
                r"(?:don't|do\s+not|never)\s+let\s+me", r"(?:cap|limit)\s+(?:my|me|it)")
# a standing instruction about future spending or transfers: a rule, not a fact that happened
RULE_IF = re.compile(r"\b(?:warn|alert|notify|tell|ping|flag)\s+me\s+(?:if|when|whenever|before)\b|\b(?:don't|do\s+not|never)\s+let\s+me\b", re.I)
PREF_TOPICS = [
    (_w("aisle", "window seat", "window seats", "seat", "seats", "legroom"), "seat"),
    (_w("vegetarian", "vegan", "pescatarian", "kosher", "halal", "gluten-free", "eat", "food", "cuisine", "spicy", "meat", "dairy-free"), "diet"),
    (_w("hotel", "hotels", "airbnb", "hostel", "accommodation"), "accommodation"),
    (_w("airline", "airlines", "fly with", "economy", "business class", "first class", "layovers?", "direct flights?", "red-eye", "nonstop"), "flights"),
    (_w("dining", "restaurants", "eating out", "takeout"), "dining"),
    (_w("spend", "spending", "budget", "no more than"), "budget"),
    (_w("coffee", "tea", "wine", "beer"), "drinks"),
    (_w("trains?", "planes?", "flying", "driving", "bus", "ferries", "ferry"), "transport"),
    (_w("music", "band", "bands", "songs"), "music"),
    (_w("movie", "movies", "film", "films", "shows", "tv"), "entertainment"),
    (_w("morning", "mornings", "evening", "evenings", "early", "late"), "schedule"),
]

SMALL_TALK = re.compile(
    r"^(?:hi|hey|hello|thanks|thank\s+you|thx|ok(?:ay)?|cool|great|sure|yes|yeah|yep|no|nope|bye|good\s+(?:morning|night|evening)|"
    r"lol|haha|awesome|perfect|got\s+it|sounds\s+good|nice|wow|hmm|alright|right|fine|please|ty|nothing\s+much|not\s+much|meh|"
    r"just\s+(?:tired|bored|chilling|checking)|same|anyway|never\s*mind|nvm|good|bad|tired)\b",
    re.I,
)
REQUEST = re.compile(r"^(?:can|could|would|will)\s+you\b|^(?:please\s+)?(?:help|tell|show|remind|find|give|list|explain|check)\s+me\b|^what\b|^when\b|^how\b|^why\b|^where\b|^who\b|^do\s+I\b|^is\s+it\b|^should\s+I\b", re.I)


_REACTION_NAMES = [
    (re.compile(r"throw|threw|vomit|puke", re.I), "vomiting"), (re.compile(r"break|broke", re.I), "rash"),
    (re.compile(r"rashes", re.I), "rash"), (re.compile(r"swell", re.I), "swelling"),
]


def reaction_name(text: str) -> str:
    """A reaction as a short canonical noun phrase ("threw up" -> "vomiting")."""
    low = re.sub(r"\s+", " ", text.strip().lower())
    if low.startswith("itchy "):
        return low
    return next((name for pat, name in _REACTION_NAMES if pat.search(low)), low)


def cancelled(text: str) -> bool:
    """A cancellation that happened (or is ordered), not one that is only intended."""
    for m in CANCEL.finditer(text):
        if not INTENT.search(text[max(0, m.start() - 30) : m.start()]):
            return True
    return False
