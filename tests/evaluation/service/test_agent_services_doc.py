"""docs/agent-services.md works as written: its bash blocks run in order, in a reference project
(a git checkout with the random agent and a tiny published dataset), the example service on a
free loopback port. Then the store holds the --agent-url run (development store) and the
submitted service's run (the board's store), each marked "service: code not inspected"."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from eligibench.results import SERVICE_NOT_INSPECTED
from tests.evaluation.reference_project import NO_BWRAP, ROOT, make_reference_project
from tests.evaluation.service.servers import free_port

DOC = ROOT / "docs" / "agent-services.md"


def _blocks() -> list[str]:
    return re.findall(r"```bash\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


@pytest.mark.needs_bwrap  # `benyfits worker` checks for bubblewrap first (cli/main.py): a queue may hold code
def test_the_walkthrough_runs_as_written(tmp_path: Path):
    project = make_reference_project(tmp_path / "p", agents=("random",))
    shutil.copytree(ROOT / "examples", project / "examples", ignore=shutil.ignore_patterns("__pycache__"))
    port = str(free_port())
    serve, evaluate, submit = (b.replace("8765", port) for b in _blocks())
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BENYFITS_BWRAP": NO_BWRAP}
    prelude = f'benyfits() {{ "{sys.executable}" -m eligibench.cli "$@"; }}\npython() {{ "{sys.executable}" "$@"; }}\nset -e\n'
    server = subprocess.Popen(["bash", "-c", prelude + "exec " + serve.strip().replace("python ", f"{sys.executable} ", 1)],
                              cwd=project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              start_new_session=True)
    try:
        assert "serving random" in server.stdout.readline()
        for block, environ in ((evaluate, env), (submit, {k: v for k, v in env.items() if k != "BENYFITS_BWRAP"})):
            r = subprocess.run(["bash", "-c", prelude + block], cwd=project, env=environ, capture_output=True, text=True,
                               timeout=300)
            assert r.returncode == 0, r.stdout + r.stderr
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    for store, expect in ((project / "results" / "local.duckdb", "random-service"),
                          (project / "results" / "benyfits.duckdb", "random-service")):
        with duckdb.connect(str(store), read_only=True) as con:
            rows = con.execute("SELECT submission, status, isolation FROM runs").fetchall()
        assert (expect, "done", SERVICE_NOT_INSPECTED) in rows, rows
