"""Issue 24, item 4 (uploads): names with NUL (as stored, before zipfile cuts them), control or
bidirectional characters, and entries flagged encrypted in either header, are refused; an upload
whose agent cannot load is refused too (imported and constructed in the jail)."""
from __future__ import annotations

import struct
import zipfile
from pathlib import Path

import pytest

from eligibench.results import ResultStore
from leaderboard.upload import UploadError, accept_upload
from tests.leaderboard.test_upload_corrupt import AGENT, MANIFEST, _zip


@pytest.fixture()
def env(tmp_path):
    return tmp_path, tmp_path / "submissions", ResultStore(tmp_path / "results.duckdb")


def _refused(env, z: Path, match: str) -> None:
    tmp, subs, store = env
    with pytest.raises(UploadError, match=match):
        accept_upload(z, subs, store)
    assert not (subs / "my-agent").exists() and not list(subs.glob("a*"))


def test_nul_in_a_name_as_stored(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT, "aXXXb.py": "x = 1\n"})
    z.write_bytes(z.read_bytes().replace(b"aXXXb.py", b"a\x00\x00\x00b.py"))
    assert "a" in zipfile.ZipFile(z).namelist()  # what zipfile alone would install
    _refused(env, z, "NUL byte in the file name")


@pytest.mark.parametrize("name, code", [("evil\nname.py", "000A"), ("gnp.\u202eexe.py", "202E"),
                                        ("zero\u200bwidth.py", "200B"), ("tab\tname.py", "0009")])
def test_control_and_bidirectional_characters(env, name, code):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT, name: "x = 1\n"})
    _refused(env, z, f"control or bidirectional character U\\+{code}")


@pytest.mark.parametrize("where", ["central", "local"])
def test_an_entry_flagged_encrypted_in_either_header(env, where):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": AGENT})
    data = bytearray(z.read_bytes())
    c = data.find(b"PK\x01\x02")
    while c >= 0:
        n = struct.unpack_from("<H", data, c + 28)[0]
        if data[c + 46:c + 46 + n] == b"agent.py":
            if where == "central":
                struct.pack_into("<H", data, c + 8, struct.unpack_from("<H", data, c + 8)[0] | 1)
            else:
                local = struct.unpack_from("<I", data, c + 42)[0]
                struct.pack_into("<H", data, local + 6, struct.unpack_from("<H", data, local + 6)[0] | 1)
        c = data.find(b"PK\x01\x02", c + 4)
    z.write_bytes(bytes(data))
    _refused(env, z, "entry 'agent.py': encrypted entries are not allowed")


@pytest.mark.needs_bwrap
def test_an_upload_whose_agent_raises_on_import_is_refused(env):
    z = _zip(env[0] / "a.zip", {"manifest.yaml": MANIFEST, "agent.py": "raise ImportError('nope-on-import')\n" + AGENT})
    _refused(env, z, "field 'entry_point': agent:RandomAgent cannot be loaded: .*ImportError: nope-on-import")
