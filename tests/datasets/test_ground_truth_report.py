from checkers import registry
from eligibench.catalog import load_catalog
from eligibench.datasets import build_row, ground_truth_markdown, ground_truth_summary
from eligibench.household import household
from eligibench.truth import traced_checkers


def _rows():
    checkers = traced_checkers(registry())
    opps = ("HeadStart", "IDNYC")
    hhs = [
        household({"receives_snap": True}, {"relation": "child", "age": 4}),  # HeadStart yes
        household({"receives_snap": True}, {"relation": "child", "age": 3}),  # same trace
        household({"receives_snap": True}),  # no child: HeadStart no
    ]
    return [build_row(f"d-{i}", "diverse", h, opps, checkers, "dv-test") for i, h in enumerate(hhs)]


def test_summary_counts_pairs_traces_and_verdicts():
    catalog = {"opportunities": [o.to_dict() for o in load_catalog().opportunities]}
    s = ground_truth_summary(catalog, _rows(), [])
    hs = s["opportunities"]["HeadStart"]
    assert (hs["diverse_pairs"], hs["diverse_positive"], hs["diverse_traces"]) == (3, 2, 2)
    assert hs["implied"][0]["condition"] == "A member of the household is 3 or 4 years old."
    assert s["opportunities"]["IDNYC"]["implied"] == []
    assert s["diverse"] == {"households": 3, "pairs": 6, "positive": 5}
    assert s["implied_conditions"] >= 13


def test_markdown_has_one_row_per_opportunity_with_the_figures():
    catalog = {"opportunities": [o.to_dict() for o in load_catalog().opportunities]}
    md = ground_truth_markdown(catalog, _rows(), [])
    head = md.split("## Review tables")[0]
    rows = [line for line in head.splitlines() if line.startswith("| ") and not line.startswith("| Opportunity")]
    assert len(rows) == 82
    hs = next(line for line in rows if line.startswith("| HeadStart |"))
    assert "**A member of the household is 3 or 4 years old.**" in hs
    assert "2 traces: 1, 2" in hs and "| 2 / 1 |" in hs and hs.endswith("| 0 / 0 |")
    assert "| IDNYC | none |" in md


def test_markdown_renders_every_review_table():
    catalog = {"opportunities": [o.to_dict() for o in load_catalog().opportunities]}
    md = ground_truth_markdown(catalog, _rows(), [])
    tables = md.split("## Review tables")[1]
    assert tables.count("\n### ") == 82
    primary = tables.split("### PrimaryAndPreventiveHealthCare")[1].split("###")[0]
    assert "| `age` | 21 or younger (no lower age) |" in primary
