"""Drift that says what changed: markup-only vs substance, and what moved (real snapshots)."""
from eligibench.catalog import compare_texts as compare
from eligibench.catalog import drift, known_uncurated, load_catalog, pull
from eligibench.catalog import text_figures as figures


def test_markup_only_change_is_told_apart_from_substance():
    assert compare("<p>Born in 2021.</p>", "<div><b>Born</b>&nbsp;in 2021.</div>").markup_only
    c = compare("<p>Born in 2021.</p>", "<p>Born in 2023.</p>")
    assert not c.markup_only
    assert c.figures_removed == ("2021",) and c.figures_added == ("2023",)
    assert c.sentences_added == ("born in 2023.",)


def test_figures_keep_money_as_one_amount():
    assert figures("up to $54,350 for 1 person, 80% of AMI") == ["$54350", "1", "80%"]


def test_2026_drift_names_markup_only_rows_and_moved_thresholds(snapshot_2024, snapshot_2026):
    report = drift.detect(load_catalog(), pull(snapshot=str(snapshot_2026), offline=True), known_uncurated(),
                          curated_pull=pull(snapshot=str(snapshot_2024), offline=True))
    by_name = {p.program_name: p for p in report.programs}
    assert len(report.markup_only) == 11
    assert by_name["Jobs Plus"].status == drift.MARKUP_ONLY
    s8 = by_name["Section 8 / Housing Choice Voucher Program"]
    assert s8.status == drift.CHANGED
    assert "$54350" in s8.change.figures_removed and "$59400" in s8.change.figures_added
    assert "$23940" in by_name["Commodity Supplemental Food Program"].change.figures_added
    three_k = by_name["3-K"].change
    assert "2021" in three_k.figures_removed and "2023" in three_k.figures_added
    assert by_name["Pre-K for All"].change is not None  # renamed rows say what moved too
    md = report.to_markdown()
    assert "## Markup only (11)" in md and "$54350" in md and "## New sentences per changed program" in md
    js = report.to_dict()
    assert len(js["markup_only"]) == 11
    assert any(d["change"] and "$59400" in d["change"]["figures_added"] for d in js["drifted"])


def test_without_the_curated_pull_changes_stay_unexplained(snapshot_2026):
    report = drift.detect(load_catalog(), pull(snapshot=str(snapshot_2026), offline=True), known_uncurated())
    assert not report.markup_only
    assert all(p.change is None for p in report.programs)
