"""Quantities: every number a record may cite, with its unit, and nothing a date or amount took."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.learn.propose import offer
from engine.learn.quantities import convert, find_quantities, unit_words


def _values(text: str) -> list[tuple[Decimal, str]]:
    return [(q.value, q.unit) for q in find_quantities(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Did 6.2k, took me about 34 minutes.", [(Decimal("6.2"), "km"), (Decimal(34), "min")]),
        ("Weighed myself, 82.4 kg. Last week 182 lbs", [(Decimal("82.4"), "kg"), (Decimal(182), "lb")]),
        ("Swim took 1h10 and half an hour of stretching", [(Decimal(70), "min"), (Decimal(30), "min")]),
        ("Slept seven and a half hours", [(Decimal("7.5"), "h")]),
        ("Read 40 pages and did 10k steps", [(Decimal(40), "pages"), (Decimal(10000), "steps")]),
        ("She scored 3 goals in 1:02:30", [(Decimal(3), "goals"), (Decimal("62.50"), "min")]),
        ("1,500 words and five glasses of water", [(Decimal(1500), "words"), (Decimal(5), "glasses")]),
        ("Four and a half stars, maybe 3.5/5 really.", [(Decimal("4.5"), "/5"), (Decimal("3.5"), "/5")]),
        ("weighed in at 82,4 this morning", [(Decimal("82.4"), "")]),
        ("he read for an hour and ten, a whole hour and ten minutes, and finished it",
         [(Decimal(70), "min"), (Decimal(70), "min")]),
        ("two hours and twenty. A good hour and five minutes.", [(Decimal(140), "min"), (Decimal(65), "min")]),
        ("a solid hour of piano, then an hour and 20 people came", [(Decimal(60), "min"), (Decimal(60), "min"), (Decimal(20), "")]),
        ("Went from a 17cm pot up to a 24 cm one, 12mm of rain", [(Decimal(17), "cm"), (Decimal(24), "cm"), (Decimal(12), "mm")]),
        ("First reading today: 4.2 cubic metres, then 7.9m³, now 12.6 m3", [(Decimal("4.2"), "m3"), (Decimal("7.9"), "m3"),
                                                                           (Decimal("12.6"), "m3")]),
    ],
)
def test_phrasings(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected


def test_blood_pressure_pair_is_two_readings() -> None:
    qs = find_quantities("BP was 128 over 84, later 121/79.")
    assert [(q.value, q.unit) for q in qs] == [(128, "mmHg"), (84, "mmHg"), (121, "mmHg"), (79, "mmHg")]


def test_years_and_ordinals_are_not_quantities() -> None:
    assert _values("Back in 2019 on the 3rd I started") == []


def test_conversion_only_within_a_dimension() -> None:
    assert convert(Decimal(2), "h", "min") == Decimal(120)
    assert round(convert(Decimal(10), "mi", "km"), 3) == Decimal("16.093")
    assert convert(Decimal(2), "kg", "km") is None
    assert convert(Decimal("0.4"), "m3", "l") == Decimal(400)


def test_a_units_spelled_words_name_it_for_asking_but_not_a_rate() -> None:
    assert "cubic metres" in unit_words("m3") and "minutes" in unit_words("min")
    assert not any("per" in w.split() for w in unit_words("bpm"))


def test_offer_prefers_a_measured_duration_over_a_clock_time_and_a_rating_over_a_date() -> None:
    o = offer("Big session yesterday: 1h10. Rated the book 3.5/5.", dt.date(2026, 2, 8), records=True)
    assert [c.value for c in o.dates] == ["2026-02-07"]
    assert o.times == ()
    assert [(q.value, q.unit) for q in o.quantities] == [(70, "min"), (Decimal("3.5"), "/5")]


def test_money_with_a_currency_stays_money() -> None:
    o = offer("Paid £45 for 20.6 gallons", dt.date(2026, 6, 1), records=True)
    assert [c.value for c in o.money] == ["45.00"]
    assert [(q.value, q.unit) for q in o.quantities] == [(Decimal("20.6"), "gal")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Managed 2k metres in 9 min 30, which felt like forever", [(Decimal(2), "km"), (Decimal("9.5"), "min")]),
        ("6,000m in 26 min 15 and I nearly fell off", [(Decimal(6000), "m"), (Decimal("26.25"), "min")]),
        ("held the plank 2 minutes 30 seconds", [(Decimal("2.5"), "min")]),
        ("45 min 10 reps", [(Decimal(45), "min"), (Decimal(10), "reps")]),
        ("45 min 20 push-ups", [(Decimal(45), "min"), (Decimal(20), "push-ups")]),
        ("100m 14s PB", [(Decimal(100), "m"), (Decimal(14), "s")]),
        ("5,000m, took 21 and a half minutes.", [(Decimal(5000), "m"), (Decimal("21.5"), "min")]),
        ("about eight and three quarter minutes give or take", [(Decimal("8.75"), "min")]),
        ("took us about an hour and ten minutes", [(Decimal(70), "min")]),
        ("44 lengths in three quarters of an hour!", [(Decimal(44), "laps"), (Decimal(45), "min")]),
        ("the gauge read an inch and a quarter", [(Decimal("1.25"), "in")]),
        ("walked half a mile", [(Decimal("0.5"), "mi")]),
        ("an hour and a half", [(Decimal(90), "min")]),
        ("Her resting rate was 72 beats a minute", [(Decimal(72), "bpm")]),
        ("a big one - a hundred and fifty mls at half eleven", [(Decimal(150), "ml")]),
        ("one hundred and seventy mls, he was SO proud", [(Decimal(170), "ml")]),
        ("ten thousand, three coffees and two beers", [(Decimal(10000), ""), (Decimal(3), "coffees"), (Decimal(2), "beers")]),
        ("the house sold for 1.2 mil", [(Decimal("1.2"), "")]),
        ("we picked two thousand three hundred grams of beans", [(Decimal(2300), "g")]),
        ("a thousand and twenty steps before breakfast", [(Decimal(1020), "steps")]),
    ],
)
def test_spoken_compound_quantities_are_one_value(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected


def test_a_number_counting_a_plural_noun_is_a_count_of_it() -> None:
    assert _values("Made 6 jars of strawberry, three rounds of 20.") == [
        (Decimal(6), "jars"), (Decimal(3), "rounds"), (Decimal(20), "")]
    assert _values("14 coots by the reeds, 2 great crested grebes") == [(Decimal(14), "coots"), (Decimal(2), "")]
    # not a count: ages, money, years, vague words
    assert _values("he is 8 years old, 300 quid a go, back in 2026 things, a couple of jars") == [
        (Decimal(8), ""), (Decimal(300), "")]
    assert _values("Bench press 80 was tough, 40 this time") == [(Decimal(80), ""), (Decimal(40), "")]
    assert _values("twenty five jars") == [(Decimal(25), "jars")]
    assert _values("Eight candles out of the wax. Twelve bars.") == [(Decimal(8), "candles"), (Decimal(12), "bars")]


def test_an_hour_with_a_word_before_it_and_half_an_hour() -> None:
    assert _values("a good hour and a half, a solid hour and a quarter") == [(Decimal(90), "min"), (Decimal(75), "min")]
    assert _values("half an hour and ten") == [(Decimal(30), "min")]


def test_an_ordinal_day_is_not_stones() -> None:
    assert _values("Rowed on the 1st, a 5k in 22 minutes.") == [(Decimal(5), "km"), (Decimal(22), "min")]
    assert _values("The app said 9,870 on the 21st") == [(Decimal(9870), "")]
    assert _values("I was 12st at Christmas, 11st now") == [(Decimal(12), "st"), (Decimal(11), "st")]


def test_a_record_offer_reads_untensed_days_as_gone_by() -> None:
    """A weekday said without a verb of its own, after a record, is the one just gone."""
    o = offer("Did the rower after work on Thursday. 5,000m, took 21 and a half minutes. Then on Saturday a shorter one, "
              "3k in roughly 13 minutes flat.", dt.date(2026, 3, 16), records=True)
    assert [c.value for c in o.dates] == ["2026-03-12", "2026-03-14"]
    o = offer("She did 1 hour 15 yesterday and 1 hour 45 the day before yesterday.", dt.date(2026, 6, 1), records=True)
    assert [c.value for c in o.dates] == ["2026-05-31", "2026-05-30"]
    o = offer("Rowed on the 1st, a 5k in 22 minutes dead.", dt.date(2026, 5, 4), records=True)
    assert [c.value for c in o.dates] == ["2026-05-01"]
    o = offer("I'll try 6k on Sunday next week if my back holds up.", dt.date(2026, 3, 16), records=True)
    assert [c.value for c in o.dates] == ["2026-03-29"]


@pytest.mark.parametrize(("text", "surface", "hours"), [
    ("Maria did Wednesday night for us, six till half eleven.", "six till half eleven", 5.5),
    ("Maria did yesterday after school, 3.30 to 6, and I gave her thirty pounds.", "3.30 to 6", 2.5),
    ("She did Monday 4 till 8, so that came to £52.", "4 till 8", 4),
    ("Maria from 5 until just gone 11, call it six hours.", "from 5 until just gone 11", 6),
    ("Worked the stall 2-4pm.", "2-4pm", 2),
    ("Slept from 22:30 to 6:45.", "from 22:30 to 6:45", 8.25),
    ("Played from 10 till 2.", "from 10 till 2", 4),
])
def test_a_stretch_of_the_clock_is_the_hours_between_its_ends(text: str, surface: str, hours: float) -> None:
    (q,) = [q for q in find_quantities(text) if q.surface == surface]
    assert (q.value, q.unit, q.dimension) == (Decimal(str(hours)), "h", "duration")


@pytest.mark.parametrize("text", ["We won 3 to 1 on Saturday.", "Did 4 to 8 reps.", "Ran 5 to 6 km."])
def test_a_score_or_a_range_of_a_unit_is_not_a_stretch_of_the_clock(text: str) -> None:
    assert not [q for q in find_quantities(text) if q.dimension == "duration"]


@pytest.mark.parametrize("text", ["Her usual is twelve an hour.", "The new rate is £13 an hour.", "It's 10 quid an hour."])
def test_an_hour_after_an_amount_is_a_rate_not_an_hour_spent(text: str) -> None:
    assert not [q for q in find_quantities(text) if q.dimension == "duration"]


def test_an_hour_and_minutes_may_be_followed_by_who_it_was_with() -> None:
    (q,) = [q for q in find_quantities("Parallel parking for like an hour forty-five with Dave.") if q.dimension == "duration"]
    assert q.value == 105


@pytest.mark.parametrize(("text", "pair"), [
    ("Ollie's under-10s played Hemsworth yesterday and won 4-2.", (4, 2)),
    ("Ollie's lot lost 3-1 to Ackworth on Saturday.", (3, 1)),
    ("His team beat Pontefract Colts 5–0 on Saturday.", (5, 0)),
])
def test_a_result_is_two_numbers_and_an_age_group_is_not_a_time(text: str, pair: tuple[int, int]) -> None:
    got = find_quantities(text)
    assert [(q.value, q.unit) for q in got] == [(Decimal(pair[0]), ""), (Decimal(pair[1]), "")]
    assert got[0].note.startswith("first of the score")


@pytest.mark.parametrize("text", ["Pain went from 8 to 4 out of 10.", "Mood went from 3 to 7.", "Cut from 20 till 10 a day.",
                                  "Kids aged from 4 till 7 years.", "Prices went from 5 to 7 quid."])
def test_a_change_from_one_number_to_another_is_not_a_stretch_of_the_clock(text: str) -> None:
    assert not [q for q in find_quantities(text) if q.dimension == "duration"]


@pytest.mark.parametrize(("text", "hours"), [("Worked the stall from 11am till 1.", 2), ("Open from 10am to 2.", 4)])
def test_an_end_without_am_or_pm_is_the_next_such_hour_after_the_start(text: str, hours: int) -> None:
    (q,) = find_quantities(text)
    assert q.value == hours


def test_a_word_ending_like_a_unit_is_not_a_spelled_number_with_it() -> None:
    assert find_quantities("It's one of the old metric ones under the stairs.") == []
    assert [(q.value, q.unit) for q in find_quantities("ran five km, then one lap")] == [(5, "km"), (1, "laps")]


def test_one_of_a_thing_is_a_count_a_record_may_cite_but_a_pronoun_one_is_not() -> None:
    said = find_quantities("so far today: one flat white on the way in and a single can of red bull after lunch")
    assert [(q.surface, q.value) for q in said] == [("one", 1), ("a single", 1)]
    for text in ("one of the old ones", "no one came", "this one is good", "one more rep", "Long one today.", "one day I will"):
        assert all(q.surface.lower() != "one" for q in find_quantities(text)), text


def test_a_number_by_a_number_is_two_numbers_not_a_count_of_times() -> None:
    assert [(q.value, q.unit) for q in find_quantities("Squats yesterday - 105 x 5, then 3x10 curls")] == [
        (105, ""), (5, ""), (3, ""), (10, "")]
    assert [(q.value, q.unit) for q in find_quantities("went 3x this week")] == [(3, "times")]


def test_a_number_said_with_hundreds_is_offered_even_without_a_unit() -> None:
    said = find_quantities("Dan gave her a bottle - one hundred and seventy mil, he was SO proud.")
    assert [(q.surface, q.value) for q in said] == [("one hundred and seventy", 170)]


def test_counts_said_before_a_number_and_ones_that_count_nothing() -> None:
    assert [(q.value, q.unit) for q in find_quantities("took 2x 500mg paracetamol")] == [(2, "times"), (500, "mg")]
    for text in ("not a single beer this week", "not one cigarette today", "ran at one thirty", "won one nil",
                 "two thousand and nineteen"):
        assert find_quantities(text) == [], text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Heaton Park this morning. 29:48, finished 212th out of about 400.",
         [(Decimal("29.8"), "min"), (Decimal(212), "place"), (Decimal(400), "")]),
        ("Tom did 23:47 on Saturday and came 60th.", [(Decimal("23.78"), "min"), (Decimal(60), "place")]),
        ("I went to bed at 23:47 and woke at 6:30.", []),
        ("The meeting ran 9:30-10:45 on the 5th.", [(Decimal("1.25"), "h")]),
        # "took me" before a time, and tenths of a second, say a time taken ("8:41.3" is never a clock)
        ("Did the erg tonight. Took me 23:55, legs are jelly.", [(Decimal("23.92"), "min")]),
        ("Then a 2k test: 8:41.3! Massive PB.", [(Decimal(2), "km"), (Decimal("8.688"), "min")]),
        ("Meet you at 10:30. Bring the cones.", []),
    ],
)
def test_a_race_time_and_a_place_in_an_order_are_numbers_a_clock_time_and_a_day_are_not(
        text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert [(q.value, q.unit) for q in find_quantities(text)] == expected


def test_a_race_time_said_where_a_clock_could_be_is_offered_as_a_duration() -> None:
    o = offer("Tom did 23:47 on Saturday. We met at 10:30 for coffee.", dt.date(2024, 6, 3), records=True)
    assert [c.value for c in o.times] == ["10:30"]
    assert [(q.surface, q.unit) for q in o.quantities] == [("23:47", "min")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sam's long run yesterday: 12 miles, 1:58. Knee a bit niggly.", [(Decimal(12), "mi"), (Decimal(118), "min")]),
        ("13.1 miles in 2:06:30, a PB", [(Decimal("13.1"), "mi"), (Decimal("126.50"), "min")]),
        ("5k in 24:10 this morning", [(Decimal(5), "km"), (Decimal("24.17"), "min")]),  # two digits: minutes and seconds
        ("ran 10 miles, home at 7:15", [(Decimal(10), "mi")]),  # a clock said as one
        ("1 mile in 7:45 on the track", [(Decimal(1), "mi"), (Decimal("7.75"), "min")]),  # no one runs a mile in 7 hours
        ("2 miles, 9:30 pace", [(Decimal(2), "mi")]),
        ("10k, 5:30/km average", [(Decimal(10), "km")]),
        ("ran 6 miles, 7:15 this morning", [(Decimal(6), "mi")]),
        ("40 miles, 2:30 on the bike", [(Decimal(40), "mi"), (Decimal(150), "min")]),
    ],
)
def test_a_time_with_one_digit_before_the_colon_after_a_distance_is_hours_and_minutes(
        text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert [(q.value, q.unit) for q in find_quantities(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Listening 14 out of 25, reading 17/25.", [(Decimal(14), "/25"), (Decimal(17), "/25")]),
        ("Claire gave it fifteen out of twenty-five, Sam got 112 out of 150.", [(Decimal(15), "/25"), (Decimal(112), "/150")]),
        ("Rated it 4/5, and 7 out of 10 for the food.", [(Decimal(4), "/5"), (Decimal(7), "/10")]),
    ],
)
def test_a_mark_out_of_any_total_is_one_quantity(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert [(q.value, q.unit) for q in find_quantities(text)] == expected


def test_a_slash_that_could_be_a_day_and_month_is_no_mark() -> None:
    assert [q.unit for q in find_quantities("Back on 12/25 and 3/4.")] == []


@pytest.mark.parametrize(
    "text",
    ["Baby went down 7:15 and woke at 11:40", "Went to bed 11:30, up at 6:45", "Got home 6:15", "Took the 8:15 train",
     "Dinner time 6:15", "got home 01:15", "My 50th parkrun today", "Tom's 3rd birthday party", "Finished 3rd time this week",
     "it was 50/50", "in the 23/24 season"],
)
def test_clock_times_ordinals_of_things_and_fifty_fifty_are_no_race_time_place_or_mark(text: str) -> None:
    assert [q for q in find_quantities(text) if q.unit in ("min", "place") or q.unit.startswith("/")] == []


def test_a_day_of_a_month_or_weekday_stays_a_date_beside_a_place() -> None:
    o = offer("Parkrun on June 14th, finished 212th in 29:48. Ran again on Saturday 22nd.", dt.date(2024, 6, 30), records=True)
    assert [c.value for c in o.dates] == ["2024-06-14", "2024-06-22"]
    assert [(q.value, q.unit) for q in o.quantities] == [(212, "place"), (Decimal("29.8"), "min")]


@pytest.mark.parametrize(("text", "place"), [
    ("Our relay team came third out of nine, which was brilliant.", 3),
    ("He finished SECOND in the under-12s!", 2),
    ("We were joint first on points but lost the tie-break.", 1),
])
def test_a_place_said_in_words_is_a_place(text: str, place: int) -> None:
    places = [q for q in find_quantities(text) if q.dimension == "place"]
    assert [int(q.value) for q in places] == [place]


def test_first_and_second_that_are_no_place_are_not_quantities() -> None:
    assert not [q for q in find_quantities("It was the first time we went, and the second half was dull.") if q.dimension == "place"]


@pytest.mark.parametrize("text", ["Took first aid course at work.", "Got a second opinion from the GP.", "It was second nature.",
                                  "Got first class tickets to York for £45.", "Finished first draft of the essay."])
def test_first_and_second_of_a_noun_are_no_place(text: str) -> None:
    assert not [q for q in find_quantities(text) if q.dimension == "place"]


def test_a_share_of_things_is_no_mark() -> None:
    assert not [q for q in find_quantities("Took 3 out of the 5 boxes to the tip.") if q.dimension == "rating"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mia netted twice in the second half.", [(Decimal(2), "times")]),
        ("Three wickets and a catch for her, then two run-outs and a stumping.",
         [(Decimal(3), "wickets"), (Decimal(1), "catch"), (Decimal(2), "run-outs"), (Decimal(1), "stumping")]),
        ("Zero tries today, but she converted three kicks.", [(Decimal(0), "tries"), (Decimal(3), "kicks")]),
        ("The nurse said no stitches were needed this time.", [(Decimal(0), "stitches")]),
        ("Grabbed a hat-trick against the league leaders!", [(Decimal(3), "hat-trick")]),
        ("It finished in a draw, 2-2, and a 4–0 win before that.",
         [(Decimal(2), ""), (Decimal(2), ""), (Decimal(4), ""), (Decimal(0), "")]),
        ("She saved one and conceded two, which annoyed her.", [(Decimal(1), ""), (Decimal(2), "")]),
    ],
)
def test_counts_said_the_way_people_tell_a_game(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected


@pytest.mark.parametrize("text", [
    "No worries, no problems at all, and no plans for the weekend.",
    "We went for a walk and a coffee after, twice as long as usual.",
    "We go twice weekly, or twice a week in summer.",
    "The brace on his knee helps, and a bit of rest.",
    "It was a good day and a half, no idea how it went so fast.",
])
def test_words_that_count_nothing_stay_words(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "scores"), [
    ("The score was 2-1 to me in the end? Meeting on 3-4 June.", ["2-1"]),
    ("I won't be in tomorrow, working 9-5 again.", []),
    ("Lost about 2-3 kilos since the spring.", []),
])
def test_a_result_is_read_but_hours_and_ranges_are_not(text: str, scores: list[str]) -> None:
    noted = {q.note.removeprefix("first of the score ") for q in find_quantities(text) if q.note.startswith("first of the score")}
    assert sorted(noted) == scores


def test_a_few_beside_a_count_is_no_thing_counted_once() -> None:
    assert _values("Two goals and a few near misses.") == [(Decimal(2), "goals")]


def test_once_counts_one_only_where_it_is_no_frequency_or_conjunction() -> None:
    for text in ("I swim once a week.", "For once the bus was on time.", "Once I got home I slept.", "It all broke at once.",
                 "I've asked more than once.", "Late once again.", "Once home, I ran 5k.", "Max didn't bark once on the walk.",
                 "I once ran 10k in 50 minutes.", "One tablet once daily.", "Not once did she cry."):
        assert not [q for q in find_quantities(text) if q.unit == "times"], text
    assert [(q.surface, q.value) for q in find_quantities("Walked him just once, around ten.") if q.unit == "times"] == [
        ("once", 1)]


@pytest.mark.parametrize(("text", "expected"), [
    ("She rated the walk a six, the best yet.", [(Decimal(6), "")]),
    ("His knee was a nine again today", [(Decimal(9), "")]),
    ("Three heavy bags went to the tip", [(Decimal(3), "bags")]),
    ("He did four proper sets", [(Decimal(4), "sets")]),
    ("He sold nine and kept two", [(Decimal(9), ""), (Decimal(2), "")]),
    ("She won both her heats", [(Decimal(2), "heats")]),
    ("They lost all five of their matches", [(Decimal(5), "matches")]),
])
def test_a_number_said_as_a_noun_after_a_past_verb_or_before_a_described_noun(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected


@pytest.mark.parametrize("text", ["Two more sets to go", "She wants a one-off", "Three of the jars cracked", "I got a few"])
def test_a_number_that_counts_nothing_said_is_no_quantity(text: str) -> None:
    assert _values(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("It was -5°C when I set off", [(Decimal(-5), "°C")]),
    ("Rating -4 after the blitz", [(Decimal(-4), "")]),
    ("They drew 3-4 on aggregate, no, 3-3", []),
])
def test_a_minus_sign_before_a_number_makes_it_negative_but_a_dash_between_two_does_not(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert [v for v in _values(text) if v[0] < 0] == expected


def test_a_day_put_aside_in_brackets_is_a_date_not_a_place() -> None:
    o = offer("Bowls night on Tuesday (9th), we won both ends.", dt.date(2026, 6, 12), records=True)
    assert [(c.surface, c.value) for c in o.dates] == [("on Tuesday", "2026-06-09"), ("9th", "2026-06-09")]
    assert all(q.dimension != "place" for q in o.quantities)
    o = offer("She finished 9th, her best yet.", dt.date(2026, 6, 12), records=True)
    assert [q.value for q in o.quantities if q.dimension == "place"] == [9]


@pytest.mark.parametrize(("text", "expected"), [
    ("Tuesday was seven, a good day.", [7]),
    ("There were nine in the box yesterday", [9]),
    ("Best one yet — twelve!", [12]),
    ("Dad reckons about eight, I think eight", [8, 8]),
    ("On the scales it was six and a half.", [6.5]),
])
def test_a_number_in_words_standing_alone_where_a_value_stands_is_a_candidate(text: str, expected: list[int]) -> None:
    assert [q.value for q in find_quantities(text)] == expected


@pytest.mark.parametrize("text", ["The two of us went", "Those three are trouble", "Bed at nine, shattered",
                                  "Lunch at half twelve", "Up the Seven Sisters Road", "the other two"])
def test_a_number_in_words_that_is_a_pronoun_a_clock_or_a_name_is_not(text: str) -> None:
    assert find_quantities(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Weighed in at 12 stone 3 this week.", [(Decimal(171), "lb")]),
    ("She's down to 11 stone 9 and a half!", [(Decimal("163.5"), "lb")]),
    ("Scales said 9st 13lb", [(Decimal(139), "lb")]),
    ("He's 5 foot 10 now, taller than me", [(Decimal(70), "in")]),
    ("Ten stone exactly", [(Decimal(10), "st")]),
    ("She lost 2 stone 20 years ago", [(Decimal(2), "st"), (Decimal(20), "")]),  # no pounds past a stone
])
def test_stones_and_pounds_or_feet_and_inches_are_one_value(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Parkrun this morning (15th overall)", [(Decimal(15), "place")]),  # a bracketed place, no weekday before it
    ("I was 14 stone 3 weeks ago", [(Decimal(14), "st"), (Decimal(3), "")]),  # "3 weeks ago" is when (a date, in an offer)
    ("Today:\n-3 coffees\n-2 beers", [(Decimal(3), ""), (Decimal(2), "")]),  # a dash opening a list item is no sign
    ("We left around seven and got back at ten.", []),  # clock times
    ("Been up since five with the baby, she's in year seven now", []),
    ("We lost two to one in the end", []),  # a score's words
    ("Bed at 11 most nights", [(Decimal(11), "")]),  # a clock time counts no nights
])
def test_numbers_that_are_places_times_or_list_marks_stay_so(text: str, expected: list[tuple[Decimal, str]]) -> None:
    assert _values(text) == expected
