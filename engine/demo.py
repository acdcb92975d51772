"""The demo profile: a made-up user's sessions, dated relative to the day they are loaded so the
demo always shows live alerts (a passport that runs out during an upcoming trip)."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable

from engine.profile import RESOURCES
from engine.service import Service

_OFFSET = re.compile(r"\{\+(\d+)\}")


def human_date(day: dt.date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def render_demo(today: dt.date) -> list[tuple[dt.date, str]]:
    """The demo sessions as (session date, text) for a given day."""
    data = json.loads((RESOURCES / "demo" / "sessions.json").read_text(encoding="utf-8"))
    out = []
    for item in data["sessions"]:
        text = _OFFSET.sub(lambda m: human_date(today + dt.timedelta(days=int(m.group(1)))), item["text"])
        out.append((today - dt.timedelta(days=int(item["days_ago"])), text))
    return out


def load_demo(service: Service, *, today: dt.date | None = None,
              progress: Callable[[str], None] | None = None) -> int:
    """Ingest the demo sessions into an empty profile; returns how many were ingested (0 if the
    profile already has sessions)."""
    if service.log.sessions():
        return 0
    today = today or dt.date.today()
    sessions = render_demo(today)
    for i, (day, text) in enumerate(sessions, 1):
        if progress:
            progress(f"demo session {i}/{len(sessions)} ({day})")
        service.ingest(text, day, session_id=f"demo-{i}", source="demo",
                       now=dt.datetime.combine(today, dt.time(9)))
    return len(sessions)
