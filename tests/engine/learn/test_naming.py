"""A new collection is named in the message's own words when the model's name is not among them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.learn.naming import choices, copied, own_amount_name, own_name
from engine.llm.backend import SchemaRequest
from tests.engine.learn.helpers import Scripted


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


@pytest.fixture(scope="module")
def backend() -> Iterator[Any]:
    """The default model, loaded once for this file's model tests."""
    from engine.llm.catalog import DEFAULT_MODEL, find
    from engine.llm.install import installed_path
    from engine.llm.llama import LlamaBackend

    path = installed_path(find(DEFAULT_MODEL))  # type: ignore[arg-type]
    if not path.is_file():
        pytest.skip("the default model is not installed (make model)")
    model = LlamaBackend(path)
    yield model
    model.close()


@pytest.mark.model
def test_the_default_model_names_a_rowing_session_by_its_own_word(backend: Any) -> None:
    text = ("Finally dug the old rowing machine out of the garage and gave it a go yesterday. "
            "Managed 2k metres in 9 min 30, which felt like forever honestly.")
    assert own_name("runs", text, backend) == "rowing"
    assert own_name("runs", "Went out before my shift. Only five kilometres but I pushed it, 27 minutes.", backend) == "runs"


def test_a_word_cut_from_its_negation_is_no_choice() -> None:
    assert choices("Bingo with Pat, she didn't win a thing and couldn't stop moaning.") == ["bingo", "stop", "moaning"]


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


def _amount_at(text: str, surface: str) -> tuple[int, int]:
    at = text.index(surface)
    return at, at + len(surface)


def test_an_amount_named_for_nothing_said_is_asked_again_with_the_collections_amounts_first() -> None:
    text = "Did the car boot stall again on Sunday. Takings in the tin came to £46, not bad for drizzle."
    model = Choosing({"name": "takings"})
    assert own_amount_name("earnings", "£46", _amount_at(text, "£46"), text, ["float_money"], model) == "takings"
    assert model.offered[:2] == ["earnings", "float_money"] and "takings" in model.offered and "sunday" not in model.offered
    assert own_amount_name("earnings", "£46", _amount_at(text, "£46"), text, [], Choosing({"name": "rain"})) == "earnings"


def test_an_amount_whose_name_is_said_or_already_a_field_is_not_asked() -> None:
    text = "Did the car boot stall again on Sunday. Takings in the tin came to £46, not bad for drizzle."
    for name, fields in (("takings", []), ("earnings", ["earnings"])):
        model = Choosing({"name": "drizzle"})
        assert own_amount_name(name, "£46", _amount_at(text, "£46"), text, fields, model) == name and model.offered == []


def test_only_the_sentences_of_the_amount_are_offered() -> None:
    text = ("Swim club fees went up again this term. Anyway, Ruby's lesson was Tuesday. "
            "I paid £8 for the parking, which is daylight robbery.")
    model = Choosing({"name": "parking"})
    assert own_amount_name("cost", "£8", _amount_at(text, "£8"), text, [], model) == "parking"
    assert "fees" not in model.offered and "swim" not in model.offered


@pytest.mark.model
def test_the_default_model_names_an_amount_by_the_messages_word(backend: Any) -> None:
    text = ("First shift at the garden centre done, seven hours on the tills. "
            "Commission gets worked out on Fridays and mine was £23.75 this week, not bad?")
    assert own_amount_name("fees", "£23.75", _amount_at(text, "£23.75"), text, [], backend) == "commission"
    text = "Booked the climbing wall for Saturday, £14 a session."
    assert own_amount_name("price", "£14", _amount_at(text, "£14"), text, [], backend) == "price"


def test_a_learned_amount_keeps_the_users_word_across_messages(tmp_path: Path) -> None:
    from engine.learn import learn_records
    from engine.learn.collection import learned_collections
    from engine.log import LogStore
    from models.log import MessageRow

    store = LogStore(tmp_path / "log.db")
    day = dt.date(2026, 5, 4)
    text = "Car boot stall on Sunday, five hours stood in a field. Takings in the tin came to £46."
    sid, (mid,) = store.add_session([("user", text)], day)
    model = Scripted({"records": [{"collection": "car_boot", "date": "D1", "values": {"duration": "Q1", "fees": "M1"}}]},
                   {"name": "takings"})
    learned = learn_records([MessageRow(id=mid, session_id=sid, speaker="user", text=text)], day, [], [], model)
    [row] = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
    assert row["takings"] == "46.00" and "fees" not in row
    store.add_facts(learned.facts)
    assert [f.name for f in learned_collections(store.facts())["car_boot"].fields if f.kind == "money"] == ["takings"]
    text = "Car boot again yesterday, only four hours. £38 in the end."
    sid, (mid,) = store.add_session([("user", text)], day + dt.timedelta(days=7))
    model = Scripted({"records": [{"collection": "car_boot", "date": "D1", "values": {"duration": "Q1", "amount": "M1"}}]},
                   {"name": "takings"})
    learned = learn_records([MessageRow(id=mid, session_id=sid, speaker="user", text=text)], day + dt.timedelta(days=7),
                            store.facts(), [], model)
    assert model.requests[1].schema["properties"]["name"]["enum"][:2] == ["amount", "takings"]
    [row] = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
    assert row["takings"] == "38.00" and not [f for f in learned.facts if f.frame == "ImportSchema"]  # no field added
    store.close()


