"""The whole path through the real CLI: log -> extraction (real model) -> project -> sandboxed rule -> alert."""

import pytest

pytestmark = pytest.mark.model


def _passport_alerts(alerts: list[dict]) -> list[dict]:
    return [a for a in alerts if "passport" in (a["title"] + a["message"]).lower()]


@pytest.mark.timeout(600)  # two ingests, each a fresh process loading the model and reading its prompts
def test_passport_alert_appears_only_once_the_trip_is_known(uac) -> None:
    uac.run("ingest", "--date", "2025-01-10", "-",
            stdin="User: Note for later: my passport expires on March 5, 2025.\nAssistant: Got it.")
    assert _passport_alerts(uac.json("alerts", "--now", "2025-01-10")) == []

    uac.run("ingest", "--date", "2025-02-01", "-",
            stdin="User: I booked a flight to Tokyo on February 20, 2025, coming back March 10.")
    state = uac.json("state")
    trips = state["travel"]["trips"]
    docs = state["travel"]["documents"]
    assert any(t["country"] == "JP" and t["start"] == "2025-02-20" for t in trips)
    assert any(d["kind"] == "passport" and d["expires"] == "2025-03-05" for d in docs)

    alerts = _passport_alerts(uac.json("alerts", "--now", "2025-02-01"))
    assert len(alerts) == 1
    alert = alerts[0]
    assert "2025-03-05" in alert["message"]
    assert alert["severity"] in {"warning", "critical"}
    evidence = set(alert["evidence"])
    fact_ids = {f["id"] for s in uac.json("log")["sessions"] for m in s["messages"] for f in m["facts"]}
    assert evidence and evidence <= fact_ids
    # the same condition is one alert with a stable key
    again = _passport_alerts(uac.json("alerts", "--now", "2025-02-02"))
    assert [a["key"] for a in again] == [alert["key"]]
    # once the trip is over, nothing is left to warn about
    assert _passport_alerts(uac.json("alerts", "--now", "2025-03-20")) == []


def test_every_state_value_traces_to_a_message_span(uac) -> None:
    text = "User: I'm allergic to penicillin. My passport expires on 2026-01-15."
    uac.run("ingest", "--date", "2025-06-01", "-", stdin=text)
    log = uac.json("log")
    facts = [f for s in log["sessions"] for m in s["messages"] for f in m["facts"]]
    assert facts
    messages = {m["id"]: m["text"] for s in log["sessions"] for m in s["messages"]}
    for fact in facts:
        start, end = fact["span"]
        assert messages[fact["message"]][start:end] == fact["evidence"]
