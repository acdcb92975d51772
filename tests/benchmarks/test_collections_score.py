"""The learned-records benchmark scores a record against the writer's gold whichever way the writer
marked the user ("about" left out or "me") and corrections (an index, or only final values)."""

import datetime as dt
from types import SimpleNamespace

from benchmarks.collections.__main__ import answer_matches, final_records, record_matches


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


def test_corrections_by_index_drop_the_old_record_and_by_flag_drop_nothing_without_an_earlier_one() -> None:
    by_index = {"records": [{"values": {"n": 1}}, {"values": {"n": 2}}, {"values": {"n": 3}, "corrects": 0}]}
    assert [r["values"]["n"] for r in final_records(by_index)] == [2, 3]
    by_flag = {"records": [{"values": {"n": 1}, "corrects": False}, {"values": {"n": 3}, "corrects": True}]}
    assert [r["values"]["n"] for r in final_records(by_flag)] == [1, 3]


def test_a_flagged_correction_replaces_the_same_persons_record_of_that_day_from_an_earlier_session() -> None:
    def rec(n: int, session: int, day: str, about: str = "Ann", corrects: bool = False) -> dict:
        return {"session_index": session, "date": day, "values": {"n": n}, "about": about, "corrects": corrects}

    sc = {"records": [rec(1, 0, "2024-03-02"), rec(2, 0, "2024-03-02", about="Ben"), rec(3, 1, "2024-03-09"),
                      rec(4, 2, "2024-03-09"), rec(5, 3, "2024-03-02", corrects=True), rec(6, 3, "2024-03-09", corrects=True)]}
    # Ann's 2nd-of-March record is replaced, Ben's is not; the later of Ann's two 9th-of-March records is replaced
    assert [r["values"]["n"] for r in final_records(sc)] == [2, 3, 5, 6]
    same_session = {"records": [rec(1, 0, "2024-03-02"), rec(2, 0, "2024-03-02", corrects=True)]}
    assert [r["values"]["n"] for r in final_records(same_session)] == [1, 2]


def test_a_day_given_beside_the_values_is_scored_like_one_among_them() -> None:
    sc = {"records": [{"date": "2024-01-20", "values": {"lengths": 8}, "about": "Ella", "corrects": False}]}
    (gold,) = final_records(sc)
    assert gold["values"]["date"] == "2024-01-20"
    assert record_matches(gold, _rec("Ella", date=dt.date(2024, 1, 20), lengths=8.0))[0]
    assert not record_matches(gold, _rec("Ella", date=dt.date(2024, 1, 21), lengths=8.0))[0]


def test_a_time_written_as_a_clock_matches_the_same_duration_in_seconds_or_minutes() -> None:
    q = {"answer": "26:58", "answer_type": "text", "unit": "mm:ss"}
    assert answer_matches(q, 1618.0) and answer_matches(q, 26.9667)
    assert not answer_matches(q, 1685.25) and not answer_matches(q, "26:00")
    assert answer_matches({"answer": "8:29.9", "answer_type": "text", "unit": ""}, 509.9)
    assert answer_matches({"answer": "orange", "answer_type": "text", "unit": ""}, "orange belt")
    assert not answer_matches({"answer": "1:00", "answer_type": "text", "unit": ""}, 3600)  # a minute, not an hour
    assert not answer_matches({"answer": "07:15", "answer_type": "text", "unit": "time"}, 435)  # a time of day
    assert answer_matches({"answer": "1:30", "answer_type": "text", "unit": "h:mm"}, 90)


def test_a_count_is_scored_as_a_number_not_as_text_inside_another() -> None:
    q = {"answer": 3, "answer_type": "count", "unit": None}
    assert answer_matches(q, 3) and answer_matches(q, [3.0])
    assert not answer_matches(q, 13) and not answer_matches(q, "3 of 13")
