"""`benyfits/Eligibility-v0`: the benchmark's dialog task as a Gymnasium environment.

One episode is one dialog with one household (a dataset row), under the same protocol as a
harness run: the same rows and briefs, the same simulated user (`evaluation.user.make_user`
with the run's `simulator_mode`, persona included), the same question limit, the same pairs.

Spaces (Gymnasium 1.x):

- observation: `Dict(text=Text(100000), turn=Discrete(102))`. At `reset` the text is the
  opening: every opportunity the household asks about as `- <id>: <name>: <requirements>`, one
  a line (what a harness agent is shown; the household says nothing before it is asked). After
  a question the text is the simulated user's answer. `turn` is the number of questions asked.
  The text is the answer folded to the space's charset (printable ASCII: non-ASCII letters
  lose their accents, anything else becomes "?"); `info["answer"]` is the exact text.
- action: `Dict(kind=Discrete(2), question=Text(2000), verdicts=MultiBinary(100))`: kind 0 asks
  `question`; kind 1 ends the episode with `verdicts`, aligned with `info["opportunities"]`
  (positions past them are ignored). `step` also takes a plain `str` (a question) or a mapping
  {opportunity id: bool} (the verdicts), the forms an agent's `ask`/`predict` return. Anything
  else raises `InvalidActionError` naming the space and what was wrong (`actions`): a kind
  outside 0/1, a blank question, a verdict that is not True/False, a mapping missing an id. The
  action dict of kind 1 may also carry an optional `recommendation` (an opportunity id or "none":
  the program to apply to first, scored on the priorities track; docs/priorities.md).

Reward: `-turn_cost` for each question (default 0.01); at the end the share of the household's
pairs predicted right (a missing verdict is wrong, as in scoring). So an episode's return is
`accuracy - turn_cost * turns`, which follows the benchmark's turn-weighted F1 (F1 / (1 +
turns/100)) to first order in turns, pair correctness standing for F1 (an F1 of one dialog is
undefined without positives). A question past the protocol's limit truncates the episode with
no verdicts (every pair wrong), as a harness dialog that never predicts.

`info` at the end: `pairs` (per pair: opportunity, predicted, label, correct, explanation =
the checker's decisive requirement in plain words with the household's values), `accuracy`,
`f1`, `turn_weighted_f1`, `turns`, `termination`, the priorities track's `priorities` (opportunity
id -> the household's weight), `recommendation`, `gold_recommendation` and `recommendation_match`
(None without a recommendation), and `simulator_checks`: per answer the
answer check's verdict against the facts the grounded simulator disclosed (`check_answer`),
so a trainer can drop episodes whose user misspoke. Every step's `info` carries `dialog` (the
`Dialog` an agent would see), `opportunities` and `row_id`.

Options (constructor keywords, overridable per episode through `reset(options=...)`): `split`
(train | public | sealed), `edition`, `simulator_mode` (as params.yaml `evaluate.simulator_mode`),
`persona` (merged into a grounded mode), `turn_cost`, `max_questions` (the run's cap), `row_id`
or `index` (reset only: which household; default drawn from the seed).
"""
from __future__ import annotations

import string
import unicodedata
from pathlib import Path
from typing import Any, Mapping, Sequence

import gymnasium as gym
from gymnasium import spaces

from eligibench.datasets import Row
from eligibench.errors import BenyfitsError
from eligibench.evaluation.hosting import AgentFault, Dialog, check_recommendation, question_limit
from eligibench.evaluation.scoring import gold_recommendation, turn_weighted_f1
from eligibench.evaluation.user import check_answer, make_user, read_mode
from eligibench.household import fact
from eligibench.results import Turn
from eligibench.training.actions import PREDICT, InvalidActionError, read_action
from eligibench.training.episodes import Episodes, load_episodes

ENV_ID = "benyfits/Eligibility-v0"
# what `benyfits list tasks` says of it (the Inspect tasks describe themselves in inspect_task/tasks.py)
ENV_DESCRIPTION = "the Gymnasium environment: one dialog per episode under the harness's protocol (docs/training.md)"
MAX_TEXT = 100_000
MAX_QUESTION_CHARS = 2000  # as the harness's dialog loop
MAX_OPPORTUNITIES = 100
MAX_TURNS = 100  # the protocol's most questions (evaluation.hosting.types.MAX_QUESTIONS)
CHARSET = frozenset(string.printable)
DEFAULT_MODE = {"mode": "grounded", "select": "lexical", "answer": "template"}  # no model needed
SIMULATOR_MAX_TOKENS = 48  # params.yaml evaluate.simulator.max_tokens (used by model answers only)


