"""`--persona NAME` on `benyfits evaluate` and `benyfits play`: the one place the command line sets
the simulated user's persona (docs/simulator.md, "Personas").

The persona is part of the protocol: a run under another persona is another protocol (its label
gains " persona:<name>", so its run id differs) and is never ranked with cooperative runs;
`benyfits compare` of one agent's runs under two personas gives the paired drop instead
(`scoring.persona_drop`). No flag leaves the params' simulator mode untouched, so run ids made
without it are unchanged. `play --as user --persona NAME` shows the persona's card for the
household (the behaviours its seeded draw gives it) beside the profile, so a human's play of
"typical" is read against the simulated "typical" user on the same households; `play --as agent`
puts the person in front of the persona.

Another attribute of the simulated person joins here (a flag, its check in `with_persona`), so
evaluate and play keep taking the same options.
"""
from __future__ import annotations

import argparse
from dataclasses import replace

from eligibench.errors import BenyfitsError


def add_persona_option(p: argparse.ArgumentParser, what: str) -> None:
    """`--persona` with the registry's names and what each does; `what` says what it does here."""
    from eligibench.evaluation.user import PERSONA_REGISTRY

    p.add_argument("--persona", choices=PERSONA_REGISTRY.names(), default=None, metavar="PERSONA",
                   help=f"{what} (default: params.yaml evaluate.simulator_mode.persona, cooperative). Another "
                        f"persona is another protocol, never ranked with cooperative runs; `benyfits compare` of "
                        f"one agent's runs under two personas gives the drop. {PERSONA_REGISTRY.help_text()}")


def refuse_persona_as_mode(mode: str | None) -> None:
    """`--simulator-mode typical` names a persona, not a mode: say which flag sets it."""
    from eligibench.evaluation.user import PERSONAS

    if mode in PERSONAS:
        raise BenyfitsError(f"--simulator-mode {mode!r}: {mode} is a persona, not a simulator mode: use "
                            f"--persona {mode} (the simulator mode stays grounded)")


def with_persona(config, name: str | None):
    """The evaluate config with its simulated user's persona set (None: as params.yaml says)."""
    from eligibench.evaluation.user import PERSONAS

    if name is None:
        return config
    if name not in PERSONAS:
        raise BenyfitsError(f"--persona {name!r}: expected one of {', '.join(PERSONAS)}")
    mode = config.simulator_mode
    if name != "cooperative" and (not mode.grounded or mode.answer != "template"):
        raise BenyfitsError(f"--persona {name!r}: personas need a grounded simulated user with template answers "
                            f"(this run's is {mode.label}: drop --simulator-mode, or give --simulator-mode grounded)")
    return replace(config, simulator_mode=replace(mode, persona=name))


def card_for(config, row_id: str) -> str | None:
    """The persona card of one household under the config's persona (None for cooperative)."""
    from eligibench.evaluation.user import COOPERATIVE, persona_card, traits_for

    mode = config.simulator_mode
    if mode.persona == COOPERATIVE:
        return None
    return persona_card(mode.persona, traits_for(mode.persona, row_id, mode.persona_seed))
