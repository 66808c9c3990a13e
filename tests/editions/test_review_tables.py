"""Every edition's own review tables agree with their checkers, by the very comparison the 2024
catalog is held to (`eligibench.truth.table_mismatches`, tests/checkers/test_readings_table.py):
the table names exactly the features the checker reads and prints every number it compares with.
One test per (edition, opportunity), so a failure names both, the YAML, the checker line and the fix."""
from functools import cache
from pathlib import Path

import pytest

from checkers.editions import edition_registry
from eligibench.catalog import available, edition_catalog, load_edition, load_readings
from eligibench.errors import CatalogError
from eligibench.truth import HOUSEHOLD_SIZE, TABLE_FEATURES, checker_conditions, table_mismatches

ROOT = Path(__file__).resolve().parents[2]
LATER = [e for e in available() if e != "2024"]
OWN = [(e, oid) for e in LATER for oid in load_edition(e).own_ids]

HOW_TO_FIX = """
How to fix (docs/editions.md, "Fixing a table mismatch"):
- a feature the checker reads: add it to the `features` of the row for that condition (schema names;
  the member count is 'household_size');
- a number the checker compares with: print it in that row's `threshold`, an income table in full
  ('table by household size (yearly): 1: 23940, 2: 32460, ...; each additional person add 8520');
- if the checker is what disagrees with the source text, fix the checker and its tests instead, then
  regenerate its docstring (eligibench.truth.readings.write_docstring) if the readings changed."""


def _yaml(ed, oid: str) -> str:
    return str((ed.folder / f"{oid}.yaml").relative_to(ROOT)) if ed.folder.is_relative_to(ROOT) else str(ed.folder / f"{oid}.yaml")


@cache
def _edition(edition: str):
    """(the edition, its catalog), read once per process: 0.3 s a read, once per case before (51 cases)."""
    ed = load_edition(edition)
    return ed, edition_catalog(ed)


@pytest.mark.parametrize(("edition", "oid"), OWN, ids=[f"{e}/{oid}" for e, oid in OWN])
def test_own_review_table_matches_its_checker(edition, oid):
    ed, catalog = _edition(edition)
    checker = edition_registry(edition)[oid]
    problems = table_mismatches(catalog[oid], checker_conditions(checker), _yaml(ed, oid))
    assert not problems, f"edition {edition}, {oid} (checker {checker.__name__}):\n" + "\n".join(problems) + HOW_TO_FIX


def test_the_table_test_covers_every_own_opportunity_of_every_later_edition():
    # guards the parametrisation above: a lost edition or id would make its test vanish, not fail
    assert LATER and OWN
    for name in LATER:
        assert sorted(oid for e, oid in OWN if e == name) == sorted(load_edition(name).own_ids)


def test_the_loader_and_the_comparison_accept_the_same_feature_names(tmp_path):
    """`household_size` loads and is what the comparison wants; `hh.size` is rejected by both, each
    saying to write `household_size`."""
    ed = load_edition("2026-08")
    assert set(load_readings(ed, TABLE_FEATURES)) == set(ed.own_ids)
    assert HOUSEHOLD_SIZE in TABLE_FEATURES and "hh.size" not in TABLE_FEATURES

    root = tmp_path / "opportunities"
    (root / "2026-08").mkdir(parents=True)
    for p in (ROOT / "opportunities").glob("*.yaml"):
        (root / p.name).write_text(p.read_text())
    for p in (ROOT / "opportunities" / "2026-08").glob("*.yaml"):
        (root / "2026-08" / p.name).write_text(p.read_text())
    yaml_file = root / "2026-08" / "FairFaresNYC.yaml"
    assert "- household_size\n" in yaml_file.read_text()
    yaml_file.write_text(yaml_file.read_text().replace("- household_size\n", "- hh.size\n"))
    bad = load_edition("2026-08", root)
    with pytest.raises(CatalogError, match=r"FairFaresNYC.yaml: readings\[0\]: field 'features': 'hh.size' .*'household_size'"):
        load_readings(bad, TABLE_FEATURES)
    out = table_mismatches(edition_catalog(bad, root)["FairFaresNYC"],
                           checker_conditions(edition_registry("2026-08")["FairFaresNYC"]), "FairFaresNYC.yaml")
    assert any("'hh.size'" in line and "write 'household_size'" in line for line in out)
    assert any("the checker reads 'household_size' (checkers/fair_fares_nyc.py:" in line for line in out)


def test_a_mismatch_names_the_yaml_the_checker_line_and_the_constant():
    ed = load_edition("2026-08")
    opp = edition_catalog(ed)["CommoditySupplementalFoodProgram"]
    from dataclasses import replace

    cut = replace(opp, readings=tuple(replace(r, threshold="size 1 $23,940") if "household_size" in r.features else r
                                      for r in opp.readings))
    out = table_mismatches(cut, checker_conditions(edition_registry("2026-08")[opp.id]), _yaml(ed, opp.id))
    want = ("opportunities/2026-08/CommoditySupplementalFoodProgram.yaml readings: the checker compares with 32460 "
            "(YEARLY_LIMITS at checkers/editions/e2026_08/commodity_supplemental_food_program.py:")
    assert any(line.startswith(want) for line in out), out
    assert len([line for line in out if "YEARLY_LIMITS" in line]) == 7  # sizes 2 to 8, each named


def test_a_range_printed_as_its_ends_names_the_missing_values_and_their_row():
    """Youth Action 50 compared with grades 10 and 11 that "grades 9-12" did not print (the case
    that failed when this test was written); the message points at the row that compares them."""
    ed = load_edition("2026-08")
    opp = edition_catalog(ed)["NYCYouthLeadershipCouncils"]
    from dataclasses import replace

    ends = replace(opp, readings=tuple(replace(r, threshold="grades 9-12") if "current_school_level" in r.features else r
                                       for r in opp.readings))
    out = table_mismatches(ends, checker_conditions(edition_registry("2026-08")[opp.id]), _yaml(ed, opp.id))
    assert [line.split(" compares with ")[1].split(" ")[0] for line in out] == ["10", "11"]
    # the 2026-08 checker is a variant of the 2024 one (same grades): the constant is named in the twin
    assert all("HIGH_SCHOOL_GRADES at checkers/nyc_youth_leadership_councils.py:" in line
               and "the row 'in high school, or without a diploma and in an equivalency program'" in line for line in out)
