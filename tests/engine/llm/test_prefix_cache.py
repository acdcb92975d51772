"""The model's prefix cache keeps one row of logits per saved state and counts what it keeps, so
a long run of distinct prompts stays within its capacity (it once grew past 17 GB)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.llm.llama import PREFIX_CACHE_BYTES, _prefix_cache


@dataclass
class FakeState:
    scores: np.ndarray
    llama_state_size: int


def test_saved_states_keep_one_row_of_logits_and_stay_within_capacity() -> None:
    cache = _prefix_cache()
    rows, vocab = 512, 20_000  # 41 MB of logits a state
    for n in range(60):
        cache[(1, 2, n)] = FakeState(np.ones((rows, vocab), dtype=np.float32), 10 << 20)
        assert cache.cache_size <= PREFIX_CACHE_BYTES
    kept = list(cache.cache_state.values())
    assert kept and all(s.scores.shape == (1, vocab) for s in kept)
    assert cache.cache_size == sum(s.llama_state_size + s.scores.nbytes for s in kept)
    assert (1, 2, 59) in cache  # the latest is kept
