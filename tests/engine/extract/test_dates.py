import datetime as dt

import pytest

from engine.extract.dates import find_dates, find_times

TODAY = dt.date(2024, 11, 12)  # Tuesday


def dates(text: str, today: dt.date = TODAY, **kw: bool) -> list[tuple[str, str | None]]:
    out = []
    for m in find_dates(text, 0, len(text), today, **kw):
        out.append((m.value.start.isoformat(), m.value.end.isoformat() if m.value.end else None))
    return out


@pytest.mark.parametrize(("text", "expected"), [
    ("My passport expires on March 5, 2025", [("2025-03-05", None)]),
    ("on 5 March 2026", [("2026-03-05", None)]),
    ("the 5th of March", [("2025-03-05", None)]),
    ("meeting 2025-01-07", [("2025-01-07", None)]),
    ("we leave on Dec 20", [("2024-12-20", None)]),
])
def test_explicit_dates(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text) == expected


def test_month_day_order_follows_numbers_above_twelve() -> None:
    assert dates("on 3/25") == [("2025-03-25", None)]
    assert dates("on 25/3") == [("2025-03-25", None)]
    assert dates("on 4/5/2025") == [("2025-04-05", None)]
    assert dates("on 4/5/2025", day_first=True) == [("2025-05-04", None)]


def test_year_rolls_over_for_future_plans_but_not_for_the_past() -> None:
    assert dates("I'm flying to Rome on February 20") == [("2025-02-20", None)]
    assert dates("I flew to Rome on February 20") == [("2024-02-20", None)]
    assert dates("the trip is on December 3") == [("2024-12-03", None)]


@pytest.mark.parametrize(("text", "expected"), [
    ("from the 5th to the 9th", [("2024-12-05", "2024-12-09")]),
    ("March 3-10", [("2025-03-03", "2025-03-10")]),
    ("3 to 10 March 2025", [("2025-03-03", "2025-03-10")]),
    ("from Dec 28 to Jan 3", [("2024-12-28", "2025-01-03")]),
    ("between June 2 and June 9", [("2025-06-02", "2025-06-09")]),
    ("the 14th to the 21st of December", [("2024-12-14", "2024-12-21")]),
    ("March 3 for two weeks", [("2025-03-03", "2025-03-17")]),
    ("counting Monday to Sunday", [("2024-11-18", "2024-11-24")]),  # a week, not a year
    ("from Friday to Tuesday", [("2024-11-15", "2024-11-19")]),
])
def test_ranges(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("next Tuesday", "2024-11-19"),
    ("on Friday", "2024-11-15"),
    ("this Tuesday", "2024-11-12"),
    ("last Monday", "2024-11-11"),
    ("I saw her on Friday", "2024-11-08"),
    ("tomorrow", "2024-11-13"),
    ("the day after tomorrow", "2024-11-14"),
    ("ran this afternoon", "2024-11-12"),
    ("in two weeks", "2024-11-26"),
    ("in 3 days", "2024-11-15"),
    ("three days ago", "2024-11-09"),
    ("by the end of the month", "2024-11-30"),
    ("on Thursday the 14th", "2024-11-14"),
    ("the dentist moved my cleaning to Thursday", "2024-11-14"),
])
def test_relative_dates_use_the_session_date(text: str, expected: str) -> None:
    got = dates(text)
    assert len(got) == 1 and got[0][0] == expected, got


def test_bare_day_is_the_next_such_day() -> None:
    assert dates("it's on the 5th") == [("2024-12-05", None)]
    assert dates("it's on the 20th") == [("2024-11-20", None)]


def test_different_session_date_moves_the_answer() -> None:
    assert dates("next Tuesday", dt.date(2025, 1, 1)) == [("2025-01-07", None)]


def test_numbers_that_are_not_dates() -> None:
    assert dates("I take 20mg twice a day") == []
    assert dates("it costs 3.50") == []


def test_times() -> None:
    text = "at 3pm, then 10:30am, lunch at 12:15 and noon"
    assert [m.value for m in find_times(text, 0, len(text))] == ["15:00", "10:30", "12:15", "12:00"]


# -- round 2: names that are months, year words, durations, numeric order ------------------------

SEPT = dt.date(2025, 9, 10)


@pytest.mark.parametrize("text", [
    "May's car broke down again on the motorway",
    "we're borrowing April's car in the morning",
    "Jun’s wedding photos came out great",
    "made dinner for June and Tom",
    "Tom and April are coming over",
    "I owe April 20 bucks",
    "told May 3 times already to call the plumber",
])
def test_a_month_name_used_as_a_person_is_no_date(text: str) -> None:
    assert dates(text, SEPT) == []


def test_a_possessive_name_leaves_the_real_date_alone() -> None:
    assert dates("getting a cake for May's birthday on the 14th", SEPT) == [("2025-09-14", None)]
    assert dates("lunch with April in May", SEPT) == [("2026-05-01", None)]
    assert dates("flying for Thanksgiving, Nov 26 to Nov 30", SEPT) == [("2025-11-26", "2025-11-30")]


