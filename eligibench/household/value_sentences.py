"""The profile's sentences for numeric and choice features: feature -> a function of the value
returning a template (fields described in `eligibench.household.profile`), and the number words
they share."""
from __future__ import annotations

from typing import Any, Callable


def counted(n: int, unit: str) -> str:
    """"1 year", "3 years": a count with its unit in the right number."""
    return f"{n} {unit}" if n == 1 else f"{n} {unit}s"


def _money(amount: float) -> str:
    if amount == int(amount):
        return f"${int(amount):,}"
    return f"${amount:,.2f}"


def _decimal(v: float) -> str:
    """At most two decimals, at least one: 3.0, 3.5, 3.25."""
    text = f"{v:.2f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def _age(v: int) -> str:
    return "{S} {be} under 1 year old." if v == 0 else f"{{S}} {{be}} {counted(v, 'year')} old."


def _grade(v: Any) -> str:
    if isinstance(v, int):
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(v, "th")
        return f"{{S}} {{be}} in {v}{suffix} grade."
    return SCHOOL_LEVELS[v]


SCHOOL_LEVELS = {
    "none": "{S} {be} not currently in school.",
    "pk": "{S} {be} in pre-kindergarten (pre-K).",
    "k": "{S} {be} in kindergarten.",
    "college": "{S} {be} in college.",
}

HOUSING = {
    "2 bedroom, 1 family house": "{S} live{s} in a two-bedroom, one-family house.",
    "4 bedroom, 1 family house": "{S} live{s} in a four-bedroom, one-family house.",
    "condo": "{S} live{s} in a condominium (condo).",
    "cooperative apartment": "{S} live{s} in a cooperative (co-op) apartment.",
    "manufactured home": "{S} live{s} in a manufactured home.",
    "farmhouse": "{S} live{s} in a farmhouse.",
    "mixed use property": "{S} live{s} in a mixed-use property.",
    "homeless": "{S} {be} homeless.",
    "DHS shelter": "{S} live{s} in a Department of Homeless Services (DHS) shelter.",
    "HRA shelter": "{S} live{s} in a Human Resources Administration (HRA) shelter.",
    "temporary housing": "{S} live{s} in temporary housing.",
    "rent stabilized apartment": "{S} live{s} in a rent-stabilized apartment.",
    "rent controlled apartment": "{S} live{s} in a rent-controlled apartment.",
    "mitchell-lama development": "{S} live{s} in a Mitchell-Lama development.",
    "limited dividend development": "{S} live{s} in a limited-dividend housing development.",
    "redevelopment company development": "{S} live{s} in a redevelopment company housing development.",
    "Housing Development Fund Corporation (HDFC) development": (
        "{S} live{s} in a Housing Development Fund Corporation (HDFC) development."
    ),
    "Section 213 coop": "{S} live{s} in a Section 213 cooperative (co-op).",
    "rent regulated hotel": "{S} live{s} in a rent-regulated hotel.",
    "rent regulated single room occupancy (SRO)": "{S} live{s} in a rent-regulated single room occupancy (SRO) unit.",
    "NYCHA development": "{S} live{s} in a New York City Housing Authority (NYCHA) development.",
    "Section 8": "{S} live{s} in Section 8 housing.",
}

CITIZENSHIP = {
    "citizen_or_national": "{S} {be} a US citizen or US national.",
    "lawful_resident": "{S} {be} not a US citizen but {be} lawfully present in the United States.",
    "unlawful_resident": "{S} {be} not a US citizen and {do} not have lawful immigration status.",
}

HIGH_SCHOOL = {
    "high school diploma": "{S} {have} a high school diploma.",
    "HSE diploma": "{S} {have} a High School Equivalency (HSE) diploma.",
    "GED": "{S} {have} a General Educational Development (GED) credential.",
    "no high school diploma equivalent": "{S} {do} not have a high school diploma or an equivalent credential.",
}

