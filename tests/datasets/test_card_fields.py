"""Issue 26: the dataset card documents every published column (both schemas, read from the code
that writes the Parquet files), says this is the public split, explains the version strings and
gives a complete citation."""
from __future__ import annotations

import re

from eligibench.datasets import OPPORTUNITY_SCHEMA, BuildInfo
from eligibench.datasets import ROW_SCHEMA as SCHEMA
from eligibench.datasets import dataset_card as card


def _card() -> str:
    counts = {"diverse": {"households": 48, "pairs": 347, "positive": 160},
              "representative": {"households": 25, "pairs": 267, "positive": 59}}
    return card(BuildInfo("0123abcd", {"households": {"count": 10000}}, {"origin": "test"}, {"checked": False}, counts))


def _documented(text: str, heading: str) -> set[str]:
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    return {name for row in section.splitlines() if row.startswith("| `")
            for name in re.findall(r"`([a-z0-9_]+)`", row.split("|")[1])}


def test_every_published_column_is_in_the_card_with_its_type():
    text = _card()
    assert set(SCHEMA.names) <= _documented(text, "## Fields (diverse, representative)")
    assert set(OPPORTUNITY_SCHEMA.names) <= _documented(text, "## Fields (opportunities)")
    assert "| `household` | string (JSON) |" in text and "| `labels` | list of bool |" in text


def test_the_card_names_the_split_the_versions_the_checkers_and_a_complete_citation():
    text = _card()
    assert "**public** (development) split" in text and "sealed" in text
    assert "## Versions" in text and "`data_version` column" in text and "BeNYfits data <version>" in text
    assert "checkers/" in text and "reports/ground_truth.md" in text
    cite = text.split("@misc{benyfits_rebuilt,", 1)[1].split("\n}", 1)[0]
    for field in ("title", "author", "year", "howpublished", "note"):
        assert re.search(rf"^\s+{field}\s+=", cite, flags=re.M), field
