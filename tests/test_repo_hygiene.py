"""No DVC stage output may be tracked by git: `dvc repro` refuses to write such an output on a
fresh clone (found by running the README's first command from a clone)."""
import subprocess
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _declared_outputs() -> list[str]:
    stages = yaml.safe_load((ROOT / "dvc.yaml").read_text())["stages"]
    subs = list(yaml.safe_load((ROOT / "params.yaml").read_text())["evaluate"]["runs"])  # foreach keys
    outs = []
    for stage in stages.values():
        items = [None] if "foreach" not in stage else subs
        body = stage.get("do", stage)
        for item in items:
            for key in ("outs", "metrics", "plots"):
                for o in body.get(key, []):
                    path = o if isinstance(o, str) else next(iter(o))
                    outs.append(path.replace("${item}", str(item)).replace("${key}", str(item)))
    return outs


def test_no_dvc_output_is_tracked_by_git():
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    outs = _declared_outputs()
    assert len(outs) >= 15
    clash = [t for t in tracked for o in outs if t == o or t.startswith(o.rstrip("/") + "/")]
    assert not clash, f"git tracks DVC outputs: {clash}"
