"""params.yaml, read and validated at the edge: each error names the key and what was expected."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from eligibench.errors import ParamsError
from eligibench.files import UnsafeYamlError, read_yaml

DEFAULT_PATH = Path("params.yaml")


def load(path: Path | str = DEFAULT_PATH) -> dict[str, Any]:
    path = Path(path)
    try:
        raw = read_yaml(path)
    except FileNotFoundError:
        raise ParamsError(f"{path}: not found (run from the project root)") from None
    except UnsafeYamlError as e:
        raise ParamsError(str(e)) from None
    if not isinstance(raw, dict):
        raise ParamsError(f"{path}: expected a mapping of sections")
    return raw


def section(params: dict[str, Any], name: str) -> dict[str, Any]:
    value = params.get(name)
    if not isinstance(value, dict):
        raise ParamsError(f"params.yaml: section '{name}' missing or not a mapping")
    return value


def optional_section(params: dict[str, Any], name: str) -> dict[str, Any]:
    """Section `name`, or {} when it is absent or empty; a value of another shape (`evaluate: [1, 2]`)
    is a ParamsError naming the section, never a TypeError further on (issue 36)."""
    value = params.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ParamsError(f"params.yaml: section '{name}' is {value!r}, expected a mapping of keys to values")
    return value


def get(sec: dict[str, Any], dotted: str, kind: type | tuple[type, ...], lo: float | None = None, hi: float | None = None) -> Any:
    key = dotted.rsplit(".", 1)[-1]
    if key not in sec:
        raise ParamsError(f"params.yaml: '{dotted}' is missing")
    value = sec[key]
    if isinstance(value, bool) and kind is not bool or not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ParamsError(f"params.yaml: '{dotted}' is {value!r}, expected {names}")
    if isinstance(value, float) and not math.isfinite(value):
        raise ParamsError(f"params.yaml: '{dotted}' is {value!r}, expected a finite number")
    if lo is not None and value < lo or hi is not None and value > hi:
        raise ParamsError(f"params.yaml: '{dotted}' is {value!r}, expected a value in [{lo}, {hi}]")
    return value


def household_subset(sec: dict[str, Any], name: str) -> tuple[dict[str, int], str]:
    """A stage's own subset: `<name>.households` (dataset -> positive count) and
    `<name>.subset_select` (first, the default, or shortest), each named in one line when wrong."""
    households = sec.get("households")
    if not isinstance(households, dict) or not all(isinstance(v, int) and v > 0 for v in households.values()):
        raise ParamsError(f"params.yaml: '{name}.households' is {households!r}, expected dataset -> positive int")
    select = sec.get("subset_select", "first")
    if select not in ("first", "shortest"):
        raise ParamsError(f"params.yaml: '{name}.subset_select' is {select!r}, expected first or shortest")
    return dict(households), select
