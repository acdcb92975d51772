import datetime as dt
from pathlib import Path

import pytest

from engine.extract.builders.base import Context
from engine.extract.choice import Chooser, build_request, prefix
from engine.extract.pipeline import extract_text

from .helpers import TODAY, Log, only

MODEL = Path.home() / ".cache" / "uac-desktop" / "models" / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"


def test_prefix_is_byte_identical_and_question_carries_the_options() -> None:
    a = build_request("Rome, 14 to 20 June.", "Which kind?", {"frame": ("Trip", "Event", "Note")}, {"frame": "Note"})
    b = build_request("Lunch with Sam 3 May.", "Which kind?", {"frame": ("Trip", "Event")}, {"frame": "Trip"})
    assert a.prefix == b.prefix == prefix()
    assert "Rome, 14 to 20 June." in a.question and "frame: Trip | Event | Note" in a.question
    assert a.json_schema()["properties"]["frame"]["enum"] == ["Trip", "Event", "Note", None]


def test_two_unlabelled_dates_ask_with_only_the_dates_found() -> None:
    chooser = Chooser(None)
    ctx = Context("me", {}, chooser, TODAY)
    drafts = extract_text("Trip to Oslo: 2025-05-09 and 2025-05-02.", TODAY, ctx)
    trip = next(d for d in drafts if d.frame == "Trip")
    assert (trip.slots["start"], trip.slots["end"]) == ("2025-05-02", "2025-05-09")
    assert len(chooser.log) == 1 and chooser.calls == 0
    req, answer = chooser.log[0]
    assert set(req.fields) == {"start", "end"}
    assert set(req.fields["start"]) == {"2025-05-02", "2025-05-09"}
    assert answer == req.defaults


def test_clear_sentences_need_no_model() -> None:
    chooser = Chooser(None)
    ctx = Context("me", {}, chooser, TODAY)
    for text in ("My passport expires on March 5, 2025.", "I'm flying to Tokyo on February 20, 2025.",
                 "I take 20mg of atorvastatin every night.", "I need to file my taxes by April 15."):
        extract_text(text, TODAY, ctx)
    assert chooser.log == []


def test_an_answer_outside_the_options_falls_back_to_the_default() -> None:
    class Inventive:
        name = "inventive"

        def choose(self, request):  # noqa: ANN001, ANN201 - a backend that answers nonsense
            return {k: "2099-01-01" for k in request.fields}

        def close(self) -> None: ...

    trip = only(Log().say("Trip to Oslo: 2025-05-09 and 2025-05-02.", backend=Inventive()), "Trip")
    assert (trip.slots["start"], trip.slots["end"]) == ("2025-05-02", "2025-05-09")


@pytest.mark.model
@pytest.mark.skipif(not MODEL.is_file(), reason="the embedded model is not installed")
def test_real_model_reads_and_only_found_values_land() -> None:
    from engine.llm.llama import LlamaBackend

    backend = LlamaBackend(MODEL, deadline_s=180)  # the first call loads the model and its prefix
    try:
        settled = Log().say("Rome, 14 to 20 June.", today=dt.date(2025, 1, 10), backend=backend)
        open_facts = Log().say("Paris on the 14th of June, finally!", today=dt.date(2025, 1, 10), backend=backend)
    finally:
        backend.close()
    # The builders decide a place with a date range; the model's reading agrees or fills nothing else.
    trip = only(settled, "Trip")
    assert (trip.slots["country"], trip.slots["start"], trip.slots["end"]) == ("IT", "2025-06-14", "2025-06-20")
    # The model reads every message with candidates, and whatever it proposes carries only found values.
    assert backend.calls >= 2
    for fact in open_facts:
        assert fact.frame in ("Trip", "Event", "Note")
        if fact.frame == "Trip":
            assert (fact.slots["destination"], fact.slots.get("start")) == ("Paris", "2025-06-14")