# Non-boolean features: feature -> value -> template.
VALUE_TEMPLATES: dict[str, Callable[[Any], str]] = {
    "age": _age,
    "sex": lambda v: f"{{S}} {{be}} {v}.",
    "place_of_residence": lambda v: {
        "New York City": "{S} live{s} in New York City.",
        "Jersey": "{S} live{s} outside New York City.",  # v1's value for "not in NYC"
    }[v],
    "annual_work_income": lambda v: (
        f"{{S}} earn{{s}} {_money(v)} a year from work." if v else "{S} {have} no income from work."
    ),
    "annual_investment_income": lambda v: (
        f"{{S}} receive{{s}} {_money(v)} a year in investment income." if v else "{S} {have} no investment income."
    ),
    "current_school_level": _grade,
    "work_hours_per_week": lambda v: (
        f"{{S}} work{{s}} {counted(v, 'hour')} a week." if v else "{S} {do} not work any hours in a week."
    ),
    "days_looking_for_work": lambda v: (
        f"{{S}} {{have}} been looking for work for {counted(v, 'day')}." if v else "{S} {be} not looking for work."
    ),
    "monthly_rent_spending": lambda v: (
        f"{{S}} pay{{s}} {_money(v)} a month in rent." if v else "{S} {do} not pay any rent."
    ),
    "housing_type": HOUSING.__getitem__,
    "months_owned_property": lambda v: (
        f"{{S}} {{have}} owned {{poss}} property for {counted(v, 'month')}." if v else "{S} {have} never owned property."
    ),
    "available_financial_resources": lambda v: f"{{S}} {{have}} {_money(v)} available in savings and cash.",
    "months_since_worked": lambda v: (
        "{S} {have} never worked, or the question of when {pron} last worked does not apply to {obj}."
        if v == -1
        else "{S} last worked less than a month ago."
        if v == 0
        else f"{{S}} last worked {counted(v, 'month')} ago."
    ),
    "months_pregnant": lambda v: f"{{S}} {{be}} {counted(v, 'month')} pregnant." if v else "{S} {be} not pregnant.",
    "citizenship": CITIZENSHIP.__getitem__,
    "high_school_equivalent": HIGH_SCHOOL.__getitem__,
    "college_credits": lambda v: (
        f"{{S}} {{have}} earned {counted(v, 'college credit')}." if v else "{S} {have} not earned any college credits."
    ),
    "gpa": lambda v: f"{{Poss}} grade point average (GPA) is {_decimal(v)}.",
    "got_heap_ac": lambda v: (
        f"{{S}} received an air conditioner from the Home Energy Assistance Program (HEAP) {counted(v, 'year')} ago."
        if v
        else "{S} {have} never received an air conditioner from the Home Energy Assistance Program (HEAP)."
    ),
    "evicted_months_ago": lambda v: (
        f"{{S}} {{was}} evicted {counted(v, 'month')} ago." if v else "{S} {have} never been evicted."
    ),
    "consecutive_work_weeks": lambda v: (
        f"{{S}} {{have}} worked {counted(v, 'consecutive week')} for {{poss}} current employer."
        if v
        else "{S} {have} not worked any consecutive weeks for a current employer."
    ),
    "nonconsecutive_work_days": lambda v: (
        f"{{S}} {{have}} worked {counted(v, 'non-consecutive day')} for {{poss}} current employer."
        if v
        else "{S} {have} not worked any non-consecutive days for a current employer."
    ),
    "years_sober": lambda v: (
        "A count of years sober does not apply to {subj}."
        if v == -1
        else "{S} {have} been sober for less than a year."
        if v == 0
        else f"{{S}} {{have}} been sober for {counted(v, 'year')}."
    ),
}


__all__ = [
    "CITIZENSHIP",
    "HIGH_SCHOOL",
    "HOUSING",
    "SCHOOL_LEVELS",
    "VALUE_TEMPLATES",
    "counted",
]
