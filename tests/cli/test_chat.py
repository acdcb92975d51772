"""`uac chat`: one conversation per day, statements confirmed from what was learned, questions
answered by computation, the reply logged as the assistant's turn."""

from __future__ import annotations

import json


def test_a_day_of_chat_is_one_session_with_learned_records_answers_and_alerts(uac) -> None:
    uac.run("model", "use", "off")
    said = json.loads(uac.run("chat", "--date", "2026-01-15", "--json",
                              "Finally booked the Lisbon trip with my sister Maureen. We fly out on March 3 and "
                              "come back the 17th. My passport expires on April 1, 2026.").stdout)
    trip = next(f for f in said["learned"] if f["frame"] == "Trip")
    assert trip["slots"]["start"] == "2026-03-03" and trip["slots"]["end"] == "2026-03-17" and trip["id"]
    assert any("passport" in a["title"].lower() for a in said["alerts"])  # the rule's verdict, at once
    assert "Lisbon" in said["reply"] and said["answer"] is None

    asked = json.loads(uac.run("chat", "--date", "2026-01-15", "--json", "How many days until my Lisbon trip?").stdout)
    assert asked["session"] == said["session"]
    assert asked["answer"]["value"] == 47 and "2026-03-03" in asked["reply"]
    assert ".start" in asked["answer"]["computation"] and asked["answer"]["sources"] == [trip["id"]]
    assert asked["learned"] == []

    log = uac.json("log")["sessions"]
    assert len(log) == 1
    speakers = [m["speaker"] for m in log[0]["messages"]]
    assert speakers == ["user", "assistant", "user", "assistant"]


def test_small_talk_is_kept_as_a_note_and_stdin_works(uac) -> None:
    uac.run("model", "use", "off")
    out = uac.run("chat", "--date", "2026-01-16", "-", stdin="ugh what a week").stdout
    assert "note" in out.lower()


def test_an_empty_message_is_one_clear_line_and_logs_nothing(uac) -> None:
    uac.run("model", "use", "off")
    proc = uac.run("chat", "--date", "2026-01-16", "   ", check=False)
    assert proc.returncode != 0 and "empty" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert uac.json("log")["sessions"] == []
