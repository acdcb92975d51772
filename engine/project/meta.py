"""Where the checkpoint keeps its bookkeeping inside the project, and what it remembers.

``.uac/`` holds the checkpoint's state: ``checkpoint.json`` (per domain a fingerprint of its facts
and its manifest entry; per rendered file its hash and stat), ``good/`` (copies of the last
validated files, the rule runner's fallback for a broken hand edit), ``staging/`` and
``journal.json`` (an interrupted swap is completed from them). ``user/`` and ``.git`` are never
touched.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.log import Fact

META_DIR = ".uac"
PROTECTED = frozenset({"user", ".git", META_DIR})


@dataclass(frozen=True)
class Layout:
    """Paths of one project and its bookkeeping."""

    root: Path

    @property
    def meta(self) -> Path:
        return self.root / META_DIR

    @property
    def staging(self) -> Path:
        return self.meta / "staging"

    @property
    def good(self) -> Path:
        return self.meta / "good"

    @property
    def journal(self) -> Path:
        return self.meta / "journal.json"

    @property
    def state_file(self) -> Path:
        return self.meta / "checkpoint.json"

    @property
    def forget_marker(self) -> Path:
        """Written before a forget touches the log, removed once the project and its history are
        clean: a crash in between is finished by the next checkpoint."""
        return self.meta / "forget-pending.json"

    @property
    def lock(self) -> Path:
        return self.meta / "lock"


@dataclass
class FileStamp:
    """A rendered file as written: its content hash and the stat that tells if it was edited since."""

    sha: str
    size: int
    mtime_ns: int

    def matches(self, path: Path) -> bool:
        try:
            st = path.stat()
        except OSError:
            return False
        return st.st_size == self.size and st.st_mtime_ns == self.mtime_ns


@dataclass
class Meta:
    """What the last successful checkpoint wrote."""

    renderer: str = ""
    domains: dict[str, dict[str, Any]] = field(default_factory=dict)
    files: dict[str, FileStamp] = field(default_factory=dict)
    bytecode: dict[str, str] = field(default_factory=dict)
    """Every ``.pyc`` the checkpoint compiled, by content hash: the rule runner removes any other."""

    def to_json(self) -> dict[str, Any]:
        return {
            "renderer": self.renderer,
            "domains": self.domains,
            "files": {k: [v.sha, v.size, v.mtime_ns] for k, v in sorted(self.files.items())},
            "bytecode": dict(sorted(self.bytecode.items())),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Meta:
        files = {k: FileStamp(str(v[0]), int(v[1]), int(v[2])) for k, v in data.get("files", {}).items()}
        bytecode = {str(k): str(v) for k, v in data.get("bytecode", {}).items()}
        return cls(str(data.get("renderer", "")), dict(data.get("domains", {})), files, bytecode)

    @classmethod
    def load(cls, layout: Layout) -> Meta:
        """The recorded meta; an unreadable file means 'render everything', never an error."""
        try:
            return cls.from_json(json.loads(layout.state_file.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return cls()

    def save(self, layout: Layout) -> None:
        write_atomic(layout.state_file, json.dumps(self.to_json(), sort_keys=True).encode())


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_atomic(path: Path, data: bytes) -> None:
    """Write via a temporary file, fsync and rename: readers see the old or the new bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def fingerprint(renderer: str, facts: Iterable[Fact]) -> str:
    """Identity of a domain's input: the renderer and every fact's content, in log order."""
    h = hashlib.sha256(renderer.encode())
    for f in facts:
        h.update(
            json.dumps(
                [f.id, f.frame, f.entity_key, f.subject, f.op, f.slots, list(f.supersedes),
                 f.session_date.isoformat()],
                sort_keys=True,
                default=str,
            ).encode()
        )
        h.update(b"\n")
    return h.hexdigest()
