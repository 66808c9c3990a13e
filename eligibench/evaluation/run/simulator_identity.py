"""Which simulated user a run used, pinned: weights, quantization, sampling and prompt version
(issue 31 item 4), and when that splits protocols.

`SimulatorIdentity` is recorded in every new run's protocol JSON (`simulator_identity`):
- weights: what the spec's backend pins (`BackendInfo.weights`, the registry entry's own answer):
  "sha256:<hex>" of the GGUF file (embedded; `models.gguf_sha256`, cached on disk by path, size and
  mtime: the file is big), "hf:<repo>@<revision>" for a named model when the Hugging Face cache on
  this machine holds that repository (the revision `refs/main` points at: what a vLLM started here
  loaded), else "unpinned"; "none" when no model is called (the grounded lexical/template user, a
  test stand-in);
- quantization: read from the name the backend gives (`BackendInfo.weights_name`: the GGUF file
  name or the Hub name: Q4_1, Q8_0, AWQ-INT4, GPTQ, FP8, ...), "unknown" when it says none, "none"
  without a model;
- sampling: temperature, max_tokens, and "seeded" (constrained: the per-trial seed is sent) or
  "unconstrained";
- prompt: the version of the prompts the simulator is driven by (`PROMPT_VERSIONS`;
  tests/evaluation/test_simulator_identity.py pins each prompt's digest to its version, so an
  edited prompt must bump it).

What splits protocols is `simulator_pin`: the identity's fields that differ from what is expected,
recorded only when non-empty, so every existing protocol id (and run id) is unchanged:
- prompt: a version other than the one protocol ids were first recorded under (`BASELINE_PROMPTS`);
- weights / quantization: the edition names a reference simulator (`reference_simulator:` in
  `opportunities/<edition>/_edition.yaml`: model, weights, quantization) and the run uses that
  model with other weights or quantization; or the backend ships weights under the model's name
  (`BackendInfo.shipped_weights`: the packaged SmolLM2 GGUF) and the file is not the one shipped. "unpinned" never splits (nothing to compare with).
The identity itself is left out of `protocol_id` (`protocol.protocol_id` drops it): the simulator
label already separates models, temperatures and token limits.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Mapping

import yaml

from eligibench.models import (
    SHIPPED_WEIGHTS,
    UNPINNED,
    ModelSpec,
    backend,
    hub_revision,  # noqa: F401 - its old home
)

NONE = "none"
# Prompt versions by what drives the simulator; bump one when its prompt text changes.
PROMPT_VERSIONS = {"free-form": "free-form/1", "grounded-model": "grounded-model/1", "template": "template/1"}
# The versions every protocol id so far was recorded under: any other version enters the pin.
BASELINE_PROMPTS = frozenset({"free-form/1", "grounded-model/1", "template/1"})
# Digests of weights shipped with the project (the packaged SmolLM2-135M-Instruct Q4_1 GGUF); the
# embedded backend owns them (`BackendInfo.shipped_weights`).
KNOWN_WEIGHTS = SHIPPED_WEIGHTS
_QUANT = re.compile(r"(?<![A-Za-z0-9])(I?Q\d(?:_[A-Z0-9]+)*|BF16|F16|F32|FP8|FP16|AWQ(?:[-_]INT4)?|GPTQ(?:[-_]INT[48])?|"
                    r"INT4|INT8|W4A16|W8A8|4bit|8bit|bnb-4bit)(?![A-Za-z0-9])", re.I)
EDITION_MANIFEST = "_edition.yaml"


@dataclass(frozen=True)
class SimulatorIdentity:
    weights: str
    quantization: str
    sampling: str
    prompt: str

    def to_json(self) -> dict[str, str]:
        return asdict(self)


def quantization(name: str) -> str:
    """The quantization a model's file or Hub name states ("unknown" when it states none)."""
    m = _QUANT.search(Path(name).name)
    return m.group(1).upper().replace("_INT", "-INT") if m else "unknown"


def weights_identity(spec: ModelSpec) -> str:
    """The weights of `spec`'s model as its backend pins them (`BackendInfo.weights`)."""
    return backend(spec.backend).weights(spec)


def identify(spec: ModelSpec, mode_grounded: bool, answer: str, select: str, uses_model: bool) -> SimulatorIdentity:
    """The identity of a simulator: `spec` and its mode (grounded answer/select) as the run uses them."""
    if not mode_grounded:
        prompt = PROMPT_VERSIONS["free-form"]
    elif "model" in (answer, select):
        prompt = PROMPT_VERSIONS["grounded-model"]
    else:
        prompt = PROMPT_VERSIONS["template"]
    if not uses_model:
        return SimulatorIdentity(NONE, NONE, NONE, prompt)
    sampling = f"t{spec.temperature:g}/m{spec.max_tokens}/" + ("seeded" if spec.constrained else "unconstrained")
    return SimulatorIdentity(weights_identity(spec), quantization(backend(spec.backend).weights_name(spec)),
                             sampling, prompt)


def edition_reference(edition: str, project: Path) -> Mapping[str, str] | None:
    """The reference simulator an edition names (`reference_simulator:` in its `_edition.yaml`)."""
    path = Path(project) / "opportunities" / edition / EDITION_MANIFEST
    if not path.is_file():
        return None
    ref = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("reference_simulator")
    if ref is None:
        return None
    if not isinstance(ref, dict) or not isinstance(ref.get("model"), str):
        raise ValueError(f"{path}: 'reference_simulator' must be a mapping with 'model' "
                         "(and optionally 'weights', 'quantization'), got {ref!r}")
    return {k: str(v) for k, v in ref.items()}


def pin(identity: SimulatorIdentity, spec: ModelSpec, reference: Mapping[str, str] | None) -> dict[str, str]:
    """The identity's fields that differ from what is expected (empty: nothing splits the protocol)."""
    out: dict[str, str] = {}
    if identity.prompt not in BASELINE_PROMPTS:
        out["prompt"] = identity.prompt
    if identity.weights == NONE:
        return out
    expected: Mapping[str, str] = {}
    if reference is not None and reference["model"] == spec.model:
        expected = reference
    elif backend(spec.backend).shipped_weights(spec):
        expected = {"weights": backend(spec.backend).shipped_weights(spec)}
    for field in ("weights", "quantization"):
        want, have = expected.get(field), getattr(identity, field)
        if want and want != UNPINNED and have != UNPINNED and want != have:
            out[field] = have
        elif want and want != UNPINNED and have == UNPINNED:
            out[field] = UNPINNED  # the edition pins it; this run cannot show it used those weights
    return out


def with_identity(protocol: Any, spec: ModelSpec, mode: Any, uses_model: bool, edition: str, project: Path) -> Any:
    """`protocol` (a `Protocol`) with the simulator's identity recorded and its pin set."""
    ident = identify(spec, mode.grounded, mode.answer, mode.select, uses_model)
    p = pin(ident, spec, edition_reference(edition, project))
    return replace(protocol, simulator_identity=ident.to_json(), simulator_pin=p or None)
