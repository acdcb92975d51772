"""Whose record: "mine" after a relative's document, and "they" as the clinicians who prescribe."""

import datetime as dt

from tests.engine.extract.helpers import frame_slots

DAY = dt.date(2025, 3, 14)


def test_mine_after_a_relatives_document_is_the_users_own() -> None:
    got = frame_slots("my sister just renewed her passport and it took 9 weeks. made me look at mine, it expires "
                      "8th January next year so I've got time.", "TravelDocument", DAY)
    assert {(d["subject"], d.get("expires")) for d in got} == {("sister", None), ("me", "2026-01-08")}


def test_a_relatives_document_with_its_own_expiry_stays_theirs() -> None:
    got = frame_slots("my sister just renewed her passport. It expires in March 2035.", "TravelDocument", DAY)
    assert [(d["subject"], d.get("expires")) for d in got] == [("sister", "2035-03-31")]


def test_they_who_prescribe_are_clinicians_not_the_patient() -> None:
    got = frame_slots("I'm giving the speech at my brother's wedding next month. I did an online doctor consultation and "
                      "they prescribed propranolol 40mg for the nerves.", "Medication", DAY)
    assert [d["subject"] for d in got] == ["me"]


def test_they_prescribing_for_someone_named_before_is_theirs() -> None:
    got = frame_slots("My mum saw the GP on Monday. They prescribed her amoxicillin 500mg.", "Medication", DAY)
    assert [d["subject"] for d in got] == ["mother"]


def test_another_persons_expiry_in_the_next_clause_is_not_mine() -> None:
    got = frame_slots("My passport's fine till 2031 but Leo's expires 20 Sept 2025 - is that enough?", "TravelDocument",
                      dt.date(2025, 6, 13))
    assert ("me", "2025-09-20") not in {(d["subject"], d.get("expires")) for d in got}
