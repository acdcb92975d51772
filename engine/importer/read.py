"""Read a records file (JSON array, JSON Lines, CSV/TSV) as a stream of raw rows, each with its
line number.

The file is never held whole: a :class:`RowSource` opens it afresh each time it is iterated (an
import passes over it twice: once to learn the columns' types, once to write), so memory does not
grow with the file. Every malformed input raises one :class:`InputError` naming the line or
record; the import that iterates it writes nothing (it is all or nothing).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.errors import InputError

CHUNK = 1 << 20  # characters read at a time from a JSON array
SNIFF = 1 << 16  # characters looked at to tell the format
EDGE = 64  # a decoding error this close to the buffer's end may be a value cut in two


@dataclass(frozen=True)
class RawRow:
    """One record as read: column name -> raw value (str from CSV, JSON values otherwise)."""

    number: int
    line: int
    values: dict[str, Any]


class RowSource:
    """A records file and its format; iterating it reads the rows from disk, one at a time."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        head = self._head()
        if not head.strip():
            raise InputError(f"{self.path}: the file is empty; nothing was imported")
        self.fmt = _sniff(self.path, head)
        self._head_text = head

    def stamp(self) -> tuple[int, int]:
        """Size and modification time: an import checks the file did not change between its passes."""
        try:
            st = self.path.stat()
        except OSError as exc:
            raise InputError(f"{self.path}: cannot be read ({exc.strerror}); nothing was imported") from None
        return st.st_size, st.st_mtime_ns

    def __iter__(self) -> Iterator[RawRow]:
        reader = {"json": self._json_rows, "jsonl": self._jsonl_rows, "csv": self._csv_rows}[self.fmt]
        with self._open() as fh:
            try:
                yield from reader(fh)
            except UnicodeDecodeError as exc:
                raise InputError(f"{self.path}: not UTF-8 text (byte {exc.start} of a block); "
                                 "save it as UTF-8 and retry") from None

    # -- opening -----------------------------------------------------------------------------

    def _open(self) -> IO[str]:
        """Universal newlines, as reading the whole text did: a CRLF inside a quoted CSV cell is
        stored as ``\n``, so content keys (and re-imports) stay what they were."""
        try:
            return open(self.path, encoding="utf-8-sig")  # noqa: SIM115 - closed by the caller
        except FileNotFoundError:
            raise InputError(f"{self.path}: no such file") from None
        except IsADirectoryError:
            raise InputError(f"{self.path}: is a folder, not a records file") from None
        except OSError as exc:
            raise InputError(f"{self.path}: cannot be read ({exc.strerror})") from None

    def _head(self) -> str:
        """The start of the file (up to the first non-blank text), decoded strictly."""
        with self._open() as fh:
            try:
                text = ""
                while True:
                    chunk = fh.read(SNIFF)
                    text += chunk
                    if not chunk or text.strip():
                        return text
                    text = text[-16:]  # only blank so far: keep reading without growing
            except UnicodeDecodeError as exc:
                raise InputError(f"{self.path}: not UTF-8 text (byte {exc.start}); save it as UTF-8 and retry") from None
            except OSError as exc:
                raise InputError(f"{self.path}: cannot be read ({exc.strerror})") from None

    # -- formats -----------------------------------------------------------------------------

    def _jsonl_rows(self, fh: IO[str]) -> Iterator[RawRow]:
        number = 0
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{self.path}: line {lineno}: invalid JSON ({exc.msg}); nothing was imported") from None
            if not isinstance(item, dict):
                raise InputError(f"{self.path}: line {lineno}: expected a JSON object; nothing was imported")
            number += 1
            yield RawRow(number, lineno, item)

    def _csv_rows(self, fh: IO[str]) -> Iterator[RawRow]:
        suffix = self.path.suffix.lower()
        delimiter = "\t" if suffix == ".tsv" else ","
        if suffix not in (".csv", ".tsv"):
            try:
                delimiter = csv.Sniffer().sniff(self._head_text[:4096], delimiters=",;\t|").delimiter
            except csv.Error:
                delimiter = ","
        reader = csv.reader(fh, delimiter=delimiter, strict=True)
        header: list[str] | None = None
        number = 0
        try:
            for record in reader:
                lineno = reader.line_num
                if not any(cell.strip() for cell in record):
                    continue
                if header is None:
                    header = [h.strip() for h in record]
                    if any(not h for h in header):
                        raise InputError(f"{self.path}: line {lineno}: the header has an empty column name; "
                                         "nothing was imported")
                    continue
                if len(record) != len(header):
                    raise InputError(
                        f"{self.path}: line {lineno}: {len(record)} fields, expected {len(header)} "
                        f"(as in the header); nothing was imported"
                    )
                number += 1
                yield RawRow(number, lineno, dict(zip(header, record, strict=True)))
        except csv.Error as exc:
            raise InputError(f"{self.path}: line {reader.line_num}: malformed CSV ({exc}); nothing was imported") from None

    def _json_rows(self, fh: IO[str]) -> Iterator[RawRow]:
        """Elements of a top-level array, decoded one by one from a sliding buffer. A file whose top
        level is an object holding one array is read whole (that shape cannot be streamed simply)."""
        stream = _JsonArrayStream(fh, self.path)
        if not stream.opens_array():
            yield from self._wrapped_rows(stream.rest())
            return
        for number, (line, item) in enumerate(stream, start=1):
            if not isinstance(item, dict):
                raise InputError(f"{self.path}: record {number} (line {line}) is {type(item).__name__}, "
                                 "not an object; nothing was imported")
            yield RawRow(number, line, item)

    def _wrapped_rows(self, text: str) -> Iterator[RawRow]:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{self.path}: line {exc.lineno}: invalid JSON ({exc.msg}); nothing was imported") from None
        lists = [v for v in data.values() if isinstance(v, list)] if isinstance(data, dict) else []
        if len(lists) != 1:
            raise InputError(f"{self.path}: expected a JSON array of records (or an object holding one); "
                             "nothing was imported")
        for number, item in enumerate(lists[0], start=1):
            if not isinstance(item, dict):
                raise InputError(f"{self.path}: record {number} is {type(item).__name__}, not an object; "
                                 "nothing was imported")
            yield RawRow(number, 1, item)


