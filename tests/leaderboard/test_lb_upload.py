"""Zipped submissions: what is accepted, what is refused (and why), and that refusals leave nothing behind."""
from __future__ import annotations

import os
import stat
import zipfile
from pathlib import Path

import pytest

from eligibench.evaluation.hosting import SubmissionError
from eligibench.evaluation.intake import check_folder
from eligibench.results import ResultStore
from leaderboard.upload import Limits, UploadError, accept_upload, check_zip

ROOT = Path(__file__).resolve().parents[2]
AGENT = (ROOT / "submissions" / "random" / "agent.py").read_text()


def manifest(name: str = "my-agent", entry: str = "agent:RandomAgent") -> str:
    return (f"name: {name}\nstrategy: random\nauthors: [Tester]\nentry_point: {entry}\nmodels: {{}}\n"
            "license: MIT\n")


def make_zip(path: Path, files: dict[str, str | bytes], symlinks: dict[str, str] | None = None) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
        for name, target in (symlinks or {}).items():
            info = zipfile.ZipInfo(name)
            info.create_system = 3
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            zf.writestr(info, target)
    return path


def leftovers(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir()) if root.exists() else []


@pytest.fixture()
def env(tmp_path):
    subs = tmp_path / "submissions"
    return tmp_path, subs, ResultStore(tmp_path / "results.duckdb")


@pytest.mark.needs_bwrap
@pytest.mark.parametrize("top", ["", "my-agent-folder/"])
def test_valid_zip_is_installed_and_queued(env, top):
    tmp, subs, store = env
    z = make_zip(tmp / "ok.zip", {f"{top}manifest.yaml": manifest(), f"{top}agent.py": AGENT,
                                  f"{top}lib/helpers.py": "X = 1\n", "__MACOSX/._agent.py": b"junk"})
    installed = accept_upload(z, subs, store)
    assert installed.name == "my-agent" and installed.path == subs / "my-agent"
    assert sorted(p.name for p in installed.path.iterdir()) == ["agent.py", "lib", "manifest.yaml"]
    assert (installed.path / "lib" / "helpers.py").read_text() == "X = 1\n"
    q = store.queue()
    assert [(x["id"], x["submission"], x["status"]) for x in q] == [(installed.queue_id, "my-agent", "queued")]
    assert leftovers(subs) == ["my-agent"]  # the staging folder is gone


@pytest.mark.parametrize("name, message", [
    ("../evil.py", "path traversal"),
    ("sub/../../evil.py", "path traversal"),
    ("/etc/evil.py", "absolute paths"),
    ("C:/evil.py", "absolute paths"),
    ("sub\\..\\evil.py", "backslashes"),
])
def test_paths_that_could_escape_are_refused(env, name, message):
    tmp, subs, store = env
    z = make_zip(tmp / "bad.zip", {"manifest.yaml": manifest(), "agent.py": AGENT, name: "print('pwned')\n"})
    with pytest.raises(UploadError, match=message):
        accept_upload(z, subs, store)
    assert leftovers(subs) == [] and store.queue() == []
    assert not (tmp / "evil.py").exists()


@pytest.mark.parametrize("target, message", [
    ("../../../../etc/passwd", "escapes the submission folder"),
    ("/etc/passwd", "escapes the submission folder"),
    ("agent.py", "symlinks are not allowed"),
])
def test_symlinks_are_refused(env, target, message):
    tmp, subs, store = env
    z = make_zip(tmp / "link.zip", {"manifest.yaml": manifest(), "agent.py": AGENT}, {"data.txt": target})
    with pytest.raises(UploadError, match=message):
        accept_upload(z, subs, store)
    assert leftovers(subs) == []


def test_too_big_archive(env):
    tmp, subs, store = env
    z = make_zip(tmp / "big.zip", {"manifest.yaml": manifest(), "agent.py": AGENT, "blob.bin": os.urandom(64_000)})
    with pytest.raises(UploadError, match="more than the limit"):
        accept_upload(z, subs, store, Limits(max_zip_bytes=32_000))


