from checkers.nycha_resident_economic_empowerment_and_sustainability import check
from eligibench.household import household


def test_nycha_resident_qualifies():  # clause: lives in NYCHA housing
    assert check(household({"housing_type": "NYCHA development"}))


def test_rent_stabilized_tenant_fails():  # clause: lives in NYCHA housing (other housing)
    assert not check(household({"housing_type": "rent stabilized apartment"}))


def test_section_8_is_not_nycha_housing():  # clause: lives in NYCHA housing (voucher is not NYCHA development)
    assert not check(household({"housing_type": "Section 8"}))


def test_qualifies_through_child():  # individual scope: non-self member
    assert check(household({"housing_type": "homeless"}, {"relation": "child", "age": 20, "housing_type": "NYCHA development"}))


def test_no_nycha_member_fails():  # no relevant member
    assert not check(household({"housing_type": "condo"}, {"relation": "spouse", "housing_type": "condo"}))
