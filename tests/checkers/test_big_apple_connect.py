from checkers.big_apple_connect import check
from eligibench.household import household


def test_nycha_resident_qualifies():  # clause: lives in a NYCHA development
    assert check(household({"housing_type": "NYCHA development"}))


def test_section_8_tenant_fails():  # clause: lives in a NYCHA development (voucher housing is not)
    assert not check(household({"housing_type": "Section 8"}))


def test_homeowner_fails():  # clause: lives in a NYCHA development
    assert not check(household({"housing_type": "condo", "is_property_owner": True}))


def test_qualifies_through_spouse():  # individual scope: non-self member
    assert check(household({"housing_type": "homeless"}, {"relation": "spouse", "housing_type": "NYCHA development"}))


def test_no_nycha_member_fails():  # no relevant member
    assert not check(household({"housing_type": "Section 8"}, {"relation": "child", "age": 4, "housing_type": "Section 8"}))
