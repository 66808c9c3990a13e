"""Personas: named mixes of user behaviours, each drawn per household by seed.

A persona is a rate per behaviour (`BEHAVIOURS`); `traits_for(persona, household_id, seed)` draws,
for one household, which behaviours its user shows: behaviour b is on when a hash of
(seed, persona, household, b) falls below b's rate. The draw depends on nothing else, so the same
household plays the same person in every run, trial and agent (paired comparisons stay paired).

"cooperative" has no behaviour: it is the grounded user as it was (byte-identical answers, the same
simulator label, protocol id and run ids). "typical" and "hard" are the realism track's personas;
their rates are a judgement, not a measurement (documented in docs/simulator.md).

Patience (`Persona.patience`): how many questions the household answers before it leaves; None
(cooperative) answers as long as it is asked. A persona's patience applies only under a protocol
that names it (`evaluate.simulator_mode.patience`: a number, or "persona" for this attribute), so
runs without one keep their protocol and run ids. The numbers are set below what a household's
programs need (measured from the checkers' traces, the rows' `needed_facts`; docs/priorities.md):
a typical household cannot be fully determined before it leaves.

What a behaviour hides is never changed in the ground truth: `withheld_keys` names the facts a
household's user cannot tell (partial knowledge), and a pair whose needed facts include one is
"not determinable by questions" (`undeterminable`): reported apart, never scored against the agent.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from eligibench.household import Household, fact_key
from eligibench.registry import Entry, Registry

APPROXIMATE, PARTIAL, JARGON, ONE_AT_A_TIME = "approximate", "partial", "jargon", "one_at_a_time"
RELUCTANT, TALKATIVE, TERSE, CORRECTS = "reluctant", "talkative", "terse", "corrects"
BEHAVIOURS = (APPROXIMATE, PARTIAL, JARGON, ONE_AT_A_TIME, RELUCTANT, TALKATIVE, TERSE, CORRECTS)
COOPERATIVE = "cooperative"

# money the user knows only roughly (approximate) or not at all for others (partial)
MONEY = ("annual_work_income", "annual_investment_income", "available_financial_resources", "monthly_rent_spending")
OTHERS_MONEY = ("annual_work_income", "annual_investment_income", "available_financial_resources")
# members whose exact age a user need not know: not family
NOT_FAMILY = ("friend", "cousin")


@dataclass(frozen=True)
class Persona:
    name: str
    rates: Mapping[str, float] = field(default_factory=dict)  # behaviour -> share of households showing it
    description: str = ""  # one line: `benyfits list personas`, `--persona`'s help
    patience: int | None = None  # questions answered before the household leaves (None: no limit)

    def __post_init__(self) -> None:
        unknown = set(self.rates) - set(BEHAVIOURS)
        if unknown:
            raise ValueError(f"persona {self.name!r}: unknown behaviour {sorted(unknown)[0]!r}, expected one of {BEHAVIOURS}")
        if self.patience is not None and (type(self.patience) is not int or self.patience < 1):
            raise ValueError(f"persona {self.name!r}: patience {self.patience!r}, expected a whole number of questions >= 1")


# Patience, measured on the published rows (2026-11-27: distinct needed facts per household, the
# union of its pairs' `needed_facts`): Diverse median 46.5 (quartiles 33-60, min 8), Representative
# median 38 (22-57, min 9); one program needs a median 11 (Diverse) / 6 (Representative) facts.
# "typical" answers 12 questions (a few minutes: enough for the one or two programs that matter
# most, never for all; fewer than the household's needed facts in 98.5% of Diverse and 96% of
# Representative households); "hard" answers 6 (about one program's facts).
TYPICAL_PATIENCE = 12
HARD_PATIENCE = 6


PERSONAS: dict[str, Persona] = {
    COOPERATIVE: Persona(COOPERATIVE, description="answers every question exactly and fully (the default)"),
    # a plausible applicant: rough about money, vague about others, some acronyms unknown
    "typical": Persona("typical", {APPROXIMATE: 0.6, PARTIAL: 0.5, JARGON: 0.5, ONE_AT_A_TIME: 0.3,
                                   RELUCTANT: 0.3, TALKATIVE: 0.3, TERSE: 0.2, CORRECTS: 0.2},
                       "a plausible applicant: rough about money, vague about others, some acronyms unknown",
                       TYPICAL_PATIENCE),
    # every behaviour in most households
    "hard": Persona("hard", {APPROXIMATE: 1.0, PARTIAL: 1.0, JARGON: 1.0, ONE_AT_A_TIME: 0.8,
                             RELUCTANT: 0.8, TALKATIVE: 0.5, TERSE: 0.3, CORRECTS: 0.5},
                    "every behaviour (approximate, partial, jargon, reluctant, ...) in most households",
                    HARD_PATIENCE),
}
# the personas as the project-wide registry shape (eligibench.extensions gathers it)
PERSONA_REGISTRY: Registry[Persona] = Registry("persona", (Entry(p.name, p.description, p) for p in PERSONAS.values()))


def persona_named(name: str, where: str = "persona") -> Persona:
    if name not in PERSONAS:
        raise ValueError(f"{where}: persona {name!r}, expected one of {', '.join(PERSONAS)}")
    return PERSONAS[name]


def patience_of(what: object) -> int | None:
    """The patience (questions a household answers before it leaves; None: no limit) of a persona
    (a `Persona` or its name: its own attribute), or of a run: its `Protocol` or `SimulatorMode`
    (`.patience`), or its stored protocol JSON (`runs.protocol`, key "patience", absent: none)."""
    if isinstance(what, (Persona, str)):
        return (persona_named(what) if isinstance(what, str) else what).patience
    if isinstance(what, Mapping):
        return what.get("patience")
    return getattr(what, "patience", None)


def unit_hash(*parts: object) -> float:
    """A uniform number in [0, 1) from the parts (sha256: stable across Python versions and runs)."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def traits_for(persona: Persona | str, household_id: str, seed: int = 0) -> frozenset[str]:
    """The behaviours one household's user shows under `persona` (terse and talkative exclude each
    other: talkative wins)."""
    p = persona_named(persona) if isinstance(persona, str) else persona
    on = {b for b, rate in p.rates.items() if unit_hash(seed, p.name, household_id, b) < rate}
    if TALKATIVE in on:
        on.discard(TERSE)
    return frozenset(on)


