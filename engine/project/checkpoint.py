"""Checkpoint: fold the log into the user project on disk, incrementally and crash-safely.

Only domains whose facts changed (or whose files were edited by hand) are folded and rendered;
only files whose bytes changed are written. The new files are staged next to hard links of the
unchanged ones, validated in the sandbox by the project's own tests, and swapped in through a
journal (:mod:`engine.project.swap`). A failed validation raises ProjectError and leaves the last
good project live. ``user/`` and ``.git`` are never touched.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import py_compile
import shutil
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.util import cache_from_source
from pathlib import Path

from engine import sandbox
from engine.errors import ProjectError
from engine.frames import FRAMES_BY_NAME, IMPORT_DOMAIN
from engine.log import Fact
from engine.profile import Profile
from engine.project import stored, swap
from engine.project.meta import PROTECTED, Layout, Meta, fingerprint, sha, write_atomic
from engine.project.render import (
    DomainInfo,
    domain_files,
    domain_names,
    render_common,
    render_domain,
    render_user_rules,
    renderer_id,
    user_readme,
)
from engine.project.validate import LIMITS, validate
from engine.sandbox import Limits
from engine.state import StoredRecords, fold

try:
    import fcntl
except ImportError:  # pragma: no cover - not on the supported platforms
    fcntl = None  # type: ignore[assignment]


@dataclass
class CheckpointResult:
    """What a checkpoint changed. ``restored``: generated files that had been edited by hand and
    were put back (the edited copy is kept under ``.uac/edits/``)."""

    changed_domains: list[str]
    files_written: int
    files_deleted: int = 0
    restored: list[str] = field(default_factory=list)
    recovered: bool = False
    validated: bool = False
    seconds: float = 0.0


@contextlib.contextmanager
def project_lock(layout: Layout, *, blocking: bool = True) -> Iterator[bool]:
    """One checkpoint at a time per project (across processes); yields whether it was taken."""
    layout.meta.mkdir(parents=True, exist_ok=True)
    with open(layout.lock, "a+b") as fh:
        if fcntl is None:
            yield True
            return
        flags = fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB)
        try:
            fcntl.flock(fh.fileno(), flags)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def partition(facts: Sequence[Fact]) -> dict[str, list[Fact]]:
    """Facts per domain of their frame, log order kept (facts of unknown frames are ignored)."""
    out: dict[str, list[Fact]] = {d: [] for d in domain_names()}
    for f in facts:
        fr = FRAMES_BY_NAME.get(f.frame)
        if fr is not None:
            out.setdefault(fr.domain, []).append(f)
        elif f.domain == IMPORT_DOMAIN:  # imported collections and their schema facts
            out.setdefault(IMPORT_DOMAIN, []).append(f)
    return out


def checkpoint(
    profile: Profile | Path, facts: Sequence[Fact], *, limits: Limits = LIMITS,
    bulk: Mapping[str, StoredRecords] | None = None,
) -> CheckpointResult:
    """Bring the project in line with ``facts`` (the whole log, in log order) and the big imported
    collections in ``bulk`` (frame -> records read from the log as a stream)."""
    started = time.perf_counter()
    root = profile.project_dir if isinstance(profile, Profile) else Path(profile)
    layout = Layout(root)
    try:
        root.mkdir(parents=True, exist_ok=True)
        with project_lock(layout):
            result = _checkpoint(layout, facts, limits, dict(bulk or {}))
    except OSError as exc:
        raise ProjectError(f"the project folder {root} could not be written ({exc}); the last good project stays live") from exc
    result.seconds = time.perf_counter() - started
    return result


def _checkpoint(layout: Layout, facts: Sequence[Fact], limits: Limits,
                bulk: dict[str, StoredRecords]) -> CheckpointResult:
    root = layout.root
    recovered = swap.recover(layout)
    meta = Meta.load(layout)
    rid = renderer_id()
    by_domain = partition(facts)
    files: dict[str, bytes] = {}
    infos: dict[str, DomainInfo] = {}
    domains_meta: dict[str, dict] = {}
    rendered: list[str] = []
    streams: dict[str, StoredRecords] = {}  # data files to write: big collections, re-rendered
    names = domain_names(with_imports=bool(by_domain.get(IMPORT_DOMAIN)))
    stamps = " ".join(records.stamp() for _frame, records in sorted(bulk.items()))
    for name in names:
        fp = fingerprint(rid, by_domain.get(name, []))
        if name == IMPORT_DOMAIN and stamps:
            fp = sha(f"{fp} {stamps}".encode())
        old = meta.domains.get(name)
        intact = all(rel in meta.files and meta.files[rel].matches(root / rel) for rel in domain_files(name))
        kept = _data_files(DomainInfo.from_json(name, old["info"])) if old else set()
        intact = intact and all(rel in meta.files and _holds(root / rel, meta.files[rel].sha) for rel in kept)
        if meta.renderer == rid and old and old.get("fingerprint") == fp and intact:
            infos[name] = DomainInfo.from_json(name, old["info"])
        else:
            state = fold(by_domain.get(name, []))
            if name == IMPORT_DOMAIN:
                state.records.update({frame: recs for frame, recs in bulk.items() if frame in state.frames})
                streams.update({stored.data_path(recs.frame): recs for recs in state.records.values()
                                if isinstance(recs, StoredRecords)})
            domain_files_now, infos[name] = render_domain(name, state)
            files.update(domain_files_now)
            rendered.append(name)
        domains_meta[name] = {"fingerprint": fp, "info": infos[name].to_json()}
    counts = [records.log.frame_stamp(frame) for frame, records in sorted(bulk.items())]
    in_both = sum(1 for f in facts if f.frame in bulk)  # corrections of big collections: counted by their stamps
    files.update(render_common(infos, {"count": len(facts) - in_both + sum(c[0] for c in counts),
                                       "last_id": max([*(f.id for f in facts), *(c[1] for c in counts)], default=0)}))
    files.update(render_user_rules(facts))
    assert not any(rel.split("/")[0] in PROTECTED for rel in files), "rendered into a protected folder"

    expected = set(files) | {rel for name in names if name not in rendered for rel in domain_files(name)}
    expected |= {rel for info in infos.values() for rel in _data_files(info)}
    writes: dict[str, bytes] = {}
    restored: list[str] = []
    for rel, data in sorted(files.items()):
        stamp = meta.files.get(rel)
        live = root / rel
        if stamp is not None and stamp.sha == sha(data) and stamp.matches(live):
            continue
        writes[rel] = data
        if stamp is not None and live.exists() and not stamp.matches(live):
            restored.append(rel)
    deletes = sorted(rel for rel in meta.files if rel not in expected)
    new_meta = Meta(rid, domains_meta, dict(meta.files), dict(meta.bytecode))
    changed = sorted({rel.split("/")[1] for rel in writes if rel.startswith("domains/") and rel.count("/") == 2})
    if writes or deletes or streams:
        _keep_edits(layout, restored)
        _lint_staged(writes)
        pycs = _stage(layout, expected, writes, meta.bytecode, streams)
        try:
            validate(layout.staging, limits, with_rules=_code_changed(meta, rid, writes, deletes))
        except ProjectError:
            shutil.rmtree(layout.staging, ignore_errors=True)
            raise
        for rel in deletes:
            new_meta.bytecode.pop(Path(cache_from_source(rel)).as_posix(), None)
        plan = swap.SwapPlan({**{rel: sha(data) for rel, data in writes.items()}, **pycs}, deletes, new_meta)
        swap.commit(layout, plan)
    elif new_meta.to_json() != meta.to_json():
        new_meta.save(layout)
    _ensure_user(root)
    return CheckpointResult(
        changed_domains=changed,
        files_written=len(writes) + len(streams),
        files_deleted=len(deletes),
        restored=restored,
        recovered=recovered,
        validated=bool(writes or deletes),
    )


def _code_changed(meta: Meta, rid: str, writes: dict[str, bytes], deletes: list[str]) -> bool:
    """Whether anything but folded state changes: a first checkpoint, a new renderer, or a write to
    the rules, their data, the manifest's schemas or the tests — then the full test suite gates."""
    if not meta.files or meta.renderer != rid:
        return True
    return any(not rel.endswith("/state.py") and rel != "manifest.py" for rel in [*writes, *deletes])


