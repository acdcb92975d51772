"""Desktop notifications for new alerts: the first adapter that works wins.

Order (as in qutebrowser's presenter): the freedesktop notification server over D-Bus, then the
tray balloon, then the in-app banner, which cannot fail. An adapter that fails for one
notification is tried again for the next, so a notification server that restarts (or a session
bus that comes back) is picked up without restarting the app.

The D-Bus call runs on a small helper thread: a hung server must not freeze the window.
"""

from __future__ import annotations

import contextlib
import html
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal, Slot

from app import qtfix  # noqa: F401  (must precede any emit)

log = logging.getLogger(__name__)

APP_NAME = "UaC Desktop"
ICON_DIR = Path(__file__).resolve().parents[1] / "resources" / "icons"

_NOTIFY_SIGNATURE = "susssasa{sv}i"
_URGENCY = {"info": 1, "warning": 1, "critical": 2}
ACTIONS: tuple[tuple[str, str], ...] = (("default", "Open"), ("snooze", "Snooze 1 hour"), ("dismiss", "Dismiss"))
"""Buttons on an alert's notification, where the server supports actions: (action key, label)."""


@dataclass(frozen=True)
class Notification:
    summary: str
    body: str
    severity: str = "info"
    key: str = ""


@dataclass(frozen=True)
class ServerInfo:
    name: str
    vendor: str
    version: str
    spec_version: str
    capabilities: tuple[str, ...]


class NotifyError(Exception):
    """This adapter could not show the notification; the presenter tries the next one."""


class Adapter(Protocol):
    name: str

    def notify(self, note: Notification) -> None: ...


# -- freedesktop D-Bus (plain Python, jeepney) ------------------------------------------------


class DBusNotifier:
    """Sends org.freedesktop.Notifications.Notify over a session bus with jeepney.

    ``bus`` is ``"SESSION"`` or a D-Bus address. The connection is opened lazily and dropped on
    any error, so the next call reconnects (the bus or the server may have come back). Not
    thread-safe: the presenter calls it from one helper thread only.
    """

    name = "dbus"

    def __init__(self, bus: str = "SESSION", *, app_name: str = APP_NAME, timeout: float = 3.0) -> None:
        self.bus = bus
        self.app_name = app_name
        self.timeout = timeout
        self._conn: object | None = None
        self._server: ServerInfo | None = None
        self._sent: dict[int, str] = {}  # notification id -> alert key (read by the action listener)
        self._sent_lock = threading.Lock()

    def alert_for(self, notification_id: int) -> str | None:
        """The alert key of a notification this notifier sent with actions (thread-safe)."""
        with self._sent_lock:
            return self._sent.get(notification_id)

    def close(self) -> None:
        conn, self._conn, self._server = self._conn, None, None
        with self._sent_lock:
            self._sent.clear()  # ids are the server's: after a reconnect they may name others' notifications
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()  # type: ignore[attr-defined]

    def server(self) -> ServerInfo:
        """Who is serving notifications; raises NotifyError when nobody is (or no bus at all)."""
        if self._server is None:
            (name, vendor, version, spec) = self._call("GetServerInformation", "", ())
            (caps,) = self._call("GetCapabilities", "", ())
            self._server = ServerInfo(name, vendor, version, spec, tuple(caps))
        return self._server

    def notify(self, note: Notification) -> None:
        caps = self.server().capabilities
        summary, body = note.summary, note.body
        if "body" not in caps:
            summary, body = f"{summary}: {body}" if body else summary, ""
        elif "body-markup" in caps:
            body = html.escape(body, quote=False)
        icon = ICON_DIR / f"{note.severity}.svg"
        hints = {"urgency": ("y", _URGENCY.get(note.severity, 1)), "category": ("s", "uac.alert")}
        actions = [part for pair in ACTIONS for part in pair] if note.key and "actions" in caps else []
        args = (self.app_name, 0, icon.as_uri() if icon.exists() else "", summary, body, actions, hints, -1)
        reply = self._call("Notify", _NOTIFY_SIGNATURE, args)
        if actions and reply:
            with self._sent_lock:
                self._sent[int(reply[0])] = note.key

    def _call(self, method: str, signature: str, args: tuple) -> tuple:
        from jeepney import DBusAddress, DBusErrorResponse, new_method_call
        from jeepney.wrappers import unwrap_msg

        addr = DBusAddress(
            "/org/freedesktop/Notifications",
            bus_name="org.freedesktop.Notifications",
            interface="org.freedesktop.Notifications",
        )
        try:
            conn = self._connection()
            reply = conn.send_and_get_reply(new_method_call(addr, method, signature, args), timeout=self.timeout)
            return tuple(unwrap_msg(reply))
        except DBusErrorResponse as exc:
            self.close()
            raise NotifyError(f"notification server refused {method}: {exc.name}") from exc
        except (OSError, TimeoutError, ValueError, RuntimeError) as exc:
            self.close()
            raise NotifyError(f"session bus unavailable: {exc or type(exc).__name__}") from exc

    def _connection(self):  # -> jeepney.io.blocking.DBusConnection
        if self._conn is None:
            from jeepney.io.blocking import open_dbus_connection

            try:
                self._conn = open_dbus_connection(bus=self.bus)
            except KeyError as exc:  # no DBUS_SESSION_BUS_ADDRESS in the environment
                raise OSError("no session bus address") from exc
        return self._conn


