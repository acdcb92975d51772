"""Work around a reference-count bug in PySide6 6.12.0's ``SignalInstance.emit``.

On CPython 3.11 each ``signal.emit(...)`` made from Python returns ``True`` without taking a
reference, so every emit steals one reference from ``True``; after a few hundred emits the
interpreter aborts ("bool_dealloc: deallocating True or False"). Python 3.12+ (immortal
``True``) and fixed PySide6 releases are unaffected: the bug is detected with a probe, and the
compensating wrapper is installed only when the probe shows it.

Importing this module installs the fix; every module of the app that emits signals imports it.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal, SignalInstance

_installed = False


class _Probe(QObject):
    fired = Signal()


def emit_steals_a_reference() -> bool:
    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(4):
        probe.fired.emit()
    return sys.getrefcount(True) < before


def install() -> bool:
    """Patch ``SignalInstance.emit`` if this PySide6 needs it; True when patched. Idempotent."""
    global _installed
    if _installed:
        return True
    if not emit_steals_a_reference():
        return False
    original = SignalInstance.emit
    incref = ctypes.pythonapi.Py_IncRef
    incref.argtypes = [ctypes.py_object]
    incref.restype = None

    def emit(self: SignalInstance, *args: Any) -> Any:
        result = original(self, *args)
        if result is True:
            incref(result)
        return result

    SignalInstance.emit = emit  # type: ignore[method-assign]
    _installed = True
    return True


install()
