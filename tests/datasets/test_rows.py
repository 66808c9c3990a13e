import pyarrow.parquet as pq

from checkers import registry
from eligibench.datasets.rows import SCHEMA, build_row, read_parquet, write_parquet
from eligibench.household.facts import ALWAYS_KNOWN
from eligibench.household.model import household
from eligibench.truth.tracing import traced_checkers


def test_rows_carry_needed_facts_per_opportunity_and_round_trip(tmp_path):
    checkers = traced_checkers(registry())
    hh = household({"name": "Ana", "age": 40}, {"name": "Leo", "age": 3, "relation": "child"})
    row = build_row("r1", "diverse", hh, ["IDNYC", "SummerMeals"], checkers)
    assert len(row.needed_facts) == 2
    for o, keys in zip(row.opportunities, row.needed_facts):
        assert keys == tuple(sorted(checkers[o].run_reads(hh)[1] - ALWAYS_KNOWN)) and keys
    write_parquet(tmp_path / "d.parquet", [row])
    assert read_parquet(tmp_path / "d.parquet")[0].needed_facts == row.needed_facts


def test_files_without_the_column_read_with_no_needed_facts(tmp_path):
    hh = household({"name": "Ana", "age": 40})
    row = build_row("r1", "diverse", hh, ["IDNYC"], traced_checkers(registry()))
    write_parquet(tmp_path / "d.parquet", [row])
    old = pq.read_table(tmp_path / "d.parquet").drop(["needed_facts"])
    assert "needed_facts" not in old.schema.names and "needed_facts" in SCHEMA.names
    pq.write_table(old, tmp_path / "old.parquet")
    (back,) = read_parquet(tmp_path / "old.parquet")
    assert back.needed_facts == () and back.labels == row.labels
