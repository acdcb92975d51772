"""The user-rule lexicon (``resources/rules/user_rule_lexicon.json``), read once.

It has a module of its own because every other part reads it: the parser its phrases, the IR the
slots other parts of the app agreed to add (``expected_slots``), the compiler which fields name, date
and price a record. It depends on nothing else in the package.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.profile import RESOURCES

LEXICON_PATH = RESOURCES / "rules" / "user_rule_lexicon.json"


@dataclass(frozen=True)
class Lexicon:
    data: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.data[key]


@cache
def lexicon() -> Lexicon:
    return Lexicon(json.loads(LEXICON_PATH.read_text(encoding="utf-8")))
