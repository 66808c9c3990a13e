"""People in the dialog loop: a person as the agent (`HumanAgent`) or as the household (`HumanUser`).

Both implement the interfaces the loop already drives (the Agent contract; the simulated user's
`answer(turns, question) -> Answer`), so a person's dialog runs through `run.run_dialog` with the
same limits, simulator and scoring as any run. What the person types comes from a *seat*: the
terminal (`eligibench/cli/play.py`) or the browser (the leaderboard's Play tab) implements it.

Resume: a seat may be given `replay` (what the person already said in a dialog that was
interrupted); those are given first, in order, then the seat is asked. The grounded simulator
without a model is deterministic, so replaying an agent's questions reproduces the same answers.
"""
from __future__ import annotations

import time
from typing import Mapping, Protocol, Sequence

from eligibench.evaluation.hosting import Agent, AgentContext, Dialog, OpportunityBrief
from eligibench.evaluation.user import Answer
from eligibench.results import Turn


class Quit(BaseException):
    """The person asked to stop (Ctrl-C, or the quit command): the dialog so far is kept as a draft.
    A BaseException, like KeyboardInterrupt, so the loop does not record it as the agent's error."""

    def __init__(self, said: Sequence[str] = ()):
        super().__init__("the person stopped")
        self.said = list(said)


class AgentSeat(Protocol):
    """Where a person playing the agent types."""

    def next_question(self, dialog: Dialog) -> str | None:
        """The next question, or None when the person is ready to decide."""

    def decide(self, dialog: Dialog) -> Mapping[str, bool]:
        """Eligible or not, per opportunity id of the dialog."""


class UserSeat(Protocol):
    """Where a person playing the household types."""

    def answer(self, turns: Sequence[Turn], question: str) -> str: ...


class HumanAgent(Agent):
    """The agent's side played by a person. `ready` asks the seat for the next question (None:
    ready); `ask` returns it. `said` keeps every question, for a draft if the person stops."""

    def __init__(self, seat: AgentSeat, replay: Sequence[str] = (), context: AgentContext | None = None):
        super().__init__(context or AgentContext())
        self.seat, self.replay = seat, list(replay)
        self.said: list[str] = []
        self._next: str | None = None

    def start(self, opportunities: Sequence[OpportunityBrief]) -> None:
        self.said = []

    def ready(self, dialog: Dialog) -> bool:
        if self.replay:
            self._next = self.replay.pop(0)
        else:
            try:
                self._next = self.seat.next_question(dialog)
            except (KeyboardInterrupt, EOFError):
                raise Quit(self.said) from None
        return self._next is None

    def ask(self, dialog: Dialog) -> str:
        question, self._next = self._next, None
        self.said.append(question)
        return question

    def predict(self, dialog: Dialog) -> Mapping[str, bool]:
        try:
            return dict(self.seat.decide(dialog))
        except (KeyboardInterrupt, EOFError):
            raise Quit(self.said) from None


class HumanUser:
    """The household's side played by a person (who sees the household's profile)."""

    def __init__(self, seat: UserSeat, replay: Sequence[str] = ()):
        self.seat, self.replay = seat, list(replay)
        self.said: list[str] = []

    def answer(self, turns: Sequence[Turn], question: str) -> Answer:
        t0 = time.perf_counter()
        if self.replay:
            text = self.replay.pop(0)
        else:
            try:
                text = self.seat.answer(turns, question)
            except (KeyboardInterrupt, EOFError):
                raise Quit(self.said) from None
        self.said.append(text)
        return Answer(text, 0, 0, None, time.perf_counter() - t0, how="human")
