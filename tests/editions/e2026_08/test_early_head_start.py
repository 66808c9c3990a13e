from checkers.early_head_start import check as check_2024
from checkers.editions.e2026_08.early_head_start import check
from eligibench.household import household

BABY = {"relation": "child", "age": 1}
PREGNANT = {"sex": "female", "age": 25, "months_pregnant": 4}


def test_size_2_exactly_at_the_limit_qualifies_and_just_past_fails():  # clause: at or below $21,640 (size 2)
    assert check(household({"annual_work_income": 21640}, BABY))
    assert not check(household({"annual_work_income": 21641}, BABY))


def test_the_limit_rose_so_the_2024_verdict_changes():  # clause moved: size 2 $19,720 -> $21,640
    hh = household({"annual_work_income": 20000}, BABY)
    assert check(hh) and not check_2024(hh)


def test_an_expectant_parent_alone_uses_the_2_person_amount():  # reading: size 1 held to the 2-person amount
    assert check(household(PREGNANT | {"annual_work_income": 21640}))
    assert not check(household(PREGNANT | {"annual_work_income": 21641}))
    assert not check_2024(household(PREGNANT | {"annual_work_income": 21640}))  # 2024 size 1 row: $14,580


def test_size_6_row():  # clause: table size 6 ($44,360)
    kids = [BABY] + [{"relation": "child", "age": 8}] * 4
    assert check(household({"annual_work_income": 44360}, *kids))
    assert not check(household({"annual_work_income": 44361}, *kids))


def test_snap_now_qualifies():  # clause moved: SNAP joined the categories for Early Head Start
    hh = household({"annual_work_income": 200000, "receives_snap": True}, BABY)
    assert check(hh) and not check_2024(hh)


def test_other_categories_qualify_whatever_the_income():  # clauses: temporary housing, cash assistance, SSI
    rich = {"annual_work_income": 200000}
    for category in ({"housing_type": "homeless"}, {"receives_cash_assistance": True}, {"receives_ssi": True}):
        assert check(household(rich | category, BABY))
    assert not check(household(rich, BABY))


def test_foster_care_counts_for_a_child_under_3_only():  # clause: enrolling a child in foster care
    rich = {"annual_work_income": 200000}
    assert check(household(rich, BABY | {"in_foster_care": True}))
    assert not check(household(rich, BABY, {"relation": "foster child", "age": 3, "in_foster_care": True}))


def test_rent_over_30_percent_of_income_is_subtracted():  # clause (new): the housing costs above 30% subtracted (third reading)
    # income $30,000, size 2 (limit $21,640): counted = 30,000 - (12 x rent - 9,000)
    assert check(household({"annual_work_income": 30000, "monthly_rent_spending": 1447}, BABY))  # counted $21,636
    assert not check(household({"annual_work_income": 30000, "monthly_rent_spending": 1446}, BABY))  # counted $21,648
    assert not check(household({"annual_work_income": 30000, "monthly_rent_spending": 751}, BABY))  # $12 off, not the whole rent


def test_the_child_is_under_3_or_a_member_is_pregnant():  # implied: infant/toddler or expectant parent
    assert check(household({}, {"relation": "child", "age": 2}))
    assert not check(household({}, {"relation": "child", "age": 3}))
    assert check(household(PREGNANT, {"relation": "child", "age": 7}))
