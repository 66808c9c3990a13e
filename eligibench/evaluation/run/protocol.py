"""The protocol a run was evaluated under, and when two runs are comparable.

A protocol is everything about a run that is not the agent: the data version of each dataset,
how many of its households were used, the question cap, the number of trials, the simulated
user, and the split. Two runs are comparable only when their protocols are equal; the short
digest `protocol_id` makes that a string comparison (the leaderboard ranks one protocol at a
time).

Kinds (`Protocol.kind`):
- "full": every household of every dataset, the protocol's own question limits (no cap), at
  least `FULL_MIN_TRIALS` trials, and the reference simulator (`REFERENCE_SIMULATOR`).
- "smoke": the simulated user is the CPU default (the embedded SmolLM2-135M stand-in) or a test
  stand-in that is no language model (the quoting user): a check that the pipeline works, never
  a result.
- "custom": anything else (a custom simulator, a subset, a cap, fewer trials).

The reference simulator is the paper's: Llama 3.1 70B Instruct, 4-bit, temperature 0, served by
vLLM with prefix caching (docs/models.md, "The reference simulator", has the exact command and
an OpenAI-compatible alternative). Any other simulator is labelled "custom simulator".
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Mapping

from eligibench.models import ModelSpec, is_smoke_backend, serves_reference
from eligibench.registry import Entry, Registry

FULL_MIN_TRIALS = 3
IDENTITY_RECORD = "simulator_identity"  # the protocol JSON key protocol_id leaves out
KINDS = ("full", "smoke", "custom")
# what each protocol kind means (the board labels runs by it; `benyfits list protocols`)
PROTOCOL_REGISTRY: Registry[str] = Registry("protocol", (
    Entry("full", f"the reference simulator on every published household, at least {FULL_MIN_TRIALS} trials, "
                  "no question cap, constrained decoding, cooperative persona"),
    Entry("smoke", "the CPU smoke backend or a stand-in user: shows that a run works, says nothing of quality"),
    Entry("custom", "differs from full (another simulator, a subset, a cap, fewer trials, a persona, ...)"),
))
SPLITS = ("public", "sealed")

# The reference simulator's model, as vLLM (or an OpenAI-compatible server) names it. Both
# names are the same weights: Llama 3.1 70B Instruct quantised to 4 bits (AWQ INT4).
REFERENCE_MODELS = (
    "hugging-quants/Meta-Llama-3.1-70B-Instruct-AWQ-INT4",
    "Meta-Llama-3.1-70B-Instruct-AWQ-INT4",
)
REFERENCE_SIMULATOR = ModelSpec(backend="vllm", model=REFERENCE_MODELS[0], temperature=0.0, seed=0,
                                max_tokens=256)
REFERENCE_LABEL = "Llama 3.1 70B Instruct 4-bit, temperature 0 (reference)"
# Test stand-ins (e.g. the quoting user) are no language model: a smoke protocol whatever else is
# set; so is the CPU default backend (the registry's smoke backend, the embedded SmolLM2-135M).
STAND_IN = "stand-in"


def is_smoke(backend: str) -> bool:
    return backend == STAND_IN or is_smoke_backend(backend)
# eligibench.catalog.DEFAULT_EDITION, repeated so the evaluation stages need not depend on the
# catalog package (tests/evaluation/test_run_configs.py asserts they are equal).
DEFAULT_EDITION = "2024"


def model_label(spec: ModelSpec) -> str:
    """backend:model@t<temperature>/m<max_tokens> (what a role's model is recorded as), with
    " unconstrained" when its endpoint ignores response_format and seed."""
    label = f"{spec.backend}:{spec.model}@t{spec.temperature:g}/m{spec.max_tokens}"
    return label + ("" if spec.constrained else " unconstrained")


def is_reference(spec: ModelSpec) -> bool:
    """The reference simulator: its model on a server backend (vLLM or OpenAI-compatible), temperature 0."""
    return serves_reference(spec.backend) and spec.model in REFERENCE_MODELS and spec.temperature == 0 and spec.constrained


def simulator_label(spec: ModelSpec) -> str:
    """The label runs carry: the reference's name, or 'custom simulator: <model label>'."""
    return REFERENCE_LABEL if is_reference(spec) else f"custom simulator: {model_label(spec)}"


@dataclass(frozen=True)
class DatasetUse:
    data_version: str
    households_used: int
    households_total: int


@dataclass(frozen=True)
class Protocol:
    datasets: Mapping[str, DatasetUse]
    question_cap: int | None  # None: the protocol's limits (20 per opportunity, at most 100)
    trials: int
    simulator: str  # simulator_label(...) or a stand-in's label
    simulator_reference: bool
    simulator_backend: str  # only to tell the smoke protocol (embedded) apart
    split: str = "public"
    # "unconstrained": the simulator's endpoint ignores response_format and seed (e.g. Anthropic's
    # OpenAI-compatible route), so its answers are neither schema-constrained nor seeded. Recorded
    # only then, so protocols (and run ids) of constrained runs are unchanged. An agent role's
    # decoding is part of the agent's configuration (its role label), not of the protocol.
    decoding: str = "constrained"
    # The rules the datasets follow (eligibench.catalog.editions): recorded only when not the
    # 2024 edition, so 2024 protocol ids are unchanged; a different edition is a different
    # protocol, so runs on different editions are never ranked together.
    edition: str = DEFAULT_EDITION
    # The scaffold that turned a model into the agent when the run did not come from our harness
    # (the Inspect task's, docs/inspect.md): its dialogs were driven by another framework, so such
    # runs are never ranked with harness runs. None (harness runs) is left out of the JSON, so
    # existing protocol ids and run ids are unchanged.
    scaffold: str | None = None
    # Issue 31 item 4: what the simulated user was (weights digest or Hub revision, quantization,
    # sampling, prompt version; evaluation/run/simulator_identity.py). The identity is recorded in
    # the JSON but left out of protocol_id; what splits protocols is `simulator_pin`, the parts that
    # differ from what is expected (the edition's reference simulator, the shipped GGUF, the prompt
    # versions ids were first recorded under), in the JSON and the id only when non-empty, so
    # existing protocol ids and run ids are unchanged.
    simulator_identity: Mapping[str, str] | None = None
    simulator_pin: Mapping[str, str] | None = None
    # The simulated user's persona (eligibench.evaluation.user.persona): "cooperative" (the exact
    # grounded user) is left out of the JSON, so existing protocol ids and run ids are unchanged;
    # another persona is another protocol (its realism drop is read against cooperative, paired).
    persona: str = "cooperative"
    # The priorities track: the questions the household answers before it leaves (the dialog then
    # ends `patience_spent`; `user.persona.patience_of`). None (no patience) is left out of the
    # JSON, so existing protocol ids and run ids are unchanged; a patience is another protocol.
    patience: int | None = None

    def __post_init__(self) -> None:
        if self.split not in SPLITS:
            raise ValueError(f"Protocol.split must be one of {SPLITS}, got {self.split!r}")

    @property
    def kind(self) -> str:
        if is_smoke(self.simulator_backend):
            return "smoke"
        if not self.differences():
            return "full"
        return "custom"

    def differences(self) -> list[str]:
        """What separates this protocol from the full one, one phrase each (banners)."""
        out = []
        if not self.simulator_reference:
            out.append(f"{self.simulator}" if self.simulator.startswith("custom simulator")
                       else f"custom simulator: {self.simulator}")
        for name, d in sorted(self.datasets.items()):
            if d.households_used < d.households_total:
                out.append(f"{name}: {d.households_used} of {d.households_total} households")
        if self.question_cap is not None:
            out.append(f"question cap {self.question_cap}")
        if self.trials < FULL_MIN_TRIALS:
            out.append(f"{self.trials} trial(s), full needs {FULL_MIN_TRIALS}")
        if self.decoding != "constrained":
            out.append("unconstrained decoding")
        if self.scaffold is not None:
            out.append(f"scaffold: {self.scaffold}")
        if self.simulator_pin:
            out.append("simulator not as expected: " + ", ".join(f"{k} {v}" for k, v in sorted(self.simulator_pin.items())))
        if self.persona != "cooperative":
            out.append(f"persona: {self.persona}")
        if self.patience is not None:
            out.append(f"patience {self.patience} questions")
        return out

    def to_json(self) -> dict[str, Any]:
        """The `runs.protocol` column (the results contract)."""
        return {
            "datasets": {n: {"data_version": d.data_version, "households_used": d.households_used,
                             "households_total": d.households_total} for n, d in sorted(self.datasets.items())},
            "question_cap": self.question_cap,
            "trials": self.trials,
            "simulator": {"label": self.simulator, "reference": self.simulator_reference},
            "split": self.split,
            "kind": self.kind,
        } | self.simulator_json() | ({"decoding": self.decoding} if self.decoding != "constrained" else {}) \
          | ({"edition": self.edition} if self.edition != DEFAULT_EDITION else {}) \
          | ({"scaffold": self.scaffold} if self.scaffold is not None else {}) \
          | ({"persona": self.persona} if self.persona != "cooperative" else {}) \
          | ({"patience": self.patience} if self.patience is not None else {})

    def simulator_json(self) -> dict[str, Any]:
        """The simulator's identity (recorded, not hashed) and pin (hashed) when set."""
        return ({IDENTITY_RECORD: dict(self.simulator_identity)} if self.simulator_identity else {}) \
            | ({"simulator_pin": dict(self.simulator_pin)} if self.simulator_pin else {})

    @property
    def protocol_id(self) -> str:
        return protocol_id(self.to_json())


def protocol_id(protocol: Mapping[str, Any]) -> str:
    """12 hex digits of sha256 over the protocol's canonical JSON: equal ids, comparable runs.
    The simulator's identity record is left out (its `simulator_pin` is what splits protocols)."""
    protocol = {k: v for k, v in protocol.items() if k != IDENTITY_RECORD}
    text = json.dumps(protocol, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def comparable(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Two runs' `protocol` JSON: comparable only when equal."""
    return protocol_id(a) == protocol_id(b)
