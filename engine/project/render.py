"""Render the user project's files from typed state: a pure function of its inputs.

Every file is returned as bytes keyed by its path relative to the project, so the checkpoint can
compare, stage and swap without re-reading anything. Same inputs, same bytes.
"""

from __future__ import annotations

import hashlib
import json
import pprint
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any

from engine.frames import FRAMES, IMPORT_DOMAIN, Frame, domains
from engine.log import Fact
from engine.profile import RESOURCES
from engine.project import stored
from engine.project.literals import Unrenderable, literal
from engine.project.naming import BASE_FIELDS, attr, comment, constant, enum_class, enum_members
from engine.rules import user_rules
from engine.state import Record, State, StoredRecords

TEMPLATES = RESOURCES / "templates"
PROJECT_TEMPLATE = TEMPLATES / "project"
RULES = RESOURCES / "rules"
PACKS = RULES / "packs"
RENDER_VERSION = "1"
"""Bump when the shape of rendered files changes: every domain is re-rendered once."""

PY_KIND = {
    "str": "str", "int": "int", "date": "date", "money": "Decimal", "list": "list[str]",
    # kinds only imported collections use
    "float": "float", "bool": "bool", "datetime": "datetime", "time": "time",
}


@dataclass(frozen=True)
class DomainInfo:
    """What the manifest says about one domain (kept between checkpoints for unchanged domains)."""

    name: str
    summary: str
    collections: dict[str, dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"summary": self.summary, "collections": self.collections}

    @classmethod
    def from_json(cls, name: str, data: dict[str, Any]) -> DomainInfo:
        return cls(name, str(data["summary"]), dict(data["collections"]))


def _template(name: str) -> Template:
    return Template((TEMPLATES / name).read_text(encoding="utf-8"))


def domain_names(*, with_imports: bool = False) -> list[str]:
    """The built-in domains, plus ``imports`` when the log holds imported collections."""
    names = [d.name for d in domains()]
    return [*names, IMPORT_DOMAIN] if with_imports else names


def domain_frames(domain: str, state: State | None = None) -> list[Frame]:
    """A domain's frames: from the catalog, or for ``imports`` from the schema facts folded into
    ``state`` (ordered by name, so rendering stays deterministic)."""
    if domain == IMPORT_DOMAIN:
        return sorted(state.frames.values(), key=lambda f: f.name) if state is not None else []
    return [f for f in FRAMES if f.domain == domain]


def domain_doc(domain: str) -> str:
    if domain == IMPORT_DOMAIN:
        return "Records imported from files"
    return next(d.doc for d in domains() if d.name == domain)


def domain_files(domain: str) -> list[str]:
    base = f"domains/{domain}"
    return [f"{base}/__init__.py", f"{base}/schema.py", f"{base}/state.py"]


# -- schema.py -----------------------------------------------------------------------------


def render_schema(domain: str, state: State | None = None) -> bytes:
    doc = domain_doc(domain)
    parts: list[str] = []
    kinds: dict[str, dict[str, str]] = {}
    statuses: dict[str, tuple[str, ...]] = {}
    for fr in domain_frames(domain, state):
        for slot in fr.slots:
            if slot.kind == "enum":
                members = "\n".join(f"    {m} = {c!r}" for c, m in enum_members(slot.choices).items())
                parts.append(f"class {enum_class(fr, slot)}(StrEnum):\n{members}\n")
        status_doc = ", ".join(fr.statuses)
        lines = [
            "@dataclass(frozen=True)",
            f"class {fr.name}(Record):",
            f"    {fr.doc + ' Statuses: ' + status_doc + '.'!r}",
            "",
        ]
        for slot in fr.slots:
            py = enum_class(fr, slot) if slot.kind == "enum" else PY_KIND[slot.kind]
            note = f"  # {comment(slot.doc)}" if slot.doc else ""
            if attr(slot) != slot.name:
                note = f"  # the frame's {slot.name!r} slot" + (f"; {comment(slot.doc)}" if slot.doc else "")
            lines.append(f"    {attr(slot)}: {py} | None = None{note}")
        parts.append("\n".join(lines) + "\n")
        kinds[fr.name] = {attr(s): s.kind for s in fr.slots}
        statuses[fr.name] = fr.statuses
    kinds_src = pprint.pformat(kinds, width=100, sort_dicts=True)
    status_src = pprint.pformat(statuses, width=100, sort_dicts=True)
    parts.append(f'KINDS = {kinds_src}\n"""Each field\'s kind: str, int, float, bool, date, datetime, time, money, enum or list."""\n')
    parts.append(f"STATUSES = {status_src}\n")
    body = "\n\n".join(parts)
    return _template("schema.py.tmpl").substitute(domain=domain, doc=doc.lower(), body=body).encode()


