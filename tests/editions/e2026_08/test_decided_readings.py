"""The readings issue 30 decided for the 2026-08 edition (docs/ground_truth.md "Decided readings"),
each held by a pair of households that differ in the one fact the reading is about. The 2024 twin
is asserted too where the decision is the same in both editions."""
import pytest

from checkers import registry
from checkers.editions import edition_registry
from eligibench.household import household

E26 = edition_registry("2026-08")
E24 = registry()
NYC = {"place_of_residence": "New York City"}


def check(oid: str, hh, edition: str = "2026-08") -> bool:
    return (E26 if edition == "2026-08" else E24)[oid].check(hh)


@pytest.mark.parametrize("oid", ["HeadStart", "EarlyHeadStart", "ChildCareVouchers", "HomeEnergyAssistanceProgram",
                                 "CoolingAssistanceBenefit", "TrainEarn", "LearnEarn", "SummerEBT"])
def test_cash_assistance_and_temporary_assistance_are_one_program(oid):
    """temporary_assistance(m): either flag alone gives the same verdict, in every checker of the edition."""
    households = {
        "HeadStart": lambda f: household({"age": 30, "annual_work_income": 500000, f: True}, {"relation": "child", "age": 4}),
        "EarlyHeadStart": lambda f: household({"age": 30, "annual_work_income": 500000, f: True}, {"relation": "child", "age": 1}),
        "ChildCareVouchers": lambda f: household({"age": 30, "annual_work_income": 500000, "work_hours_per_week": 40, f: True},
                                                 {"relation": "child", "age": 3}),
        "HomeEnergyAssistanceProgram": lambda f: household({"age": 30, "annual_work_income": 500000, f: True}),
        "CoolingAssistanceBenefit": lambda f: household({"age": 65, "annual_work_income": 500000, f: True}),
        "TrainEarn": lambda f: household(NYC | {"age": 20, "authorized_to_work_in_us": True, f: True}),
        "LearnEarn": lambda f: household(NYC | {"age": 17, "current_school_level": 11, "authorized_to_work_in_us": True, f: True}),
        "SummerEBT": lambda f: household({"age": 40, "annual_work_income": 500000},
                                         {"relation": "child", "age": 10, "current_school_level": 5, f: True}),
    }[oid]
    cash, ta = check(oid, households("receives_cash_assistance")), check(oid, households("receives_temporary_assistance"))
    assert cash and ta  # either flag alone qualifies (the household has no other route)


@pytest.mark.parametrize("oid", ["ChildHealthPlusAndChildrensMedicaid", "NYCNurseFamilyPartnership", "EssentialPlan",
                                 "QualifiedHealthPlans", "AffordableBroadbandAct", "NYCCare", "SummerEBT"])
def test_disability_medicaid_is_medicaid(oid):
    """receives_medicaid(m) / medicaid_eligible(m): disability Medicaid gives the verdict Medicaid gives."""
    people = {
        "ChildHealthPlusAndChildrensMedicaid": [{"age": 40}, {"relation": "child", "age": 8, "health_insurance": False}],
        "NYCNurseFamilyPartnership": [{"sex": "female", "age": 30, "months_pregnant": 3}],
        "EssentialPlan": [NYC | {"age": 40, "citizenship": "citizen_or_national"}],
        "QualifiedHealthPlans": [NYC | {"age": 40, "citizenship": "citizen_or_national", "annual_work_income": 90000}],
        "AffordableBroadbandAct": [{"age": 40, "annual_work_income": 500000}],
        "NYCCare": [NYC | {"age": 40, "health_insurance": False, "qualify_for_health_insurance": False}],
        "SummerEBT": [{"age": 40, "annual_work_income": 500000}, {"relation": "child", "age": 10}],
    }[oid]
    who = len(people) - 1

    def with_flag(flag):
        return household(*people[:who], people[who] | ({flag: True} if flag else {}))
    medicaid, disability = check(oid, with_flag("receives_medicaid")), check(oid, with_flag("receives_disability_medicaid"))
    assert medicaid == disability != check(oid, with_flag(None))


