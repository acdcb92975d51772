"""A real log with record files imported as a user would, folded into typed state: what the
asking tests over imported collections start from."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.importer import import_file
from engine.log import LogStore
from engine.state import State, fold


def imported(folder: Path, files: dict[str, str]) -> tuple[State, LogStore]:
    """Write each text as the file its key names, import it into a log in ``folder`` (the file's
    stem is the collection) and fold the log."""
    store = LogStore(folder / "log.db")
    for name, text in files.items():
        (folder / name).write_text(text)
        import_file(store, folder / name, Path(name).stem)
    return fold(store.facts()), store


def answered(logs: tuple[State, LogStore], question: str, now: dt.datetime) -> tuple[object, str]:
    """The answer to ``question`` over an imported log, and the computation shown with it."""
    from engine.ask import ask

    state, store = logs
    got = ask(state, question, now, None, store)
    return got.answer, got.computation
