"""Imported collections become an ``imports`` domain of the user project, typed like the rest."""

import subprocess
import sys

from engine.profile import Profile
from engine.service import Service


def test_imported_records_are_rendered_typed_and_the_project_tests_pass(tmp_path) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    data = tmp_path / "workouts.csv"
    data.write_text(
        "date,activity,minutes,distance_km,indoor,started_at\n"
        "2025-01-03,run,42,7.5,false,2025-01-03T07:10:00\n"
        "2025-01-05,swim,30,1.2,true,2025-01-05T18:30:00\n"
        "2025-01-09,run,55,10.1,false,2025-01-09T06:55:00\n"
    )
    result = svc.import_records(data)
    assert result.added == 3
    root = svc.profile.project_dir
    state_py = (root / "domains" / "imports" / "state.py").read_text()
    schema_py = (root / "domains" / "imports" / "schema.py").read_text()
    assert "date(2025, 1, 3)" in state_py and "7.5" in state_py and "datetime(2025, 1, 3, 7, 10, 0)" in state_py
    assert "minutes: int | None" in schema_py and "distance_km: float | None" in schema_py
    assert "'imports'" in (root / "manifest.py").read_text()
    proc = subprocess.run([sys.executable, "-I", "-m", "unittest", "discover", "-s", "tests", "-t", "."],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    loaded = subprocess.run([sys.executable, "-I", "-c",
                             "import sys; sys.path.insert(0, '.'); import uac_state; print(len(uac_state.load().imports.workouts))"],
                            cwd=root, capture_output=True, text=True, timeout=60)
    assert loaded.stdout.strip() == "3", loaded.stderr
    before = state_py
    svc.import_records(data)  # idempotent: nothing new, same bytes
    assert (root / "domains" / "imports" / "state.py").read_text() == before
    svc.close()
