"""Cost: the price table turns recorded tokens and wall time into dollars per dialog and run;
the frontier; the board's cost panel on a real store."""
from __future__ import annotations

import pytest

from eligibench.errors import ParamsError
from eligibench.evaluation.scoring import PriceTable, TokenPrice, agent_model, cost_frontier, dialog_dollars, run_cost
from eligibench.results import DialogResult, ResultStore


def _d(row: str, ap=0, ac=0, up=0, uc=0, wall=0.0, term="ready") -> DialogResult:
    return DialogResult(row, "diverse", 0, (), {}, {}, term, wall_s=wall, agent_prompt_tokens=ap, agent_completion_tokens=ac,
                        user_prompt_tokens=up, user_completion_tokens=uc)


PRICES = PriceTable({"openai:gpt-4o": TokenPrice(2.5, 10.0), "gpt-4o-mini": TokenPrice(0.15, 0.6)},
                    {"vllm:Llama-3.1-70B-Instruct": 2.0})


def test_tokens_at_their_roles_price_and_gpu_hours_on_wall_time():
    d = _d("a", ap=1_000_000, ac=100_000, up=2_000_000, uc=50_000, wall=1800)
    # agent gpt-4o: 2.5 + 1.0; simulator self-hosted 70B: half an hour at $2
    assert dialog_dollars(d, "openai:gpt-4o", "vllm:Llama-3.1-70B-Instruct@t0.0/s0", PRICES) == pytest.approx(4.5)
    # bare model-name key; unpriced simulator adds nothing
    assert dialog_dollars(d, "openai:gpt-4o-mini", "embedded:SmolLM2-135M-Instruct", PRICES) == pytest.approx(0.15 + 0.06)
    assert dialog_dollars(d, "embedded:x", "embedded:y", PRICES) is None  # no price is not free


def test_run_cost_totals_scored_dialogs_and_keeps_per_dialog_figures():
    ds = [_d("a", ap=1_000_000), _d("b", ap=3_000_000), _d("c", ap=9_000_000, term="infrastructure_error")]
    c = run_cost(ds, "openai:gpt-4o", None, PRICES)
    assert c.dollars == pytest.approx(10.0) and c.per_dialog == pytest.approx(5.0)
    assert c.dialogs == {("diverse", "a", 0): pytest.approx(2.5), ("diverse", "b", 0): pytest.approx(7.5)}
    assert run_cost(ds, "embedded:x", None, PRICES).dollars is None
    assert run_cost(ds, "openai:gpt-4o", None, PriceTable({}, {})).dollars is None  # the default: empty


def test_frontier_keeps_only_runs_no_cheaper_run_beats():
    pts = {"cheap": (0.01, 30.0), "mid": (0.1, 45.0), "worse": (0.2, 40.0), "best": (1.0, 50.0), "tie": (0.1, 44.0)}
    assert cost_frontier(pts) == ["cheap", "mid", "best"]
    assert cost_frontier({}) == []


def test_agent_model_is_default_or_the_only_one():
    assert agent_model({"default": "a", "planner": "b"}) == "a"
    assert agent_model({"x": "a", "y": "a"}) == "a"
    assert agent_model({"x": "a", "y": "b"}) is None and agent_model(None) is None


@pytest.mark.parametrize("section, message", [
    ({"tokens": {"m": {"input": 1}}}, "'cost.tokens.m' must be {input"),
    ({"tokens": {"m": {"input": -1, "output": 1}}}, "'cost.tokens.m.input' must be a number >= 0"),
    ({"gpu_hour": {"m": "two"}}, "'cost.gpu_hour.m' must be a number"),
    ({"prices": {}}, "unknown key(s) in 'cost': prices"),
])
def test_bad_price_tables_name_the_key(section, message):
    with pytest.raises(ParamsError, match=message.replace("(", r"\(").replace(")", r"\)").replace("{", r"\{")):
        PriceTable.from_params({"cost": section})


def test_params_default_is_empty():
    from eligibench import params

    assert PriceTable.from_params(params.load()).empty


