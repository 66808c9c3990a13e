"""Every row carries its household's priorities: nonnegative weights over its opportunities,
summing to 1, derived from the household's needs and each program's kind plus seeded noise,
published with the row and read back with `priorities_of`."""
from __future__ import annotations

import pyarrow.parquet as pq
import pytest

from checkers import registry
from eligibench.catalog import CATEGORIES
from eligibench.datasets import ROW_SCHEMA, build_row, read_parquet, write_parquet
from eligibench.datasets import priorities_of as from_datasets
from eligibench.household import household
from eligibench.truth import (
    PRIORITY_RULES,
    PrioritiesError,
    derive_priorities,
    opportunity_kinds,
    priorities_of,
    ranked,
    rules_holding,
    traced_checkers,
)

TODDLER_NO_INCOME = household({"name": "Ana Ruiz", "age": 29, "annual_work_income": 0},
                              {"name": "Leo Ruiz", "age": 2, "relation": "child"})
# one of each kind the example names: child care, cash help (work and income), a tax credit, and an ID card
OPPS = ("HeadStart", "NYSUnemploymentInsurance", "EarnedIncomeTaxCredit", "IDNYC")


@pytest.fixture(scope="module")
def checkers():
    return traced_checkers(registry())


def test_weights_are_nonnegative_aligned_and_sum_to_one():
    w = derive_priorities(TODDLER_NO_INCOME, OPPS)
    assert len(w) == len(OPPS) and all(x > 0 for x in w)
    assert sum(w) == pytest.approx(1.0, abs=1e-5)


def test_a_toddler_and_no_income_put_child_care_and_cash_help_above_a_tax_credit():
    p = dict(zip(OPPS, derive_priorities(TODDLER_NO_INCOME, OPPS)))
    assert p["HeadStart"] > p["EarnedIncomeTaxCredit"] and p["NYSUnemploymentInsurance"] > p["EarnedIncomeTaxCredit"]
    assert {r.name for r in rules_holding(TODDLER_NO_INCOME)} >= {"toddler", "no_income", "no_income_tax"}
    # a single earner with no child: child care gets no boost, the tax credit keeps its base
    earner = household({"name": "Ana Ruiz", "age": 29, "annual_work_income": 60000})
    assert not {r.name for r in rules_holding(earner)} & {"toddler", "no_income", "no_income_tax"}


def test_noise_is_seeded_by_the_household_and_moves_weights_between_like_households():
    same = derive_priorities(TODDLER_NO_INCOME, OPPS)
    assert derive_priorities(TODDLER_NO_INCOME, OPPS) == same  # same household, same weights
    other = household({"name": "Bea Ortiz", "age": 29, "annual_work_income": 0},
                      {"name": "Leo Ortiz", "age": 2, "relation": "child"})
    assert rules_holding(other) == rules_holding(TODDLER_NO_INCOME) and derive_priorities(other, OPPS) != same


def test_every_rule_names_catalog_kinds_a_reason_and_a_factor():
    assert len({r.name for r in PRIORITY_RULES}) == len(PRIORITY_RULES)
    for r in PRIORITY_RULES:
        assert set(r.kinds) <= set(CATEGORIES), r.name
        assert r.factor > 0 and r.factor != 1 and len(r.reason.split()) >= 5 and r.need, r.name


def test_every_checker_of_every_edition_has_a_kind():
    from checkers.editions import edition_registry

    kinds = opportunity_kinds()
    ids = set(registry()) | set(edition_registry("2026-08"))
    assert ids <= set(kinds) and set(kinds.values()) <= set(CATEGORIES)


def test_an_opportunity_without_a_kind_is_refused_by_name():
    with pytest.raises(PrioritiesError, match="'NoSuchProgram'"):
        derive_priorities(TODDLER_NO_INCOME, ("IDNYC", "NoSuchProgram"))


def test_rows_publish_their_priorities_and_read_them_back(tmp_path, checkers):
    row = build_row("r1", "diverse", TODDLER_NO_INCOME, OPPS, checkers, flips=False)
    assert "priorities" in ROW_SCHEMA.names
    assert row.priorities == derive_priorities(TODDLER_NO_INCOME, OPPS)
    write_parquet(tmp_path / "d.parquet", [row])
    (back,) = read_parquet(tmp_path / "d.parquet")
    assert back.priorities == row.priorities
    assert priorities_of(back) == from_datasets(back) == dict(zip(OPPS, row.priorities))
    assert ranked(priorities_of(back))[0] in {"HeadStart", "NYSUnemploymentInsurance"}


def test_rows_from_files_without_the_column_get_them_derived(tmp_path, checkers):
    row = build_row("r1", "diverse", TODDLER_NO_INCOME, OPPS, checkers, flips=False)
    write_parquet(tmp_path / "d.parquet", [row])
    pq.write_table(pq.read_table(tmp_path / "d.parquet").drop(["priorities"]), tmp_path / "old.parquet")
    (old,) = read_parquet(tmp_path / "old.parquet")
    assert old.priorities == () and priorities_of(old) == priorities_of(row)


def test_the_data_version_moves_with_the_priorities(checkers):
    from dataclasses import replace

    from eligibench.datasets import content_version

    row = build_row("r1", "diverse", TODDLER_NO_INCOME, OPPS, checkers, flips=False)
    swapped = replace(row, priorities=tuple(reversed(row.priorities)))
    catalog = {"opportunities": []}
    assert content_version([row], catalog) != content_version([swapped], catalog)


def test_ranked_breaks_ties_by_id():
    assert ranked({"b": 0.5, "a": 0.5, "c": 0.0}) == ["a", "b", "c"]


def test_the_docs_table_states_every_rule_with_its_factor_and_reason():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "priorities.md").read_text(encoding="utf-8")
    data = text.split("## Data", 1)[1].split("\n## ", 1)[0]
    for r in PRIORITY_RULES:
        line = next((x for x in data.splitlines() if x.startswith(f"| `{r.name}` |")), None)
        assert line is not None, r.name
        assert f"| x{r.factor:g} |" in line and r.reason in line and ", ".join(r.kinds) in line, r.name
