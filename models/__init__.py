"""SQLModel tables of the append-only log. Qt-free by contract (see tests/test_boundaries.py)."""

from models.log import AlertRow, FactRow, ForgetRow, MessageRow, SessionRow, all_tables

__all__ = ["AlertRow", "FactRow", "ForgetRow", "MessageRow", "SessionRow", "all_tables"]