def test_board_cost_panel_marks_the_frontier(tmp_path):
    from leaderboard import queries as Q
    from leaderboard.cost import cost_table, cost_view
    from tests.leaderboard.synthetic import fake_households, write_run

    store = ResultStore(tmp_path / "r.duckdb")
    hh = fake_households(6, 4)
    ids = [write_run(store, hh, f"agent-{i}", skill=s, questions=q, n_boot=10) for i, (s, q) in enumerate([(0.9, 5), (0.5, 12)])]
    source = Q.open_source(store.path)
    assert "No dollar figures" in cost_view(source, PriceTable({}, {}))
    prices = PriceTable({}, {"SmolLM2-135M-Instruct": 1.0})  # the synthetic runs' self-hosted model, by wall time
    with source.reader() as r:
        df = cost_table(r, prices)
    assert list(df["Run"]) == sorted(ids) and df["$ per dialog"].notna().all()
    expect = {rid: (float(c), float(t)) for rid, c, t in zip(df["Run"], df["$ per dialog"], df["TW-F1"])}
    assert set(df[df["Frontier"]]["Run"]) == set(cost_frontier(expect))
    total = sum(d.wall_s for d in store.dialog_results(ids[0]) if d.scored) / 3600 * 1.0 * 2  # agent + simulator roles
    assert df.set_index("Run").loc[ids[0], "$ total"] == pytest.approx(total)
    html = cost_view(source, prices)
    assert "bf-cost-point bf-on-frontier" in html and "agent-0" in html and "<table id='bf-cost-table'>" in html


def test_cli_prints_dollars_per_run_and_dialog(tmp_path, capsys):
    import yaml

    from eligibench.cli.main import main
    from tests.leaderboard.synthetic import fake_households, write_run

    store = ResultStore(tmp_path / "r.duckdb")
    rid = write_run(store, fake_households(3, 2), "agent-x", n_boot=10)
    params = tmp_path / "params.yaml"
    params.write_text(yaml.safe_dump({"cost": {"tokens": {}, "gpu_hour": {}}}))
    assert main(["cost", "--store", str(store.path), "--params", str(params)]) == 0
    out = capsys.readouterr().out
    assert "tokens instead of dollars" in out and "per correct verdict" in out  # tokens where no price is known
    params.write_text(yaml.safe_dump({"cost": {"tokens": {}, "gpu_hour": {"SmolLM2-135M-Instruct": 3.6}}}))
    assert main(["cost", rid[:8], "--dialogs", "--store", str(store.path), "--params", str(params)]) == 0
    out = capsys.readouterr().out.splitlines()
    scored = [d for d in store.dialog_results(rid) if d.scored]
    total = sum(d.wall_s for d in scored) / 3600 * 3.6 * 2
    correct = sum(d.predicted(o) == v for d in scored for o, v in d.labels.items())
    # the run configuration names the run, as on the board
    assert out[0] == (f"{rid[:12]}  agent-x-full: ${total:.4f} (${total / len(scored):.4f} per dialog, "
                      f"${total / correct:.4f} per correct verdict)")
    assert len(out) == 1 + len(scored) and out[1].startswith("    diverse/")


def test_cost_of_no_such_run_exits_non_zero_with_one_line(tmp_path):
    import subprocess
    import sys

    import yaml

    from tests.leaderboard.synthetic import fake_households, write_run

    store = ResultStore(tmp_path / "r.duckdb")
    write_run(store, fake_households(3, 2), "agent-x", n_boot=10)
    params = tmp_path / "params.yaml"
    params.write_text(yaml.safe_dump({"cost": {"tokens": {}, "gpu_hour": {}}}))  # no prices: still an error
    out = subprocess.run([sys.executable, "-m", "eligibench.cli", "cost", "nosuchrun", "--store", str(store.path),
                          "--params", str(params)], capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and out.stderr.strip().splitlines() == [
        f"benyfits: error: {store.path}: no run matches nosuchrun (`benyfits runs` lists the runs)"]
