"""The plausibility audit (eligibench.datasets.plausibility, stage `plausibility`): every household
a dataset holds is checked against every consistency rule, and a person who cannot exist is listed
by row and rule; the published folder and a sealed split built from a test secret hold none."""
from __future__ import annotations

import json

import pytest

from checkers import registry
from eligibench import params
from eligibench.datasets import Row, fuzz_households, plausibility, sealed, thresholds_from_checkers
from eligibench.datasets.population import sample_households
from eligibench.household import household
from eligibench.household.consistency import NO_DIPLOMA
from stages import plausibility as stage
from tests.conftest import ROOT


def _row(row_id: str, hh) -> Row:
    return Row(row_id, "diverse", hh, (), (), (), "", "", "dv-test")


def test_audit_lists_each_violation_with_its_row_and_rule():
    ok = household({"age": 40})
    runaway = household({"age": 93, "is_runaway": True})  # the dialog browser's 93-year-old runaway youth
    pregnant_man = household({"age": 30, "sex": "male", "months_pregnant": 4})
    a = plausibility.audit_rows("diverse", [_row("d-0", ok), _row("d-1", runaway), _row("d-2", pregnant_man)])
    assert (a.households, a.members) == (3, 3)
    assert [(v.row, v.rule) for v in a.violations] == [("d-1", "runaway_youth"), ("d-2", "pregnancy")]
    assert a.by_rule == {"pregnancy": 1, "runaway_youth": 1}
    assert a.violations[0].message.startswith("member 0 (self, age 93): is_runaway true outside ages 12-24")


def test_report_lists_households_only_when_asked():
    a = plausibility.audit_rows("diverse", [_row("d-1", household({"age": 15, "high_school_equivalent": NO_DIPLOMA}))])
    public = plausibility.report([a])
    assert public["violations"] == 1 and public["households"] == 1
    assert public["datasets"]["diverse"]["list"][0]["rule"] == "self_min_age"
    sealed_report = plausibility.report([a], with_households=False)
    assert "list" not in sealed_report["datasets"]["diverse"]
    assert "self_min_age" in plausibility.summary_line(public)


def test_rule_of_reads_the_message_tail():
    assert plausibility.rule_of("member 1 (child, age 3): x (rule atin)") == "atin"
    assert plausibility.rule_of("no rule here") == "?"


def test_stage_fails_naming_the_report_when_a_household_breaks_a_rule(tmp_path, monkeypatch):
    from eligibench.datasets import write_parquet
    from eligibench.errors import BenyfitsError

    monkeypatch.chdir(tmp_path)
    write_parquet(tmp_path / "benyfits" / "data" / "dv-x" / "diverse.parquet",
                  [_row("diverse-0000", household({"age": 40, "has_atin": True, "has_ssn": False}))])
    with pytest.raises(BenyfitsError, match=r"reports/plausibility.json: 1 violations .* atin 1"):
        stage.main([])
    listed = json.loads((tmp_path / "reports" / "plausibility.json").read_text())
    assert listed["datasets"]["diverse"]["list"][0]["row"] == "diverse-0000"


def test_stage_sealed_mode_reports_counts_only(tmp_path, monkeypatch):
    from eligibench.datasets import write_parquet
    from eligibench.errors import BenyfitsError

    monkeypatch.chdir(tmp_path)
    write_parquet(tmp_path / "data" / "sealed" / "1" / "diverse.parquet", [_row("diverse-0000", household({"age": 40}))])
    write_parquet(tmp_path / "data" / "sealed" / "2026-08" / "1" / "diverse.parquet",
                  [_row("diverse-2026-08-0000", household({"age": 40}))])
    stage.main(["--sealed"])
    rep = json.loads((tmp_path / "reports" / "plausibility-sealed.json").read_text())
    assert rep["violations"] == 0 and set(rep["datasets"]) == {"1/diverse", "2026-08/1/diverse"}
    write_parquet(tmp_path / "data" / "sealed" / "1" / "diverse.parquet",
                  [_row("diverse-0000", household({"age": 30, "sex": "male", "months_pregnant": 2}))])
    with pytest.raises(BenyfitsError, match="pregnancy 1"):
        stage.main(["--sealed"])
    rep = json.loads((tmp_path / "reports" / "plausibility-sealed.json").read_text())
    assert rep["datasets"]["1/diverse"]["by_rule"] == {"pregnancy": 1}
    assert "list" not in rep["datasets"]["1/diverse"] and "diverse-0000" not in json.dumps(rep)


def test_sealed_split_from_a_test_secret_is_plausible():
    """The sealed split's households come from the same generators with the secret's seeds
    (`sealed.build_diverse` / `build_representative` call exactly these): no violation there either.
    Rows are not built here (labels and flips cost minutes; they do not change a household)."""
    p = params.load(ROOT / "params.yaml")
    s = sealed.SealedSecret("plausibility-test-secret-0001", "1")
    thresholds = thresholds_from_checkers(registry().values())
    fuzzed = fuzz_households(300, s.seed("households"), thresholds, p["households"]["max_members"])
    sampled = sample_households(p["representative"]["count"], s.seed("representative"))
    audits = [plausibility.audit_rows(name, [_row(f"{name}-{i}", h) for i, h in enumerate(hhs)])
              for name, hhs in (("diverse", fuzzed), ("representative", sampled))]
    assert [v.message for a in audits for v in a.violations] == []
    assert plausibility.report(audits, with_households=False)["violations"] == 0


@pytest.mark.needs_datasets
def test_published_households_break_no_rule():
    files = plausibility.published_files(ROOT / "benyfits")
    assert any(f.stem == "diverse" for f in files) and any(f.stem.startswith("train") for f in files)
    audits = plausibility.audit_files(files)
    assert {a.dataset: [v.message for v in a.violations][:3] for a in audits if a.violations} == {}
