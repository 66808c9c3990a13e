"""The dvc commands tests start send nothing off the machine: DVC's usage report is off in every
project a test makes, including those `dvc init` creates with DVC's defaults (tests/conftest.py)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def test_a_fresh_dvc_project_in_a_test_sends_no_usage_report(tmp_path: Path) -> None:
    assert os.environ.get("DVC_NO_ANALYTICS") == "1"
    init = subprocess.run([sys.executable, "-m", "dvc", "init", "--no-scm", "-q"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert init.returncode == 0, init.stderr
    assert "analytics = false" not in (tmp_path / ".dvc" / "config").read_text()  # DVC's default config
    r = subprocess.run([sys.executable, "-m", "dvc", "status", "-v"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "Analytics is disabled." in r.stdout + r.stderr, (r.stdout + r.stderr)[-2000:]
