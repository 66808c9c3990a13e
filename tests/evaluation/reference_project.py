"""Test helper: a small project that is a git checkout, as a clone is: params.yaml, a tiny
published dataset folder (real fuzzed households, real checkers' labels), and reference agents
committed under submissions/. Commands are started as real subprocesses with bubblewrap made
invisible (BENYFITS_BWRAP pointing at a path that does not exist), as on a bare machine."""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NO_BWRAP = "/nonexistent/bwrap"  # BENYFITS_BWRAP: a path that does not exist = bubblewrap is missing


def make_reference_project(dst: Path, agents: tuple[str, ...] = ("random", "direct"), dataset: bool = True) -> Path:
    dst.mkdir(parents=True)
    shutil.copy(ROOT / "params.yaml", dst / "params.yaml")
    for name in agents:
        shutil.copytree(ROOT / "submissions" / name, dst / "submissions" / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    if dataset:
        from tests.leaderboard.synthetic import make_dataset

        make_dataset(dst / "benyfits", n_diverse=2, n_representative=1)
    (dst / ".gitignore").write_text("__pycache__/\n/benyfits\n/results\n")
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main"]
    subprocess.run([*git, "init", "-q"], cwd=dst, check=True)
    subprocess.run([*git, "add", "params.yaml", ".gitignore", "submissions"], cwd=dst, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "reference agents"], cwd=dst, check=True)
    return dst


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    cpu_s: float = 0.0  # the command's CPU seconds (user + system, its own children included)

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


def run(argv: list[str], cwd: Path, timeout: float = 300, **env: str) -> Ran:
    """Start a real command (`python -m ...`) with bubblewrap invisible unless env says otherwise;
    its exit code, output, wall time from start to exit and CPU seconds."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "BENYFITS_BWRAP": NO_BWRAP, **env}
    environ.pop("BENYFITS_DEBUG", None) if "BENYFITS_DEBUG" not in env else None
    start, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run([sys.executable, *argv], cwd=cwd, env=environ, capture_output=True, text=True, timeout=timeout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Ran(r.returncode, r.stdout, r.stderr, time.monotonic() - start, cpu)
