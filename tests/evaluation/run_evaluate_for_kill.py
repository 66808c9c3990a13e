"""Helper process for the orphan test: a real evaluation (real llama.cpp simulator server, the
jailed Lingerer agent) over a tiny published dataset folder, to be killed with SIGKILL."""
import os
import shutil
import sys
from dataclasses import replace
from pathlib import Path

from eligibench import params
from eligibench.evaluation.hosting import Manifest
from eligibench.evaluation.run import read_config, resolve_run, run_submission
from eligibench.evaluation.user import FREE_FORM
from tests.leaderboard.synthetic import make_dataset

ROOT = Path(__file__).resolve().parents[2]

if __name__ == "__main__":
    project, marker = Path(sys.argv[1]), os.environ["MARKER"]  # not in argv: the test looks for it in cmdlines
    make_dataset(project / "benyfits")
    folder = project / "submissions" / "hostile"
    shutil.copytree(ROOT / "tests" / "evaluation" / "hostile", folder, ignore=shutil.ignore_patterns("__pycache__"))
    # free-form: the simulator is the real llama.cpp server (the CPU default's grounded mode starts none)
    config = replace(read_config(params.load(ROOT / "params.yaml")), store=project / "r.duckdb", simulator_mode=FREE_FORM)
    manifest = Manifest(folder, "hostile", "hostile", ("test",), "agent:Lingerer", {}, "MIT", options={"marker": marker})
    print("starting", flush=True)
    run_submission(resolve_run(config, manifest, project=project), project=project)
