"""The data version is a digest of content: a code change that changes dataset bytes re-runs
the dataset stages and changes the version; one that leaves the bytes alone keeps it."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from eligibench.datasets import content_version, dataset_path, folder_version, read_parquet
from eligibench.household import household
from tests.scratch import DATASET_STAGES, copy_project, dvc

pytestmark = pytest.mark.dvc
CATALOG = {"opportunities": [{"id": "IDNYC", "name": "IDNYC", "category": "c", "scope": "individual",
                              "requirements": "Any NYC resident aged 10 or older."}]}


def _row(age: int, version: str = ""):
    from checkers import registry
    from eligibench.datasets import build_row
    from eligibench.truth import traced_checkers

    return build_row("r-0", "diverse", household({"name": "Ana Ruiz", "age": age}), ["IDNYC"],
                     traced_checkers({"IDNYC": registry()["IDNYC"]}), version)


def test_content_version_is_the_content_not_the_version_field():
    a = _row(40)
    assert content_version([a], CATALOG) == content_version([replace(a, data_version="anything")], CATALOG)
    assert content_version([a], CATALOG) != content_version([_row(41)], CATALOG)
    changed = {"opportunities": [dict(CATALOG["opportunities"][0], requirements="Any NYC resident.")]}
    assert content_version([a], CATALOG) != content_version([a], changed)
    assert folder_version({"diverse": "dv-1", "representative": "dv-2"}) != folder_version({"diverse": "dv-1", "representative": "dv-3"})


def _versions(proj: Path) -> dict[str, str]:
    return {name: read_parquet(dataset_path(proj / "benyfits", name))[0].data_version
            for name in ("diverse", "representative")}


def _bytes(proj: Path) -> dict[str, bytes]:
    return {p.relative_to(proj).as_posix(): p.read_bytes() for p in sorted((proj / "benyfits").rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def project(built_datasets, tmp_path_factory, snapshot_2024) -> Path:
    """A copy of the session's build (tests/pipeline/conftest.py: these tests change its code), which
    DVC must see as built, or a re-run below would prove nothing about what the change re-runs."""
    proj = copy_project(built_datasets, tmp_path_factory.mktemp("dv") / "proj")
    r = dvc(proj, snapshot_2024, "status", *DATASET_STAGES)
    assert r.returncode == 0 and r.stdout.strip() == "Data and pipelines are up to date.", r.stdout + r.stderr
    return proj


def test_a_comment_reruns_the_stages_and_keeps_the_version(project, snapshot_2024):
    before, data = _versions(project), _bytes(project)
    # the two stages' own scripts: a change there re-runs exactly the stages that write the versioned
    # datasets (a comment in eligibench/household re-ran every dataset stage: 45 s instead of ~10)
    for name in ("diverse", "representative"):
        script = project / "stages" / f"{name}.py"
        script.write_text(script.read_text() + "\n# a comment changes no dataset byte\n")
    status = dvc(project, snapshot_2024, "status", "diverse", "representative")  # not the whole project: a never-built stage lists their files too
    assert "diverse" in status.stdout and "representative" in status.stdout  # the deps saw the change
    r = dvc(project, snapshot_2024, "repro", *DATASET_STAGES)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Running stage 'diverse'" in r.stdout and "Running stage 'representative'" in r.stdout
    assert _versions(project) == before
    assert _bytes(project) == data


def test_a_profile_change_reruns_the_stages_and_changes_the_version(project, snapshot_2024):
    before = _versions(project)
    folder_before = {p.parent.name for p in (project / "benyfits" / "data").glob("*/diverse.parquet")}
    sentences = project / "eligibench" / "household" / "value_sentences.py"  # the profile's value sentences
    old = "f\"{{S}} {{be}} {counted(v, 'year')} old.\""
    assert old in sentences.read_text()
    sentences.write_text(sentences.read_text().replace(old, "f\"{{S}} {{be}} {counted(v, 'year')} of age.\""))
    r = dvc(project, snapshot_2024, "repro", *DATASET_STAGES)
    assert r.returncode == 0, r.stdout + r.stderr
    after = _versions(project)
    assert after["diverse"] != before["diverse"] and after["representative"] != before["representative"]
    assert "of age." in read_parquet(dataset_path(project / "benyfits", "diverse"))[0].profile
    folder_after = {p.parent.name for p in (project / "benyfits" / "data").glob("*/diverse.parquet")}
    assert folder_after != folder_before and len(folder_after) == 1
