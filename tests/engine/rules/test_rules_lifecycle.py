"""The alert lifecycle: new (notified once), seen, snoozed, dismissed, resolved."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.log import LogStore
from engine.rules.alert import Alert
from engine.rules.lifecycle import AlertBook

T0 = dt.datetime(2025, 1, 10, 9, 0)


def _a(key: str, severity: str = "warning", message: str = "m") -> Alert:
    return Alert(key=key, rule=key.split(":")[0], severity=severity, title="t", message=message, evidence=(1, 2))


@pytest.fixture
def book(tmp_path: Path):
    log = LogStore(tmp_path / "log.sqlite3")
    yield AlertBook(log)
    log.close()


def test_a_new_key_is_notified_once(book: AlertBook) -> None:
    first = book.sync([_a("r:1,2")], T0)
    assert [a.key for a in first.new] == ["r:1,2"] and [a.state for a in first.active] == ["new"]
    second = book.sync([_a("r:1,2", message="updated")], T0 + dt.timedelta(hours=1))
    assert second.new == [] and [a.key for a in second.active] == ["r:1,2"]
    assert second.active[0].message == "updated" and second.active[0].first_seen == T0


def test_seen_stays_active_but_is_not_new(book: AlertBook) -> None:
    book.sync([_a("r:1")], T0)
    book.set_state("r:1", "seen")
    res = book.sync([_a("r:1")], T0 + dt.timedelta(minutes=5))
    assert res.new == [] and [(a.key, a.state) for a in res.active] == [("r:1", "seen")]


def test_snoozed_is_hidden_until_its_time_then_comes_back(book: AlertBook) -> None:
    book.sync([_a("r:1")], T0)
    until = T0 + dt.timedelta(days=1)
    snoozed = book.set_state("r:1", "snoozed", until)
    assert snoozed.snoozed_until == until
    hidden = book.sync([_a("r:1")], T0 + dt.timedelta(hours=2))
    assert hidden.active == [] and hidden.new == []
    back = book.sync([_a("r:1")], until + dt.timedelta(minutes=1))
    assert [a.key for a in back.new] == ["r:1"] and back.active[0].state == "new"


def test_dismissed_stays_dismissed_while_it_fires(book: AlertBook) -> None:
    book.sync([_a("r:1"), _a("r:2")], T0)
    book.set_state("r:1", "dismissed")
    res = book.sync([_a("r:1"), _a("r:2")], T0 + dt.timedelta(days=3))
    assert [a.key for a in res.active] == ["r:2"] and res.new == []
    gone = book.sync([_a("r:2")], T0 + dt.timedelta(days=4))
    assert gone.resolved == []  # a dismissed alert that stops firing stays dismissed
    assert book.get("r:1").state == "dismissed"


def test_an_alert_that_stops_firing_is_resolved_and_comes_back_as_new(book: AlertBook) -> None:
    book.sync([_a("r:1")], T0)
    res = book.sync([], T0 + dt.timedelta(hours=1))
    assert res.resolved == ["r:1"] and res.active == []
    assert book.get("r:1").state == "resolved"
    assert book.sync([], T0 + dt.timedelta(hours=2)).resolved == []  # resolved once
    again = book.sync([_a("r:1")], T0 + dt.timedelta(hours=3))
    assert [a.key for a in again.new] == ["r:1"]


def test_active_is_ordered_by_severity(book: AlertBook) -> None:
    res = book.sync([_a("a:1", "info"), _a("b:1", "critical"), _a("c:1", "warning")], T0)
    assert [a.key for a in res.active] == ["b:1", "c:1", "a:1"]


def test_bad_state_changes_are_refused(book: AlertBook) -> None:
    book.sync([_a("r:1")], T0)
    with pytest.raises(InputError, match="no alert"):
        book.set_state("nope", "seen")
    with pytest.raises(InputError, match="seen, snoozed or dismissed"):
        book.set_state("r:1", "resolved")
    with pytest.raises(InputError, match="needs a time"):
        book.set_state("r:1", "snoozed")


def test_aware_now_is_stored_as_local_naive(book: AlertBook) -> None:
    aware = dt.datetime(2025, 1, 10, 9, 0, tzinfo=dt.UTC)
    res = book.sync([_a("r:1")], aware)
    assert res.active[0].first_seen == aware.astimezone().replace(tzinfo=None)


def test_survives_reopening_the_log(tmp_path: Path) -> None:
    log = LogStore(tmp_path / "log.sqlite3")
    AlertBook(log).sync([_a("r:1")], T0)
    log.close()
    log2 = LogStore(tmp_path / "log.sqlite3")
    assert AlertBook(log2).sync([_a("r:1")], T0).new == []
    log2.close()


def test_a_rule_that_failed_keeps_its_alerts_as_they_were(book: AlertBook) -> None:
    book.sync([Alert("user_rules.rule_7:4", "user_rules.rule_7", "warning", "t", "m", (4,)), _a("travel.x:1")], T0)
    book.set_state("user_rules.rule_7:4", "seen")
    later = book.sync([], T0 + dt.timedelta(hours=1), failed=["user_rules.rule_7"])  # it ran out of time: said nothing
    assert [(a.key, a.state) for a in later.active] == [("user_rules.rule_7:4", "seen")]
    assert later.resolved == ["travel.x:1"]  # a rule that ran and no longer fires: resolved as before
    again = book.sync([], T0 + dt.timedelta(hours=2))
    assert again.active == [] and again.resolved == ["user_rules.rule_7:4"]


def test_which_rules_a_run_could_not_settle() -> None:
    from engine.rules.alert import RuleProblem, RuleRun
    from engine.service import _silent_rules

    more = Alert("user_rules.rule_3:more", "user_rules.rule_3", "info", "… and 9 more", "m", ())
    run = RuleRun([more], [RuleProblem("user_rules.rule_7", "ran longer"), RuleProblem("user/mine.py", "SyntaxError")])
    assert _silent_rules(run) == ["user_rules.rule_7", "user/mine", "user_rules.rule_3"]
    assert _silent_rules(RuleRun([], [RuleProblem("sandbox", "killed before it named its rules")])) == [""]


def test_a_run_that_named_no_rule_resolves_nothing(book: AlertBook) -> None:
    book.sync([_a("travel.x:1"), _a("user/mine:k")], T0)
    later = book.sync([], T0 + dt.timedelta(hours=1), failed=[""])
    assert later.resolved == [] and {a.key for a in later.active} == {"travel.x:1", "user/mine:k"}
