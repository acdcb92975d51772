"""People and preferences said the many ways people say them (none of these sentences is in the dev set)."""

from __future__ import annotations

import datetime as dt

import pytest

from .helpers import Log

DAY = dt.date(2025, 6, 10)


def people(text: str, today: dt.date = DAY) -> list[dict[str, object]]:
    return [f.slots for f in Log().say(text, today) if f.frame == "Person"]


def prefs(text: str) -> list[tuple[str, dict[str, object]]]:
    return [(f.subject, f.slots) for f in Log().say(text, DAY) if f.frame == "Preference"]


@pytest.mark.parametrize(("text", "want"), [
    # relation before the name, with an age in brackets, after a comma, or as "N-year-old"
    ("my husband Daniel (42) loves cooking", {"name": "Daniel", "relation": "husband", "age": 42}),
    ("my son, Jack, is 9", {"name": "Jack", "relation": "son", "age": 9}),
    ("my 7-year-old daughter Emma loves horses", {"name": "Emma", "relation": "daughter", "age": 7}),
    # relation after the name
    ("Lily, my niece, is 16 now and learning to drive", {"name": "Lily", "relation": "niece", "age": 16}),
    ("Meet Tom, my new flatmate", {"name": "Tom", "relation": "flatmate"}),
    ("Priya is my manager", {"name": "Priya", "relation": "manager"}),
    # named by "is called" / "'s name is" / "her name is"
    ("fyi my wife's name is Anna", {"name": "Anna", "relation": "wife"}),
    ("we hired a new babysitter, her name is Chloe", {"name": "Chloe", "relation": "babysitter"}),
    # spelling variants of relation words, lowercase names, short forms
    ("my sister in law Mei is visiting", {"name": "Mei", "relation": "sister-in-law"}),
    ("my cousin ana turned 30 last week", {"name": "Ana", "relation": "cousin", "age": 30}),
    ("my gf Sarah is coming over", {"name": "Sarah", "relation": "girlfriend"}),
    ("our neighbour Tom is so nice", {"name": "Tom", "relation": "neighbour"}),
    ("my grandmother, Nonna Pia, is 94", {"name": "Pia", "relation": "grandmother", "age": 94}),
    # the relation said last
    ("Sara's turning 40 on 3 July, my sister-in-law btw", {"name": "Sara", "relation": "sister-in-law", "birthday": "1985-07-03"}),
    # a pronoun carrying the age, a bare parent with "his name's"
    ("Our son Oliver starts school in September, he's 4", {"name": "Oliver", "relation": "son", "age": 4}),
    ("Dad turned 70 yesterday, his name's Robert", {"name": "Robert", "relation": "father", "age": 70, "birthday": "1955-06-09"}),
])
def test_a_person_named_with_a_relation(text: str, want: dict[str, object]) -> None:
    got = people(text)
    assert len(got) == 1, got
    assert {k: got[0].get(k) for k in want} == want


def test_several_children_in_one_list() -> None:
    got = people("I have two kids, Mia (5) and Leo (8)")
    assert [(p["name"], p["relation"], p.get("age")) for p in got] == [("Mia", "child", 5), ("Leo", "child", 8)]


@pytest.mark.parametrize(("text", "birthday", "age"), [
    ("Leo's bday is on Friday, he'll be 6", "2019-06-13", 5),
    ("my nephew Sam is turning 18 on June 30th", "2007-06-30", 17),
])
def test_birthdays_with_an_age_give_the_birth_date(text: str, birthday: str, age: int) -> None:
    (p,) = people(text)
    assert p["birthday"] == birthday and p["age"] == age


def test_a_name_read_as_a_month_or_a_bare_year_is_not_a_birthday() -> None:
    assert people("Dinner at Ten Bells for Jun's birthday, 210 €") == []
    assert all("birthday" not in p for p in people("my father was born in 1950"))


def test_the_subject_is_the_person_named_in_brackets() -> None:
    facts = Log().say("my wife's passport (Jun) is Korean, expires 2025-08-30", DAY)
    assert {f.frame: f.subject for f in facts} == {"TravelDocument": "jun", "Person": "me"}


@pytest.mark.parametrize("text", [
    "my dentist appointment is at 3 tomorrow", "my dog Max is 3", "Tom Hanks was great in that movie",
    "what's a good age to give a kid a phone, like 10?",
])
def test_not_a_person(text: str) -> None:
    assert people(text) == []


@pytest.mark.parametrize(("text", "topic", "value"), [
    ("i am vegan btw", "diet", "vegan"),
    ("we're strictly pescatarian", "diet", "pescatarian"),
    ("no red meat for me please", "diet", "no red meat"),
    ("I don't eat pork", "diet", "no pork"),
    ("aisle seat always", "seat", "aisle"),
    ("I hate window seats", "seat", "not window"),
    ("avoid United if possible", "airline United", "avoid"),
    ("no red-eyes please", "red-eye flights", "never"),
    ("direct flights only", "flights", "direct"),
    ("I don't take calls after 6pm", "calls", "not after 18:00"),
    ("no meetings on Fridays", "meetings", "not on friday"),
    ("We want to stay conservative with money", "money", "conservative"),
    ("I like my coffee black", "coffee", "black"),
])
def test_a_preference_gets_a_short_topic_and_value(text: str, topic: str, value: str) -> None:
    assert prefs(text) == [("me", {"topic": topic, "value": value})]


@pytest.mark.parametrize(("text", "topic", "limit", "currency"), [
    ("keep hotels under $200 a night", "hotel per night", "200.00", "USD"),
    ("my hotel budget is 250 a night", "hotel per night", "250.00", None),
    ("budget for clothes: 100 pounds a month", "clothes per month", "100.00", "GBP"),
    ("I don't want to spend more than 50 on a haircut", "haircut", "50.00", None),
    ("flag any payment over 1k", "payment", "1000.00", None),
])
def test_a_money_limit_gets_its_topic_and_amount(text: str, topic: str, limit: str, currency: str | None) -> None:
    ((subject, slots),) = prefs(text)
    assert subject == "me" and slots["topic"] == topic and slots["limit"] == limit and slots.get("currency") == currency


def test_another_persons_preference_is_theirs() -> None:
    assert prefs("my husband doesn't drink alcohol") == [("husband", {"topic": "drinks", "value": "no alcohol"})]


@pytest.mark.parametrize("text", [
    "do you prefer aisle or window?", "If I were vegetarian I'd probably lose weight", "I used to be vegan",
    "I'm not vegetarian anymore", "my friend keeps telling me I should set a budget", "I like it",
    "I prefer not to say", "I love my sister Kate", "not sure I prefer either airline honestly",
    "if I ever win the lottery I'd fly first class", "spent over $300 on dinner last night",
])
def test_no_preference(text: str) -> None:
    assert prefs(text) == []
