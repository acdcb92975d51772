"""Parts of one record the model read as two are one record (engine/learn/__init__.py: joined)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from engine.learn import joined
from engine.learn.verify import Proposed, Value

DAY = dt.date(2026, 5, 26)


def _p(day: dt.date, who: str = "Mum", collection: str = "jigsaws", **values: float) -> Proposed:
    return Proposed(collection, who, day, False, {k: Value("float", Decimal(str(v)), 0, 1) for k, v in values.items()})


def test_parts_of_one_record_are_joined() -> None:
    [one] = joined([_p(DAY, pieces=500), _p(DAY, days=3)])
    assert {k: float(v.value) for k, v in one.values.items()} == {"pieces": 500.0, "days": 3.0}


def test_records_of_other_days_people_or_kinds_or_with_the_same_field_stay_apart() -> None:
    assert len(joined([_p(DAY, pieces=500), _p(DAY + dt.timedelta(days=1), days=3)])) == 2
    assert len(joined([_p(DAY, pieces=500), _p(DAY, who="me", days=3)])) == 2
    assert len(joined([_p(DAY, pieces=500), _p(DAY, collection="crosswords", days=3)])) == 2
    assert len(joined([_p(DAY, pieces=500, days=2), _p(DAY, pieces=300, days=1)])) == 2


def test_records_told_as_another_stay_apart() -> None:
    text = "Walked Rex 3km this morning, and again for 40 mins after tea."
    a = Proposed("dog_walks", "me", DAY, False, {"distance": Value("float", Decimal(3), 10, 13)})
    b = Proposed("dog_walks", "me", DAY, False, {"duration": Value("float", Decimal(40), 42, 49)})
    assert len(joined([a, b], text)) == 2
