import os
import queue
from pathlib import Path

from engine.watch import Change, Watcher


def _watch(tmp_path: Path) -> tuple[Watcher, "queue.Queue[Change]", Path, Path]:
    project, inbox = tmp_path / "project", tmp_path / "inbox"
    (project / "domains").mkdir(parents=True)
    inbox.mkdir()
    (project / "domains" / "state.py").write_text("X = 1\n")
    events: queue.Queue[Change] = queue.Queue()
    watcher = Watcher(project, inbox, events.put, debounce=0.05)
    watcher.start()
    return watcher, events, project, inbox


def test_hand_edit_via_rename_is_reported_once(tmp_path) -> None:
    watcher, events, project, _ = _watch(tmp_path)
    try:
        target = project / "domains" / "state.py"
        tmp = target.with_name(".state.py.swp")
        for i in range(3):  # an editor saving three times in a row
            tmp.write_text(f"X = {i + 2}\n")
            os.replace(tmp, target)
        change = events.get(timeout=5)
        assert change == Change("project", target.resolve())
        assert events.empty() or events.get(timeout=0.5) is None
    finally:
        watcher.stop()


def test_own_writes_are_ignored_after_resync(tmp_path) -> None:
    watcher, events, project, inbox = _watch(tmp_path)
    try:
        target = project / "domains" / "state.py"
        with watcher.own_writes():  # what a checkpoint writes is ours
            target.write_text("X = 42\n")
        (inbox / "2025-01-02-chat.txt").write_text("User: hello")
        change = events.get(timeout=5)
        # the only report is the inbox file; the project write was absorbed by resync
        assert change.kind == "inbox" and change.path.name == "2025-01-02-chat.txt"
    finally:
        watcher.stop()
