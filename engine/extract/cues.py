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
    # other ways people say they are going somewhere
    r"flies", "flown", r"(?:bus|coach|ferry|boat|plane|flight|train|red-?eye|overnight|sleeper)\s+(?:\w+\s+)?(?:to|into|out\s+of)",
    r"(?:send(?:ing|s)?|sent)\s+(?:me|him|her|us|them)\s+(?:\w+\s+)?to", r"jet(?:ting)?\s+off", r"escap(?:e|ing)\s+to",
    r"(?:hop(?:ping)?|pop(?:ping)?|nip(?:ping)?|zip(?:ping)?)\s+(?:over|across|down|up)\s+to", r"catch(?:ing)?\s+(?:a|the|an)\s+\w+\s+to",
    r"backpack(?:ing)?", r"tour(?:ing)?\s+(?:around|through)", r"trek(?:king)?\s+(?:in|through|to)",
    r"sp[ea]nd(?:ing|s)?\s+(?:\w+\s+){1,2}(?:weeks?|days?|nights?|weekend|fortnight|holidays?)\s+(?:in|at|on)",
    r"(?:I'm|I\s+am|we're|we\s+are|he's|she's|they're|be)\s+(?:\w+\s+)?in\s+\w+(?:\s+\w+)?\s+for\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+(?:of\s+)?|\d+)\s+(?:days|nights|weeks?|fortnight)",
    r"landed\s+in", r"(?:got\s+)?home\s+from", r"long\s+weekend", r"weekend\s+(?:away|break)\s+in", r"city\s+break", r"the\s+\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?\s+(?:out\s+of|to|from)\s+(?=[A-Z])",
)
TRIP_STRONG = _w(r"fly(?:ing)?", "flew", r"flights?", "trip", "vacation", "honeymoon", "itinerary", "cruise", "layover", r"holiday")
RETURN = re.compile(r"\b(?:back|return(?:ing|s)?|come\s+home|coming\s+home|fly(?:ing)?\s+home|home|until|till|through|"
                    r"ends?(?:\s+back)?(?:\s+(?:there|here|home))?|ending|back\s+(?:there|here|home))\s+(?:on\s+|by\s+)?(?:the\s+)?$", re.I)
RETURN_ANY = _w(r"get(?:ting)?\s+back", r"com(?:e|ing)\s+back", r"fly(?:ing)?\s+back", r"return(?:ing)?", r"back\s+home",
                r"fly(?:ing)?\s+home", r"head(?:ing)?\s+home", r"flight\s+home", r"return\s+flight")
DEPART = re.compile(r"\b(?:leav(?:e|ing)|depart(?:ing|s)?|fly(?:ing)?\s+out|start(?:s|ing)?|from|arriv(?:e|ing))\s+(?:on\s+)?(?:the\s+)?$", re.I)
BOOKED = _w("booked", "reserved", r"bought\s+(?:the\s+|our\s+|my\s+)?(?:plane\s+)?tickets?", r"have\s+(?:the\s+|our\s+|my\s+)?tickets?", "confirmed", "paid for",
           r"got\s+(?:the\s+|our\s+|my\s+)?(?:plane\s+|train\s+|flight\s+|bus\s+)?tickets?", r"tickets?\s+(?:\w+\s+){0,3}?(?:are|is)\s+(?:all\s+)?(?:sorted|bought|booked|confirmed)",
           r"booking\s+(?:is\s+)?confirmed")
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
    (_w(r"fly(?:ing)?", "flies", "flew", "flown", r"flights?", "plane", "airport", r"airlines?", r"red-?eye"), "flight"),
    (_w(r"trains?", "rail", "eurostar", "amtrak", "shinkansen"), "train"),
    (_w(r"driv(?:e|ing)", "drove", "road trip", "car", "rental car"), "car"),
    (_w("bus", "coach", "greyhound", "flixbus", "megabus"), "bus"),
    (_w("cruise", "ferry", "ship", "boat", "sail", "sailing"), "ship"),
]
PURPOSE = [
    (_w("business", r"for\s+work", r"work\s+(?:trip|travel|conference|event)", "conference", "client", "clients", "meeting", r"meet(?:ing|ng)s?",
        "offsite", "summit", r"trade\s+(?:show|fair)", "expo", "convention", "onsite", "on-site", "site visit", "business trip", "congress"), "business"),
    (_w(r"(?:my\s+|our\s+)?(?:mom|mum|mother|dad|father|parents|sister|brother|grandma|grandpa|grandmother|grandfather|son|daughter|wife|husband|partner|aunt|uncle|cousin|friend)'s\s+(?:surgery|treatment|operation|chemo|funeral|wedding|birthday|graduation)",
        r"(?:my|our)\s+(?:in-laws|parents|family|folks|relatives)"), "family"),
    (_w("vacation", "holiday", "honeymoon", "getaway", "beach", "ski", "skiing", "sightseeing", "leisure", "relax", "anniversary", "hiking", "safari", "diving", "surfing"), "leisure"),
    (_w(r"(?:visit(?:ing|s)?|see(?:ing)?|stay(?:ing)?\s+with)\s+(?:my\s+|our\s+|his\s+|her\s+|their\s+)?(?:family|folks|parents|mom|mum|mother|dad|father|grandma|grandpa|grandparents|granny|nan|sister|brother|sis|bro|son|daughter|kids|in-laws|relatives|aunt|uncle|cousins?|niece|nephew)",
        "wedding", "family", "funeral", "reunion", "in-laws", r"with\s+(?:the|my|our)\s+(?:kids|children|family)"), "family"),
    (_w("study", "studying", "semester", "exchange", "course", "university"), "study"),
    (_w("surgery", "treatment", "medical", "clinic", "hospital"), "medical"),
]

