"""Nothing of the user's is deleted: every command that writes a folder (export-results,
export-trajectories, new-agent) refuses a non-empty folder it did not write, or one holding the
store it reads, unless --force; even with --force it never deletes or overwrites a file it did not
write (eligibench.files.write_output_folder)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from eligibench.files import OUTPUT_MARKER, OutputFolderError, check_output_folder, write_output_folder
from eligibench.results import ResultStore

ROOT = Path(__file__).resolve().parents[2]


def _cli(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "eligibench.cli", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=180)


def _refused(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout[-400:], r.stderr[-800:])
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr[-800:]
    for w in words:
        assert w in r.stderr, (w, r.stderr)


def _staged(tmp_path: Path, files: dict[str, str]) -> Path:
    staging = tmp_path / "staging"
    for rel, text in files.items():
        (staging / rel).parent.mkdir(parents=True, exist_ok=True)
        (staging / rel).write_text(text)
    return staging


# -- the helper ----------------------------------------------------------------------------------

def test_a_new_folder_is_created_with_its_marker(tmp_path):
    out = tmp_path / "new" / "out"
    written = write_output_folder(out, _staged(tmp_path, {"README.md": "r", "data/a.parquet": "a"}), "export-x")
    assert written == ["README.md", "data/a.parquet"]
    assert (out / "data/a.parquet").read_text() == "a" and (out / OUTPUT_MARKER).is_file()


def test_a_folder_it_wrote_is_written_again_its_stale_file_removed_the_users_kept(tmp_path):
    out = tmp_path / "out"
    write_output_folder(out, _staged(tmp_path, {"README.md": "1", "data/old.parquet": "o"}), "export-x")
    (out / "notes.txt").write_text("precious")
    (out / "data" / "mine.csv").write_text("mine")
    again = tmp_path / "again"
    (again / "data").mkdir(parents=True)
    (again / "README.md").write_text("2")
    (again / "data" / "new.parquet").write_text("n")
    write_output_folder(out, again, "export-x")
    assert (out / "README.md").read_text() == "2" and (out / "data/new.parquet").is_file()
    assert not (out / "data/old.parquet").exists()  # its own file from the earlier run
    assert (out / "notes.txt").read_text() == "precious" and (out / "data/mine.csv").read_text() == "mine"


def test_a_non_empty_folder_it_did_not_write_is_refused_and_kept(tmp_path):
    out = tmp_path / "keep"
    out.mkdir()
    (out / "notes.txt").write_text("precious")
    with pytest.raises(OutputFolderError, match="not empty and not written by export-x.*--force"):
        write_output_folder(out, _staged(tmp_path, {"README.md": "r"}), "export-x")
    assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]


def test_force_writes_beside_but_never_over_a_users_file(tmp_path):
    out = tmp_path / "keep"
    out.mkdir()
    (out / "notes.txt").write_text("precious")
    write_output_folder(out, _staged(tmp_path, {"data/a.parquet": "a"}), "export-x", force=True)
    assert (out / "notes.txt").read_text() == "precious" and (out / "data/a.parquet").is_file()
    (out / "README.md").write_text("the user's readme")
    with pytest.raises(OutputFolderError, match="README.md: exists and was not written by export-x"):
        write_output_folder(out, _staged(tmp_path / "b", {"README.md": "r", "data/a.parquet": "b"}), "export-x",
                            force=True)
    assert (out / "README.md").read_text() == "the user's readme" and (out / "data/a.parquet").read_text() == "a"


def test_a_subfolder_linked_out_of_the_folder_is_never_written_through(tmp_path):
    """Its own folder, but data/ replaced by a link to a folder of the user's: the files the marker
    lists would land there, over the user's (measured: export-results overwrote mine/runs.parquet)."""
    out, mine = tmp_path / "out", tmp_path / "mine"
    write_output_folder(out, _staged(tmp_path, {"README.md": "r", "data/runs.parquet": "1", "data/old.parquet": "o"}),
                        "export-x")
    mine.mkdir()
    (mine / "runs.parquet").write_text("the user's")
    (mine / "old.parquet").write_text("the user's too")
    for f in (out / "data").iterdir():
        f.unlink()
    (out / "data").rmdir()
    (out / "data").symlink_to(mine)
    with pytest.raises(OutputFolderError, match="symbolic link out of"):
        write_output_folder(out, _staged(tmp_path / "b", {"README.md": "r", "data/runs.parquet": "2"}), "export-x")
    assert (mine / "runs.parquet").read_text() == "the user's" and (mine / "old.parquet").read_text() == "the user's too"


def test_another_commands_folder_is_not_its_own(tmp_path):
    out = tmp_path / "out"
    write_output_folder(out, _staged(tmp_path, {"README.md": "r"}), "export-trajectories")
    with pytest.raises(OutputFolderError, match="not written by export-results"):
        check_output_folder(out, "export-results")


