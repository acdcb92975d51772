"""The engine runner: work happens on its one thread, results and errors come back as callbacks."""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QThread

from app.workers import EngineRunner, TaskError
from engine.errors import InputError
from engine.profile import Profile
from engine.service import Service


def _runner(tmp_path: Path, qtbot) -> EngineRunner:
    profile = Profile.open(tmp_path / "home")
    return EngineRunner(lambda: Service(profile, use_model=False))


def test_task_runs_on_the_engine_thread_and_returns(tmp_path: Path, qtbot) -> None:
    runner = _runner(tmp_path, qtbot)
    results: list[object] = []
    try:
        gui = threading.get_ident()
        with qtbot.waitSignal(runner.busyChanged, check_params_cb=lambda busy: busy is False):
            runner.submit("probe", lambda ctx: (threading.get_ident(), ctx.service.log.sessions()), results.append)
        ((ident, sessions),) = results
        assert ident != gui
        assert sessions == []
    finally:
        assert runner.shutdown()
    assert not runner.engine_thread.isRunning()


def test_errors_become_task_errors_with_the_engine_message(tmp_path: Path, qtbot) -> None:
    runner = _runner(tmp_path, qtbot)
    failures: list[TaskError] = []

    def boom(ctx):
        raise InputError("the transcript is empty: nothing to ingest")

    try:
        with qtbot.waitSignal(runner.taskFailed) as blocker:
            runner.submit("Adding to memory", boom, on_failure=failures.append)
        err = blocker.args[0]
        assert err.label == "Adding to memory"
        assert err.message == "the transcript is empty: nothing to ingest"
        assert "InputError" in err.detail
        assert failures == [err]
        # The thread survives a failure and keeps serving.
        with qtbot.waitSignal(runner.busyChanged, check_params_cb=lambda busy: busy is False):
            runner.submit("again", lambda ctx: 1)
    finally:
        runner.shutdown()


def test_missing_engine_module_reads_as_not_available(tmp_path: Path, qtbot) -> None:
    runner = _runner(tmp_path, qtbot)

    def missing(ctx):
        import engine.no_such_module  # noqa: F401

    try:
        with qtbot.waitSignal(runner.taskFailed) as blocker:
            runner.submit("Checking rules", missing)
        assert "not available" in blocker.args[0].message
    finally:
        runner.shutdown()


def test_tasks_run_in_order_and_report_progress(tmp_path: Path, qtbot) -> None:
    runner = _runner(tmp_path, qtbot)
    order: list[int] = []
    progress: list[str] = []
    runner.progress.connect(progress.append)

    def step(n: int):
        def fn(ctx):
            ctx.report(f"step {n}")
            return n

        return fn

    try:
        with qtbot.waitSignal(runner.busyChanged, check_params_cb=lambda busy: busy is False):
            for n in range(5):
                runner.submit(f"task {n}", step(n), order.append)
        assert order == [0, 1, 2, 3, 4]
        assert "step 4" in progress
        assert "task 0…" in progress
    finally:
        runner.shutdown()


def test_shutdown_closes_the_service_on_its_thread(tmp_path: Path, qtbot) -> None:
    closed_on: list[QThread] = []
    profile = Profile.open(tmp_path / "home")

    class Closing(Service):
        def close(self) -> None:
            closed_on.append(QThread.currentThread())
            super().close()

    runner = EngineRunner(lambda: Closing(profile, use_model=False))
    with qtbot.waitSignal(runner.busyChanged, check_params_cb=lambda busy: busy is False):
        runner.submit("open", lambda ctx: None)
    thread = runner.engine_thread
    assert runner.shutdown()
    assert closed_on == [thread]
