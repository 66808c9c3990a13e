import pyarrow.parquet as pq

from checkers import registry
from eligibench.datasets import ROW_SCHEMA as SCHEMA
from eligibench.datasets import build_row, read_parquet, write_parquet
from eligibench.household import ALWAYS_KNOWN, household
from eligibench.truth import traced_checkers


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


def test_rows_carry_a_verified_flip_per_opportunity_and_round_trip(tmp_path):
    import json

    from eligibench.truth import verify_flip

    checkers = traced_checkers(registry())
    hh = household({"name": "Ana", "age": 30, "annual_work_income": 90000, "work_hours_per_week": 40},
                   {"name": "Leo", "age": 4, "relation": "child"})
    row = build_row("r1", "diverse", hh, ["NYCHAPublicHousing", "HeadStart", "TextTwoWork"], checkers)
    nycha, head_start, text_two_work = row.flips
    # NYCHA: family of 2 at $90,000 qualifies; the smallest change is income just over the $99,550 limit
    assert json.loads(nycha) == {"feature": "annual_work_income", "member": 0, "from": 90000, "to": 99551,
                                 "condition": "if family_income(hh) > limit:"}
    assert json.loads(head_start)["to"] < 25820  # size-2 limit "falls below"
    assert text_two_work == ""  # both live in NYC: moving one member does not change the verdict
    assert all(verify_flip(checkers[o], hh, f) for o, f in zip(row.opportunities, row.flips))
    write_parquet(tmp_path / "d.parquet", [row])
    assert read_parquet(tmp_path / "d.parquet")[0].flips == row.flips


def test_a_wrong_flip_is_caught():
    from dataclasses import replace

    from eligibench.datasets import unverified_flips

    checkers = traced_checkers(registry())
    hh = household({"name": "Ana", "age": 30, "annual_work_income": 90000, "work_hours_per_week": 40})
    good = build_row("r1", "diverse", hh, ["NYCHAPublicHousing"], checkers)
    wrong = '{"condition": "", "feature": "annual_work_income", "from": 90000, "member": 0, "to": 95000}'  # still over $87,100
    bad = replace(good, flips=(wrong,))
    assert unverified_flips([good], checkers) == []
    assert unverified_flips([bad], checkers) == [f"r1 NYCHAPublicHousing: {wrong}"]


def test_reading_a_dataset_imports_neither_pandas_nor_pyarrow_dataset(tmp_path):
    # pq.read_table imports pyarrow.dataset and with it pandas: 0.75 s of every stage and command
    # that read a dataset (rows.read_columns reads through ParquetFile instead)
    import subprocess
    import sys

    write_parquet(tmp_path / "d.parquet", [build_row("r1", "diverse", household({"name": "Ana", "age": 40}), ["IDNYC"],
                                                     traced_checkers(registry()))])
    code = ("import sys; from eligibench.datasets import read_parquet, read_columns; "
            f"assert read_parquet({str(tmp_path / 'd.parquet')!r})[0].id == 'r1'; "
            f"assert read_columns({str(tmp_path / 'd.parquet')!r}, ['id']).num_rows == 1; "
            "print(sorted(m for m in ('pandas', 'pyarrow.dataset') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
