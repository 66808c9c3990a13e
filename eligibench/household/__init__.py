"""Households: the member feature schema (version 1: the 124 v1 features; version 2 adds ten for the 2026-08 edition), the Household type, consistency rules, and how a
household is told to a simulated user (profile) or stored (v1 format, JSONL).

Modules:
- `schema`: the feature schema (`features.json` beside it): names, types, allowed values.
- `model`: `Member`, `Household` and their validating constructors.
- `consistency`: rules a plausible household keeps (ages for relations, work, schooling).
- `names`: first names and surnames the samplers draw.
- `profile`: one sentence per member feature, and the roster: what the simulated user knows
  (its sentence tables: `flag_sentences` for booleans, `value_sentences` for numbers and choices).
- `facts`: (member, feature, value) facts with stable keys (`m2.age`) and the profile sentence stating each.
- `v1format`: BeNYfits v1's JSON layout, read and written.
- `store`: households as gzipped JSONL (the fuzzed pool between stages).
"""
from eligibench.household.facts import ALWAYS_KNOWN, SIZE_KEY, Fact, fact, fact_key, household_facts, parse_key
from eligibench.household.flag_sentences import BOOL_TEMPLATES
from eligibench.household.model import MAX_MEMBERS, Household, Member, household, member, member_to_dict, replace_member
from eligibench.household.names import FEMALE_FIRST_NAMES, MALE_FIRST_NAMES, SURNAMES, pick_name, pick_surname
from eligibench.household.profile import (
    ROSTER_FEATURES,
    Profile,
    display_name,
    feature_sentence,
    member_sentences,
    relation_word,
    render_profile,
    render_roster,
    third_person_sentence,
)
from eligibench.household.schema import (
    ALL_FEATURE_NAMES,
    ALL_FEATURES,
    ALL_FEATURES_BY_NAME,
    FEATURE_NAMES,
    FEATURES,
    FEATURES_BY_NAME,
    SCHEMA_VERSIONS,
    V2_FEATURE_NAMES,
    V2_FEATURES,
    Feature,
    features_for,
)
from eligibench.household.store import read_households, write_households
from eligibench.household.v1format import (
    LabeledHousehold,
    RowError,
    household_from_v1,
    household_to_v1,
    iter_v1_file,
    labeled_to_v1_row,
    load_v1_file,
    read_jsonl,
)
from eligibench.household.value_sentences import VALUE_TEMPLATES

__all__ = [
    "ALL_FEATURES",
    "ALL_FEATURES_BY_NAME",
    "ALL_FEATURE_NAMES",
    "ALWAYS_KNOWN",
    "BOOL_TEMPLATES",
    "FEATURES",
    "FEATURES_BY_NAME",
    "FEATURE_NAMES",
    "Fact",
    "Feature",
    "Household",
    "LabeledHousehold",
    "MAX_MEMBERS",
    "Member",
    "Profile",
    "RowError",
    "SIZE_KEY",
    "V2_FEATURE_NAMES",
    "VALUE_TEMPLATES",
    "display_name",
    "fact",
    "fact_key",
    "features_for",
    "household",
    "household_from_v1",
    "household_to_v1",
    "iter_v1_file",
    "load_v1_file",
    "member",
    "member_to_dict",
    "parse_key",
    "pick_name",
    "pick_surname",
    "read_households",
    "read_jsonl",
    "relation_word",
    "render_profile",
    "render_roster",
    "replace_member",
    "third_person_sentence",
    "write_households",
    "V2_FEATURES",
    "household_facts",
    "FEMALE_FIRST_NAMES",
    "MALE_FIRST_NAMES",
    "SURNAMES",
    "ROSTER_FEATURES",
    "feature_sentence",
    "member_sentences",
    "SCHEMA_VERSIONS",
    "labeled_to_v1_row",
]
