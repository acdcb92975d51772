"""Correcting a value in the app: typed, logged as a correction fact, folded, and undoable."""

import datetime as dt

import pytest

from engine.errors import InputError
from engine.log import NewFact
from engine.profile import Profile
from engine.service import Service

D = dt.date(2025, 1, 10)


def _service(tmp_path) -> Service:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    sid, (mid,) = svc.log.add_session([("user", "my passport expires 2025-03-05, flying to Japan 2025-02-20")], D)
    svc.log.add_facts([
        NewFact(sid, mid, D, "travel", "TravelDocument", "passport:", {"kind": "passport", "expires": "2025-03-05"}),
        NewFact(sid, mid, D, "travel", "Trip", "JP", {"country": "JP", "start": "2025-02-20"}),
    ])
    assert not svc.checkpoint().error
    return svc


def _doc(svc: Service):
    (doc,) = svc.state().of("TravelDocument")
    return doc


def test_a_corrected_date_supersedes_the_old_value_and_clears_the_alert(tmp_path) -> None:
    svc = _service(tmp_path)
    assert any("assport" in a.title for a in svc.evaluate(dt.datetime(2025, 1, 11)).active)
    fact, summary = svc.correct(_doc(svc).id, "expires", "2035-03-05")
    assert not summary.error
    assert fact.slots == {"expires": "2035-03-05"} and fact.supersedes and fact.extractor == "hand-edit"
    assert svc.log.session(fact.session_id).source == "edit"
    doc = _doc(svc)
    assert doc.values["expires"] == dt.date(2035, 3, 5) and doc.history[-1].old == dt.date(2025, 3, 5)
    assert "date(2035, 3, 5)" in (svc.profile.project_dir / "domains/travel/state.py").read_text()
    assert not any("assport" in a.title for a in svc.evaluate(dt.datetime(2025, 1, 11)).active)
    # undo = forget the correction: the old value is back
    svc.forget_fact(fact.id, "undo")
    assert _doc(svc).values["expires"] == dt.date(2025, 3, 5)


@pytest.mark.parametrize(("slot", "raw", "words"), [
    ("expires", "next spring", "not a valid date"),
    ("kind", "library card", "is one of"),
    ("nonsense", "1", "has no field"),
    ("expires", "", "give a value"),
    ("expires", "2025-03-05", "already"),
])
def test_a_value_that_does_not_fit_the_slot_is_refused_and_nothing_is_logged(tmp_path, slot, raw, words) -> None:
    svc = _service(tmp_path)
    before = len(svc.log.facts())
    with pytest.raises(InputError, match=words):
        svc.correct(_doc(svc).id, slot, raw)
    assert len(svc.log.facts()) == before


def test_an_unknown_record_is_a_clear_error(tmp_path) -> None:
    svc = _service(tmp_path)
    with pytest.raises(InputError, match="no record"):
        svc.correct("trip:me:XX", "country", "FR")


def test_forget_record_removes_every_fact_it_was_folded_from(tmp_path) -> None:
    svc = _service(tmp_path)
    svc.correct(_doc(svc).id, "expires", "2030-01-01")
    doc_id = _doc(svc).id
    gone = svc.forget_record(doc_id, "not mine")
    assert sum(len(g.fact_ids) for g in gone) >= 2  # the original and its correction
    assert not svc.state().of("TravelDocument")
    assert svc.state().of("Trip")  # the other record of the same message stays
    assert "2030" not in (svc.profile.project_dir / "domains/travel/state.py").read_text()
    assert [r.reason for r in svc.log.forgets()] and all(r.reason == "not mine" for r in svc.log.forgets())


@pytest.mark.parametrize("raw", ["nan", "inf", "-Infinity"])
def test_numbers_that_are_not_finite_are_refused(tmp_path, raw) -> None:
    svc = Service(Profile.open(tmp_path / "home"), use_model=False)
    sid, (mid,) = svc.log.add_session([("user", "bought shoes for 80 EUR")], D)
    svc.log.add_facts([NewFact(sid, mid, D, "finance", "Purchase", "shoes", {"item": "shoes", "amount": "80", "currency": "EUR"})])
    (rec,) = svc.state().of("Purchase")
    with pytest.raises(InputError, match="not a valid money"):
        svc.correct(rec.id, "amount", raw)
