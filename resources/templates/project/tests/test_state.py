"""The state loads, its counts match the manifest, and every value has its declared type."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import importlib
import itertools
import unittest

import manifest
import uac_state

CHECKS = {
    "str": lambda v: isinstance(v, str),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "date": lambda v: isinstance(v, datetime.date) and not isinstance(v, datetime.datetime),
    "money": lambda v: isinstance(v, decimal.Decimal) and v.is_finite(),
    "enum": lambda v: isinstance(v, enum.Enum),
    "list": lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v),
    "float": lambda v: isinstance(v, float),
    "bool": lambda v: isinstance(v, bool),
    "datetime": lambda v: isinstance(v, datetime.datetime),
    "time": lambda v: isinstance(v, datetime.time),
}

SAMPLE = 2_000
"""Records checked of a collection kept in a data file (written by the checkpoint from the log,
which checks every value; here, that the file reads back as the types say)."""


def sample(records):
    return itertools.islice(records, SAMPLE) if type(records).__name__ == "Stored" else records


class StateLoads(unittest.TestCase):
    def test_every_domain_loads_with_the_manifest_counts(self) -> None:
        state = uac_state.load()
        for domain, info in manifest.DOMAINS.items():
            for collection, meta in info["collections"].items():
                records = getattr(getattr(state, domain), collection)
                self.assertEqual(len(records), meta["count"], f"{domain}.{collection}")

    def test_types_hold(self) -> None:
        for domain, info in manifest.DOMAINS.items():
            schema = importlib.import_module(f"domains.{domain}.schema")
            module = importlib.import_module(f"domains.{domain}.state")
            for collection, meta in info["collections"].items():
                cls = getattr(schema, meta["schema"])
                kinds = schema.KINDS[meta["schema"]]
                statuses = schema.STATUSES[meta["schema"]]
                for record in sample(module.COLLECTIONS[collection]):
                    self.assertIsInstance(record, cls)
                    self.assertIn(record.status, statuses, record.id)
                    self.assertTrue(record.evidence, f"{record.id} has no evidence")
                    self.assertTrue(all(type(i) is int and i > 0 for i in record.evidence), record.id)
                    for name, fact in record.sources:
                        self.assertIn(fact, record.evidence, f"{record.id}.{name}")
                    for field in dataclasses.fields(cls):
                        kind = kinds.get(field.name)
                        value = getattr(record, field.name)
                        if kind is None or value is None:
                            continue
                        self.assertTrue(CHECKS[kind](value), f"{record.id}.{field.name}={value!r} is not {kind}")

    def test_ids_are_unique(self) -> None:
        seen = set()
        state = uac_state.load()
        for domain in manifest.DOMAINS:
            for records in getattr(state, domain).collections.values():
                for record in sample(records):
                    self.assertNotIn(record.id, seen)
                    seen.add(record.id)


if __name__ == "__main__":
    unittest.main()
