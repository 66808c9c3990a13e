"""A regrade recomputes every label-dependent figure (evaluation/regrade/recompute.py): after a real
checker edit (one line of checkers/idnyc.py, in a temporary copy imported first by the `benyfits
regrade` subprocess, as tests/evaluation/test_regrade.py does), the agent-attributable F1, the
simulator faults and the failure causes of exactly the run with affected pairs move, to the values
computed here by hand; a run the edit does not touch keeps every figure and process row exactly.

Households are built here (no published dataset needed); the checkers are the project's own."""
from __future__ import annotations

import pytest

from checkers.editions import edition_registry
from eligibench.datasets.rows import build_row
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.run import evaluate, run_dialog
from eligibench.evaluation.user import GroundedUser, LyingUser, SimulatorMode
from eligibench.household import household
from eligibench.results import ResultStore, RunSpec
from eligibench.truth import TracedChecker
from tests.evaluation.doubles import ScriptedAgent
from tests.evaluation.plans import runner_plan
from tests.evaluation.test_regrade import EDIT, TARGET, _benyfits, _copy, _edit

NYC = "New York City"
MODE = SimulatorMode("grounded", "lexical", "template")
BRIEFS = {TARGET: OpportunityBrief(TARGET, "IDNYC", "text")}
# (row id, age, the age the lying user states or None): every household one New Yorker; the edit moves
# IDNYC's age limit from 10 to 30, so ages 20 and 25 flip from eligible to not eligible
AFFECTED = [("a1", 20, 5), ("a2", 25, None), ("a3", 40, None), ("a4", 6, None)]
UNTOUCHED = [("u1", 40, 5), ("u2", 50, None), ("u3", 6, None)]


def _rows(spec):
    traced = {TARGET: TracedChecker(TARGET, edition_registry("2024")[TARGET])}
    return [build_row(rid, "diverse", household({"age": age, "place_of_residence": NYC}), (TARGET,), traced, "v",
                      flips=False) for rid, age, _ in spec]


def _run(store: ResultStore, name: str, spec) -> str:
    """A grounded run whose agent asks the age once and always says eligible; a planted liar states
    a false age where the spec says so (an affected pair: its needed fact m0.age was lied about)."""
    rows = _rows(spec)
    run_spec = RunSpec(name, {}, "grounded", {"seed": 0, "simulator_mode": MODE.label}, "v", ("diverse",))
    plan = runner_plan(run_spec, {"diverse": rows}, BRIEFS, 48, bootstrap=50, simulator_mode=MODE)
    run_id = store.ensure_run(run_spec)
    for row, (_, _, lie) in zip(rows, spec):
        user = LyingUser(row.household, {"m0.age": lie}) if lie is not None else GroundedUser(None, row.household)
        store.record_dialog(run_id, run_dialog(ScriptedAgent(questions=1, predictions={TARGET: True}), user,
                                               [BRIEFS[TARGET]], dict(zip(row.opportunities, row.labels)), row.id,
                                               "diverse"))
    assert evaluate(*plan, store, ScriptedAgent) == run_id  # nothing left to run: the runner's scoring path
    return run_id


def _metrics(store, run_id):
    return {(m["dataset"], m["name"]): (m["value"], m["ci_low"], m["ci_high"]) for m in store.metrics(run_id)}


def _tables(store, run_id):
    return {t: store.process_rows(t, run_id) for t in ("dialog_process", "pair_failures", "simulator_faults")}


def _f1(pairs):
    """Micro F1 over (label, prediction) pairs, percent: what `summarize` reports."""
    tp = sum(lab and pred for lab, pred in pairs)
    fp = sum(pred and not lab for lab, pred in pairs)
    fn = sum(lab and not pred for lab, pred in pairs)
    return 100.0 * 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def test_mode_from_label_reads_every_label_back():
    for mode in (SimulatorMode(), MODE, SimulatorMode("grounded", "model", "template", "hard"),
                 SimulatorMode("grounded", "lexical", "template", "typical", 3)):
        assert SimulatorMode.from_label(mode.label if mode.grounded else None) == mode