def withheld_keys(hh: Household, traits: frozenset[str]) -> frozenset[str]:
    """Facts this user cannot tell whatever the agent asks: other members' money, and the exact age
    of members who are not family (partial knowledge). Empty without `partial`."""
    if PARTIAL not in traits:
        return frozenset()
    out = {fact_key(i, f) for i in range(1, hh.size) for f in OTHERS_MONEY}
    out |= {fact_key(i, "age") for i in range(1, hh.size) if hh.members[i].relation in NOT_FAMILY}
    return frozenset(out)


def undeterminable(needed_facts: Sequence[Sequence[str]], withheld: frozenset[str]) -> tuple[bool, ...]:
    """Per opportunity of a row: True when a fact its verdict read is one the user cannot tell."""
    return tuple(bool(set(keys) & withheld) for keys in needed_facts)


def persona_card(persona: Persona | str, traits: frozenset[str] | None = None) -> str:
    """A short card a person playing the user can follow (`benyfits play --as user`)."""
    p = persona_named(persona) if isinstance(persona, str) else persona
    shown = sorted(traits if traits is not None else p.rates)
    if not shown:
        return f"Persona {p.name}: answer every question exactly and fully from your profile."
    lines = [f"Persona {p.name}: play a person who"] + [f"- {CARD_LINES[b]}" for b in BEHAVIOURS if b in shown]
    return "\n".join(lines)


CARD_LINES = {
    APPROXIMATE: "knows money only roughly: says 'about $24,000' (nearest thousand) unless asked for the exact amount",
    PARTIAL: "does not know other members' income or savings, nor the exact age of housemates who are not family",
    JARGON: "does not know program names (SNAP, SSI, HRA, ...): asks what they mean until the agent explains",
    ONE_AT_A_TIME: "answers only the first question when asked several at once",
    RELUCTANT: "will not talk about income, savings or immigration status until told why it is asked",
    TALKATIVE: "adds something about themselves the question did not ask",
    TERSE: "answers a yes/no or how-many question with the bare answer",
    CORRECTS: "gets the first number they give a little wrong, and corrects it when asked again",
}
