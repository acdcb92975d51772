"""Notifications: a real freedesktop Notify over a private D-Bus, and the fallbacks when it fails."""

from __future__ import annotations

import datetime as dt

import pytest
from app_support import PASSPORT_ALERT, FakeNotificationServer, ScriptedAlertsService

from app.notify import DBusNotifier, Notification, NotificationPresenter, NotifyError
from app.views.banner import BannerArea
from engine.profile import Profile

NOTE = Notification("Passport expires soon", "passport expires 2025-03-05 <before> the trip & more", "critical")


class Recorder:
    """A fallback adapter that records what it was asked to show."""

    name = "recorder"

    def __init__(self) -> None:
        self.notes: list[Notification] = []

    def notify(self, note: Notification) -> None:
        self.notes.append(note)


class Broken:
    name = "tray"

    def notify(self, note: Notification) -> None:
        raise NotifyError("no system tray")


def _presenter(qtbot, address: str | None, *fallbacks) -> NotificationPresenter:
    presenter = NotificationPresenter(list(fallbacks) or [Recorder()], dbus=DBusNotifier(address) if address else None)
    return presenter


@pytest.mark.dbus
def test_dbus_notifier_sends_summary_and_body(notification_server: FakeNotificationServer) -> None:
    notifier = DBusNotifier(notification_server.address)
    try:
        info = notifier.server()
        assert (info.name, info.vendor) == ("fake-notifyd", "uac-tests")
        notifier.notify(NOTE)
    finally:
        notifier.close()
    ((app, replaces, icon, summary, body, actions, hints, timeout),) = notification_server.notifications
    assert (app, replaces, summary, body) == ("UaC Desktop", 0, NOTE.summary, NOTE.body)
    assert icon.startswith("file://") and icon.endswith("critical.svg")
    assert actions == [] and timeout == -1
    assert hints["urgency"] == ("y", 2)
    assert notification_server.methods[:2] == ["GetServerInformation", "GetCapabilities"]


@pytest.mark.dbus
def test_presenter_prefers_dbus(notification_server: FakeNotificationServer, qtbot) -> None:
    fallback = Recorder()
    presenter = _presenter(qtbot, notification_server.address, fallback)
    try:
        with qtbot.waitSignal(presenter.shown) as blocker:
            presenter.present(NOTE)
    finally:
        presenter.close()
    assert blocker.args == ["dbus", NOTE]
    assert [n[3:5] for n in notification_server.notifications] == [(NOTE.summary, NOTE.body)]
    assert fallback.notes == []


@pytest.mark.dbus
def test_markup_servers_get_an_escaped_body(private_bus: str) -> None:
    server = FakeNotificationServer(private_bus, ("body", "body-markup")).start()
    notifier = DBusNotifier(private_bus)
    try:
        notifier.notify(NOTE)
    finally:
        notifier.close()
        server.stop()
    assert server.notifications[0][4] == "passport expires 2025-03-05 &lt;before&gt; the trip &amp; more"


@pytest.mark.dbus
def test_no_server_on_the_bus_falls_back_to_the_banner(private_bus: str, qtbot) -> None:
    banner = BannerArea()
    qtbot.addWidget(banner)
    presenter = NotificationPresenter([Broken(), banner], dbus=DBusNotifier(private_bus))
    try:
        with qtbot.waitSignal(presenter.shown) as blocker:
            presenter.present(NOTE)
    finally:
        presenter.close()
    assert blocker.args[0] == "banner"
    assert [(b.summary, b.body) for b in banner.banners] == [(NOTE.summary, NOTE.body)]
    assert "ServiceUnknown" in presenter.last_errors["dbus"]
    assert presenter.last_errors["tray"] == "no system tray"


def test_no_bus_at_all_falls_back_to_the_banner(tmp_path, qtbot) -> None:
    banner = BannerArea()
    qtbot.addWidget(banner)
    presenter = NotificationPresenter([banner], dbus=DBusNotifier(f"unix:path={tmp_path}/no-bus"))
    try:
        with qtbot.waitSignal(presenter.shown) as blocker:
            presenter.present(NOTE)
    finally:
        presenter.close()
    assert blocker.args[0] == "banner"
    assert "session bus unavailable" in presenter.last_errors["dbus"]


