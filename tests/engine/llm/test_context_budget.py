"""A reading request must fit the model's context with room for its answer: llama.cpp refuses a prompt
longer than the window, and the message then falls back to the detectors alone. The worked examples
grow the prompts, so their size is measured here with the default model's own tokenizer."""

from __future__ import annotations

import datetime as dt
import inspect

import pytest

import engine.learn.propose as learn_prompt
from engine.extract.reader import MAX_TOKENS as READ_MAX_TOKENS
from engine.extract.reader import prompt as read_prompt
from engine.extract.reader.candidates import find_candidates
from engine.llm.catalog import DEFAULT_MODEL, find
from engine.llm.install import installed_path
from engine.llm.llama import LlamaBackend

DAY = dt.date(2026, 5, 14)
TEMPLATE_TOKENS = 40
"""The chat template's own tokens around the system and user turns."""

LONG_MESSAGE = " ".join([
    "Right, a long one today, sorry. On Saturday I did the early shift at the garden centre, 7:30 till 1:15, and",
    "sold £212.40 of bedding plants, which my manager Anjali said was the best morning this month.",
    "Then on Sunday my sister Bea and I walked 11.5 km along the canal in 2 hours 40 minutes, she did 14,200",
    "steps and I did 15,050, and we stopped for a coffee that cost £3.20 each.",
    "Yesterday the kids had swimming: Noah swam 8 lengths in 6 minutes 30 seconds and Ivy did 12 lengths,",
    "two more than last week, and she got her 25m badge. The car needs its MOT on the 2nd of June and the boiler",
    "service is on Thursday at 9am, I keep forgetting both. Also my blood pressure this morning was 128 over 84",
    "and I weighed 71.3 kg, up 0.4 since last Monday. Grandad's hearing aid batteries lasted 9 days this time.",
    "Is that normal? And can you remind me what I said about the allotment, I think I picked 3.2 kg of",
    "courgettes and 14 tomatoes last Wednesday, and the week before 2.1 kg and 9 tomatoes, unless it was 8.",
    "Anyway, what do you think about planting leeks now, or is it too late in the year for them?",
])


@pytest.fixture(scope="module")
def count_tokens():  # type: ignore[no-untyped-def]
    path = installed_path(find(DEFAULT_MODEL))
    if not path.is_file():
        pytest.fail("the default model is not installed; run `make install`")
    from llama_cpp import Llama

    vocab = Llama(model_path=str(path), vocab_only=True, verbose=False)
    return lambda text: len(vocab.tokenize(text.encode("utf-8"), add_bos=False, special=True))


def _window() -> int:
    return int(inspect.signature(LlamaBackend.__init__).parameters["n_ctx"].default)


def test_the_long_message_is_long(count_tokens) -> None:  # type: ignore[no-untyped-def]
    assert count_tokens(LONG_MESSAGE) > 300


def test_a_long_message_fits_the_record_reading_request(count_tokens) -> None:  # type: ignore[no-untyped-def]
    offer = learn_prompt.offer(LONG_MESSAGE, DAY, records=True)
    existing = [f"activity_number_{i}: date, duration (min), distance (km), amount_paid (GBP), rating (/10), partner_name"
                for i in range(20)]  # a user with twenty learned collections, each listed with its fields
    req = learn_prompt.request(offer, existing)
    used = count_tokens(req.prefix) + count_tokens(req.question) + req.max_tokens + TEMPLATE_TOKENS
    assert used <= _window(), f"{used} tokens for a window of {_window()}"


def test_a_long_message_fits_the_frame_reading_request(count_tokens) -> None:  # type: ignore[no-untyped-def]
    question = read_prompt.question(LONG_MESSAGE, DAY, find_candidates(LONG_MESSAGE, DAY))
    used = count_tokens(read_prompt.prefix()) + count_tokens(question) + READ_MAX_TOKENS + TEMPLATE_TOKENS
    assert used <= _window(), f"{used} tokens for a window of {_window()}"