DOC_EXPIRES = re.compile(r"\b(?:expir(?:es|ed|ing|y|ation)|exp\.?|valid\s+(?:until|till|through|thru|to)|good\s+(?:until|till|through)|runs\s+out|ends|until|till|through|thru|lapses?|lapsed)\b(?:\s+\w+){0,4}?\s*(?:on|in|by|date\s+(?:is|of))?\s*$", re.I)
DOC_ISSUED = re.compile(r"\b(?:issued|renewed|got\s+it|granted|approved|received|obtained|starting|starts|valid\s+from|effective|begins)\b(?:\s+\w+){0,3}?\s*(?:on|in)?\s*$", re.I)
DOC_STATUS = [(_w(r"found\s+(?:my|his|her|our|their|the)\s+(?:\w+\s+)?(?:passports?|visas?|licen[cs]es?|id(?:\s+card)?)", r"(?:turned|showed)\s+up",
                   r"got\s+(?:it|them)\s+back", r"(?:was|were)\s+(?:found|returned|handed\s+in)"), "valid"),
              (_w("lost", "stolen", "stole", "nicked", r"pick-?pocketed", "misplaced", r"can(?:'|no)?t\s+find", r"couldn'?t\s+find",
                   r"went\s+missing", r"(?:is|are|was|has\s+gone)\s+missing", r"(?:left|dropped)\s+(?:\w+\s+){1,3}(?:at|on|in)\s+the\b[^.]*\bgone"), "lost"), (_w("expired", r"has\s+expired", r"is\s+expired"), "expired")]
DOC_POSSESS = _w("my", "our", "his", "her", "have", "has", "got", r"exp\.?", "expire", "expires", "expiring", "expiry", "expiration", "valid", "issued", "renewed", "lost", "number", "approved", "granted")

# --- health (allergies, medications, conditions) ---
_BODY = r"(?:throat|lips?|face|tongue|mouth|skin|eyes?|hands?|neck|cheeks?|airways?|ears?|nose|arms?|legs?|scalp|chest)"
_REACT_NOUN = (r"(?:hives|rash(?:es)?|welts|migraines?|headaches?|swelling|eczema|blisters|stomach\s+(?:cramps|aches?|pains?)|cramps|"
               r"(?:an?\s+)?(?:upset|bad)\s+stomach|tummy\s+aches?|diarrh(?:o)?ea|the\s+runs|itchy\s+\w+|a\s+(?:bad\s+|allergic\s+)?reaction|"
               r"reactions|breathing\s+problems|trouble\s+breathing|heartburn|nausea|the\s+shakes|red\s+(?:bumps|spots|blotches)|"
               r"stomach\s+(?:problems|issues|upsets?|trouble)|(?:bad\s+)?side\s+effects)")
_REACT_VERB = (rf"(?:gives?|gave|giving|given)\s+(?:me|him|her|them|us|(?:my|our)\s+[\w-]+)\s+(?:\w+\s+){{0,2}}?{_REACT_NOUN}",
               r"(?:makes?|made|making)\s+(?:me|him|her|them|us|(?:my|our)\s+[\w-]+)\s+(?:\w+\s+){0,2}?(?:swell(?:\s+up)?|break\s+out|throw\s+up|vomit|sick|ill|itch(?:y)?|"
               r"wheez(?:e|y)|sneez(?:e|y)|puke|nauseous|nauseated|blotchy|puffy|come\s+out\s+in|get\s+hives)",
               rf"(?:makes?|made|making)\s+(?:my|his|her|their)\s+{_BODY}\s+(?:\w+\s+)?(?:swell|itch|close|tingle|burn|puff|go\s+red|blister)",
               rf"(?:my|his|her|their)\s+{_BODY}\s+(?:swells?|swelled|closes?|closed|itch(?:es)?|puffs?|tingles?)(?:\s+up)?",
               r"trigger(?:s|ed)?\s+(?:my|his|her|their|an?)\s+(?:asthma|migraines?|eczema|hives|attacks?)",
               r"(?:sets?|setting)\s+off\s+(?:my|his|her|their)\s+(?:asthma|migraines?|eczema|hives|hay\s*fever)",
               r"(?:breaks?|broke)\s+(?:me|him|her|them)\s+out",
               r"(?:upsets?|irritates?|wrecks?|messes\s+up|destroys?)\s+(?:my|his|her|their)\s+(?:stomach|tummy|gut|skin)",
               r"(?:makes?|made|making)\s+(?:my|his|her|their)\s+(?:stomach|tummy|belly|gut)\s+(?:hurt|ache|churn)")