# -- state.py ------------------------------------------------------------------------------


def _record_source(fr: Frame, rec: Record) -> str:
    lines = [f"    {fr.name}("]
    lines.append(f"        id={rec.id!r},")
    lines.append(f"        subject={rec.subject!r},")
    lines.append(f"        status={rec.status!r},")
    if rec.first_seen is not None:
        d = rec.first_seen
        lines.append(f"        known_since=date({d.year}, {d.month}, {d.day}),")
    for slot in fr.slots:
        value = rec.values.get(slot.name)
        if value is None:
            continue
        try:
            lines.append(f"        {attr(slot)}={literal(fr, slot, value)},")
        except Unrenderable as exc:
            lines.append(f"        # {attr(slot)} left out: {str(exc)!r}")
    evidence = tuple(sorted(set(rec.evidence)))
    lines.append(f"        evidence={evidence!r},")
    sources = tuple(sorted((attr(k), v) for k, v in rec.sources.items() if k != "status"))
    if sources:
        lines.append(f"        sources={sources!r},")
    history = _history_source(fr, rec)
    if history:
        lines.append(f"        history=({history}),")
    lines.append("    ),")
    return "\n".join(lines)


def _history_source(fr: Frame, rec: Record) -> str:
    """Superseded values, oldest first: ``(field, old value, id of the fact that replaced it)``."""
    entries: list[str] = []
    for change in rec.history:
        if change.slot == "status":
            entries.append(f"('status', {str(change.old)!r}, {change.fact_id})")
            continue
        try:
            slot = fr.slot(change.slot)
            entries.append(f"({attr(slot)!r}, {literal(fr, slot, change.old)}, {change.fact_id})")
        except (KeyError, Unrenderable):
            continue
    return "".join(f"\n            {e}," for e in entries) + ("\n        " if entries else "")


def render_state(domain: str, state: State) -> bytes:
    frames = domain_frames(domain, state)
    blocks: list[str] = []
    counts: list[str] = []
    for fr in frames:
        recs = state.of(fr.name)
        name = constant(fr.collection)
        counts.append(f"{fr.collection}: {len(recs)}")
        if isinstance(recs, StoredRecords):
            blocks.append(f"# {len(recs):,} records: too many to write out as code; they are kept in the data file\n"
                          f"# {stored.data_path(fr)}, read a line at a time whenever they are used.\n"
                          f"{name}: Sequence[{fr.name}] = Stored(\n"
                          f"    {stored.data_path(fr)!r},\n    {fr.name},\n    {stored.rebuilders(fr)},\n"
                          f"    {len(recs)!r},\n)\n")
        elif recs:
            body = "\n".join(_record_source(fr, r) for r in recs)
            blocks.append(f"{name}: list[{fr.name}] = [\n{body}\n]\n")
        else:
            blocks.append(f"{name}: list[{fr.name}] = []\n")
    mapping = ", ".join(f"{fr.collection!r}: {constant(fr.collection)}" for fr in frames)
    blocks.append(f"COLLECTIONS = {{{mapping}}}\n")
    enums = sorted({enum_class(fr, s) for fr in frames for s in fr.slots if s.kind == "enum"})
    imports = ", ".join([fr.name for fr in frames] + enums) or "KINDS  # noqa: F401 - no collection here now (all refused)"
    if len(imports) > 60 and frames:
        imports = "(\n    " + ",\n    ".join([fr.name for fr in frames] + enums) + ",\n)"
    src = _template("state.py.tmpl").substitute(
        domain=domain, summary=", ".join(counts), imports=imports, body="\n".join(blocks)
    )
    return src.encode()