def test_too_big_when_unpacked(env):
    tmp, subs, store = env  # compresses to almost nothing: a small zip bomb
    z = make_zip(tmp / "bomb.zip", {"manifest.yaml": manifest(), "agent.py": AGENT, "zeros.txt": "0" * 3_000_000})
    assert z.stat().st_size < 100_000
    with pytest.raises(UploadError, match="unpacks to more than"):
        accept_upload(z, subs, store, Limits(max_unpacked_bytes=1_000_000))
    assert leftovers(subs) == []


def test_too_many_files(env):
    tmp, subs, store = env
    files = {"manifest.yaml": manifest(), "agent.py": AGENT} | {f"data/{i}.txt": "x" for i in range(30)}
    z = make_zip(tmp / "many.zip", files)
    with pytest.raises(UploadError, match="32 entries, more than the limit of 20"):
        accept_upload(z, subs, store, Limits(max_files=20))


def test_missing_manifest(env):
    tmp, subs, store = env
    z = make_zip(tmp / "nomanifest.zip", {"agent.py": AGENT, "README.md": "hi"})
    with pytest.raises(UploadError, match="no manifest.yaml"):
        accept_upload(z, subs, store)
    two_tops = make_zip(tmp / "two.zip", {"a/manifest.yaml": manifest(), "a/agent.py": AGENT, "b/x.py": ""})
    with pytest.raises(UploadError, match="no manifest.yaml"):
        accept_upload(two_tops, subs, store)
    assert leftovers(subs) == []


def test_bad_manifest_or_entry_point(env):
    tmp, subs, store = env
    z = make_zip(tmp / "entry.zip", {"manifest.yaml": manifest(entry="agent:NoSuchAgent"), "agent.py": AGENT})
    with pytest.raises(UploadError, match="defines no class 'NoSuchAgent'") as e:
        accept_upload(z, subs, store)
    assert ".upload-" not in str(e.value)  # staging paths are not shown to the submitter
    z = make_zip(tmp / "yaml.zip", {"manifest.yaml": "name: [unclosed\n", "agent.py": AGENT})
    with pytest.raises(UploadError, match="malformed YAML"):
        accept_upload(z, subs, store)
    z = make_zip(tmp / "name.zip", {"manifest.yaml": manifest(name="Bad Name!"), "agent.py": AGENT})
    with pytest.raises(UploadError, match="field 'name'"):
        accept_upload(z, subs, store)
    assert leftovers(subs) == [] and store.queue() == []


@pytest.mark.needs_bwrap
def test_not_a_zip_and_name_taken(env):
    tmp, subs, store = env
    (tmp / "x.zip").write_text("definitely not a zip")
    with pytest.raises(UploadError, match="not a ZIP archive"):
        accept_upload(tmp / "x.zip", subs, store)
    z = make_zip(tmp / "ok.zip", {"manifest.yaml": manifest(), "agent.py": AGENT})
    accept_upload(z, subs, store)
    with pytest.raises(SubmissionError, match="already exists"):
        accept_upload(z, subs, store)
    assert leftovers(subs) == ["my-agent"] and len(store.queue()) == 1


def test_duplicate_entries_and_file_folder_clash(tmp_path):
    z = tmp_path / "dup.zip"
    with zipfile.ZipFile(z, "w") as zf:
        zf.writestr("manifest.yaml", manifest())
        with pytest.warns(UserWarning):
            zf.writestr("manifest.yaml", manifest("other"))
    with pytest.raises(UploadError, match="appears twice"):
        check_zip(z)
    clash = make_zip(tmp_path / "clash.zip", {"manifest.yaml": manifest(), "lib": "file", "lib/x.py": ""})
    with pytest.raises(UploadError, match="both a file and a folder"):
        check_zip(clash)


def test_folder_check_refuses_escaping_symlinks(tmp_path):
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "manifest.yaml").write_text(manifest())
    (folder / "agent.py").write_text(AGENT)
    assert check_folder(folder)[0] == 2
    (tmp_path / "secret.txt").write_text("labels")
    (folder / "data.txt").symlink_to(tmp_path / "secret.txt")
    with pytest.raises(SubmissionError, match="points outside the submission folder"):
        check_folder(folder)
    (folder / "data.txt").unlink()
    (folder / "same.py").symlink_to(folder / "agent.py")  # inside: copied as a file
    assert check_folder(folder)[0] == 3
    with pytest.raises(SubmissionError, match="more than the limit of 2"):
        check_folder(folder, max_files=2)