class ActionListener:
    """Listens on its own bus connection for ``ActionInvoked`` signals (a button pressed on one of
    our notifications) and hands ``(notification id, action key)`` to ``callback``, on its thread."""

    def __init__(self, bus: str, callback: Callable[[int, str], None]) -> None:
        self.bus = bus
        self.callback = callback
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.ready = threading.Event()
        self.error = ""

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="uac-notify-actions", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None

    def _run(self) -> None:
        from jeepney import HeaderFields, MessageType
        from jeepney.bus_messages import MatchRule, message_bus
        from jeepney.io.blocking import open_dbus_connection

        try:
            conn = open_dbus_connection(bus=self.bus)
            rule = MatchRule(type="signal", interface="org.freedesktop.Notifications", member="ActionInvoked")
            conn.send_and_get_reply(message_bus.AddMatch(rule), timeout=3)
        except (OSError, KeyError, TimeoutError, ValueError, RuntimeError) as exc:
            self.error = str(exc) or type(exc).__name__
            self.ready.set()
            return
        self.ready.set()
        owner = ""
        with conn:
            while not self._stop.is_set():
                try:
                    msg = conn.receive(timeout=0.2)
                except TimeoutError:
                    continue
                except (OSError, ValueError) as exc:
                    self.error = str(exc)
                    return
                fields = msg.header.fields
                if not (msg.header.message_type == MessageType.signal
                        and fields.get(HeaderFields.member) == "ActionInvoked" and len(msg.body) == 2):
                    continue
                sender = str(fields.get(HeaderFields.sender, ""))
                if sender != owner:  # only the notification server may press our buttons
                    owner = self._owner(conn)
                if sender and sender == owner:
                    self.callback(int(msg.body[0]), str(msg.body[1]))

    @staticmethod
    def _owner(conn: object) -> str:
        from jeepney.bus_messages import message_bus

        try:
            reply = conn.send_and_get_reply(  # type: ignore[attr-defined]
                message_bus.GetNameOwner("org.freedesktop.Notifications"), timeout=3)
            return str(reply.body[0]) if reply.body else ""
        except Exception:  # no server now (or the bus said no): press nothing
            return ""


# -- the presenter ------------------------------------------------------------------------------


class NotificationPresenter(QObject):
    """Shows each notification with the first adapter that works.

    ``shown(adapter_name, notification)`` fires on the GUI thread once it was shown somewhere;
    the last adapter (the banner) must never raise.
    """

    shown = Signal(str, object)
    actionInvoked = Signal(str, str)  # alert key, action key ("default", "snooze", "dismiss")
    _dbusDone = Signal(object, str)
    _action = Signal(int, str)

    def __init__(
        self,
        fallbacks: Sequence[Adapter],
        dbus: DBusNotifier | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        if not fallbacks:
            raise ValueError("the presenter needs at least one fallback that never fails")
        self.dbus = dbus
        self.fallbacks = list(fallbacks)
        self.last_errors: dict[str, str] = {}
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="uac-notify") if dbus else None
        self._closed = threading.Event()
        self._dbusDone.connect(self._after_dbus)
        self._action.connect(self._on_action)
        self.listener: ActionListener | None = None
        if dbus is not None:
            self.listener = ActionListener(dbus.bus, lambda nid, action: self._action.emit(nid, action))
            self.listener.start()

    @Slot(int, str)
    def _on_action(self, notification_id: int, action: str) -> None:
        key = self.dbus.alert_for(notification_id) if self.dbus is not None else None
        if key is not None:
            self.actionInvoked.emit(key, action)

    def present(self, note: Notification) -> None:
        if self.dbus is None or self._pool is None or self._closed.is_set():
            self._fallback(note)
            return
        future = self._pool.submit(self.dbus.notify, note)
        future.add_done_callback(lambda f, n=note: self._dbus_finished(f, n))

    def close(self) -> None:
        """Stop the helper thread (waits for a call in flight, bounded by the D-Bus timeout)."""
        self._closed.set()
        if self.listener is not None:
            self.listener.stop()
            self.listener = None
        if self._pool is not None:
            if self.dbus is not None:
                self._pool.submit(self.dbus.close)
            self._pool.shutdown(wait=True)
            self._pool = None

    def _dbus_finished(self, future: Future, note: Notification) -> None:
        # Runs on the helper thread: hand the outcome back to the GUI thread by a queued signal.
        exc = future.exception()
        if exc is None:
            error = ""
        else:
            error = str(exc) if isinstance(exc, NotifyError) else f"{type(exc).__name__}: {exc}"
        if not self._closed.is_set():
            self._dbusDone.emit(note, error)

    @Slot(object, str)
    def _after_dbus(self, note: Notification, error: str) -> None:
        if not error:
            self.last_errors.pop("dbus", None)
            self.shown.emit("dbus", note)
            return
        self.last_errors["dbus"] = error
        log.info("D-Bus notification failed (%s); falling back", error)
        self._fallback(note)

    def _fallback(self, note: Notification) -> None:
        for adapter in self.fallbacks:
            try:
                adapter.notify(note)
            except NotifyError as exc:
                self.last_errors[adapter.name] = str(exc)
                continue
            self.shown.emit(adapter.name, note)
            return
        log.warning("no notification adapter could show %r", note.summary)
