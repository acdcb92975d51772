"""Run every rule of the user project in the sandbox, as of an explicit ``now``.

The harness is the repository's trusted copy of ``run_alerts.py`` (a hand-edited copy in the
project cannot change how rules are run). Before a run, bytecode no checkpoint compiled is removed
and project files are linted by content hash (files holding exactly the bytes the checkpoint
rendered are not parsed again); refused files are not imported, the harness falls back to their
last good copy. The built-in packs run in one sandboxed process and every file of ``user/`` in a
process of its own, side by side: a user file cannot reach the packs, starve them or speak for
them — its alerts are attributed to it by this runner, whatever they claim. Each harness streams
one JSON line per event, so a process killed at the wall-clock limit still yields every finished
rule's alerts and names the rule that was running and those that never ran.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import math
import os
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from engine import confinement, sandbox
from engine.confinement import Wall
from engine.profile import RESOURCES
from engine.project.meta import FileStamp, Layout, Meta, sha
from engine.rules.alert import SEVERITIES, Alert, RuleProblem, RuleRun

HARNESS = RESOURCES / "templates" / "project" / "run_alerts.py"
LINTED_DIRS = ("domains", "rules", "data", "user")
LIMITS = sandbox.Limits(cpu_seconds=10, memory_bytes=1 << 30, open_files=32, wall_seconds=10.0)
RULE_SECONDS = 2.0
PARALLEL = 4
"""Harness processes run at once (the packs and the user files)."""
READ_RATE = 20e6
"""Bytes of a big collection's data file a rule is granted a second to read (measured: ~45 MB/s
here, read and rebuilt as typed records; the margin covers a slow machine and parallel runs)."""
PASSES_PER_RULE = 2
"""Passes over the data files one rule is given time for (a compiled rule reads them once)."""
OTHER_PASSES = 4
"""Passes a harness process is given besides its compiled rules' (the packs, a user file)."""
_COMPILED_RULE = re.compile(r"^def rule_\w+\(state, now\):", re.MULTILINE)


def reading_allowance(project: Path) -> tuple[float, float]:
    """Seconds added to each rule's limit and to each harness process's for the data files of big
    collections (none: 0, 0), so a rule that reads 800,000 records is not stopped as if it looped.
    A process gets a rule's share for every compiled rule in ``rules/user_rules.py``."""
    try:
        size = sum(p.stat().st_size for p in (project / "records").glob("*.jsonl"))
    except OSError:
        return 0.0, 0.0
    if not size:
        return 0.0, 0.0
    try:
        compiled = len(_COMPILED_RULE.findall((project / "rules" / "user_rules.py").read_text(encoding="utf-8")))
    except OSError:
        compiled = 0
    one_pass = size / READ_RATE
    return PASSES_PER_RULE * one_pass, (PASSES_PER_RULE * compiled + OTHER_PASSES) * one_pass


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


def _is_rendered(path: Path, stamp: FileStamp, *, live: bool = True) -> bool:
    """The file holds exactly the bytes the checkpoint wrote, by content hash (a stat can be kept
    the same by an edit that keeps size and modification time)."""
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
    wall: Wall | None = None,
) -> RuleRun:
    """Alerts of every rule (built-in packs and ``user/`` rules) and the problems of those that failed."""
    project = Path(project_dir).resolve()
    if not (project / "manifest.py").exists():
        return RuleRun([])
    _finish_interrupted_swap(project)
    wall = confinement.current() if wall is None else wall
    problems = [RuleProblem(rel, f"{rel} was not compiled by a checkpoint and was removed; rules run from source")
                for rel in purge_bytecode(project)]
    refused = lint_project(project)
    per_rule, per_process = reading_allowance(project)
    if per_process:
        rule_seconds += per_rule
        limits = dataclasses.replace(limits, cpu_seconds=limits.cpu_seconds + math.ceil(per_process),
                                     wall_seconds=limits.wall_seconds + per_process)
    base = [
        str(HARNESS), "--project", str(project), "--now", now.isoformat(), "--jsonl",
        "--rule-timeout", f"{rule_seconds:g}", "--refuse-json", json.dumps(refused, sort_keys=True),
    ]
    jobs: list[tuple[list[str], str | None]] = [([*base, "--packs-only"], None)]
    for fname in user_files(project / "user"):
        shown = f"user/{fname}"
        if shown in refused:
            problems.append(RuleProblem(shown, f"{refused[shown]} (refused by the safety check)"))
        else:
            jobs.append(([*base, "--user", fname], f"user/{fname[:-3]}"))

    def one(job: tuple[list[str], str | None]) -> RuleRun:
        argv, owner = job
        result = sandbox.run(argv, cwd=project, read=[project, HARNESS.parent], limits=limits, wall=wall)
        return parse(result, refused, owner=owner)

    with ThreadPoolExecutor(max_workers=min(len(jobs), PARALLEL)) as pool:
        runs = list(pool.map(one, jobs))
    alerts: dict[str, Alert] = {}
    seen: set[tuple[str, str]] = set()
    for run in runs:
        for a in run.alerts:
            alerts.setdefault(a.key, a)
        for p in run.problems:
            if (p.rule, p.error) not in seen:
                seen.add((p.rule, p.error))
                problems.append(p)
    return RuleRun(sorted(alerts.values(), key=_order), problems, wall.warnings)


