"""The reader's prompt: a byte-stable instruction block with worked examples, and the message last.

The block is the same bytes for every message (the backend reuses its KV cache); the examples in
``resources/extract/reader_examples.jsonl`` cite candidates by their surface text (``"@March 14"``)
and are rendered with the ids the detectors give that text, so an example can never show an id
the real pipeline would not produce.
"""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from typing import Any

from engine.extract.reader.candidates import Candidates, find_candidates
from engine.extract.reader.concepts import READ_FRAMES, describe, fields_of
from engine.extract.tables import RESOURCES

INSTRUCTIONS = """You read one chat message a user wrote to their personal assistant and list, as JSON, the records it states about the user's life or their family's.
Rules:
- Dates, times and amounts: only ids from the Candidates list (D1, T1, M1). Pick the id whose value the message gives for that field; never a date that only says when something was said or happened before a change.
- Names, places, titles, doses, frequencies: copy the words exactly as they appear in the message.
- who: "me" for the user (also "we"); otherwise the person as written ("mom", "dad", "Jake"). Omit for the user.
- One record per thing. Details in later sentences ("It leaves at 9", "we come back on the 22nd") belong to the record named earlier.
- status: booked when tickets or a booking are made; planned when only considered or asked about ("should I book it?"); taken/done for what already happened; cancelled when called off; leave it out when the message does not say.
- A question, a greeting or small talk with no fact gives no record. Do not guess what is not said.
- First list in "about" the record types the message states, then write the records.
- Trip is only for the user (or family) travelling away from home. Meetings, classes, appointments, dinners, a car in for service are Events. Money paid or to be paid to someone is a Transfer; a rule or cap about money is a Policy.
Record types:
"""


@cache
def prefix() -> str:
    kinds = "\n".join(describe(fr) for fr in READ_FRAMES)
    parts = [INSTRUCTIONS + kinds, "", "Examples:"]
    for ex in _examples():
        parts.append(question(ex["text"], dt.date.fromisoformat(ex["session_date"]), find_candidates(
            ex["text"], dt.date.fromisoformat(ex["session_date"]))))
        about = list(dict.fromkeys(r["record"] for r in ex["records"]))
        parts.append(json.dumps({"about": about, "records": ex["records"]}, ensure_ascii=False))
        parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def question(text: str, session_date: dt.date, cands: Candidates, previous: str = "") -> str:
    lines = [f"Session date: {session_date.isoformat()} ({session_date.strftime('%a')})"]
    if previous:
        lines.append(f"The assistant had asked: {previous.strip()}")
    lines += [f"Message: {text.strip()}", "Candidates:", cands.block(), "Records:"]
    return "\n".join(lines)


@cache
def _examples() -> tuple[dict[str, Any], ...]:
    out = []
    for line in (RESOURCES / "reader_examples.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        ex = json.loads(line)
        cands = find_candidates(ex["text"], dt.date.fromisoformat(ex["session_date"]))
        ex["records"] = [_cite(r, cands, ex["text"]) for r in ex["records"]]
        out.append(ex)
    return tuple(out)


def _cite(record: dict[str, Any], cands: Candidates, text: str) -> dict[str, Any]:
    """Replace "@surface" by the id of the candidate with that surface text (range ends by position),
    keys in the schema's order (the grammar emits them in that order)."""
    order = ["record", "who", "status", *(f.name for f in fields_of(record["record"]))]
    record = {k: record[k] for k in sorted(record, key=lambda k: order.index(k) if k in order else 99)}
    out: dict[str, Any] = {}
    for key, value in record.items():
        if isinstance(value, str) and value.startswith("@"):
            surface = value[1:]
            hits = [c for c in cands.items if c.surface.strip(" .,") == surface or c.surface == surface]
            if not hits:
                raise ValueError(f"reader example: no candidate {surface!r} in {text[:40]!r}; found {cands.block()}")
            pick = hits[-1] if key in ("end", "end_time") and len(hits) > 1 else hits[0]
            out[key] = pick.id
        else:
            out[key] = value
    return out
