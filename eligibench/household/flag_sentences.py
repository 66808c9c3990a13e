"""The profile's sentences for boolean features: feature -> (sentence when true, sentence when
false), with the speaker's own wording for the few features defined relative to the speaker.
Template fields are described in `eligibench.household.profile`."""
from __future__ import annotations

# Booleans: feature -> (sentence when true, sentence when false).
BOOL_TEMPLATES: dict[str, tuple[str, str]] = {
    "disabled": ("{S} {have} a disability.", "{S} {do} not have a disability."),
    "has_ssn": ("{S} {have} a Social Security number.", "{S} {do} not have a Social Security number."),
    "has_atin": (
        "{S} {have} an Adoption Taxpayer Identification Number (ATIN).",
        "{S} {do} not have an Adoption Taxpayer Identification Number (ATIN).",
    ),
    "has_itin": (
        "{S} {have} an Individual Taxpayer Identification Number (ITIN).",
        "{S} {do} not have an Individual Taxpayer Identification Number (ITIN).",
    ),
    "can_care_for_self": (
        "{S} can care for {refl} both physically and mentally.",
        "{S} {be} not able to care for {refl} both physically and mentally.",
    ),
    "enrolled_in_educational_training": (
        "{S} {be} enrolled in an educational program.",
        "{S} {be} not enrolled in an educational program.",
    ),
    "enrolled_in_vocational_training": (
        "{S} {be} enrolled in a vocational training program.",
        "{S} {be} not enrolled in a vocational training program.",
    ),
    "provides_over_half_of_own_financial_support": (
        "{S} pay{s} for more than half of {poss} own financial support.",
        "{S} {do} not pay for more than half of {poss} own financial support.",
    ),
    "receives_hra": (
        "{S} receive{s} benefits from the Human Resources Administration (HRA), New York City's social services agency.",
        "{S} {do} not receive benefits from the Human Resources Administration (HRA), New York City's social services agency.",
    ),
    "receives_ssi": (
        "{S} receive{s} Supplemental Security Income (SSI).",
        "{S} {do} not receive Supplemental Security Income (SSI).",
    ),
    "receives_snap": (
        "{S} receive{s} SNAP benefits (food stamps).",
        "{S} {do} not receive SNAP benefits (food stamps).",
    ),
    "receives_ssdi": (
        "{S} receive{s} Social Security Disability Insurance (SSDI).",
        "{S} {do} not receive Social Security Disability Insurance (SSDI).",
    ),
    "receives_va_disability": (
        "{S} receive{s} a disability pension or disability compensation from the Department of Veterans Affairs (VA).",
        "{S} {do} not receive a disability pension or disability compensation from the Department of Veterans Affairs (VA).",
    ),
    "has_received_ssi_or_ssdi": (
        "{S} {have} received SSI or SSDI in the past.",
        "{S} {have} not received SSI or SSDI in the past.",
    ),
    "receives_disability_medicaid": (
        "{S} receive{s} Medicaid because of a disability.",
        "{S} {do} not receive Medicaid because of a disability.",
    ),
    "works_outside_home": ("{S} work{s} outside the home.", "{S} {do} not work outside the home."),
    "in_foster_care": ("{S} {be} currently in foster care.", "{S} {be} not in foster care."),
    "attending_service_for_domestic_violence": (
        "{S} {be} attending services for domestic violence.",
        "{S} {be} not attending services for domestic violence.",
    ),
    "has_paid_caregiver": ("{S} {have} a paid caregiver.", "{S} {do} not have a paid caregiver."),
    "name_is_on_lease": (
        "{S} {be} named on the household's lease.",
        "{S} {be} not named on the household's lease.",
    ),
    "lived_together_last_6_months": (
        "{S} {have} lived with you for the last 6 months.",
        "{S} {have} not lived with you for all of the last 6 months.",
    ),
    "filing_jointly": (
        "{S} file{s} taxes as married filing jointly.",
        "{S} {do} not file taxes as married filing jointly.",
    ),
    "dependent": ("{S} {be} your tax dependent.", "{S} {be} not your tax dependent."),
    "receiving_treatment_for_substance_abuse": (
        "{S} {be} receiving treatment for substance use.",
        "{S} {be} not receiving treatment for substance use.",
    ),
    "is_property_owner": (
        "{S} own{s} the home {pron} live{s} in.",
        "{S} {do} not own the home {pron} live{s} in.",
    ),
    "primary_residence": (
        "{Poss} home is {poss} primary residence.",
        "{Poss} home is not {poss} primary residence.",
    ),
    "had_previous_sche": (
        "{S} {have} previously received the Senior Citizen Homeowners' Exemption (SCHE) on another property.",
        "{S} {have} not previously received the Senior Citizen Homeowners' Exemption (SCHE) on another property.",
    ),
    "propery_owner_widow": (
        "{S} {be} the surviving spouse of the property owner.",
        "{S} {be} not the surviving spouse of the property owner.",
    ),
    "conflict_veteran": (
        "{S} served in the US armed forces during a conflict.",
        "{S} did not serve in the US armed forces during a conflict.",
    ),
    "electricity_shut_off": (
        "{Poss} electricity is shut off or about to be shut off.",
        "{Poss} electricity is not shut off and not about to be shut off.",
    ),
    "heat_shut_off": (
        "{Poss} heat is shut off or about to be shut off.",
        "{Poss} heat is not shut off and not about to be shut off.",
    ),
    "out_of_fuel": ("{S} {be} out of heating fuel.", "{S} {be} not out of heating fuel."),
    "heating_electrical_bill_in_name": (
        "{S} {have} a heating or electricity bill in {poss} name.",
        "{S} {do} not have a heating or electricity bill in {poss} name.",
    ),
    "receives_temporary_assistance": (
        "{S} receive{s} Temporary Assistance from the New York State Office of Temporary and Disability Assistance (OTDA).",
        "{S} {do} not receive Temporary Assistance from the New York State Office of Temporary and Disability Assistance (OTDA).",
    ),
    "lost_job": (
        "{S} lost {poss} last job through no fault of {poss} own.",
        "{S} did not lose a job through no fault of {poss} own.",
    ),
    "work_experience": ("{S} {have} work experience.", "{S} {do} not have work experience."),
    "can_work_immediately": ("{S} can start work immediately.", "{S} cannot start work immediately."),
    "authorized_to_work_in_us": (
        "{S} {be} authorized to work in the United States.",
        "{S} {be} not authorized to work in the United States.",
    ),
    "was_authorized_to_work_when_job_lost": (
        "{S} {was} authorized to work in the United States when {pron} lost {poss} last job.",
        "{S} {was} not authorized to work in the United States when {pron} lost {poss} last job.",
    ),
    "is_parent": ("{S} {be} a parent.", "{S} {be} not a parent."),
    "breastfeeding": ("{S} {be} breastfeeding a baby.", "{S} {be} not breastfeeding."),
    "selective_service": (
        "{S} {be} registered for Selective Service.",
        "{S} {be} not registered for Selective Service.",
    ),
    "is_eligible_for_selective_service": (
        "{S} {be} required to register for Selective Service.",
        "{S} {be} not required to register for Selective Service.",
    ),
    "receives_cash_assistance": ("{S} receive{s} cash assistance.", "{S} {do} not receive cash assistance."),
    "is_runaway": ("{S} {be} a runaway youth.", "{S} {be} not a runaway youth."),
    "foster_age_out": ("{S} {have} aged out of foster care.", "{S} {have} not aged out of foster care."),
    "responsible_for_day_to_day": (
        "{S} {be} responsible for a child's day-to-day care.",
        "{S} {be} not responsible for a child's day-to-day care.",
    ),
    "hiv_aids": (
        "{S} {have} been diagnosed with HIV or AIDS.",
        "{S} {have} not been diagnosed with HIV or AIDS.",
    ),
    "can_manage_self": (
        "{S} can manage {poss} own resources, daily activities and safety without help.",
        "{S} cannot manage {poss} own resources, daily activities and safety without help.",
    ),
    "has_family_to_help": (
        "{S} {have} family or others who are willing and able to help {obj} manage {poss} resources, daily activities and safety.",
        "{S} {do} not have family or others who are willing and able to help {obj} manage {poss} resources, daily activities and safety.",
    ),
    "can_access_subway_or_bus": (
        "{S} can use accessible buses or subways for some or all trips.",
        "{S} cannot use accessible buses or subways for any trips.",
    ),
    "recovering_from_surgery": ("{S} {be} recovering from surgery.", "{S} {be} not recovering from surgery."),
    "acs": (
        "{S} receive{s} services from the Administration for Children's Services (ACS), New York City's child welfare agency.",
        "{S} {do} not receive services from the Administration for Children's Services (ACS), New York City's child welfare agency.",
    ),
    "chronic_health_condition": (
        "{S} {have} a chronic health condition.",
        "{S} {do} not have a chronic health condition.",
    ),
    "developmental_condition": (
        "{S} {have} a serious developmental condition.",
        "{S} {do} not have a serious developmental condition.",
    ),
    "emotional_behavioral_condition": (
        "{S} {have} a serious emotional or behavioral condition.",
        "{S} {do} not have a serious emotional or behavioral condition.",
    ),
    "mental_health_condition": (
        "{S} {have} a serious mental health condition.",
        "{S} {do} not have a serious mental health condition.",
    ),
    "health_insurance": ("{S} {have} health insurance.", "{S} {do} not have health insurance."),
    "struggles_to_relate": (
        "{S} struggle{s} to relate to {poss} family members.",
        "{S} {do} not struggle to relate to {poss} family members.",
    ),
    "emancipated_minor": ("{S} {be} an emancipated minor.", "{S} {be} not an emancipated minor."),
    "accepted_to_cuny": (
        "{S} {have} been accepted to a City University of New York (CUNY) college.",
        "{S} {have} not been accepted to a City University of New York (CUNY) college.",
    ),
    "eligible_for_instate_tuition": (
        "{S} {be} eligible for in-state tuition.",
        "{S} {be} not eligible for in-state tuition.",
    ),
    "proficient_in_math": (
        "{S} {be} proficient in math at a college-ready level.",
        "{S} {be} not proficient in math at a college-ready level.",
    ),
    "proficient_in_english_reading_and_writing": (
        "{S} {be} proficient in English reading and writing at a college-ready level.",
        "{S} {be} not proficient in English reading and writing at a college-ready level.",
    ),
    "work_authorization": (
        "{S} {be} authorized to work in New York City and the United States.",
        "{S} {be} not authorized to work in New York City and the United States.",
    ),
    "involved_in_justice_system": (
        "{S} {be} involved with the justice system.",
        "{S} {be} not involved with the justice system.",
    ),
    "work_or_volunteer_experience": (
        "{S} {have} work or volunteer experience.",
        "{S} {do} not have work or volunteer experience.",
    ),
    "lives_in_jobs_plus_neighborhood": (
        "{S} live{s} in a Jobs-Plus neighborhood (a New York City Housing Authority (NYCHA) development served by Jobs-Plus).",
        "{S} {do} not live in a Jobs-Plus neighborhood (a New York City Housing Authority (NYCHA) development served by Jobs-Plus).",
    ),
    "va_healthcare": (
        "{S} {be} eligible for health care from the Department of Veterans Affairs (VA).",
        "{S} {be} not eligible for health care from the Department of Veterans Affairs (VA).",
    ),
    "heat_exacerbated_condition": (
        "{S} {have} a medical condition that heat makes worse.",
        "{S} {do} not have a medical condition that heat makes worse.",
    ),
    "ac": (
        "{S} {have} a working air conditioner that is less than 5 years old.",
        "{S} {do} not have a working air conditioner that is less than 5 years old.",
    ),
    "heat_included_in_rent": ("{Poss} rent includes heat.", "{Poss} rent does not include heat."),
    "qualify_for_health_insurance": (
        "{S} {be} qualified for a health plan available in New York State.",
        "{S} {be} not qualified for any health plan available in New York State.",
    ),
    "at_risk_of_homelessness": ("{S} {be} at risk of homelessness.", "{S} {be} not at risk of homelessness."),
    "transitional_job": (
        "{S} {have} a job through a transitional jobs program.",
        "{S} {do} not have a job through a transitional jobs program.",
    ),
    "federal_work_study": ("{S} {have} a federal work-study job.", "{S} {do} not have a federal work-study job."),
    "scholarship": (
        "{S} {be} paid through a qualified scholarship program.",
        "{S} {be} not paid through a qualified scholarship program.",
    ),
    "government_job": ("{S} work{s} for a government agency.", "{S} {do} not work for a government agency."),
    "is_therapist": (
        "{S} {be} a physical therapist licensed in New York State.",
        "{S} {be} not a physical therapist licensed in New York State.",
    ),
    "contractor": ("{S} {be} an independent contractor.", "{S} {be} not an independent contractor."),
    "wep": (
        "{S} take{s} part in the Work Experience Program (WEP).",
        "{S} {do} not take part in the Work Experience Program (WEP).",
    ),
    "collective_bargaining": (
        "{S} {be} covered by a collective bargaining agreement that waives safe and sick leave.",
        "{S} {be} not covered by a collective bargaining agreement that waives safe and sick leave.",
    ),
    "covid_funeral_expenses": (
        "{S} paid funeral expenses for a death attributed to COVID-19.",
        "{S} did not pay funeral expenses for a death attributed to COVID-19.",
    ),
    "currently_being_evicted": (
        "{S} {be} currently facing eviction.",
        "{S} {be} not currently facing eviction.",
    ),
    "employer_opt_in": (
        "{S} work{s} for a public employer that has opted in to New York State Paid Family Leave.",
        "{S} {do} not work for a public employer that has opted in to New York State Paid Family Leave.",
    ),
    "developmental_mental_day_treatment": (
        "{S} attend{s} a developmental or mental health day treatment program.",
        "{S} {do} not attend a developmental or mental health day treatment program.",
    ),
    "medication_treatment_non_compliance": (
        "{S} {have} failed to comply with prescribed medication or treatment.",
        "{S} {have} no history of failing to comply with prescribed medication or treatment.",
    ),
    "arson": ("{S} {have} a history of arson.", "{S} {do} not have a history of arson."),
    "verbal_abuse": ("{S} {have} a history of verbal abuse.", "{S} {do} not have a history of verbal abuse."),
    "imprisonment": ("{S} {have} a history of imprisonment.", "{S} {do} not have a history of imprisonment."),
    "first_time_home_buyer": ("{S} {be} a first-time home buyer.", "{S} {be} not a first-time home buyer."),
    "honorable_service": (
        "{S} served in the military and {have} an honorable discharge (DD-214 form).",
        "{S} {do} not have military service with an honorable discharge (DD-214 form).",
    ),
    "receives_medicaid": ("{S} receive{s} Medicaid.", "{S} {do} not receive Medicaid."),
    "eligible_for_medicaid": ("{S} {be} eligible for Medicaid.", "{S} {be} not eligible for Medicaid."),
    "receives_fpha": (
        "{S} receive{s} Federal Public Housing Assistance.",
        "{S} {do} not receive Federal Public Housing Assistance.",
    ),
    "receives_vpsb": (
        "{S} receive{s} Veterans Pension and Survivor Benefits.",
        "{S} {do} not receive Veterans Pension and Survivor Benefits.",
    ),
    "eligible_for_hra_shelter": (
        "{S} {be} eligible for a Human Resources Administration (HRA) shelter.",
        "{S} {be} not eligible for a Human Resources Administration (HRA) shelter.",
    ),
    "wheelchair": ("{S} use{s} a wheelchair.", "{S} {do} not use a wheelchair."),
    "bedridden": ("{S} {be} bedridden.", "{S} {be} not bedridden."),
    # Feature schema version 2 (docs/features-v2.md): stated only for version-2 households.
    "receives_medicare": ("{S} {be} enrolled in Medicare.", "{S} {be} not enrolled in Medicare."),
    "blind": ("{S} {be} blind or legally blind.", "{S} {be} not blind."),
    "deaf_or_hearing_loss": ("{S} {be} deaf or {have} hearing loss.", "{S} {be} not deaf and {have} no hearing loss."),
    "receives_scrie": (
        "{S} receive{s} the Senior Citizen Rent Increase Exemption (SCRIE), which freezes the rent.",
        "{S} {do} not receive the Senior Citizen Rent Increase Exemption (SCRIE).",
    ),
    "receives_drie": (
        "{S} receive{s} the Disability Rent Increase Exemption (DRIE), which freezes the rent.",
        "{S} {do} not receive the Disability Rent Increase Exemption (DRIE).",
    ),
    "receives_utility_assistance": (
        "{S} receive{s} help with utility bills: the Home Energy Assistance Program (HEAP) or a utility's discount program.",
        "{S} {do} not receive HEAP or any utility discount program.",
    ),
    "attends_nslp_school": (
        "{S} attend{s} a school that is part of the National School Lunch Program.",
        "{S} {do} not attend a school that is part of the National School Lunch Program.",
    ),
    "receives_free_or_reduced_lunch": (
        "{S} get{s} free or reduced-price school meals.",
        "{S} {do} not get free or reduced-price school meals.",
    ),
    "eligible_for_employer_coverage": (
        "{S} can get health insurance through a job ({poss} own or a family member's) or other coverage such as TRICARE or COBRA.",
        "{S} cannot get health insurance through a job or other coverage such as TRICARE or COBRA.",
    ),
    "fair_fares_participant": (
        "{S} {be} enrolled in Fair Fares NYC, the half-price subway and bus fare program.",
        "{S} {be} not enrolled in Fair Fares NYC.",
    ),
}

# The features defined relative to the speaker read oddly for the speaker; member 0 gets these.
SELF_BOOL_TEMPLATES: dict[str, tuple[str, str]] = {
    "lived_together_last_6_months": (
        "You have lived in this household for the last 6 months.",
        "You have not lived in this household for all of the last 6 months.",
    ),
    "dependent": ("You are counted as a tax dependent.", "You are not counted as a tax dependent."),
}


__all__ = [
    "BOOL_TEMPLATES",
    "SELF_BOOL_TEMPLATES",
]