ALLERGY = _w(*_REACT_VERB, r"al+[ae]?r+[gj](?:y|ic|ies|ie|ick)", r"al+erg(?:y|ic|ies)", r"allegic", r"hay\s*fever",
             r"can(?:'t|not|’t|t)\s+(?:have|eat|take|tolerate|handle|digest|touch|be\s+around|do|drink|stomach)",
             r"(?:doesn't|don't|does\s+not|do\s+not|doesnt|dont|didn't|didnt)\s+(?:\w+\s+)?agree\s+with\s+(?:me|him|her|them|us|my|his|our)",
             r"disagrees?\s+with\s+(?:me|him|her|them|us|my|his)",
             r"(?:get|gets|got|getting)\s+(?:\w+\s+){0,2}?(?:hives|rash(?:es)?|welts|itchy|wheezy|swollen|blisters)\s+(?:from|after|whenever|when|if|with)",
             r"(?:I|he|she|they|we)\s+(?:always\s+|usually\s+)?(?:get|gets|got|break\s+out\s+in)\s+(?:a\s+|bad\s+|really\s+bad\s+)?(?:hives|rash|welts|blisters)",
             r"swell(?:s|ed)?\s+up", r"broke\s+out\s+in", r"breaks?\s+out\s+in", r"epi-?\s?pens?", r"epinephrine\s+pen", r"auvi-?q",
             r"(?:sensitivity|sensitivities|intolerances?)\s+to", r"intoleran(?:t|ce)", r"anaphyla\w*",
             r"react(?:ion|ions|s|ed)?\s+(?:\w+\s+){0,2}?to", r"break\s+out\s+in", r"sensitiv(?:e|ity)\s+to",
             r"throat\s+(?:closes|closing|swells|swelling|tightens|gets\s+tight)", r"(?:came|come|comes|coming)\s+out\s+in",
             r"(?:so|and)\s+(?:I|he|she|we|they)\s+(?:have\s+to\s+|has\s+to\s+|always\s+)?(?:avoid|stay\s+away\s+from)\s+(?:it|them)")
ALLERGY_RESOLVED = _w("outgrew", "outgrown", r"grew\s+out\s+of", r"grown\s+out\s+of", r"no\s+longer\s+allergic", r"used\s+to\s+be\s+allergic",
                      r"(?:not|isn't|aren't|no)\s+(?:longer\s+)?allergic\s+(?:to\s+[\w ]+?\s+)?any\s?more")
# a retraction: the allergy was never real ("I'm NOT allergic to latex, the nurse wrote it down wrong")
ALLERGY_RETRACTED = _w(r"(?:not|isn't|aren't|never\s+been|wasn't|never\s+was|never|am\s+not|'m\s+not)\s+(?:actually\s+|really\s+)?allergic",
                       r"(?:no|not\s+an?)\s+(?:\w+\s+)?allergy\s+after\s+all", r"isn't\s+(?:really\s+)?an?\s+allergy")
# a guess or a generic statement is not an allergy ("I might be allergic to cats", "lots of people react to penicillin")
ALLERGY_HEDGE = _w(r"(?:might|may|could)\s+(?:\w+\s+)?be\s+allergic", r"not\s+sure\s+(?:if|whether)", r"wonder(?:ing)?\s+(?:if|whether)",
                   r"(?:if|whether)\s+(?:I|he|she|they|you|we)(?:'m|\s+am|\s+is|\s+are|\s+was|\s+were)?\s+(?:\w+\s+)?allergic",
                   r"(?<!the\s)(?<!my\s)(?<!our\s)(?<!both\s)(?:people|anyone|someone|everyone|nobody|no\s+one|kids|children)\s+(?:\w+\s+)?(?:are|is|get|can\s+be|react)",
                   r"(?:going\s+to|gonna|will|to|getting|get|being)\s+test(?:ed)?\s+(?:me\s+|him\s+|her\s+)?for\s+(?:an?\s+)?(?:\w+\s+)?allerg\w*", r"vet")
