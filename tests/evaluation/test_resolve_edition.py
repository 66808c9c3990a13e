"""Evaluating on an edition (issue 21 item 5, docs/editions.md "Protocols"): `evaluate.edition`
makes `resolve_run` read that edition's datasets and requirement texts and record the edition in
the protocol, so its protocol id differs; a 2024 run's identity is byte-identical to before."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml

from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import read_config, resolve_run, run_identity
from eligibench.results.identity import run_id_for

ROOT = Path(__file__).resolve().parents[2]
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path_factory.mktemp("edition") / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2, version="synthetic-2026-08", edition="2026-08")
    return proj


def _params(edition: str | None) -> dict:
    p = copy.deepcopy(PARAMS)
    p["evaluate"].pop("edition", None)
    if edition is not None:
        p["evaluate"]["edition"] = edition
    return p


def _resolve(params: dict, project: Path, name: str = "direct"):
    config = read_config(params)
    run = config.run(name)
    return resolve_run(config, load_manifest(ROOT / "submissions" / run.submission), run, project=project)


def test_the_default_edition_is_2024_and_leaves_the_identity_as_it_was(project):
    absent, explicit = _resolve(_params(None), project), _resolve(_params("2024"), project)
    assert absent.protocol.edition == explicit.protocol.edition == "2024"
    assert run_id_for(run_identity(absent)) == run_id_for(run_identity(explicit))
    # nothing about the edition is written for 2024: the protocol JSON and the params are as before
    assert "edition" not in explicit.protocol.to_json()
    assert "edition" not in run_identity(explicit).params
    assert all(r.id.startswith(("diverse-0", "representative-0")) for rs in explicit.rows.values() for r in rs)


def test_a_later_edition_reads_its_own_datasets_and_texts_and_is_another_protocol(project):
    old, new = _resolve(_params("2024"), project), _resolve(_params("2026-08"), project)
    assert set(new.rows) == {"diverse", "representative"}  # the datasets keep their names (metrics, columns)
    ids = [r.id for rs in new.rows.values() for r in rs]
    assert ids and all(i.startswith(("diverse-2026-08-", "representative-2026-08-")) for i in ids)
    assert new.data_version != old.data_version
    assert new.protocol.edition == "2026-08" and new.protocol.to_json()["edition"] == "2026-08"
    assert new.protocol.protocol_id != old.protocol.protocol_id
    assert run_identity(new).protocol_id == new.protocol.protocol_id
    assert run_id_for(run_identity(new)) != run_id_for(run_identity(old))
    # the agent is shown the edition's requirement texts: removed programs are gone, changed ones moved
    from eligibench.catalog.editions import edition_catalog, load_edition

    ed = load_edition("2026-08")
    removed = set(ed.removed)
    assert removed and not removed & set(new.briefs) and removed <= set(old.briefs)
    catalog = edition_catalog(ed)
    changed = ed.changed[0]
    assert new.briefs[changed].requirements == catalog[changed].requirements != old.briefs[changed].requirements
    # the households used out of the edition's own totals
    assert {d: u.households_total for d, u in new.protocol.datasets.items()} == {"diverse": 3, "representative": 2}


def test_a_bad_or_unbuilt_edition_is_refused_naming_the_key(project):
    with pytest.raises(ParamsError, match="evaluate.edition"):
        read_config(_params(2026))
    with pytest.raises(ParamsError, match=r"'evaluate.edition' is '2030-01': no such edition \(known: 2024, 2026-08\)"):
        _resolve(_params("2030-01"), project)


def test_the_sealed_split_is_refused_for_an_edition_without_one_and_needs_its_build(project, monkeypatch):
    """2026-08 has a sealed split (tests/datasets/test_sealed_editions.py); any other edition is refused."""
    config = read_config(_params("2030-01"))
    with pytest.raises(ParamsError, match="the sealed split is built for 2024, 2026-08 only"):
        resolve_run(config, load_manifest(ROOT / "submissions" / "direct"), config.run("direct"), split="sealed",
                    project=project)
    monkeypatch.setenv("BENYFITS_SEALED_SEED", "a-test-secret-0123456789")
    config = read_config(_params("2026-08"))
    with pytest.raises(Exception, match=r"build them with `python -m stages.sealed --edition 2026-08`"):
        resolve_run(config, load_manifest(ROOT / "submissions" / "direct"), config.run("direct"), split="sealed",
                    project=project)


@pytest.mark.needs_datasets
def test_the_pipelines_stored_2024_runs_keep_their_protocol_ids():
    """Every run the last `dvc repro` stored, resolved again by this code: the same protocol id
    (skipped before the pipeline has run in this checkout). The run id also covers the agent's
    code hash, which moves with any edit to a submission; checked by hand on 2026-11-23 against
    the six runs of that morning's pipeline: all six run ids identical."""
    summaries = sorted((ROOT / "results" / "runs").glob("*.json"))
    if not summaries or not (ROOT / "benyfits" / "data").is_dir():
        pytest.fail("marked needs_datasets, yet what `dvc repro` builds is missing here")
    config = read_config(PARAMS)
    checked = 0
    for f in summaries:
        stored = json.loads(f.read_text())
        if f.stem not in config.runs:
            continue
        r = _resolve(PARAMS, ROOT, f.stem)
        assert (f.stem, r.protocol.to_json()) == (f.stem, stored["protocol"])
        assert r.protocol.protocol_id == stored["protocol_id"]
        checked += 1
    assert checked
