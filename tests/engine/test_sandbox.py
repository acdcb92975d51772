"""The sandbox: the lint refuses escape hatches, the process wall holds when the lint is bypassed."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import sandbox
from engine.errors import SandboxError
from engine.sandbox import Limits, lint_file, lint_source, run


def _script(tmp_path: Path, body: str, name: str = "s.py") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "src, needle",
    [
        ("import os", "'os'"),
        ("from subprocess import run", "'subprocess'"),
        ("x = open('f')", "'open'"),
        ("eval('1')", "'eval'"),
        ("__import__('os')", "'__import__'"),
        ("y = ().__class__.__bases__", "'__class__'"),
        ("getattr(1, 'real')", "'getattr'"),
        ("z = vars()", "'vars'"),
        ("import importlib", "'importlib'"),
    ],
)
def test_lint_refuses_escape_hatches(src: str, needle: str) -> None:
    issues = lint_source(src, "user/r.py")
    assert issues, src
    assert any(needle in i.message for i in issues)
    assert str(issues[0]).startswith("user/r.py line 1:")


def test_lint_allows_pure_stdlib_and_project_imports() -> None:
    src = (
        "from __future__ import annotations\nimport datetime\nfrom decimal import Decimal\n"
        "from rules.alerts import alert\nfrom domains.travel.schema import Trip\nfrom . import x\n"
        "import re, math, json, collections, itertools, functools, statistics, enum, dataclasses\n"
        "if __name__ == '__main__':\n    pass\n"
    )
    assert lint_source(src) == []


def test_lint_reports_syntax_errors_with_their_line() -> None:
    (issue,) = lint_source("x = 1\ny = (\n", "domains/travel/state.py")
    assert issue.line == 2 and "syntax error" in issue.message


def test_lint_file_cache_sees_edits(tmp_path: Path) -> None:
    path = _script(tmp_path, "x = 1\n")
    assert lint_file(path, "a.py") == []
    path.write_text("import os\nx = 1\n", encoding="utf-8")
    assert [i.line for i in lint_file(path, "a.py")] == [1]


def test_run_returns_output(tmp_path: Path) -> None:
    path = _script(tmp_path, "import json, sys\nprint(json.dumps(sys.argv[1:]))\n")
    res = run([str(path), "a", "b"], cwd=tmp_path)
    assert res.ok and res.stdout.strip() == '["a", "b"]'
    assert not res.timed_out and res.returncode == 0


def test_a_loop_is_killed_at_the_wall_clock_limit(tmp_path: Path) -> None:
    path = _script(tmp_path, "print('started', flush=True)\nwhile True:\n    pass\n")
    res = run([str(path)], cwd=tmp_path, limits=Limits(wall_seconds=1.0))
    assert res.timed_out and not res.ok
    assert res.stdout.strip() == "started"  # output before the kill is kept
    assert "wall-clock" in res.explain()
    assert res.seconds < 5


def test_cpu_limit_kills_a_busy_process(tmp_path: Path) -> None:
    path = _script(tmp_path, "while True:\n    pass\n")
    res = run([str(path)], cwd=tmp_path, limits=Limits(cpu_seconds=1, wall_seconds=20.0))
    assert not res.timed_out and res.returncode < 0
    assert "CPU" in res.explain()


def test_writing_a_file_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = _script(tmp_path, "open('out.txt', 'w').write('x')\n")
    res = run([str(path)], cwd=tmp_path)
    assert not res.ok and "writing files is not allowed" in res.stderr
    assert not (tmp_path / "out.txt").exists()


def test_resource_limits_are_in_force_inside(tmp_path: Path) -> None:
    path = _script(tmp_path, "import resource as r\nprint([r.getrlimit(getattr(r, n))[0] for n in "
                   "('RLIMIT_FSIZE', 'RLIMIT_NOFILE', 'RLIMIT_AS', 'RLIMIT_CPU')])\n")
    res = run([str(path)], cwd=tmp_path, limits=Limits(cpu_seconds=7, open_files=20, memory_bytes=1 << 30))
    assert res.ok, res.stderr
    assert res.stdout.strip() == f"[0, 20, {1 << 30}, 7]"


def test_reading_outside_the_allowed_folders_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("s3cret", encoding="utf-8")
    inside = tmp_path / "inside"
    inside.mkdir()
    path = _script(inside, f"print(open({str(secret)!r}).read())\n")
    res = run([str(path)], cwd=inside)
    assert not res.ok and "s3cret" not in res.stdout
    assert "reading" in res.stderr


@pytest.mark.parametrize(
    "body",
    [
        "import subprocess\nsubprocess.run(['true'])\n",
        "import os\nos.system('true')\n",
        "import socket\nsocket.create_connection(('127.0.0.1', 9))\n",
        "import os\nos.remove(__file__)\n",
    ],
)
def test_processes_sockets_and_deletes_are_refused(tmp_path: Path, body: str) -> None:
    path = _script(tmp_path, body)
    res = run([str(path)], cwd=tmp_path)
    assert not res.ok and "not allowed" in res.stderr
    assert path.exists()


def test_memory_is_capped(tmp_path: Path) -> None:
    path = _script(tmp_path, "x = bytearray(3 * 1024 ** 3)\n")
    res = run([str(path)], cwd=tmp_path, limits=Limits(memory_bytes=1 << 30))
    assert not res.ok and "MemoryError" in res.stderr


def test_environment_is_not_inherited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UAC_SECRET_TOKEN", "xyz")
    path = _script(tmp_path, "import os\nprint(sorted(os.environ))\n")
    res = run([str(path)], cwd=tmp_path)
    assert res.ok and "UAC_SECRET_TOKEN" not in res.stdout


def test_run_checked_refuses_before_running(tmp_path: Path) -> None:
    path = _script(tmp_path, "import os\nprint('ran')\n")
    with pytest.raises(SandboxError, match="import of 'os'"):
        sandbox.run_checked([str(path)], [(path, "s.py")], cwd=tmp_path)


def test_an_unstartable_interpreter_is_a_sandbox_error(tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="could not start"):
        run(["x.py"], cwd=tmp_path, python=str(tmp_path / "no-python"))
