import pytest

from engine.extract.documents import find_documents, find_entries
from engine.extract.drugs import find_allergens, find_drugs
from engine.extract.money import find_money
from engine.extract.orgs import find_orgs
from engine.extract.people import find_people, subject_of
from engine.extract.places import find_places
from engine.extract.segment import clauses


def spans(found: list, text: str) -> None:
    for m in found:
        assert text[m.start : m.end] == m.text


@pytest.mark.parametrize(("text", "amount", "currency"), [
    ("it was $1,200", "1200.00", "USD"),
    ("15.99 euros a month", "15.99", "EUR"),
    ("£30.50", "30.50", "GBP"),
    ("about 2k dollars", "2000.00", "USD"),
    ("¥50,000", "50000.00", "JPY"),
    ("USD 300", "300.00", "USD"),
    ("300 bucks", "300.00", "USD"),
    ("€1.450,00", "1450.00", "EUR"),
])
def test_money(text: str, amount: str, currency: str) -> None:
    found = find_money(text, 0, len(text))
    assert [(m.value, m.attrs["currency"]) for m in found] == [(amount, currency)]
    spans(found, text)


@pytest.mark.parametrize(("text", "name", "country", "region"), [
    ("flying to Tokyo", "Tokyo", "JP", "Asia"),
    ("going to japan", "Japan", "JP", "Asia"),
    ("a week in New York", "New York", "US", "North America"),
    ("trip to the UK", "United Kingdom", "GB", "Europe"),
    ("off to Lisbon", "Lisbon", "PT", "Europe"),
    ("back from Mexico City", "Mexico City", "MX", "North America"),
])
def test_places(text: str, name: str, country: str, region: str) -> None:
    found = find_places(text, 0, len(text))
    assert [(m.value, m.attrs["country"], m.attrs["region"]) for m in found] == [(name, country, region)]
    spans(found, text)


def test_common_words_are_not_places() -> None:
    text = "Nice weather, reading a book while I chase the kids"
    assert find_places(text, 0, len(text)) == []


def test_drugs_carry_their_class_and_brands_map_to_generics() -> None:
    text = "I take Advil and amoxicillin, plus Lipitor"
    found = find_drugs(text, 0, len(text))
    assert [(m.value, m.attrs["drug_class"]) for m in found] == [
        ("ibuprofen", "nsaids"), ("amoxicillin", "penicillins"), ("atorvastatin", "statins")]


def test_allergens_include_foods_and_drugs() -> None:
    text = "allergic to shellfish, peanuts and sulfa drugs"
    found = {m.value: m.attrs["allergen_class"] for m in find_allergens(text, 0, len(text))}
    # allergens as said, classes lower-case plural common names (peanuts are their own class)
    assert found == {"shellfish": "shellfish", "peanuts": "peanuts", "sulfa drugs": "sulfonamides"}


def test_organisations() -> None:
    text = "I cancelled Netflix and moved my Chase card to Amex"
    assert [(m.value, m.attrs["org_kind"]) for m in find_orgs(text, 0, len(text))] == [
        ("Netflix", "service"), ("Chase", "bank"), ("Amex", "bank")]  # a bank as the user names it


def test_documents_and_entries() -> None:
    text = "my multiple-entry visa and my driver's license"
    assert [m.value for m in find_documents(text, 0, len(text))] == ["visa", "licence"]
    assert [m.value for m in find_entries(text, 0, len(text))] == ["multiple"]


@pytest.mark.parametrize(("text", "name", "relation", "age", "subject"), [
    ("My wife Jun is allergic to shellfish", "Jun", "wife", None, "jun"),
    ("my daughter Emma, 7, loves horses", "Emma", "daughter", 7, "emma"),
    ("my 5-year-old son Leo has asthma", "Leo", "son", 5, "leo"),
    ("I am flying with my husband Tom", "Tom", "husband", None, "me"),
    ("Jun, my wife, hates fish", "Jun", "wife", None, "jun"),
    ("my wife is allergic to nuts", None, "wife", None, "wife"),
])
def test_people_and_subjects(text: str, name: str | None, relation: str, age: int | None, subject: str) -> None:
    found = find_people(text, 0, len(text))
    assert [(p.value, p.attrs["relation"], p.attrs["age"]) for p in found] == [(name, relation, age)]
    assert subject_of(text, 0, found, {}, "me") == subject


def test_known_relation_names_the_subject() -> None:
    text = "my wife is allergic to nuts"
    assert subject_of(text, 0, find_people(text, 0, len(text)), {"wife": "Jun"}, "me") == "jun"


def test_clauses_keep_offsets_and_split_statements() -> None:
    text = "Dr. Lee stopped the ibuprofen. I'm allergic to penicillin and I take metformin! Is that ok?"
    got = clauses(text)
    assert [c.text for c in got] == ["Dr. Lee stopped the ibuprofen.", "I'm allergic to penicillin",
                                     "I take metformin!", "Is that ok?"]
    assert all(text[c.start : c.end] == c.text for c in got)
    assert [c.question for c in got] == [False, False, False, True]


@pytest.mark.parametrize(("text", "want"), [
    ("Grabbed a hoodie, twelve quid, and a book for £9.99.", [("twelve quid", "12.00", "GBP"), ("£9.99", "9.99", "GBP")]),
    ("It came to forty-five euros in the end.", [("forty-five euros", "45.00", "EUR")]),
    ("That was a hundred and twenty dollars!", [("a hundred and twenty dollars", "120.00", "USD")]),
    ("Lent him a tenner for the taxi.", [("a tenner", "10.00", None)]),  # said of pounds and of dollars
    ("Bought a sofa for two thousand five hundred dollars.", [("two thousand five hundred dollars", "2500.00", "USD")]),
    ("It was twelve hundred and fifty quid.", [("twelve hundred and fifty quid", "1250.00", "GBP")]),
    ("Dropped forty pounds at the pub, lost fifty pounds on the horses.",
     [("forty pounds", "40.00", "GBP"), ("fifty pounds", "50.00", "GBP")]),
    # weights, numbers that are not one amount, and "won" the verb
    ("Bought three pounds of flour and lost ten pounds since May.", []),
    ("The baby weighs twenty pounds now, and I shed like ten pounds.", []),
    ("A twelve pound turkey for one fifty dollars? The blue one won.", []),
])
def test_amounts_said_in_words(text: str, want: list[tuple[str, str, str | None]]) -> None:
    got = [(m.text, m.value, m.attrs["currency"]) for m in find_money(text, 0, len(text))]
    assert got == want


def test_a_run_of_digits_too_long_for_an_amount_is_no_amount() -> None:
    text = "£" + "9" * 30
    assert find_money(text, 0, len(text)) == []
