"""A run under a protocol with a patience: resolved from params, its protocol and simulator label
name the patience (a new run id), its user states priorities, and its dialogs end `patience_spent`;
the same params without a patience resolve to the run id they always had."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml

from eligibench.evaluation.hosting import load_manifest
from eligibench.evaluation.run import read_config, resolve_run, run_identity
from eligibench.evaluation.user import PriorityUser, patience_of
from eligibench.results import PATIENCE_SPENT, run_id_for
from tests.evaluation.doubles import ScriptedAgent

ROOT = Path(__file__).resolve().parents[2]
PARAMS = yaml.safe_load((ROOT / "params.yaml").read_text())


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path_factory.mktemp("patience") / "project"
    make_dataset(proj / "benyfits", n_diverse=1, n_representative=1)
    return proj


def _resolved(project: Path, patience=None):
    p = copy.deepcopy(PARAMS)
    p["evaluate"]["simulator_mode"] = {"mode": "grounded"} | ({"patience": patience} if patience else {})
    config = read_config(p)
    return resolve_run(config, load_manifest(ROOT / "submissions" / "random"), config.run("random"), project=project)


def test_a_patience_run_names_it_and_its_dialogs_end_when_it_is_spent(project):
    plain, timed = _resolved(project), _resolved(project, 3)
    assert patience_of(plain.protocol) is None and "patience" not in plain.protocol.to_json()
    assert patience_of(timed.protocol) == 3 and timed.protocol.to_json()["patience"] == 3
    assert run_id_for(run_identity(plain)) != run_id_for(run_identity(timed))
    assert run_identity(timed).params["simulator_mode"].endswith(" patience:3")
    row = next(iter(timed.rows.values()))[0]
    user = timed.user(None, row)
    assert isinstance(user, PriorityUser) and not isinstance(plain.user(None, row), PriorityUser)
    r = timed.dialog(ScriptedAgent(ready_value=False), user, row)
    assert r.termination == PATIENCE_SPENT and len(r.turns) == 3
