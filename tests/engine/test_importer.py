"""Importing JSON, JSON Lines and CSV records into the log, and folding them into typed state."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.importer import import_file
from engine.log import LogStore
from engine.state import fold

CSV = """Date,Meal Type,Calories,Cost,Place,Tags,Time,Vegetarian
2024-03-01,dinner,650,$12.50,home,"[""veg""]",7:30 pm,yes
2024-03-02,lunch,500,$8.00,cafe,[],12:15,no
2024-03-03,dinner,700,"$1,022.10",restaurant,"[""fish"",""wine""]",20:00,no
2024-03-04,breakfast,300,$4.00,home,[],08:00,yes
2024-03-05,dinner,710,$9.99,home,[],19:00,yes
"""


@pytest.fixture
def log(tmp_path: Path) -> LogStore:
    return LogStore(tmp_path / "log.db")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_types_are_inferred_and_fold_into_state(log: LogStore, tmp_path: Path) -> None:
    res = import_file(log, write(tmp_path, "meals.csv", CSV), None)
    assert res.collection == "meals"
    assert res.added == 5 and res.skipped_duplicates == 0
    assert res.schema == {
        "date": "date", "meal_type": "enum", "calories": "int", "cost": "money", "place": "enum",
        "tags": "list", "time": "time", "vegetarian": "bool",
    }
    state = fold(log.facts())
    recs = state.domains()["imports"]["meals"]
    assert len(recs) == 5
    first, third = recs[0].values, recs[2].values
    assert first["date"] == dt.date(2024, 3, 1)
    assert first["cost"] == Decimal("12.50") and third["cost"] == Decimal("1022.10")
    assert first["time"] == dt.time(19, 30)
    assert first["vegetarian"] is True and third["vegetarian"] is False
    assert third["tags"] == ["fish", "wine"]
    assert all(len(r.evidence) == 1 for r in recs)
    session = log.session(res.session_id or "")
    assert session is not None and session.source == "import"


def test_json_array_and_jsonl_with_floats_datetimes_and_units(log: LogStore, tmp_path: Path) -> None:
    rows = [
        {"when": "2024-01-02T07:00:00", "distance": "5.2 km", "pace": 5.5, "kind": "run"},
        {"when": "2024-01-03T07:30:00", "distance": "10 km", "pace": 6, "kind": "run"},
    ]
    res = import_file(log, write(tmp_path, "w.json", json.dumps(rows)), "workouts")
    assert res.schema["when"] == "datetime" and res.schema["distance"] == "float" and res.schema["pace"] == "float"
    res2 = import_file(log, write(tmp_path, "s.jsonl", '{"hours": 7.5, "day": "03/04/2024"}\n{"hours": 6, "day": "25/04/2024"}\n'), "sleep")
    assert res2.schema == {"hours": "float", "day": "date"}
    state = fold(log.facts())
    sleep = state.domains()["imports"]["sleep"]
    assert [r.values["day"] for r in sleep] == [dt.date(2024, 4, 3), dt.date(2024, 4, 25)]
    runs = state.domains()["imports"]["workouts"]
    assert runs[0].values["distance"] == 5.2 and runs[0].values["when"] == dt.datetime(2024, 1, 2, 7)


def test_reimport_is_idempotent(log: LogStore, tmp_path: Path) -> None:
    path = write(tmp_path, "meals.csv", CSV)
    import_file(log, path, None)
    n_facts = len(log.facts())
    again = import_file(log, path, None)
    assert (again.added, again.skipped_duplicates) == (0, 5)
    assert len(log.facts()) == n_facts
    more = write(tmp_path, "meals2.csv", CSV + "2024-03-06,lunch,450,$7.00,cafe,[],13:00,no\n")
    res = import_file(log, more, "meals")
    assert (res.added, res.skipped_duplicates) == (1, 5)
    assert len(fold(log.facts()).domains()["imports"]["meals"]) == 6


@pytest.mark.parametrize(
    ("name", "text", "where"),
    [
        ("bad.csv", "a,b\n1,2\n3,4\n5\n", "line 4"),
        ("bad.jsonl", '{"a": 1}\n\n{"a": 2\n', "line 3"),
        ("bad.json", '[\n {"a": 1},\n {"a": 2},\n 7\n]', "record 3 (line 4)"),
        ("bad2.json", '[\n {"a": 1},\n {"a": 2,}\n]', "line 3"),
        ("empty.csv", "", "empty"),
    ],
)
def test_malformed_input_names_the_line_and_imports_nothing(
    log: LogStore, tmp_path: Path, name: str, text: str, where: str
) -> None:
    with pytest.raises(InputError, match=where.replace("(", r"\(").replace(")", r"\)")):
        import_file(log, write(tmp_path, name, text), "things")
    assert log.facts() == [] and log.sessions() == []


def test_imported_records_are_searchable(log: LogStore, tmp_path: Path) -> None:
    import_file(log, write(tmp_path, "meals.csv", CSV), None)
    hits = log.search("restaurant")
    assert hits and hits[0]["kind"] == "fact"


def test_progress_is_reported_and_a_stop_imports_nothing(tmp_path) -> None:
    path = tmp_path / "runs.csv"
    path.write_text("date,km\n" + "".join(f"2025-01-{1 + i % 28:02d},{i % 20 + 1}\n" for i in range(12_000)))
    log = LogStore(tmp_path / "log.sqlite3")
    try:
        heard: list[str] = []

        class Stop(Exception):
            pass

        def stop_midway(text: str) -> None:
            heard.append(text)
            if text.startswith("Checked and wrote 10,000"):
                raise Stop  # mid-write: the records before it are rolled back

        with pytest.raises(Stop):
            import_file(log, path, progress=stop_midway)
        assert heard[0] == "Reading runs.csv…" and "Read 5,000 records…" in heard
        assert "Checked and wrote 8,000 of 12,000 records…" in heard
        assert log.facts() == [] and log.sessions() == []  # nothing written: all or nothing
        result = import_file(log, path, progress=heard.append)
        assert result.added > 0 and heard[-1] == "Checked and wrote 12,000 of 12,000 records…"
    finally:
        log.close()


def test_a_json_array_is_read_as_a_stream_across_buffer_edges(log: LogStore, tmp_path: Path, monkeypatch) -> None:
    import engine.importer.read as read

    monkeypatch.setattr(read, "CHUNK", 7)  # every element, string and number crosses a buffer edge
    rows = [{"title": f"Book “{i}”, vol. {i}", "pages": 100 + i * 1234567, "tags": ["a", "b,c"]} for i in range(30)]
    text = "[\n" + ",\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n]\n"
    res = import_file(log, write(tmp_path, "books.json", text), None)
    assert res.added == 30 and res.schema["pages"] == "int" and res.schema["tags"] == "list"
    pages = sorted(r.values["pages"] for r in fold(log.facts()).domains()["imports"]["books"])
    assert pages == sorted(r["pages"] for r in rows)
    broken = text.replace('"pages": 100,', '"pages": 100 oops,', 1)
    with pytest.raises(InputError, match=r"line 2: invalid JSON"):
        import_file(log, write(tmp_path, "broken.json", broken), None)


def test_a_malformed_row_late_in_a_file_imports_nothing(log: LogStore, tmp_path: Path) -> None:
    good = "".join(f"2025-01-{1 + i % 28:02d},{i}\n" for i in range(9_000))
    path = write(tmp_path, "runs.csv", "date,km\n" + good + "2025-02-01,\n2025-02-02,7\n")
    import_file(log, path, None)  # empty cells are fine
    before = len(log.facts(bulk=True))
    bad = write(tmp_path, "more.csv", "date,km\n" + good.replace("1,", "9,") + "2025-02-27,3,extra\n")
    with pytest.raises(InputError, match=r"line 9002: 3 fields, expected 2.*nothing was imported"):
        import_file(log, bad, None)
    assert len(log.facts(bulk=True)) == before and len(log.sessions()) == 1


def test_content_keys_and_stored_slots_do_not_change_with_the_faster_path(log: LogStore, tmp_path: Path) -> None:
    import hashlib

    res = import_file(log, write(tmp_path, "cafes.csv", "name,city\nCafé Müller,Zürich\nPret,London\n"), None)
    facts = [f for f in log.facts() if f.frame == res.frame]
    for fact in facts:
        blob = json.dumps(fact.slots, sort_keys=True, default=str, ensure_ascii=False)
        assert fact.entity_key == "h" + hashlib.sha256(blob.encode()).hexdigest()[:24]
    assert {f.slots["name"] for f in facts} == {"Café Müller", "Pret"}



@pytest.mark.parametrize("chunk", [5, 6, 7, 8, 9, 11, 13])
def test_literals_exponents_and_escapes_cut_at_any_buffer_edge_are_read_whole(
    tmp_path: Path, monkeypatch, chunk: int
) -> None:
    import engine.importer.read as read

    monkeypatch.setattr(read, "CHUNK", chunk)
    rows = [{"ok": i % 2 == 0, "note": None if i % 3 else f"Zürich “{i}”", "ratio": float(f"1.5e+{i % 9}"),
             "done": False} for i in range(40)]
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(rows, indent=2), encoding="utf-8")  # ASCII escapes: \u00fc, \u201c
    got = [r.values for r in read.RowSource(path)]
    assert got == rows
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(rows[:3], indent=2).replace("false", "flase", 1), encoding="utf-8")
    with pytest.raises(InputError, match=r"line \d+: invalid JSON"):
        list(read.RowSource(broken))



def test_a_file_changed_between_the_two_passes_imports_nothing(log: LogStore, tmp_path: Path) -> None:
    path = write(tmp_path, "runs.csv", "date,km\n" + "".join(f"2025-01-{1 + i % 28:02d},{i}\n" for i in range(6_000)))

    def meddle(text: str) -> None:
        if text.startswith("Read 5,000"):
            with path.open("a", encoding="utf-8") as fh:
                fh.write("2025-02-01,not a number\n")

    with pytest.raises(InputError, match="changed while it was being imported; nothing was imported"):
        import_file(log, path, progress=meddle)
    assert log.sessions() == []


def test_a_crlf_inside_a_quoted_cell_is_stored_as_a_newline(log: LogStore, tmp_path: Path) -> None:
    path = tmp_path / "notes.csv"
    path.write_bytes(b'day,note\r\n2025-01-02,"line one\r\nline two"\r\n2025-01-03,plain\r\n')
    import_file(log, path, None)
    notes = sorted(f.slots["note"] for f in log.facts() if "note" in f.slots)
    assert notes == ["line one\nline two", "plain"]


def test_the_records_of_a_big_file_are_not_indexed_for_recall_but_its_summary_is(
    log: LogStore, tmp_path: Path, monkeypatch
) -> None:
    import engine.log

    monkeypatch.setattr(engine.log, "BULK_MIN", 20)
    rows = "".join(f"2024-03-{1 + i % 28:02d},lunch,{500 + i},$8.00,restaurant,[],12:15,no\n" for i in range(25))
    res = import_file(log, write(tmp_path, "meals.csv", CSV.splitlines()[0] + "\n" + rows), None)
    assert res.added == 25
    assert log.search("restaurant") == []  # 25 records: not one search entry each
    hits = log.search("imported meals")
    assert {h["kind"] for h in hits} == {"message", "fact"}  # the summary and the schema
