"""The project grows with the user, through the real `uac` and the embedded model: a record of a
kind no built-in frame covers becomes a suggested collection that asking, renaming and refusing
work on; a rule stated on a kind not yet recorded creates its collection, and later records fire it."""

from __future__ import annotations

import json

import pytest

from engine.llm.catalog import DEFAULT_MODEL, find
from engine.llm.install import installed_path


@pytest.fixture(autouse=True)
def _model_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = find(DEFAULT_MODEL)
    if entry is None or not installed_path(entry).is_file():
        pytest.skip("the embedded model is not installed (make install)")
    # the built-in frames' reader is not what these tests are about: each `uac` process would read its instructions too
    monkeypatch.setenv("UAC_EXTRACT_MODE", "detectors")


@pytest.mark.timeout(600)  # nine `uac` processes, the reading and the asking ones each loading the model
def test_runs_become_a_collection_that_can_be_asked_renamed_and_refused(uac) -> None:
    uac.run("ingest", "--date", "2026-03-09", "-",
            stdin="Went out before my shift on Friday, did 5k, took 27 minutes. Then a long slow one yesterday "
                  "with my sister, 10 km in 62 minutes. Legs are dead.")
    (coll,) = uac.json("collections")
    assert coll["state"] == "suggested" and coll["records"] == 2
    name = coll["name"]
    kinds = {f["name"]: (f["kind"], f.get("unit")) for f in coll["fields"]}
    distance = next(k for k, (kind, unit) in kinds.items() if unit == "km")
    assert kinds["date"][0] == "date" and kinds[distance][0] == "float"

    total = json.loads(uac.run("ask", "--json", "--now", "2026-03-31T12:00", "How many km did I run in March?").stdout)
    assert total["answer"] == pytest.approx(15.0) and distance in total["computation"]

    uac.run("collections", "rename", name, "my_runs")
    assert [c["name"] for c in uac.json("collections")] == ["my_runs"]
    uac.run("collections", "refuse", "my_runs")
    state = uac.json("state")
    assert "my_runs" not in json.dumps(state)
    uac.run("collections", "accept", "my_runs")
    assert any(len(recs) == 2 for colls in uac.json("state").values() for recs in colls.values())

    bad = uac.run("collections", "rename", "my_runs", "trips", check=False)
    assert bad.returncode != 0 and "built-in" in bad.stderr


@pytest.mark.timeout(600)  # three ingests, each a fresh process loading the model and reading its prompts
def test_a_rule_on_a_kind_not_yet_recorded_fires_on_a_later_reading(uac) -> None:
    uac.run("ingest", "--date", "2026-03-02", "-",
            stdin="My GP wants me to keep an eye on my blood pressure. If the top number is ever above 140, warn me.")
    rules = uac.json("rules")
    assert len(rules) == 1 and "140" in rules[0]["summary"]
    uac.run("ingest", "--date", "2026-03-05", "-", stdin="BP this morning was 152 over 91. Not great.")
    alerts = uac.json("alerts", "--now", "2026-03-05T18:00")
    mine = [a for a in alerts if a["rule"].startswith("user_rules.")]
    assert mine and "152" in mine[0]["title"] + mine[0]["message"]
    uac.run("ingest", "--date", "2026-03-08", "-", stdin="BP this morning 128 over 82, much better.")
    later = [a for a in uac.json("alerts", "--now", "2026-03-08T18:00") if a["rule"].startswith("user_rules.")]
    assert all("128" not in a["title"] for a in later)

    (coll,) = uac.json("collections")
    uac.run("collections", "rename", coll["name"], "bp_readings")  # the rule keeps watching the renamed one
    renamed = [a for a in uac.json("alerts", "--now", "2026-03-05T18:00") if a["rule"].startswith("user_rules.")]
    assert any("152" in a["title"] + a["message"] for a in renamed)
