"""Which collection a question is about: the model reads the question against every collection.

Cue ranking knows the words its authors listed ("fill-ups" → fuel, "pages" → books); the model
knows what people mean. The model picks one collection's name (or none) under a closed list; code
keeps the cue ranking's choice only where the question names the cues' collection far more
strongly than the model's pick (the model's usual slip: a plausible table the question barely
names). The catalog description is the byte-stable block, so llama.cpp reuses it
across the questions asked of one state.
"""

from __future__ import annotations

from engine.ask.catalog import Collection
from engine.errors import ModelError
from engine.llm.backend import Backend, ChoiceRequest

NONE = "none"
SAMPLE_CHARS = 30
"""A value shown as an example is cut here (a free-text field holds whole notes)."""
OVERRULE = 2.0
"""How much more strongly the question must name the cues' best collection than the model's pick
for the cues to keep it."""
INSTRUCTIONS = (
    "You pick the table of the user's own records that a question is about. "
    "Answer with JSON: the table's name, or none when no table holds the answer."
)


def describe(coll: Collection) -> str:
    """One line per collection: its name and fields, with two values of each text field."""
    parts = []
    for f in coll.fields.values():
        sample = f" (e.g. {', '.join(v[:SAMPLE_CHARS] for v in f.values[:2])})" if f.values and f.categorical else ""
        parts.append(f.name + sample)
    return f"- {coll.name}: " + ", ".join(parts)


def prefix(catalog: dict[str, Collection]) -> str:
    return INSTRUCTIONS + "\nTables:\n" + "\n".join(describe(c) for c in catalog.values())


def model_pick(backend: Backend, question: str, catalog: dict[str, Collection]) -> str | None:
    """The model's collection (``NONE`` when it says no table holds the answer); None when it fails."""
    names = tuple(catalog)
    request = ChoiceRequest(prefix(catalog), f"Question: {question}", {"table": (*names, NONE)}, {"table": None}, 24)
    try:
        picked = backend.choose(request)
    except ModelError:
        return None
    table = picked.get("table")
    return table if table in names or table == NONE else None


def worth_asking(ranked: list[tuple[float, str]]) -> bool:
    """Whether the model's pick can change anything: not when exactly one collection is named at
    all (:func:`choose` keeps it whatever the model says)."""
    return sum(score > 0 for score, _ in ranked) != 1


def choose(picked: str | None, ranked: list[tuple[float, str]]) -> str | None:
    """The collection to plan over: the model's pick, checked against the cue ranking.

    ``ranked`` is the cue ranking, best first. The cues win only when the model failed, or when
    the question names the cues' best at least :data:`OVERRULE` times as strongly as the model's
    pick (a pick it does not name at all included). None means no collection: recall."""
    scores = dict((name, score) for score, name in ranked)
    best_score, best = ranked[0] if ranked else (0.0, None)
    if picked in (None, NONE) or best_score > 0 and best_score >= OVERRULE * scores.get(picked, 0):
        return best if best_score > 0 else None
    return picked
