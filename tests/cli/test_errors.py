

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
    proc = uac.run("ingest", "--date", "2025-10-06T09:15:00-04:00", "-", stdin="Dentist on the 9th at 3pm.", check=False)
    assert proc.returncode == 0, proc.stderr
    sessions = uac.json("log")["sessions"]
    assert [s["date"] for s in sessions] == ["2025-10-06"]
