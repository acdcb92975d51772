"""A profile is one user's home: the log database, the user project, the inbox and settings.

Chosen by ``--home DIR``, else ``UAC_HOME``, else the platform's user data dir.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import InputError

REPO_ROOT = Path(__file__).resolve().parents[1]
RESOURCES = REPO_ROOT / "resources"


def default_home() -> Path:
    env = os.environ.get("UAC_HOME")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("uac-desktop", appauthor=False))


@dataclass(frozen=True)
class Profile:
    home: Path

    @property
    def db_path(self) -> Path:
        return self.home / "log.sqlite3"

    @property
    def project_dir(self) -> Path:
        return self.home / "project"

    @property
    def inbox_dir(self) -> Path:
        return self.home / "inbox"

    @property
    def settings_path(self) -> Path:
        return self.home / "settings.json"

    @classmethod
    def open(cls, home: str | os.PathLike[str] | None = None) -> Profile:
        path = Path(home).expanduser() if home else default_home()
        if path.exists() and not path.is_dir():
            raise InputError(f"profile home {path} is a file, not a folder; pick another --home")
        for sub in (path, path / "inbox"):
            sub.mkdir(parents=True, exist_ok=True)
        return cls(path.resolve())

    def settings(self) -> dict[str, Any]:
        try:
            return json.loads(self.settings_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, json.JSONDecodeError) as exc:
            raise InputError(f"settings file {self.settings_path} is unreadable ({exc}); fix or delete it") from exc

    def update_settings(self, **changes: Any) -> dict[str, Any]:
        data = self.settings()
        data.update(changes)
        tmp = self.settings_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
        os.replace(tmp, self.settings_path)
        return data
