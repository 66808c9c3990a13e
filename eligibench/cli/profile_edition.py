"""`benyfits profile FILE --edition E`: the household as edition E's simulated user holds it.

An edition reads households in its feature schema (`feature_schema` in its manifest;
docs/features-v2.md): under 2026-08 a version-1 household is stated in version 2, its version-2
features false ("You are not blind.", ...), exactly as a 2026-08 evaluation shows it to the
simulated user. Under 2024 (schema version 1) a household that sets a version-2 feature cannot be
stated: an error names the member and the feature, never a profile that silently drops a fact.
Without --edition the household is rendered in the schema it states.
"""
from __future__ import annotations

from eligibench.cli.edition_option import feature_schema_of
from eligibench.errors import BenyfitsError
from eligibench.household import V2_FEATURE_NAMES, Household


def in_edition(hh: Household, edition: str | None, where: str) -> Household:
    """`hh` in `edition`'s feature schema (unchanged for None); `where` (the file) prefixes errors."""
    if edition is None:
        return hh
    schema = feature_schema_of(edition)
    if schema == hh.feature_schema:
        return hh
    if schema > hh.feature_schema:
        return Household(hh.members, schema)
    for i, m in enumerate(hh.members):
        for f in V2_FEATURE_NAMES:
            if getattr(m, f):
                raise BenyfitsError(f"{where}: member {i}, feature {f!r}: set, but the {edition} edition's households "
                                    f"are feature schema version {schema}, which has no {f!r} (use an edition on "
                                    f"version {hh.feature_schema})")
    return Household(hh.members, schema)
