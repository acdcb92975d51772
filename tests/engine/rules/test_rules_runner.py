"""The rule runner: every rule in the sandbox; what breaks is reported, never fatal."""

from __future__ import annotations

import datetime as dt
import os
import time
from pathlib import Path

from engine.rules.runner import LIMITS, run_rules
from engine.sandbox import Limits

NOW = dt.datetime(2025, 1, 12, 9, 0)
PASSPORT = "travel_documents.passport_validity"


def _setup(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    world.checkpoint()


def _user_rule(world, name: str, body: str) -> Path:
    path = world.project / "user" / f"{name}.py"
    path.write_text(body, encoding="utf-8")
    return path


def _problem(run, rule: str) -> str:
    found = [p.error for p in run.problems if p.rule == rule]
    assert found, f"no problem for {rule}: {run.problems}"
    return found[0]


def test_no_project_yet_means_no_alerts(tmp_path: Path) -> None:
    run = run_rules(tmp_path / "nothing", NOW)
    assert run.alerts == [] and run.problems == []


def test_a_user_rule_runs_next_to_the_packs(world) -> None:
    _setup(world)
    _user_rule(world, "big_trips", (
        "from rules.alerts import alert\n\n"
        "def check(state, now):\n"
        "    return [alert('user.trips', 'info', 'Trips', f'{len(state.travel.trips)} trip(s)',\n"
        "                  state.travel.trips[0].cites('start'))]\n"
    ))
    run = world.rules(NOW)
    assert run.problems == []
    assert {a.rule for a in run.alerts} == {PASSPORT, "user/big_trips"}  # attributed by the runner
    assert next(a for a in run.alerts if a.rule == "user/big_trips").message == "1 trip(s)"


def test_a_looping_rule_is_stopped_and_reported_and_the_others_still_run(world) -> None:
    _setup(world)
    _user_rule(world, "loop", "def check(state, now):\n    while True:\n        pass\n")
    started = time.perf_counter()
    run = world.rules(NOW, rule_seconds=0.5)
    assert time.perf_counter() - started < 5
    assert "ran longer than 0.5 s" in _problem(run, "user/loop")
    assert [a.rule for a in run.alerts] == [PASSPORT]


def test_a_rule_stuck_in_c_code_is_killed_at_the_wall_and_named(world) -> None:
    _setup(world)
    _user_rule(world, "zz_stuck", "def check(state, now):\n    return [sum(range(10 ** 12))]\n")
    run = world.rules(NOW, rule_seconds=0.5, limits=Limits(cpu_seconds=30, wall_seconds=2.0))
    assert "still running when the sandbox was killed" in _problem(run, "user/zz_stuck")
    assert [a.rule for a in run.alerts] == [PASSPORT]  # finished before the kill: kept


def test_a_rule_importing_os_or_opening_files_is_refused(world) -> None:
    _setup(world)
    _user_rule(world, "evil", "import os\n\ndef check(state, now):\n    os.system('touch /tmp/x')\n    return []\n")
    _user_rule(world, "reader", "def check(state, now):\n    return [open('/etc/passwd').read()]\n")
    run = world.rules(NOW)
    assert "user/evil.py line 1: import of 'os' is not allowed (refused by the safety check)" in _problem(
        run, "user/evil.py")
    assert "user/reader.py line 2: use of 'open' is not allowed" in _problem(run, "user/reader.py")
    assert [a.rule for a in run.alerts] == [PASSPORT]


def test_the_process_wall_holds_when_the_lint_is_fooled(world, monkeypatch) -> None:
    _setup(world)
    # even with the lint switched off, writes and process spawning fail inside the sandbox
    monkeypatch.setattr("engine.rules.runner.lint_project", lambda project: {})
    _user_rule(world, "writer", (
        "import io\n\ndef check(state, now):\n"
        "    io.open('pwned.txt', 'w').write('x')\n    return []\n"
    ))
    run = world.rules(NOW)
    assert "writing files is not allowed" in _problem(run, "user/writer")
    assert not (world.project / "pwned.txt").exists()


def test_a_rule_returning_junk_is_reported(world) -> None:
    _setup(world)
    _user_rule(world, "junk", "def check(state, now):\n    return ['not an alert']\n")
    _user_rule(world, "crash", "def check(state, now):\n    return 1 / 0\n")
    run = world.rules(NOW)
    assert "alert field 'key'" in _problem(run, "user/junk")
    assert "user/crash.py line 2: ZeroDivisionError" in _problem(run, "user/crash")


def test_a_broken_hand_edit_is_reported_with_file_and_line_and_the_last_good_state_is_used(world) -> None:
    _setup(world)
    state = world.project / "domains/travel/state.py"
    lines = state.read_text().splitlines()
    at = next(i for i, ln in enumerate(lines) if "country='JP'" in ln)
    lines[at] = "        country='JP',,"
    state.write_text("\n".join(lines) + "\n")
    run = world.rules(NOW)
    error = _problem(run, "domains/travel/state.py")
    assert f"domains/travel/state.py line {at + 1}: syntax error" in error
    assert "used the last good copy" in error
    assert [a.rule for a in run.alerts] == [PASSPORT]


def test_a_hand_edit_that_fails_at_import_is_reported_too(world) -> None:
    _setup(world)
    state = world.project / "domains/travel/state.py"
    state.write_text(state.read_text() + "\nBROKEN = undefined_name\n")
    run = world.rules(NOW)
    error = _problem(run, "domains/travel/state.py")
    assert "NameError: name 'undefined_name' is not defined" in error and "state.py line " in error
    assert [a.rule for a in run.alerts] == [PASSPORT]


def test_a_valid_hand_edit_is_used_by_the_rules(world) -> None:
    _setup(world)
    state = world.project / "domains/travel/state.py"
    state.write_text(state.read_text().replace("date(2025, 3, 5)", "date(2035, 3, 5)"))
    run = world.rules(NOW)
    assert run.problems == [] and run.alerts == []


def test_rule_run_is_fast_enough(world) -> None:
    _setup(world)
    world.rules(NOW)
    took = []
    for _ in range(5):
        started = time.perf_counter()
        world.rules(NOW)
        took.append(time.perf_counter() - started)
    assert sorted(took)[2] < 1.0, took  # generous: the budget is 250 ms on the target machine
    assert LIMITS.wall_seconds >= 5


def test_files_as_rendered_are_not_parsed_again_but_a_hand_edit_is(world, monkeypatch) -> None:
    from engine import sandbox
    from engine.rules.runner import lint_project

    _setup(world)
    parsed: list[str] = []
    real = sandbox.lint_source
    monkeypatch.setattr(sandbox, "lint_source", lambda src, shown: parsed.append(shown) or real(src, shown))
    sandbox._LINT_CACHE.clear()
    assert lint_project(world.project) == {}
    assert not any(p.startswith(("domains/", ".uac/good/domains/")) for p in parsed)  # trusted as rendered

    state = world.project / "domains" / "travel" / "state.py"
    state.write_text("import os\n" + state.read_text(encoding="utf-8"), encoding="utf-8")
    refused = lint_project(world.project)
    assert "import of 'os' is not allowed" in refused["domains/travel/state.py"]
    assert ".uac/good/domains/travel/state.py" not in refused  # the good copy still holds rendered bytes


def test_a_user_file_cannot_forge_or_hide_a_built_in_alert(world, monkeypatch) -> None:
    _setup(world)
    monkeypatch.setattr("engine.rules.runner.lint_project", lambda project: {})  # the lint fooled
    _user_rule(world, "forger", (
        "import json, sys\n\n"
        f"P = {PASSPORT!r}\n\n"
        "def check(state, now):\n"
        "    out = sys.__stdout__\n"
        "    out.write(json.dumps({'event': 'start', 'rule': P}) + '\\n')\n"
        "    out.write(json.dumps({'event': 'alerts', 'rule': P, 'alerts': [{\n"
        "        'key': 'x', 'rule': P, 'severity': 'critical', 'title': 'Health',\n"
        "        'message': 'Stop taking warfarin now', 'evidence': []}]}) + '\\n')\n"
        "    out.write(json.dumps({'event': 'end'}) + '\\n')\n"
        "    out.flush()\n"
        "    return []\n"
    ))
    run = world.rules(NOW)
    assert PASSPORT in {a.rule for a in run.alerts}  # the built-in warning still stands
    claimed = [a for a in run.alerts if a.rule == PASSPORT]
    assert all("warfarin" not in a.message for a in claimed)
    assert all(a.rule in (PASSPORT, "user/forger") for a in run.alerts)


def test_a_rule_that_swallows_every_stop_is_named_and_starves_nobody(world) -> None:
    _setup(world)
    _user_rule(world, "aa_greedy", (
        "def check(state, now):\n"
        "    while True:\n"
        "        try:\n"
        "            while True:\n"
        "                pass\n"
        "        except BaseException:\n"
        "            pass\n"
    ))
    _user_rule(world, "zz_after", (
        "from rules.alerts import alert\n\n"
        "def check(state, now):\n"
        "    return [alert('user.after', 'info', 'After', 'ran', state.travel.trips[0].cites('start'))]\n"
    ))
    run = world.rules(NOW, rule_seconds=0.5, limits=Limits(cpu_seconds=30, wall_seconds=2.0))
    assert "user/aa_greedy" in _problem(run, "user/aa_greedy")
    assert {a.rule for a in run.alerts} == {PASSPORT, "user/zz_after"}


def test_planted_bytecode_is_removed_and_never_run(world) -> None:
    import importlib._bootstrap_external as ext
    import importlib.util

    _setup(world)
    source = world.project / "user" / "quiet.py"
    source.write_text("def check(state, now):\n    return []\n", encoding="utf-8")
    evil = compile("import os\nos.system('touch pwned')\ndef check(state, now):\n    return []\n",
                   str(source), "exec")
    planted = Path(importlib.util.cache_from_source(str(source)))
    planted.parent.mkdir(exist_ok=True)
    planted.write_bytes(ext._code_to_hash_pyc(evil, importlib.util.source_hash(source.read_bytes()), checked=True))
    run = world.rules(NOW)
    assert not planted.exists()
    assert "was not compiled by a checkpoint and was removed" in _problem(
        run, planted.relative_to(world.project).as_posix())
    assert not (world.project / "pwned").exists()
    assert [a.rule for a in run.alerts] == [PASSPORT]


def test_an_edit_that_keeps_size_and_mtime_is_still_linted(world) -> None:
    _setup(world)
    state = world.project / "domains/travel/state.py"
    before = state.stat()
    text = state.read_text(encoding="utf-8")
    edited = text.replace("date(2025, 3, 5)", "__import__('os')")  # same length
    assert len(edited) == len(text) and edited != text
    state.write_text(edited, encoding="utf-8")
    os.utime(state, ns=(before.st_atime_ns, before.st_mtime_ns))
    run = world.rules(NOW)
    assert "domains/travel/state.py" in {p.rule for p in run.problems}
    assert [a.rule for a in run.alerts] == [PASSPORT]  # ran on the last good copy


def test_the_checkpoint_records_the_bytecode_it_compiled(world) -> None:
    from engine.project.meta import Layout, Meta

    _setup(world)
    meta = Meta.load(Layout(world.project))
    assert meta.bytecode and all(rel.endswith(".pyc") for rel in meta.bytecode)
    run = world.rules(NOW)
    assert not any("was not compiled by a checkpoint" in p.error for p in run.problems)
