"""llama.cpp backend: one in-process model, grammar-constrained to the request's options.

The file is checked when the backend is created (cheap) but the weights load on the first call,
so sessions that need no model decision never pay for loading it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

from engine.errors import ModelError
from engine.llm.backend import ChoiceRequest, SchemaRequest

GGUF_MAGIC = b"GGUF"


def check_gguf(path: Path) -> None:
    """Refuse a missing, truncated or non-GGUF file with a message that says what to do."""
    if not path.is_file():
        raise ModelError(f"model file {path} does not exist; run `uac model install` or `uac model use PATH`")
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise ModelError(f"model file {path} cannot be read: {exc}") from exc
    if head[:4] != GGUF_MAGIC or len(head) < 8:
        raise ModelError(f"{path} is not a GGUF model file (bad header); pick a .gguf file made for llama.cpp")
    if path.stat().st_size < 1 << 20:
        raise ModelError(f"{path} is too small to be a model ({path.stat().st_size} bytes); it may be truncated")


PREFIX_CACHE_BYTES = 768 << 20
"""Room for the evaluated instruction blocks of the readers that take turns on one model (records,
learned collections, rules, questions): switching reader restores its block instead of
re-reading it, which on a CPU costs tens of seconds."""


def _prefix_cache() -> Any:
    """llama.cpp's RAM cache, with each saved state's copy of the logits cut to one row.

    A saved state holds the whole logits buffer (batch × vocabulary floats: about 300 MB for a
    152k-word vocabulary) beside the KV state, and the stock cache counts only the KV state against
    its capacity — so every distinct prompt (each recalled passage set is one) kept another 300 MB
    and a long run of questions grew past 17 GB. Restoring a state re-evaluates the last token
    before sampling, so the old logits are never read: one row is kept (the shape a restore
    broadcasts) and what is kept is what is counted."""
    from llama_cpp import LlamaRAMCache

    class SlimRAMCache(LlamaRAMCache):
        @property
        def cache_size(self) -> int:
            return sum(s.llama_state_size + s.scores.nbytes for s in self.cache_state.values())

        def __setitem__(self, key: Any, value: Any) -> None:
            value.scores = value.scores[-1:].copy()
            super().__setitem__(key, value)

    return SlimRAMCache(capacity_bytes=PREFIX_CACHE_BYTES)


def default_threads() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


class LlamaBackend:
    """Owns one ``llama_cpp.Llama``; calls are serialised by a lock (it is not thread-safe)."""

    def __init__(self, path: Path, *, n_ctx: int = 6144, n_threads: int | None = None, deadline_s: float = 20.0) -> None:
        check_gguf(path)
        self.path = path
        self.name = path.stem
        self.n_ctx = n_ctx
        self.n_threads = n_threads or default_threads()
        self.deadline_s = deadline_s
        self._llm: Any = None
        self._lock = threading.Lock()
        self.load_seconds: float | None = None
        self.calls = 0

    def _load(self) -> Any:
        if self._llm is None:
            try:
                from llama_cpp import Llama
            except ImportError as exc:  # pragma: no cover - install problem
                raise ModelError("llama-cpp-python is not installed; run `make install`") from exc
            started = time.perf_counter()
            try:
                self._llm = Llama(
                    model_path=str(self.path),
                    n_ctx=self.n_ctx,
                    n_threads=self.n_threads,
                    use_mmap=False,
                    verbose=False,
                )
            except (ValueError, RuntimeError, OSError) as exc:
                raise ModelError(f"llama.cpp could not load {self.path.name}: {exc}") from exc
            self._llm.set_cache(_prefix_cache())
            self.load_seconds = time.perf_counter() - started
        return self._llm

    def choose(self, request: ChoiceRequest) -> dict[str, str | None]:
        raw = self._complete(request.prefix, request.question, request.json_schema(), request.max_tokens)
        return request.validate(raw if isinstance(raw, dict) else {})

    def propose(self, request: SchemaRequest) -> Any:
        return self._complete(request.prefix, request.question, request.schema, request.max_tokens)

    def _complete(self, prefix: str, question: str, schema: dict[str, Any], max_tokens: int) -> Any:
        """One grammar-constrained completion, streamed so a deadline can stop it; None if not JSON."""
        with self._lock:
            llm = self._load()
            # The deadline bounds the writing, not the reading: reading a long prompt always ends, and how
            # long it takes depends on what else shares the cores; a runaway answer does not end by itself.
            # and a long answer is allowed its length at a slow machine's pace (four tokens a second)
            allowed = self.deadline_s + max_tokens / 4
            deadline: float | None = None
            pieces: list[str] = []
            try:
                stream = llm.create_chat_completion(
                    messages=[
                        {"role": "system", "content": prefix},
                        {"role": "user", "content": question},
                    ],
                    response_format={"type": "json_object", "schema": schema},
                    temperature=0.0,
                    max_tokens=max_tokens,
                    stream=True,
                )
                for chunk in stream:
                    pieces.append(chunk["choices"][0]["delta"].get("content") or "")
                    if deadline is None:
                        deadline = time.monotonic() + allowed
                    elif time.monotonic() > deadline:
                        raise ModelError(f"the model took longer than {allowed:.0f} s; try a smaller model")
            except (ValueError, RuntimeError) as exc:
                raise ModelError(f"the model failed on a request: {exc}") from exc
            self.calls += 1
            try:
                return json.loads("".join(pieces))
            except json.JSONDecodeError:
                return None

    def free_json(self, system: str, user: str, max_tokens: int = 384) -> Any:
        """Unconstrained JSON output: only for measuring the naive baseline, never for the log."""
        with self._lock:
            llm = self._load()
            out = llm.create_chat_completion(
                messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
                response_format={"type": "json_object"},
                temperature=0.0,
                max_tokens=max_tokens,
            )
            self.calls += 1
            try:
                return json.loads(out["choices"][0]["message"]["content"] or "null")
            except json.JSONDecodeError:
                return None

    def close(self) -> None:
        with self._lock:
            if self._llm is not None:
                self._llm.close()
                self._llm = None
