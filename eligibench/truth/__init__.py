"""Ground truth: checkers (in `checkers/`) run traced, so the lines a run executes are the reason
for its verdict.

Modules:
- `tracing`: AST-instrumented checkers (`TracedChecker`): verdict plus the set of lines run.
- `trace_all`: every checker over many households, as a `TraceMatrix`.
- `discipline`: the checkers' coding rules (one condition per `if`, no and/or...), checked.
- `readings`: a checker docstring's readings and implied conditions against its curated YAML.
- `editions`: the cross-edition view: verdicts that changed between two editions' checkers, and why.
"""
from eligibench.truth.discipline import violations
from eligibench.truth.trace_all import TraceMatrix, trace_all
from eligibench.truth.tracing import Trace, TracedChecker, trace_id, traced_checkers

__all__ = ["Trace", "TraceMatrix", "TracedChecker", "trace_all", "trace_id", "traced_checkers", "violations"]
