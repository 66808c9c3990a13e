from checkers.editions.e2026_08.head_start import check
from checkers.head_start import check as check_2024
from eligibench.household import household

KID = {"relation": "child", "age": 3}


def test_size_2_exactly_at_the_limit_qualifies_and_just_past_fails():  # clause: at or below $21,640 (size 2)
    assert check(household({"annual_work_income": 21640}, KID))
    assert not check(household({"annual_work_income": 21641}, KID))


def test_at_or_below_is_inclusive_and_the_limit_rose():  # clause moved: "falls below" $20,440 -> "at or below" $21,640
    at_2024_amount = household({"annual_work_income": 20440}, KID)
    assert check(at_2024_amount) and not check_2024(at_2024_amount)
    assert check(household({"annual_work_income": 21000}, KID)) and not check_2024(household({"annual_work_income": 21000}, KID))


def test_size_6_row_counts_every_members_income():  # clause: table size 6 ($44,360)
    kids = [KID] + [{"relation": "child", "age": 8}] * 3
    spouse = {"relation": "spouse", "annual_investment_income": 4360}
    assert check(household({"annual_work_income": 40000}, spouse, *kids))
    assert not check(household({"annual_work_income": 40001}, spouse, *kids))


def test_rent_over_30_percent_of_income_is_subtracted():  # clause (new): the housing costs above 30% subtracted (third reading)
    # income $30,000, size 2 (limit $21,640): 30% is $9,000 a year = $750 a month; counted = 30,000 - (12 x rent - 9,000)
    assert check(household({"annual_work_income": 30000, "monthly_rent_spending": 1447}, KID))  # counted $21,636
    assert not check(household({"annual_work_income": 30000, "monthly_rent_spending": 1446}, KID))  # counted $21,648
    assert not check(household({"annual_work_income": 30000, "monthly_rent_spending": 751}, KID))  # only $12 off (was the whole rent)
    assert not check(household({"annual_work_income": 30000, "monthly_rent_spending": 750}, KID))  # not more than 30%
    assert not check_2024(household({"annual_work_income": 30000, "monthly_rent_spending": 1447}, KID))


def test_rent_of_every_member_adds_up():  # clause: the household's rent
    spouse = {"relation": "spouse", "monthly_rent_spending": 800}
    # size 3 (limit $27,320): $19,200 of rent, $10,200 above 30% -> counted $19,800
    assert check(household({"annual_work_income": 30000, "monthly_rent_spending": 800}, spouse, KID))
    assert not check(household({"annual_work_income": 30000, "monthly_rent_spending": 800}, KID | {"relation": "child"},
                               {"relation": "child", "age": 10}))  # $9,600 of rent: $600 off -> $29,400


def test_categories_qualify_whatever_the_income():  # clauses: temporary housing; cash assistance, SNAP, SSI
    rich = {"annual_work_income": 200000}
    for category in ({"housing_type": "HRA shelter"}, {"receives_cash_assistance": True}, {"receives_snap": True},
                     {"receives_ssi": True}):
        assert check(household(rich | category, KID))
    assert not check(household(rich, KID))


def test_foster_care_counts_for_the_child_being_enrolled_only():  # clause: enrolling a child in foster care
    rich = {"annual_work_income": 200000}
    assert check(household(rich, KID | {"in_foster_care": True}))
    assert not check(household(rich, KID, {"relation": "foster child", "age": 5, "in_foster_care": True}))


def test_the_child_is_3_or_4():  # implied: a member aged 3 or 4
    assert check(household({}, {"relation": "child", "age": 4}))
    assert not check(household({}, {"relation": "child", "age": 2}))
    assert not check(household({}, {"relation": "child", "age": 5}))
