"""Issue 13, bad input: manifests and params are plain data, checked before anything expands."""
from __future__ import annotations

import os
import resource
import shutil
from pathlib import Path

import pytest

from eligibench import params
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import SubmissionError, load_manifest

ROOT = Path(__file__).resolve().parents[2]
RANDOM = ROOT / "submissions" / "random"

BOMB = "options:\n  a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"  {c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n" for p, c in zip("abcdefgh", "bcdefghi"))


def _folder(tmp_path: Path) -> Path:
    f = tmp_path / "sub"
    shutil.copytree(RANDOM, f, ignore=shutil.ignore_patterns("__pycache__"))
    return f


def test_alias_bomb_is_refused_before_it_expands(tmp_path):
    f = _folder(tmp_path)
    text = (f / "manifest.yaml").read_text().replace("options:\n  p: 0.5\n", "") + BOMB
    (f / "manifest.yaml").write_text(text)
    assert len(text.encode()) < 1000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(SubmissionError, match=r"manifest.yaml:\d+: anchors and aliases are not allowed"):
        load_manifest(f)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 100_000  # KB: nothing expanded


@pytest.mark.parametrize("case", ["not_utf8", "directory", "symlink_loop", "too_big", "too_deep"])
def test_unreadable_manifests_are_clear_errors(tmp_path, case):
    f = _folder(tmp_path)
    m = f / "manifest.yaml"
    if case == "not_utf8":
        m.write_bytes(m.read_bytes() + b"description: caf\xe9\n")
        expect = "not UTF-8"
    elif case == "directory":
        m.unlink()
        m.mkdir()
        expect = "is a directory"
    elif case == "symlink_loop":
        m.unlink()
        os.symlink(f / "loop.yaml", m)
        os.symlink(m, f / "loop.yaml")
        expect = "cannot be read"
    elif case == "too_big":
        m.write_text(m.read_text() + "description: " + "x" * 70_000 + "\n")
        expect = "over 64000 bytes"
    else:
        m.write_text(m.read_text() + "description: " + "[" * 200 + "]" * 200 + "\n")
        expect = "nested deeper than"
    with pytest.raises(SubmissionError, match=expect) as e:
        load_manifest(f)
    assert "manifest.yaml" in str(e.value)


def test_params_reject_nan_inf_with_the_key_named(tmp_path):
    text = (ROOT / "params.yaml").read_text()
    p = tmp_path / "params.yaml"
    p.write_text(text.replace("call_timeout_s: 600", "call_timeout_s: .nan"))
    from eligibench.evaluation.run import read_config

    with pytest.raises(ParamsError, match=r"'evaluate.call_timeout_s' is nan, expected a finite number"):
        read_config(params.load(p))
    p.write_text(text.replace("call_timeout_s: 600", "call_timeout_s: .inf"))
    with pytest.raises(ParamsError, match="evaluate.call_timeout_s"):
        read_config(params.load(p))
    p.write_text(text.replace("    wall_s: 3600", "    wall_s: .nan"))
    with pytest.raises(ParamsError, match="evaluate.budget.wall_s"):
        read_config(params.load(p))
