"""In-app links in rich text ("record:<id>", "undo:<fact id>"): values quoted, so ids with any
characters ("passport|gb", spaces, quotes) survive the round trip through HTML and QUrl."""

from __future__ import annotations

import html
from urllib.parse import quote, unquote

from PySide6.QtCore import QUrl


def href(kind: str, value: object) -> str:
    """An attribute-safe href for ``<a href='…'>``."""
    return html.escape(f"{kind}:{quote(str(value), safe='')}", quote=True)


def parse(url: QUrl) -> tuple[str, str]:
    """(kind, value) of a link made by :func:`href`."""
    kind, _, value = url.toString(QUrl.ComponentFormattingOption.FullyEncoded).partition(":")
    return kind, unquote(value)
