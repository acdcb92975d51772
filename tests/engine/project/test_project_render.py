"""Rendering: deterministic bytes, typed literals, a project that runs on its own."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

from engine.project.checkpoint import checkpoint

INJECTION = "x'); import os; os.system('touch /tmp/pwned'); ('"


def _populate(world) -> None:
    world.say("Trip", "jp", {"country": "JP", "destination": "Tokyo", "start": "2025-02-20",
                             "purpose": "leisure", "cost": "1234.5", "currency": "EUR"})
    world.say("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"})
    world.say("Deadline", "tax", {"about": "tax return", "due": "2025-04-15"})
    world.say("Person", "emma", {"name": "Emma", "relation": "daughter", "age": 7})
    world.say("Event", "party", {"title": "party", "start": "2025-03-01", "people": ["Emma", "Tom"]})
    world.say("Note", "n1", {"text": INJECTION})
    world.say("Trip", "odd", {"country": "FR", "purpose": "sightseeing"})  # not a known purpose


def test_same_log_gives_same_bytes_in_two_homes(world, tmp_path: Path, snap) -> None:
    _populate(world)
    world.checkpoint()
    other = tmp_path / "other" / "project"
    checkpoint(other, world.log.facts())
    first, second = snap(world.project), snap(other)
    assert first == second
    assert "domains/travel/state.py" in first and "manifest.py" in first


def test_checkpointing_twice_writes_nothing_the_second_time(world, snap) -> None:
    _populate(world)
    first = world.checkpoint()
    before = snap(world.project)
    again = world.checkpoint()
    assert first.files_written > 20 and first.validated
    assert again.files_written == 0 and again.changed_domains == [] and not again.validated
    assert snap(world.project) == before


def test_values_are_typed_literals_never_pasted_text(world) -> None:
    _populate(world)
    world.checkpoint()
    travel = (world.project / "domains/travel/state.py").read_text()
    assert "start=date(2025, 2, 20)" in travel
    assert "cost=Decimal('1234.50')" in travel
    assert "purpose=TripPurpose.LEISURE" in travel
    assert "# purpose left out: \"'sightseeing' is not one of" in travel
    notes = (world.project / "domains/notes/state.py").read_text()
    assert f"text={INJECTION!r}" in notes
    calendar = (world.project / "domains/calendar/state.py").read_text()
    assert "about='tax return'" in calendar  # what is due, apart from who it is for (the record subject)
    assert "people=['Emma', 'Tom']" in calendar
    schema = (world.project / "domains/travel/schema.py").read_text()
    assert "class Trip(Record):" in schema and "start: date | None = None" in schema
    assert "class TripPurpose(StrEnum):" in schema


def _py(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=project, capture_output=True, text=True, timeout=120)


def test_the_generated_project_runs_and_passes_its_own_tests(world) -> None:
    _populate(world)
    world.checkpoint()
    unit = _py(world.project, "-m", "unittest", "-q")
    assert unit.returncode == 0, unit.stderr
    assert "Ran 4 tests" in unit.stderr
    pyt = _py(world.project, "-m", "pytest", "-q", "-p", "no:cacheprovider")
    assert pyt.returncode == 0, pyt.stdout + pyt.stderr
    assert "4 passed" in pyt.stdout
    loaded = _py(world.project, "-c", (
        "import uac_state, decimal, datetime, manifest\n"
        "s = uac_state.load()\n"
        "t = [t for t in s.travel.trips if t.country == 'JP'][0]\n"
        "print(type(t.start).__name__, type(t.cost).__name__, t.purpose == 'leisure', t.evidence, "
        "s.people.people[0].age, sorted(manifest.DOMAINS))\n"
    ))
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split(" ", 3)[:3] == ["date", "Decimal", "True"]
    assert "['calendar', 'finance', 'health', 'notes', 'people', 'preferences', 'travel']" in loaded.stdout
    assert not Path("/tmp/pwned").exists()


def test_the_project_runner_works_standalone(world) -> None:
    _populate(world)
    world.checkpoint()
    out = _py(world.project, "run_alerts.py", "--now", "2025-01-12T09:00")
    assert out.returncode == 0, out.stderr
    assert '"travel_documents.passport_validity' in out.stdout
    assert '"errors": []' in out.stdout


def test_manifest_is_small_and_counts_records(world) -> None:
    _populate(world)
    for i in range(200):
        world.say("Purchase", f"item{i}", {"item": f"thing {i}", "amount": "9.99"}, on=dt.date(2025, 1, 11))
    world.checkpoint()
    manifest = (world.project / "manifest.py").read_text()
    assert "'purchases': {'count': 200, 'schema': 'Purchase'}" in manifest
    assert len(manifest) < 4000
