"""Dollars from recorded usage: a price table (params.yaml `cost`) turns each dialog's tokens
into dollars, and self-hosted models' GPU-hours (recorded wall time) into dollars; and the
cost-vs-TW-F1 frontier.

* Prices are per model, keyed as the run records the model: `backend:model` (e.g.
  `openai:gpt-4o`, `vllm:Llama-3.1-70B-Instruct`); a recorded label with decorations
  (`vllm:Llama-3.1-70B-Instruct@t0.0/s0`) matches its `backend:model` key, then its bare model
  name. `tokens`: dollars per million input (prompt) and output (completion) tokens.
  `gpu_hour`: dollars per GPU hour for self-hosted models, charged on the dialog's wall time.
* The agent's tokens are priced at the agent's model (the run's `default` agent model, else its
  only one); the simulated user's at the simulator's. A role whose model has no price adds
  nothing; a dialog none of whose models is priced has no cost (None), and so has a run: "no
  price" is not "free".
* Cached prompt tokens are charged as input (providers' cache discounts differ; the table is
  an upper bound).
* Self-hosted: agent and simulator served from one GPU each; wall time is the whole dialog's, so
  each priced role is charged the full wall time (an upper bound when they share a GPU).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from eligibench.errors import ParamsError
from eligibench.results import DialogResult


@dataclass(frozen=True)
class TokenPrice:
    input: float  # dollars per million prompt tokens
    output: float  # dollars per million completion tokens


@dataclass(frozen=True)
class PriceTable:
    tokens: Mapping[str, TokenPrice]
    gpu_hour: Mapping[str, float]

    @property
    def empty(self) -> bool:
        return not self.tokens and not self.gpu_hour

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> "PriceTable":
        """From params.yaml's `cost` section (absent or empty: an empty table). Errors name the key."""
        sec = params.get("cost") or {}
        if not isinstance(sec, Mapping):
            raise ParamsError("params.yaml: 'cost' must be a mapping with 'tokens' and 'gpu_hour'")
        unknown = set(sec) - {"tokens", "gpu_hour"}
        if unknown:
            raise ParamsError(f"params.yaml: unknown key(s) in 'cost': {', '.join(sorted(unknown))} (expected tokens, gpu_hour)")
        for key in ("tokens", "gpu_hour"):  # a list or a number here is named, not an AttributeError (issue 36)
            if not isinstance(sec.get(key) or {}, Mapping):
                raise ParamsError(f"params.yaml: 'cost.{key}' is {sec[key]!r}, expected a mapping of model name to price")
        tokens: dict[str, TokenPrice] = {}
        for model, price in (sec.get("tokens") or {}).items():
            where = f"cost.tokens.{model}"
            if not isinstance(price, Mapping) or set(price) != {"input", "output"}:
                raise ParamsError(f"params.yaml: '{where}' must be {{input: <$ per M tokens>, output: <$ per M tokens>}}, got {price!r}")
            tokens[str(model)] = TokenPrice(_dollars(price["input"], f"{where}.input"), _dollars(price["output"], f"{where}.output"))
        gpu = {str(m): _dollars(v, f"cost.gpu_hour.{m}") for m, v in (sec.get("gpu_hour") or {}).items()}
        return cls(tokens, gpu)


def _dollars(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0 or value != value:
        raise ParamsError(f"params.yaml: '{where}' must be a number >= 0 (dollars), got {value!r}")
    return float(value)


def _lookup(table: Mapping[str, Any], model: str | None) -> Any:
    if not model:
        return None
    for key in (model, model.split("@", 1)[0], model.split("@", 1)[0].split(":", 1)[-1]):
        if key in table:
            return table[key]
    return None


def agent_model(agent_models: Mapping[str, str] | None) -> str | None:
    """The model the agent's tokens are priced at: `default`, else the only one (None if several)."""
    if not agent_models:
        return None
    if "default" in agent_models:
        return agent_models["default"]
    distinct = set(agent_models.values())
    return next(iter(distinct)) if len(distinct) == 1 else None


def dialog_dollars(d: DialogResult, agent: str | None, simulator: str | None, prices: PriceTable) -> float | None:
    """One dialog's dollars (tokens at their role's price, plus GPU-hours of self-hosted roles)."""
    total, priced = 0.0, False
    for model, prompt, completion in ((agent, d.agent_prompt_tokens, d.agent_completion_tokens),
                                      (simulator, d.user_prompt_tokens, d.user_completion_tokens)):
        p = _lookup(prices.tokens, model)
        if p is not None:
            total += (prompt * p.input + completion * p.output) / 1e6
            priced = True
        rate = _lookup(prices.gpu_hour, model)
        if rate is not None:
            total += d.wall_s / 3600.0 * rate
            priced = True
    return total if priced else None


@dataclass(frozen=True)
class RunCost:
    dollars: float | None  # the run's scored dialogs; None when no model of the run is priced
    per_dialog: float | None  # mean over scored dialogs
    dialogs: Mapping[tuple[str, str, int], float | None]  # (dataset, row_id, trial) -> dollars


def run_cost(results: Sequence[DialogResult], agent: str | None, simulator: str | None, prices: PriceTable) -> RunCost:
    """Dollars per dialog and for the run (scored dialogs only, like every other figure)."""
    per = {(r.dataset, r.row_id, r.trial): dialog_dollars(r, agent, simulator, prices) for r in results if r.scored}
    known = [v for v in per.values() if v is not None]
    if not known:
        return RunCost(None, None, per)
    return RunCost(sum(known), sum(known) / len(per), per)


def cost_frontier(points: Mapping[str, tuple[float, float]]) -> list[str]:
    """Keys on the cost-vs-TW-F1 frontier, cheapest first: no other point is at most as costly
    and strictly better, or strictly cheaper and as good. `points` maps a key to (dollars, TW-F1)."""
    order = sorted(points, key=lambda k: (points[k][0], -points[k][1], k))
    out: list[str] = []
    best = float("-inf")
    for k in order:
        if points[k][1] > best:
            out.append(k)
            best = points[k][1]
    return out
