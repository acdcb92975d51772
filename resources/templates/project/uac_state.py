"""Loads the project's records into one object rules read: ``state.travel.trips``.

``load()`` imports every domain listed in ``manifest.DOMAINS``; ``build()`` assembles the same
object from already imported state modules (the alert runner uses it to fall back, per domain, to
the last good copy of a broken file).
"""

from __future__ import annotations

import importlib


class Domain:
    """One domain's collections as attributes: ``Domain.trips`` is a list of ``Trip``."""

    def __init__(self, name: str, collections: dict) -> None:
        self.name = name
        self.collections = dict(collections)
        vars(self).update(self.collections)

    def __repr__(self) -> str:
        counts = ", ".join(f"{k}={len(v)}" for k, v in self.collections.items())
        return f"Domain({self.name}: {counts})"


class State:
    """Every domain as an attribute: ``State.health.allergies``."""

    def __init__(self, domains: dict) -> None:
        self.domains = dict(domains)
        vars(self).update(self.domains)

    def __repr__(self) -> str:
        return "State(" + ", ".join(self.domains) + ")"


def build(modules: dict, names: dict, sample: int | None = None) -> State:
    """``modules``: domain -> imported state module (or None); ``names``: domain -> collections;
    ``sample``: read only the first records of a collection kept in a data file."""
    domains = {}
    for domain, collections in names.items():
        module = modules.get(domain)
        found = getattr(module, "COLLECTIONS", {}) if module is not None else {}
        domains[domain] = Domain(domain, {c: _records(found.get(c, []), sample) for c in collections})
    return State(domains)


def _records(found, sample: int | None):
    """A collection as rules read it: a list, or a big collection's ``Stored`` reader as it is (it
    reads its data file a line at a time; a list of it would hold every record at once)."""
    if type(found).__name__ != "Stored":
        return list(found)
    return found if sample is None else found.head(sample)


def load(sample: int | None = None) -> State:
    """Import every domain's state module and assemble the state (``sample``: see :func:`build`)."""
    manifest = importlib.import_module("manifest")
    names = {d: list(info["collections"]) for d, info in manifest.DOMAINS.items()}
    modules = {d: importlib.import_module(f"domains.{d}.state") for d in names}
    return build(modules, names, sample)
