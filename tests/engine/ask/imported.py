"""A real log with record files imported as a user would, folded into typed state: what the
asking tests over imported collections start from."""

from __future__ import annotations

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
