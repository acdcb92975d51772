"""Validate a staged project before it goes live: its own generated tests, run in the sandbox."""

from __future__ import annotations

from pathlib import Path

from engine import sandbox
from engine.errors import ProjectError

LIMITS = sandbox.Limits(cpu_seconds=60, memory_bytes=1 << 30, open_files=64, wall_seconds=60.0)


STATE_TESTS = "tests.test_state"
"""The generated tests that check the folded state itself: imports, manifest counts, types, ids."""


def validate(staging: Path, limits: sandbox.Limits = LIMITS, *, with_rules: bool = True) -> sandbox.SandboxResult:
    """Import the state and run ``tests/`` in ``staging``; raise ProjectError if anything fails.

    ``with_rules=False`` runs only the state tests: when a checkpoint changed state files alone, the
    packs are unchanged code and the rule run that follows every checkpoint exercises them anyway
    (a pack that fails there is reported and disabled), so the gate's cost follows the change."""
    argv = ["-m", "unittest", "discover", "-s", "tests", "-t", "."] if with_rules else ["-m", "unittest", STATE_TESTS]
    result = sandbox.run(
        argv,
        cwd=staging,
        read=[staging],
        path=[staging],
        limits=limits,
    )
    if not result.ok:
        raise ProjectError(
            "the rendered project failed its own checks, so the last good project stays live: "
            + summarize(result)
        )
    return result


def summarize(result: sandbox.SandboxResult) -> str:
    """The failing tests and the last error line, short enough for one message."""
    if result.timed_out or result.returncode < 0:
        return result.explain()
    lines = result.stderr.strip().splitlines()
    failing = [ln for ln in lines if ln.startswith(("FAIL:", "ERROR:"))]
    errors = [ln for ln in lines if ln and not ln.startswith((" ", "-", "=", "Ran ", "FAILED", "OK"))]
    picked = failing[:3] + errors[-1:]
    return "; ".join(picked)[:800] or result.explain()