def test_a_folder_holding_the_store_is_refused_and_the_store_never_written(tmp_path):
    out = tmp_path / "userdir"
    out.mkdir()
    store = out / "my.duckdb"
    store.write_bytes(b"store")
    with pytest.raises(OutputFolderError, match="holds .*my.duckdb, the results store"):
        check_output_folder(out, "export-x", protect=(store,))
    with pytest.raises(OutputFolderError, match="is the results store"):
        write_output_folder(out, _staged(tmp_path, {"my.duckdb": "x"}), "export-x", force=True, protect=(store,))
    assert store.read_bytes() == b"store"


def test_a_file_is_not_a_folder(tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("x")
    with pytest.raises(OutputFolderError, match="is a file, expected a folder"):
        check_output_folder(f, "export-x", force=True)


# -- the commands, replayed as the user typed them -----------------------------------------------

@pytest.fixture()
def store(tmp_path) -> Path:
    s = ResultStore(tmp_path / "stores" / "r.duckdb")
    s.migrate()
    return s.path


def test_export_results_into_a_folder_with_notes_refuses_and_keeps_them(tmp_path, store):
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "notes.txt").write_text("precious\n")
    _refused(_cli("export-results", str(keep), "--store", str(store)), str(keep), "not empty", "--force")
    assert (keep / "notes.txt").read_text() == "precious\n" and sorted(p.name for p in keep.iterdir()) == ["notes.txt"]
    r = _cli("export-results", str(keep), "--store", str(store), "--force")
    assert r.returncode == 0, r.stderr[-800:]
    assert (keep / "notes.txt").read_text() == "precious\n" and (keep / "README.md").is_file()
    r = _cli("export-results", str(keep), "--store", str(store))  # its own folder now: no --force needed
    assert r.returncode == 0, r.stderr[-800:]
    assert (keep / "notes.txt").read_text() == "precious\n"


def test_export_results_into_the_stores_folder_never_deletes_the_store(tmp_path):
    userdir = tmp_path / "userdir"
    s = ResultStore(userdir / "my.duckdb")
    s.migrate()
    before = s.path.read_bytes()
    _refused(_cli("export-results", str(userdir), "--store", str(s.path)), "my.duckdb", "results store")
    assert s.path.read_bytes() == before
    r = _cli("export-results", str(userdir), "--store", str(s.path), "--force")
    assert r.returncode == 0, r.stderr[-800:]
    assert s.path.read_bytes() == before and (userdir / "data").is_dir()


def test_export_results_into_the_current_folder_is_refused(tmp_path, store):
    (tmp_path / "README.md").write_text("my project")
    # the project root holds the store (results/...), as `export-results .` from a checkout does
    _refused(_cli("export-results", ".", "--store", str(store), cwd=tmp_path), "holds", "results store")
    assert (tmp_path / "README.md").read_text() == "my project"


def test_export_trajectories_refuses_a_file_and_a_users_folder(tmp_path, store):
    f = tmp_path / "out.txt"
    f.write_text("mine")
    _refused(_cli("export-trajectories", "somerun", "--format", "sft", "--out", str(f), "--store", str(store)),
             str(f), "is a file")
    assert f.read_text() == "mine"
    keep = tmp_path / "keep"
    keep.mkdir()
    (keep / "notes.txt").write_text("precious")
    _refused(_cli("export-trajectories", "somerun", "--format", "sft", "--out", str(keep), "--store", str(store)),
             str(keep), "not empty")
    assert sorted(p.name for p in keep.iterdir()) == ["notes.txt"]


def test_new_agent_refuses_a_non_empty_folder_and_force_never_writes_over(tmp_path):
    dest = tmp_path / "mine"
    dest.mkdir()
    (dest / "agent.py").write_text("# my own agent\n")
    _refused(_cli("new-agent", "mine", "--dir", str(dest)), "already exists", "--force")
    _refused(_cli("new-agent", "mine", "--dir", str(dest), "--force"), "agent.py", "exists")
    assert (dest / "agent.py").read_text() == "# my own agent\n" and sorted(p.name for p in dest.iterdir()) == ["agent.py"]
    (dest / "agent.py").unlink()
    (dest / "NOTES.md").write_text("plans")
    r = _cli("new-agent", "mine", "--dir", str(dest), "--force")
    assert r.returncode == 0, r.stderr[-800:]
    assert (dest / "NOTES.md").read_text() == "plans" and (dest / "manifest.yaml").is_file()
    assert not (dest / OUTPUT_MARKER).exists()  # a submission folder carries no marker


def test_new_agent_fills_an_empty_folder(tmp_path):
    dest = tmp_path / "empty"
    dest.mkdir()
    r = _cli("new-agent", "empty", "--dir", str(dest))
    assert r.returncode == 0, r.stderr[-800:]
    assert sorted(p.name for p in dest.iterdir()) == ["__init__.py", "agent.py", "manifest.yaml", "test_agent.py"]


def test_written_files_keep_their_mode_not_mkstemps_0600(tmp_path):
    """The jailed agent runs under another uid: a scaffolded agent.py must stay world-readable."""
    staging = _staged(tmp_path, {"agent.py": "x"})
    (staging / "agent.py").chmod(0o644)
    write_output_folder(tmp_path / "out", staging, "new-agent", marker=False)
    assert (tmp_path / "out" / "agent.py").stat().st_mode & 0o777 == 0o644
