"""How a recurring event repeats: the user project's own reader (``rules/recurrence.py``), loaded here
from this repository's copy so the agenda and the scheduling pack read every rhythm the same way.

The module is plain Python with no project imports; see it for what it reads ("every other
Tuesday", "the first Monday of the month", "weekdays", "monthly on the 1st").
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from engine.profile import RESOURCES

SOURCE = RESOURCES / "templates" / "project" / "rules" / "recurrence.py"


def _load() -> ModuleType:
    name = "engine._project_recurrence"
    spec = importlib.util.spec_from_file_location(name, SOURCE)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {SOURCE}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


_reader = _load()
Recurrence = _reader.Recurrence
parse = _reader.parse
