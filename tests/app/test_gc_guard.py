"""Cyclic garbage is collected on the GUI thread while the app runs, by the interpreter's thresholds."""

from __future__ import annotations

import gc
import weakref

from app.gc_guard import MainThreadCollector


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_collection_moves_to_the_gui_thread_and_back(qtbot) -> None:
    assert gc.isenabled()
    first, second = MainThreadCollector(), MainThreadCollector()
    assert not gc.isenabled()
    first.stop()
    first.stop()  # twice is harmless
    assert not gc.isenabled()  # another holder still runs
    second.stop()
    assert gc.isenabled()


def test_the_timer_collects_cycles_past_the_threshold(qtbot) -> None:
    collector = MainThreadCollector()
    try:
        gc.collect()
        probe = _Cycle()

        ref = weakref.ref(probe)
        del probe
        for _ in range(gc.get_threshold()[0] * 3):
            _Cycle()  # garbage that only the cyclic collector frees
        assert ref() is not None  # automatic collection is off
        qtbot.waitUntil(lambda: ref() is None, timeout=3000)
    finally:
        collector.stop()


def test_the_controller_holds_the_collector_while_it_runs(tmp_path, make_controller) -> None:
    from engine.profile import Profile

    ctl = make_controller(Profile(tmp_path / "home"))
    assert not gc.isenabled()
    ctl.shutdown()
    assert gc.isenabled()