@pytest.mark.parametrize(("text", "expected"), [
    ("we were in Lisbon 15 July to 30 July", [("2025-07-15", "2025-07-30")]),
    ("we were in Lisbon from July 15 to July 30", [("2025-07-15", "2025-07-30")]),
    ("we were at my aunt's 2 Aug - 9 Aug", [("2025-08-02", "2025-08-09")]),
])
def test_a_past_range_is_the_latest_one_and_ends_after_its_start(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text, SEPT) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we went to Crete May 3-9 last year", [("2024-05-03", "2024-05-09")]),
    ("Crete again May 3-9 next year", [("2026-05-03", "2026-05-09")]),
    ("the conference is on March 4 next year", [("2026-03-04", None)]),
    ("last year on 12 June we got engaged", [("2024-06-12", None)]),
    ("in October of last year", [("2024-10-01", None)]),
])
def test_a_year_word_beats_the_tense_guess(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text, SEPT) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("for 10 days starting May 2", [("2026-05-02", "2026-05-11")]),   # day 10 is start + 9
    ("from the 20th for three days", [("2025-09-20", "2025-09-22")]),
    ("5 nights from Oct 3", [("2025-10-03", "2025-10-08")]),            # nights: checkout on start + 5
    ("Oct 3 for two weeks", [("2025-10-03", "2025-10-17")]),
])
def test_a_length_counts_its_days_inclusively(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert dates(text, SEPT) == expected


def test_numeric_order_default_and_settled_by_the_same_message() -> None:
    assert dates("appointment on 01/09/2025", SEPT) == [("2025-01-09", None)]  # default: month first
    assert dates("appointment on 01/09/2025", SEPT, day_first=True) == [("2025-09-01", None)]
    assert dates("issued 14/03/2018, expires 01/09/2028", SEPT) == [("2018-03-14", None), ("2028-09-01", None)]
    assert dates("from 12/24/2025 to 01/02/2026", SEPT) == [("2025-12-24", "2026-01-02")]


@pytest.mark.parametrize(("text", "start"), [
    ("I booked dinner for Saturday the 12th", "2025-07-12"),  # past tense read June 12, a Thursday
    ("I've ordered a cooking class for his birthday, Saturday the 12th at 6pm", "2025-07-12"),
    ("we went out Friday the 13th", "2025-06-13"),  # the past reading is already a Friday
    ("dinner Saturday the 12th", "2025-07-12"),
])
def test_a_weekday_picks_which_day_of_the_month_is_meant(text: str, start: str) -> None:
    (m,) = find_dates(text, 0, len(text), dt.date(2025, 7, 2))
    assert m.value.start.isoformat() == start
    assert m.value.start.weekday() == {"Fri": 4, "Sat": 5}[m.text[:3]]


def test_until_after_a_past_verb_does_not_make_the_clause_future() -> None:
    from engine.extract.dates import is_past

    assert is_past("I got Thai on Tuesday ($38) because a client call ran until 9pm and I couldn't face the stove.")
    assert is_past("we stayed until midnight on Friday")
    assert not is_past("the passport is valid until March")
    assert not is_past("I have until Friday to send it back")


def test_a_state_lasting_until_a_day_stays_future() -> None:
    from engine.extract.dates import is_past

    assert not is_past("The pool is closed until noon on Friday.")
    assert not is_past("The deadline was extended until Friday")


@pytest.mark.parametrize(("text", "surface", "value"), [
    ("This morning she had 160ml at quarter to seven.", "quarter to seven", "06:45"),
    ("Last night's late feed was a big one, 150 mls at half eleven.", "half eleven", "23:30"),
    ("On Wednesday evening Dan gave her a bottle around 7.", "around 7", "19:00"),
    ("Woke at 3 in the night again, wide awake.", "at 3", "03:00"),
    ("Ran at 6 this morning, then had dinner at 8 with Sam.", "at 8", "08:00"),
    ("I'm on nights the 3rd, 19:30 till 08:00.", "08:00", "08:00"),
])
def test_a_day_part_said_in_the_sentence_settles_a_bare_hour(text: str, surface: str, value: str) -> None:
    got = {m.text.strip(): m.value for m in find_times(text, 0, len(text))}
    assert got[next(k for k in got if surface in k or k in surface)] == value


def test_an_ordinal_before_a_noun_counts_things_and_is_no_day() -> None:
    assert dates("The first race was from Newark, the third lesson went well.") == []
    assert dates("Rent is due on the first.") != []


def test_a_day_said_after_on_or_by_is_a_day_whatever_follows() -> None:
    assert dates("On the fifteenth my rent goes up.") != []
    assert dates("By the twentieth Dan needs the car back.") != []