SEVERITY = [
    (_w("severe", "severely", "deathly", "deadly", "anaphylactic", "anaphylaxis", "life-threatening", r"life\s+threatening", "epipen", "epi-pen",
        "very allergic", "highly allergic", "seriously", "extremely", r"super\s+allergic", "serious allergy", "dangerous"), "severe"),
    (_w("moderate", "moderately"), "moderate"),
    (_w("mild", "mildly", "slightly", "slight", "a little", "a bit", "minor", r"not\s+(?:too\s+|that\s+)?(?:bad|serious)", r"nothing\s+serious"), "mild"),
]
REACTIONS = re.compile(
    rf"\b(?:hives|rash(?:es)?|swelling|swell(?:s|ing|ed)?\s+up|anaphyla(?:xis|ctic(?:\s+shock)?)|itchy\s+(?:mouth|throat|eyes|skin|lips|tongue)|"
    rf"{_BODY}\s+(?:was|is|gets|got|goes|went|felt|feels)\s+(?:all\s+|really\s+|super\s+|so\s+)?(?:itchy|swollen|tingly|puffy)|itching|itchy|"
    r"sneez(?:e|es|ing)|wheez(?:e|es|y)|cough(?:ing)?|"
    rf"sneezing|wheezing|vomiting|{_BODY}\s+(?:clos(?:e|es|ing|ed)|swell(?:s|ing|ed)?|tighten(?:s|ing)?|tight|itch(?:es|y)?)(?:\s+up)?|"
    r"(?:trouble|difficulty)\s+breathing|can't\s+breathe|short(?:ness)?\s+of\s+breath|stomach\s+(?:pain|aches?|cramps|upset|problems|issues|hurts?)|tummy\s+(?:aches?|hurts?)|upset\s+stomach|"
    r"cramps|diarrh(?:o)?ea|nausea|headaches?|breathing\s+problems|welts|blisters?|blistering|throw(?:s|ing)?\s+up|threw\s+up|vomit|puke|asthma|migraines?|"
    r"eczema|runny\s+nose|watery\s+eyes|hay\s*fever|red\s+(?:bumps|spots|blotches)|blotch(?:es|y)|break(?:s|ing)?\s+out|broke\s+out)\b",
    re.I,
)
MED = _w(r"tak(?:e|es|ing)", "took", r"on\s+(?:a\s+)?(?:\d+|daily|the)?", r"prescri(?:bed|ption|be)", r"start(?:ed|ing)?",
         r"stop(?:ped|ping)?", r"dose", r"dosage", r"mg", r"pills?", r"tablets?", "daily", r"refills?", "put me on",
         "gave me", "switched", "medication", "meds", r"us(?:e|es|ing)", r"inhalers?", r"injections?", r"carr(?:y|ies|ying|ied)",
         r"giv(?:e|es|en|ing)\s+(?:me|him|her|them|us)", r"got\s+(?:me|him|her)\s+on", r"(?:my|his|her)\s+(?:daily|usual|regular)")
MED_STRONG = _w(r"tak(?:e|es|ing)", "took", r"on", r"prescri(?:bed|ption|be)", r"put\s+(?:me|him|her)\s+on", r"started",
                r"stopped", r"dose", r"mg", r"mcg", r"pills?", r"tablets?", r"refills?", r"medication", r"meds", r"injections?",
                r"us(?:e|es|ing)", r"inhalers?", r"milligrams?")
MED_STOP = _w(r"stop(?:ped|ping|s)?", "quit", r"(?:don't|do\s+not|doesn't|does\s+not|won't|dont|doesnt)\s+(?:take|use|need)\s+(?:[\w-]+\s+){1,3}?any\s?more",
              r"discontinu(?:ed|ing)", r"no\s+longer\s+(?:on|taking|using|need(?:s|ing)?)", r"off\s+(?:the|my|of|his|her)",
              r"(?:'m|am|is|'s|are|been|was|were|got|came|come|now)\s+off\b", r"not\s+on\s+(?:[\w-]+\s+){1,3}?any\s?more",
              r"came\s+off", r"taken\s+off", r"finished", r"done\s+with", r"not\s+taking", r"gave\s+up", r"weaned\s+(?:\w+\s+)?off",
              r"taper(?:ed)?\s+off", r"ditched", r"dropped", r"used\s+to\s+(?:take|be\s+on|use)",
              r"took\s+(?:me|him|her|them|us)\s+off", r"(?:take|taking)\s+(?:me|him|her|them|us)\s+off")
MED_START = _w(r"start(?:ed|ing|s)?", "began", "since", "put me on", "prescribed", "beginning", "switched to")
# a medication someone decided against ("so I'm not going to start it"): cancelled, not stopped
MED_NOT_STARTED = _w(r"not\s+(?:going\s+to|gonna)\s+(?:start|take|try)", r"won't\s+(?:be\s+)?(?:start|tak|tr)\w*", r"decided\s+(?:not\s+to|against)",
                     r"never\s+(?:started|filled|picked\s+up)", r"didn't\s+(?:start|fill|take)", r"not\s+starting", r"(?:refused|declined)",
                     r"(?:cancel(?:l)?ed|scrapped)\s+(?:the\s+)?(?:prescription|script)")
# a medication that is only considered, asked about or never taken states nothing yet
MED_HEDGE = _w(r"should\s+I", r"can\s+I", r"can(?:'t|not|’t|t)\s+(?:take|have|use|be\s+on)", r"(?:not\s+allowed|not\s+supposed)\s+to\s+(?:take|have|use)", r"is\s+it\s+safe", r"(?:might|may|could|would)\s+(?:\w+\s+)?(?:start|try|take|need|go\s+on|be\s+put\s+on|switch)",
               r"thinking\s+(?:about|of)", "considering", r"wonder(?:ing)?", r"(?:if|whether)\s+(?:I|he|she|we|they)\s+(?:should|could|can)",
               r"never\s+(?:taken|took|take|tried|used)", r"(?:don't|do\s+not|doesn't|dont)\s+(?:take|use)\s+(?:any|anything)", r"ask(?:ed)?\s+(?:my\s+|the\s+)?(?:doctor|gp|pharmacist)\s+about")
