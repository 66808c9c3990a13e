"""Issue 26: figures quoted in docs/ (how many households Diverse has) agree with each other and,
where the datasets are built (`benyfits/data/<version>/diverse.parquet`), with the data. Three
docs said 44 after Diverse grew to 48."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# "Diverse has 48 households", "diverse: 2 of 48 households", "(full: 48)"
PATTERNS = (re.compile(r"[Dd]iverse[^.\n|]{0,25}?\b(\d+) households"),
            re.compile(r"[Dd]iverse: \d+ of (\d+) households"),
            re.compile(r"[Dd]iverse: \d+ of \d+ households \(full: (\d+)\)"))


def quoted_diverse_sizes() -> dict[str, set[int]]:
    found: dict[str, set[int]] = {}
    for doc in sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for pattern in PATTERNS:
            for m in pattern.finditer(text):
                # "of 48 households" inside "2 of 48": the first pattern also sees the subset
                if pattern is PATTERNS[0] and re.search(r"\d+ of $", text[m.start(1) - 8:m.start(1)]):
                    continue
                found.setdefault(doc.name, set()).add(int(m.group(1)))
    return found


def test_docs_quote_one_diverse_size_and_it_is_the_ground_truth_reports():
    sizes = quoted_diverse_sizes()
    assert sizes, "the pattern no longer finds the quoted figures: update it"
    # the newest "effect on the datasets" table (the last one in the file) holds the current size
    table = (re.findall(r"\| Diverse households \| \d+ \| (\d+) \|", (ROOT / "docs" / "ground_truth.md").read_text())
             or [None])[-1]
    assert table, "docs/ground_truth.md has no Diverse households table"
    current = int(table)  # the "after" column: the data as built now
    wrong = {doc: s - {current} for doc, s in sizes.items() if s - {current}}
    assert not wrong, f"docs quote a Diverse size other than {current}: {wrong}"


@pytest.mark.needs_datasets
def test_docs_agree_with_the_built_dataset():
    built = sorted(ROOT.glob("benyfits/data/*/diverse.parquet"))
    if not built:
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    from eligibench.datasets import read_parquet

    n = len(read_parquet(built[-1]))
    wrong = {doc: s for doc, s in quoted_diverse_sizes().items() if s != {n}}
    assert not wrong, f"the built Diverse set has {n} households; docs quote {wrong}"


@pytest.mark.needs_datasets
def test_quoted_data_versions_are_the_built_ones():
    """The data versions docs/datasets.md quotes ("Current data versions") are the built datasets' (the
    card's folder versions and the rows' data_version), so a rebuild that changes them cannot leave the
    docs behind."""
    card = ROOT / "benyfits" / "README.md"
    if not card.exists():
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    import pyarrow.parquet as pq

    built = set(re.findall(r"dv-[0-9a-f]{12}", card.read_text(encoding="utf-8")))
    for f in (ROOT / "benyfits" / "data").glob("*/*.parquet"):
        table = pq.read_table(f)
        if "data_version" in table.column_names:
            built |= set(table.column("data_version").to_pylist())
    section = (ROOT / "docs" / "datasets.md").read_text(encoding="utf-8").split("## Current data versions", 1)[-1]
    quoted = set(re.findall(r"dv-[0-9a-f]{12}", section.split("\n## ", 1)[0]))
    assert quoted, "docs/datasets.md's 'Current data versions' quotes no data version"
    assert quoted <= built, f"docs/datasets.md quotes data versions that are not built: {sorted(quoted - built)}"
