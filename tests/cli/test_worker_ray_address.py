"""`benyfits worker` with a Ray address it cannot use refuses in one line before it claims
anything: with `--ray-address 127.0.0.1:99999` (or no token authentication) it used to claim each
queued submission in turn and mark it failed for the worker's own fault, or hang in Ray's connect."""
from __future__ import annotations

import pytest

from eligibench.cli import main
from eligibench.results import ResultStore

# the worker names a missing bubblewrap first (it runs submitted agents only inside it): the address
# check comes after, so these run where bubblewrap is installed
pytestmark = pytest.mark.needs_bwrap

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("address, auth, words", [
    ("127.0.0.1:99999", "token", "expected HOST:PORT with a port from 1 to 65535"),
    ("10.0.0.5", "token", "expected HOST:PORT"),
    ("10.0.0.5:6379", None, "needs token authentication"),
])
def test_a_worker_that_cannot_join_its_cluster_claims_nothing(tmp_path, monkeypatch, capsys, address, auth, words):
    store = ResultStore(tmp_path / "q.duckdb")
    store.migrate()
    store.enqueue("random", str(ROOT / "submissions" / "random"))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    if auth:
        monkeypatch.setenv("RAY_AUTH_MODE", auth)
    else:
        monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    monkeypatch.chdir(ROOT)
    assert main(["worker", "--once", "--ray-address", address, "--store", str(store.path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and words in err, err
    assert [q["status"] for q in store.queue()] == ["queued"]  # still there for a worker that can run it
