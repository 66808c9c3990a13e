"""Ground truth: checkers (in `checkers/`) run traced, so the lines a run executes are the reason
for its verdict.

Modules:
- `tracing`: AST-instrumented checkers (`TracedChecker`): verdict plus the set of lines run;
  `instrument` is the one instrumenter of checkers (lines, and conditions for `explain`), derived
  facts traced with the checker that calls them (lines `FACT_LINES + n`).
- `composition`: what code a checker runs (`checker_source`): its own file, or a later edition's
  variant composed with its 2024 twin (`compose`, `merge`: replaced functions and dropped names),
  and which file each trace line stands for (a variant's own lines `OWN_LINES + n`).
- `explain`: why a checker decided, one plain sentence per condition in the household's terms,
  the requirement words from the opportunity's review table (`ExplainedChecker`, built per edition by `checkers.editions.explained_checker`),
  on `source_reading` (what it reads from a checker's source), `condition_words` (a comparison of an
  amount with its limit, derived limits and the `LimitClaim` each states, generated requirement words)
  and `value_words` (values, operators and the published flip in plain words: `plain_words`, `flip_sentence`).
- `explain_check`: an explanation's numbers checked by re-running the checker (every stated limit is
  where the condition turns, every "would qualify if" value flips the verdict and is the nearest such value).
- `trace_all`: every checker over many households, as a `TraceMatrix`.
- `discipline`: the checkers' coding rules (one condition per `if`, no and/or...), checked.
- `readings`: a checker docstring's readings and implied conditions against its curated YAML.
- `conditions`: the features a checker reads and the numbers it compares against (from its
  source), and their differences with the opportunity's review table (YAML `readings:`).
- `boundaries`: for each such number, a household whose verdict flips at it (boundary cases).
- `counterfactual`: the smallest one-feature change a person could make that flips a verdict
  (the published `flip` column), and its verification.
- `editions`: the cross-edition view: verdicts that changed between two editions' checkers, and why.
- `fact_reads`: the raw features each derived fact (`checkers/facts.py`) reads, from source.
- `verdict_changes`: the 2024 verdicts the derived facts changed (checkers at a git revision against
  the current ones), each with the fact that explains it, and their adjudication.
- `priorities`: what matters most to a household: importance weights over its opportunities of
  interest (rules over program kind and household need, plus seeded noise), `priorities_of(row)`.
- `second_reading`: the table of second readings (every own opportunity read by someone who did not
  write its checker, with the household tried), validated, summarized, and re-run as regression tests.
"""
from eligibench.truth import second_reading, verdict_changes  # namespaces: their names (load, markdown) are generic
from eligibench.truth.boundaries import BoundaryCase, find_boundary, grown, verify
from eligibench.truth.composition import OWN_LINES, TWIN, checker_source, compose
from eligibench.truth.conditions import (
    HOUSEHOLD_SIZE,
    TABLE_FEATURES,
    CheckerConditions,
    checker_conditions,
    conditions_of_source,
    numbers_in,
    table_mismatches,
)
from eligibench.truth.counterfactual import Flip, FlipSearch, find_flip, verify_flip
from eligibench.truth.discipline import fact_violations, violations
from eligibench.truth.editions import compare_editions, moved_constants
from eligibench.truth.editions import constants as edition_constants
from eligibench.truth.explain import Event, ExplainedChecker, Explanation, LimitClaim
from eligibench.truth.explain_check import CheckTally, check_flip, check_limits
from eligibench.truth.fact_reads import fact_reads as derived_fact_reads
from eligibench.truth.priorities import (
    RULES as PRIORITY_RULES,
)
from eligibench.truth.priorities import (
    PrioritiesError,
    Rule,
    derive_priorities,
    opportunity_kinds,
    opportunity_names,
    priorities_of,
    ranked,
    rules_holding,
)
from eligibench.truth.readings import mismatches
from eligibench.truth.trace_all import TraceMatrix, trace_all
from eligibench.truth.tracing import (
    FACT_LINES,
    ReadingHousehold,
    Trace,
    TracedChecker,
    instrument,
    trace_id,
    traced_checkers,
)
from eligibench.truth.value_words import VALUE_WORDS, flip_sentence, human_words, plain_words, show_feature

__all__ = [
    "BoundaryCase",
    "CheckerConditions",
    "ExplainedChecker",
    "Explanation",
    "Flip",
    "HOUSEHOLD_SIZE",
    "OWN_LINES",
    "TABLE_FEATURES",
    "TWIN",
    "Trace",
    "TraceMatrix",
    "TracedChecker",
    "checker_conditions",
    "checker_source",
    "compare_editions",
    "compose",
    "find_boundary",
    "find_flip",
    "flip_sentence",
    "numbers_in",
    "plain_words",
    "VALUE_WORDS",
    "human_words",
    "show_feature",
    "second_reading",
    "table_mismatches",
    "trace_all",
    "trace_id",
    "traced_checkers",
    "verdict_changes",
    "verify",
    "verify_flip",
    "violations",
    "grown",
    "conditions_of_source",
    "FlipSearch",
    "fact_violations",
    "moved_constants",
    "Event",
    "LimitClaim",
    "CheckTally",
    "check_flip",
    "check_limits",
    "mismatches",
    "FACT_LINES",
    "ReadingHousehold",
    "instrument",
    "edition_constants",
    "derived_fact_reads",
    "PRIORITY_RULES",
    "PrioritiesError",
    "Rule",
    "derive_priorities",
    "opportunity_kinds",
    "opportunity_names",
    "priorities_of",
    "ranked",
    "rules_holding",
]
