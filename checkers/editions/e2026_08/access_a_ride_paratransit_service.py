"""Access-A-Ride Paratransit Service (AAR).

Readings of ambiguous requirements:
- "A disability that prevents you from using buses or subways for some or all of your trips" and "temporarily unable to use public transit" both mean can_access_subway_or_bus is false (the 2026 text says "buses or subways" where 2024 said "accessible buses or subways"; the feature asks about the buses and subways open to the person, so the reading does not change).
- The causes of not being able to use buses or subways are a disability, read from the derived fact disability (any): disabled, developmental_condition, blind or deaf_or_hearing_loss; or, for the temporary case the source names, recovering from surgery (recovering_from_surgery) or managing a long-term condition (chronic_health_condition). A serious emotional or behavioral, or mental health condition is also read as a disability (ADA paratransit covers cognitive and psychiatric disability): emotional_behavioral_condition or mental_health_condition. Changed in issue 30 (both editions, one rule: this checker shares the 2024 rule): blindness and deafness were not read as a disability.
- Using a wheelchair (wheelchair) or being bedridden (bedridden) is an ambulatory disability, read as a disability here as the MTA Reduced-Fare and NYC Ferry Discount checkers read it (issue 30): a transit text asks whether the person can get around, and a member who uses a wheelchair may not call it a disability. Decided in the second reading 2024 (reader-A), both editions (one shared rule): a wheelchair user who cannot use buses or subways, disabled false, was found not eligible. Not added to the derived fact disability (any), which other texts read as the plain word, nor a consistency rule: wheelchair use or being bedridden may be temporary (after surgery), which a transit text covers and "has a disability" elsewhere does not.
- Whether the inability is temporary or lasting is not tested: both qualify.
- Where the person lives is not tested ("looking for paratransit services while visiting NYC" is a qualifying case, so visitors also qualify).
- not modelled: whether the person's needs match the ADA (Americans with Disabilities Act) requirements, which the application assessment decides (it asks whether the person can go up or down subway stairs, travel to a station, get on, ride and exit a bus or subway, and navigate the system on their own).

Implied conditions (not stated in the source text):
- none
"""
from checkers.editions.variant import share_rules

# Shares the rules of checkers/access_a_ride_paratransit_service.py unchanged: the 2026 text names the same
# causes (it reworded "accessible buses or subways" and "temporarily unable to use public transit").
TWIN = "checkers.access_a_ride_paratransit_service"
ID = "AccessARideParatransitService"

share_rules(globals())
