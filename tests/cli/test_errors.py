"""Bad input and failed steps: one clear line, a non-zero exit, nothing lost."""

import json


def test_missing_file_is_one_clear_line(uac, tmp_path) -> None:
    proc = uac.run("ingest", str(tmp_path / "nope.txt"), check=False)
    assert proc.returncode == 1
    assert proc.stderr.strip().count("\n") == 0 and "no such file" in proc.stderr


def test_bad_date_is_one_line_usage_error(uac, tmp_path) -> None:
    proc = uac.run("ingest", "--date", "20/02/2025", "-", stdin="hi", check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "20/02/2025" in proc.stderr


def test_binary_transcript_is_refused_and_nothing_logged(uac, tmp_path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    proc = uac.run("ingest", str(bad), check=False)
    assert proc.returncode == 1 and "UTF-8" in proc.stderr
    assert uac.json("log")["sessions"] == []


def test_model_use_refuses_a_non_gguf_file(uac, tmp_path) -> None:
    fake = tmp_path / "model.gguf"
    fake.write_text("not a model")
    proc = uac.run("model", "use", str(fake), check=False)
    assert proc.returncode == 1 and "GGUF" in proc.stderr
    listed = uac.json("model", "list")
    assert any(m["default"] for m in listed)


def test_a_transcript_stamp_with_offset_is_a_session_date(uac) -> None:
    proc = uac.run("ingest", "--no-model", "--date", "2025-10-06T09:15:00-04:00", "-", stdin="Dentist on the 9th at 3pm.",
                   check=False)
    assert proc.returncode == 0, proc.stderr
    sessions = uac.json("log")["sessions"]
    assert [s["date"] for s in sessions] == ["2025-10-06"]


def _block_the_project(home) -> None:
    """A file where the project folder should be: every checkpoint after this must fail."""
    import shutil

    shutil.rmtree(home / "project", ignore_errors=True)
    (home / "project").write_text("not a folder")


def test_ingest_exits_non_zero_when_the_checkpoint_fails_and_keeps_the_facts(uac) -> None:
    uac.run("ingest", "--no-model", "--date", "2026-03-01", "-", stdin="Dentist on the 9th at 3pm.")
    _block_the_project(uac.home)
    proc = uac.run("ingest", "--no-model", "--date", "2026-03-02", "-", stdin="My sister Ana moved to Lisbon.",
                   check=False)
    assert proc.returncode == 1
    line = proc.stderr.strip()
    assert line.count("\n") == 0 and "checkpoint failed" in line and "project" in line
    dates = sorted(s["date"] for s in uac.json("log")["sessions"])
    assert dates == ["2026-03-01", "2026-03-02"]


def test_import_exits_non_zero_when_the_checkpoint_fails(uac, tmp_path) -> None:
    uac.run("ingest", "--no-model", "--date", "2026-03-01", "-", stdin="Dentist on the 9th at 3pm.")
    _block_the_project(uac.home)
    data = tmp_path / "runs.csv"
    data.write_text("date,km\n2026-03-01,5\n2026-03-02,7\n", encoding="utf-8")
    proc = uac.run("import", str(data), "--collection", "runs", "--json", check=False)
    assert proc.returncode == 1 and "checkpoint failed" in proc.stderr
    assert json.loads(proc.stdout)["added"] == 2


def test_a_rule_naming_a_place_with_an_apostrophe_fires(uac) -> None:
    """Ordinary words never reach generated code as code: the rule checkpoints and raises its alert."""
    uac.run("ingest", "--no-model", "--date", "2026-03-01", "-", stdin="Warn me if I spend over $50 at Bob's Diner.")
    assert [r["status"] for r in uac.json("rules")] == ["active"]
    uac.run("ingest", "--no-model", "--date", "2026-03-04", "-", stdin="Dinner at Bob's Diner tonight cost $72.")
    alerts = uac.json("alerts", "--now", "2026-03-04T20:00")
    assert any("Bob's Diner" in a["message"] or "Bob's Diner" in a["title"] for a in alerts), alerts
