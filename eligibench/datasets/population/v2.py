"""Feature schema version 2 for the Representative sampler: the version-2 flags drawn for a
household the version-1 sampler already drew (docs/features-v2.md, "Sampling").

The version-1 household is drawn exactly as before (same generator, same households), then the
flags below from a second generator (`V2_SEED`), so an edition on version 2 samples the same
people as the 2024 edition and only learns more about them. Each rate is a rounded public figure
or a stated assumption (`SOURCES`); every flag a consistency rule forbids is cleared after the
draw (`consistency.v2_problems`), so `violations(hh) == []` still holds.
"""
from __future__ import annotations

import random
from typing import Any

from eligibench.datasets.population.model import FPL_BASE, FPL_EXTRA
from eligibench.household import V2_FEATURE_NAMES, Household, Member, member_to_dict
from eligibench.household import consistency as cons

V2_SEED = "representative-features-v2:{seed}"

# Chances (0-1). Where a figure is an assumption, SOURCES says so.
MEDICARE_65_PLUS = 0.94
MEDICARE_UNDER_65_SSDI = 0.85
BLIND_BY_AGE = ((17, 0.006), (64, 0.018), (999, 0.055))  # (up to age, chance)
DEAF_BY_AGE = ((17, 0.006), (64, 0.016), (999, 0.11))
SCRIE_OF_QUALIFYING = 0.35
DRIE_OF_QUALIFYING = 0.25
UTILITY_WITH_SNAP = 0.6
UTILITY_LOW_INCOME = 0.15  # household income at or below twice the poverty guideline
UTILITY_OTHER = 0.02
NSLP_SCHOOL = 0.85
LUNCH_NYC = 1.0
LUNCH_ELSEWHERE = 0.5
EMPLOYER_FULL_TIME = 0.7  # 30+ hours a week
EMPLOYER_PART_TIME = 0.3
EMPLOYER_FAMILY = 0.45  # someone else in the household works full time
EMPLOYER_NONE = 0.05
FAIR_FARES_LOW_INCOME = 0.3  # household income at or below 1.2 times the poverty guideline
FAIR_FARES_OTHER = 0.02

SOURCES: dict[str, str] = {
    "receives_medicare": "CMS enrollment vs Census population: about 94% of people 65+ are enrolled; under 65 only "
                         "with SSDI (after the 24-month wait about 85% of SSDI beneficiaries are enrolled) or a "
                         "disability (ESRD, ALS), which we leave at 0 without SSDI",
    "blind": "American Community Survey S1810 (vision difficulty), rounded: 0.6% under 18, 1.8% 18-64, 5.5% 65+",
    "deaf_or_hearing_loss": "American Community Survey S1810 (hearing difficulty), rounded: 0.6% under 18, "
                            "1.6% 18-64, 11% 65+",
    "receives_scrie": "assumption: about a third of the tenants who meet the rent-freeze conditions (62+, on the "
                      "lease of a rent-regulated NYC home) are enrolled (NYC Rent Freeze Program reports roughly "
                      "75,000 SCRIE households, a minority of those eligible)",
    "receives_drie": "assumption: a quarter of the qualifying tenants (18+, disability benefit, rent-regulated, on the "
                     "lease); DRIE enrolment is smaller than SCRIE's",
    "receives_utility_assistance": "assumption, on the self only (the account holder): 60% of SNAP households (HEAP "
                                   "reaches many SNAP households automatically), 15% of other households at or "
                                   "below twice the poverty guideline, 2% of the rest",
    "attends_nslp_school": "assumption: 85% of pre-K to grade 12 students attend a school in the lunch program "
                           "(all NYC public schools, most charter schools; private schools mostly not)",
    "receives_free_or_reduced_lunch": "NYC public schools serve free meals to every student (Community Eligibility "
                                      "Provision, citywide since 2017): 100% of NYC students of a lunch-program "
                                      "school; assumption 50% elsewhere",
    "eligible_for_employer_coverage": "assumption after KFF employer-coverage offer rates: 70% of full-time (30+ "
                                      "hours) workers, 30% of part-time, 45% of members with a full-time worker in "
                                      "the household, 5% of others",
    "fair_fares_participant": "assumption: 30% of NYC residents aged 18-64 in households at or below 1.2 times the "
                              "poverty guideline are enrolled (Fair Fares reports about 300,000 enrolled of roughly "
                              "a million eligible), 2% of others (enrolled when their income was lower)",
}
assert set(SOURCES) == set(V2_FEATURE_NAMES), "population.v2.SOURCES must cover every version-2 feature"


def _by_age(table: tuple[tuple[int, float], ...], age: int) -> float:
    return next(p for up_to, p in table if age <= up_to)


def _fpl_share(members: list[dict[str, Any]]) -> float:
    income = sum(d["annual_work_income"] + d["annual_investment_income"] for d in members)
    return income / (FPL_BASE + FPL_EXTRA * (len(members) - 1))


def with_v2_features(rng: random.Random, hh: Household) -> Household:
    """`hh` as a version-2 household with its version-2 flags drawn from the rates above."""
    ds = [member_to_dict(m, 2) for m in hh.members]
    share = _fpl_share(ds)
    snap = any(d["receives_snap"] for d in ds)
    for i, d in enumerate(ds):
        age = d["age"]
        others_full_time = any(o["work_hours_per_week"] >= 30 for j, o in enumerate(ds) if j != i)
        chances = {
            "receives_medicare": MEDICARE_65_PLUS if age >= cons.MEDICARE_AGE
            else MEDICARE_UNDER_65_SSDI if d["receives_ssdi"] else 0.0,
            "blind": _by_age(BLIND_BY_AGE, age),
            "deaf_or_hearing_loss": _by_age(DEAF_BY_AGE, age),
            "receives_scrie": SCRIE_OF_QUALIFYING,  # cleared below unless the member qualifies
            "receives_drie": DRIE_OF_QUALIFYING,
            "receives_utility_assistance": 0.0 if i else UTILITY_WITH_SNAP if snap
            else UTILITY_LOW_INCOME if share <= 2 else UTILITY_OTHER,
            "attends_nslp_school": NSLP_SCHOOL if d["current_school_level"] in cons.NSLP_LEVELS else 0.0,
            "receives_free_or_reduced_lunch": None,  # after attends_nslp_school
            "eligible_for_employer_coverage": EMPLOYER_FULL_TIME if d["work_hours_per_week"] >= 30
            else EMPLOYER_PART_TIME if d["work_hours_per_week"] > 0
            else EMPLOYER_FAMILY if others_full_time else EMPLOYER_NONE,
            "fair_fares_participant": FAIR_FARES_LOW_INCOME if share <= 1.2 else FAIR_FARES_OTHER,
        }
        for f in V2_FEATURE_NAMES:  # schema order: the draws are the same every run
            p = chances[f]
            if f == "receives_free_or_reduced_lunch":
                p = 0.0 if not d["attends_nslp_school"] else LUNCH_NYC if d["place_of_residence"] == cons.NYC else LUNCH_ELSEWHERE
            d[f] = rng.random() < p
        for _ in range(len(V2_FEATURE_NAMES)):
            problems = cons.v2_problems(d)
            if not problems:
                break
            for f, _why in problems:
                d[f] = False
    return Household(tuple(Member(**d) for d in ds), 2)


def sample_v2(households: list[Household], seed: int) -> list[Household]:
    """Every household of a version-1 sample as version 2, from the generator `V2_SEED`."""
    rng = random.Random(V2_SEED.format(seed=seed))
    return [with_v2_features(rng, hh) for hh in households]
