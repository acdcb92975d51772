"""The model's part in asking: pick among the options the cues left open, nothing else.

The instruction block is a constant (byte-stable, so llama.cpp reuses its KV cache across
questions); the collection's schema, the question and the open fields form the variable tail.
A failing or abstaining model leaves the cue defaults in place.
"""

from __future__ import annotations

from engine.ask.catalog import Collection
from engine.ask.plan import Open
from engine.errors import ModelError
from engine.llm.backend import Backend, ChoiceRequest

PREFIX = (
    "You help turn a question about the user's own records into a database query. "
    "Most of the query is already decided; for each open field, pick the one option that best "
    "matches what the question asks. Fields: 'collection' = which table the question is about; "
    "'measure' or 'compare_field' = the numeric column meant; 'answer' = 'value' when the question "
    "asks for the number itself (how much, what was the highest amount), 'record' when it asks "
    "which item/place/record had it; 'aggregate' = count (how many), sum (total), avg (average), "
    "distinct (list the values). Answer with JSON only."
)


def schema_text(coll: Collection) -> str:
    parts = []
    for f in coll.fields.values():
        sample = f" e.g. {', '.join(f.values[:4])}" if f.values else ""
        parts.append(f"{f.name} ({f.kind}{sample})")
    return f"table {coll.name}: " + "; ".join(parts)


def resolve(backend: Backend | None, question: str, context: str, open_: dict[str, Open]) -> dict[str, str]:
    """One option per open field: the model's pick when it gives a valid one, else the default."""
    defaults = {k: o.default for k, o in open_.items()}
    if backend is None or not open_:
        return defaults
    hints = "\n".join(f"- {k}: {o.hint}; options {list(o.options)}" for k, o in open_.items())
    request = ChoiceRequest(
        prefix=PREFIX,
        question=f"{context}\nQuestion: {question}\nOpen fields:\n{hints}",
        fields={k: o.options for k, o in open_.items()},
        defaults=dict(defaults),
        max_tokens=24 + 16 * len(open_),
    )
    try:
        picked = backend.choose(request)
    except ModelError:
        return defaults
    return {k: (picked.get(k) or defaults[k]) for k in open_}
