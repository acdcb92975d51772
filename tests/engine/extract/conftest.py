"""Fixtures of the extraction tests."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.log import LogStore


@pytest.fixture
def log(tmp_path: Path) -> Iterator[LogStore]:
    """A real SQLite log, for tests that chain sessions through extraction and folding."""
    store = LogStore(tmp_path / "log.db")
    yield store
    store.close()