@pytest.mark.parametrize("flag", ["disabled", "developmental_condition", "blind", "deaf_or_hearing_loss"])
def test_mta_and_ferry_read_every_disability_flag(flag):
    hh = household({"age": 30, flag: True})
    assert check("MTAReducedFare", hh) and check("NYCFerryDiscount", hh)
    assert not check("MTAReducedFare", household({"age": 30})) and not check("NYCFerryDiscount", household({"age": 30}))


def test_moia_has_no_status_condition():
    for status in ("citizen_or_national", "lawful_resident", "unlawful_resident"):
        assert check("MOIAImmigrationLegalSupportCenters", household(NYC | {"age": 40, "citizenship": status}))


@pytest.mark.parametrize("edition", ["2024", "2026-08"])
def test_heap_vulnerable_member_does_not_decide_eligibility(edition):
    """HEAP's "under 6, 60 or older or permanently disabled" shapes the benefit (both editions)."""
    low = {"age": 30, "annual_work_income": 10000, "citizenship": "citizen_or_national"}
    assert check("HomeEnergyAssistanceProgram", household(low), edition)
    assert check("HomeEnergyAssistanceProgram", household(low | {"age": 65}), edition)


@pytest.mark.parametrize("edition", ["2024", "2026-08"])
def test_nyc_care_medicaid_is_a_state_plan(edition):
    base = NYC | {"age": 40, "health_insurance": False, "qualify_for_health_insurance": False}
    assert check("NYCCare", household(base), edition)
    assert not check("NYCCare", household(base | {"eligible_for_medicaid": True}), edition)


@pytest.mark.parametrize("edition", ["2024", "2026-08"])
def test_unemployment_insurance_does_not_require_being_out_of_work_now(edition):
    """Partial unemployment: NY pays benefits in weeks of reduced work; the text says nothing of work now."""
    lost = {"age": 40, "lost_job": True, "days_looking_for_work": 10, "can_work_immediately": True,
            "authorized_to_work_in_us": True, "was_authorized_to_work_when_job_lost": True, "months_since_worked": 0}
    assert check("NYSUnemploymentInsurance", household(lost), edition)
    assert check("NYSUnemploymentInsurance", household(lost | {"work_hours_per_week": 15, "annual_work_income": 12000}), edition)


@pytest.mark.parametrize("edition", ["2024", "2026-08"])
def test_infant_toddler_six_months_is_days_looking_for_work(edition):
    """"Looking for work (up to 6 months unemployed)": days_looking_for_work 1 to 180, both editions."""
    def hh(days, months_since_worked=-1):
        return household(NYC | {"age": 30, "days_looking_for_work": days, "months_since_worked": months_since_worked},
                         NYC | {"relation": "child", "age": 1, "citizenship": "citizen_or_national"})
    assert check("InfantToddlerPrograms", hh(180), edition)
    assert not check("InfantToddlerPrograms", hh(181), edition)
    assert check("InfantToddlerPrograms", hh(30, 24), edition)  # last worked 2 years ago: not read


def test_qhp_reads_child_health_plus_as_its_checker_does():
    base = NYC | {"citizenship": "citizen_or_national", "annual_work_income": 90000}
    for age in (0, 10, 18):
        uninsured = household(base | {"age": age, "health_insurance": False})
        insured = household(base | {"age": age, "health_insurance": True})
        # exactly the children Child Health Plus takes are kept out of a Qualified Health Plan
        assert check("ChildHealthPlusAndChildrensMedicaid", uninsured) and not check("QualifiedHealthPlans", uninsured)
        assert not check("ChildHealthPlusAndChildrensMedicaid", insured) and check("QualifiedHealthPlans", insured)


def test_summer_ebt_reads_snap_from_the_household():
    parent = {"age": 40, "annual_work_income": 500000}
    child = {"relation": "child", "age": 10}
    assert check("SummerEBT", household(parent | {"receives_snap": True}, child))
    assert check("SummerEBT", household(parent, child | {"receives_snap": True}))
    assert not check("SummerEBT", household(parent, child))
