"""The learned-records benchmark scores a record against the writer's gold whichever way the writer
marked the user ("about" left out or "me") and corrections (an index, or only final values)."""

import datetime as dt
from types import SimpleNamespace

from benchmarks.collections.__main__ import final_records, record_matches


def _rec(subject: str, **values: object) -> SimpleNamespace:
    return SimpleNamespace(subject=subject, values=values)


def test_the_users_record_matches_with_about_left_out_or_written_as_me() -> None:
    mine = _rec("me", date=dt.date(2024, 11, 3), reading=4127.0)
    for about in (None, "", "me", "Me"):
        gold = {"values": {"date": "2024-11-03", "reading_m3": 4127}, "about": about}
        assert record_matches(gold, mine)[0]
    assert not record_matches({"values": {"date": "2024-11-03", "reading_m3": 4127}, "about": "ann"}, mine)[0]


def test_someone_elses_record_needs_a_subject_other_than_the_user() -> None:
    gold = {"values": {"date": "2024-11-16", "reading_m3": 4193}, "about": "ann"}
    assert record_matches(gold, _rec("Ann", date=dt.date(2024, 11, 16), reading=4193.0))[0]
    assert not record_matches(gold, _rec("Ann", date=dt.date(2024, 11, 16), reading=98.0))[0]


def test_corrections_by_index_drop_the_old_record_and_by_flag_drop_nothing() -> None:
    by_index = {"records": [{"values": {"n": 1}}, {"values": {"n": 2}}, {"values": {"n": 3}, "corrects": 0}]}
    assert [r["values"]["n"] for r in final_records(by_index)] == [2, 3]
    by_flag = {"records": [{"values": {"n": 1}, "corrects": False}, {"values": {"n": 3}, "corrects": True}]}
    assert [r["values"]["n"] for r in final_records(by_flag)] == [1, 3]


def test_a_day_given_beside_the_values_is_scored_like_one_among_them() -> None:
    sc = {"records": [{"date": "2024-01-20", "values": {"lengths": 8}, "about": "Ella", "corrects": False}]}
    (gold,) = final_records(sc)
    assert gold["values"]["date"] == "2024-01-20"
    assert record_matches(gold, _rec("Ella", date=dt.date(2024, 1, 20), lengths=8.0))[0]
    assert not record_matches(gold, _rec("Ella", date=dt.date(2024, 1, 21), lengths=8.0))[0]
