"""Every checker that tests NYC residence reads it the same way: DHS/HRA shelters and NYCHA
housing are in NYC whatever place_of_residence says (issue 11)."""
import ast

import pytest

import checkers
from eligibench.household import household
from eligibench.truth import TWIN, checker_source

RESIDENCE_CHECKERS = sorted(oid for oid, mod in checkers.registry().items() if hasattr(mod, "lives_in_nyc"))


def test_residence_checkers_found():
    assert len(RESIDENCE_CHECKERS) >= 30


@pytest.mark.parametrize("oid", RESIDENCE_CHECKERS)
def test_nyc_only_housing_means_nyc(oid):
    lives_in_nyc = checkers.registry()[oid].lives_in_nyc
    for housing in ("DHS shelter", "HRA shelter", "NYCHA development"):
        assert lives_in_nyc(household({"place_of_residence": "Jersey", "housing_type": housing}).members[0])
    assert not lives_in_nyc(household({"place_of_residence": "Jersey", "housing_type": "homeless"}).members[0])
    assert lives_in_nyc(household({"place_of_residence": "New York City", "housing_type": "condo"}).members[0])


@pytest.mark.parametrize("oid", RESIDENCE_CHECKERS)
def test_checkers_do_not_read_place_of_residence_elsewhere(oid):
    # Only lives_in_nyc reads place_of_residence, so no checker can bypass the shelter rule.
    assert _code(checkers.registry()[oid]).count("place_of_residence") == 1


def _code(mod) -> str:
    """The code a checker runs, docstring aside: a variant's composed with its twin's (checker_source)."""
    if not hasattr(mod, TWIN):
        return open(mod.__file__).read().split('"""', 2)[2]
    source = checker_source(mod)
    return "\n".join(ast.unparse(part) for part in (source.tree, source.functions) if part is not None)
