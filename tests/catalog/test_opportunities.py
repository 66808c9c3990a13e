import json
import re
import shutil
from pathlib import Path

import pytest

from eligibench.catalog import CATEGORIES, eligibility_sha256, load_catalog, load_opportunity
from eligibench.catalog import text_fingerprint as fingerprint
from eligibench.errors import CatalogError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def one(tmp_path) -> Path:
    d = tmp_path / "opps"
    d.mkdir()
    shutil.copy(ROOT / "opportunities" / "IDNYC.yaml", d / "IDNYC.yaml")
    return d


def _rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_catalog_has_the_82_v1_opportunities(shared):
    ref = json.loads((shared / "reference" / "opportunities_v1.json").read_text())["opportunities"]
    catalog = load_catalog()
    assert sorted(catalog.ids) == sorted(o["id"] for o in ref)
    for o in ref:
        assert catalog[o["id"]].source.program_name == o["nyc_program_name_2024"]


def test_every_sha256_matches_the_2024_source_text(snapshot_2024):
    texts = {r["program_name"]: r["plain_language_eligibility"] for r in json.loads(snapshot_2024.read_text())}
    for o in load_catalog().opportunities:
        assert o.source.eligibility_sha256 == eligibility_sha256(texts[o.source.program_name]), o.id
        assert o.source.text_fingerprint == fingerprint(texts[o.source.program_name]), o.id


def test_split_rows_say_so():
    catalog = load_catalog()
    by_row: dict[str, list] = {}
    for o in catalog.opportunities:
        by_row.setdefault(o.source.program_name, []).append(o)
    shared_rows = {k: v for k, v in by_row.items() if len(v) > 1}
    assert set(shared_rows) == {"Infants and Toddlers", "School Tax Relief Program"}
    for opps in shared_rows.values():
        for o in opps:
            assert o.split, f"{o.id} shares a source row but its 'split' is empty"


def test_requirements_follow_the_curation_rules():
    for o in load_catalog().opportunities:
        text = o.requirements
        assert "<" not in text.replace("<=", "").replace("< ", ""), f"{o.id}: HTML left in requirements"
        assert "may qualify" not in text.lower(), f"{o.id}: 'may qualify' should read 'qualify'"
        for year in ("2022", "2023", "2024", "2025"):
            assert year not in text, f"{o.id}: specific year {year} should be a relative term"
        assert o.category in CATEGORIES


def test_malformed_yaml_names_file_and_line(one):
    p = one / "IDNYC.yaml"
    p.write_text(p.read_text() + "\nrequirements: [unclosed\n")
    with pytest.raises(CatalogError, match=r"IDNYC\.yaml: malformed YAML \(line \d+"):
        load_catalog(one)


def test_missing_field_named(one):
    p = one / "IDNYC.yaml"
    p.write_text("\n".join(l for l in p.read_text().splitlines() if not l.startswith("category:")))
    with pytest.raises(CatalogError, match=r"IDNYC\.yaml: field 'category': missing"):
        load_catalog(one)


def test_unknown_scope_named(one):
    _rewrite(one / "IDNYC.yaml", "scope: individual", "scope: neighbourhood")
    with pytest.raises(CatalogError, match=r"field 'scope': 'neighbourhood' is not one of: individual, household"):
        load_catalog(one)


def test_bad_sha_and_unknown_field(one):
    _rewrite(one / "IDNYC.yaml", "eligibility_sha256: c8", "eligibility_sha256: zz")
    with pytest.raises(CatalogError, match="source.eligibility_sha256"):
        load_catalog(one)
    _rewrite(one / "IDNYC.yaml", "eligibility_sha256: zz", "eligibility_sha256: c8")
    (one / "IDNYC.yaml").write_text((one / "IDNYC.yaml").read_text() + "colour: blue\n")
    with pytest.raises(CatalogError, match="field 'colour': unknown field"):
        load_catalog(one)


def test_id_must_match_file_name(one):
    shutil.move(one / "IDNYC.yaml", one / "Other.yaml")
    with pytest.raises(CatalogError, match=r"Other\.yaml: field 'id': 'IDNYC' must match the file name 'Other'"):
        load_catalog(one)


def test_duplicate_id_differing_in_case(one):
    text = (one / "IDNYC.yaml").read_text().replace("id: IDNYC", "id: Idnyc")
    (one / "Idnyc.yaml").write_text(text)
    with pytest.raises(CatalogError, match="duplicate id"):
        load_catalog(one)


def test_empty_folder_and_missing_folder(tmp_path):
    with pytest.raises(CatalogError, match="no opportunity files"):
        load_catalog(tmp_path)
    with pytest.raises(CatalogError, match="not found"):
        load_catalog(tmp_path / "nope")


def test_single_file_loader_strips_to_one_trailing_newline():
    o = load_opportunity(ROOT / "opportunities" / "IDNYC.yaml")
    assert o.requirements.endswith("\n") and not o.requirements.endswith("\n\n")


def test_implied_conditions_are_read_with_their_reasons():
    hs = load_catalog()["HeadStart"]
    assert [c.condition for c in hs.implied] == ["A member of the household is 3 or 4 years old."]
    assert "preschool" in hs.implied[0].reason
    assert load_catalog()["IDNYC"].implied == ()


@pytest.mark.parametrize("bad, field, problem", [
    ("implied: []", "implied", None),  # control: valid
    ("implied: none", "implied", "expected a list of {condition, reason}"),
    ("implied:\n  - condition: 'x'", "implied[0].reason", "missing"),
    ("implied:\n  - condition: 'x'\n    reason: ''", "implied[0].reason", "expected a non-empty string"),
    ("implied:\n  - condition: 'x'\n    reason: 'y'\n    why: 'z'", "implied[0].why", "unknown field"),
    ("implied:\n  - 'just text'", "implied[0]", "expected a mapping"),
])
def test_bad_implied_names_file_and_field(one, bad, field, problem):
    _rewrite(one / "IDNYC.yaml", "implied: []", bad)
    if problem is None:
        assert load_catalog(one)["IDNYC"].implied == ()
        return
    with pytest.raises(CatalogError, match=rf"IDNYC\.yaml: field '{re.escape(field)}': {re.escape(problem)}"):
        load_catalog(one)


def test_review_table_is_read():
    rows = load_catalog()["PrimaryAndPreventiveHealthCare"].readings
    assert [r.features for r in rows][:2] == [("place_of_residence", "housing_type"), ("age",)]
    assert rows[1].threshold == "21 or younger (no lower age)"


@pytest.mark.parametrize("bad, field, problem", [
    ("readings: []", "readings", "expected a non-empty list"),
    ("readings:\n- condition: 'x'\n  features: []\n  threshold: null", "readings[0].sentence", "missing"),
    ("readings:\n- condition: 'x'\n  features: age\n  threshold: null\n  sentence: ''", "readings[0].features", "expected a list"),
    ("readings:\n- condition: 'x'\n  features: []\n  threshold: 18\n  sentence: ''", "readings[0].threshold", "expected a string or null"),
    ("readings:\n- condition: 'x'\n  features: []\n  threshold: null\n  sentence: ''\n  who: me", "readings[0].who", "unknown field"),
])
def test_bad_review_table_names_file_and_field(one, bad, field, problem):
    text = (one / "IDNYC.yaml").read_text()
    (one / "IDNYC.yaml").write_text(text[:text.index("\nreadings:")] + "\n" + bad + "\n")
    with pytest.raises(CatalogError, match=rf"IDNYC\.yaml: field '{re.escape(field)}': {re.escape(problem)}"):
        load_catalog(one)