_NUM_WORD = r"(?:one|two|three|four|five|six|half\s+a|a\s+half|half|1/2)"
_DOSE_UNIT_LONG = (r"(?:milligrams?|milligrammes?|micrograms?|grams?|millilit(?:er|re)s?|units?|puffs?|tablets?|tabs?|pills?|capsules?|caps|drops?|"
                   r"sprays?|teaspoons?|tsp|patch(?:es)?|injections?|gumm(?:y|ies)|softgels?|lozenges?|sachets?|scoops?)")
DOSE = re.compile(rf"\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|g|ml|mL|iu|IU|{_DOSE_UNIT_LONG})\b|\b{_NUM_WORD}\s+{_DOSE_UNIT_LONG}\b", re.I)
_FREQ_N = r"(?:once|twice|thrice|three\s+times|four\s+times|five\s+times|\d+\s*(?:x|times)|x\s*\d+)"
_FREQ_EVERY = r"(?:\d+(?:\s*(?:-|to)\s*\d+)?|few|other|two|three|four|five|six|eight|twelve|twenty-four)"
FREQUENCY = re.compile(
    rf"\b(?:up\s+to\s+)?{_FREQ_N}\s+(?:a|per|each|every)\s+(?:day|week|month|night)\b|\b{_FREQ_N}\s+(?:daily|weekly|nightly)\b|"
    rf"\b(?:every|each)\s+{_FREQ_EVERY}?\s*(?:hours?|hrs?|days?|mornings?|nights?|evenings?|weeks?|months?|day)(?:\s+and\s+(?:every\s+)?(?:night|evening|morning))?\b|"
    r"\b(?:one|two|1|2)\s+a\s+day\b|\bdaily\b|\bnightly\b|\bweekly\b|\bmonthly\b|(?<=mg\s)(?:a|per)\s+day\b|(?<=mg\s)(?:a|per)\s+week\b|"
    r"\b(?:(?:once\s+)?in\s+the\s+(?:morning|evening|afternoon)(?:\s+and\s+(?:at\s+night|in\s+the\s+evening))?|morning\s+and\s+(?:night|evening)|"
    r"at\s+(?:bedtime|night|dinner|breakfast|lunch)|before\s+(?:bed|sleep)|"
    r"as\s+(?:needed|required|necessary)|when(?:ever)?\s+(?:needed|necessary|required|I\s+need\s+(?:it|them|one))|if\s+needed|on\s+an?\s+as[\s-]needed\s+basis)\b|"
    r"\b(?:with|before|after)\s+(?:(?:my|a|the|each|every)\s+)?(?:meals?|food|breakfast|lunch|dinner|supper)\b|\b(?:bid|tid|qid|qd|qhs|qod|qam|qpm|prn|q\d+h)\b",
    re.I,
)
CONDITION = _w("diagnosed", "have", "has", "had", "developed", r"dealing\s+with", r"struggl(?:e|es|ing)\s+with", "battling", r"fighting",
              r"flare(?:-?ups?|d|s)?", "expecting", "pregnant", "I'm", r"i['’]?m", "I am", "am", "is", r"suffer(?:s|ing)?\s+from", "with", "got", "living with", "history of", "condition", "chronic",
              r"'s\s+got", r"'ve\s+got", "told", "found out", "since", "confirmed", r"it['’]s", r"turns?\s+out", r"for\s+(?:my|his|her|their|the|this|our)", r"managing", r"treated\s+for", r"recovering\s+from", "caught", r"came\s+down\s+with")
CONDITION_RESOLVED = _w("recovered", r"got\s+over", r"(?:all\s+)?better\s+now", r"over\s+(?:the|my|his|her)\s+\w+\s+now", r"beat\s+(?:the|my|his|her)", r"(?:is|are)\s+gone", r"went\s+away", "cured", "in remission", r"no\s+longer\s+have", "cleared up", "healed",
                        r"(?:fine|fully\s+recovered|good\s+as\s+new)\s+now", r"is\s+fixed", r"(?:got|have|has)\s+rid\s+of", r"no\s+longer\s+(?:has|have|pregnant|diabetic)", r"cancer[\s-]free", r"all\s+clear")
