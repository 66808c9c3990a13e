"""What a finished run tells the researcher who started it: the terminations, the first agent
error (with the agent's own traceback, as the host recorded it), the headline figures, which
replicas served its models (when a spec lists several) and where the run is stored. `benyfits
evaluate` prints it and exits non-zero on agent errors; a broken agent used to "succeed" (exit 0,
F1 0, the traceback never shown: issue 26)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from eligibench.evaluation.scoring import AVERAGE
from eligibench.results import AGENT_ERROR, DialogResult, ResultStore, metric


@dataclass(frozen=True)
class FirstError:
    dataset: str
    row_id: str
    trial: int
    turn: int  # questions asked before the error
    error: str


@dataclass(frozen=True)
class RunReport:
    run_id: str
    store: Path
    dialogs: int
    terminations: Mapping[str, int]
    agent_errors: int
    first_error: FirstError | None
    tw_f1: float | None
    f1: float | None
    turns: float | None
    replicas: tuple[dict, ...] = ()  # which replica endpoints served the run (ResultStore.replicas)

    def replicas_text(self) -> str:
        """One line per replica that served (or failed) the run; empty for one-endpoint runs."""
        lines = []
        for r in self.replicas:
            state = f"out: {r['error']}" if r["out"] else "healthy"
            lines.append(f"  {r['model']} ({', '.join(r['roles'])}) at {r['endpoint']}: {r['calls']} call(s), "
                         f"{r['failures']} failure(s), {state}")
        return ("replicas:\n" + "\n".join(lines)) if lines else ""

    def one_line(self) -> str:
        """The summary line: TW-F1, F1, turns, terminations, run id, store."""
        terms = ", ".join(f"{k} {v}" for k, v in sorted(self.terminations.items())) or "none"
        figures = (("turn_weighted_f1", self.tw_f1), ("f1", self.f1), ("turns", self.turns))  # labels: the catalogue
        return ("  ".join(f"{metric(name).label} {_fmt(v)}" for name, v in figures) + "  "
                f"| {self.dialogs} dialogs: {terms}  | run {self.run_id} in {self.store}")

    def first_error_text(self) -> str:
        e = self.first_error
        if e is None:
            return ""
        return (f"{self.agent_errors} of {self.dialogs} dialogs ended in the agent's error; the first "
                f"({e.dataset} household {e.row_id}, trial {e.trial}, after {e.turn} question(s)):\n  "
                + e.error.replace("\n", "\n  "))


def _fmt(v: float | None) -> str:
    return "n/a" if v is None else f"{v:.1f}"


def _first_error(results: list[DialogResult]) -> FirstError | None:
    errs = sorted((r for r in results if r.termination == AGENT_ERROR), key=lambda r: (r.dataset, r.row_id, r.trial))
    if not errs:
        return None
    r = errs[0]
    return FirstError(r.dataset, r.row_id, r.trial, len(r.turns), r.error or "(no message recorded)")


def run_report(store: ResultStore, run_id: str) -> RunReport:
    """The report of a stored run."""
    results = store.dialog_results(run_id)
    avg = {m["name"]: m["value"] for m in store.metrics(run_id) if m["dataset"] == AVERAGE}
    terms = Counter(r.termination for r in results)
    return RunReport(run_id, Path(store.path), len(results), dict(terms), terms.get(AGENT_ERROR, 0),
                     _first_error(results), avg.get("turn_weighted_f1"), avg.get("f1"), avg.get("turns"),
                     tuple(store.replicas(run_id)))
