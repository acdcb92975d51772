"""Emitting signals from Python must not eat references to True (PySide6 6.12.0 bug)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal

from app import qtfix


class _Emitter(QObject):
    changed = Signal(int)


def test_many_emits_keep_true_alive() -> None:
    emitter = _Emitter()
    received: list[int] = []
    emitter.changed.connect(received.append)
    before = sys.getrefcount(True)
    for i in range(5000):  # far more than True's references: would abort without the fix
        emitter.changed.emit(i)
    assert len(received) == 5000
    assert sys.getrefcount(True) >= before - 5
    assert not qtfix.emit_steals_a_reference()
