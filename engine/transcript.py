"""Parse a session's text into (speaker, text) messages.

Lines may start with ``User:`` / ``Assistant:`` (also ``Me:``, ``AI:``, ``Bot:``); a line without a
speaker continues the previous message, and a text with no speakers at all is the user's.
"""

from __future__ import annotations

import re

from engine.errors import InputError

_SPEAKER = re.compile(r"^\s*(user|me|human|you|assistant|ai|bot|system)\s*:\s?(.*)$", re.IGNORECASE)
_ASSISTANT = {"assistant", "ai", "bot", "system"}
MAX_SESSION_CHARS = 2_000_000


def parse_transcript(raw: str) -> list[tuple[str, str]]:
    if "\x00" in raw:
        raise InputError("the transcript contains NUL bytes; is it a binary file?")
    if len(raw) > MAX_SESSION_CHARS:
        raise InputError(f"the transcript has {len(raw):,} characters; split it (limit {MAX_SESSION_CHARS:,})")
    messages: list[tuple[str, list[str]]] = []
    for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        m = _SPEAKER.match(line)
        if m:
            speaker = "assistant" if m.group(1).lower() in _ASSISTANT else "user"
            messages.append((speaker, [m.group(2)]))
        elif messages:
            messages[-1][1].append(line)
        elif line.strip():
            messages.append(("user", [line]))
    out = [(spk, "\n".join(lines).strip()) for spk, lines in messages]
    out = [(spk, body) for spk, body in out if body]
    if not out:
        raise InputError("the transcript is empty: nothing to ingest")
    return out