def _stage(layout: Layout, expected: set[str], writes: dict[str, bytes], known: dict[str, str],
           streams: Mapping[str, StoredRecords]) -> dict[str, str]:
    """Build the full staged tree (new files written, big collections streamed into their data
    files, the rest hard-linked); returns the new bytecode and data files with their content hash.
    Live bytecode is reused only when it is what a checkpoint compiled (``known``): a planted
    ``.pyc`` is never carried into the staged tree."""
    staging, root = layout.staging, layout.root
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    digests: dict[str, str] = {}
    for rel in sorted(expected):
        dst = staging / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if rel in writes:
            dst.write_bytes(writes[rel])
        elif rel in streams:
            digests[rel] = stored.write(streams[rel].frame, streams[rel], dst)  # swapped in with the code
            continue
        else:
            _link(root / rel, dst)
        if not rel.endswith(".py"):
            continue
        pyc_rel = Path(cache_from_source(rel)).as_posix()
        live_pyc = root / pyc_rel
        if rel not in writes and _is_known(live_pyc, known.get(pyc_rel)):
            (staging / pyc_rel).parent.mkdir(parents=True, exist_ok=True)
            _link(live_pyc, staging / pyc_rel)
            continue
        try:
            py_compile.compile(
                str(dst),
                cfile=str(staging / pyc_rel),
                dfile=rel,
                doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH,
            )
        except py_compile.PyCompileError as exc:
            shutil.rmtree(staging, ignore_errors=True)
            raise ProjectError(f"the rendered {rel} does not compile ({exc.msg}); the last good project stays live") from exc
        digests[pyc_rel] = sha((staging / pyc_rel).read_bytes())
    return digests