def test_regrade_recomputes_agent_attributable_scores_and_faults_of_exactly_the_affected_run(tmp_path):
    db = tmp_path / "results.duckdb"
    store = ResultStore(db)
    hit, calm = _run(store, "hit", AFFECTED), _run(store, "calm", UNTOUCHED)
    before = {r: (_metrics(store, r), _tables(store, r)) for r in (hit, calm)}
    m = before[hit][0]
    # at evaluation: a1 voided (lied-about age), the agent right on a2, a3 and wrong on a4
    assert m["diverse", "agent_f1"][0] == pytest.approx(_f1([(True, True), (True, True), (False, True)]))  # 80
    assert m["diverse", "voided_pairs"][0] == 1 and m["diverse", "simulator_fault_pairs"][0] == 0

    proj = _copy(tmp_path)
    _edit(proj, "idnyc.py", *EDIT)
    out = _benyfits(proj, "regrade", "--all", "--store", str(db))
    assert out.returncode == 0, out.stderr

    # a1 and a2 are now not eligible: a1 stays voided and is now a simulator fault (wrong, lied about);
    # a2 now counts against the agent in the agent-attributable F1
    m = _metrics(store, hit)
    expected = _f1([(False, True), (True, True), (False, True)])  # a2, a3, a4: 50
    assert expected == 50.0 and m["diverse", "agent_f1"][0] == pytest.approx(expected)
    assert m["average", "agent_f1"][0] == pytest.approx(expected)
    assert m["diverse", "f1"][0] == pytest.approx(_f1([(False, True), (False, True), (True, True), (False, True)]))
    assert m["diverse", "simulator_fault_pairs"][0] == 1 and m["diverse", "voided_pairs"][0] == 1
    assert m["diverse", "simulator_fault_rate"][0] == pytest.approx(25.0)  # 1 of 4 pairs
    assert m["diverse", "wrong_pairs"][0] == 3  # a1, a2, a4 (was a4 only)
    faults = {(f["row_id"], f["fact_key"], f["wrong"]) for f in store.process_rows("simulator_faults", hit)}
    assert faults == {("a1", "m0.age", True)}
    causes = {(f["row_id"], f["cause"]) for f in store.process_rows("pair_failures", hit)}
    # the agent never asked where they live (a needed fact of IDNYC): its other misses are that
    assert causes == {("a1", "simulator_false_fact"), ("a2", "needed_fact_not_disclosed"),
                      ("a4", "needed_fact_not_disclosed")}
    newest = store.gradings(hit)[-1]
    assert {(d, n): v for d, n, v, *_ in newest["metrics"]} == {k: v[0] for k, v in m.items()}

    # the untouched run was regraded too (its digest moved) and reproduces every figure exactly
    assert [g["grading"] for g in store.gradings(calm)] == [1, 2] and store.gradings(calm)[1]["changed"] == 0
    assert _metrics(store, calm) == before[calm][0]
    assert _tables(store, calm) == before[calm][1]


def test_an_unchanged_regrade_reproduces_every_figure(tmp_path):
    """The recompute itself, in process, on the project's checkers: every metric row and process
    row equal to the evaluation's (a persona-free grounded run with a liar and a voided pair)."""
    import duckdb

    db = tmp_path / "results.duckdb"
    store = ResultStore(db)
    run_id = _run(store, "hit", AFFECTED)
    metrics, tables = _metrics(store, run_id), _tables(store, run_id)
    con = duckdb.connect(str(db))  # an older ground truth recorded: the regrade must run
    con.execute("UPDATE gradings SET ground_truth = 'gt-000000000000'")
    con.close()
    from eligibench.evaluation.regrade import regrade_runs

    (g,) = regrade_runs(store)
    assert g.grading == 2 and g.changes == () and g.stale == ()
    assert _metrics(store, run_id) == metrics and _tables(store, run_id) == tables
    assert ("diverse", "agent_f1") in metrics and ("diverse", "needed_coverage") in metrics


# the two tests of lives_in_nyc swapped: a New Yorker's verdict no longer reads housing_type
SWAP = ("""    if m.housing_type in NYC_ONLY_HOUSING:
        return True
    if m.place_of_residence == NYC:
        return True
""", """    if m.place_of_residence == NYC:
        return True
    if m.housing_type in NYC_ONLY_HOUSING:
        return True
""")


def test_needed_facts_come_from_the_new_checkers_trace(tmp_path):
    """No label changes, but what IDNYC needs does: the coverage of needed facts is recomputed
    (the agent disclosed the age only: 1 of 3 needed facts before, 1 of 2 after)."""
    db = tmp_path / "results.duckdb"
    store = ResultStore(db)
    run_id = _run(store, "calm", UNTOUCHED[1:])  # honest users: no fault either way
    assert _metrics(store, run_id)["diverse", "needed_coverage"][0] == pytest.approx(1 / 3)
    proj = _copy(tmp_path)
    _edit(proj, "idnyc.py", *SWAP)
    out = _benyfits(proj, "regrade", "--all", "--store", str(db))
    assert out.returncode == 0, out.stderr
    assert store.gradings(run_id)[-1]["changed"] == 0
    assert _metrics(store, run_id)["diverse", "needed_coverage"][0] == pytest.approx(1 / 2)
    assert {p["needed_coverage"] for p in store.process_rows("dialog_process", run_id)} == {0.5}
