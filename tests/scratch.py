"""Scratch copies of the project for tests that run the real DVC pipeline."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
GIT = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main"]
PROJECT_FILES = (".dvcignore", "dvc.yaml", "params.yaml", "stages", "eligibench", "checkers", "opportunities", "submissions")
# The train split is a dependency of `publish`: at params.yaml's 2,500 fuzzed + 2,500 sampled
# households it was the slowest stage of every dataset build in tests/pipeline, and no test there
# reads its rows beyond their being published (tests/datasets/test_train.py checks the split itself).
SMALL_TRAIN = {"fuzzed": 20, "population": 5}
# the dataset stages tests/pipeline builds, and their params (tests/pipeline/conftest.py builds them once)
DATASET_STAGES = ("fetch", "catalog", "households", "diverse", "representative", "publish")
COUNT = 300  # fuzzed households: enough for a Diverse set of dozens of rows covering every reached line


def dataset_params(**overrides) -> dict:
    """The build's params ({section: {key: value}}); an override is named `section__key`."""
    params: dict = {"households": {"count": COUNT}, "representative": {"count": 5, "per_opportunity": None},
                    "train": dict(SMALL_TRAIN)}
    for dotted, value in overrides.items():
        section, key = dotted.split("__")
        params.setdefault(section, {})[key] = value
    return params


def stage_inputs() -> list[str]:
    """Repository files a stage depends on outside PROJECT_FILES (docs/ground_truth_changes.yaml):
    every dvc.yaml dep that is a file here and no stage's output."""
    stages = yaml.safe_load((ROOT / "dvc.yaml").read_text())["stages"]
    bodies = [s.get("do", s) for s in stages.values()]
    outs = {o if isinstance(o, str) else next(iter(o)) for b in bodies for key in ("outs", "metrics")
            for o in b.get(key) or []}
    deps = {d for b in bodies for d in b.get("deps") or [] if "${" not in d}
    return sorted(d for d in deps - outs if d.split("/")[0] not in PROJECT_FILES and (ROOT / d).is_file())


def make_project(dst: Path, params: dict | None = None) -> Path:
    """Copy the pipeline's inputs to `dst`, apply `params` ({section: {key: value}}), git + dvc init."""
    dst.mkdir(parents=True)
    for name in stage_inputs():
        (dst / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, dst / name)
    for name in PROJECT_FILES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dst / name, ignore=shutil.ignore_patterns("__pycache__", "generated"))
        else:
            shutil.copy(src, dst / name)
    if params:
        apply_params(dst, params)
    _commit_as_a_clone(dst)
    return dst


def apply_params(proj: Path, params: dict) -> None:
    """`params` ({section: {key: value}}) over the project's params.yaml."""
    p = yaml.safe_load((proj / "params.yaml").read_text())
    for section, values in params.items():
        p[section].update(values)
    (proj / "params.yaml").write_text(yaml.safe_dump(p, sort_keys=False))


def copy_built_project(dst: Path) -> Path:
    """The checkout's working tree as the main job left it (code, dvc.lock and every output; not
    the virtual environment, git or DVC's own folder), committed as a clone is: a project whose
    `dvc status` is the checkout's, to change and re-run without touching the user's."""
    skip = shutil.ignore_patterns(".venv", ".git", ".dvc", "__pycache__", ".pytest_cache", ".ruff_cache",
                                  "*.egg-info", ".benchmarks")
    shutil.copytree(ROOT, dst, ignore=skip, symlinks=True)
    # DVC's cache too (hard links: its files are read-only and never changed in place), else every
    # output is "not in cache" and `dvc repro` re-runs the whole pipeline; not its state database
    # (.dvc/tmp), which is keyed by inode
    shutil.copytree(ROOT / ".dvc", dst / ".dvc", ignore=shutil.ignore_patterns("tmp", "config.local"),
                    copy_function=_link_or_copy)
    _commit_as_a_clone(dst)
    return dst


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:  # another file system (a tmpfs /tmp): a copy
        shutil.copy2(src, dst)


def _commit_as_a_clone(dst: Path) -> None:
    subprocess.run(["git", "init", "-q"], cwd=dst, check=True)
    if (ROOT / ".git" / "objects").is_dir():
        # the repository's history, borrowed: the ground_truth stage reads the checkers at the
        # adjudication's base revision (docs/ground_truth_changes.yaml) with `git archive`
        (dst / ".git" / "objects" / "info" / "alternates").write_text(str(ROOT / ".git" / "objects") + "\n")
    if not (dst / ".dvc").is_dir():
        subprocess.run([sys.executable, "-m", "dvc", "init", "-q"], cwd=dst, check=True)
    # committed, as a clone is: the shipped agents under submissions/ are the reference agents that
    # run without bubblewrap only when git has them as committed (evaluation.hosting.isolation)
    if not (dst / ".gitignore").is_file():
        (dst / ".gitignore").write_text("__pycache__/\n")
    subprocess.run([*GIT, "add", "-A"], cwd=dst, check=True)
    subprocess.run([*GIT, "commit", "-q", "-m", "scratch copy of the project"], cwd=dst, check=True)


def pipeline_env(snapshot: Path | None) -> dict:
    """Offline, the venv's python first on PATH (DVC runs `python -m stages...`)."""
    return dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
                BENYFITS_OFFLINE="1", BENYFITS_NYC_SNAPSHOT=str(snapshot or ""), HF_HUB_OFFLINE="1")


def dvc(proj: Path, snapshot: Path | None, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dvc", *args], cwd=proj, env=pipeline_env(snapshot),
                          capture_output=True, text=True)


def copy_project(src: Path, dst: Path) -> Path:
    """A copy to change: git, DVC's cache and every output. The copy's files are new inodes, so
    DVC rehashes them on first use, which on this ~10 MB project costs nothing measurable (the
    copy 0.1 s; `dvc status` 4.1 s on the copy vs 4.2 s on the original)."""
    shutil.copytree(src, dst, symlinks=True)
    return dst
