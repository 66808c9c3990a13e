"""Which simulated user a run uses: the paper's free-form one (the default, comparable with v1) or
the grounded one (`grounded_user`) with its selector and answer style.

params.yaml `evaluate.simulator_mode`: "free-form", or {mode: grounded, select: lexical|model,
answer: template|model, persona: cooperative|typical|hard, persona_seed: 0}. A grounded run's RunSpec
params carry the mode (so it is a different run). A persona other than "cooperative" needs the
template answer (its deviations are rules on the stated sentences, `behaviours`) and is labelled
("grounded:lexical/template persona:typical"); cooperative keeps the label, so its runs keep their ids.

The priorities track: `patience: N` (or "persona": the persona's own `Persona.patience`) names how
many questions the household answers before it leaves (the dialog ends `patience_spent`), and the
user then also states what matters most to it from the row's priorities (`user.priorities`). It
needs the grounded mode (the free-form user has no weights to state) and is labelled
(" patience:12"); a mode without it keeps its label, so existing runs keep their ids.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eligibench.errors import ParamsError
from eligibench.evaluation.user.behaviours import PersonaUser
from eligibench.evaluation.user.free_form import SimulatedUser
from eligibench.evaluation.user.grounded import ANSWERERS, SELECTORS, GroundedUser
from eligibench.evaluation.user.persona import COOPERATIVE, PERSONAS, traits_for
from eligibench.evaluation.user.priorities import PriorityUser
from eligibench.registry import Entry, Registry

MODES = ("free-form", "grounded")
# the modes as `--simulator-mode` spells them (cli/simulator_option.py), with what each does
MODE_REGISTRY: Registry[str] = Registry("simulator mode", (
    Entry("free-form", "a model role-plays the household from its profile (the paper's user; comparable with v1)"),
    Entry("grounded", "answers from the household's facts: lexical fact selection, template answers, no model call"),
    Entry("grounded:<select>/<answer>", f"grounded with a selector ({', '.join(SELECTORS)}) and an answer style "
                                       f"({', '.join(ANSWERERS)}); 'model' in either calls the simulator model"),
))


@dataclass(frozen=True)
class SimulatorMode:
    mode: str = "free-form"
    select: str = "lexical"  # grounded only
    answer: str = "template"  # grounded only
    persona: str = COOPERATIVE  # grounded template only (`persona.PERSONAS`)
    persona_seed: int = 0  # which households show which behaviours
    patience: int | None = None  # the priorities track: questions answered before leaving (grounded only)

    @property
    def grounded(self) -> bool:
        return self.mode == "grounded"

    @property
    def uses_model(self) -> bool:
        """False for grounded lexical/template: no simulator model is called at all."""
        return not self.grounded or "model" in (self.select, self.answer)

    @property
    def label(self) -> str:
        if not self.grounded:
            return "free-form"
        persona = "" if self.persona == COOPERATIVE else f" persona:{self.persona}"
        seed = f"/s{self.persona_seed}" if persona and self.persona_seed else ""
        patience = "" if self.patience is None else f" patience:{self.patience}"
        return f"grounded:{self.select}/{self.answer}{persona}{seed}{patience}"

    @classmethod
    def from_label(cls, label: Any) -> "SimulatorMode":
        """The mode a `label` names (a run's params record it; absent or "free-form": free-form):
        a regrade rescores a stored run under the mode it ran with."""
        if not isinstance(label, str) or not label.startswith("grounded:"):
            return cls()
        rest, _, patience = label[len("grounded:"):].partition(" patience:")
        head, _, persona = rest.partition(" persona:")
        select, _, answer = head.partition("/")
        kept = int(patience) if patience else None
        if not persona:
            return cls("grounded", select, answer, patience=kept)
        name, _, seed = persona.partition("/s")
        return cls("grounded", select, answer, name, int(seed) if seed else 0, kept)


FREE_FORM = SimulatorMode()


def simulator_label(base: str, mode: SimulatorMode) -> str:
    """The label runs and audits are recorded under: the model's, plus the mode when grounded
    (free-form labels stay as they were, so v1-comparable runs keep their ids); a mode that calls
    no model is labelled by the mode alone."""
    if not mode.grounded:
        return base
    return f"{base} {mode.label}" if mode.uses_model else mode.label


def read_mode(raw: Any, where: str = "evaluate.simulator_mode") -> SimulatorMode:
    """The mode from params (None: free-form); a clear error naming the key otherwise."""
    if raw is None or raw == "free-form":
        return FREE_FORM
    if raw == "grounded":
        return SimulatorMode("grounded")
    if not isinstance(raw, dict):
        raise ParamsError(f"params.yaml: '{where}' is {raw!r}, expected 'free-form', 'grounded' or a mapping "
                          "{mode, select, answer}")
    unknown = set(raw) - {"mode", "select", "answer", "persona", "persona_seed", "patience"}
    if unknown:
        raise ParamsError(f"params.yaml: '{where}' has unknown key {sorted(unknown)[0]!r} "
                          "(mode, select, answer, persona, persona_seed, patience)")
    mode, select, answer = raw.get("mode", "grounded"), raw.get("select", "lexical"), raw.get("answer", "template")
    persona, seed = raw.get("persona", COOPERATIVE), raw.get("persona_seed", 0)
    for key, value, allowed in (("mode", mode, MODES), ("select", select, SELECTORS), ("answer", answer, ANSWERERS),
                                ("persona", persona, tuple(PERSONAS))):
        if value not in allowed:
            raise ParamsError(f"params.yaml: '{where}.{key}' is {value!r}, expected one of {', '.join(allowed)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ParamsError(f"params.yaml: '{where}.persona_seed' is {seed!r}, expected an integer")
    if persona != COOPERATIVE and (mode != "grounded" or answer != "template"):
        raise ParamsError(f"params.yaml: '{where}.persona' is {persona!r}, which needs mode grounded with answer "
                          f"template (a persona's deviations are rules on the stated sentences)")
    return SimulatorMode(mode, select, answer, persona, seed, read_patience(raw.get("patience"), persona, mode, where))


def read_patience(raw: Any, persona: str, mode: str, where: str = "evaluate.simulator_mode") -> int | None:
    """The patience a mode names: None (no limit), a whole number >= 1, or "persona" (the persona's
    own; none for cooperative, which answers as long as it is asked)."""
    if raw is None:
        return None
    if mode != "grounded":
        raise ParamsError(f"params.yaml: '{where}.patience' is set, which needs mode grounded (the free-form "
                          "user has no priorities to state)")
    if raw == "persona":
        patience = PERSONAS[persona].patience
        if patience is None:
            raise ParamsError(f"params.yaml: '{where}.patience' is 'persona', but persona {persona!r} has no "
                              f"patience (those with one: {', '.join(p.name for p in PERSONAS.values() if p.patience)})")
        return patience
    if type(raw) is not int or raw < 1:
        raise ParamsError(f"params.yaml: '{where}.patience' is {raw!r}, expected a whole number of questions >= 1 "
                          "or 'persona'")
    return raw


def make_user(mode: SimulatorMode, model, row, max_tokens: int):
    """The simulated user for one dataset row under `mode`; `max_tokens` limits every answer (the
    simulator spec's, as the run records it: no default here, so none can silently differ)."""
    if mode.grounded:
        user = GroundedUser(model, row.household, mode.select, mode.answer, max_tokens)
        if mode.persona != COOPERATIVE:
            user = PersonaUser(user, mode.persona, traits_for(mode.persona, row.id, mode.persona_seed))
        # the priorities track: the household also says what matters to it (faithfully, whatever its persona)
        return user if mode.patience is None else PriorityUser.for_row(user, row)
    return SimulatedUser(model, row.profile, max_tokens)
