"""NYC Mitchell-Lama.

Readings of ambiguous requirements:
- "Total household income" is all members' yearly work and investment income; size is the member count; income at a limit qualifies.
- "Different developments have different limits": qualifies when income is at or below the limit for its size in at least one kind of development.
- No limit past 8 people is given; households have at most 6 members, so none is added.
- not modelled: unit size and people per unit.
"""
from checkers._common import household_income
from eligibench.household import Household

ID = "NYCMitchellLama"

# Yearly income limits for household sizes 1 to 8, one table per kind of development.
FEDERALLY_ASSISTED_RENTAL = (86960, 99440, 111840, 124240, 134160, 144080, 154080, 164000)
FEDERALLY_ASSISTED_COOPERATIVE = (135875, 155375, 174750, 194125, 209625, 225125, 240750, 256250)
NON_FEDERALLY_ASSISTED = (135875, 155375, 174750, 194125, 209625, 225125, 240750, 256250)
DEVELOPMENT_LIMITS = (FEDERALLY_ASSISTED_RENTAL, FEDERALLY_ASSISTED_COOPERATIVE, NON_FEDERALLY_ASSISTED)


def check(hh: Household) -> bool:
    income = household_income(hh)
    for table in DEVELOPMENT_LIMITS:
        if income <= table[hh.size - 1]:
            return True
    return False
