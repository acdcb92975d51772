"""Every built-in rule pack runs on the current state and returns well-formed alerts."""

from __future__ import annotations

import datetime
import importlib
import unittest

import manifest
import uac_state
from rules.alerts import SEVERITIES, Alert

NOWS = (datetime.datetime(2000, 1, 1), datetime.datetime(2030, 6, 15, 12, 0), datetime.datetime(2100, 1, 1))
SAMPLE = 5_000
"""Records of a collection kept in a data file the packs run on here (the alert run reads them all)."""


class RulesRun(unittest.TestCase):
    def test_every_pack_runs(self) -> None:
        state = uac_state.load(sample=SAMPLE)
        for pack in manifest.RULE_PACKS:
            module = importlib.import_module(f"rules.{pack}")
            for now in NOWS:
                with self.subTest(pack=pack, now=now):
                    alerts = module.check(state, now)
                    self.assertIsInstance(alerts, list)
                    for a in alerts:
                        self.assertIsInstance(a, Alert)
                        self.assertIn(a.severity, SEVERITIES)
                        self.assertTrue(a.title and a.message)
                        self.assertTrue(all(type(i) is int for i in a.evidence))
                        self.assertTrue(a.key.startswith(a.rule + ":"))


if __name__ == "__main__":
    unittest.main()
