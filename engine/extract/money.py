"""Amounts of money with their ISO currency, as decimal strings ('1234.50').

A regex finds the symbol/code/word and the number; price-parser normalises the number (it knows
"1.234,50" from "1,234.50"). "$" means USD unless a prefix says otherwise ("C$", "A$"); "2k" is 2000.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from engine.extract.mentions import Mention
from engine.extract.numbers import NUMBER_WORD, spelled_value

SYMBOLS = {
    "$": "USD", "us$": "USD", "c$": "CAD", "ca$": "CAD", "a$": "AUD", "au$": "AUD", "nz$": "NZD",
    "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₩": "KRW", "chf": "CHF", "r$": "BRL", "₽": "RUB",
    "฿": "THB", "₺": "TRY", "hk$": "HKD", "s$": "SGD",
}
WORDS = {
    "dollars": "USD", "dollar": "USD", "bucks": "USD", "usd": "USD", "euros": "EUR", "euro": "EUR",
    "eur": "EUR", "pounds": "GBP", "pound": "GBP", "quid": "GBP", "gbp": "GBP", "yen": "JPY",
    "jpy": "JPY", "rupees": "INR", "inr": "INR", "francs": "CHF", "chf": "CHF", "cad": "CAD",
    "aud": "AUD", "pesos": "MXN", "mxn": "MXN", "yuan": "CNY", "rmb": "CNY", "cny": "CNY",
    "won": "KRW", "krw": "KRW", "baht": "THB", "sek": "SEK", "nok": "NOK", "dkk": "DKK",
    "kronor": "SEK", "zloty": "PLN", "pln": "PLN", "reais": "BRL", "brl": "BRL", "sgd": "SGD",
    "hkd": "HKD", "nzd": "NZD", "canadian dollars": "CAD", "australian dollars": "AUD",
}
_NUMBER = r"(?P<num>\d{1,3}(?:[,.\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)\s*(?P<mult>k|m|mn|thousand|million|grand)?\b"
_SYM = "|".join(re.escape(k) for k in sorted(SYMBOLS, key=len, reverse=True))
_WORD = "|".join(sorted(WORDS, key=len, reverse=True))
_PAT = re.compile(
    rf"(?P<sym>{_SYM})\s?{_NUMBER}"
    rf"|(?<![A-Za-z]){_NUMBER.replace('num', 'num2').replace('mult', 'mult2')}\s*(?P<word>{_WORD}|€|£|\$(?![\d.,]))(?![a-z])"  # "599$"; not "Jet2 £1,120"
    rf"|\b(?P<code>usd|eur|gbp|jpy|chf|cad|aud|inr)\s?{_NUMBER.replace('num', 'num3').replace('mult', 'mult3')}",
    re.I,
)
_MULT = {"k": 1000, "thousand": 1000, "grand": 1000, "m": 1_000_000, "mn": 1_000_000, "million": 1_000_000}


def _amount(raw: str) -> Decimal | None:
    raw = raw.replace(" ", "")
    try:
        from price_parser import Price

        parsed = Price.fromstring(raw).amount
        if parsed is not None:
            return Decimal(parsed)
    except ImportError:
        pass
    try:
        return Decimal(raw.replace(",", ""))
    except InvalidOperation:
        return None


# Amounts with no currency named (currency None, never guessed): "14.95/mo", "150 a night", "5k",
# "for 1,499". Only shapes that read as money: a per-period price, a "k" amount, or a separated
# thousands figure after a price word.
_PERIOD = r"(?:/\s*(?:mo|month|yr|year|night|wk|week)\b|\s+(?:a|per|each|every)\s+(?:month|night|year|week)\b|\s+(?:monthly|yearly|annually|weekly|p/?m)\b)"
_BARE = re.compile(
    r"(?<![\w$€£¥.,/-])(?P<a>\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+(?:\.\d{2})?)(?=" + _PERIOD + r")"
    r"|(?<![\w$€£¥.,/-])(?P<g>\d+(?:\.\d)?)\s+grand\b"
    r"|(?<![\w$€£¥.,/-])(?P<k>\d+(?:\.\d)?)k\b(?!\s*(?:runs?|races?|steps|followers|views|miles|km|feet|ft)\b)"
    r"|\b(?:price|cost|fee|rate|rent|premium|limit|balance)\s+(?:(?:is|was|of|to|at|now|up|down)\s+){0,2}(?P<t2>\d+[.,]\d{2})(?!\d|[.,]\d)"
    r"|\b(?:for|costs?|cost\s+me|paid|spent|was|is|put|of|over|under|limit|balance|owe|owing|about|around|roughly|nearly|almost|have|has|had|got)\s+(?P<t>\d{1,3}(?:,\d{3})+(?:\.\d{2})?)(?![\d,.]|\s*(?:people|times|miles|km|steps|words))"
    # "charged me 11.99 again", "billed us another 40": an amount right after a charge verb
    r"|\b(?:charged|charges|charge|billed|bills|debited|debits|deducted|refunded|took|takes)\s+(?:me|us|my\s+card|my\s+account)\s+(?:another\s+|again\s+)?"
    r"(?P<c>\d+(?:\.\d{2})?)(?![\d,.]|\s*(?:times|days|hours|minutes|people|weeks|months))"
    # "send Rosa 800, not 500", "make it 800": a sum right after a payment verb and its recipient, ending the phrase
    # every tense of the payment verbs, and how the money travels after the sum ("sent mom 500 via Western Union")
    r"|\b(?:send|sent|sending|pay|paid|paying|give|gave|wire|wired|transfer|transferred|e-?transfer(?:red)?|lend|lent|owe|owes|owed|"
    r"venmo|venmoed|venmo'd|zelle|zelled|zelle'd|paypal(?:ed|'d)?|reimburse[ds]?|wants|needs|asking\s+for|asked\s+for|moved|move|stashed)\s+"
    r"(?:[a-z]+\s+){0,2}?(?:back\s+)?(?:the\s+)?"
    r"(?P<s>\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d{2,6}(?:\.\d{2})?)(?=\s*(?:,(?!\d)|[;!)]|\.(?!\d)|$|\s+(?:for|to|into|by|now|not|instead|asap|today|"
    r"tonight|tomorrow|on|and|back|I|we|he|she|they|before|via|through|using|with|in\s+cash|cash|this|last|yesterday|each|from)\b))"
    # "blew 250 on a new drill", "spent about 60 at the market": a sum spent on or at something
    r"|\b(?:spent|spend|paid|blew|dropped|shelled\s+out|forked\s+out)\s+(?:about\s+|around\s+|like\s+|almost\s+|nearly\s+|over\s+)?"
    r"(?P<sp>\d{2,6}(?:\.\d{2})?)(?=\s+(?:on|for|at)\b)"
    # "another 230 at Trader Joe's", "a further 40 on snacks": one more sum spent, its verb said before
    r"|\b(?:another|a\s+further|an\s+extra)\s+(?P<an>\d{2,6}(?:\.\d{2})?)(?=\s+(?:on|for|at)\b)"
    # "renews on the 22nd for 13.99", "it's now 17.49": a price with cents
    r"|\b(?:for|at|costs?|is|was|now|of|to)\s+(?P<d>\d{1,4}\.\d{2})(?![\d.,%]|\s*(?:km|mi|miles|hours?|hrs|kg|lbs?|mg|ml|percent|am|pm)\b)"
    # "pizza Friday night, 27 with the tip": a sum that a tip or tax is counted into
    r"|(?<![\w$€£¥.,/-])(?P<tp>\d{1,4}(?:\.\d{2})?)\s+(?:with|including|incl\.?|plus|after|before)\s+(?:the\s+|a\s+)?(?:tips?|tax|gratuity|service)\b"
    r"|\bmake\s+(?:it|that)\s+(?P<mk>\d{2,6}(?:\.\d{2})?)(?=\s*(?:[,;!)]|\.(?!\d)|$|\s+(?:for|to|by|now|not|instead|asap|and)\b))",
    re.I,
)


def _bare_money(text: str, lo: int, hi: int, taken: list[Mention]) -> list[Mention]:
    out: list[Mention] = []
    for m in _BARE.finditer(text, lo, hi):
        grp = next(g for g in ("a", "k", "g", "t2", "c", "t", "s", "mk", "sp", "an", "d", "tp") if m.group(g))
        s, e = m.start(grp), (m.end() if grp == "g" else m.end(grp) + (1 if grp == "k" else 0))
        if any(t.start < e and s < t.end for t in taken):
            continue
        raw = m.group(grp).replace(",", "") if grp != "t2" else m.group(grp).replace(",", ".")
        try:
            amount = Decimal(raw) * (1000 if grp in ("k", "g") else 1)
        except InvalidOperation:
            continue
        out.append(Mention("money", s, e, text[s:e], f"{amount.quantize(Decimal('0.01'))}", {"currency": None}))
    return out


def find_money(text: str, lo: int, hi: int) -> list[Mention]:
    out = _find_money(text, lo, hi)
    out += _spelled_money(text, lo, hi, out)
    return sorted(out + _bare_money(text, lo, hi, out), key=lambda m: m.start)


# currency words spelled amounts may end in ("won" is also a verb: "the blue one won")
_SPELLED_CURRENCY = "|".join(w for w in sorted(WORDS, key=len, reverse=True) if w != "won")
# "twelve quid", "forty-five euros", "a hundred and twenty dollars", "two thousand five hundred bucks"; "a tenner"
_SPELLED = re.compile(r"(?<![\w-])(?P<n>(?:a\s+)?(?:" + NUMBER_WORD + r")(?:(?:[\s-]+|\s+and\s+)(?:" + NUMBER_WORD + r"))*)"
                      r"\s+(?P<word>" + _SPELLED_CURRENCY + r")\b|\b(?:a|one)\s+(?P<note>tenner|fiver)\b", re.I)
_NOTES = {"tenner": 10, "fiver": 5}
_WEIGHT_AFTER = re.compile(r"\s+(?:of|heavier|lighter|overweight|underweight)\b|(?<=pound)\s+(?!note|coin|voucher)[a-z]", re.I)
_WEIGHT_BEFORE = re.compile(r"\b(?:lost|lose|losing|gained|gain|gaining|put\s+on|shed|weigh(?:s|ed|ing)?)\s+"
                            r"(?:about\s+|around\s+|another\s+|like\s+|nearly\s+|almost\s+|over\s+)?$", re.I)
_BET_AFTER = re.compile(r"\s+(?:on|at|in|betting|gambling)\b", re.I)  # "lost fifty pounds on the horses": money


def _spelled_money(text: str, lo: int, hi: int, taken: list[Mention]) -> list[Mention]:
    """Amounts said in words: the model may cite only candidates, so "twelve quid" must be one. A
    fiver or a tenner keeps no currency (it is said of pounds and of dollars)."""
    out: list[Mention] = []
    for m in _SPELLED.finditer(text, lo, hi):
        if any(t.start < m.end() and m.start() < t.end for t in taken):
            continue
        word = (m.group("word") or "").lower()
        if word.startswith("pound") and not _BET_AFTER.match(text, m.end()) and (
                _WEIGHT_AFTER.match(text, m.end()) or _WEIGHT_BEFORE.search(text[max(0, m.start() - 25) : m.start()])):
            continue  # "three pounds of flour", "lost ten pounds", "a twelve pound turkey": a weight
        if m.group("note"):
            amount, cur = _NOTES[m.group("note").lower()], None
        else:
            amount, cur = spelled_value(m.group("n")), WORDS.get(word, "USD")
        if amount:
            out.append(Mention("money", m.start(), m.end(), m.group(), f"{Decimal(amount).quantize(Decimal('0.01'))}",
                               {"currency": cur}))
    return out


def _find_money(text: str, lo: int, hi: int) -> list[Mention]:
    out: list[Mention] = []
    for m in _PAT.finditer(text, lo, hi):
        g = m.groupdict()
        num = g["num"] or g["num2"] or g["num3"]
        mult = (g["mult"] or g["mult2"] or g["mult3"] or "").lower()
        if g["sym"]:
            cur = SYMBOLS[g["sym"].lower()]
        elif g["word"]:
            cur = SYMBOLS.get(g["word"], WORDS.get(g["word"].lower(), "USD"))
        else:
            cur = (g["code"] or "USD").upper()
        amount = _amount(num or "")
        if amount is None:
            continue
        amount *= _MULT.get(mult, 1)
        try:
            value = f"{amount.quantize(Decimal('0.01'))}"
        except InvalidOperation:
            continue  # a run of digits too long to be an amount
        surface = m.group().rstrip()
        out.append(Mention("money", m.start(), m.start() + len(surface), surface, value, {"currency": cur}))
    return out
