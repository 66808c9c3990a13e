import json

import pytest

from eligibench.household import (
    LabeledHousehold,
    RowError,
    household,
    household_from_v1,
    household_to_v1,
    iter_v1_file,
    labeled_to_v1_row,
    load_v1_file,
)

KNOWN = frozenset({"IDNYC", "HeadStart"})


def _hh():
    return household({"name": "Ana", "age": 33}, {"name": "Leo", "relation": "child", "age": 4})


def test_v1_layout_round_trip():
    hh = _hh()
    v1 = household_to_v1(hh)
    assert v1["features"]["members"][1]["features"]["name"] == "Leo"
    assert household_from_v1(json.loads(json.dumps(v1))) == hh


def test_import_jsonl_with_nested_and_top_level_labels(tmp_path):
    hh = household_to_v1(_hh())
    p = tmp_path / "v1.jsonl"
    p.write_text(
        json.dumps({"hh": hh, "edge_case_programs": ["IDNYC"], "labels": {"IDNYC": True}}) + "\n\n"
        + json.dumps({"hh": hh, "edge_case_programs": ["HeadStart", "IDNYC"], "HeadStart": False, "IDNYC": True, "note": "x"}) + "\n"
    )
    rows = load_v1_file(p, KNOWN)
    assert rows[0] == LabeledHousehold(_hh(), ("IDNYC",), {"IDNYC": True})
    assert rows[1].opportunities == ("HeadStart", "IDNYC")
    assert dict(rows[1].labels) == {"HeadStart": False, "IDNYC": True}
    assert load_v1_file(p, KNOWN)[0] == rows[0]
    assert labeled_to_v1_row(rows[0])["hh"] == hh


def test_truncated_line_is_reported_with_its_row_and_others_still_read(tmp_path):
    good = json.dumps({"hh": household_to_v1(_hh()), "edge_case_programs": ["IDNYC"]})
    p = tmp_path / "v1.jsonl"
    p.write_text(good + "\n" + good[: len(good) // 2] + "\n" + good + "\n")
    items = list(iter_v1_file(p, KNOWN))
    assert [type(i).__name__ for i in items] == ["LabeledHousehold", "RowError", "LabeledHousehold"]
    assert items[1].row == 2 and "truncated" in str(items[1])
    with pytest.raises(RowError, match="row 2"):
        load_v1_file(p, KNOWN)


def test_bad_feature_and_unknown_program_name_row_and_field(tmp_path):
    hh = household_to_v1(_hh())
    hh["features"]["members"][1]["features"]["age"] = "four"
    p = tmp_path / "v1.jsonl"
    p.write_text(json.dumps({"hh": hh}) + "\n" + json.dumps({"hh": household_to_v1(_hh()), "edge_case_programs": ["Nope"]}) + "\n")
    a, b = list(iter_v1_file(p, KNOWN))
    assert "row 1" in str(a) and "member 1, feature 'age'" in str(a)
    assert "row 2" in str(b) and "unknown opportunity id 'Nope'" in str(b)


def test_non_boolean_label_rejected(tmp_path):
    p = tmp_path / "v1.jsonl"
    p.write_text(json.dumps({"hh": household_to_v1(_hh()), "labels": {"IDNYC": "yes"}}) + "\n")
    (err,) = list(iter_v1_file(p, KNOWN))
    assert isinstance(err, RowError) and "IDNYC" in str(err)
