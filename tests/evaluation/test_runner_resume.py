import signal
import subprocess
import sys
import time
from pathlib import Path

from eligibench.results.store import ResultStore, run_id_for
from tests.evaluation.run_for_kill import plan

ROOT = Path(__file__).resolve().parents[2]
N = 30


def _start(db: Path, sleep: float) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.evaluation.run_for_kill", str(db), str(sleep), str(N)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_killed_run_resumes_without_duplicates_or_losses(tmp_path):
    db = tmp_path / "results.duckdb"
    store = ResultStore(db)
    _, spec = plan(N)
    run_id = run_id_for(spec)
    proc = _start(db, 0.15)
    deadline = time.time() + 60
    while time.time() < deadline and len(store.completed(run_id)) < 5:
        time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_at_kill = len(store.completed(run_id))
    assert 5 <= done_at_kill < N, "the kill should land mid-run"

    resumed = _start(db, 0.0)
    assert resumed.wait(timeout=120) == 0, resumed.stderr.read().decode()
    dialogs = store.dialogs(run_id)
    keys = [(d["dataset"], d["row_id"], d["trial"]) for d in dialogs]
    assert len(keys) == len(set(keys)) == N
    for d in dialogs:
        t = store.transcript(run_id, d["dataset"], d["row_id"], d["trial"])
        assert len(t["turns"]) == 2 and len(t["predictions"]) == 1  # no partial dialog
    names = {(m["dataset"], m["name"]) for m in store.metrics(run_id)}
    assert ("diverse", "f1") in names and ("average", "turn_weighted_f1") in names
    assert {r["run_id"]: r["status"] for r in store.runs()}[run_id] == "done"
