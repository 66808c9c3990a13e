"""Whose reason for care counts is decided per child in care (review of the third reading).

The third reading let "the child's own parent in the household" count for care: a child or a sibling
of the answering person who is a parent. Read per member, that took in a grown child or sibling who
is a parent of someone else: the answering person's grown daughter, a mother elsewhere, gave a
reason for care for the answering person's own toddler (her sister); an aunt's grown son gave one
for her niece (his cousin); and in 2026-08 ("each parent") the grandmother's own sibling was asked
for a reason as if a parent of her grandchild. Relations in the schema are to the answering person,
so a grandchild's parent is the answering person's child who is a parent, a niece's or nephew's
parent the answering person's sibling who is a parent, and the answering person's own child's
parents are the answering person and spouse. Each household has its one-fact twin."""
import pytest

from checkers.editions import edition_registry
from eligibench.household import household

BOTH = ("2024", "2026-08")
CHILD_CARE = ("ChildCareVouchers", "InfantToddlerPrograms")
# $31,200 for 30 hours a week is $20 an hour: above the 2026-08 minimum-wage bar
WORK = {"work_hours_per_week": 30, "annual_work_income": 31200}


def check(edition: str, opportunity: str, *members: dict) -> bool:
    return edition_registry(edition)[opportunity].check(household(*members))


MOTHER = {"age": 40, "sex": "female", "is_parent": True}
# a mother of a child who does not live here: not the parent of anyone in the household
GROWN_DAUGHTER_WHO_IS_A_MOTHER = {"relation": "child", "age": 22, "sex": "female", "is_parent": True} | WORK
TODDLER = {"relation": "child", "age": 2}


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_a_grown_child_who_is_a_parent_is_not_the_parent_of_a_sibling(edition, opportunity):
    # the toddler's parent (the answering person) has no reason for care; her sister works
    assert not check(edition, opportunity, MOTHER, GROWN_DAUGHTER_WHO_IS_A_MOTHER, TODDLER)
    # twin: the toddler's mother works
    assert check(edition, opportunity, MOTHER | WORK, GROWN_DAUGHTER_WHO_IS_A_MOTHER, TODDLER)


AUNT = {"age": 50, "sex": "female", "is_parent": True}
NIECE = {"relation": "niece or nephew", "age": 2}
AUNTS_SON_WHO_IS_A_FATHER = {"relation": "child", "age": 28, "sex": "male", "is_parent": True} | WORK
NIECES_MOTHER = {"relation": "sibling", "age": 26, "sex": "female", "is_parent": True} | WORK


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_a_cousin_who_is_a_parent_is_not_the_parent_of_a_niece(edition, opportunity):
    # the aunt cares for her niece and has no reason; her son (the niece's cousin) works
    assert not check(edition, opportunity, AUNT, AUNTS_SON_WHO_IS_A_FATHER, NIECE)
    # twin: the worker is the aunt's sibling who is a parent, the niece's own parent
    assert check(edition, opportunity, AUNT, NIECES_MOTHER, NIECE)


GRANDMOTHER = {"age": 60, "sex": "female", "is_parent": True}
DAUGHTER = {"relation": "child", "age": 25, "sex": "female", "is_parent": True} | WORK
GRANDCHILD = {"relation": "grandchild", "age": 2}
# the grandmother's brother, a father of grown children elsewhere, not working
GREAT_UNCLE = {"relation": "sibling", "age": 55, "sex": "male", "is_parent": True}


@pytest.mark.parametrize("edition", BOTH)
@pytest.mark.parametrize("opportunity", CHILD_CARE)
def test_the_grandmothers_sibling_is_not_a_parent_of_her_grandchild(edition, opportunity):
    # the grandchild's only parent in the household (the daughter) works: "each parent" is met
    assert check(edition, opportunity, GRANDMOTHER, DAUGHTER, GRANDCHILD, GREAT_UNCLE)
    # twin: the daughter does not work
    idle = DAUGHTER | {"work_hours_per_week": 0, "annual_work_income": 0}
    assert not check(edition, opportunity, GRANDMOTHER, idle, GRANDCHILD, GREAT_UNCLE)
