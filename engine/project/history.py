"""The user project's own git history (dulwich, no git binary needed).

Every checkpoint that changed files becomes a commit naming the sessions it folded in, so the
user can see how their model changed (``uac checkpoint --history``/``--diff``) and go back
(``--rollback REV``, itself a new commit). History is rewritten only by a forget: every revision
that folded in a forgotten fact is dropped and its objects deleted, so neither ``--diff`` nor
``--rollback`` can bring forgotten words back.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from dulwich import porcelain
from dulwich.errors import NotGitRepository
from dulwich.objects import Blob, Commit, Tree
from dulwich.repo import Repo

from engine.errors import InputError, ProjectError

AUTHOR = b"UaC Desktop <uac@localhost>"
_THROUGH = re.compile(r"^Facts-through: (\d+)$", re.MULTILINE)
SKIP = (".uac/", "__pycache__/", ".git/", "records/")  # records/: data files the log rewrites, never in history


@dataclass(frozen=True)
class Revision:
    sha: str
    message: str
    time: int

    @property
    def short(self) -> str:
        return self.sha[:10]

    @property
    def title(self) -> str:
        return self.message.splitlines()[0] if self.message else ""


def _repo(root: Path, *, create: bool = False) -> Repo | None:
    try:
        return Repo(str(root))
    except NotGitRepository:
        if not create:
            return None
        return Repo.init(str(root))


@contextlib.contextmanager
def _writing(root: Path) -> Iterator[None]:
    """Hold the project's lock while the history changes. Every writer of this history takes it,
    so a git lock file found under it was left by a process that died mid-write: removed."""
    from engine.project.checkpoint import project_lock
    from engine.project.meta import Layout

    with project_lock(Layout(root)):
        git = root / ".git"
        if git.is_dir():
            for stale in git.rglob("*.lock"):
                stale.unlink(missing_ok=True)
        yield


def facts_through(root: Path) -> int:
    """The last fact id the newest commit folded in (0 when there is no history)."""
    head = latest(root)
    m = _THROUGH.search(head.message) if head else None
    return int(m.group(1)) if m else 0


def commit(root: Path, title: str, last_fact_id: int) -> Revision | None:
    """Commit the project's current files; None when nothing changed since the last commit."""
    with _writing(root):
        return _commit(root, title, last_fact_id)


def _commit(root: Path, title: str, last_fact_id: int) -> Revision | None:
    repo = _repo(root, create=True)
    assert repo is not None
    with repo:
        porcelain.add(repo)  # honours the project's .gitignore and stages deletions
        staged = porcelain.status(repo, untracked_files="no").staged
        if _head(repo) is not None and not any(staged[k] for k in ("add", "delete", "modify")):
            return None
        message = f"{title}\n\nFacts-through: {last_fact_id}\n"
        sha = porcelain.commit(repo, message.encode(), author=AUTHOR, committer=AUTHOR)
    return latest(root) if sha else None


def history(root: Path, limit: int = 50) -> list[Revision]:
    repo = _repo(root)
    if repo is None:
        return []
    with repo:
        if _head(repo) is None:
            return []
        out = []
        for entry in repo.get_walker(max_entries=limit):
            c = entry.commit
            out.append(Revision(c.id.decode(), c.message.decode("utf-8", "replace"), c.commit_time))
        return out


def latest(root: Path) -> Revision | None:
    revs = history(root, limit=1)
    return revs[0] if revs else None


def diff(root: Path, rev: str | None = None) -> str:
    """Unified diff between ``rev``'s parent and ``rev`` (default: the latest checkpoint)."""
    repo = _repo(root)
    if repo is None or _head(repo) is None:
        raise InputError("the project has no history yet: run `uac checkpoint` first")
    with repo:
        new = _resolve(repo, rev)
        old_files = _files(repo, repo[new.parents[0]]) if new.parents else {}
        new_files = _files(repo, new)
    chunks = []
    for path in sorted(set(old_files) | set(new_files)):
        a, b = old_files.get(path, b""), new_files.get(path, b"")
        if a == b:
            continue
        chunks.extend(difflib.unified_diff(
            a.decode("utf-8", "replace").splitlines(keepends=True),
            b.decode("utf-8", "replace").splitlines(keepends=True),
            fromfile=f"a/{path}" if path in old_files else "/dev/null",
            tofile=f"b/{path}" if path in new_files else "/dev/null",
        ))
    return "".join(chunks)


def rollback(root: Path, rev: str) -> Revision:
    """Put the project's files back as they were at ``rev`` and record that as a new commit."""
    with _writing(root):
        return _rollback(root, rev)


