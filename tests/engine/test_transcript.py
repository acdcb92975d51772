import pytest

from engine.errors import InputError
from engine.transcript import parse_transcript


def test_speakers_and_continuation_lines() -> None:
    msgs = parse_transcript("User: I fly to Rome\non the 5th.\nAssistant: Nice!\nuser: thanks")
    assert msgs == [("user", "I fly to Rome\non the 5th."), ("assistant", "Nice!"), ("user", "thanks")]


def test_plain_text_is_the_users() -> None:
    assert parse_transcript("\n  My passport expires soon.\n") == [("user", "My passport expires soon.")]


@pytest.mark.parametrize("raw", ["", "   \n\n", "Assistant:   \n"])
def test_empty_transcripts_are_refused(raw: str) -> None:
    with pytest.raises(InputError):
        parse_transcript(raw)


def test_binary_is_refused() -> None:
    with pytest.raises(InputError, match="NUL"):
        parse_transcript("User: hi\x00there")
