"""`benyfits evaluate --simulator SPEC [--simulator-mode MODE]`: one flag to run the same agent
configuration under another simulated user (issue 31 item 4: the board's sensitivity view reads
such runs), and `--rerun-simulator-faults N`.

SPEC is `BACKEND:MODEL` optionally followed by `,key=value` pairs of the simulator's ModelSpec
(values read as YAML: numbers, true/false), e.g.
    --simulator embedded:SmolLM2-135M-Instruct
    --simulator vllm:meta-llama/Llama-3.1-8B-Instruct,base_url=http://127.0.0.1:8000/v1,max_tokens=256
Keys not given keep their `evaluate.simulator` values from params.yaml, except `base_url`, which is
dropped when the backend changes (another backend's server is not this one's). The overrides are
validated by `read_config` like params (an unknown key or backend is one error naming it).
MODE is `free-form`, `grounded` or `grounded:<select>/<answer>` (e.g. `grounded:model/model`): the
grounded lexical/template default calls no model, so a --simulator run compares simulators only in
a mode that calls one.
"""
from __future__ import annotations

import argparse
from typing import Any

import yaml

from eligibench.errors import BenyfitsError


def simulator_overrides(spec: str, current: dict[str, Any] | None) -> dict[str, Any]:
    """`evaluate.simulator` as `spec` sets it over `current` (the params file's)."""
    head, *pairs = [p.strip() for p in spec.split(",")]
    backend, sep, model = head.partition(":")
    if not sep or not backend or not model:
        raise BenyfitsError(f"--simulator {spec!r}: expected BACKEND:MODEL[,key=value...], "
                            "e.g. embedded:SmolLM2-135M-Instruct")
    out = dict(current or {})
    if out.get("backend") != backend:
        out.pop("base_url", None)
    out |= {"backend": backend, "model": model}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key:
            raise BenyfitsError(f"--simulator {spec!r}: {pair!r} is not key=value")
        out[key.strip()] = yaml.safe_load(value)
    return out


def mode_override(mode: str) -> Any:
    """`evaluate.simulator_mode` from MODE (validated later by read_mode)."""
    if mode in ("free-form", "grounded"):
        return mode
    kind, sep, rest = mode.partition(":")
    select, slash, answer = rest.partition("/")
    if kind != "grounded" or not sep or not slash:
        raise BenyfitsError(f"--simulator-mode {mode!r}: expected free-form, grounded or grounded:<select>/<answer>")
    return {"mode": "grounded", "select": select, "answer": answer}


def add_simulator_options(p: argparse.ArgumentParser) -> None:
    from eligibench.evaluation.user import MODE_REGISTRY
    from eligibench.models import BACKEND_REGISTRY

    p.add_argument("--simulator", default=None, metavar="SPEC",
                   help="run under this simulated user instead of params.yaml evaluate.simulator: BACKEND:MODEL"
                        "[,key=value...] (another simulator is another protocol; the board's sensitivity view "
                        f"compares an agent's runs under several). BACKEND: {BACKEND_REGISTRY.help_text()}")
    p.add_argument("--simulator-mode", default=None, metavar="MODE",
                   help=f"{MODE_REGISTRY.help_text()} (default: evaluate.simulator_mode)")
    p.add_argument("--rerun-simulator-faults", type=int, default=0, metavar="N",
                   help="after the run, re-run each dialog holding a simulator fault with new simulator seeds, up "
                        "to N times, and record every attempt (the run's own scores are kept)")
