"""The simulated user: who answers the agent's questions, and how faithful it is.

Free-form (the paper's: the whole profile as a system prefix) or grounded (select the household's
facts a question needs, then state only those). `mode` reads `evaluate.simulator_mode` and builds
the user for a row; `audit` probes a simulator with questions whose answers are known.

Modules:
- `free_form`: `SimulatedUser`, the language model playing one household from its profile.
- `grounded`: `GroundedUser`: select facts, state only those (template or verified model answer).
- `fact_select`: which household facts a question or answer is about (lexical and model selectors).
- `answer_check`: one answer checked against the facts its question concerns (numbers, yes/no).
- `lying`: a named TEST STAND-IN that states planted false values for chosen facts (simulator faults).
- `quoting`: a named TEST STAND-IN user that quotes the profile (no model).
- `mode`: free-form or grounded (selector, answer), from params; the user for a row.
- `audit`: probes of the simulated user's faithfulness.
- `persona`: personas (named mixes of behaviours with rates), drawn per household by seed; the
  facts a persona cannot tell and the pairs they make "not determinable by questions".
- `behaviours`: `PersonaUser`, the behaviours as deterministic rules on the grounded answer.
- `priorities`: `PriorityUser`: under the priorities track, the household also states what matters
  to it (ranked needs, "that one matters less to me") from its row's priorities, by template.
- `priority_audit`: audit probes of the stated priorities (each persona), graded by `check_priorities`.
- `persona_audit`: audit probes per behaviour and per persona, graded with each answer's allowance.
"""
from __future__ import annotations

from eligibench.evaluation.user.answer_check import (
    CONTRADICTED,
    DONT_KNOW,
    FAITHFUL,
    UNCHECKED,
    Allowance,
    allowance_from_note,
    check_answer,
    check_priorities,
    numbers,
    says_unknown,
)
from eligibench.evaluation.user.audit import Probe, audit_household, grade, probes_for, summarize_audit, volunteers
from eligibench.evaluation.user.behaviours import (
    SENSITIVE,
    PersonaUser,
    explained_why,
    question_parts,
    unexplained_terms,
)
from eligibench.evaluation.user.fact_select import lexical_select, model_select, precision_recall, resolve_members
from eligibench.evaluation.user.free_form import Answer, SimulatedUser, UserError
from eligibench.evaluation.user.grounded import (
    ANSWERERS,
    SELECTORS,
    GroundedUser,
    first_person,
    template_answer,
    verify_phrased,
)
from eligibench.evaluation.user.lying import LYING_LABEL, LyingUser
from eligibench.evaluation.user.mode import (
    FREE_FORM,
    MODE_REGISTRY,
    SimulatorMode,
    make_user,
    read_mode,
    read_patience,
    simulator_label,
)
from eligibench.evaluation.user.persona import (
    BEHAVIOURS,
    COOPERATIVE,
    PERSONA_REGISTRY,
    PERSONAS,
    Persona,
    patience_of,
    persona_card,
    traits_for,
    undeterminable,
    withheld_keys,
)
from eligibench.evaluation.user.persona_audit import audit_behaviours, audit_persona, behaviour_probes
from eligibench.evaluation.user.priorities import PriorityUser, asks_priority
from eligibench.evaluation.user.priority_audit import audit_priorities, audit_priority_user, priority_probes
from eligibench.evaluation.user.quoting import QUOTING_ENV, QUOTING_LABEL, QuotingUserModel, quoting_requested

__all__ = ["audit_priorities", "audit_priority_user", "priority_probes", "PriorityUser", "asks_priority", "check_priorities", "patience_of", "read_patience", "MODE_REGISTRY", "PERSONA_REGISTRY", "LYING_LABEL", "LyingUser", "Allowance", "BEHAVIOURS", "COOPERATIVE", "PERSONAS", "Persona", "PersonaUser",
           "SENSITIVE", "allowance_from_note", "audit_behaviours", "audit_persona", "behaviour_probes", "explained_why", "question_parts", "unexplained_terms", "persona_card", "traits_for", "undeterminable", "withheld_keys", "ANSWERERS", "Answer", "CONTRADICTED", "DONT_KNOW", "FAITHFUL", "FREE_FORM", "GroundedUser", "Probe", "QUOTING_ENV", "QUOTING_LABEL", "QuotingUserModel", "SELECTORS", "SimulatedUser", "SimulatorMode", "UNCHECKED", "UserError", "audit_household", "check_answer", "first_person", "grade", "lexical_select", "make_user", "model_select", "numbers", "precision_recall", "probes_for", "quoting_requested", "read_mode", "resolve_members", "says_unknown", "simulator_label", "summarize_audit", "template_answer", "verify_phrased", "volunteers"]
