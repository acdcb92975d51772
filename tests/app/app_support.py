"""Support for the GUI tests (imported by tests/app/conftest.py and the test modules): real profiles with facts, a scripted alert service, a fake
freedesktop notification server, and a controller that is always shut down."""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.log import LogStore, NewFact
from engine.profile import Profile
from engine.rules.alert import Alert
from engine.service import AlertUpdate, Service

# -- a real profile with demo facts ----------------------------------------------------------------

DEMO_SESSIONS: list[tuple[dt.date, str, list[dict[str, Any]]]] = [
    (
        dt.date(2025, 1, 10),
        "User: My passport expires on 5 March 2025.\nAssistant: Noted, I'll keep an eye on it.",
        [dict(frame="TravelDocument", domain="travel", key="passport|gb",
              slots={"kind": "passport", "country": "GB", "expires": "2025-03-05", "status": "valid"},
              evidence="expires on 5 March 2025")],
    ),
    (
        dt.date(2025, 1, 20),
        "User: I'm flying to Tokyo on February 20 with ANA, the ticket was 1,250 EUR.\nAssistant: Exciting!",
        [dict(frame="Trip", domain="travel", key="jp|tokyo",
              slots={"destination": "Tokyo", "country": "JP", "start": "2025-02-20", "transport": "flight",
                     "carrier": "ANA", "cost": "1250", "currency": "EUR", "status": "booked"},
              evidence="flying to Tokyo on February 20")],
    ),
    (
        dt.date(2025, 1, 22),
        "User: I take ibuprofen 400 mg twice a day, and I'm severely allergic to penicillin.",
        [dict(frame="Medication", domain="health", key="ibuprofen",
              slots={"name": "ibuprofen", "drug_class": "NSAID", "dose": "400 mg", "frequency": "twice a day"},
              evidence="ibuprofen 400 mg twice a day"),
         dict(frame="Allergy", domain="health", key="penicillin",
              slots={"allergen": "penicillin", "allergen_class": "beta-lactam", "severity": "severe"},
              evidence="severely allergic to penicillin")],
    ),
    (
        dt.date(2025, 2, 1),
        "User: Actually the Tokyo flight moved to February 21. Also my Netflix renews on the 15th for 15.99 EUR.",
        [dict(frame="Trip", domain="travel", key="jp|tokyo", slots={"start": "2025-02-21"},
              evidence="moved to February 21", supersedes_trip=True),
         dict(frame="Subscription", domain="finance", key="netflix",
              slots={"service": "Netflix", "renewal": "2025-02-15", "amount": "15.99", "currency": "EUR"},
              evidence="Netflix renews on the 15th for 15.99 EUR")],
    ),
]


def build_demo_profile(home: Path) -> Profile:
    """A profile whose log holds real sessions, messages and facts (no extraction needed)."""
    profile = Profile.open(home)
    log = LogStore(profile.db_path)
    trip_fact: int | None = None
    try:
        for day, text, facts in DEMO_SESSIONS:
            from engine.transcript import parse_transcript

            sid, mids = log.add_session(parse_transcript(text), day, source="demo")
            first_text = log.message(mids[0]).text
            new = []
            for f in facts:
                start = max(first_text.find(f["evidence"]), 0)
                new.append(NewFact(
                    session_id=sid, message_id=mids[0], session_date=day, domain=f["domain"],
                    frame=f["frame"], entity_key=f["key"], slots=f["slots"],
                    span=(start, start + len(f["evidence"])), evidence=f["evidence"],
                    supersedes=(trip_fact,) if f.get("supersedes_trip") and trip_fact else (),
                ))
            ids = log.add_facts(new)
            log.mark_extraction(mids, "done")
            for f, fid in zip(facts, ids, strict=True):
                if f["frame"] == "Trip" and trip_fact is None:
                    trip_fact = fid
    finally:
        log.close()
    return profile


@pytest.fixture
def demo_profile(tmp_path: Path) -> Profile:
    return build_demo_profile(tmp_path / "home")


# -- a Service whose rules are scripted ---------------------------------------------------------------

PASSPORT_ALERT = Alert(
    key="travel.passport_validity:1,2",
    rule="travel.passport_validity",
    severity="critical",
    title="Passport expires before your Japan trip ends",
    message="passport expires 2025-03-05, 12 days after the 2025-02-21 departure to Japan",
    evidence=(1, 2),
)
NETFLIX_ALERT = Alert(
    key="deadlines.renewal:5",
    rule="deadlines.renewal",
    severity="info",
    title="Netflix renews in 3 days",
    message="Netflix renews on 2025-02-15 for 15.99 EUR",
    evidence=(5,),
)


