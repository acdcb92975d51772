"""User-stated rules: a deterministic parser, a small typed rule IR, and a trusted compiler.

"warn me if I spend over $300 at a restaurant" becomes a typed rule, stored as facts in the log and
compiled into the user project as ``rules/user_rules.py``. This module only re-exports, so every
existing ``user_rules.X`` keeps working; the code lives in:

- :mod:`engine.rules.rule_ir` — the IR (``Condition``, ``Aggregate``, ``Lead``, ``RuleIR``,
  ``InvalidRule``), its closed vocabulary (``OPS``, ``COMPARE_OPS``, ``WINDOWS``, ...), its JSON
  form (``ir_from_json``), ``validate`` against the frame catalog, and ``describe``.
- :mod:`engine.rules.rule_lexicon` — the lexicon JSON (``lexicon``, ``LEXICON_PATH``).
- :mod:`engine.rules.rule_parse` — the deterministic sentence parser (``detect_rules``,
  ``parse_rule``, ``split_sentences``), and the sentences that take a rule back or change its
  amount (``rules_dropped``, ``rule_amended``).
- :mod:`engine.rules.rule_store` — rules as facts in the log (``StoredRule``, ``load_rules``,
  ``rule_facts``, ``status_fact``, ``announce``, ``record_session_rules``).
- :mod:`engine.rules.rule_compile` — the trusted compiler and renderer (``rule_function``,
  ``render_module``, ``compiled_source``, ``render_from_facts``, ``MODULE``).

Imports run one way: compile -> store -> parse -> IR -> lexicon.
"""

from __future__ import annotations

from engine.rules.rule_compile import (
    MODULE,
    compiled_source,
    render_from_facts,
    render_module,
    rule_function,
    summary_short,
)
from engine.rules.rule_ir import (
    AGG_FUNCS,
    CLOCK_FIELDS,
    COMPARE_OPS,
    DOMAIN,
    IR_VERSION,
    OPS,
    SEVERITIES,
    WINDOWS,
    Aggregate,
    Condition,
    InvalidRule,
    Lead,
    RuleIR,
    describe,
    describe_condition,
    ir_from_json,
    slot_kinds,
    validate,
)
from engine.rules.rule_lexicon import LEXICON_PATH, Lexicon, lexicon
from engine.rules.rule_parse import (
    detect_rules,
    parse_rule,
    rule_amended,
    rules_dropped,
    split_sentences,
)
from engine.rules.rule_store import (
    FRAME,
    ORIGINS,
    STATUSES,
    UNTRUSTED_SOURCES,
    StoredRule,
    announce,
    load_rules,
    origin_of,
    record_session_rules,
    rule_facts,
    rule_key,
    status_fact,
)

__all__ = [
    "AGG_FUNCS", "CLOCK_FIELDS", "COMPARE_OPS", "DOMAIN", "FRAME", "IR_VERSION", "LEXICON_PATH", "MODULE",
    "OPS", "ORIGINS", "SEVERITIES", "STATUSES", "UNTRUSTED_SOURCES", "WINDOWS",
    "Aggregate", "Condition", "InvalidRule", "Lead", "Lexicon", "RuleIR", "StoredRule",
    "announce", "compiled_source", "describe", "describe_condition", "detect_rules", "ir_from_json",
    "lexicon", "load_rules", "origin_of", "parse_rule", "record_session_rules", "render_from_facts",
    "render_module", "rule_amended", "rule_facts", "rule_function", "rule_key", "rules_dropped",
    "slot_kinds", "split_sentences", "status_fact", "summary_short", "validate",
]
