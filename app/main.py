"""Entry point of the desktop app: ``uac gui [--home DIR] [--smoke]`` and ``python -m app``.

Checks for a display before Qt is touched: with neither a display nor a platform plugin chosen,
Qt aborts the process instead of raising, and the user would get a core dump, not a reason.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

NO_DISPLAY = "no display: set DISPLAY or QT_QPA_PLATFORM=offscreen"
SMOKE_TIMEOUT_MS = 120_000


def has_display(environ: dict[str, str] | os._Environ[str] | None = None, platform: str = sys.platform) -> bool:
    env = os.environ if environ is None else environ
    if env.get("QT_QPA_PLATFORM"):
        return True
    if platform.startswith("linux") or "bsd" in platform:
        return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return True


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="uac gui", description="Open the UaC Desktop window.")
    p.add_argument("--home", help="profile folder (default: $UAC_HOME or the user data dir)")
    p.add_argument("--smoke", action="store_true", help="open, load state and alerts once, then quit (exit 0)")
    p.add_argument("--screenshot", metavar="PNG", help="with --smoke: save a picture of the window before quitting")
    p.add_argument("--no-model", action="store_true", help="extract with the detectors only")
    p.add_argument("--no-tray", action="store_true", help="do not create a tray icon")
    return p.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if not has_display():
        print(NO_DISPLAY, file=sys.stderr)
        return 2

    from engine.errors import UacError
    from engine.profile import Profile

    try:
        profile = Profile.open(args.home)
    except UacError as exc:
        print(str(exc), file=sys.stderr)
        return exc.exit_code

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.controller import AppController
    from app.icons import app_icon
    from app.notify import DBusNotifier
    from engine.service import Service

    app = QApplication.instance() or QApplication(["uac-desktop"])
    assert isinstance(app, QApplication)
    app.setApplicationName("UaC Desktop")
    app.setDesktopFileName("uac-desktop")
    app.setWindowIcon(app_icon())
    app.setQuitOnLastWindowClosed(False)

    factory = None
    if args.no_model:
        def factory() -> Service:
            return Service(profile, use_model=False)

    controller = AppController(profile, factory, dbus=DBusNotifier(), use_tray=not args.no_tray)
    app.aboutToQuit.connect(controller.shutdown)
    outcome: dict[str, int] = {}

    if args.smoke:
        def finish(ok: bool) -> None:
            if args.screenshot:
                controller.window.grab().save(args.screenshot)
            error = controller.last_error
            print(
                f"smoke {'ok' if ok else 'failed'}: platform={app.platformName()} "
                f"tray={'yes' if controller.tray and controller.tray.available else 'no'} "
                f"records={controller.window.state_view.snapshot.record_count} "
                f"alerts={len(controller.window.alerts_view.alerts)}"
                + (f" last_error={error.label}: {error.message}" if error else "")
            )
            outcome["code"] = 0 if ok else 1
            deadline.stop()  # a pending timeout must not quit a later event loop in the same process
            QTimer.singleShot(0, app.quit)

        def timed_out() -> None:
            print("smoke failed: the first load did not finish in time", file=sys.stderr)
            outcome["code"] = 3
            app.quit()

        deadline = QTimer(app)
        deadline.setSingleShot(True)
        deadline.timeout.connect(timed_out)
        controller.firstLoadDone.connect(finish)
        deadline.start(SMOKE_TIMEOUT_MS)

    without_tray = controller.tray is None or not controller.tray.available
    if without_tray:
        # Without a tray, closing the window is quitting.
        app.lastWindowClosed.connect(app.quit)
    controller.start()
    try:
        code = app.exec()
    finally:
        app.aboutToQuit.disconnect(controller.shutdown)
        if without_tray:
            app.lastWindowClosed.disconnect(app.quit)
        controller.shutdown()
        controller.window.deleteLater()
        if args.smoke:
            deadline.stop()
            deadline.deleteLater()
    return outcome.get("code", code)


if __name__ == "__main__":
    raise SystemExit(main())
