"""Shared fixtures for the engine tests: a real profile (log + project) built fact by fact."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from engine.frames import frame
from engine.log import LogStore, NewFact
from engine.profile import Profile
from engine.project.checkpoint import CheckpointResult, checkpoint
from engine.rules.alert import RuleRun
from engine.rules.runner import run_rules

DAY = dt.date(2025, 1, 10)


class World:
    """One user's home: say facts into the log, checkpoint, run the rules."""

    def __init__(self, home: Path) -> None:
        self.profile = Profile.open(home)
        self.log = LogStore(self.profile.db_path)

    @property
    def project(self) -> Path:
        return self.profile.project_dir

    def say(self, frame_name: str, key: str, slots: dict[str, Any], *, on: dt.date = DAY,
            subject: str = "me", op: str = "assert", supersedes: tuple[int, ...] = ()) -> int:
        sid, (mid,) = self.log.add_session([("user", f"{frame_name} {key}")], on)
        (fid,) = self.log.add_facts([
            NewFact(session_id=sid, message_id=mid, session_date=on, domain=frame(frame_name).domain,
                    frame=frame_name, entity_key=key, slots=slots, subject=subject, op=op,
                    supersedes=supersedes)
        ])
        return fid

    def checkpoint(self) -> CheckpointResult:
        return checkpoint(self.profile, self.log.facts())

    def rules(self, now: dt.datetime, **kw: Any) -> RuleRun:
        return run_rules(self.project, now, **kw)


@pytest.fixture
def world(tmp_path: Path) -> World:
    w = World(tmp_path / "home")
    yield w
    w.log.close()


def snapshot(root: Path) -> dict[str, bytes]:
    """Every project file except bookkeeping and bytecode."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".uac" not in p.parts and "__pycache__" not in p.parts
    }


@pytest.fixture
def snap():
    return snapshot
