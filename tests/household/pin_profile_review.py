"""Regenerate profile_review.json after reviewing each changed description/sentence pair by hand.

Run: PYTHONPATH=. python -m tests.household.pin_profile_review
"""
import json

from eligibench.household import FEATURES, ROSTER_FEATURES
from tests.household.test_profile_review import sample_sentences

out = {}
for f in FEATURES:
    if f.name in ROSTER_FEATURES:
        continue
    out[f.name] = {"description": f.description, "sentences": sample_sentences(f)}
open("tests/household/profile_review.json", "w").write(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
