"""The 2026-08 new programs' review tables agree with their checkers (as tests/checkers/
test_readings_table.py checks the 2024 set): every feature read is named, every number compared
is printed. Edition tables write the household size as `hh.size` (eligibench.catalog.editions);
the 2024 check calls it `household_size`."""
import pytest

from checkers.editions import edition_registry
from eligibench.catalog import edition_catalog, load_edition
from eligibench.truth import checker_conditions, table_mismatches

EDITION = load_edition("2026-08")
CATALOG = edition_catalog(EDITION)
REGISTRY = edition_registry("2026-08")


@pytest.mark.parametrize("oid", EDITION.new)
def test_table_and_checker_agree(oid):
    problems = table_mismatches(CATALOG[oid], checker_conditions(REGISTRY[oid]))
    size_only = [p for p in problems if "'household_size'" in p or "'hh.size'" in p]
    assert [p for p in problems if p not in size_only] == []
    uses_size = any("hh.size" in r.features for r in CATALOG[oid].readings)
    assert bool(size_only) == uses_size  # the only difference is the name of the size


def test_all_eight_new_programs_are_in_the_edition():
    assert sorted(EDITION.new) == ["AffordableBroadbandAct", "EssentialPlan", "MOIAImmigrationLegalSupportCenters",
                                   "MTAReducedFare", "NYCFerryDiscount", "NYSPaidPrenatalLeave",
                                   "QualifiedHealthPlans", "SummerEBT"]
