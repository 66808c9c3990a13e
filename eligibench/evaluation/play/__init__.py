"""People in the loop: a person plays the agent or the household, through the same dialog loop,
limits, simulator and scoring as any run, and their dialogs are stored as human runs.

Modules:
- `people`: `HumanAgent` (a person asks and decides) and `HumanUser` (a person answers), fed by a seat (terminal or browser).
- `runs`: human runs (protocol kind `human`, pseudonymous participant, resumable, drafts on Ctrl-C) and their score.
- `ceiling`: the human-ceiling sample (balanced over opportunities, split across participants) and its report.
- `study`: the NASA-TLX questionnaire after each dialog, stored per dialog, exported as CSV.
"""
from __future__ import annotations

from eligibench.evaluation.play.ceiling import CEILING_PAIRS, ceiling_report, ceiling_rows, participant_share
from eligibench.evaluation.play.people import AgentSeat, HumanAgent, HumanUser, Quit, UserSeat
from eligibench.evaluation.play.runs import HUMAN, HUMAN_MANIFEST, ROLES, PlayRun, human_spec, labels_of, pseudonym
from eligibench.evaluation.play.study import TLX_ITEMS, export_tlx_csv, record_tlx, tlx_answers

__all__ = ["AgentSeat", "CEILING_PAIRS", "HUMAN", "HUMAN_MANIFEST", "HumanAgent", "HumanUser", "PlayRun", "Quit",
           "ROLES", "TLX_ITEMS", "UserSeat", "ceiling_report", "ceiling_rows", "export_tlx_csv", "human_spec",
           "labels_of", "participant_share", "pseudonym", "record_tlx", "tlx_answers"]
