"""While the app runs, a transcript dropped into inbox/ and a hand edit of the project both
update what the window shows (real watchdog, real engine, detectors only)."""

from __future__ import annotations

from engine.profile import Profile

PASSPORT_AND_TRIP = "User: My passport expires on 2025-03-05. I fly to Japan on 2025-02-20.\n"


def _start(ctl, qtbot) -> None:
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=60_000):
        ctl.start()


def _drop(ctl, qtbot, path, text: str = PASSPORT_AND_TRIP):
    """Write a transcript into the inbox and wait until the app has processed it."""
    with qtbot.waitSignal(ctl.inboxProcessed, timeout=60_000) as blocker:
        path.write_text(text)
    return blocker.args[0]


def test_inbox_file_becomes_a_session_and_raises_the_alert(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    dropped = profile.inbox_dir / "2025-02-10-notes.txt"
    outcome = _drop(ctl, qtbot, dropped)
    assert outcome.error == "" and outcome.result is not None
    assert not dropped.exists() and list((profile.inbox_dir / "done").iterdir())
    qtbot.waitUntil(lambda: any("passport" in a.title.lower() for a in ctl.window.alerts_view.alerts), timeout=30_000)


def test_unreadable_inbox_file_is_moved_aside_with_the_reason(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    with qtbot.waitSignal(ctl.inboxProcessed, timeout=60_000) as blocker:
        (profile.inbox_dir / "broken.txt").write_bytes(b"\xff\xfe\x00\x00 not text")
    assert blocker.args[0].error
    failed = profile.inbox_dir / "failed"
    assert (failed / "broken.txt").exists() and (failed / "broken.txt.error.txt").read_text().strip()


def test_hand_edit_of_state_reruns_the_rules(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    _drop(ctl, qtbot, profile.inbox_dir / "2025-02-10.txt")
    qtbot.waitUntil(lambda: bool(ctl.window.alerts_view.alerts), timeout=30_000)
    state_py = profile.project_dir / "domains" / "travel" / "state.py"
    text = state_py.read_text()
    assert "2025, 3, 5" in text
    # the user renews the passport by hand: the alert must go away without any new session
    state_py.write_text(text.replace("2025, 3, 5", "2035, 3, 5"))
    qtbot.waitUntil(lambda: not any("passport" in a.title.lower() for a in ctl.window.alerts_view.alerts),
                    timeout=30_000)


def test_hand_edit_is_kept_as_a_correction_fact(tmp_path, make_controller, qtbot) -> None:
    profile = Profile.open(tmp_path / "home")
    ctl = make_controller(profile)
    _start(ctl, qtbot)
    _drop(ctl, qtbot, profile.inbox_dir / "2025-02-10.txt")
    state_py = profile.project_dir / "domains" / "travel" / "state.py"
    state_py.write_text(state_py.read_text().replace("2025, 3, 5", "2035, 3, 5"))
    from engine.log import LogStore

    def kept() -> bool:
        log = LogStore(profile.db_path)
        try:
            return any(f.extractor == "hand-edit" and f.slots.get("expires") == "2035-03-05" for f in log.facts())
        finally:
            log.close()

    qtbot.waitUntil(kept, timeout=30_000)
