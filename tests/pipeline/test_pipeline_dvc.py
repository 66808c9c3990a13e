"""The real DVC pipeline (fetch -> catalog) in a scratch copy of the project."""
import json
from pathlib import Path

import pytest

from tests.scratch import dvc, make_project

pytestmark = pytest.mark.dvc


def _project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "proj")


def _repro(proj: Path, snapshot: Path | None, *extra: str) -> str:
    r = dvc(proj, snapshot, "repro", *extra, "fetch", "catalog")
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def proj(tmp_path_factory, snapshot_2024) -> Path:
    p = _project(tmp_path_factory.mktemp("dvc"))
    _repro(p, snapshot_2024)
    return p


def test_offline_repro_from_2024_snapshot_reports_no_drift(proj):
    report = json.loads((proj / "reports" / "drift.json").read_text())
    assert report["checked"] and not report["has_drift"]
    assert report["source"] == {"origin": "snapshot", "location": "kvhd-5fmu-2024.json", "data_date": None}
    assert len(json.loads((proj / "data" / "catalog" / "opportunities.json").read_text())["opportunities"]) == 82


def test_second_repro_does_nothing(proj, snapshot_2024):
    out = _repro(proj, snapshot_2024)
    assert "Running stage" not in out
    assert "didn't change" in out


def test_2026_snapshot_drift_is_reported_and_strict_fails(proj, snapshot_2026):
    out = _repro(proj, snapshot_2026, "-f")
    assert "drifted programs" in out
    md = (proj / "reports" / "drift.md").read_text()
    assert "Pre-K for All" in md and "| Pre-K |" in md and "Safe and Sick Leave" in md
    params = proj / "params.yaml"
    params.write_text(params.read_text().replace("strict: false", "strict: true"))
    r = dvc(proj, snapshot_2026, "repro", "catalog")
    assert r.returncode != 0
    assert "catalog.strict is true" in r.stderr + r.stdout


def test_unavailable_source_still_builds_and_says_drift_not_checked(tmp_path):
    p = _project(tmp_path)
    _repro(p, None)
    assert json.loads((p / "reports" / "drift.json").read_text())["checked"] is False
    assert "Drift was not checked" in (p / "reports" / "drift.md").read_text()
