"""Forgetting a record takes its words out of the conversation too: its span of the message it was
read from and its values in the reply to that message — while the other records of the same
message keep theirs."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from engine.profile import Profile
from engine.service import Service

DAY = dt.date(2026, 11, 2)


def test_a_forgotten_record_leaves_the_chat_and_the_search_index(tmp_path: Path) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    svc.chat("I'm flying to Reykjavik on 2027-02-20 and coming back on 2027-02-27. "
             "I'm allergic to penicillin.", DAY, now=dt.datetime(2026, 11, 2, 9))
    trip = svc.state().of("Trip")[0]
    assert trip.values["destination"] == "Reykjavik" and svc.state().of("Allergy")
    messages = svc.log.messages()
    assert any("Reykjavik" in m.text for m in messages if m.speaker != "user")  # the reply names it
    svc.forget_record(trip.id, "not going")
    messages = svc.log.messages()
    user, *replies = messages
    assert "Reykjavik" not in user.text and "(forgotten)" in user.text
    assert "penicillin" in user.text and len(user.text) == len(messages[0].text)
    assert replies and not any("Reykjavik" in m.text for m in replies)
    assert any("penicillin" in m.text for m in replies)  # the kept record's words stay in the reply
    allergy = svc.log.facts(frame="Allergy")[0]
    assert "penicillin" in user.text[allergy.span[0]:allergy.span[1]]  # its provenance still points at its words
    assert svc.log.search("penicillin") and not svc.log.search("Reykjavik")


def test_another_record_of_the_reply_keeps_its_words_and_an_undo_keeps_what_was_said(tmp_path: Path) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    svc.chat("I'm flying to Lisbon on 2027-03-02 and coming back on 2027-03-09. "
             "Dentist appointment on 2027-03-02 at 10:00.", DAY, now=dt.datetime(2026, 11, 2, 9))
    trip, event = svc.state().of("Trip")[0], svc.state().of("Event")[0]
    reply_before = svc.log.messages()[1].text
    assert "Lisbon" in reply_before and "Dentist" in reply_before
    svc.forget_record(trip.id)
    user, reply = svc.log.messages()[:2]
    assert "Lisbon" not in user.text and "Lisbon" not in reply.text and "Dentist" in user.text
    got_it = reply.text.split("\n")[0]
    assert "dentist" in got_it.lower() and "2 Mar 2027" in got_it  # the kept record's date, shared with the trip
    svc.chat("Book club every Thursday at 19:00.", DAY, now=dt.datetime(2026, 11, 2, 10))
    (club,) = svc.log.facts(frame="Event", session_id=user.session_id)[-1:]
    svc.forget_fact(club.id, "undone", keep_words=True)
    assert any("Book club every Thursday" in m.text for m in svc.log.messages())
    assert event.id in {r.id for r in svc.state().of("Event")}
