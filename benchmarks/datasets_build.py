"""Wall time and peak memory of fetch -> publish (target: 10,000 households end to end in
<= 60 s on 2 cores). Runs each stage script in a scratch copy of the project, so the working
tree is untouched; offline it reads the snapshot in $BENYFITS_NYC_SNAPSHOT."""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGES = ("fetch", "catalog", "households", "diverse", "representative", "publish")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        proj = Path(tmp) / "proj"
        proj.mkdir()
        for name in ("params.yaml", "stages", "eligibench", "checkers", "opportunities"):
            src = ROOT / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, proj / name)
        env = dict(os.environ, BENYFITS_OFFLINE=os.environ.get("BENYFITS_OFFLINE", "1"))
        total = 0.0
        peak = 0
        for stage in STAGES:
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", f"stages.{stage}"], cwd=proj, env=env, check=True, capture_output=True)
            dt = time.perf_counter() - t0
            rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            peak = max(peak, rss)
            total += dt
            print(f"{stage:15s} {dt:6.1f} s   peak RSS so far {rss / 1024:7.0f} MB{'' if rss > before else ''}")
        print(f"{'fetch -> publish':15s} {total:6.1f} s   peak RSS {peak / 1024:7.0f} MB")


if __name__ == "__main__":
    main()
