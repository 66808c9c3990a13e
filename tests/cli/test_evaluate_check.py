"""`benyfits evaluate --check`: the preflight alone, against recording fakes of an endpoint (one
that serves the run, one that refuses JSON schema); the failure names the role and what is missing."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from eligibench.cli.main import main
from tests.fakes.openai_server import FakeOpenAIServer

ROOT = Path(__file__).resolve().parents[2]


def _project(tmp_path: Path, base_url: str) -> Path:
    from tests.leaderboard.synthetic import make_dataset

    proj = tmp_path / "project"
    make_dataset(proj / "benyfits", n_diverse=1, n_representative=1)
    params = yaml.safe_load((ROOT / "params.yaml").read_text())
    params["evaluate"]["agent_model"] = {"backend": "openai", "model": "served-model", "base_url": base_url,
                                         "max_tokens": 64}
    params["evaluate"]["runs"] = {"direct": {"submission": "direct"}}
    params["evaluate"]["subset"] = {"diverse": 1, "representative": 1}
    (proj / "params.yaml").write_text(yaml.safe_dump(params))
    return proj


@pytest.mark.parametrize("refuse, ok", [(False, True), (True, False)])
def test_check_runs_the_preflight_only(tmp_path, capsys, refuse, ok):
    with FakeOpenAIServer(models=["served-model"], refuse_json_schema=refuse) as fake:
        proj = _project(tmp_path, fake.base_url)
        cwd = os.getcwd()
        os.chdir(proj)
        try:
            rc = main(["evaluate", str(ROOT / "submissions" / "direct"), "--check"])
        finally:
            os.chdir(cwd)
        out, err = capsys.readouterr()
        bodies = [r.body for r in fake.chat_requests()]
    assert bodies, "the preflight made no request"
    assert all(len(b["messages"]) == 1 for b in bodies), "a dialog ran: --check must only probe"
    if ok:
        assert rc == 0 and "preflight ok for direct" in out and "dialog" in out
    else:
        assert rc == 2 and "role 'dialog'" in err and "json schema" in err.lower()
