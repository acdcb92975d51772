"""Run a generator one step ahead on a thread: an import types the next records while SQLite
writes the last ones (SQLite works without Python's lock, so the two overlap on two cores)."""

from __future__ import annotations

import contextlib
import queue
import threading
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

CHUNK = 500  # items handed over at a time
DEPTH = 8  # chunks buffered: bounds memory whatever the source's size


@contextlib.contextmanager
def ahead(source: Iterable[T]) -> Iterator[Iterator[T]]:
    """Iterate ``source`` on a worker thread; its exceptions surface where the items are consumed.
    Leaving the block early (an error or a stop while consuming) ends the worker too."""
    handoff: queue.Queue[tuple[str, object]] = queue.Queue(maxsize=DEPTH)
    stop = threading.Event()

    def put(item: tuple[str, object]) -> bool:
        while not stop.is_set():
            try:
                handoff.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        chunk: list[T] = []
        try:
            for item in source:
                chunk.append(item)
                if len(chunk) >= CHUNK:
                    if not put(("items", chunk)):
                        return
                    chunk = []
            if chunk and not put(("items", chunk)):
                return
            put(("end", None))
        except BaseException as exc:  # handed to the consumer, raised there
            put(("error", exc))

    def consume() -> Iterator[T]:
        while True:
            kind, payload = handoff.get()
            if kind == "end":
                return
            if kind == "error":
                assert isinstance(payload, BaseException)
                raise payload
            yield from payload  # type: ignore[misc]

    worker = threading.Thread(target=produce, name="import-typing", daemon=True)
    worker.start()
    try:
        yield consume()
    finally:
        stop.set()
        worker.join()
