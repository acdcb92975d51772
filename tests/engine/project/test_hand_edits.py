"""A hand edit of state.py becomes a correction fact that survives every later checkpoint."""

import datetime as dt

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


def test_edited_value_becomes_a_correction_fact_and_survives(tmp_path) -> None:
    svc = _service(tmp_path)
    state_py = svc.profile.project_dir / "domains" / "travel" / "state.py"
    assert svc.evaluate(dt.datetime(2025, 1, 11)).active  # the passport alert
    state_py.write_text(state_py.read_text().replace("date(2025, 3, 5)", "date(2035, 3, 5)"))
    summary = svc.checkpoint()
    assert not summary.error and len(summary.edits) == 1
    fact = summary.edits[0]
    assert fact.extractor == "hand-edit" and fact.slots == {"expires": "2035-03-05"} and fact.supersedes
    session = svc.log.session(fact.session_id)
    assert session is not None and session.source == "edit"
    message = svc.log.message(fact.message_id)
    assert message is not None and message.text[fact.span[0]:fact.span[1]] == fact.evidence
    (doc,) = svc.state().of("TravelDocument")
    assert doc.values["expires"] == dt.date(2035, 3, 5) and doc.history[-1].old == dt.date(2025, 3, 5)
    svc.checkpoint()  # a later checkpoint keeps the edit
    assert "date(2035, 3, 5)" in state_py.read_text()
    assert not [a for a in svc.evaluate(dt.datetime(2025, 1, 11)).active if "assport" in a.title]
    svc.close()


def test_broken_edit_is_reported_with_file_and_line_and_changes_nothing(tmp_path) -> None:
    svc = _service(tmp_path)
    state_py = svc.profile.project_dir / "domains" / "travel" / "state.py"
    lines = state_py.read_text().splitlines()
    n = next(i for i, line in enumerate(lines) if "date(2025, 3, 5)" in line)
    lines[n] = lines[n].replace("date(2025, 3, 5)", "date(2025, 3, 5")
    state_py.write_text("\n".join(lines) + "\n")
    edits = svc.apply_hand_edits()
    assert edits.facts == [] and len(edits.errors) == 1
    assert "state.py:" in edits.errors[0]
    # the rules still run on the last valid state
    assert any("assport" in a.title for a in svc.evaluate(dt.datetime(2025, 1, 11)).active)
    assert len(svc.log.facts()) == 2
    svc.close()


def test_invalid_value_is_refused(tmp_path) -> None:
    svc = _service(tmp_path)
    state_py = svc.profile.project_dir / "domains" / "travel" / "state.py"
    state_py.write_text(state_py.read_text().replace("date(2025, 3, 5)", "date(2025, 13, 5)"))
    edits = svc.apply_hand_edits()
    assert edits.facts == [] and "month must be in 1..12" in edits.errors[0]
    svc.close()
