"""Typed-slot precision/recall on a small labelled set, detectors only (a regression guard, not a benchmark).

Gold facts list the slots the sentence states; a predicted slot the gold does not list is not
scored (labels are partial), a wrong value is a miss, and every slot of an unmatched fact is a
false positive.
"""

import json
from pathlib import Path

from .helpers import Log

DATA = Path(__file__).parent / "data" / "utterances.jsonl"
DERIVED = {"region", "drug_class", "allergen_class", "status"}


def score() -> tuple[int, int, int, list[str]]:
    tp = fp = fn = 0
    misses: list[str] = []
    for line in DATA.read_text().splitlines():
        case = json.loads(line)
        got = [f for f in Log().say(case["text"]) if f.frame != "Note"]
        for gold in case["facts"]:
            cands = [f for f in got if f.frame == gold["frame"]]
            best = max(cands, key=lambda f: sum(str(f.slots.get(k, "")).lower() == str(v).lower()
                                                for k, v in gold["slots"].items()), default=None)
            if best is None:
                fn += len(gold["slots"])
                misses.append(f"missing {gold['frame']}: {case['text']}")
                continue
            got.remove(best)
            if best.subject != gold.get("subject", "me"):
                misses.append(f"subject {best.subject}: {case['text']}")
            for k, v in gold["slots"].items():
                if str(best.slots.get(k, "")).lower() == str(v).lower():
                    tp += 1
                else:
                    fn += 1
                    fp += int(best.slots.get(k) is not None)
                    misses.append(f"{gold['frame']}.{k}={best.slots.get(k)!r} want {v!r}: {case['text']}")
        for extra in got:
            fp += len([k for k in extra.slots if k not in DERIVED])
            misses.append(f"extra {extra.frame} {extra.slots}: {case['text']}")
    return tp, fp, fn, misses


def test_typed_slot_f1_on_labelled_utterances() -> None:
    tp, fp, fn, misses = score()
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    f1 = 2 * precision * recall / (precision + recall)
    assert f1 >= 0.85, f"P={precision:.2f} R={recall:.2f} F1={f1:.2f}\n" + "\n".join(misses)


if __name__ == "__main__":
    tp, fp, fn, misses = score()
    p, r = tp / (tp + fp), tp / (tp + fn)
    print(f"P={p:.3f} R={r:.3f} F1={2 * p * r / (p + r):.3f}")
    print("\n".join(misses))