def _rollback(root: Path, rev: str) -> Revision:
    repo = _repo(root)
    if repo is None or _head(repo) is None:
        raise InputError("the project has no history to roll back")
    with repo:
        target = _resolve(repo, rev)
        files = _files(repo, target)
        through = _THROUGH.search(target.message.decode("utf-8", "replace"))
    for rel in _tracked_files(root):
        key = rel.relative_to(root).as_posix()
        if key not in files:
            rel.unlink()
    for key, data in files.items():
        path = root / key
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    rev_commit = _commit(root, f"rollback to {target.id.decode()[:10]}", int(through.group(1)) if through else 0)
    latest_rev = rev_commit or latest(root)
    if latest_rev is None:
        raise ProjectError("rollback wrote the files but could not record the commit")
    return latest_rev


def forget(root: Path, first_fact_id: int) -> int:
    """Drop every revision that folded in fact ``first_fact_id`` or a later one (and, with the chain
    cut there, every revision after it), then delete every object no kept revision needs and the
    reflogs that name the dropped ones. Returns the number of revisions dropped."""
    with _writing(root):
        return _forget(root, first_fact_id)


def _forget(root: Path, first_fact_id: int) -> int:
    repo = _repo(root)
    if repo is None:
        return 0
    with repo:
        head = _head(repo)
        if head is None:
            return 0
        chain = [entry.commit for entry in repo.get_walker()]  # newest first
        keep: Commit | None = None
        for c in reversed(chain):
            m = _THROUGH.search(c.message.decode("utf-8", "replace"))
            if m is None or int(m.group(1)) >= first_fact_id:
                break
            keep = c
        dropped = len(chain) - (_depth(chain, keep) if keep else 0)
        branch = repo.refs.follow(b"HEAD")[0][-1]
        if keep is None:
            repo.refs.remove_if_equals(branch, None)
        else:
            repo.refs[branch] = keep.id
        shutil.rmtree(Path(repo.controldir()) / "logs", ignore_errors=True)
        _prune(repo)
    return dropped


def _depth(chain: list[Commit], keep: Commit) -> int:
    """How many revisions of ``chain`` (newest first) are ``keep`` and its ancestors."""
    ids = [c.id for c in chain]
    return len(ids) - ids.index(keep.id)


def _prune(repo: Repo) -> None:
    """Delete every object that no ref reaches (loose objects, and packs rewritten as loose)."""
    reachable: set[bytes] = set()
    todo = [sha for name, sha in repo.refs.as_dict().items() if sha and not name.startswith(b"HEAD")]
    while todo:
        sha = todo.pop()
        if sha in reachable or sha not in repo.object_store:
            continue
        reachable.add(sha)
        obj = repo[sha]
        if isinstance(obj, Commit):
            todo += [obj.tree, *obj.parents]
        elif isinstance(obj, Tree):
            todo += [item.sha for item in obj.items()]
    store = repo.object_store
    for pack in list(store.packs):
        for sha in pack:
            if sha in reachable and not store.contains_loose(sha):
                store.add_object(pack[sha])
        store._remove_pack(pack)
    for sha in list(store._iter_loose_objects()):
        if sha not in reachable:
            store.delete_loose_object(sha)


# -- helpers ---------------------------------------------------------------------------------


def _head(repo: Repo) -> bytes | None:
    try:
        return repo.head()
    except KeyError:
        return None


def _resolve(repo: Repo, rev: str | None) -> Commit:
    if rev is None:
        head = _head(repo)
        assert head is not None
        return repo[head]  # type: ignore[return-value]
    wanted = rev.lower().encode()
    for entry in repo.get_walker():
        if entry.commit.id.startswith(wanted):
            return entry.commit
    raise InputError(f"no checkpoint {rev!r} in the project's history; see `uac checkpoint --history`")


def _files(repo: Repo, commit_obj: Commit) -> dict[str, bytes]:
    out: dict[str, bytes] = {}

    def walk(tree: Tree, prefix: str) -> None:
        for item in tree.items():
            name = prefix + item.path.decode()
            obj = repo[item.sha]
            if isinstance(obj, Tree):
                walk(obj, name + "/")
            elif isinstance(obj, Blob):
                out[name] = obj.data

    walk(repo[commit_obj.tree], "")  # type: ignore[arg-type]
    return out


def _tracked_files(root: Path) -> list[Path]:
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not any(rel.startswith(s) or f"/{s}" in f"/{rel}" for s in SKIP):
            out.append(path)
    return out
