"""Regrading: which ground truth graded a run, and re-scoring stored runs when it changes (issue 31).

Modules:
- `ground_truth`: the digest of an edition's checkers (with what they import) and requirement texts.
- `regrade`: grading 1 recorded with a run; `regrade_run` / `regrade_runs` re-score stored
  transcripts against the current checkers, with no model calls, keeping every grading.
- `recompute`: every other label-dependent figure (process, failure causes, simulator faults,
  agent-attributable and persona scores) recomputed with needed facts traced from the new checkers.
"""
from __future__ import annotations

from eligibench.evaluation.regrade.ground_truth import GroundTruth, digest_of, ground_truth, module_closure
from eligibench.evaluation.regrade.recompute import stale_figures, stored_rows
from eligibench.evaluation.regrade.regrade import (
    DEFAULT_BOOTSTRAP,
    NotRegradable,
    Regrade,
    edition_of,
    record_first_grading,
    regrade_run,
    regrade_runs,
    relabel,
)

__all__ = ["DEFAULT_BOOTSTRAP", "NotRegradable", "GroundTruth", "Regrade", "digest_of", "edition_of", "ground_truth", "module_closure",
           "record_first_grading", "regrade_run", "regrade_runs", "relabel", "stale_figures",
           "stored_rows"]
