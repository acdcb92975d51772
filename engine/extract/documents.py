"""Travel and identity documents: kind, issuing/target country, number, entries."""

from __future__ import annotations

import re

from engine.extract.mentions import Mention

_KINDS = [
    (r"passports?", "passport"),
    (r"e-?visas?|visas?|esta|e-?ta|visa\s+waiver|travel\s+authori[sz]ation", "visa"),
    (r"(?:driver'?s|drivers|driving)\s+licen[cs]e|licen[cs]e|international\s+driving\s+permit|idp", "licence"),
    (r"(?:vaccination|vaccine|yellow\s+fever|covid)\s+(?:certificate|card)|certificate", "certificate"),
    (r"(?:national\s+)?id(?:\s+card)?|identity\s+card|green\s+card", "id_card"),
    (r"residence\s+permit|work\s+permit|residency\s+card|brp", "other"),
]
_PAT = re.compile("|".join(f"(?P<k{i}>\\b(?:{p})\\b)" for i, (p, _k) in enumerate(_KINDS)), re.I)
_ENTRIES = re.compile(r"\b(?P<e>single|double|multiple|multi|one|two|unlimited)[- ]?entr(?:y|ies)\b|\b(?P<e2>multiple|unlimited)\s+entries\b", re.I)
_NUMBER = re.compile(r"\b(?:number|no\.?|#)\s*(?:is\s+)?(?P<n>[A-Z0-9]{6,12})\b")


def find_documents(text: str, lo: int, hi: int) -> list[Mention]:
    out: list[Mention] = []
    for m in _PAT.finditer(text, lo, hi):
        kind = next(_KINDS[int(k[1:])][1] for k, v in m.groupdict().items() if v)
        surface = m.group()
        if kind == "id_card" and surface.lower() == "id" and not surface.isupper():
            continue
        if kind == "visa" and _is_card(text, m.start(), m.end(), lo, hi):
            continue
        if kind == "licence" and surface.lower().startswith("licen") and re.search(r"\b(?:software|marriage|business|liquor)\s*$", text[lo : m.start()], re.I):
            continue
        out.append(Mention("doc", m.start(), m.end(), surface, kind))
    return out


# The card brand, not the travel document: "my Visa limit", "put $450 on the Visa", "Visa ending 4412".
_CARD_AFTER = re.compile(r"\s*(?:(?:credit|debit|signature|platinum|gold|rewards)\s+)?(?:card|limit|balance|statement|bill|ending|"
                         r"account|payment|debit|credit|signature|platinum|rewards)\b", re.I)
_CARD_BEFORE = re.compile(r"\b(?:on|onto|with|to|from|pay\s+off|paid\s+off)\s+(?:the|my|our|his|her)\s+$|\b(?:chase|capital\s+one|"
                          r"barclays|citi|hsbc|amex|bank)\s+$", re.I)


def _is_card(text: str, start: int, end: int, lo: int, hi: int) -> bool:
    if text[start:end].lower() != "visa":
        return False
    if _CARD_AFTER.match(text, end):
        return True
    money = re.search(r"[$€£]\s?\d|\d\s?(?:dollars|bucks|euros?|pounds|quid)\b", text[lo:hi], re.I)
    return bool(money and _CARD_BEFORE.search(text[max(lo, start - 30) : start]))


def find_entries(text: str, lo: int, hi: int) -> list[Mention]:
    norm = {"single": "single", "one": "single", "double": "double", "two": "double", "multiple": "multiple", "multi": "multiple",
            "unlimited": "multiple"}
    return [Mention("entries", m.start(), m.end(), m.group(), norm[(m.group("e") or m.group("e2")).lower()])
            for m in _ENTRIES.finditer(text, lo, hi)]


def find_doc_numbers(text: str, lo: int, hi: int) -> list[Mention]:
    return [Mention("docnum", m.start("n"), m.end("n"), m.group("n"), m.group("n"))
            for m in _NUMBER.finditer(text, lo, hi) if any(c.isdigit() for c in m.group("n"))]
