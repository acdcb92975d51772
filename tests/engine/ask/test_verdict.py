"""A yes/no question about something a rule watches is answered from the rule's alert."""

import datetime as dt

from engine.ask.verdict import rule_verdict
from engine.profile import Profile
from engine.rules.alert import Alert
from engine.service import Service

PASSPORT = Alert("k1", "travel_documents.passport_validity", "critical", "Passport expires during the trip to Tokyo, Japan",
                 "Passport expires 2027-01-19, 7 days after the 2027-01-12 departure to Tokyo.", (1, 3))
ALLERGY = Alert("k2", "health.allergy", "critical", "Amoxicillin conflicts with the penicillin allergy",
                "Amoxicillin is a penicillin, and you are allergic to penicillin.", (5, 6))


def test_the_alert_that_shares_the_questions_words_answers_it() -> None:
    answer = rule_verdict("Does my passport cover the Tokyo trip?", [ALLERGY, PASSPORT])
    assert answer is not None and answer.answer == PASSPORT.title and answer.sources == [1, 3]
    assert answer.text.startswith("There is a problem: Passport expires during the trip to Tokyo")
    answer = rule_verdict("Can I take amoxicillin?", [PASSPORT, ALLERGY])
    assert answer is not None and answer.answer == ALLERGY.title


def test_other_questions_are_left_to_the_planner() -> None:
    assert rule_verdict("How many days until my Tokyo trip?", [PASSPORT]) is None  # not yes/no
    assert rule_verdict("Is my dentist appointment on Friday?", [PASSPORT, ALLERGY]) is None  # no alert about it
    assert rule_verdict("Does my passport cover the Tokyo trip?", []) is None  # no alert: no verdict claimed
    assert rule_verdict("Is the trip booked?", [PASSPORT]) is None  # one shared word out of two is not enough


def test_service_ask_uses_the_live_alert(tmp_path) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    try:
        svc.ingest("User: My passport expires on 2025-03-05. I fly to Japan on 2025-02-20.", dt.date(2025, 2, 10))
        answer = svc.ask("Does my passport cover the Japan trip?", dt.datetime(2025, 2, 10, 12))
        assert "verdict" in answer.ir and "passport" in answer.text.lower()
        assert answer.sources and all(isinstance(s, int) for s in answer.sources)
    finally:
        svc.close()
