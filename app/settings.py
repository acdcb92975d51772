"""The GUI's settings, declared as data: one place for each option's type, default and meaning.

Stored in the profile's ``settings.json`` under ``gui.*`` keys, next to the engine's own settings,
so the CLI and the app read the same file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.profile import Profile


@dataclass(frozen=True)
class Option:
    name: str
    type: type
    default: Any
    doc: str


OPTIONS: tuple[Option, ...] = (
    Option(
        "gui.reevaluate_minutes",
        int,
        15,
        "Re-run the rules this often, so deadlines fire without a new conversation.",
    ),
    Option("gui.alerts_paused", bool, False, "Do not pop up notifications for new alerts."),
    Option("gui.use_model", bool, True, "Use the on-device model while extracting facts."),
    Option("gui.quiet_hours", str, "", "No pop-up notifications in this window, e.g. 22:00-07:00 (empty: none)."),
    Option("gui.keep_running", bool, True, "Closing the window keeps the app in the tray, so alerts keep coming."),
    Option("gui.autostart", bool, False, "Start the app when you log in (an XDG autostart entry)."),
    Option("gui.welcomed", bool, False, "The welcome has been shown once."),
)
OPTIONS_BY_NAME = {o.name: o for o in OPTIONS}


class Settings:
    """Typed access to the options; an unreadable or mistyped value falls back to the default."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile

    def get(self, name: str) -> Any:
        opt = OPTIONS_BY_NAME[name]
        try:
            raw = self.profile.settings().get(name, opt.default)
        except Exception:  # a broken settings file must not stop the window from opening
            return opt.default
        if opt.type is bool:
            return raw if isinstance(raw, bool) else opt.default
        try:
            return opt.type(raw)
        except (TypeError, ValueError):
            return opt.default

    def set(self, name: str, value: Any) -> None:
        opt = OPTIONS_BY_NAME[name]
        self.profile.update_settings(**{name: opt.type(value)})