class _JsonArrayStream:
    """Decode the elements of a JSON array from a text stream, keeping only the unread part in memory."""

    def __init__(self, fh: IO[str], path: Path) -> None:
        self.fh, self.path = fh, path
        self.buf, self.pos, self.line, self.eof = "", 0, 1, False
        self.counted = 0  # ``line`` is the line at buffer offset ``counted`` (counted forward, never again)
        self.decoder = json.JSONDecoder()

    def _fill(self) -> bool:
        if self.eof:
            return False
        chunk = self.fh.read(CHUNK)
        if not chunk:
            self.eof = True
            return False
        if self.pos:
            self._here()  # bring the line count up to pos before the read part is dropped
            self.buf, self.pos, self.counted = self.buf[self.pos:], 0, 0
        self.buf += chunk
        return True

    def _skip_blank(self) -> str:
        """The next non-blank character (consumed up to it, not past it); '' at the end."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\r\n":
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._fill():
                return ""

    def _here(self, pos: int | None = None) -> int:
        """The line at ``pos`` (default: the read position), counting only what was not counted yet."""
        at = self.pos if pos is None else pos
        if at >= self.counted:
            self.line += self.buf.count("\n", self.counted, at)
            self.counted = at
            return self.line
        return self.line - self.buf.count("\n", at, self.counted)

    def _invalid(self, msg: str, pos: int | None = None) -> InputError:
        return InputError(f"{self.path}: line {self._here(pos)}: invalid JSON ({msg}); nothing was imported")

    def opens_array(self) -> bool:
        first = self._skip_blank()
        if first == "[":
            self.pos += 1
            return True
        return False

    def rest(self) -> str:
        while self._fill():
            pass
        return self.buf[self.pos:]

    def __iter__(self) -> Iterator[tuple[int, Any]]:
        if self._skip_blank() == "]":
            self.pos += 1
        else:
            while True:
                if not self._skip_blank():
                    raise self._invalid("Expecting value")
                start_line = self._here()
                item = self._decode()
                yield start_line, item
                sep = self._skip_blank()
                if sep == "]":
                    self.pos += 1
                    break
                if sep != ",":
                    raise self._invalid("Expecting ',' delimiter")
                self.pos += 1
        if self._skip_blank():
            raise self._invalid("Extra data")

    def _decode(self) -> Any:
        while True:
            try:
                item, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                # cut at the buffer's edge ("tr|ue", "1.5e|+3", "\u00|e9", a long string): read more.
                # An error well before the edge is the file's own, and is reported without reading on.
                at_edge = len(self.buf) - exc.pos <= EDGE or exc.msg.startswith("Unterminated")
                if at_edge and self._fill():
                    continue  # the element may run past the buffer: read more and try again
                raise self._invalid(exc.msg, exc.pos) from None
            if end == len(self.buf) and not self.eof and self._fill():
                continue  # a number cut at the buffer's edge ("12" of "123"): decode it whole
            self.pos = end
            return item


def _sniff(path: Path, head: str) -> str:
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return "jsonl"
    if suffix in (".csv", ".tsv"):
        return "csv"
    stripped = head.lstrip()
    if stripped[:1] == "[":
        return "json"
    if stripped[:1] == "{":
        first = stripped.splitlines()[0].strip()
        try:
            json.loads(first)
            return "jsonl"
        except json.JSONDecodeError:
            return "json"
    return "csv"


__all__ = ["RawRow", "RowSource"]
