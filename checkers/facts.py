"""Derived facts: one definition per concept the program texts share (issue 30), 2024 edition.

A checker asks "does this member receive Medicaid?" by calling `receives_medicaid(m)`, never by
reading `m.receives_medicaid` and `m.receives_disability_medicaid` itself: a concept read in
two places drifted apart (Child Health Plus and NFP ignored disability Medicaid, nine checkers
read only one of the two Temporary Assistance flags). `COVERED` lists the raw features a fact
covers; `tests/checkers/test_vocabulary.py` fails, naming file:line, on a checker that reads one.

A fact is written under the checkers' trace discipline, one operand per line (`if m.flag:
return True` per raw feature), and it is traced with the checker that calls it: the instrumenter
(`eligibench.truth.tracing.instrument`) compiles the facts a checker imports into the checker's
namespace and records their lines as `FACT_LINES + n` (n the line in this file). So the trace
names the operand that decided ("receives Medicaid" through `receives_disability_medicaid`, line
n), two households decided by different operands get different traces, and the Diverse coverage
counts each operand's line as a line of every checker that calls the fact. A fact holds no
threshold (a number a checker compares with stays in the checker, where the fuzzer finds it):
`discipline.fact_violations`, `tests/checkers/test_facts.py`. The reading stand-in household
(`eligibench.truth.tracing.ReadingHousehold`) logs every raw feature a fact reads, and the static
conditions (`eligibench.truth.fact_reads`) count them as read by the checker (review tables name
them).

A later edition that reads a concept differently overrides it in
`checkers/editions/e<edition>/facts.py` (re-exporting this module), with its reason.
"""
from __future__ import annotations

from typing import Callable, Literal

from eligibench.household import Household, Member

DisabilityKind = Literal["any", "developmental"]


def receives_medicaid(m: Member) -> bool:
    """Receives Medicaid, any kind. Medicaid granted because of a disability
    (receives_disability_medicaid) is Medicaid: a text saying "Medicaid" does not exclude it."""
    if m.receives_medicaid:
        return True
    if m.receives_disability_medicaid:
        return True
    return False


def medicaid_eligible(m: Member) -> bool:
    """Eligible for Medicaid: the eligibility flag, or receiving Medicaid of any kind (receiving
    a benefit implies being eligible for it; a caseworker would call the opposite a contradiction)."""
    if m.eligible_for_medicaid:
        return True
    if m.receives_medicaid:
        return True
    if m.receives_disability_medicaid:
        return True
    return False


def disability_medicaid(m: Member) -> bool:
    """Receives Medicaid because of a disability: only for a text that names that kind of
    Medicaid as proof of a disability (DRIE); a text saying "Medicaid" reads `receives_medicaid`."""
    return m.receives_disability_medicaid


def temporary_assistance(m: Member) -> bool:
    """Receives Temporary Assistance, HRA Cash Assistance included. HRA Cash Assistance is New
    York State's Temporary Assistance program (Family Assistance and Safety Net Assistance,
    OTDA) as HRA administers it in NYC: the two flags name one program, and the population
    sampler already copies one into the other. No consistency rule ties them, so a fuzzed
    household may set only one; either means the member gets the program."""
    if m.receives_temporary_assistance:
        return True
    if m.receives_cash_assistance:
        return True
    return False


def any_disability(m: Member) -> bool:
    """Has a disability, the plain word of a text ("has a disability", "people with
    disabilities"): the general flag, or a serious developmental condition, blindness, deafness
    or hearing loss (each a disability in the ADA's and New York's sense). The v2 features
    (blind, deaf_or_hearing_loss) read False on a v1 household, so v1 verdicts keep their base."""
    if m.disabled:
        return True
    if m.developmental_condition:
        return True
    if m.blind:
        return True
    if m.deaf_or_hearing_loss:
        return True
    return False


