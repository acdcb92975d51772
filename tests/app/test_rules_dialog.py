"""The rules dialog: each rule in the user's words, in plain words and as code; approve, turn off, delete."""

from __future__ import annotations

import datetime as dt

from app_support import start_app

from engine.profile import Profile
from engine.service import Service

DAY = dt.date(2025, 2, 10)



def _profile(tmp_path) -> Profile:
    profile = Profile.open(tmp_path / "home")
    svc = Service(profile, use_model=False)
    try:
        svc.ingest("User: Warn me if I spend over $80 at a restaurant.", DAY, source="chat")
        svc.ingest("User: Warn me if any grocery purchase is over 200 dollars.", DAY, source="import")
    finally:
        svc.close()
    return profile


def test_rules_are_listed_with_words_and_code_and_a_pending_one_can_be_approved(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(_profile(tmp_path))
    start_app(ctl, qtbot)
    dialog = ctl.window.rules_dialog
    statuses = {r.text: r.status for r in dialog.rules}
    assert len(statuses) == 2, statuses
    assert sorted(statuses.values()) == ["active", "pending"]
    assert "1 to approve" in ctl.window.rules_action.text()
    pending = next(r for r in dialog.rules if r.status == "pending")
    assert dialog.select(pending.id)
    assert "def " in dialog.code.toPlainText() and "Means:" in dialog.meaning.text()
    assert dialog.buttons["approve"].isEnabled() and dialog.buttons["disable"].isEnabled()
    with qtbot.waitSignal(ctl.ruleChanged, timeout=60_000):
        dialog.buttons["approve"].click()
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    assert {r.status for r in dialog.rules} == {"active"}
    assert "to approve" not in ctl.window.rules_action.text()


def test_turn_off_and_delete_after_confirmation(tmp_path, make_controller, qtbot) -> None:
    ctl = make_controller(_profile(tmp_path))
    start_app(ctl, qtbot)
    dialog = ctl.window.rules_dialog
    active = next(r for r in dialog.rules if r.status == "active")
    dialog.select(active.id)
    with qtbot.waitSignal(ctl.ruleChanged, timeout=60_000):
        dialog.buttons["disable"].click()
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    assert next(r for r in dialog.rules if r.id == active.id).status == "disabled"
    dialog.select(active.id)
    dialog.confirm = lambda *_: False
    with qtbot.assertNotEmitted(dialog.actionRequested):
        dialog.buttons["delete"].click()
    dialog.confirm = lambda *_: True
    with qtbot.waitSignal(ctl.ruleChanged, timeout=60_000):
        dialog.buttons["delete"].click()
    qtbot.waitUntil(lambda: not ctl.runner.busy, timeout=60_000)
    assert active.id not in [r.id for r in dialog.rules]
    from engine.rules.user_rules import DOMAIN, load_rules

    svc = Service(ctl.profile, use_model=False)
    try:
        assert next(r for r in load_rules(svc.log.facts(domain=DOMAIN)) if r.id == active.id).status == "deleted"
    finally:
        svc.close()
