import json

import pytest

from eligibench.catalog import SourcePull, drift, known_uncurated, load_catalog, load_snapshot, pull
from eligibench.errors import BenyfitsError


def test_unreachable_live_source_falls_back_to_snapshot(snapshot_2024):
    # port 9 on loopback: nothing listens, so the live fetch fails at once
    p = pull(url="http://127.0.0.1:9/resource/kvhd-5fmu.json", timeout_s=2, snapshot=str(snapshot_2024), offline=False)
    assert p.origin == "snapshot" and len(p.rows) == 99
    assert p.location == "kvhd-5fmu-2024.json"
    assert "unreachable" in p.note


def test_no_source_and_no_snapshot_is_unavailable_not_an_error():
    p = pull(url="http://127.0.0.1:9/x.json", timeout_s=2, snapshot="", offline=False)
    assert p.origin == "unavailable" and p.rows == ()
    report = drift.detect(load_catalog(), p)
    assert not report.checked
    assert "Drift was not checked" in report.to_markdown()


def test_snapshot_errors_name_the_file(tmp_path):
    bad = tmp_path / "s.json"
    bad.write_text("{not json")
    with pytest.raises(BenyfitsError, match="s.json: not valid JSON"):
        load_snapshot(bad)
    bad.write_text(json.dumps([{"name": "x"}]))
    with pytest.raises(BenyfitsError, match="record 0"):
        load_snapshot(bad)
    with pytest.raises(BenyfitsError, match="not found"):
        load_snapshot(tmp_path / "missing.json")


def test_pull_round_trips_through_its_json_form(snapshot_2026):
    p = pull(snapshot=str(snapshot_2026), offline=True)
    assert p.data_date and p.data_date.startswith("20")
    assert SourcePull.from_dict(json.loads(json.dumps(p.to_dict()))) == p


def test_2024_snapshot_shows_no_drift_for_the_82(snapshot_2024):
    report = drift.detect(load_catalog(), pull(snapshot=str(snapshot_2024), offline=True), known_uncurated())
    assert report.checked and not report.has_drift
    assert sum(len(p.opportunities) for p in report.programs) == 82
    assert "No drift" in report.to_markdown()


def test_2026_snapshot_names_renamed_removed_and_rewritten(snapshot_2026):
    report = drift.detect(load_catalog(), pull(snapshot=str(snapshot_2026), offline=True), known_uncurated())
    by_name = {p.program_name: p for p in report.programs}
    assert by_name["Pre-K for All"].status == drift.RENAMED_CHANGED
    assert by_name["Pre-K for All"].current_name == "Pre-K"
    assert by_name["Head Start"].current_name == "Head Start / Early Head Start"
    assert by_name["Child Health Plus and Children's Medicaid"].current_name == "Child Health Plus"
    assert by_name["NYC Youth Leadership Councils"].current_name == "Youth Action 50"  # found by text alone
    assert by_name["NYC Youth Leadership Councils"].similarity > 0.8
    assert by_name["Safe and Sick Leave"].status == drift.REMOVED
    assert by_name["Middle School"].status == drift.REMOVED
    assert by_name["Child Tax Credit"].status == drift.CHANGED
    assert by_name["IDNYC"].status == drift.CHANGED
    assert "Affordable Broadband Act" in report.new_programs
    assert "Pre-K" not in report.new_programs  # consumed by the rename
    md = report.to_markdown()
    for heading in ("## Renamed and changed", "## Changed", "## Removed", "## New"):
        assert heading in md
    assert "Safe and Sick Leave" in md and "SafeAndSickLeave" in md


def test_fingerprint_similarity_tracks_text_overlap():
    from eligibench.catalog import similarity
    from eligibench.catalog import text_fingerprint as fingerprint

    base = "<p>Anyone who lives in New York City and is age 10 and older is eligible to apply for a card.</p>"
    assert similarity(fingerprint(base), fingerprint(base)) == 1.0
    assert similarity(fingerprint(base), fingerprint("<b>" + base + "</b>")) == 1.0  # markup only
    near = base.replace("10", "14")
    far = "<p>Homeowners aged 65 or older with income under $58,399 qualify for the exemption.</p>"
    assert similarity(fingerprint(base), fingerprint(near)) > similarity(fingerprint(base), fingerprint(far))
    assert len(fingerprint(base)) == 256
