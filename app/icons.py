"""The app's icons, from resources/icons, with the style's stock icons when a file is missing."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

ICON_DIR = Path(__file__).resolve().parents[1] / "resources" / "icons"

_STOCK = {
    "info": QStyle.StandardPixmap.SP_MessageBoxInformation,
    "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
    "critical": QStyle.StandardPixmap.SP_MessageBoxCritical,
    "uac": QStyle.StandardPixmap.SP_ComputerIcon,
}


@cache
def icon(name: str) -> QIcon:
    path = ICON_DIR / f"{name}.svg"
    if path.exists():
        ico = QIcon(str(path))
        if not ico.pixmap(16, 16).isNull():
            return ico
    style = QApplication.style()
    return style.standardIcon(_STOCK.get(name, QStyle.StandardPixmap.SP_FileIcon))


def severity_icon(severity: str) -> QIcon:
    return icon(severity if severity in ("info", "warning", "critical") else "info")


def app_icon() -> QIcon:
    return icon("uac")