# a condition that is denied, only suspected, being tested for, or named as a topic is not (yet) a condition
CONDITION_NOT = _w(r"(?:don't|do\s+not|doesn't|does\s+not|dont|doesnt|didn't|never)\s+(?:\w+\s+)?(?:have|had|got)", r"(?:not|isn't|aren't|wasn't|never\s+been)\s+(?:\w+\s+)?(?:pregnant|diabetic|asthmatic)",
                   r"(?:might|may|could)\s+(?:\w+\s+)?(?:have|be|get|develop)", r"(?:think|thinks|thought|worried|worry|scared|afraid|suspect(?:s|ed)?)\s+(?:\w+\s+){0,2}?(?:have|has|had|be|is)",
                   r"tested\s+negative", r"ruled\s+out", r"no\s+(?:signs?|sign|history|evidence)\s+of", r"(?:test(?:s|ed|ing)?|screen(?:ed|ing)?|check(?:ed|ing)?)\s+(?:me\s+|him\s+|her\s+)?for",
                   r"running\s+tests", r"runs\s+in\s+(?:the|my|our|his|her)\s+family", r"family\s+history", r"risk\s+(?:of|for)", r"at\s+risk", r"prevent",
                   r"if\s+(?:I|you|he|she|we|they)\b", r"(?:people|anyone|someone|everyone)\s+with", r"(?:died|passed\s+away)\s+(?:of|from)")

EVENT_KINDS = [
    (_w(r"appointments?", r"appts?", "checkup", "check-up", "physical", "dentist", "orthodontist", "physio", "physiotherapy", r"(?-i:PT)",
        "therapy", "surgery", "procedure", "vaccination", r"vaccine", r"(?:flu\s+|covid\s+)?shot", "booster", "jab", "scan", "mri", "x-ray", "blood test", "haircut", "vet",
        "consultation", "follow-up", "cleaning", "eye exam",
        # clinicians and procedures people name as the appointment itself ("I have the dermatologist on the 20th")
        r"(?:dermatologist|cardiologist|gyn(?:a)?ecologist|gyno|ob-?gyn|p(?:a)?ediatrician|optician|optometrist|ophthalmologist|"
        r"orthop(?:a)?edist|podiatrist|chiropractor|allergist|endocrinologist|neurologist|oncologist|psychiatrist|urologist|"
        r"gastroenterologist|rheumatologist|audiologist|hygienist|osteopath|midwife|specialist|GP|doctor's)",
        r"(?:colonoscopy|endoscopy|mammogram|ultrasound|biopsy|smear\s+test|pap\s+smear|ecg|ekg|bloodwork|blood\s+work|"
        r"physical\s+therapy|massage|acupuncture|counsel(?:l)?ing|injection|infusion|chemo|dialysis|operation|"
        r"MOT|car\s+service|smog\s+check|inspection)",
        r"(?:eye|hearing|driving|sight)\s+test", r"(?:dental|dentist['’]?s?|doctor['’]?s?|gp)\s+(?:visit|check)", "therapist", "counsel(?:l)?or",
        r"manicure", r"pedicure", r"nails", r"facial", r"wax(?:ing)?", r"tattoo", r"pre-?op", r"post-?op", r"check-?in\s+with\s+(?:the\s+)?(?:doctor|nurse)",
        r"(?:flat|house|apartment)\s+viewing", r"viewing", r"c-?section", r"(?:wisdom\s+)?teeth\s+(?:out|pulled|removed)", r"root\s+canal",
        r"lab\s+work", r"stitches\s+out", r"boiler\s+service", r"(?:plumber|electrician|gas\s+engineer|technician|handyman|repairman|installer)(?=\s+(?:is\s+|['’]s\s+)?(?:coming|booked|visiting|arriving|round|over|here)\b)",
        r"(?:pre|post)natal", r"antenatal", r"(?:12|20)-week\s+scan", r"check\s+up"), "appointment"),
    (_w(r"meetings?", r"call(?!\s+(?:off|it|back))", "interview", "standup", "review", "presentation", "conference", "webinar", "workshop", "1:1",
        "one-on-one", "sync", "demo", "board meeting", "parent-teacher", "offsite", "off-site", "retreat", "kickoff", "kick-off",
        "all-hands", r"town\s+hall", "summit", r"trade\s+(?:fair|show)", "expo", "convention", "seminar", "training day",
        r"parents['’]?\s+(?:evening|night)", r"parent['’]?s['’]?\s+(?:evening|night)", "appraisal", r"performance\s+review", r"(?:zoom|teams|video|phone|conference)\s+call",
        r"1-on-1", r"one-to-one", r"1:1s?", r"catch-?up\s+with\s+(?:my\s+|the\s+)?(?:boss|manager|team|client)", "standup", "stand-up", "briefing", "deposition", "mediation"), "meeting"),
    (_w("dinner", "lunch", "brunch", "breakfast", "party", "wedding", "concert", "drinks", "date", "birthday party", "bbq",
        "barbecue", "game", "match", "recital", "play", "show", "gig", "festival", "reunion", "celebration", "graduation",
        "funeral", "ceremony", "shower", "picnic", "sleepover", "playdate", "movie", "theater", "theatre", "opera", "ballet",
        r"book\s+club", "christening", "baptism", r"bar\s+mitzvah", r"bat\s+mitzvah", "housewarming", "hen do", "stag do",
        r"(?:bachelor|bachelorette)\s+party", "gala", "fundraiser", "quiz night", "karaoke", "comedy show", "thanksgiving", "christmas dinner",
        "coffee", r"catch-?up", "cookout", "potluck", r"dinner\s+party", r"date\s+night", r"game\s+night", r"pub\s+quiz", "hangout",
        r"(?:baby|bridal)\s+shower", "engagement party", "prom", "open day", "brunch", "dinner", "supper", "meal", "drinks",
        r"sports\s+day", r"field\s+day", r"prize[- ]giving", "nativity", r"school\s+(?:play|concert|assembly|fair|fete)",
        # a booked meal named by what is served or by the table ("booked a tasting menu at ...", "a table for two at 8")
        r"tasting\s+menu", "omakase", r"table\s+for\s+(?:one|two|three|four|five|six|eight|ten|\d{1,2})",
        r"table\s+at\s+(?:the\s+)?(?-i:[A-Z])[\w'’&-]*(?:\s+(?-i:[A-Z])[\w'’&-]*){0,3}", r"(?:dinner|lunch|brunch)\s+reservation"), "social"),
    (_w("class", "lesson", "exam", "test", "practice", "jury duty", r"court(?:\s+date)?", "hearing", "audition", "open house",
        "orientation", "recital", "training", "rehearsal", "tournament", "race", "marathon"), "other"),
]
EVENT_NOUN_FIRST = re.compile(r"^\s*(?:my|our|the)?\s*(?:appointment|meeting|party|dinner|wedding)\b", re.I)
DEADLINE = _w("deadline", r"due", r"(?:has|have|must|needs?)\s+to\s+be\s+in", r"(?:wants?|needs?)\s+.{2,40}?\s+back\s+by",
              r"(?:closes?|close|closing|ends?)\s+(?:on\s+|in\s+|at\s+)?(?:the\s+)?(?:\d+\w*|a\s+(?:week|month|few)|two|three|four|five|ten|end|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|next|this|tomorrow|today|midnight|noon)",
              r"(?:registration|enrol?lment|applications?|submissions?|nominations?|entries|sign-?ups?)\s+(?:closes?|ends?|close)",
              r"(?:need|needs|have|has|got|gotta|must)\s+(?:to\s+)?\w+\b.*\bwithin\s+\w+\s+(?:days?|weeks?)", r"(?:need|needs|have|has|got|gotta)\s+(?:to\b)?.*\b(?:by|before)", r"must\b.*\b(?:by|before)",
              r"(?:by|before|no\s+later\s+than)\s+(?:the\s+)?(?:end|\d+\w*|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|tomorrow|tonight|next|midnight|noon|then)",
              r"(?:last|final)\s+(?:day|date|chance)\s+(?:to|for)", r"(?:have|has|got|get)\s+(?:until|till|['’]?til|up\s+to)\b", r"due\s+date", r"cut-?off",
              r"needs?\s+\w+ing\s+(?:by|before)", r"(?:expires|expiring|runs\s+out|lapses)\b.{0,60}\b(?:renew|extend|replace)", "submit", r"file\s+(?:my|our|the)", r"renew(?:s|al)?", "expires", r"pay\s+(?:the|my|our)")
