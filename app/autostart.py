"""Start at login through the freedesktop autostart mechanism: a ``.desktop`` file in
``$XDG_CONFIG_HOME/autostart`` (``~/.config/autostart``), which every XDG desktop reads."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

ENTRY_NAME = "uac-desktop.desktop"


def autostart_dir(environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or str(Path(env.get("HOME", str(Path.home()))) / ".config")
    return Path(base) / "autostart"


def entry_text(home: Path) -> str:
    command = " ".join(shlex.quote(part) for part in (sys.executable, "-m", "app", "--home", str(home)))
    return "\n".join((
        "[Desktop Entry]",
        "Type=Application",
        "Name=UaC Desktop",
        "Comment=Your memory as a typed, executable project; alerts from your own rules",
        f"Exec={command}",
        "Icon=dialog-information",
        "Terminal=false",
        "X-GNOME-Autostart-enabled=true",
        "",
    ))


def set_autostart(enabled: bool, home: Path, environ: dict[str, str] | None = None) -> Path:
    """Write or remove the entry; returns its path. OSError when the folder cannot be written."""
    path = autostart_dir(environ) / ENTRY_NAME
    if enabled:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(entry_text(home), encoding="utf-8")
        tmp.replace(path)
    else:
        path.unlink(missing_ok=True)
    return path


def is_autostart(environ: dict[str, str] | None = None) -> bool:
    return (autostart_dir(environ) / ENTRY_NAME).is_file()
