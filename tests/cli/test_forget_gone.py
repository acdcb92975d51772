"""Forget means gone: after `uac forget`, no file of the profile holds the forgotten words —
not the log, the search index, the alert table, the project, its `.uac` copies or its git
history (objects decompressed) — and no rollback or later checkpoint brings them back."""

from __future__ import annotations

import contextlib
import json
import re
import zlib
from pathlib import Path

WORDS = ("zephyrine", "quixotica")
FORGOTTEN = (
    "User: My sister Zephyrine is allergic to penicillin. Warn me if I ever spend over $50 at Quixotica Diner. "
    "Spent $80 at Quixotica Diner tonight."
)
KEPT = "User: My passport expires on 2030-05-01. I take metformin 500 mg twice a day."


def _every_byte(home: Path) -> dict[str, bytes]:
    """Every file under the profile, git objects decompressed (loose and packed)."""
    out: dict[str, bytes] = {}
    for path in home.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        rel = path.relative_to(home).as_posix()
        if "/.git/objects/" in f"/{rel}" and not rel.endswith((".pack", ".idx")):
            with contextlib.suppress(zlib.error):
                data = zlib.decompress(data)
        elif rel.endswith(".pack"):
            data = b"".join(_inflate_all(data)) + data
        out[rel] = data
    return out


def _inflate_all(pack: bytes) -> list[bytes]:
    """Every zlib stream in a pack file (objects and deltas), found by trying each offset."""
    found = []
    for m in re.finditer(rb"\x78[\x01\x5e\x9c\xda]", pack):
        try:
            d = zlib.decompressobj()
            found.append(d.decompress(pack[m.start():]))
        except zlib.error:
            continue
    return found


def _holding(home: Path) -> dict[str, list[str]]:
    hits: dict[str, list[str]] = {}
    for rel, data in _every_byte(home).items():
        low = data.lower()
        words = [w for w in WORDS if w.encode() in low or w.encode("utf-16-le") in low]
        if words:
            hits[rel] = words
    return hits


def _profile_with_history(uac) -> str:
    uac.run("model", "use", "off")
    uac.run("ingest", "--date", "2026-03-01", "--session", "kept", "-", stdin=KEPT)
    uac.run("ingest", "--date", "2026-03-05", "--session", "gone", "-", stdin=FORGOTTEN)
    uac.run("alerts", "--now", "2026-03-05T20:00")
    people = uac.home / "project" / "domains" / "people" / "state.py"
    people.write_text(people.read_text(encoding="utf-8").replace("'Zephyrine'", "'Zephyrine Quill'"), encoding="utf-8")
    edits = uac.json("checkpoint")["edits"]  # a hand edit: a derived fact in a session of its own
    assert any("Quill" in json.dumps(e) for e in edits), edits
    uac.run("ingest", "--date", "2026-03-09", "--session", "later", "-", stdin="User: Dentist on March 20 at 3pm.")
    uac.run("alerts", "--now", "2026-03-09T20:00")
    history = uac.json("checkpoint", "--history")
    assert len(history) >= 3
    assert _holding(uac.home), "the words must be somewhere before the forget, or the test proves nothing"
    return history[-1]["rev"]  # the oldest revision


def test_forget_session_leaves_no_trace_in_any_file(uac) -> None:
    _profile_with_history(uac)
    uac.run("forget", "session", "gone")
    uac.run("alerts", "--now", "2026-03-10T09:00")
    assert _holding(uac.home) == {}
    state = json.dumps(uac.json("state")).lower()
    assert "metformin" in state and "2030" in state and "dentist" in state  # the rest is untouched
    assert not any(w in state for w in WORDS)


def test_no_rollback_or_checkpoint_brings_forgotten_words_back(uac) -> None:
    _profile_with_history(uac)
    before = [r["rev"] for r in uac.json("checkpoint", "--history")]
    uac.run("forget", "session", "gone")
    for rev in before:  # every revision that existed before the forget
        uac.run("checkpoint", "--rollback", rev, check=False)
        uac.run("checkpoint")
        uac.run("alerts", "--now", "2026-03-10T09:00")
    assert _holding(uac.home) == {}
    log = json.dumps(uac.json("log")).lower()
    assert not any(w in log for w in WORDS)


def test_a_forget_cut_short_after_the_log_is_finished_by_the_next_checkpoint(uac) -> None:
    from engine.profile import Profile
    from engine.service import Service

    _profile_with_history(uac)
    svc = Service(Profile.open(uac.home), use_model=False)
    try:  # what a crash right after the log's transaction leaves behind
        svc._mark_forget(min(f.id for f in svc.log.facts(session_id="gone")))
        svc.log.forget_session("gone")
    finally:
        svc.close()
    assert "project/.uac/forget-pending.json" in {p.relative_to(uac.home).as_posix() for p in uac.home.rglob("*")}
    assert _holding(uac.home)  # the project and its history still hold the words
    uac.run("checkpoint")
    assert _holding(uac.home) == {}
    assert not (uac.home / "project" / ".uac" / "forget-pending.json").exists()