def user_files(user_dir: Path) -> list[str]:
    """The rule files of ``user/``, as the harness picks them (not private, not hidden)."""
    try:
        names = sorted(os.listdir(user_dir))
    except OSError:
        return []
    return [n for n in names if n.endswith(".py") and not n.startswith((".", "_")) and (user_dir / n).is_file()]


def purge_bytecode(project: Path) -> list[str]:
    """Remove every ``.pyc`` under the project that the checkpoint did not compile (by content
    hash): Python would run a planted one without its source ever being linted."""
    known = Meta.load(Layout(project)).bytecode
    removed: list[str] = []
    for dirpath, dirnames, filenames in os.walk(project):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            if not name.endswith((".pyc", ".pyo")):
                continue
            path = Path(dirpath) / name
            rel = path.relative_to(project).as_posix()
            try:
                if known.get(rel) == sha(path.read_bytes()):
                    continue
                path.unlink()
            except OSError:
                continue
            removed.append(rel)
    return removed


def parse(result: sandbox.SandboxResult, refused: dict[str, str] | None = None, *, owner: str | None = None) -> RuleRun:
    """Turn one harness process's event stream into a RuleRun; whatever went wrong becomes a
    RuleProblem. ``owner`` is the user file the process ran: every alert and problem it reports is
    attributed to that file, and events naming other rules are dropped (a user file cannot forge
    a built-in alert). For the packs' process, the plan it announces before any rule runs names
    the rules that a kill left unrun."""
    alerts: dict[str, Alert] = {}
    problems: list[RuleProblem] = []
    running: str | None = None
    planned: list[str] = []
    finished: set[str] = set()
    ended = False
    for line in result.stdout.splitlines():
        try:
            event = json.loads(line)
            kind = event["event"]
        except (ValueError, KeyError, TypeError):
            continue
        rule = str(event.get("rule"))
        if owner is not None and kind in ("start", "alerts") and rule != owner:
            continue
        if kind == "plan" and not planned and not finished and running is None:
            planned = [str(r) for r in event.get("rules", [])]
        elif kind == "start":
            running = rule
        elif kind == "alerts":
            running = None
            finished.add(rule)
            for item in event["alerts"]:
                a = _alert(item, owner)
                if a is not None:
                    alerts.setdefault(a.key, a)
        elif kind == "problem":
            if rule == running:
                running = None
            finished.add(rule)
            if owner is not None and rule != owner and not rule.endswith(".py"):
                rule = owner
            problems.append(RuleProblem(rule, str(event.get("error"))))
        elif kind == "end":
            ended = True
    if not ended:
        culprit = running or owner or "sandbox"
        if result.timed_out:
            problems.append(RuleProblem(culprit, f"{culprit} was still running when the sandbox was killed ({result.explain()})"))
        else:
            detail = result.explain()
            stderr = [ln for ln in result.stderr.strip().splitlines() if ln.strip()]
            if stderr and stderr[-1] not in detail:
                detail += f"; {stderr[-1]}"
            problems.append(RuleProblem(culprit, f"the rule runner stopped early: {detail}"))
        for rule in planned:
            if rule not in finished and rule != culprit:
                problems.append(RuleProblem(rule, f"{rule} did not run: {culprit} was stopped first"))
    return RuleRun(sorted(alerts.values(), key=_order), problems)


def _alert(item: dict, owner: str | None = None) -> Alert | None:
    """An alert event checked; a user file's alert carries that file's name, not the one it claims."""
    try:
        severity = str(item["severity"])
        if severity not in SEVERITIES:
            return None
        key, rule = str(item["key"]), str(item["rule"])
        if owner is not None:
            key, rule = f"{owner}:{key}", owner
        return Alert(
            key=key,
            rule=rule,
            severity=severity,
            title=str(item["title"]),
            message=str(item["message"]),
            evidence=tuple(int(i) for i in item["evidence"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _order(a: Alert) -> tuple[int, str]:
    return (-SEVERITIES.index(a.severity), a.key)
