"""A run's id is pinned for every committed run configuration (params.yaml `evaluate.runs`):
resolving the same inputs must give the same id, whatever shape the run model takes inside.

The inputs that legitimately move an id without any change to the run model are held fixed:
the submission's code (`code_hash`: an edited agent is rightly a new run; test_load_run pins the
ids the pipeline stored with the code of their commit) and each model's runtime version inside
`model_identity` (a dependency upgrade is rightly a new run). Everything else, from the params to
the protocol id, is the real derivation over a synthetic dataset folder.

The expected ids were written before the run model was folded into one type
(`python -m tests.evaluation.test_run_id_pins` rewrites them; only do so on purpose, when the
identity is meant to change). A failure names the configuration and the spec fields that moved.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PINS = Path(__file__).with_name("run_id_pins.json")
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())
_RUNTIME = re.compile(r"/runtime:[^/]*")


def _model_identity(spec) -> str:
    from eligibench.models import model_identity

    return _RUNTIME.sub("", model_identity(spec))


def _code_hash(folder) -> str:
    return f"code-of:{Path(folder).name}"


def pinned_specs(project: Path, patch) -> dict[str, dict]:
    """name -> {run_id, spec} for every configuration, resolved over the dataset in `project`.
    `patch(obj, name, value)` sets an attribute for the call (pytest's monkeypatch.setattr)."""
    from eligibench.evaluation.run import load_run, resolve, run_identity
    from eligibench.results.identity import run_id_for, spec_dict

    patch(resolve, "code_hash", _code_hash)
    patch(resolve, "model_identity", _model_identity)
    out = {}
    for name in PARAMS["evaluate"]["runs"]:
        # the executor decides where dialogs run, never what they compute: the id must not see it
        for overrides in ({}, {"executor": "ray", "ray.dialogs_per_task": 5}):
            spec = run_identity(load_run(name, project, overrides, params_file=ROOT / "params.yaml"))
            got = {"run_id": run_id_for(spec), "spec": json.loads(json.dumps(spec_dict(spec)))}
            assert out.setdefault(name, got) == got, f"{name}: evaluate.executor moved the run id"
    return out


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path_factory.mktemp("pins") / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    (proj / "submissions").symlink_to(ROOT / "submissions")  # the committed agents, read where load_run looks
    return proj


def test_every_committed_configuration_keeps_its_pinned_run_id(project, monkeypatch):
    want = json.loads(PINS.read_text())
    got = pinned_specs(project, monkeypatch.setattr)
    assert sorted(got) == sorted(want), "params.yaml evaluate.runs changed: rewrite the pins on purpose"
    for name, pin in want.items():
        moved = {k for k in pin["spec"] if got[name]["spec"].get(k) != pin["spec"][k]}
        assert got[name]["run_id"] == pin["run_id"], f"run configuration {name!r}: spec fields {sorted(moved)} moved"


def _write() -> None:  # pragma: no cover - run by hand
    import tempfile

    from tests.leaderboard.synthetic import make_dataset

    proj = Path(tempfile.mkdtemp()) / "project"
    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2)
    (proj / "submissions").symlink_to(ROOT / "submissions")
    specs = pinned_specs(proj, setattr)
    PINS.write_text(json.dumps(specs, indent=1, sort_keys=True) + "\n")
    print(f"{PINS}: {len(specs)} run ids", file=sys.stderr)


if __name__ == "__main__":
    _write()