def developmental_disability(m: Member) -> bool:
    """Has a developmental disability: a text that names this kind (Family Type Homes' day
    treatment, special health care needs' "developmental condition") reads only it."""
    return m.developmental_condition


# The kinds of `disability(m, kind)`: a checker names the kind its text means, as a literal.
DISABILITY_KINDS = {
    "any": any_disability,
    "developmental": developmental_disability,
}


def disability(m: Member, kind: DisabilityKind) -> bool:
    """Has a disability of `kind` ("any": the plain word; "developmental": a developmental
    disability). The kind is a literal in the checker (tests/checkers/test_vocabulary.py)."""
    return DISABILITY_KINDS[kind](m)


def household_receives_snap(hh: Household) -> bool:
    """The household receives SNAP: any member does. SNAP is a household benefit (one case per
    household that buys and prepares food together), so a text saying "your household/family
    receives SNAP" is met whichever member the flag was recorded on."""
    for m in hh.members:
        if m.receives_snap:
            return True
    return False


def own_snap(m: Member) -> bool:
    """The member's own SNAP flag: only for a text about a person's own benefit (its YAML
    reading says why); "household/family receives SNAP" reads `household_receives_snap`."""
    return m.receives_snap


def works(m: Member) -> bool:
    """Works: any hours a week (checkers/README.md "Conventions"; consistency rule
    `work_hours_and_income` keeps income from work in step). The definition, for code outside
    the checkers (samplers, explanations). Checkers write it in place, `m.work_hours_per_week > 0`
    (or `< 1`), and `work_hours_per_week` is not in COVERED: the fuzzer takes its near-threshold
    values from the numbers a checker's source compares with (`datasets.fuzz.thresholds_from_checkers`),
    so moving the 0 and 1 into this module would change every fuzzed household and move the
    Diverse dataset for no reading's sake (measured: the thresholds went from (0, 1, 10, 20, 35)
    to (10, 20, 35))."""
    if m.work_hours_per_week > 0:
        return True
    return False


# The relations (to the answerer) of a grandchild's own parent: the answerer's child who is a parent
# (the decided reading of Newborn Home Visiting). A niece's or nephew's own parent is the answerer's
# sibling who is a parent; the answerer's own child's parents are the answerer and spouse.
GRANDCHILD_PARENT_RELATIONS = ("child", "stepchild", "foster child", "adopted child")


def is_childs_own_parent(m: Member, child: Member) -> bool:
    """`m` is `child`'s own parent, other than the answering person and spouse. Relations in the schema
    are to the answerer only, so the pair decides: a grandchild's parent is a child of the answerer who
    is a parent, a niece's or nephew's a sibling of the answerer who is a parent. Review of the third
    reading: read per member ("a child or sibling of the answerer who is a parent"), a grown daughter
    who is a mother elsewhere counted as the parent of her own little sister, an aunt's son as the
    parent of her niece, the grandmother's brother as a parent of her grandchild."""
    if not m.is_parent:
        return False
    if child.relation == "grandchild":
        if m.relation in GRANDCHILD_PARENT_RELATIONS:
            return True
        return False
    if child.relation == "niece or nephew":
        if m.relation == "sibling":
            return True
    return False


def reason_for_care_counts(m: Member, child: Member) -> bool:
    """The member's own reason for care (work, school or training, a job search, domestic violence
    services, treatment) counts for `child`, a child in care the household raises: the answering
    person and their spouse (the applicants, parent or caretaker relative of the child), the child's
    own parent in the household (is_childs_own_parent), and a guardian (responsible_for_day_to_day:
    responsible for a child's day-to-day care). Every child program with reasons for care reads
    "you" through this fact (Child Care Vouchers and Infant/Toddler Programs, both editions). Third
    reading: "you" was the answering person or spouse only, so a grandmother answering for her
    working daughter and grandchild was refused."""
    if m.relation == "self":
        return True
    if m.relation == "spouse":
        return True
    if m.responsible_for_day_to_day:
        return True
    if is_childs_own_parent(m, child):
        return True
    return False