@pytest.mark.dbus
def test_server_restart_and_bus_loss_are_survived(private_bus_process, qtbot) -> None:
    proc, address = private_bus_process
    fallback = Recorder()
    presenter = NotificationPresenter([fallback], dbus=DBusNotifier(address))
    server = FakeNotificationServer(address).start()
    try:
        with qtbot.waitSignal(presenter.shown, check_params_cb=lambda name, n: name == "dbus"):
            presenter.present(Notification("one", "first"))
        server.stop()  # the notification server goes away
        with qtbot.waitSignal(presenter.shown, check_params_cb=lambda name, n: name == "recorder"):
            presenter.present(Notification("two", "second"))
        server = FakeNotificationServer(address).start()  # ... and comes back
        with qtbot.waitSignal(presenter.shown, check_params_cb=lambda name, n: name == "dbus"):
            presenter.present(Notification("three", "third"))
        server.stop()
        proc.terminate()  # the whole bus goes away
        proc.wait(10)
        with qtbot.waitSignal(presenter.shown, check_params_cb=lambda name, n: name == "recorder"):
            presenter.present(Notification("four", "fourth"))
    finally:
        server.stop()
        presenter.close()
    assert [n[3] for n in server.notifications] == ["three"]
    assert [n.summary for n in fallback.notes] == ["two", "four"]


@pytest.mark.dbus
def test_new_alert_in_the_app_becomes_one_dbus_notification(
    demo_profile: Profile, notification_server: FakeNotificationServer, make_controller, qtbot
) -> None:
    ctl = make_controller(
        demo_profile,
        lambda: ScriptedAlertsService(demo_profile, [PASSPORT_ALERT]),
        dbus=DBusNotifier(notification_server.address),
    )
    with qtbot.waitSignal(ctl.presenter.shown, timeout=30_000) as blocker:
        ctl.start()
    assert blocker.args[0] == "dbus"
    assert [(n[3], n[4]) for n in notification_server.notifications] == [(PASSPORT_ALERT.title, PASSPORT_ALERT.message)]
    # A later evaluation does not notify the same alert again.
    with qtbot.waitSignal(ctl.alertsUpdated):
        ctl.evaluate()
    assert len(notification_server.notifications) == 1
    assert ctl.window.banners.banners == []
    assert ctl.clock() == dt.datetime(2025, 2, 12, 9, 0)


def test_notification_buttons_snooze_dismiss_and_open(private_bus: str, demo_profile: Profile, make_controller, qtbot) -> None:
    server = FakeNotificationServer(private_bus, capabilities=("body", "actions")).start()
    try:
        calls: list[str] = []

        class Recording(ScriptedAlertsService):
            def set_alert_state(self, key, state, until=None):  # noqa: ANN001
                calls.append(f"{state}:{until.isoformat() if until else ''}")
                super().set_alert_state(key, state, until)

        ctl = make_controller(demo_profile, lambda: Recording(demo_profile, [PASSPORT_ALERT]),
                              dbus=DBusNotifier(server.address))
        qtbot.waitUntil(lambda: ctl.presenter.listener is not None and ctl.presenter.listener.ready.is_set())
        assert ctl.presenter.listener.error == ""
        with qtbot.waitSignal(ctl.presenter.shown, timeout=30_000):
            ctl.start()
        ((*_head, actions, _hints, _timeout),) = server.notifications
        assert actions == ["default", "Open", "snooze", "Snooze 1 hour", "dismiss", "Dismiss"]

        with qtbot.waitSignal(ctl.presenter.actionInvoked, timeout=10_000) as pressed:
            server.invoke(1, "snooze")
        assert pressed.args == [PASSPORT_ALERT.key, "snooze"]
        qtbot.waitUntil(lambda: calls == ["snoozed:2025-02-12T10:00:00"], timeout=10_000)

        ctl.window.hide()
        with qtbot.waitSignal(ctl.presenter.actionInvoked, timeout=10_000):
            server.invoke(1, "default")
        assert ctl.window.isVisible()

        with qtbot.waitSignal(ctl.presenter.actionInvoked, timeout=10_000):
            server.invoke(1, "dismiss")
        qtbot.waitUntil(lambda: calls[-1] == "dismissed:", timeout=10_000)
        with qtbot.assertNotEmitted(ctl.presenter.actionInvoked, wait=500):
            server.invoke(99, "dismiss")  # not one of ours
        from jeepney import DBusAddress, new_signal
        from jeepney.io.blocking import open_dbus_connection

        with open_dbus_connection(bus=private_bus) as intruder, \
                qtbot.assertNotEmitted(ctl.presenter.actionInvoked, wait=800):
            addr = DBusAddress("/org/freedesktop/Notifications", interface="org.freedesktop.Notifications")
            intruder.send(new_signal(addr, "ActionInvoked", "us", (1, "dismiss")))  # not the server: ignored
    finally:
        server.stop()