def domain_info(domain: str, state: State) -> DomainInfo:
    doc = domain_doc(domain)
    collections: dict[str, dict[str, Any]] = {}
    parts: list[str] = []
    for fr in domain_frames(domain, state):
        recs = state.of(fr.name)
        n = len(recs)
        if isinstance(recs, StoredRecords):  # not written out as code: kept in a data file
            collections[fr.collection] = {"schema": fr.name, "count": n, "data_file": stored.data_path(fr)}
            parts.append(f"{fr.collection}: {n} in {stored.data_path(fr)}")
            continue
        collections[fr.collection] = {"schema": fr.name, "count": n}
        parts.append(f"{fr.collection}: {n}")
    return DomainInfo(domain, f"{doc} ({', '.join(parts)})", collections)


def render_domain(domain: str, state: State) -> tuple[dict[str, bytes], DomainInfo]:
    """The three files of one domain, and its manifest entry."""
    init = f'"""The {domain} domain: ``schema`` (types) and ``state`` (records). Generated."""\n'
    files = {
        f"domains/{domain}/__init__.py": init.encode(),
        f"domains/{domain}/schema.py": render_schema(domain, state),
        f"domains/{domain}/state.py": render_state(domain, state),
    }
    return files, domain_info(domain, state)


# -- files shared by all domains -----------------------------------------------------------


def pack_names() -> list[str]:
    return sorted(p.stem for p in PACKS.glob("*.py") if not p.name.startswith("_"))


def rule_modules() -> list[str]:
    """Every module under ``rules/`` the runner calls: the built-in packs, then the user's rules."""
    return [*pack_names(), user_rules.MODULE]


def render_user_rules(facts: Sequence[Fact]) -> dict[str, bytes]:
    """``rules/user_rules.py``: the active user-stated rules in the log, compiled."""
    return {f"rules/{user_rules.MODULE}.py": user_rules.render_from_facts(facts)}


def data_names() -> list[str]:
    return sorted(p.stem for p in RULES.glob("*.json") if p != user_rules.LEXICON_PATH)


def render_manifest(infos: dict[str, DomainInfo], facts: dict[str, int]) -> bytes:
    doms = {name: infos[name].to_json() for name in domain_names(with_imports=True) if name in infos}
    src = _template("manifest.py.tmpl").substitute(
        domains=pprint.pformat(doms, width=100, sort_dicts=True),
        packs=repr(tuple(rule_modules())),
        data_modules=repr(tuple(data_names())),
        facts=pprint.pformat(facts, width=100, sort_dicts=True),
    )
    return src.encode()


def render_data(name: str) -> bytes:
    data = json.loads((RULES / f"{name}.json").read_text(encoding="utf-8"))
    about = str(data.get("about", "")).strip()
    src = _template("data.py.tmpl").substitute(
        name=name, about=about, data=pprint.pformat(data, width=100, sort_dicts=True)
    )
    return src.encode()


def render_common(infos: dict[str, DomainInfo], facts: dict[str, int]) -> dict[str, bytes]:
    """Every file that is not a domain's: harness, loader, packs, data, tests, manifest."""
    files: dict[str, bytes] = {}
    for path in sorted(PROJECT_TEMPLATE.rglob("*")):
        rel = path.relative_to(PROJECT_TEMPLATE).as_posix()
        if path.is_dir() or "__pycache__" in rel or rel.startswith("user/"):
            continue
        files[rel] = path.read_bytes()
    for name in pack_names():
        files[f"rules/{name}.py"] = (PACKS / f"{name}.py").read_bytes()
    for name in data_names():
        files[f"data/{name}.py"] = render_data(name)
    files["manifest.py"] = render_manifest(infos, facts)
    return files


def user_readme() -> bytes:
    return (PROJECT_TEMPLATE / "user" / "README.md").read_bytes()


def renderer_id() -> str:
    """Changes whenever domain files would render differently for the same facts."""
    h = hashlib.sha256(RENDER_VERSION.encode())
    h.update(repr(FRAMES).encode())
    h.update(repr(BASE_FIELDS).encode())
    for name in ("schema.py.tmpl", "state.py.tmpl"):
        h.update((TEMPLATES / name).read_bytes())
    for path in (Path(__file__), Path(__file__).with_name("literals.py"), Path(__file__).with_name("naming.py")):
        h.update(path.read_bytes())
    return h.hexdigest()[:16]