def test_an_amounts_choices_keep_short_words_of_what_it_was_for() -> None:
    text = "Got the bus home on Friday, £2.80. Gas was £61 this month, ouch."
    model = Choosing({"name": "bus"})
    assert own_amount_name("cost", "£2.80", _amount_at(text, "£2.80"), text, [], model) == "bus"
    assert "bus" in model.offered and "got" not in model.offered
    assert "bus" not in choices(text) and "bus" in choices(text, short=True)


def test_a_relative_is_no_name_for_an_amount() -> None:
    assert not {"gran", "mum", "aunt"} & set(choices("Gran paid £5 and my aunt won £2, Mum says.", short=True))


def test_two_amounts_of_one_outing_guessed_under_one_name_are_named_before_they_are_joined(tmp_path: Path) -> None:
    from engine.learn import learn_records
    from models.log import MessageRow

    text = "Went bowling with the twins on Saturday, scored 141. Lane was £24. Slushies after came to £9, ouch."
    day = dt.date(2026, 5, 4)
    model = Scripted({"records": [
        {"collection": "bowling", "date": "D1", "values": {"score": "Q1", "price": "M1"}},
        {"collection": "bowling", "date": "D1", "values": {"price": "M2"}}]},
        {"name": "lane"}, {"name": "slushies"})
    learned = learn_records([MessageRow(id=1, session_id="s", speaker="user", text=text)], day, [], [], model)
    rows = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
    assert rows == [{"date": "2026-05-02", "score": 141.0, "lane": "24.00", "slushies": "9.00"}]


def test_a_guess_another_amount_of_the_record_already_holds_is_not_offered() -> None:
    text = "Saw the new Pixar at the Vue on Sunday. Ticket was £9.99. Popcorn and a Fanta came to £6.40, daylight robbery."
    model = Choosing({"name": "popcorn"})
    at = _amount_at(text, "£6.40")
    assert own_amount_name("price", "£6.40", at, text, ["ticket_price"], model, ["ticket_price"]) == "popcorn"
    assert "price" not in model.offered and "ticket_price" not in model.offered and "popcorn" in model.offered
    kept = Choosing({"name": "popcorn"})
    assert own_amount_name("price", "£6.40", at, text, ["price"], kept, ["snacks"]) == "price" and kept.offered == []


def test_an_amount_a_second_reading_adds_to_a_record_is_named_beside_the_records_amounts() -> None:
    from engine.learn import learn_records
    from models.log import MessageRow

    text = ("Treated myself to the theatre on Friday. Stalls seat was £32, which felt steep. "
            "I'd say a 7 out of 10, lovely set. A gin and tonic in the interval came to £9.50, madness.")
    day = dt.date(2026, 5, 4)
    model = Scripted({"records": [{"collection": "theatre_trips", "date": "D1", "values": {"seat_price": "M1", "rating": "Q1"}}]},
                     {"records": [{"collection": "theatre_trips", "date": "D1", "values": {"price": "M2"}}]},
                     {"name": "gin"})
    learned = learn_records([MessageRow(id=1, session_id="s", speaker="user", text=text)], day, [], [], model)
    [row] = [f.slots for f in learned.facts if f.frame != "ImportSchema"]
    assert row == {"date": "2026-05-01", "seat_price": "32.00", "rating": 7.0, "gin": "9.50"}
    offered = model.requests[2].schema["properties"]["name"]["enum"]
    assert "price" not in offered and "gin" in offered


def test_an_amount_the_collection_keeps_under_the_guessed_name_is_not_asked_again() -> None:
    text = "Flat white this morning £3.40, and a cinnamon bun for £2.10."
    model = Choosing({"name": "flat"})
    assert own_amount_name("price", "£3.40", _amount_at(text, "£3.40"), text, ["price"], model, ["bun_price"]) == "price"
    assert model.offered == []


def test_amounts_beside_amounts_stay_records_of_their_own(tmp_path: Path) -> None:
    from engine.learn import learn_records
    from models.log import MessageRow

    text = "Spent £4.50 on a wrap and £3.10 on a tea at the station on Monday."
    day = dt.date(2026, 5, 6)
    model = Scripted({"records": [
        {"collection": "station_spends", "date": "D1", "values": {"price": "M1"}},
        {"collection": "station_spends", "date": "D1", "values": {"price": "M2"}}]},
        {"name": "wrap"}, {"name": "tea"})
    learned = learn_records([MessageRow(id=1, session_id="s", speaker="user", text=text)], day, [], [], model)
    assert len([f for f in learned.facts if f.frame != "ImportSchema"]) == 2