DEADLINE_DONE = _w("submitted", "filed", "done", "finished", "sent in", "sent off", "handed in", "turned in", r"paid\s+(?:the|my|our)", "completed", "mailed off", "posted off",
                  r"sent\s+(?:the|my|our)\s+[\w ]{2,40}?\s+(?:off|in)", r"(?:handed|turned|sent|got)\s+(?:the|my|our)\s+[\w ]{2,40}?\s+in")
# "Sent the quarterly report off today": a deadline met, named by what was due
DEADLINE_MET = re.compile(r"\b(?P<v>sent|submitted|filed|handed|turned|finished|completed|returned|renewed|mailed|posted)\s+(?:off\s+|in\s+)?(?:the|my|our)\s+"
                          r"(?P<s>[\w'’ -]{2,40}?)(?=\s+(?:off|in|back|today|yesterday|this|last|on|at|early|finally)\b|[,.;!]|$)", re.I)

TRANSFER = _w(r"goes\s+out", r"payments?", r"send", "sent", r"sending", r"transfer(?:r?ed|ring)?", r"wire[ds]?", r"wiring", r"pay(?:ing)?", "paid", r"venmo(?:ed)?",
              r"zelle(?:d)?", r"venmo'd", r"zelle'd", r"reimburse[ds]?", r"owe[sd]?", r"lend", "lent", r"loan(?:ed)?", "deposit", r"refund(?:ed)?",
              r"direct\s+debits?", r"standing\s+orders?", r"auto-?pay", r"e-?transfer(?:red)?", r"paypal(?:ed|'d)?", r"revolut(?:ed|'d)")
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
# "closing costs", "the closing date", "closed on the house": a property sale closing, not an account
ACCOUNT_CLOSED = _w(r"closed(?!\s+on\s+(?:the|our|a|my)\s+(?:house|home|condo|flat|apartment|sale))",
                    r"closing(?!\s+(?:costs?|date|day|fees?|disclosure|on\s+(?:the|our|a|my)\s+(?:house|home|condo|flat|apartment)))", r"shut\s+down", r"(?:got|was|been|is)\s+cancell?ed", r"cancell?ed\s+(?:my|the|our)\s+(?:\w+\s+)?(?:card|account)")
