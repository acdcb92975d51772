"""How other people say where they are going and what their documents allow.

Each sentence is written fresh here (not taken from the benchmark) so the detectors are checked on
classes of phrasing: departure times, stay lengths, itineraries, travel companions, accents and
English names of cities, visa validity windows and entries, and the near misses that must stay silent.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tests.engine.extract.helpers import Log

DAY = dt.date(2025, 6, 10)  # a Tuesday


def _facts(text: str, frame: str, today: dt.date = DAY) -> list[tuple[str, dict]]:
    return [(f.subject, f.slots) for f in Log().say(text, today=today) if f.frame == frame]


def _one(text: str, frame: str, today: dt.date = DAY) -> dict:
    got = _facts(text, frame, today)
    assert len(got) == 1, f"expected one {frame} from {text!r}, got {got}"
    return got[0][1]


@pytest.mark.parametrize(
    ("text", "departs"),
    [
        ("flying to Madrid on Friday, the flight leaves at 6:45am", "06:45"),
        ("booked the red-eye to Boston on the 20th that departs 11:40pm", "23:40"),
        ("I'm on the 23:55 out of Heathrow to Doha on the 12th", "23:55"),
        ("taking the 7am train to Paris on Saturday", "07:00"),
        ("overnight bus to Krakow tonight, it leaves at 9pm", "21:00"),
    ],
)
def test_departure_time_of_the_journey(text: str, departs: str) -> None:
    assert _one(text, "Trip")["departs"] == departs


@pytest.mark.parametrize(
    "text",
    [
        "landing in Tokyo at 7:10 on the 3rd, flight NH10",  # an arrival time
        "booked the red-eye to Boston on the 20th",  # a red-eye with no clock time sets nothing
        "flying to Rome on the 3rd, back home by 10pm on the 9th",  # a return time
    ],
)
def test_times_that_are_not_the_departure(text: str) -> None:
    assert "departs" not in _one(text, "Trip")


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("Off to Vienna for a week from the 14th", "2025-06-14", "2025-06-21"),
        ("we're in lisbon for 5 nights starting the 20th", "2025-06-20", "2025-06-25"),
        ("just booked two weeks in Crete from 1 Sept", "2025-09-01", "2025-09-15"),
        ("I'm in Rome for a fortnight from Monday", "2025-06-16", "2025-06-30"),
    ],
)
def test_a_stay_said_as_a_length_gives_the_end(text: str, start: str, end: str) -> None:
    slots = _one(text, "Trip")
    assert (slots["start"], slots["end"]) == (start, end)


def test_a_past_stay_said_as_a_length_gives_the_start() -> None:
    slots = _one("spent a week in Porto last month, flew back on the 28th", "Trip", dt.date(2025, 7, 7))
    assert (slots["start"], slots["end"], slots["status"]) == ("2025-06-21", "2025-06-28", "taken")


@pytest.mark.parametrize(
    ("text", "destination", "country"),
    [
        ("my husband flies to Zurich on Thursday", "Zurich", "CH"),  # typed without the accent
        ("heading to krakow on the 20th", "Krakow", "PL"),
        ("Off to Cologne for the trade fair on the 3rd", "Cologne", "DE"),  # English names of cities
        ("We'll be in Marrakech from the 2nd to the 9th", "Marrakech", "MA"),
        ("my boss is sending me to Frankfurt July 7-9", "Frankfurt", "DE"),
        ("driving down to Cornwall on Friday with the dog", "Cornwall", "GB"),  # regions and islands
        ("Renting a car in Scotland for a road trip, 28 June to 8 July", "Scotland", "GB"),
        ("bus to Hanoi on the 15th", "Hanoi", "VN"),
    ],
)
def test_destinations_people_name(text: str, destination: str, country: str) -> None:
    slots = _one(text, "Trip")
    assert (slots["destination"], slots["country"]) == (destination, country)


def test_an_itinerary_is_one_trip_per_stop() -> None:
    trips = [s for _who, s in _facts("The plan: Hanoi July 2-9, then Bangkok July 9-12, then Ho Chi Minh City July 12-20", "Trip")]
    assert [(t["destination"], t["start"], t["end"]) for t in trips] == [
        ("Hanoi", "2025-07-02", "2025-07-09"),
        ("Bangkok", "2025-07-09", "2025-07-12"),
        ("Ho Chi Minh City", "2025-07-12", "2025-07-20"),
    ]


@pytest.mark.parametrize(
    ("text", "companion"),
    [("Jun and I are going to Bali July 5-15!", "jun"), ("my wife and I fly to Lisbon on the 3rd", "wife"),
     ("Me and Tom are driving to Cornwall on the 5th", "tom")],
)
def test_someone_going_along_gets_the_trip_too(text: str, companion: str) -> None:
    assert sorted(who for who, _s in _facts(text, "Trip")) == sorted(["me", companion])


def test_a_conference_away_reached_by_train_is_a_trip() -> None:
    slots = _one("Conference in Berlin July 12-15, company's paying. I'll take the train from Amsterdam.", "Trip")
    assert (slots["destination"], slots["start"], slots["end"], slots["purpose"], slots["transport"]) == (
        "Berlin", "2025-07-12", "2025-07-15", "business", "train")


def test_details_in_a_follow_up_clause() -> None:
    slots = _one("Trip to Mexico booked! July 5 to July 19", "Trip")
    assert (slots["start"], slots["end"], slots["status"]) == ("2025-07-05", "2025-07-19", "booked")
    slots = _one("flying to San Francisco on July 3rd, booked the red-eye UA1542 that leaves at 11:40pm", "Trip")
    assert (slots["status"], slots["flight"], slots["departs"]) == ("booked", "UA1542", "23:40")


def test_a_price_next_to_a_carrier_with_a_digit() -> None:
    assert _one("Flying Jet2 to Split Aug 2-16, £1,120 all in", "Trip")["cost"] == "1120.00"


@pytest.mark.parametrize(
    "text",
    [
        "If I went to Japan in cherry blossom season, would I need a visa?",
        "What if we flew to Rome in June instead?",
        "it rained in Paris for a week straight according to the news",
        "I've worked in London for two weeks now",
        "The meeting is at 3pm to discuss Berlin",
        "we watched a show about Bali for a few days",
    ],
)
def test_near_misses_are_not_trips(text: str) -> None:
    assert _facts(text, "Trip") == []


def test_a_month_alone_is_no_start_date() -> None:
    slots = _one("thinking of going to Japan in October maybe, nothing booked", "Trip")
    assert "start" not in slots and slots["status"] == "planned"


@pytest.mark.parametrize(
    ("text", "slots"),
    [
        ("vietnam e-visa came through, single-entry, good from July 1 through July 30",
         {"kind": "visa", "country": "VN", "entries": "single", "issued": "2025-07-01", "expires": "2025-07-30"}),
        ("finally got my US B1/B2 visa, multiple entries, valid from 2025-03-10 until 2035-03-09",
         {"kind": "visa", "country": "US", "entries": "multiple", "issued": "2025-03-10", "expires": "2035-03-09"}),
        ("Got the Schengen visa: single entry, 15 July to 30 July",
         {"kind": "visa", "entries": "single", "issued": "2025-07-15", "expires": "2025-07-30"}),
        ("my visa for Australia runs out on Nov 30", {"kind": "visa", "country": "AU", "expires": "2025-11-30"}),
    ],
)
def test_visa_validity_windows_and_entries(text: str, slots: dict) -> None:
    got = _one(text, "TravelDocument")
    assert {k: got.get(k) for k in slots} == slots


def test_trip_dates_are_not_the_documents() -> None:
    doc = _one("Visiting Tokyo July 1-10, my passport expires Aug 2", "TravelDocument")
    trip = _one("Visiting Tokyo July 1-10, my passport expires Aug 2", "Trip")
    assert doc["expires"] == "2025-08-02" and "issued" not in doc
    assert (trip["start"], trip["end"]) == ("2025-07-01", "2025-07-10")
    doc = _one("On my Canadian passport: France for work Feb 1 to March 15.", "TravelDocument", dt.date(2025, 1, 15))
    assert doc == {"kind": "passport", "country": "CA"}
    doc = _one("my Japanese visa is single entry and expires on 30 November, we fly out to Osaka Nov 3", "TravelDocument")
    assert doc["expires"] == "2025-11-30" and "issued" not in doc


@pytest.mark.parametrize(
    "text",
    ["Someone stole my wallet and passport in Rome", "my passport got nicked on the metro",
     "I can't find my passport anywhere", "my passport went missing at the hotel"],
)
def test_ways_of_losing_a_passport(text: str) -> None:
    assert _one(text, "TravelDocument")["status"] == "lost"


@pytest.mark.parametrize(
    "text",
    ["my husband's passport expired in July and he hasn't noticed", "My passport's fine till 2031"],
)
def test_a_month_or_year_alone_is_no_expiry_day(text: str) -> None:
    assert "expires" not in _one(text, "TravelDocument", dt.date(2025, 9, 8))


def test_arriving_starts_the_stay_and_leaving_ends_it() -> None:
    slots = _one("we land in Lima at 6am on the 3rd and leave the 17th", "Trip")
    assert (slots["start"], slots["end"]) == ("2025-07-03", "2025-07-17") and "departs" not in slots


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("home from Crete, what a week", "taken"),
        ("just got back from Seoul, jet lag is brutal", "taken"),
        ("Paris is off, the strike ruined it", "cancelled"),
        ("the Lisbon trip's cancelled", "cancelled"),
        ("got our tickets to Seoul for Oct 3-17!", "booked"),
        ("tickets to Dublin are sorted for the 20th", "booked"),
    ],
)
def test_trip_status_in_other_words(text: str, status: str) -> None:
    assert _one(text, "Trip")["status"] == status


def test_a_coming_back_that_has_not_happened_is_not_taken() -> None:
    assert _one("when I'm back from Rome I'll call you", "Trip").get("status") != "taken"


def test_a_day_a_week_on_is_not_a_week_long_stay() -> None:
    slots = _one("flying to Rome a week from Monday", "Trip")
    assert slots["start"] == "2025-06-23" and "end" not in slots


def test_a_booked_trip_lies_ahead() -> None:
    slots = _one("we booked ten days in Crete from 1 May", "Trip")
    assert slots["start"] == "2026-05-01"


def test_a_stop_in_an_itinerary_message_needs_no_travel_verb() -> None:
    trips = _facts("itinerary so far: Siem Reap 3-8 March, then Bangkok 8-11 March", "Trip", dt.date(2026, 2, 2))
    assert [s["destination"] for _w, s in trips] == ["Siem Reap", "Bangkok"]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("found my passport!! it was in the sofa", "valid"),
        ("my passport turned up at the lost and found", "valid"),
        ("got pickpocketed on the tube this morning, they took my wallet and my passport", "lost"),
    ],
)
def test_passport_found_or_taken(text: str, status: str) -> None:
    assert _one(text, "TravelDocument")["status"] == status


def test_found_out_is_not_found() -> None:
    assert "status" not in _one("I found out my passport expires on 3 May", "TravelDocument")


def test_validity_said_in_the_next_clause() -> None:
    slots = _one("got my cambodia e-visa today!! single entry, valid 1 March to 30 March 2026", "TravelDocument",
                 dt.date(2026, 1, 20))
    assert (slots["country"], slots["entries"], slots["issued"], slots["expires"]) == ("KH", "single", "2026-03-01", "2026-03-30")


@pytest.mark.parametrize(("text", "country"), [("my Sri Lankan passport expires 2030-01-01", "LK"),
                                                ("New Zealand passport, expires 2029-05-05", "NZ"),
                                                ("my Cambodian visa ends on 3 Oct", "KH")])
def test_nationalities_of_more_words_and_countries(text: str, country: str) -> None:
    assert _one(text, "TravelDocument")["country"] == country


@pytest.mark.parametrize(
    ("text", "holder"),
    [("Oh no, Leo's passport expires 10 August 2026!", "leo"), ("Emma's German ID card runs out on 12 Jan 2026", "emma"),
     ("Husband's passport expires 2026-04-30", "husband"), ("My passport's fine till 2031", "me")],
)
def test_the_document_belongs_to_its_possessor(text: str, holder: str) -> None:
    assert [who for who, _s in _facts(text, "TravelDocument")] == [holder]
