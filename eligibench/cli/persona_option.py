"""`benyfits play --as user --persona NAME`: a person plays the household as a persona (issue 32).

The persona's card for that household (the behaviours its seeded draw gives it, `user.persona_card`)
is shown beside the profile, and the run is recorded under the persona's protocol, so a human's
play of "typical" is read against the simulated "typical" user on the same households.
"""
from __future__ import annotations

from dataclasses import replace

from eligibench.errors import BenyfitsError


def with_persona(config, name: str | None):
    """The evaluate config with its simulated user's persona set (None: as params.yaml says)."""
    from eligibench.evaluation.user import PERSONAS

    if name is None:
        return config
    if name not in PERSONAS:
        raise BenyfitsError(f"--persona {name!r}: expected one of {', '.join(PERSONAS)}")
    mode = config.simulator_mode
    if name != "cooperative" and (not mode.grounded or mode.answer != "template"):
        raise BenyfitsError(f"--persona {name!r}: personas need evaluate.simulator_mode grounded with answer "
                            f"template (params.yaml has {mode.label})")
    return replace(config, simulator_mode=replace(mode, persona=name))


def card_for(config, row_id: str) -> str | None:
    """The persona card of one household under the config's persona (None for cooperative)."""
    from eligibench.evaluation.user import COOPERATIVE, persona_card, traits_for

    mode = config.simulator_mode
    if mode.persona == COOPERATIVE:
        return None
    return persona_card(mode.persona, traits_for(mode.persona, row_id, mode.persona_seed))
