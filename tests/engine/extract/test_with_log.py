"""Through the real log and fold: what the service does with extracted facts."""

import datetime as dt
from pathlib import Path

from engine.extract.pipeline import extract_messages
from engine.log import LogStore
from engine.state import fold


def ingest(log: LogStore, messages: list[tuple[str, str]], day: dt.date) -> None:
    sid, _ids = log.add_session(messages, day)
    msgs = log.messages(sid)
    log.add_facts(extract_messages(msgs, msgs, day, log.facts(), None))


def test_demo_alert_inputs_and_a_later_cancellation(tmp_path: Path) -> None:
    log = LogStore(tmp_path / "log.db")
    try:
        ingest(log, [("user", "My passport expires on March 5, 2025."), ("assistant", "Noted.")], dt.date(2024, 11, 2))
        ingest(log, [("user", "I'm flying to Tokyo on February 20, 2025."),
                     ("assistant", "Nice! When do you come back?"), ("user", "On the 27th.")], dt.date(2024, 11, 20))
        state = fold(log.facts())
        doc = state.of("TravelDocument")[0]
        assert doc.values["kind"] == "passport" and doc.values["expires"] == dt.date(2025, 3, 5)
        trip = state.of("Trip")[0]
        assert trip.values["country"] == "JP" and trip.values["start"] == dt.date(2025, 2, 20)
        assert trip.status == "planned" and trip.values["end"] == dt.date(2025, 2, 27)

        ingest(log, [("user", "Sadly I cancelled the Japan trip.")], dt.date(2024, 12, 1))
        trips = fold(log.facts()).of("Trip")
        assert len(trips) == 1 and trips[0].status == "cancelled"
        assert trips[0].values["start"] == dt.date(2025, 2, 20)
    finally:
        log.close()
