"""Issue 13, bad input: every corrupt archive is an upload error with a plain message (never a
traceback), and a busy results store never leaves a half-installed upload or a burnt name."""
from __future__ import annotations

import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from eligibench.evaluation.hosting import SubmissionError
from eligibench.results import ResultStore
from leaderboard.upload import UploadError, accept_upload

ROOT = Path(__file__).resolve().parents[2]
AGENT = (ROOT / "submissions" / "random" / "agent.py").read_text()
MANIFEST = "name: my-agent\nstrategy: random\nauthors: [Tester]\nentry_point: agent:RandomAgent\nmodels: {}\nlicense: MIT\n"


def _zip(path: Path, files: dict[str, str], method=zipfile.ZIP_STORED) -> Path:
    with zipfile.ZipFile(path, "w", method) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return path


def _patch_entry(path: Path, name: bytes, central_offset: int, local_offset: int | None, fmt: str, value: int) -> None:
    data = bytearray(path.read_bytes())
    c = data.find(b"PK\x01\x02")  # central directory entries
    while c >= 0:
        n = struct.unpack_from("<H", data, c + 28)[0]
        if data[c + 46:c + 46 + n] == name:
            struct.pack_into(fmt, data, c + central_offset, value)
            if local_offset is not None:
                local = struct.unpack_from("<I", data, c + 42)[0]
                struct.pack_into(fmt, data, local + local_offset, value)
            break
        c = data.find(b"PK\x01\x02", c + 4)
    path.write_bytes(bytes(data))


@pytest.fixture()
def env(tmp_path):
    return tmp_path, tmp_path / "submissions", ResultStore(tmp_path / "results.duckdb")


def _refused(env, z: Path, match: str) -> None:
    tmp, subs, store = env
    with pytest.raises(UploadError, match=match):
        accept_upload(z, subs, store)
    assert not (subs / "my-agent").exists()
    assert [p.name for p in subs.iterdir()] == [] if subs.exists() else True


def test_bad_crc(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT})
    data = bytearray(z.read_bytes())
    i = data.find(b"class RandomAgent")
    data[i] ^= 0x20
    z.write_bytes(bytes(data))
    _refused(env, z, r"entry 'agent.py': the archive is corrupt or unsupported: Bad CRC-32")


def test_lying_sizes(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT})
    _patch_entry(z, b"agent.py", 24, 22, "<I", 10)  # uncompressed size says 10 bytes
    _refused(env, z, "corrupt or unsupported")


def test_unknown_compression_method(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT})
    _patch_entry(z, b"agent.py", 10, 8, "<H", 99)
    _refused(env, z, "unsupported compression method")


def test_over_long_names(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT, "x" * 300 + ".py": "X = 1\n"})
    _refused(env, z, "name too long")


def test_truncated_archive(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT})
    z.write_bytes(z.read_bytes()[: z.stat().st_size * 2 // 3])
    _refused(env, z, "not a ZIP archive|corrupt")


@pytest.mark.needs_bwrap
def test_busy_store_leaves_nothing_installed_and_the_name_free(env):
    tmp, subs, _ = env
    db = tmp / "results.duckdb"
    ResultStore(db).queue()  # create the file
    holder = subprocess.Popen([sys.executable, "-c", f"import duckdb, time; c = duckdb.connect({str(db)!r}); "
                               "print('locked', flush=True); time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        busy = ResultStore(db, write_timeout=1.0, read_timeout=1.0)
        z = _zip(tmp / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT})
        with pytest.raises(SubmissionError, match="nothing was installed: try again"):
            accept_upload(z, subs, busy)
        assert not (subs / "my-agent").exists()
    finally:
        holder.kill()
        holder.wait()
    installed = accept_upload(z, subs, ResultStore(db))  # the same name, once the store is free
    assert installed.name == "my-agent"
