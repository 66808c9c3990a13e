"""The tests that need a system package say so with one marker, and a machine without the package
skips them saying how to install it and run them (issue 29, item 3; tests/conftest.py)."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BWRAP_TEST = "tests/evaluation/test_agent_notes.py::test_notes_cross_the_agent_process_boundary"
CHROMIUM_TEST = "tests/sharing/test_results_board.py::test_board_runs_read_only_from_the_exported_folder"
# A test that looks for the tools itself instead of declaring the marker.
AD_HOC = re.compile(r"(skipif\(|pytest\.skip\(|importorskip\()[^\n]*(bwrap|bubblewrap|chromium)", re.I)
# A test that skips itself when the datasets are not built: CI's third pass selects by the marker,
# so such a test never ran anywhere (eleven did, the plain-words tests over every pair among them).
AD_HOC_DATASETS = re.compile(r"(skipif\(|pytest\.skip\()[^\n]*(dvc repro|not built|published datasets)", re.I)


def test_no_test_looks_for_bubblewrap_or_chromium_itself():
    offenders = [f"{p.relative_to(ROOT)}:{s[:m.start()].count(chr(10)) + 1}: {m.group(0)[:80]}"
                 for p in sorted((ROOT / "tests").rglob("*.py")) if p.name != "conftest.py"
                 for s in [p.read_text(encoding="utf-8")] for m in AD_HOC.finditer(s)]
    assert not offenders, "declare @pytest.mark.needs_bwrap / needs_chromium instead:\n" + "\n".join(offenders)


def test_no_test_skips_itself_for_unbuilt_datasets():
    offenders = [f"{p.relative_to(ROOT)}:{s[:m.start()].count(chr(10)) + 1}: {m.group(0)[:80]}"
                 for p in sorted((ROOT / "tests").rglob("*.py")) if p.name not in ("conftest.py", Path(__file__).name)
                 for s in [p.read_text(encoding="utf-8")] for m in AD_HOC_DATASETS.finditer(s)]
    assert not offenders, "declare @pytest.mark.needs_datasets instead:\n" + "\n".join(offenders)


def test_hidden_packages_skip_their_tests_with_the_install_command_and_a_summary_line():
    """Both tools hidden as CI's bare pass hides them. The Chromium test is selected through
    `browser`, which needs_chromium implies."""
    env = {**os.environ, "BENYFITS_BWRAP": "/nonexistent/bwrap", "BENYFITS_CHROMIUM": "/nonexistent/chromium"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs",
                        "-m", "needs_bwrap or (needs_chromium and browser)", BWRAP_TEST, CHROMIUM_TEST],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    out = r.stdout
    assert r.returncode == 0, out + r.stderr
    assert re.search(r"\b2 skipped\b", out.splitlines()[-1]), out
    assert ("bubblewrap is not installed (BENYFITS_BWRAP=/nonexistent/bwrap is not an executable file: unset it): "
            "install it with `apt-get install -y bubblewrap`, then run `pytest -m needs_bwrap`") in out
    assert "install it with `apt-get install -y chromium`, then run `pytest -m needs_chromium`" in out
    assert re.search(r"^bubblewrap missing .*: skipped 1 test\(s\) marked needs_bwrap; to run them: "
                     r"apt-get install -y bubblewrap && pytest -m needs_bwrap$", out, re.M), out
    assert re.search(r"^chromium missing .*: skipped 1 test\(s\) marked needs_chromium", out, re.M), out
    # pytest-xdist is the default (pyproject addopts): the lines come from the controller, once each
    assert "bringing up nodes" in out, out
    assert [len(re.findall(rf"^{p} missing ", out, re.M)) for p in ("bubblewrap", "chromium")] == [1, 1], out


def test_ci_runs_the_readmes_test_command_verbatim():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = [line for line in readme.splitlines() if line.startswith("python3.11 -m venv") and "[test]" in line]
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
