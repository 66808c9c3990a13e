"""`benyfits compare RUN_A RUN_B` on a real DuckDB store of synthetic runs."""
from __future__ import annotations

import re

import pytest

from eligibench.cli.main import main
from eligibench.results import ResultStore
from tests.leaderboard.synthetic import fake_households, write_run


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    s = ResultStore(tmp_path_factory.mktemp("cmp") / "r.duckdb")
    hh = fake_households(20, 10)
    good = write_run(s, hh, "good", skill=0.95, questions=6, n_boot=20)
    bad = write_run(s, hh, "bad", skill=0.5, questions=6, n_boot=20)
    smoke = write_run(s, hh, "smoky", skill=0.5, kind="smoke", n_boot=20)
    return s, good, bad, smoke


def test_prints_the_paired_difference_line(store, capsys):
    s, good, bad, _ = store
    assert main(["compare", good[:10], bad, "--store", str(s.path), "--n-boot", "300"]) == 0
    out = capsys.readouterr().out.splitlines()
    m = re.fullmatch(r"good - bad = \+(\d+\.\d) TW-F1 \[(-?\d+\.\d), (-?\d+\.\d)\], p (=|<) (\S+), n = (\d+) households: "
                     r"good is better on TW-F1", out[0])
    assert m, out[0]
    assert float(m.group(2)) > 0  # a planted skill gap: the interval excludes 0
    assert 25 <= int(m.group(6)) <= 30  # households scored in both runs (the synthetic runs have a few errors)
    assert out[1].startswith("good - bad = +") and " F1 [" in out[1] and " turns [" in out[2]
    assert out[3].startswith("McNemar (pair correctness): ")


def test_a_run_against_itself_is_zero_with_p_one(store, capsys):
    s, good, _, _ = store
    assert main(["compare", good, good, "--store", str(s.path), "--n-boot", "50"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.search(r"= \+0\.0 TW-F1 \[0\.0, 0\.0\], p = 1, n = \d+ households: no clear difference in TW-F1", first), first


def test_different_protocols_are_refused(store, capsys):
    s, good, _, smoke = store
    assert main(["compare", good, smoke, "--store", str(s.path)]) == 2
    err = capsys.readouterr().err
    assert "different settings" in err and "--households (diverse) 20 vs 2" in err, err  # the setting, in words
    assert main(["compare", "nope", good, "--store", str(s.path)]) == 2
    assert "no run 'nope'" in capsys.readouterr().err
