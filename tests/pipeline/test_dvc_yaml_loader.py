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
