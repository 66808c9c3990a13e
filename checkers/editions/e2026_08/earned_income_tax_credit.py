"""Earned Income Tax Credit.

Readings of ambiguous requirements:
- "You" is the person answering, who files the tax return; the year meant is the last tax year.
- "Married" filing jointly is read from the person answering's filing_jointly; "married filing separately" means a spouse lives in the household and the person answering does not file jointly; everyone else files as single.
- "Earning" means the filers' yearly work plus investment income: the person answering's own, plus every spouse's when filing jointly; "up to" includes the limit.
- A married person filing separately is held to the single limits (the source gives no separate limits).
- "Qualifying children" are members whose relation is child, adopted child (read as a biological child's equal), stepchild, foster child, grandchild, sibling or niece or nephew, and who meet the age test (an implied condition). "Include" does not close the list: the IRS relationship test for a qualifying child also covers brothers and sisters and their descendants, as the Child Tax Credit text of the same edition lists. Decided in the second reading 2024 (reader-A), both editions (one shared rule): a single filer earning 30,000 raising a 10-year-old sibling was held to the no-children limit.
- "Between 25 and 64 years old" (filers without dependents) includes 25 and 64; when filing jointly, either spouse in that range is enough.
- "Lived with you for more than half the year" and "lived apart from your spouse for the last six months" are read from lived_together_last_6_months.
- not modelled: legal separation under state law (only living apart is checked).
- "Investment income" is the filers' yearly investment income (self, plus spouse when filing jointly).
- "Full-time student" (for the age test) is read as enrolled in an educational program or having a current school level (pre-K to college); full-time is not modelled.
- "Disabled at any age" is read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; the schema has no severity, so "permanently and totally" is not modelled. Changed in issue 30 (both editions, one rule: this checker shares the 2024 rule): only disabled was read, although blindness, deafness and a serious developmental condition are disabilities, so a member with only one of those flags got the other verdict.

Implied conditions (not stated in the source text):
- A qualifying child is younger than the person answering (or than the spouse when filing jointly) and under 19, or under 24 and a full-time student; or disabled at any age. Reason: The IRS qualifying-child age test for the EITC: without it a grown son or daughter would make a filer one "with qualifying children". A child who is not permanently and totally disabled must also be younger than the filer or spouse. Decided in the third reading (both editions, one shared rule): a sibling older than the filer counted; the relationship test takes in siblings, and the same IRS age test keeps an older brother or sister out.
- The filers have income from work: yearly work income above $0 (the person answering's, plus the spouse's when filing jointly). Reason: The Earned Income Tax Credit is a share of earned income (wages, salaries, self-employment): a filer with no earnings gets no credit however low their income, and the IRS requires earned income. "Earning up to" bounds the earnings; it does not make earning nothing enough. Added in issue 30 (second reading 2024-a): a parent with only investment income was found eligible.
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/earned_income_tax_credit.py; only the constants below differ (the 2026-08 figures).
TWIN = "checkers.earned_income_tax_credit"
ID = "EarnedIncomeTaxCredit"
JOINT_WITH_CHILDREN = 68_675
JOINT_NO_CHILDREN = 26_214
SINGLE_WITH_CHILDREN = 61_555
SINGLE_NO_CHILDREN = 19_104
INVESTMENT_LIMIT = 11_950  # must be less than this

share_rules(globals())
