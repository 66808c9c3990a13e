"""One cost figure per run (issue 36 item 4, issue 31 item 5): dollars per run and per dialog
from the price table (`pricing`), and dollars per correct verdict beside them; tokens per
correct verdict where no model of the run is priced. `benyfits cost` and the board's cost table
both call `cost_rows` on `results.run_usage` with `PriceTable.from_params` of one params file,
so they cannot disagree.

A correct verdict is a (household, opportunity) pair of a scored dialog whose prediction equals
its label (a missing prediction is not correct); dollars per correct verdict = the run's dollars
(scored dialogs) / its correct verdicts, None when it has none. Tokens are the agent's and the
simulated user's prompt + completion tokens of the scored dialogs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from eligibench.evaluation.scoring.pricing import PriceTable, agent_model, run_cost
from eligibench.results import RunUsage


@dataclass(frozen=True)
class CostRow:
    run_id: str
    submission: str
    protocol_id: str | None
    status: str | None
    tw_f1: float | None
    dialogs: int  # scored dialogs
    dollars: float | None  # None: no model of the run is priced
    per_dialog: float | None
    correct: int  # correct verdicts over the scored dialogs
    per_correct: float | None  # dollars per correct verdict
    tokens: int
    tokens_per_correct: float | None


def cost_row(u: RunUsage, prices: PriceTable) -> CostRow:
    c = run_cost(u.dialogs, agent_model(u.agent_models), u.simulator, prices)
    scored = [d for d in u.dialogs if d.scored]
    correct = sum(u.correct.get((d.dataset, d.row_id, d.trial), 0) for d in scored)
    tokens = sum(d.agent_prompt_tokens + d.agent_completion_tokens + d.user_prompt_tokens + d.user_completion_tokens
                 for d in scored)
    return CostRow(u.run_id, u.submission, u.protocol_id, u.status, u.tw_f1, len(scored), c.dollars, c.per_dialog,
                   correct, c.dollars / correct if c.dollars is not None and correct else None, tokens,
                   tokens / correct if correct else None)


def cost_rows(usage: Sequence[RunUsage], prices: PriceTable) -> list[CostRow]:
    """One row per run, in the order given."""
    return [cost_row(u, prices) for u in usage]
