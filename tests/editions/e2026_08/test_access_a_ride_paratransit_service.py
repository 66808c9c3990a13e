import itertools

from checkers import registry
from checkers.editions.e2026_08.access_a_ride_paratransit_service import check
from eligibench.household import household

CAUSES = ("disabled", "developmental_condition", "emotional_behavioral_condition", "mental_health_condition",
          "recovering_from_surgery", "chronic_health_condition")


def test_each_cause_qualifies_when_buses_and_subways_cannot_be_used():  # clauses: cannot use buses/subways + cause
    for cause in CAUSES:
        assert check(household({"can_access_subway_or_bus": False, cause: True})), cause


def test_a_cause_without_the_inability_fails():  # clause: cannot use buses or subways
    for cause in CAUSES:
        assert not check(household({"can_access_subway_or_bus": True, cause: True})), cause


def test_the_inability_without_a_cause_fails():  # clause: that is because of a named cause
    assert not check(household({"can_access_subway_or_bus": False}))


def test_visitors_qualify_and_any_member_counts():  # clauses: residence not required; individual scope
    assert check(household({"place_of_residence": "Jersey", "can_access_subway_or_bus": False, "disabled": True}))
    assert check(household({"age": 40}, {"relation": "child", "age": 9, "can_access_subway_or_bus": False,
                                         "recovering_from_surgery": True}))


def test_the_rule_did_not_move_from_2024():  # the 2026 text reworded the conditions; no verdict changes
    old = registry()["AccessARideParatransitService"].check
    for access, *flags in itertools.product((True, False), *[(False, True)] * len(CAUSES)):
        hh = household({"can_access_subway_or_bus": access, **dict(zip(CAUSES, flags))})
        assert check(hh) == old(hh)


def test_wheelchair_user_who_cannot_use_transit_qualifies():  # the shared rule (second reading 2024-a, decided)
    reader = {"age": 70, "can_access_subway_or_bus": False, "wheelchair": True}
    assert check(household(reader))
    assert not check(household(dict(reader, wheelchair=False)))
