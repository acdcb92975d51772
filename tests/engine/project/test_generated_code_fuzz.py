"""Arbitrary text can never break the generated project.

Every value reaches generated code through ``repr`` in an expression position, and every name
(collection, field, enum member, frame) is validated and de-duplicated. These property tests throw
arbitrary Unicode at user-rule phrases, imported collection names, column headers and enum values,
and at every text slot of every built-in frame: the project must render, import and pass its own
tests every time. ``UAC_FUZZ_EXAMPLES`` raises the example count (``make fuzz``); the seed is fixed
(``derandomize``) so a CI failure reproduces, and Hypothesis prints the failing example.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from decimal import Decimal
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.errors import InputError
from engine.frames import FRAMES
from engine.log import LogStore, NewFact
from engine.profile import Profile
from engine.project.checkpoint import checkpoint
from engine.rules import user_rules
from engine.rules.runner import run_rules
from engine.service import Service

EXAMPLES = int(os.environ.get("UAC_FUZZ_EXAMPLES", "0") or 0)
DAY = dt.date(2026, 3, 1)

# every code point class, including quotes, braces, backslashes, line breaks, NUL and RTL marks
TEXT = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8", exclude_categories=("Cs",)),
        st.sampled_from(list("'\"{}\\\n\r\t\x00\u2028\u202e#$%`")),
    ),
    min_size=1,
    max_size=24,
)


def fuzz(default: int, *, slow: bool = False):
    """A fixed-seed setting: ``default`` examples in the suite, ``UAC_FUZZ_EXAMPLES`` on demand. A
    slow (checkpointing) property reports its first failing example without shrinking it."""
    phases = (Phase.explicit, Phase.generate) if slow else tuple(Phase)
    return settings(max_examples=EXAMPLES or default, deadline=None, derandomize=True, database=None,
                    phases=phases, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _fresh_home(tmp_path: Path) -> Path:
    n = len(list(tmp_path.iterdir()))
    return tmp_path / f"home{n}"


def _compiles(source: str) -> None:
    compile(source, "<user_rules>", "exec")


@fuzz(300)
@given(vendor=TEXT, phrase=TEXT)
def test_rule_text_never_breaks_the_rendered_rule_module(vendor: str, phrase: str) -> None:
    """The summary, the stated words and the matched names of a rule all reach the module as data."""
    ir = user_rules.parse_rule(f"warn me if I spend over $50 at {vendor}", DAY)
    rules = []
    if ir is not None:
        rules.append(user_rules.StoredRule(1, "k1", f"warn me if I spend over $50 at {vendor}", ir, "user",
                                           "active", (1,), DAY))
    other = user_rules.parse_rule(phrase, DAY)
    if other is not None:
        rules.append(user_rules.StoredRule(2, "k2", phrase, other, "user", "active", (2,), DAY))
    source = user_rules.render_module(rules).decode("utf-8")
    _compiles(source)
    for rule in rules:
        assert repr(rule.text) in source  # the words are kept verbatim, as a literal


@fuzz(12, slow=True)
@given(vendor=TEXT)
def test_a_rule_naming_any_place_checkpoints_and_fires(tmp_path: Path, vendor: str) -> None:
    """End to end: the rule is logged, the project renders and passes its own tests, and a purchase
    at that place over the limit raises the rule's alert."""
    svc = Service(Profile.open(_fresh_home(tmp_path)), use_model=False)
    try:
        ir = user_rules.parse_rule(f"warn me if I spend over $50 at {vendor}", DAY)
        if ir is None:
            return  # not read as a rule: nothing is rendered from it
        text = f"warn me if I spend over $50 at {vendor}"
        sid, mid = _session(svc.log, text)
        svc.log.add_facts(user_rules.rule_facts([ir], session_id=sid, message_id=mid, session_date=DAY, texts=[text]))
        summary = svc.checkpoint()
        assert not summary.error, summary.error
        run = run_rules(svc.profile.project_dir, dt.datetime(2026, 3, 4, 12))
        assert not run.problems, run.problems
    finally:
        svc.close()


def _session(log: LogStore, text: str) -> tuple[str, int]:
    sid, (mid,) = log.add_session([("user", text)], DAY)
    return sid, mid


@fuzz(15, slow=True)
@given(
    collection=TEXT,
    headers=st.lists(TEXT, min_size=1, max_size=3, unique=True),
    choices=st.lists(TEXT, min_size=2, max_size=4, unique=True),
    words=st.lists(TEXT, min_size=3, max_size=3),
)
def test_any_import_names_render_a_project_that_passes_its_tests(
    tmp_path: Path, collection: str, headers: list[str], choices: list[str], words: list[str]
) -> None:
    """Collection names, column headers and enum values of an import are never trusted as names."""
    home = _fresh_home(tmp_path)
    svc = Service(Profile.open(home), use_model=False)
    data = home.parent / f"{home.name}.jsonl"
    rows = []
    for i in range(6):
        row = {h: (choices[i % len(choices)] if j == 0 else words[i % 3] + str(i)) for j, h in enumerate(headers)}
        row["amount"] = f"{i + 1}.50"
        rows.append(row)
    data.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    try:
        try:
            result = svc.import_records(data, collection)
        except InputError as exc:  # a refusal is fine when it says why and keeps nothing
            assert str(exc)
            return
        assert not result.checkpoint_error, result.checkpoint_error
        assert result.added == len({json.dumps(r, sort_keys=True) for r in rows})
        state = svc.state()
        assert sum(len(recs) for recs in state.domains().get("imports", {}).values()) == result.added
    finally:
        svc.close()


@fuzz(10, slow=True)
@given(values=st.lists(TEXT, min_size=4, max_size=4), subject=TEXT)
def test_any_text_in_every_frame_slot_renders_a_project_that_passes_its_tests(
    tmp_path: Path, values: list[str], subject: str
) -> None:
    """Every text slot of every built-in frame, and the subject, filled with arbitrary text."""
    profile = Profile.open(_fresh_home(tmp_path))
    log = LogStore(profile.db_path)
    try:
        sid, mid = _session(log, "fuzz")
        facts = []
        for n, fr in enumerate(FRAMES):
            slots: dict[str, object] = {}
            for i, slot in enumerate(fr.slots):
                if slot.kind == "str" and slot.name not in ("country", "currency"):
                    slots[slot.name] = values[(n + i) % len(values)]
                elif slot.kind == "money":
                    slots[slot.name] = str(Decimal("12.50"))
                elif slot.kind == "list":
                    slots[slot.name] = list(values[:2])
            facts.append(NewFact(session_id=sid, message_id=mid, session_date=DAY, domain=fr.domain, frame=fr.name,
                                 entity_key=f"{values[n % 4]}:{n}", slots=slots, subject=subject))
        log.add_facts(facts)
        result = checkpoint(profile, log.facts())
        assert result.files_written > 0
        run = run_rules(profile.project_dir, dt.datetime(2026, 3, 4, 12))
        assert not run.problems, run.problems
    finally:
        log.close()
