from checkers.nyc_tenant_resource_portal import check
from eligibench.household import household


def test_pays_rent_qualifies():  # clause: renter (pays rent, edge $1)
    assert check(household({"monthly_rent_spending": 1}))


def test_no_rent_and_no_lease_fails():  # clause: renter (rent $0, not on a lease)
    assert not check(household({"monthly_rent_spending": 0, "name_is_on_lease": False}))


def test_on_lease_qualifies():  # clause: renter (name on lease)
    assert check(household({"name_is_on_lease": True}))


def test_undocumented_renter_qualifies():  # clause: regardless of immigration status
    assert check(household({"monthly_rent_spending": 1500, "citizenship": "unlawful_resident"}))


def test_homeowner_household_fails():  # no relevant member
    hh = household({"is_property_owner": True, "housing_type": "condo"}, {"relation": "child", "age": 8})
    assert not check(hh)


def test_qualifies_through_roommate():  # individual scope: non-self member
    assert check(household({}, {"relation": "friend", "monthly_rent_spending": 900}))
