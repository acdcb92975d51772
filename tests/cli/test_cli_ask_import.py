"""`uac import` and `uac ask` end to end through the real CLI."""

import json


def test_import_then_ask_computes_over_typed_records(uac, tmp_path) -> None:
    uac.run("model", "use", "off")
    csv = tmp_path / "trips.csv"
    csv.write_text(
        "date,destination,country,cost\n"
        "2024-03-02,Lisbon,Portugal,$820.50\n"
        "2024-07-19,Tokyo,Japan,\"$2,310.00\"\n"
        "2024-11-05,Lisbon,Portugal,$640.00\n"
        "2025-02-10,Oslo,Norway,$990.00\n"
    )
    out = json.loads(uac.run("import", str(csv), "--json").stdout)
    assert out["added"] == 4 and out["schema"]["date"] == "date" and out["schema"]["cost"] == "money"
    again = json.loads(uac.run("import", str(csv), "--json").stdout)
    assert again["added"] == 0 and again["skipped_duplicates"] == 4  # idempotent

    ans = json.loads(uac.run("ask", "how many trips did I take last year?", "--now", "2025-06-01", "--json").stdout)
    assert ans["answer"] == 3 and ans["kind"] == "int" and ans["computation"]
    total = json.loads(uac.run("ask", "how much did I spend on trips to Lisbon?", "--now", "2025-06-01", "--json").stdout)
    assert total["answer"] == 1460.5
    plain = uac.run("ask", "which destination did I visit most often?", "--now", "2025-06-01").stdout
    assert plain.strip().splitlines()[-1] == "Lisbon"


def test_malformed_import_names_the_line_and_imports_nothing(uac, tmp_path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"a": 1}\n{"a": 2}\n{"a": \n')
    proc = uac.run("import", str(bad), check=False)
    assert proc.returncode == 1 and "line 3" in proc.stderr and proc.stderr.count("\n") == 1
    assert uac.json("state") == {}


def test_recall_cites_sources_or_says_it_does_not_know(uac) -> None:
    uac.run("model", "use", "off")
    uac.run("ingest", "--date", "2025-01-10", "-", stdin="User: My daughter Emma is 7 and loves horses.")
    ans = json.loads(uac.run("ask", "what did I say about horses?", "--json").stdout)
    assert ans["sources"] and "horses" in json.dumps(ans).lower()
    none = json.loads(uac.run("ask", "what did I say about submarines?", "--json").stdout)
    assert none["answer"] is None and none["sources"] == []


def test_a_long_import_reports_progress_on_stderr_and_the_result_on_stdout(uac, tmp_path) -> None:
    csv = tmp_path / "steps.csv"
    csv.write_text("date,steps\n" + "".join(f"2024-{1 + i % 12:02d}-{1 + i % 28:02d},{1000 + i}\n" for i in range(6_000)))
    proc = uac.run("import", str(csv), "--progress")
    assert proc.stderr.startswith("uac: Reading steps.csv…")
    assert proc.stdout.startswith("imported 6000 records into steps (0 already there)")
    quiet = uac.run("import", str(csv))  # not a terminal: stderr stays clean for scripts
    assert quiet.stderr == "" and "imported 0 records" in quiet.stdout