RENDERED_FROM_DATA = ("domains/", "manifest.py", "rules/user_rules.py")
"""Staged files whose text carries the user's data (the rest are this repository's own files)."""


def _lint_staged(writes: dict[str, bytes]) -> None:
    """Files rendered from the user's data pass the same lint as the user's own code: a value that
    slipped out of its literal is caught here, before validation runs it."""
    for rel, data in sorted(writes.items()):
        if rel.endswith(".py") and rel.startswith(RENDERED_FROM_DATA):
            issues = sandbox.lint_source(data.decode("utf-8", "replace"), rel)
            if issues:
                raise ProjectError(f"the rendered {rel} was refused by the safety check ({issues[0]}); "
                                   "the last good project stays live")


def _data_files(info: DomainInfo) -> set[str]:
    """The data files a domain's collections are kept in (big collections only)."""
    return {str(c["data_file"]) for c in info.collections.values() if c.get("data_file")}


def _holds(path: Path, digest: str) -> bool:
    """Whether a data file still holds what the checkpoint wrote, by content (an edit can keep
    the size and the modification time); read in chunks, ~0.2 s for 200 MB."""
    h = hashlib.sha256()
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(1 << 20):
                h.update(chunk)
    except OSError:
        return False
    return h.hexdigest() == digest


def _is_known(path: Path, digest: str | None) -> bool:
    try:
        return digest is not None and sha(path.read_bytes()) == digest
    except OSError:
        return False


def _link(src: Path, dst: Path) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _keep_edits(layout: Layout, rels: list[str]) -> None:
    """Keep a copy of hand-edited generated files before they are put back."""
    for rel in rels:
        with contextlib.suppress(OSError):
            write_atomic(layout.meta / "edits" / rel, (layout.root / rel).read_bytes())


def _ensure_user(root: Path) -> None:
    user = root / "user"
    if not user.exists():
        user.mkdir()
        (user / "README.md").write_bytes(user_readme())