SUBSCRIPTION = _w(r"subscri(?:be|bed|ption|ptions|bing)", r"subs?", "membership", r"plan", r"renew(?:s|al|ed)?", r"signed\s+up", "premium",
                  "trial", r"a\s+month", r"per\s+month", r"/\s*mo(?:nth)?", "monthly", r"a\s+year", "annual", "yearly", r"billed",
                  r"charged?", "pay", "paying", "costs?", r"price", r"raised", r"went\s+up", r"goes\s+up")
RENEWAL = re.compile(r"\b(?:renew(?:s|al|ed)?|billed|charged?|next\s+(?:payment|bill|charge)|bills?|auto-?renews?|trial\s+ends?|ends)\b(?:\s+\w+){0,3}?\s*(?:on|in)?\s*$", re.I)

PURCHASE = _w("bought", "purchased", r"(?:pre-?)?ordered", r"picked\s+up", "grabbed", "snagged", r"treated\s+(?:myself|ourselves|us)\s+to", r"got\s+(?:(?:my|our)\s+[\w-]+\s+|him\s+|her\s+|them\s+|us\s+)?(?:a|an|the|some|myself|new)", r"buying", "splurged on",
              "paid", r"spent", "blew", "scored", r"invested\s+in", r"placed\s+an\s+order", r"upgraded\s+to", r"spr[au]ng\s+for", r"shelled\s+out")
RETURNED = _w(r"(?<!be\s)(?<!been\s)returned",
              # "took the laptop back to work", "brought it back home": carried somewhere, not returned
              r"(?:sent|took|brought|shipped)\s+(?:it|them|(?:the|my|our|those|these|that|this)\s+[\w-]+(?:\s+[\w-]+){0,2}?)\s+back"
              r"(?!\s+(?:to\s+(?:work|the\s+office|school|my\s+(?:desk|room|place))|home|inside|upstairs|downstairs|out))")
RETURN_BY = re.compile(r"\breturn(?:ed)?\b(?:\s+\w+){0,3}?\s+(?:by|before|until)\s*(?:the\s+)?$", re.I)
RETURN_WINDOW = re.compile(r"\b(?P<n>\d+|thirty|fourteen|ninety|sixty)(?:[- ]day\s+return|\s+days\s+(?:to|for)\s+(?:return|returns|send\s+(?:it|them)\s+back|bring\s+(?:it|them)\s+back))|\breturn(?:s)?\s+(?:window|policy|period)\s+(?:of|is)\s+(?P<n2>\d+)\s+days\b|\breturn(?:ed)?\b[^.]*?\bwithin\s+(?P<n3>\d+|thirty|fourteen)\s+days\b", re.I)
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
    (re.compile(r"anaphyla", re.I), "anaphylaxis"), (re.compile(r"throw|threw|vomit|puke", re.I), "vomiting"),
    (re.compile(r"^(\w+)\s.*\b(?:itchy|tingly)$", re.I), r"itchy \1"), (re.compile(r"^(\w+)\s.*\b(?:swollen|puffy)$", re.I), r"\1 swelling"),
    (re.compile(r"^(\w+)\s+itch(?:es)?$", re.I), r"\1 itching"), (re.compile(r"^(?:stomach|tummy)\s+hurts?$", re.I), "stomach pain"),
    (re.compile(r"^sneez", re.I), "sneezing"), (re.compile(r"^wheez", re.I), "wheezing"), (re.compile(r"^cough", re.I), "coughing"),
    (re.compile(r"^(throat|lips?|face|tongue|mouth|eyes?|hands?|neck|cheeks?|airways?)\b(?!\s+itch)", re.I), r"\1 swelling"),
    (re.compile(r"break|broke", re.I), "rash"), (re.compile(r"rashes", re.I), "rash"), (re.compile(r"swell", re.I), "swelling"),
    (re.compile(r"blister", re.I), "blisters"), (re.compile(r"hay\s*fever", re.I), "hay fever"),
    (re.compile(r"short(?:ness)?\s+of\s+breath|can't\s+breathe|(?:trouble|difficulty)\s+breathing", re.I), "trouble breathing"),
]


def reaction_name(text: str) -> str:
    """A reaction as a short canonical noun phrase ("threw up" -> "vomiting", "throat closes" -> "throat swelling")."""
    low = re.sub(r"\s+", " ", text.strip().lower())
    if low.startswith("itchy "):
        return low
    for pat, name in _REACTION_NAMES:
        m = pat.search(low)
        if m:
            return m.expand(name)
    return low


def cancelled(text: str) -> bool:
    """A cancellation that happened (or is ordered), not one that is only intended."""
    for m in CANCEL.finditer(text):
        if not INTENT.search(text[max(0, m.start() - 30) : m.start()]):
            return True
    return False
