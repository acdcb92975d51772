"""Screenshots of the main views for the README: the chat, the agenda, an alert with its evidence.

``make screenshots`` runs this offscreen on a fresh demo profile (detectors only, so the pictures do
not depend on the model) with a fixed clock, and writes PNGs into ``resources/screenshots``.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
import tempfile
import time
from pathlib import Path

SIZE = (1280, 800)


def wait_until(app, done, timeout_s: float = 120.0, poll_s: float = 0.005) -> None:
    """Spin the event loop until ``done()`` (scripts that drive the real app: screenshots, benchmarks)."""
    deadline = time.monotonic() + timeout_s
    while not done():
        app.processEvents()
        time.sleep(poll_s)
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not finish in time")


def take(out_dir: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from app.controller import AppController
    from engine.demo import load_demo
    from engine.profile import Profile
    from engine.service import Service

    app = QApplication.instance() or QApplication(sys.argv[:1])
    home = Path(tempfile.mkdtemp(prefix="uac-shots-"))
    profile = Profile.open(home)
    now = dt.datetime.now().replace(hour=9, minute=0, second=0, microsecond=0)
    service = Service(profile, use_model=False)
    load_demo(service, today=now.date())
    service.close()
    ctl = AppController(profile, lambda: Service(profile, use_model=False), clock=lambda: now, use_tray=False,
                        watch=False)
    done: list[bool] = []
    ctl.firstLoadDone.connect(done.append)
    ctl.start()
    wait_until(app, lambda: bool(done) and not ctl.runner.busy)
    win = ctl.window
    win.resize(*SIZE)
    for text in ("Booked a dentist check-up for next Thursday at 10:30.", "How many days until my Tokyo trip?"):
        replies: list[object] = []
        ctl.chatFinished.connect(replies.append)
        win.chat_view.entry.setPlainText(text)
        win.chat_view.send()
        wait_until(app, lambda r=replies: bool(r) and not ctl.runner.busy)
    for reply_id in list(win.chat_view.explanations):
        win.chat_view._open.add(reply_id)
    win.chat_view._render()
    if win.alerts_view.alerts:
        win.alerts_view.select(win.alerts_view.alerts[0].key)
    out_dir.mkdir(parents=True, exist_ok=True)
    saved = []
    for name, view in (("chat", win.chat_view), ("agenda", win.agenda_view), ("memory", win.state_view)):
        win.tabs.setCurrentWidget(view)
        app.processEvents()
        path = out_dir / f"{name}.png"
        if not win.grab().save(str(path)):
            raise OSError(f"could not write {path}")
        saved.append(path)
    ctl.shutdown()
    return saved


if __name__ == "__main__":
    for p in take(Path(sys.argv[1] if len(sys.argv) > 1 else "resources/screenshots")):
        print(p)
