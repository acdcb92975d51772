"""Every form of an English word, so recall matches what was said however it was inflected.

"What caused Dad's fall?" must find "Dad fell in the bathroom"; "how much did I pay" must find
"I paid £55". A suffix rule cannot know irregular forms; lemminflect's tables (lemmas and
inflections from the English lexicon it ships) can.
"""

from __future__ import annotations

from functools import lru_cache

_KINDS = ("VERB", "NOUN", "ADJ")
LIGHT = {"be", "have", "do", "get", "go", "will", "can", "make", "good", "well"}
"""Words whose forms say nothing of a topic ("been" is "was", "done" is "did"): kept as they are."""


@lru_cache(maxsize=20_000)
def word_forms(word: str, kinds: tuple[str, ...] = _KINDS) -> frozenset[str]:
    """``word``, its lemmas, and every inflection of those lemmas, lower case (only as the parts
    of speech in ``kinds``: ``("NOUN",)`` gives a noun's singular and plural)."""
    from lemminflect import getAllInflections, getAllLemmas

    w = word.lower()
    out = {w}
    lemmas = getAllLemmas(w)
    if any(lemma.lower() in LIGHT for forms in lemmas.values() for lemma in forms):
        return frozenset(out)
    for kind in kinds:
        for lemma in lemmas.get(kind, ()):
            out.add(lemma.lower())
            for forms in getAllInflections(lemma, upos=kind).values():
                out.update(f.lower() for f in forms)
    return frozenset(out)