def fold(text: str, limit: int = MAX_TEXT) -> str:
    """`text` in the observation's charset: accents dropped, other characters "?"."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii") if not text.isascii() else text
    return "".join(c if c in CHARSET else "?" for c in plain)[:limit]


def opening(briefs: Sequence[Any]) -> str:
    return "\n".join(f"- {b.id}: {b.name}: {b.requirements}" for b in briefs)


class EligibilityEnv(gym.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, split: str = "train", edition: str = "2024", project: str | Path = ".",
                 simulator_mode: Any = None, persona: str | None = None, turn_cost: float = 0.01,
                 max_questions: int | None = None, user_model: Any = None, episodes: Episodes | None = None,
                 render_mode: str | None = None):
        self.project = Path(project)
        self.defaults = {"split": split, "edition": edition, "simulator_mode": simulator_mode, "persona": persona,
                         "turn_cost": turn_cost, "max_questions": max_questions}
        self.user_model = user_model
        self.render_mode = render_mode
        self._episodes: dict[tuple[str, str], Episodes] = {}
        if episodes is not None:
            self._episodes[(episodes.split, episodes.edition)] = episodes
        self.observation_space = spaces.Dict({"text": spaces.Text(MAX_TEXT, min_length=0, charset=CHARSET),
                                              "turn": spaces.Discrete(MAX_TURNS + 2)})
        self.action_space = spaces.Dict({"kind": spaces.Discrete(2),
                                         "question": spaces.Text(MAX_QUESTION_CHARS, min_length=1, charset=CHARSET),
                                         "verdicts": spaces.MultiBinary(MAX_OPPORTUNITIES)})
        self.row: Row | None = None

    # -- episodes -------------------------------------------------------------------------------

    def episodes(self, split: str, edition: str) -> Episodes:
        if (split, edition) not in self._episodes:
            self._episodes[(split, edition)] = load_episodes(split, edition, self.project)
        return self._episodes[(split, edition)]

    def _pick(self, eps: Episodes, options: Mapping[str, Any]) -> Row:
        if options.get("row_id") is not None:
            found = [r for r in eps.rows if r.id == options["row_id"]]
            if not found:
                raise BenyfitsError(f"reset option row_id {options['row_id']!r}: no such row in split {eps.split!r}, "
                                    f"edition {eps.edition}")
            return found[0]
        if options.get("index") is not None:
            return eps.rows[int(options["index"]) % len(eps.rows)]
        return eps.rows[int(self.np_random.integers(len(eps.rows)))]

    def reset(self, *, seed: int | None = None, options: Mapping[str, Any] | None = None):
        super().reset(seed=seed)
        opts = {**self.defaults, **(options or {})}
        eps = self.episodes(opts["split"], opts["edition"])
        self.row, self.edition = self._pick(eps, opts), eps.edition
        raw = opts["simulator_mode"] if opts["simulator_mode"] is not None else dict(DEFAULT_MODE)
        if opts["persona"] is not None:
            raw = {**(raw if isinstance(raw, Mapping) else {"mode": "grounded"}), "persona": opts["persona"]}
        self.mode = read_mode(raw, "EligibilityEnv simulator_mode")
        if self.mode.uses_model and self.user_model is None:
            raise BenyfitsError(f"EligibilityEnv: simulator mode {self.mode.label} needs a simulator model: pass "
                                "user_model=<a ChatModel> (eligibench.models.make_model) or use grounded lexical/template")
        self.user = make_user(self.mode, self.user_model, self.row, SIMULATOR_MAX_TOKENS)
        self.briefs = tuple(eps.briefs[o] for o in self.row.opportunities)
        self.turn_cost = float(opts["turn_cost"])
        self.cap = opts["max_questions"]
        self.turns: list[Turn] = []
        self.checks: list[dict[str, Any]] = []
        self.done = False
        self.last_text = opening(self.briefs)
        return self._obs(), self._info()

    # -- steps ----------------------------------------------------------------------------------

    def step(self, action: Any):
        if self.row is None or self.done:
            raise BenyfitsError("EligibilityEnv.step: call reset() first (the episode is over)")
        action, recommendation = self._split_recommendation(action)
        kind, question, verdicts = self._read_action(action)
        if kind == PREDICT:
            # at the limit the harness records turn_limit unless the agent said ready there; an
            # environment cannot tell the two apart, so verdicts at the limit are turn_limit
            return self._finish(verdicts, "turn_limit" if len(self.turns) >= self.limit else "ready",
                                recommendation=recommendation)
        if len(self.turns) >= self.limit:
            return self._finish(None, "turn_limit", truncated=True)
        answer = self.user.answer(self.turns, question)
        # latencies left 0: an episode's info is a function of (seed, actions), as check_env demands
        self.turns.append(Turn(question, answer.text, 0.0, 0.0, answer.prompt_tokens, answer.completion_tokens,
                               answer.cached_tokens))
        self._check(question, answer)
        self.last_text = answer.text
        return self._obs(), -self.turn_cost, False, False, self._info(answer=answer.text)

    @property
    def limit(self) -> int:
        return question_limit(len(self.briefs), self.cap)

    def _read_action(self, action: Any) -> tuple[int, str, dict[str, bool] | None]:
        return read_action(action, self.action_space, list(self.row.opportunities), MAX_QUESTION_CHARS)

    def _check(self, question: str, answer: Any) -> None:
        """The answer checked against the facts the grounded user disclosed (none: unchecked)."""
        facts = [fact(self.row.household, k) for k, _ in getattr(answer, "facts", ())]
        verdict = check_answer(answer.text, facts).verdict if facts else "unchecked"
        self.checks.append({"turn": len(self.turns) - 1, "facts": [f.key for f in facts], "verdict": verdict})

    def _split_recommendation(self, action: Any) -> tuple[Any, str | None]:
        """The action without its optional "recommendation" (the action dict's, kind 1 only: the
        program to apply to first, an opportunity id or "none"), and that recommendation, checked
        as the dialog loop checks `Agent.recommend`."""
        if not isinstance(action, Mapping) or "kind" not in action or "recommendation" not in action:
            return action, None
        rest = {k: v for k, v in action.items() if k != "recommendation"}
        if int(rest.get("kind", -1)) != PREDICT:
            raise InvalidActionError("EligibilityEnv.step: 'recommendation' comes with the verdicts (kind 1), "
                                     "not with a question")
        try:
            return rest, check_recommendation(action["recommendation"], list(self.row.opportunities))
        except AgentFault as e:
            raise InvalidActionError(f"EligibilityEnv.step: {e}") from None

    def _finish(self, verdicts: dict[str, bool] | None, termination: str, truncated: bool = False,
                recommendation: str | None = None):
        self.done = True
        pairs = self._pairs(verdicts or {})
        right = sum(p["correct"] for p in pairs)
        accuracy = right / len(pairs)
        tp = sum(p["predicted"] is True and p["label"] for p in pairs)
        fp = sum(p["predicted"] is True and not p["label"] for p in pairs)
        fn = sum(p["predicted"] is not True and p["label"] for p in pairs)
        f1 = 200.0 * tp / (2 * tp + fp + fn) if tp else 0.0
        info = self._info(pairs=pairs, accuracy=accuracy, f1=f1, turns=len(self.turns), termination=termination,
                          turn_weighted_f1=turn_weighted_f1(f1, len(self.turns)), simulator_checks=list(self.checks),
                          predictions=verdicts, **self._recommendation_info(recommendation))
        return self._obs(), accuracy, not truncated, truncated, info

    def _pairs(self, verdicts: Mapping[str, bool]) -> list[dict[str, Any]]:
        from checkers.editions import explained_checker

        out = []
        for oid, label in zip(self.row.opportunities, self.row.labels):
            predicted = verdicts.get(oid)
            out.append({"opportunity": oid, "predicted": predicted, "label": bool(label),
                        "correct": predicted is not None and predicted == label,
                        "explanation": explained_checker(oid, self.edition).explain(self.row.household).sentence})
        return out

    # -- observations ---------------------------------------------------------------------------

    def _obs(self) -> dict[str, Any]:
        return {"text": fold(self.last_text), "turn": len(self.turns)}

    def _recommendation_info(self, recommendation: str | None) -> dict[str, Any]:
        """The priorities track at the end: the household's weights, the gold recommendation (its
        highest-weight eligible program, "none" when none) and whether the action's matched."""
        from eligibench.truth import priorities_of

        weights = priorities_of(self.row)
        gold = gold_recommendation(weights, dict(zip(self.row.opportunities, map(bool, self.row.labels))))
        return {"priorities": weights, "recommendation": recommendation, "gold_recommendation": gold,
                "recommendation_match": None if recommendation is None else recommendation == gold}

    def _info(self, **extra: Any) -> dict[str, Any]:
        dialog = Dialog(self.briefs, tuple(self.turns), self.cap)
        return {"row_id": self.row.id, "opportunities": list(self.row.opportunities), "dialog": dialog,
                "limit": self.limit, "mode": self.mode.label, **extra}

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.row is None:
            return None
        return "\n".join([opening(self.briefs)] + [f"Q: {t.question}\nA: {t.answer}" for t in self.turns])
