"""The leaderboard's "what would change it" line: the published `flip` of every pair of the built
Diverse dataset (or the test dataset) in words, about the right person, with money as money and
no code in the text."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from eligibench.datasets import read_parquet
from eligibench.truth import flip_sentence

ROOT = Path(__file__).resolve().parents[2]
CODE = re.compile(r"\w_\w|\w\(|[\[\]{}<>=]|\bhh\.|\bm\.")  # identifiers, calls, brackets, operators


def _rows():
    built = sorted(ROOT.glob("benyfits/data/*/diverse.parquet"), key=lambda p: p.stat().st_mtime)
    if not built:
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    return read_parquet(built[-1])


@pytest.mark.needs_datasets
def test_every_published_flip_reads_as_plain_words():
    rows = _rows()
    seen = 0
    for row in rows:
        for oid, label, flip in zip(row.opportunities, row.labels, row.flips):
            text = flip_sentence(row.household, flip, label)
            if not flip:
                assert text == ""
                continue
            seen += 1
            f = json.loads(flip)
            assert ("would not qualify" if label else "would qualify") in text, text
            assert not CODE.search(text), f"{row.id}/{oid}: code in {text!r}"
            if "income" in f["feature"] and isinstance(f["to"], (int, float)) and not isinstance(f["to"], bool):
                assert "$" in text, text
    assert seen > 0, "no published pair has a flip"


@pytest.mark.needs_datasets
def test_a_flip_names_the_member_it_changes():
    from eligibench.household import display_name

    rows = _rows()
    row, flip = next((r, f) for r in rows for f in r.flips if f and json.loads(f)["member"] > 0)
    member = json.loads(flip)["member"]
    assert flip_sentence(row.household, flip, True).startswith(display_name(row.household, member))
