"""A new collection is named in the message's own words when the model's name is not among them."""

from __future__ import annotations

from typing import Any

import pytest

from engine.learn.naming import choices, copied, own_name
from engine.llm.backend import SchemaRequest


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("runs", "Dug the old rowing machine out of the garage. Managed 2k metres in 9 min 30.", True),
        ("runs", "Did 6.2k before work, took me 34 minutes.", True),
        ("weigh_ins", "Weighed myself this morning, 82.4 kg.", False),
        ("rowing", "Rowed 5k on the machine.", False),
        ("guitar_practice", "Guitar tonight for 40 minutes.", False),
        # a worked example's own name, only half of it said: "money_lent" for the tips of a shift
        ("money_lent", "Tips were twelve quid, I'm saving the money for a festival ticket.", True),
        ("money_lent", "Lent Jo some money again, £20.", False),
        ("typing_tests", "Chem test went ok, maybe a B.", True),
        # a title or a name said in the message is not a kind of record
        ("cold_harbour", "Cheap Tuesday came through: Cold Harbour last night for six quid. A 6.", True),
        ("harbour_swims", "Swam round the harbour again, 40 minutes. Harbour was choppy.", False),
        ("pilates", "Did Pilates with Jo, 50 mins.", False),  # one capitalised word: a kind said with a capital
    ],
)
def test_a_name_is_copied_when_no_word_of_it_is_said(name: str, text: str, expected: bool) -> None:
    assert copied(name, text) is expected


def test_choices_are_the_messages_content_words() -> None:
    got = choices("Finally dug the old rowing machine out of the garage and gave it a go yesterday.")
    assert "rowing" in got and "machine" in got and "garage" in got
    assert not {"the", "and", "yesterday", "gave", "finally"} & set(got)


class Choosing:
    """A stand-in model that answers with a fixed choice and keeps what it was offered."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.offered: list[str] = []

    def propose(self, request: SchemaRequest) -> Any:
        self.offered = request.schema["properties"]["name"]["enum"]
        return self.answer


def test_only_a_copied_name_is_asked_again_and_only_a_choice_is_taken() -> None:
    text = "Dug the old rowing machine out of the garage. Managed 2k metres in 9 min 30."
    model = Choosing({"name": "rowing"})
    assert own_name("runs", text, model) == "rowing"
    assert model.offered[0] == "runs"  # the guess stays a choice
    assert own_name("runs", text, Choosing({"name": "marathon"})) == "runs"  # not a word of the message
    asked = Choosing({"name": "weighed"})
    assert own_name("weigh_ins", "Weighed myself this morning, 82.4 kg.", asked) == "weigh_ins" and asked.offered == []


@pytest.mark.model
def test_the_default_model_names_a_rowing_session_by_its_own_word() -> None:
    from engine.llm.catalog import DEFAULT_MODEL, find
    from engine.llm.install import installed_path
    from engine.llm.llama import LlamaBackend

    path = installed_path(find(DEFAULT_MODEL))  # type: ignore[arg-type]
    if not path.is_file():
        pytest.skip("the default model is not installed (make model)")
    backend = LlamaBackend(path)
    try:
        text = ("Finally dug the old rowing machine out of the garage and gave it a go yesterday. "
                "Managed 2k metres in 9 min 30, which felt like forever honestly.")
        assert own_name("runs", text, backend) == "rowing"
        assert own_name("runs", "Went out before my shift. Only five kilometres but I pushed it, 27 minutes.", backend) == "runs"
    finally:
        backend.close()


def test_a_person_who_opens_the_message_is_not_a_name_for_the_kind() -> None:
    got = choices("Isla's come down with something, she was hot all day. At 7 last night she was 38.6, Isla had Calpol.")
    assert "isla" not in got and "something" in got


def test_a_kind_named_with_a_capital_is_still_offered() -> None:
    assert "pilates" in choices("Pilates was brutal today, 45 minutes. Honestly Pilates is the best.")


def test_a_name_from_another_part_of_the_message_is_not_offered_again() -> None:
    text = ("So the health visitor wants me to keep a note of Isla's bottles. She had 120ml at about 6 this morning. "
            "Also the boiler's playing up again, brilliant.")
    at = text.index("120ml")
    model = Choosing({"name": "bottles"})
    assert own_name("boiler_issues", text, model, (at, at + 5)) == "bottles"
    assert "boiler_issues" not in model.offered and "bottles" in model.offered and "boiler" not in model.offered
    model = Choosing({"name": "bottles"})
    assert own_name("bottle_feeds", text, model, (at, at + 5)) == "bottle_feeds" and model.offered == []


def test_a_name_said_before_the_records_sentences_is_kept_without_asking() -> None:
    text = "Great run with the club this morning! Weather was glorious. Did 5.2 km in 28 minutes."
    at = text.index("5.2")
    model = Choosing({"name": "weather"})
    assert own_name("runs", text, model, (at, at + 6)) == "runs" and model.offered == []
