"""The project's default DVC remote (.dvc/config: a directory beside the checkout): `dvc push`
after `dvc repro`, then a fresh clone + `dvc pull` gets byte-identical outputs and a clean status.

A one-stage pipeline keeps it fast (the full pipeline's outputs travel the same way); the
project's real .dvc/config is used, unchanged."""
from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scratch import dvc

pytestmark = pytest.mark.dvc
ROOT = Path(__file__).resolve().parents[2]

STAGE = """import hashlib, pathlib, sys
out = pathlib.Path('out'); out.mkdir(exist_ok=True)
n = int(sys.argv[1])
(out / 'rows.txt').write_text(''.join(f'{i} {hashlib.sha256(str(i).encode()).hexdigest()}\\n' for i in range(n)))
(out / 'blob.bin').write_bytes(hashlib.sha256(b'x').digest() * (n * 8))
"""


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=cwd, check=True, capture_output=True)


def _digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_push_then_fresh_clone_pull_is_byte_identical_and_clean(tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    _git(proj, "init", "-q")
    subprocess.run([sys.executable, "-m", "dvc", "init", "-q"], cwd=proj, check=True)
    shutil.copy(ROOT / ".dvc" / "config", proj / ".dvc" / "config")
    (proj / "make.py").write_text(STAGE)
    (proj / "dvc.yaml").write_text(f"stages:\n  make:\n    cmd: {sys.executable} make.py 200\n    deps: [make.py]\n    outs: [out]\n")
    r = dvc(proj, None, "repro")
    assert r.returncode == 0, r.stdout + r.stderr
    # and a dataset folder in the published layout (Parquet + card), tracked as data
    from eligibench.datasets import BuildInfo
    from eligibench.datasets import dataset_card as card
    from tests.leaderboard.synthetic import make_dataset

    make_dataset(proj / "benyfits", n_diverse=3, n_representative=2, version="dv-0123456789ab")
    counts = {"households": 3, "pairs": 9, "positive": 2}
    (proj / "benyfits" / "README.md").write_text(card(BuildInfo("dv-0123456789ab", {"households": {"count": 10}}, {"origin": "snapshot"}, {"checked": False}, {"diverse": counts, "representative": counts})))
    r = dvc(proj, None, "add", "benyfits")
    assert r.returncode == 0, r.stdout + r.stderr
    r = dvc(proj, None, "push")
    assert r.returncode == 0, r.stdout + r.stderr
    remote = tmp_path / "benyfits-dvc-remote"  # the default: beside the checkout
    assert remote.is_dir() and any(p.is_file() for p in remote.rglob("*"))
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "pipeline")

    clone = tmp_path / "clone"  # beside proj, so the relative default remote is the same folder
    _git(tmp_path, "clone", "-q", str(proj), str(clone))
    assert not (clone / "out").exists()
    r = dvc(clone, None, "pull")
    assert r.returncode == 0, r.stdout + r.stderr
    assert _digest(clone / "out") == _digest(proj / "out")
    assert _digest(clone / "benyfits") == _digest(proj / "benyfits") and len(_digest(proj / "benyfits")) == 4
    status = dvc(clone, None, "status")
    assert status.returncode == 0 and "up to date" in status.stdout, status.stdout + status.stderr


def test_pull_without_the_remote_fails_and_names_what_is_missing(tmp_path):
    proj = tmp_path / "a" / "proj"
    proj.mkdir(parents=True)
    _git(proj, "init", "-q")
    subprocess.run([sys.executable, "-m", "dvc", "init", "-q"], cwd=proj, check=True)
    shutil.copy(ROOT / ".dvc" / "config", proj / ".dvc" / "config")
    (proj / "make.py").write_text(STAGE)
    (proj / "dvc.yaml").write_text(f"stages:\n  make:\n    cmd: {sys.executable} make.py 5\n    deps: [make.py]\n    outs: [out]\n")
    assert dvc(proj, None, "repro").returncode == 0
    _git(proj, "add", "-A")
    _git(proj, "commit", "-qm", "pipeline")
    clone = tmp_path / "b" / "clone"  # elsewhere: its default remote is another (empty) folder
    clone.parent.mkdir()
    _git(tmp_path, "clone", "-q", str(proj), str(clone))
    r = dvc(clone, None, "pull")
    assert r.returncode != 0 and "out" in r.stdout + r.stderr
