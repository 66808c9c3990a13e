"""The second reading of the ground truth (issue 30): every own opportunity of both editions read by
someone who did not write it, no open (a) finding, and every recorded household still getting the
verdict the reader found in the text."""
from __future__ import annotations

import textwrap

import pytest

from checkers import registry
from checkers.editions import edition_registry
from eligibench.catalog import load_edition
from eligibench.truth import second_reading as sr

READINGS = sr.load()


def own_ids() -> dict[str, frozenset[str]]:
    return {"2024": frozenset(registry()), "2026-08": frozenset(load_edition("2026-08").own_ids)}


def test_every_own_opportunity_of_both_editions_has_a_second_reading():
    for s in sr.summarize(READINGS, own_ids()):
        missing = sorted(own_ids()[s.edition] - {r.opportunity for r in READINGS if r.edition == s.edition})
        assert not missing, f"edition {s.edition}: no second reading for {missing}"


def test_no_reading_names_an_opportunity_outside_its_edition():
    ids = own_ids()
    stray = [(r.edition, r.opportunity) for r in READINGS if r.opportunity not in ids.get(r.edition, ())]
    assert not stray


def test_no_open_contradiction_with_the_text():
    assert [(r.edition, r.opportunity, r.description) for r in READINGS if r.open_a] == []


@pytest.mark.parametrize("reading", [r for r in READINGS if r.must_hold],
                         ids=lambda r: f"{r.edition}-{r.opportunity}-{r.finding or 'clean'}")
def test_recorded_household_gets_the_texts_verdict_today(reading):
    assert sr.rerun(reading, edition_registry(reading.edition)) is reading.expected, reading.description or "clean reading's household"


def test_a_fixed_finding_was_a_real_disagreement_when_read():
    # a finding marked fixed that the checker already agreed with was never a counterexample
    fixed = [r for r in READINGS if r.kind == "a" and r.status == "fixed"]
    assert all(r.checker_verdict is not r.expected for r in fixed)


def test_a_held_decision_is_a_debatable_reading_and_is_rerun():
    held = [r for r in READINGS if r.status == "held"]
    assert held and all(r.kind == "b" and r.must_hold for r in held)
    # the third reading's rows (the three fixes, their 2026-08 twins and the nine decisions) are all re-run
    third = [r for r in READINGS if r.reader == "reader-D"]
    assert len(third) >= 12 and all(r.must_hold for r in third)


def test_a_decided_row_keeps_the_readers_verdict_and_is_not_rerun(tmp_path):
    path = tmp_path / "readings.csv"
    row = '2024,X,r,2026-11-24,abc,1 findings,1,b,d,"{""members"": [{""age"": 30}]}",true,false,STATUS,\n'
    path.write_text(",".join(sr.COLUMNS) + "\n" + row.replace("STATUS", "decided") + row.replace("STATUS", "held"))
    decided, held = sr.load(path)
    assert not decided.must_hold and held.must_hold


def test_a_bad_row_is_named_by_file_row_and_field(tmp_path):
    path = tmp_path / "readings.csv"
    path.write_text(",".join(sr.COLUMNS) + "\n" + textwrap.dedent("""\
        2024,NYCNurseFamilyPartnership,r,2026-11-24,abc,clean,,,,"{""members"": [{""age"": 30}]}",maybe,false,,
        """))
    with pytest.raises(sr.ReadingError, match=r"row 2 \(2024 NYCNurseFamilyPartnership\): field 'expected'"):
        sr.load(path)


def test_a_clean_reading_with_a_class_is_refused(tmp_path):
    path = tmp_path / "readings.csv"
    path.write_text(",".join(sr.COLUMNS) + "\n"
                    '2024,X,r,2026-11-24,abc,clean,,a,,"{""members"": [{""age"": 30}]}",true,false,open,\n')
    with pytest.raises(sr.ReadingError, match="a clean reading has no class"):
        sr.load(path)


def test_report_section_counts_each_edition_and_lists_every_row():
    page = sr.markdown(READINGS, own_ids())
    for s in sr.summarize(READINGS, own_ids()):
        assert f"| {s.edition} | {s.own} | {s.read} | {s.clean} |" in page
    assert page.count("\n| 20") == len(READINGS) + len(own_ids())  # one line per row, one per edition
