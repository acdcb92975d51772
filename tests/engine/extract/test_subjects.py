"""Whose fact it is, and a doctor taking someone off a drug."""

import datetime as dt

from .helpers import Log, only

ASKED_DAY = dt.date(2026, 5, 6)


def test_a_name_nobody_introduced_is_the_subject_when_only_a_person_fits() -> None:
    assert only(Log().say("Priya is allergic to sulfa drugs."), "Allergy").subject == "priya"
    assert only(Log().say("Tomas's visa for Brazil expires on 1 June 2026."), "TravelDocument").subject == "tomas"
    assert only(Log().say("I'm allergic to latex."), "Allergy").subject == "me"


def test_month_names_are_not_people() -> None:
    assert all(f.subject == "me" for f in Log().say("March is allergy season, I'm allergic to pollen."))


def test_taken_off_a_drug_stops_it() -> None:
    log = Log()
    log.say("I take metformin 500 mg twice a day.")
    stop = only(log.say("The doctor took me off metformin last week."), "Medication")
    assert stop.slots.get("status") == "stopped" and stop.supersedes


def test_a_past_charge_is_a_payment_and_a_stated_price_is_the_subscription() -> None:
    log = Log()
    log.say("I cancelled Spotify today.")
    charge = only(log.say("Spotify charged me 11.99 again."), "Transfer")
    assert charge.slots["payee"] == "Spotify" and charge.slots["amount"] == "11.99" and charge.slots["status"] == "done"
    price = only(Log().say("Netflix charges me 15.99 a month."), "Subscription")
    assert price.slots["amount"] == "15.99" and "status" not in price.slots


def test_a_deadline_met_today_is_done_but_a_plan_to_meet_it_is_not() -> None:
    log = Log()
    log.say("The grant report is due on 30 May.")
    done = only(log.say("Submitted the grant report today!"), "Deadline")
    assert done.slots.get("status") == "done" and done.supersedes
    plan = [f for f in Log().say("I need to have submitted the grant report by Friday.") if f.frame == "Deadline"]
    assert all(f.slots.get("status") != "done" for f in plan)



def test_a_person_who_asks_the_user_to_travel_leaves_the_trip_the_users() -> None:
    trip = only(Log().say("my sister wants me in Toronto for her graduation, so I'm flying up there June 8 to 12", today=ASKED_DAY),
                "Trip")
    assert (trip.subject, trip.slots["country"], trip.slots["start"]) == ("me", "CA", "2026-06-08")
    trip = only(Log().say("My boss asked me to fly to Denver on June 2", today=ASKED_DAY), "Trip")
    assert trip.subject == "me"


def test_a_person_who_travels_keeps_their_own_trip() -> None:
    trip = only(Log().say("my sister is flying to Toronto June 8 to 12", today=ASKED_DAY), "Trip")
    assert trip.subject == "sister"


def test_a_relative_is_one_subject_however_the_sentence_names_them() -> None:
    said = ["my mom is allergic to penicillin", "mom's on Eliquis now", "Mom started metformin",
            "need to pick up my mum's prescription for losartan", "grandma has diabetes", "my grandma has asthma"]
    subjects = {text: {f.subject for f in Log().say(text) if f.frame != "Note"} for text in said}
    assert all(subjects[t] == {"mother"} for t in said[:4]), subjects
    assert all(subjects[t] == {"grandmother"} for t in said[4:]), subjects


def test_he_or_she_without_the_apostrophe_still_points_back() -> None:
    facts = Log().say("my brother Sam is staying with us. hes flying to Rome June 3 to 9", today=ASKED_DAY)
    assert only(facts, "Trip").subject == "sam"
