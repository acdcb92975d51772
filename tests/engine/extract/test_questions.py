"""A statement followed by a question tag is still a statement; a real question states nothing."""

import pytest

from engine.extract.segment import clauses


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My licence runs out on 3 June 2026, is that an issue?", [False]),
        ("We land in Lima on the 4th, right?", [False]),
        ("Is my visa still valid in March?", [True]),
        ("Where did I park on Friday?", [True]),
        ("You moved the dentist to Monday?", [True]),
        ("Dentist on Monday at 9. Can you remind me?", [False, True]),
    ],
)
def test_question_flags(text: str, expected: list[bool]) -> None:
    assert [c.question for c in clauses(text)] == expected



def test_the_sentences_around_a_value_are_its_own_and_the_one_before() -> None:
    from engine.extract.segment import sentences_around

    text = "Hi! Lily had her gala on Saturday. 50m in 48 seconds. Brilliant."
    at = text.index("48")
    assert sentences_around(text, at, at + 2) == "Lily had her gala on Saturday. 50m in 48 seconds."
    assert sentences_around(text, 0, 2) == "Hi!"
