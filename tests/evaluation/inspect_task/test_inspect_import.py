"""`import_log`: an Inspect log onto the board through the harness's run path, under its own
protocol (the scaffold), never ranked with a harness run of the same settings."""
from __future__ import annotations

from pathlib import Path

import pytest

from eligibench.evaluation.inspect_task import SCAFFOLD, figures, import_log, load_source
from eligibench.evaluation.run import comparable, load_run, run_submission
from eligibench.results import INSPECT_NOT_RUN_HERE, ResultStore
from leaderboard import queries as Q
from tests.evaluation.inspect_task.scripted import ask, opportunity_ids, run_task, small_project, submit
from tests.evaluation.inspect_task.test_inspect_task import _dialogs


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    return small_project(tmp_path_factory.mktemp("import"))


def _policy(messages, n):
    return ask("Does anyone in the household work?") if n == 0 else submit({o: True for o in opportunity_ids(messages)})


def test_import_records_the_log_as_a_run_of_its_own_protocol(project: Path, tmp_path: Path) -> None:
    log = run_task(project, _policy, tmp_path / "logs")
    store = tmp_path / "results.duckdb"
    got = import_log(Path(log.location), store, project)
    results = ResultStore(store)
    [run] = [r for r in results.runs() if r["run_id"] == got.run_id]
    assert run["status"] == "done" and run["n_dialogs"] == 2 and run["submission"] == "inspect:mockllm/model"
    assert run["protocol"]["scaffold"] == SCAFFOLD and run["protocol"]["datasets"]["diverse"]["households_used"] == 2
    # the store's figures are the log's pooled figures (one scoring path)
    stored = {m["name"]: m["value"] for m in results.metrics(got.run_id) if m["dataset"] == "diverse"}
    logged = {name: m.value for s in log.results.scores for name, m in s.metrics.items()}
    assert logged == pytest.approx(figures(_dialogs(log)))
    assert (stored["f1"], stored["turns"], stored["turn_weighted_f1"]) == pytest.approx(
        (logged["f1"], logged["turns"], logged["tw_f1"]))
    # the dialogs as stored are the log's: questions, answers, predictions
    by_row = {r.row_id: r for r in results.dialog_results(got.run_id)}
    for d in _dialogs(log):
        assert [t.answer for t in by_row[d.row_id].turns] == [t.answer for t in d.turns]
        assert by_row[d.row_id].predictions == d.predictions
    # importing the same log again is the same run: nothing added
    again = import_log(Path(log.location), store, project)
    assert again.run_id == got.run_id and len(results.dialog_results(got.run_id)) == 2


def test_an_imported_run_says_it_did_not_run_here_and_the_board_shows_it(project: Path, tmp_path: Path) -> None:
    """The model ran under Inspect on the importer's machine: the run's isolation says so, not empty."""
    from leaderboard.queries import StoreSource
    from leaderboard.queries.table import evaluated_rows

    log = run_task(project, _policy, tmp_path / "logs")
    store = tmp_path / "results.duckdb"
    got = import_log(Path(log.location), store, project)
    [run] = [r for r in ResultStore(store).runs() if r["run_id"] == got.run_id]
    assert run["isolation"] == INSPECT_NOT_RUN_HERE == "inspect: not run here"
    with StoreSource(store).reader() as reader:
        table = evaluated_rows(reader)
    assert list(table["Isolation"]) == [INSPECT_NOT_RUN_HERE]


@pytest.mark.needs_bwrap
def test_never_ranked_with_a_harness_run_of_the_same_settings(project: Path, tmp_path: Path) -> None:
    store = tmp_path / "results.duckdb"
    log = run_task(project, _policy, tmp_path / "logs")
    inspect_run = import_log(Path(log.location), store, project)
    # the harness evaluates the same households under the same params (all of diverse, no cap)
    rows = {"diverse": list(load_source("diverse", project).rows.values())}
    resolved = load_run("random", project, {"max_questions": None, "store": str(store)}, rows=rows)
    harness = run_submission(resolved, project=project)
    assert inspect_run.protocol_id != harness["protocol_id"]
    imported = next(r["protocol"] for r in ResultStore(store).runs() if r["run_id"] == inspect_run.run_id)
    assert not comparable(imported, harness["protocol"])
    # the only difference is the scaffold (and so the kind's wording): same data, cap, trials, simulator
    assert {k: v for k, v in imported.items() if k != "scaffold"} == harness["protocol"]
    # the board lists two protocols, the Inspect one labelled with its scaffold
    with Q.open_source(store).reader() as r:
        protos = Q.protocols(r)
    assert {inspect_run.protocol_id, harness["protocol_id"]} <= set(protos)
    assert f"scaffold {SCAFFOLD}" in protos[inspect_run.protocol_id].label
    assert "scaffold" not in protos[harness["protocol_id"]].label


def test_a_log_of_another_task_is_refused_with_its_name(tmp_path: Path, project: Path) -> None:
    from inspect_ai import Task
    from inspect_ai import eval as inspect_eval
    from inspect_ai.dataset import Sample
    from inspect_ai.model import ModelOutput, ModelUsage, get_model

    out = ModelOutput.from_content("mockllm/model", "hi")
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    [log] = inspect_eval(Task(dataset=[Sample(input="hello")], name="other"),
                         model=get_model("mockllm/model", custom_outputs=[out]), log_dir=str(tmp_path), display="none")
    from eligibench.errors import BenyfitsError

    with pytest.raises(BenyfitsError, match="'other' is not a BeNYfits task"):
        import_log(Path(log.location), tmp_path / "r.duckdb", project)
