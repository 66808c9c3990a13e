"""Constants and branch-free helpers shared by checkers.

Nothing here may branch on a household: a condition hidden in a shared helper would not show
in the checker's trace. Conditions belong in the checker module itself.
"""
from eligibench.household import Household, Member

# "Your child" in NYC program text: the schema's relations for a child the household raises.
CHILD_RELATIONS = ("child", "stepchild", "foster child", "adopted child")
# The child a child-care program cares for is one the family raises (decided in the third reading:
# "any member under 13" counted a friend's child): the answerer's own children and the relatives
# a parent or caretaker relative raises. A friend (the schema's only unrelated relation) is not.
FAMILY_CHILD_RELATIONS = CHILD_RELATIONS + ("grandchild", "sibling", "niece or nephew", "cousin")
# Tax rules count more relatives as a qualifying child (IRS: child, stepchild, eligible foster
# child, adopted child, sibling, niece or nephew, grandchild).
TAX_CHILD_RELATIONS = CHILD_RELATIONS + ("grandchild", "sibling", "niece or nephew")
NYC = "New York City"
TEMPORARY_HOUSING = ("homeless", "DHS shelter", "HRA shelter", "temporary housing")
# Housing that exists only in New York City: a member living in it lives in NYC, whatever
# place_of_residence says (NYC Department of Homeless Services and HRA shelters, NYCHA).
NYC_ONLY_HOUSING = ("DHS shelter", "HRA shelter", "NYCHA development")


def member_income(m: Member) -> int:
    """Yearly income of one member: work plus investments, in dollars."""
    return m.annual_work_income + m.annual_investment_income


def household_income(hh: Household) -> int:
    """Yearly income of the household: every member's work and investment income."""
    total = 0
    for m in hh.members:
        total += m.annual_work_income + m.annual_investment_income
    return total


def household_work_income(hh: Household) -> int:
    total = 0
    for m in hh.members:
        total += m.annual_work_income
    return total


def table_limit(table: tuple[int, ...], extra_per_person: int, size: int) -> int:
    """Limit for a household of `size` from a table starting at size 1, extended past its end."""
    last = len(table)
    extra = max(0, size - last)
    return table[min(size, last) - 1] + extra * extra_per_person
