"""The one jail (eligibench/jail.py): limits reach the child, the line wire is bounded and has
deadlines, a killed child takes its whole process group with it; jailed and unjailed."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from eligibench import jail

PY = sys.executable


def _start(code: str, **kw) -> jail.Child:
    kw.setdefault("jail", None)
    kw.setdefault("limits", None)
    kw.setdefault("max_message_bytes", 1 << 20)
    return jail.Child.start([PY, "-c", code], **kw)


ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line); sys.stdout.flush()\n"


def test_a_line_goes_there_and_back_unjailed():
    child = _start(ECHO)
    try:
        child.send({"op": "ping", "n": 1}, time.monotonic() + 10)
        assert child.read_line(time.monotonic() + 10) == b'{"op": "ping", "n": 1}'
        assert not child.unrequested()
    finally:
        child.kill(wait_s=5)
    assert child.poll() is not None


def test_limits_reach_the_child():
    code = ("import resource, sys\n"
            "print(*[resource.getrlimit(getattr(resource, n))[0] for n in "
            "('RLIMIT_AS', 'RLIMIT_NOFILE', 'RLIMIT_FSIZE', 'RLIMIT_CPU', 'RLIMIT_CORE')], flush=True)\n")
    child = _start(code, limits=jail.Limits(memory_mb=1024, open_files=100, file_bytes=4096, cpu_s=30))
    try:
        values = child.read_line(time.monotonic() + 30).split()
    finally:
        child.kill(wait_s=5)
    assert [int(v) for v in values] == [1024 << 20, 100, 4096, 30, 0]


def test_a_flood_without_newline_is_cut_near_the_bound():
    child = _start("import sys\nsys.stdout.write('x' * 50_000_000); sys.stdout.flush()\nimport time; time.sleep(60)",
                   max_message_bytes=1 << 20)
    try:
        with pytest.raises(jail.MessageTooLarge):
            child.read_line(time.monotonic() + 30)
        assert len(child.buffer) <= (1 << 20) + (1 << 16)  # one read past the bound, never the whole flood
    finally:
        child.kill(wait_s=5)


def test_a_half_line_times_out_and_an_exit_is_seen():
    child = _start("import sys, time\nsys.stdout.write('{\"half'); sys.stdout.flush(); time.sleep(60)")
    try:
        t0 = time.monotonic()
        with pytest.raises(jail.ChildTimeout):
            child.read_line(time.monotonic() + 1)
        assert time.monotonic() - t0 < 5
    finally:
        child.kill(wait_s=5)
    gone = _start("pass")
    try:
        with pytest.raises(jail.ChildExited):
            gone.read_line(time.monotonic() + 10)
        assert gone.exit_code() == 0
    finally:
        gone.kill(wait_s=5)


def test_kill_ends_the_whole_group():
    code = "import subprocess, sys, time\np = subprocess.Popen(['sleep', '300'])\nprint(p.pid, flush=True)\ntime.sleep(300)"
    child = _start(code)
    grandchild = int(child.read_line(time.monotonic() + 30))
    assert os.getpgid(grandchild) == child.pid  # the child leads its own group
    child.kill(wait_s=5)
    for _ in range(50):
        if not Path(f"/proc/{grandchild}").exists() or "Z" in Path(f"/proc/{grandchild}/stat").read_text().split()[2]:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the child's own child survived kill")


@pytest.mark.needs_bwrap
def test_jailed_child_sees_only_what_it_is_given(tmp_path):
    shown = tmp_path / "shown"
    shown.mkdir()
    (shown / "f.txt").write_text("visible")
    hidden = tmp_path / "hidden.txt"
    hidden.write_text("secret")
    code = (f"import os, json\nr = {{'shown': open({str(shown / 'f.txt')!r}).read(), 'uid': os.getuid(),\n"
            f"     'hidden': os.path.exists({str(hidden)!r}), 'shadow': os.path.exists('/etc/shadow')}}\n"
            "try:\n    open(" + repr(str(shown / "w.txt")) + ", 'w')\n    r['write'] = 'written'\n"
            "except OSError as e:\n    r['write'] = 'denied'\nprint(json.dumps(r), flush=True)\n")
    child = _start(code, jail=jail.Jail(read_only=(shown,), cwd=shown), limits=jail.Limits(memory_mb=1024))
    try:
        line = child.read_line(time.monotonic() + 60)
    finally:
        child.kill(wait_s=5)
    r = json.loads(line)
    assert r == {"shown": "visible", "uid": r["uid"], "hidden": False, "shadow": False, "write": "denied"}
    assert r["uid"] != 0


def test_without_bubblewrap_the_jail_names_the_package(monkeypatch):
    monkeypatch.setenv("BENYFITS_BWRAP", "/nonexistent/bwrap")
    with pytest.raises(jail.IsolationUnavailable, match="Debian package `bubblewrap`"):
        jail.jail_command(["true"], jail.Jail(read_only=(), cwd=Path("/tmp")))
