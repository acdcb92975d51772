"""Run every rule of the user project in the sandbox, as of an explicit ``now``.

The harness is the repository's trusted copy of ``run_alerts.py`` (a hand-edited copy in the
project cannot change how rules are run). Project files are linted first (cached by stat, so an
unchanged file costs one ``stat``; files as the checkpoint rendered them are not parsed again); refused files are not imported, the harness falls back to their
last good copy. The harness streams one JSON line per event, so a run killed at the wall-clock
limit still yields every finished rule's alerts and names the rule that was running.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

from engine import sandbox
from engine.profile import RESOURCES
from engine.project.meta import FileStamp, Layout, Meta, sha
from engine.rules.alert import SEVERITIES, Alert, RuleProblem, RuleRun

HARNESS = RESOURCES / "templates" / "project" / "run_alerts.py"
LINTED_DIRS = ("domains", "rules", "data", "user")
LIMITS = sandbox.Limits(cpu_seconds=10, memory_bytes=1 << 30, open_files=32, wall_seconds=10.0)
RULE_SECONDS = 2.0


def project_sources(project: Path) -> list[tuple[Path, str]]:
    """Every module the harness may import from the project (live and last good copies)."""
    found: list[tuple[Path, str]] = []
    for base, prefix in ((project, ""), (project / ".uac" / "good", ".uac/good/")):
        if (base / "manifest.py").exists():
            found.append((base / "manifest.py", prefix + "manifest.py"))
        for top in LINTED_DIRS:
            for dirpath, dirnames, filenames in os.walk(base / top):
                dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
                for name in sorted(filenames):
                    if name.endswith(".py"):
                        path = Path(dirpath) / name
                        found.append((path, prefix + path.relative_to(base).as_posix()))
    return found


def lint_project(project: Path) -> dict[str, str]:
    """Display path -> why it is refused, for every project module the lint refuses.

    Files holding exactly the bytes the last checkpoint rendered and validated are not parsed again
    (on a large log the state files are megabytes, and a one-shot ``uac alerts`` has no cache); a
    hand-edited file, a copy that differs, and everything in ``user/`` are always checked."""
    rendered = Meta.load(Layout(project)).files
    refused: dict[str, str] = {}
    for path, shown in project_sources(project):
        stamp = rendered.get(shown.removeprefix(".uac/good/"))
        if stamp is not None and _is_rendered(path, stamp, live=not shown.startswith(".uac/")):
            continue
        try:
            issues = sandbox.lint_file(path, shown)
        except OSError:
            continue
        if issues:
            refused[shown] = "; ".join(str(i) for i in issues[:3])
    return refused


def _is_rendered(path: Path, stamp: FileStamp, *, live: bool) -> bool:
    """The file still holds what the checkpoint wrote: the live file by its stat, a copy by its hash."""
    if live:
        return stamp.matches(path)
    try:
        return sha(path.read_bytes()) == stamp.sha
    except OSError:
        return False


def _finish_interrupted_swap(project: Path) -> None:
    """A crashed checkpoint leaves a journal: finish it before reading (only if no one else is)."""
    if not (project / ".uac" / "journal.json").exists():
        return
    from engine.project.checkpoint import project_lock
    from engine.project.meta import Layout
    from engine.project.swap import recover

    layout = Layout(project)
    with project_lock(layout, blocking=False) as taken:
        if taken:
            recover(layout)


def run_rules(
    project_dir: Path,
    now: dt.datetime,
    *,
    limits: sandbox.Limits = LIMITS,
    rule_seconds: float = RULE_SECONDS,
) -> RuleRun:
    """Alerts of every rule (built-in packs and ``user/`` rules) and the problems of those that failed."""
    project = Path(project_dir).resolve()
    if not (project / "manifest.py").exists():
        return RuleRun([])
    _finish_interrupted_swap(project)
    refused = lint_project(project)
    argv = [
        str(HARNESS), "--project", str(project), "--now", now.isoformat(), "--jsonl",
        "--rule-timeout", f"{rule_seconds:g}", "--refuse-json", json.dumps(refused, sort_keys=True),
    ]
    result = sandbox.run(argv, cwd=project, read=[project, HARNESS.parent], limits=limits)
    return parse(result, refused)


def parse(result: sandbox.SandboxResult, refused: dict[str, str] | None = None) -> RuleRun:
    """Turn the harness's event stream into a RuleRun; whatever went wrong becomes a RuleProblem."""
    alerts: dict[str, Alert] = {}
    problems: list[RuleProblem] = []
    running: str | None = None
    ended = False
    for line in result.stdout.splitlines():
        try:
            event = json.loads(line)
            kind = event["event"]
        except (ValueError, KeyError, TypeError):
            continue
        if kind == "start":
            running = str(event["rule"])
        elif kind == "alerts":
            running = None
            for item in event["alerts"]:
                a = _alert(item)
                if a is not None:
                    alerts.setdefault(a.key, a)
        elif kind == "problem":
            if event.get("rule") == running:
                running = None
            problems.append(RuleProblem(str(event.get("rule")), str(event.get("error"))))
        elif kind == "end":
            ended = True
    if not ended:
        culprit = running or "sandbox"
        if result.timed_out:
            problems.append(RuleProblem(culprit, f"{culprit} was still running when the sandbox was killed ({result.explain()})"))
        else:
            detail = result.explain()
            stderr = [ln for ln in result.stderr.strip().splitlines() if ln.strip()]
            if stderr and stderr[-1] not in detail:
                detail += f"; {stderr[-1]}"
            problems.append(RuleProblem(culprit, f"the rule runner stopped early: {detail}"))
    return RuleRun(sorted(alerts.values(), key=_order), problems)


def _alert(item: dict) -> Alert | None:
    try:
        severity = str(item["severity"])
        if severity not in SEVERITIES:
            return None
        return Alert(
            key=str(item["key"]),
            rule=str(item["rule"]),
            severity=severity,
            title=str(item["title"]),
            message=str(item["message"]),
            evidence=tuple(int(i) for i in item["evidence"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _order(a: Alert) -> tuple[int, str]:
    return (-SEVERITIES.index(a.severity), a.key)