def childs_parent_in_household(hh: Household, child: Member) -> bool:
    """A member other than the answering person and spouse whose reason for care counts for `child`
    lives in the household: the child's own parent or a guardian. When the child in care is not the
    answerer's own, that member is its parent."""
    for m in hh.members:
        if m.relation == "self":
            continue
        if m.relation == "spouse":
            continue
        if reason_for_care_counts(m, child):
            return True
    return False


def parent_for_care(m: Member, child: Member, answerer_parent: bool) -> bool:
    """A parent of `child` whose own reason for care a text asks of each parent ("each parent", "both
    parents", 2026-08): among the members whose reason counts for the child (reason_for_care_counts),
    the answering person and spouse when they are the parents (`answerer_parent`: a child in care is
    their own, or no other parent lives in the household; the checker decides it, since only it knows
    who the child in care is), otherwise the child's own parent in the household or a guardian."""
    if not reason_for_care_counts(m, child):
        return False
    if m.relation == "self":
        if answerer_parent:
            return True
        return False
    if m.relation == "spouse":
        if answerer_parent:
            return True
        return False
    if answerer_parent:
        return False
    return True



# The answering person's own children (a child in care with one of these relations is theirs).
OWN_CHILD_RELATIONS = ("child", "stepchild", "foster child", "adopted child")


def answerer_is_parent_for_care(hh: Household, in_care: Callable[[Member], bool]) -> bool:
    """The answering person and spouse are the parents whose reasons a text asks ("each parent",
    "both parents", 2026-08) of the children in care (`in_care`, the checker's own test: only it
    knows which children its program cares for): when a child in care is their own; otherwise, when
    a child in care has its own parent (or a guardian) in the household, that member is the parent;
    with neither, the answering person and spouse care for the child as its parents."""
    for m in hh.members:
        if not in_care(m):
            continue
        if m.relation in OWN_CHILD_RELATIONS:
            return True
    for child in hh.members:
        if not in_care(child):
            continue
        if childs_parent_in_household(hh, child):
            return False
    return True


def parent_of_a_child_in_care(hh: Household, m: Member, in_care: Callable[[Member], bool]) -> bool:
    """`m` is a parent of a child in care whose own reason for care the text asks of each parent:
    Child Care Vouchers ("Each parent must have one of these reasons for care") and Extended
    Day/Year Infant and Toddler Programs ("Both parents in a two-parent household must meet one of
    these conditions"), 2026-08. Decided per child in care (parent_for_care): a member who is a
    parent of someone else is not the parent of this child. A grandmother (60, not working)
    answering for her daughter (25, a mother, working 20 hours a week) and a 2-year-old grandchild:
    the daughter is the parent, the grandmother is not asked for a reason (third reading)."""
    answerer_parent = answerer_is_parent_for_care(hh, in_care)
    for child in hh.members:
        if not in_care(child):
            continue
        if parent_for_care(m, child, answerer_parent):
            return True
    return False

# Raw feature -> the facts that cover it. A checker reading one of these features directly
# (`m.receives_cash_assistance`) reads half a concept: test_vocabulary fails naming file:line.
COVERED: dict[str, tuple[str, ...]] = {
    "receives_medicaid": ("receives_medicaid", "medicaid_eligible"),
    "receives_disability_medicaid": ("receives_medicaid", "medicaid_eligible", "disability_medicaid"),
    "eligible_for_medicaid": ("medicaid_eligible",),
    "receives_temporary_assistance": ("temporary_assistance",),
    "receives_cash_assistance": ("temporary_assistance",),
    "disabled": ("disability",),
    "developmental_condition": ("disability",),
    "blind": ("disability",),
    "deaf_or_hearing_loss": ("disability",),
    "receives_snap": ("household_receives_snap", "own_snap"),
}
