"""DVC reads dvc.yaml and dvc.lock several times a stage with ruamel.yaml's "safe" loader, which
is pure Python unless ruamel.yaml.clib is installed (a dependency, pyproject.toml): on this project's
dvc.lock, 0.5-0.6 s a read pure and 0.1-0.2 s with the C loader (docs/performance.md)."""
from __future__ import annotations

import yaml
from dvc.utils.serialize._yaml import parse_yaml
from ruamel.yaml import YAML

from tests.import_graph import ROOT


def test_dvc_reads_its_files_with_the_c_loader_and_the_same_result():
    assert YAML(typ="safe").Parser.__name__ == "CParser", (
        "ruamel.yaml's safe loader is the pure-Python one: install ruamel.yaml.clib (pyproject.toml)")
    text = (ROOT / "dvc.yaml").read_text(encoding="utf-8")
    assert parse_yaml(text, "dvc.yaml") == yaml.safe_load(text)


def test_dvc_does_not_count_bytecode_in_a_stages_dependencies():
    """Python writes __pycache__ beside the code every stage depends on (on a user's machine, at
    every import): counted, new bytecode changed the dependencies' hashes (stages listed as changed by
    `dvc status`), and a copy of the built project without __pycache__ re-ran the pipeline."""
    import subprocess
    import sys

    for path in ("eligibench/truth/__pycache__/tracing.cpython-311.pyc", "checkers/__pycache__/x.pyc",
                 "stages/__pycache__/evaluate.cpython-311.pyc", "submissions/direct/__pycache__/agent.cpython-312.pyc"):
        r = subprocess.run([sys.executable, "-m", "dvc", "check-ignore", path], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 0, f"DVC counts {path} in the stages' dependencies (.dvcignore): {r.stdout}{r.stderr}"
