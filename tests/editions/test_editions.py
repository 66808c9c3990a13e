"""Editions are complete, reviewable sets: manifest, catalog, checkers, review tables."""
from pathlib import Path

import pytest

from checkers import registry
from checkers.editions import edition_registry
from eligibench.catalog import available, edition_catalog, load_edition, load_readings
from eligibench.errors import CatalogError
from eligibench.truth import TABLE_FEATURES, mismatches, violations

ROOT = Path(__file__).resolve().parents[2]
LATER = [e for e in available() if e != "2024"]


def test_the_2024_edition_is_the_curated_catalog_and_its_checkers():
    ed = load_edition("2024")
    assert ed.base is None and len(ed.opportunity_ids) == 82
    assert edition_registry("2024") == registry()
    assert "2026-08" in available()


@pytest.mark.parametrize("name", LATER)
def test_every_listed_opportunity_has_its_checker_and_yaml(name):
    ed = load_edition(name)
    reg = edition_registry(name)
    cat = edition_catalog(ed)
    assert set(reg) == set(cat.ids) == set(ed.opportunity_ids)
    for oid in ed.kept:
        assert reg[oid] is registry()[oid]  # shared code, not a copy
    for oid in ed.own_ids:
        assert Path(reg[oid].__file__).parent == ROOT / "checkers" / "editions" / f"e{ed.slug}"
        assert cat[oid].source.snapshot == name


@pytest.mark.parametrize("name", LATER)
def test_own_checkers_follow_the_trace_discipline_and_state_their_yaml_readings(name):
    ed = load_edition(name)
    reg, cat = edition_registry(name), edition_catalog(ed)
    problems = []
    for oid in ed.own_ids:
        path = Path(reg[oid].__file__)
        problems += [str(v) for v in violations(path)]
        problems += mismatches(cat[oid], reg[oid].__doc__, str(path))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", LATER)
def test_own_opportunities_have_review_tables_and_tests(name):
    ed = load_edition(name)
    tables = load_readings(ed, TABLE_FEATURES)
    assert set(tables) == set(ed.own_ids)
    reg = edition_registry(name)
    for oid in ed.own_ids:
        module = Path(reg[oid].__file__).stem
        assert (ROOT / "tests" / "editions" / f"e{ed.slug}" / f"test_{module}.py").exists(), f"{oid}: no tests"


def _copy_edition(tmp_path: Path, name: str = "2026-08") -> Path:
    root = tmp_path / "opportunities"
    (root / name).mkdir(parents=True)
    for p in (ROOT / "opportunities").glob("*.yaml"):
        (root / p.name).write_text(p.read_text())
    for p in (ROOT / "opportunities" / name).glob("*.yaml"):
        (root / name / p.name).write_text(p.read_text())
    return root


def test_a_base_opportunity_left_unnamed_is_an_error(tmp_path):
    root = _copy_edition(tmp_path)
    m = root / "2026-08" / "_edition.yaml"
    m.write_text("\n".join(l for l in m.read_text().splitlines() if not l.startswith("  AdultProtectiveServices:")) + "\n")
    with pytest.raises(CatalogError, match="not named: AdultProtectiveServices"):
        load_edition("2026-08", root)


def test_a_changed_opportunity_without_its_yaml_is_an_error(tmp_path):
    root = _copy_edition(tmp_path)
    (root / "2026-08" / "ThreeK.yaml").unlink()
    with pytest.raises(CatalogError, match="ThreeK is changed but .*ThreeK.yaml does not exist"):
        load_edition("2026-08", root)


def test_an_opportunity_listed_twice_is_an_error(tmp_path):
    root = _copy_edition(tmp_path)
    m = root / "2026-08" / "_edition.yaml"
    m.write_text(m.read_text().replace("changed:\n", "changed:\n  - AdultProtectiveServices\n"))
    with pytest.raises(CatalogError, match="AdultProtectiveServices is listed under both 'kept' and 'changed'"):
        load_edition("2026-08", root)


def test_unknown_edition_names_the_available_ones():
    with pytest.raises(CatalogError, match="editions: 2024, 2026-08"):
        load_edition("2031")


def test_a_reading_sentence_not_in_the_requirements_is_an_error(tmp_path):
    root = _copy_edition(tmp_path)
    r = root / "2026-08" / "ThreeK.yaml"
    r.write_text(r.read_text().replace("sentence: They are 3 years old", "sentence: They are three years old"))
    with pytest.raises(CatalogError, match=r"ThreeK.yaml: readings\[1\]: field 'sentence' is not in ThreeK's requirements"):
        load_readings(load_edition("2026-08", root), TABLE_FEATURES)


def test_own_opportunities_match_their_pull(snapshot_2026):
    from eligibench.catalog import check_against_pull, load_snapshot

    ed = load_edition("2026-08")
    assert check_against_pull(ed, edition_catalog(ed), load_snapshot(snapshot_2026)) == []
    rows = [dict(r) for r in load_snapshot(snapshot_2026)]
    for r in rows:
        if r["program_name"] == "3-K":
            r["plain_language_eligibility"] += " "
    assert any("ThreeK.yaml" in p and "sha256" in p for p in check_against_pull(ed, edition_catalog(ed), tuple(rows)))
