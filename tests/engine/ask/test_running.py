"""A field is a running total (a meter, an odometer) only when its records say so."""

from __future__ import annotations

import datetime as dt

from engine.ask.catalog import Collection, FieldInfo
from engine.ask.running import running_total
from engine.state import Record


def _coll(readings: list[tuple[str, float, str]], name: str = "readings") -> Collection:
    records = [Record("GasMeter", f"k{i}", who, "active", {"date": dt.date.fromisoformat(day), "reading": value})
               for i, (day, value, who) in enumerate(readings)]
    return Collection(name, "GasMeter", "imported",
                      {"date": FieldInfo("date", "date"), "reading": FieldInfo("reading", "float")}, records)


def test_readings_that_only_go_up_and_dwarf_their_steps_are_a_running_total() -> None:
    meter = _coll([("2024-11-03", 4127, "me"), ("2024-11-10", 4161, "me"), ("2024-11-16", 4193, "Ann"),
                   ("2024-11-24", 4240, "me"), ("2025-01-01", 4420, "Ann")])
    assert running_total(meter, "reading")
    assert not running_total(meter, "date") and not running_total(meter, None)


def test_weights_that_climb_in_big_steps_or_fall_back_are_not() -> None:
    assert not running_total(_coll([("2025-08-01", 100, "me"), ("2025-08-04", 105, "me"), ("2025-08-11", 95, "me"),
                                    ("2025-08-20", 110, "me")]), "reading")
    assert not running_total(_coll([("2025-08-01", 10, "me"), ("2025-08-04", 25, "me"), ("2025-08-11", 40, "me"),
                                    ("2025-08-20", 60, "me")]), "reading")
    assert not running_total(_coll([("2025-08-01", 4127, "me"), ("2025-08-04", 4161, "me")]), "reading")


def test_runs_that_creep_up_and_pocket_money_with_one_raise_are_not_meters() -> None:
    runs = _coll([("2025-05-01", 5.0, "me"), ("2025-05-03", 5.2, "me"), ("2025-05-06", 5.5, "me"), ("2025-05-09", 6.0, "me")])
    assert not running_total(runs, "reading")
    money = _coll([("2025-05-01", 5, "me"), ("2025-05-08", 5, "me"), ("2025-05-15", 5, "me"), ("2025-05-22", 6, "me")])
    assert not running_total(money, "reading")


def test_a_collection_named_for_a_meter_needs_only_readings_that_never_go_back() -> None:
    new_meter = [("2025-03-01", 4.2, "me"), ("2025-03-09", 7.9, "me"), ("2025-03-19", 12.6, "me"),
                 ("2025-04-02", 18.1, "me"), ("2025-03-17", 227.9, "Pauline"), ("2025-03-31", 231.4, "Pauline")]
    assert running_total(_coll(new_meter, "water_meter_readings"), "reading")
    assert not running_total(_coll(new_meter), "reading")  # the same numbers under a plain name: too small to tell
    fell_back = [("2025-03-01", 4.2, "me"), ("2025-03-09", 7.9, "me"), ("2025-03-19", 6.6, "me"), ("2025-04-02", 18.1, "me")]
    assert not running_total(_coll(fell_back, "water_meter_readings"), "reading")
    assert not running_total(_coll(fell_back, "glucose_meter"), "reading")


def test_a_distance_kept_in_meters_is_no_meter() -> None:
    swims = _coll([("2025-05-01", 400, "me"), ("2025-05-03", 500, "me"), ("2025-05-06", 600, "me"), ("2025-05-09", 800, "me")])
    swims = Collection("swims", swims.frame, swims.domain, {"date": swims.fields["date"],
                       "distance_meters": FieldInfo("distance_meters", "float")},
                       [type(r)(r.frame, r.key, r.subject, r.status, {"date": r.values["date"], "distance_meters": r.values["reading"]})
                        for r in swims.records])
    assert not running_total(swims, "distance_meters")
