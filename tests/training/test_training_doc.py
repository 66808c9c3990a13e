"""docs/training.md works as written: every fenced block of its "Worked example" runs, in order,
in a copy of the project (the published data, catalog and editions linked read-only, the
submissions copied). The one deviation, so the test takes about a minute: the copy's params.yaml
builds a smaller train split (80 households per edition) and a 5-episode starter set."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from eligibench import paths
from tests.conftest import ROOT

DOC = ROOT / "docs" / "training.md"


def blocks() -> list[tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    example = text[text.index("## Worked example"):]
    return re.findall(r"```(bash|python)\n(.*?)```", example, re.S)


@pytest.mark.needs_bwrap
@pytest.mark.needs_datasets
@pytest.mark.e2e  # the guide's whole worked example (export, training steps, an evaluation): ~40 s
def test_the_worked_example_runs_as_written(tmp_path):
    proj = tmp_path / "project"
    (proj / "data").mkdir(parents=True)
    for d in ("datasets", "catalog", "editions"):
        (proj / "data" / d).symlink_to(ROOT / "data" / d)
    for p in (paths.DATASET_DIR, paths.OPPORTUNITIES):
        (proj / p).symlink_to(ROOT / p)
    for name in ("teacher", "random"):
        shutil.copytree(ROOT / "submissions" / name, proj / "submissions" / name, ignore=shutil.ignore_patterns("__pycache__"))
    raw = yaml.safe_load((ROOT / "params.yaml").read_text())
    raw["train"].update(fuzzed=60, population=20)
    raw["train"]["teacher"]["episodes"] = 5
    (proj / "params.yaml").write_text(yaml.safe_dump(raw, sort_keys=False))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{os.path.dirname(sys.executable)}:{os.environ['PATH']}"}
    outputs = []
    found = blocks()
    assert [k for k, _ in found] == ["bash", "python", "python", "bash"]
    for kind, code in found:
        argv = ["bash", "-euo", "pipefail", "-c", code] if kind == "bash" else [sys.executable, "-c", code]
        done = subprocess.run(argv, cwd=proj, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"{kind} block failed:\n{code}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
        outputs.append(done.stdout)
    assert "train 2024: 80 households" in outputs[0] and "teacher_data: 5 of 5 teacher dialogs kept" in outputs[0]
    teacher = re.search(r"teacher: return ([\d.]+), pair accuracy ([\d.]+)", outputs[1])
    random_ = re.search(r"random: return ([\d.]+), pair accuracy ([\d.]+), questions 0.0", outputs[1])
    assert teacher and random_ and float(teacher.group(2)) >= 0.95 > float(random_.group(2))
    assert outputs[2].startswith("runs ") and len(outputs[2].split()) == 3
    assert "export-trajectories:" in outputs[3] and "num_rows" in outputs[3]
    assert (proj / "data" / "training" / "sft" / "README.md").is_file()
