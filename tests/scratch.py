"""Scratch copies of the project for tests that run the real DVC pipeline."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PROJECT_FILES = ("dvc.yaml", "params.yaml", "stages", "eligibench", "checkers", "opportunities", "submissions")


def make_project(dst: Path, params: dict | None = None) -> Path:
    """Copy the pipeline's inputs to `dst`, apply `params` ({section: {key: value}}), git + dvc init."""
    dst.mkdir(parents=True)
    for name in PROJECT_FILES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dst / name, ignore=shutil.ignore_patterns("__pycache__", "generated"))
        else:
            shutil.copy(src, dst / name)
    if params:
        p = yaml.safe_load((dst / "params.yaml").read_text())
        for section, values in params.items():
            p[section].update(values)
        (dst / "params.yaml").write_text(yaml.safe_dump(p, sort_keys=False))
    subprocess.run(["git", "init", "-q"], cwd=dst, check=True)
    subprocess.run([sys.executable, "-m", "dvc", "init", "-q"], cwd=dst, check=True)
    return dst


def pipeline_env(snapshot: Path | None) -> dict:
    """Offline, the venv's python first on PATH (DVC runs `python -m stages...`)."""
    return dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                BENYFITS_OFFLINE="1", BENYFITS_NYC_SNAPSHOT=str(snapshot or ""), HF_HUB_OFFLINE="1")


def dvc(proj: Path, snapshot: Path | None, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dvc", *args], cwd=proj, env=pipeline_env(snapshot),
                          capture_output=True, text=True)