class ScriptedAlertsService(Service):
    """The real log and state, with rules replaced by a fixed list and an in-memory lifecycle.

    Records which thread every call ran on, so tests can check the GUI thread stayed free.
    """

    def __init__(self, profile: Profile, alerts: list[Alert], **kwargs: Any) -> None:
        super().__init__(profile, use_model=False, **kwargs)
        self.alerts = {a.key: a for a in alerts}
        self.states: dict[str, tuple[str, dt.datetime | None]] = {}
        self.calls: list[tuple[str, int]] = []
        self.announced: set[str] = set()

    def _note(self, name: str) -> None:
        self.calls.append((name, threading.get_ident()))

    def evaluate(self, now: dt.datetime) -> AlertUpdate:
        self._note("evaluate")
        active, new = [], []
        for key, alert in self.alerts.items():
            state, until = self.states.get(key, ("new", None))
            if state == "snoozed" and until is not None and until <= now:
                state, until = "new", None
            if state in ("dismissed",):
                continue
            shown = dataclasses.replace(alert, state=state, snoozed_until=until, first_seen=now)
            active.append(shown)
            if key not in self.announced:
                self.announced.add(key)
                new.append(shown)
        return AlertUpdate(active=active, new=new)

    def set_alert_state(self, key: str, state: str, until: dt.datetime | None = None) -> None:
        self._note(f"set_alert_state:{key}:{state}:{until.isoformat() if until else ''}")
        self.states[key] = (state, until)

    def ingest(self, raw: str, session_date: dt.date, **kwargs: Any):  # type: ignore[override]
        self._note("ingest")
        return super().ingest(raw, session_date, **kwargs)


# -- a controller that is always shut down -----------------------------------------------------------


@pytest.fixture
def make_controller(qtbot) -> Iterator[Callable[..., Any]]:
    """Build an AppController (offscreen, no tray by default); shuts it down after the test."""
    from app.controller import AppController

    made: list[AppController] = []

    def make(profile: Profile, factory: Callable[[], Service] | None = None, **kwargs: Any) -> AppController:
        kwargs.setdefault("use_tray", False)
        kwargs.setdefault("clock", lambda: dt.datetime(2025, 2, 12, 9, 0))
        ctl = AppController(profile, factory or (lambda: Service(profile, use_model=False)), **kwargs)
        qtbot.addWidget(ctl.window)
        made.append(ctl)
        return ctl

    yield make
    for ctl in made:
        ctl.shutdown()


# -- a fake org.freedesktop.Notifications server ------------------------------------------------------


class FakeNotificationServer:
    """Serves Notify/GetServerInformation/GetCapabilities on a bus, in a thread; records calls."""

    NAME = "org.freedesktop.Notifications"

    def __init__(self, address: str, capabilities: tuple[str, ...] = ("body", "icon-static")) -> None:
        self.address = address
        self.capabilities = list(capabilities)
        self.notifications: list[tuple] = []
        self.methods: list[str] = []
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        self._outbox: list[tuple[int, str]] = []
        self._outbox_lock = threading.Lock()

    def invoke(self, notification_id: int, action: str) -> None:
        """Press a notification's button: the server emits ActionInvoked (from its own thread)."""
        with self._outbox_lock:
            self._outbox.append((notification_id, action))

    def start(self) -> FakeNotificationServer:
        self._stop.clear()
        self._ready.clear()
        self._thread = threading.Thread(target=self._serve, name="fake-notifications", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError(f"fake notification server did not start: {self._error}")
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None

    def _serve(self) -> None:
        from jeepney import HeaderFields, MessageType, new_error, new_method_return
        from jeepney.bus_messages import message_bus
        from jeepney.io.blocking import open_dbus_connection

        try:
            conn = open_dbus_connection(bus=self.address)
            (owned,) = conn.send_and_get_reply(message_bus.RequestName(self.NAME, 4), timeout=5).body
            if owned != 1:
                raise RuntimeError(f"could not own {self.NAME} (reply {owned})")
        except BaseException as exc:
            self._error = exc
            return
        self._ready.set()
        with conn:
            while not self._stop.is_set():
                with self._outbox_lock:
                    pending, self._outbox = self._outbox, []
                for nid, action in pending:
                    from jeepney import DBusAddress, new_signal

                    addr = DBusAddress("/org/freedesktop/Notifications", interface=self.NAME)
                    conn.send(new_signal(addr, "ActionInvoked", "us", (nid, action)))
                try:
                    msg = conn.receive(timeout=0.05)
                except TimeoutError:
                    continue
                if msg.header.message_type != MessageType.method_call:
                    continue
                member = msg.header.fields.get(HeaderFields.member)
                self.methods.append(member)
                if member == "Notify":
                    self.notifications.append(tuple(msg.body))
                    conn.send(new_method_return(msg, "u", (len(self.notifications),)))
                elif member == "GetServerInformation":
                    conn.send(new_method_return(msg, "ssss", ("fake-notifyd", "uac-tests", "1.0", "1.2")))
                elif member == "GetCapabilities":
                    conn.send(new_method_return(msg, "as", (self.capabilities,)))
                else:
                    conn.send(new_error(msg, "org.freedesktop.DBus.Error.UnknownMethod"))


@pytest.fixture
def notification_server(private_bus: str) -> Iterator[FakeNotificationServer]:
    server = FakeNotificationServer(private_bus).start()
    yield server
    server.stop()


def start_app(ctl: Any, qtbot: Any) -> None:
    """Start a controller and wait until its first load and rule run are done."""
    with qtbot.waitSignal(ctl.firstLoadDone, timeout=30_000) as blocker:
        ctl.start()
    assert blocker.args == [True]
    qtbot.waitUntil(lambda: not ctl.runner.busy)
