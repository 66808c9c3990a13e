"""The data version: a digest of everything a dataset's bytes depend on."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from . import __version__

# What the datasets are built from: ground truth, curated texts, schema and population data.
INPUT_GLOBS = ("checkers/*.py", "opportunities/*.yaml", "eligibench/data/*.json")


def data_version(params: dict[str, Any], root: Path | str = ".") -> str:
    root = Path(root)
    h = hashlib.sha256(json.dumps(params, sort_keys=True).encode())
    for pattern in INPUT_GLOBS:
        for path in sorted(root.glob(pattern)):
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{__version__}+{h.hexdigest()[:10]}"
