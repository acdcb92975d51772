import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Uac:
    """Runs the real `uac` console entry in a subprocess against one profile home."""

    def __init__(self, home: Path) -> None:
        self.home = home

    def run(self, *args: str, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in {"UAC_MODEL"}}
        env["UAC_HOME"] = str(self.home)
        proc = subprocess.run([sys.executable, "-m", "engine.cli", *args], input=stdin, capture_output=True,
                              text=True, cwd=ROOT, env=env, timeout=600)
        if check and proc.returncode != 0:
            raise AssertionError(f"uac {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
        return proc

    def json(self, *args: str) -> object:
        return json.loads(self.run(*args, "--json").stdout)


@pytest.fixture
def uac(tmp_path: Path) -> Uac:
    return Uac(tmp_path / "home")
