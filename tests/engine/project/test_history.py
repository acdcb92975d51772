"""Each checkpoint is a commit in the project's own git history; diff and rollback work on it."""

import datetime as dt

import pytest

from engine.errors import InputError
from engine.log import NewFact
from engine.profile import Profile
from engine.project import history
from engine.service import Service

D = dt.date(2025, 1, 10)


def _add(svc: Service, expires: str, sid: str) -> None:
    session, (mid,) = svc.log.add_session([("user", f"passport expires {expires}")], D, session_id=sid)
    svc.log.add_facts([NewFact(session, mid, D, "travel", "TravelDocument", "passport:", {"kind": "passport", "expires": expires})])


def test_checkpoints_become_commits_naming_their_sessions(tmp_path) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    root = svc.profile.project_dir
    _add(svc, "2030-01-01", "first")
    one = svc.checkpoint()
    assert one.revision and not one.error
    assert svc.checkpoint().revision == ""  # nothing changed: no empty commit
    _add(svc, "2031-06-30", "second")
    two = svc.checkpoint()
    revs = history.history(root)
    assert [r.short for r in revs] == [two.revision, one.revision]
    assert "second" in revs[0].title and "first" not in revs[0].title
    patch = history.diff(root)
    assert "-" in patch and "2031, 6, 30" in patch and "2030, 1, 1" in patch
    assert ".uac" not in patch and "__pycache__" not in patch
    svc.close()


def test_rollback_restores_files_as_a_new_commit(tmp_path) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    root = svc.profile.project_dir
    _add(svc, "2030-01-01", "first")
    first = svc.checkpoint().revision
    _add(svc, "2031-06-30", "second")
    svc.checkpoint()
    state_py = root / "domains" / "travel" / "state.py"
    assert "2031, 6, 30" in state_py.read_text()
    rev = history.rollback(root, first)
    assert "2031, 6, 30" not in state_py.read_text() and "2030, 1, 1" in state_py.read_text()
    assert len(history.history(root)) == 3 and rev.title.startswith("rollback")
    with pytest.raises(InputError, match="no checkpoint"):
        history.rollback(root, "deadbeef")
    svc.close()
