"""Checkpoints: incremental, validated before going live, and safe against crashes."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import ProjectError
from engine.project import checkpoint as cp_module
from engine.project import swap
from engine.project.meta import Layout


def _base(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    world.say("Medication", "ibu", {"name": "ibuprofen"})


def _stats(root: Path) -> dict[str, tuple[int, int]]:
    return {
        p.relative_to(root).as_posix(): (p.stat().st_ino, p.stat().st_mtime_ns)
        for p in root.rglob("*.py")
        if ".uac" not in p.parts
    }


def _tests_pass(project: Path) -> bool:
    res = subprocess.run([sys.executable, "-m", "unittest", "-q"], cwd=project, capture_output=True, timeout=120)
    return res.returncode == 0


def test_only_the_changed_domain_is_rewritten(world, monkeypatch: pytest.MonkeyPatch) -> None:
    _base(world)
    world.checkpoint()
    before = _stats(world.project)
    world.say("Allergy", "pen", {"allergen": "penicillin"})
    rendered: list[str] = []
    real = cp_module.render_domain

    def spy(domain, state):
        rendered.append(domain)
        return real(domain, state)

    monkeypatch.setattr(cp_module, "render_domain", spy)
    res = world.checkpoint()
    assert rendered == ["health"]  # the other domains are neither folded nor rendered
    after = _stats(world.project)
    assert res.changed_domains == ["health"]
    changed = sorted(rel for rel in after if after[rel] != before.get(rel) and "__pycache__" not in rel)
    assert changed == ["domains/health/state.py", "manifest.py"]
    assert res.files_written == 2
    assert "ALLERGIES: list[Allergy] = [\n    Allergy(" in (world.project / "domains/health/state.py").read_text()


def test_hand_edits_of_generated_files_are_put_back_and_kept_aside(world) -> None:
    _base(world)
    world.checkpoint()
    state = world.project / "domains/travel/state.py"
    original = state.read_bytes()
    state.write_text("# my edit\n" + original.decode())
    res = world.checkpoint()
    assert res.restored == ["domains/travel/state.py"] and res.changed_domains == ["travel"]
    assert state.read_bytes() == original
    assert (world.project / ".uac/edits/domains/travel/state.py").read_text().startswith("# my edit")


def test_user_folder_and_git_are_never_touched(world) -> None:
    _base(world)
    world.checkpoint()
    readme = world.project / "user" / "README.md"
    assert readme.exists()
    readme.unlink()  # created once: not recreated
    mine = world.project / "user" / "mine.py"
    mine.write_text("def check(state, now):\n    return []\n")
    git = world.project / ".git"
    git.mkdir()
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    world.say("Trip", "fr", {"country": "FR", "start": "2025-05-01"})
    world.checkpoint()
    assert mine.read_text() == "def check(state, now):\n    return []\n"
    assert (git / "HEAD").read_text() == "ref: refs/heads/main\n"
    assert not readme.exists()


def test_failed_validation_keeps_the_last_good_project(world, monkeypatch: pytest.MonkeyPatch, snap) -> None:
    _base(world)
    world.checkpoint()
    before = snap(world.project)
    real = cp_module.render_common

    def broken(infos, facts):
        files = real(infos, facts)
        files["tests/test_broken.py"] = b"import unittest\nclass T(unittest.TestCase):\n    def test_x(self):\n        self.fail('boom')\n"
        return files

    monkeypatch.setattr(cp_module, "render_common", broken)
    world.say("Trip", "fr", {"country": "FR", "start": "2025-05-01"})
    with pytest.raises(ProjectError, match="failed its own checks.*test_x"):
        world.checkpoint()
    assert snap(world.project) == before
    assert not Layout(world.project).staging.exists()
    monkeypatch.setattr(cp_module, "render_common", real)
    assert world.checkpoint().changed_domains == ["travel"]
    assert "country='FR'" in (world.project / "domains/travel/state.py").read_text()


def test_a_crash_before_the_swap_leaves_the_old_project(world, monkeypatch: pytest.MonkeyPatch, snap) -> None:
    _base(world)
    world.checkpoint()
    before = snap(world.project)

    def crash(*a, **k):
        raise KeyboardInterrupt("power cut during validation")

    monkeypatch.setattr(cp_module, "validate", crash)
    world.say("Trip", "fr", {"country": "FR", "start": "2025-05-01"})
    with pytest.raises(KeyboardInterrupt):
        world.checkpoint()
    assert snap(world.project) == before and _tests_pass(world.project)
    monkeypatch.undo()
    res = world.checkpoint()
    assert not res.recovered and res.changed_domains == ["travel"]
    assert not Layout(world.project).staging.exists()


def test_a_crash_mid_swap_is_completed_on_the_next_run(world, monkeypatch: pytest.MonkeyPatch, snap, tmp_path) -> None:
    _base(world)
    world.checkpoint()
    world.say("Trip", "fr", {"country": "FR", "start": "2025-05-01"})
    world.say("Allergy", "pen", {"allergen": "penicillin"})
    calls = {"n": 0}
    real_replace = os.replace

    def dying_replace(src, dst):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt("power cut during the swap")
        real_replace(src, dst)

    monkeypatch.setattr(swap.os, "replace", dying_replace)
    with pytest.raises(KeyboardInterrupt):
        world.checkpoint()
    monkeypatch.undo()
    layout = Layout(world.project)
    assert layout.journal.exists()
    # the rule runner finishes the swap before reading
    run = world.rules(dt.datetime(2025, 1, 12, 9))
    assert not layout.journal.exists() and run.problems == []
    assert _tests_pass(world.project)
    fresh = tmp_path / "fresh" / "project"
    cp_module.checkpoint(fresh, world.log.facts())
    assert snap(world.project) == snap(fresh)
    assert world.checkpoint().files_written == 0


def test_a_crash_mid_swap_is_completed_by_the_next_checkpoint(world, monkeypatch: pytest.MonkeyPatch) -> None:
    _base(world)
    world.checkpoint()
    world.say("Allergy", "pen", {"allergen": "penicillin"})
    real_apply = swap.apply

    def crash_after_journal(layout, plan):
        raise KeyboardInterrupt("killed right after writing the journal")

    monkeypatch.setattr(swap, "apply", crash_after_journal)
    with pytest.raises(KeyboardInterrupt):
        world.checkpoint()
    monkeypatch.setattr(swap, "apply", real_apply)
    res = world.checkpoint()
    assert res.recovered and res.files_written == 0
    assert "penicillin" in (world.project / "domains/health/state.py").read_text()
    assert _tests_pass(world.project)


def test_a_broken_checkpoint_file_means_a_full_render_not_an_error(world) -> None:
    _base(world)
    world.checkpoint()
    Layout(world.project).state_file.write_text("{not json")
    res = world.checkpoint()
    assert res.validated and len(res.changed_domains) == 7
    assert _tests_pass(world.project)
    assert world.checkpoint().files_written == 0


def test_forgetting_a_fact_re_renders_its_domain(world) -> None:
    _base(world)
    fid = world.say("Allergy", "pen", {"allergen": "penicillin"})
    world.checkpoint()
    world.log.forget_fact(fid)
    res = world.checkpoint()
    assert res.changed_domains == ["health"]
    assert "penicillin" not in (world.project / "domains/health/state.py").read_text()


def test_the_gate_runs_every_test_when_code_changes_and_the_state_tests_when_only_state_does(
    world, monkeypatch: pytest.MonkeyPatch
) -> None:
    gates: list[bool] = []
    real = cp_module.validate
    monkeypatch.setattr(cp_module, "validate", lambda staging, limits, *, with_rules: gates.append(with_rules)
                        or real(staging, limits, with_rules=with_rules))
    _base(world)
    world.checkpoint()  # first checkpoint: every file is new
    world.say("Medication", "ibu", {"name": "ibuprofen", "dose": "200 mg"})
    world.checkpoint()  # only health state changed
    assert gates == [True, False]
    assert _tests_pass(world.project)


def test_a_git_lock_left_by_a_killed_process_does_not_block_the_next_commit(world) -> None:
    from engine.project import history

    world.say("Trip", "jp", {"country": "JP", "start": "2025-02-20"})
    world.checkpoint()
    assert history.commit(world.project, "first", 1) is not None or history.latest(world.project)
    (world.project / ".git" / "index.lock").write_bytes(b"")  # what a kill -9 mid-commit leaves
    world.say("Trip", "it", {"country": "IT", "start": "2025-05-01"})
    world.checkpoint()
    rev = history.commit(world.project, "second", 2)
    assert rev is not None and rev.title == "second"
    assert not (world.project / ".git" / "index.lock").exists()
