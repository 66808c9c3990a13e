"""The published folder loads by path from any working directory, and the uploaded card's snippet
names the Hub repo (uploaded through a fake Hub: no Hub exists here)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.datasets import BuildInfo, data_dir, hub_card, loading_snippet, upload
from eligibench.datasets import dataset_card as card
from eligibench.files import write_text
from tests.leaderboard.synthetic import make_dataset

VERSION = "dv-0123456789ab"


def _info() -> BuildInfo:
    counts = {"households": 3, "pairs": 9, "positive": 2}
    return BuildInfo(VERSION, {"households": {"count": 10}}, {"origin": "snapshot"}, {"checked": False},
                     {"diverse": counts, "representative": counts})


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("proj") / "benyfits"
    make_dataset(out, n_diverse=3, n_representative=2, version=VERSION)
    write_text(out / "README.md", card(_info()))
    return out


def test_local_card_shows_the_path_forms_and_not_the_bare_name(folder):
    text = (folder / "README.md").read_text()
    assert 'load_dataset("/path/to/BeNYfits/benyfits", "diverse"' in text
    assert 'load_dataset("./benyfits", "diverse"' in text
    assert 'load_dataset("benyfits"' not in text
    assert f"path: {data_dir(VERSION)}/diverse.parquet" in text


def test_folder_loads_by_absolute_path_from_another_working_directory(folder, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import datasets, json, sys\n"
            "out = {c: datasets.load_dataset(sys.argv[1], c, split='test').num_rows for c in ('diverse', 'representative', 'opportunities')}\n"
            "print(json.dumps(out))")
    env = dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_HOME=str(tmp_path / "hf"),
               PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    r = subprocess.run([sys.executable, "-c", code, str(folder)], cwd=elsewhere, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert json.loads(r.stdout.strip().splitlines()[-1]) == {"diverse": 3, "representative": 2, "opportunities": 82}
    # The bare-name hazard docs/datasets.md warns about: elsewhere the bare name is not this folder
    # (offline, with a fresh cache, it fails)...
    fresh = env | {"HF_HOME": str(tmp_path / "hf-fresh")}
    bare = subprocess.run([sys.executable, "-c", code, "benyfits"], cwd=elsewhere, capture_output=True, text=True, env=fresh)
    assert bare.returncode != 0
    # ...but with the cache the path load filled (keyed on the folder's name), it silently serves that copy.
    cached = subprocess.run([sys.executable, "-c", code, "benyfits"], cwd=elsewhere, capture_output=True, text=True, env=env)
    assert cached.returncode == 0 and "Using the latest cached version" in cached.stderr


class FakeHub:
    """A fake Hugging Face Hub API (no Hub is reachable here): records repos and commits."""
    calls: list = []

    def __init__(self, token=None):
        self.token = token

    def create_repo(self, repo_id, repo_type=None, exist_ok=False, private=False):
        FakeHub.calls.append(("create_repo", repo_id, repo_type, private))

    def create_commit(self, repo_id, operations, commit_message, repo_type=None):
        files = {}
        for op in operations:
            src = op.path_or_fileobj
            files[op.path_in_repo] = src if isinstance(src, bytes) else Path(src).read_bytes()
        FakeHub.calls.append(("create_commit", repo_id, repo_type, commit_message, files))
        return type("CommitInfo", (), {"commit_url": f"https://huggingface.co/datasets/{repo_id}/commit/0"})()


def test_uploaded_card_names_the_repo_id(folder, monkeypatch):
    import huggingface_hub

    FakeHub.calls = []
    monkeypatch.setattr(huggingface_hub, "HfApi", FakeHub)
    url = upload(folder, "me/benyfits", "hf_fake", VERSION)
    assert url.endswith("me/benyfits/commit/0")
    (_, repo, rtype, _), (_, repo2, rtype2, message, files) = FakeHub.calls
    assert (repo, rtype, repo2, rtype2, message) == ("me/benyfits", "dataset", "me/benyfits", "dataset", f"BeNYfits data {VERSION}")
    uploaded = files["README.md"].decode()
    assert 'load_dataset("me/benyfits", "diverse", split="test")' in uploaded
    assert "/path/to/BeNYfits" not in uploaded and "./benyfits" not in uploaded
    # everything else is byte for byte the local folder, and the local card is untouched
    local = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert set(files) == set(local)
    assert all(files[k] == v for k, v in local.items() if k != "README.md")
    assert uploaded == hub_card(local["README.md"].decode(), "me/benyfits")
    assert loading_snippet(None) in local["README.md"].decode()
