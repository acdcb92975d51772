"""The agenda: dated records of every kind in one list; clashes and mid-trip expiries noted."""

import datetime as dt

from engine.agenda import agenda, upcoming
from engine.state import fold


def _state(world, *specs):
    for frame, key, slots in specs:
        world.say(frame, key, slots)
    return fold(world.log.facts())


def test_items_of_every_kind_with_clash_and_expiry_during_a_trip(world) -> None:
    state = _state(
        world,
        ("Trip", "jp", {"destination": "Tokyo", "start": "2025-03-01", "end": "2025-03-12"}),
        ("TravelDocument", "passport", {"kind": "passport", "expires": "2025-03-05"}),
        ("Event", "wedding", {"title": "Sam's wedding", "start": "2025-03-08", "time": "15:00"}),
        ("Deadline", "tax", {"about": "tax return", "due": "2025-01-31"}),
        ("Subscription", "netflix", {"service": "Netflix", "renewal": "2025-02-15"}),
        ("Event", "old", {"title": "cancelled party", "start": "2025-03-02", "status": "cancelled"}),
    )
    items = agenda(state)
    labels = [i.label for i in items]
    assert labels == ["Deadline: tax return", "Netflix renews", "Tokyo", "passport expires", "Sam's wedding"]
    trip = items[2]
    assert trip.start == dt.date(2025, 3, 1) and trip.end == dt.date(2025, 3, 12) and trip.covers(dt.date(2025, 3, 5))
    assert set(trip.notes) == {"clashes with Sam's wedding", "passport expires during it"}
    wedding = items[-1]
    assert wedding.time == dt.time(15, 0) and wedding.notes == ("clashes with Tokyo",)
    assert items[1].notes == ()
    soon = upcoming(items, dt.date(2025, 2, 20), days=14)
    assert [i.label for i in soon] == ["Deadline: tax return", "Tokyo", "passport expires"]  # open deadline overdue


def test_a_recurring_event_is_on_every_day_it_falls_on_and_listed_once_as_coming_up(world) -> None:
    state = _state(
        world,
        ("Event", "standup", {"title": "team sync", "start": "2025-03-04", "time": "09:30", "recurrence": "every Tuesday",
                              "end": "2025-04-29"}),
        ("Event", "yoga", {"title": "yoga", "recurrence": "Thursdays", "time": "19:00"}),  # no date: from when it was said
        ("Trip", "rome", {"destination": "Rome", "start": "2025-03-17", "end": "2025-03-21"}),
        ("Event", "club", {"title": "book club", "recurrence": "every other Wednesday"}),  # which weeks: unknown
    )
    items = agenda(state, dt.date(2025, 3, 10))
    assert not [i for i in items if i.title == "book club"]
    sync = [i for i in items if i.title == "team sync"]
    assert [i.start for i in sync] == [dt.date(2025, 3, 4) + dt.timedelta(weeks=w) for w in range(9)]  # stops at its end
    assert all(i.repeats == "every week on Tuesday" and i.time == dt.time(9, 30) for i in sync)
    assert [i.notes for i in sync if i.notes] == [("clashes with Rome",)]  # the Tuesday of the trip
    yoga = [i for i in items if i.title == "yoga"]
    first_seen = state.of("Event")[1].first_seen
    assert yoga and all(i.start.weekday() == 3 and i.start >= first_seen for i in yoga)
    soon = upcoming(items, dt.date(2025, 3, 10), days=14)
    assert [i.title for i in soon].count("team sync") == 1 and soon[0].start == dt.date(2025, 3, 11)
