"""`benyfits play`'s result lines say whose predictions they are: the person's when they played the
agent ("you said"), the agent's when the person played the household ("the agent said you are
not eligible"; it used to say "you said not eligible" for predictions the person never made)."""
from __future__ import annotations

from types import SimpleNamespace

from eligibench.cli.play import print_verdicts


def _result(predictions):
    return SimpleNamespace(termination="ready", error=None, predictions=predictions, turns=(), wall_s=60.0)


def test_playing_the_household_the_predictions_are_the_agents(capsys):
    row = SimpleNamespace(opportunities=("A", "B"), labels=(True, False))
    print_verdicts(row, _result({"A": False, "B": False}), {"A": "Program A", "B": "Program B"}, role="user")
    out = capsys.readouterr().out
    assert "you said" not in out
    assert "Program A" in out and "the agent said you are not eligible" in out and "the agent was wrong" in out
    assert "the agent was right" in out


def test_playing_the_agent_the_predictions_are_the_persons(capsys):
    row = SimpleNamespace(opportunities=("A",), labels=(True,))
    print_verdicts(row, _result({"A": True}), {"A": "Program A"}, role="agent")
    out = capsys.readouterr().out
    assert "you said eligible" in out and "agent" not in out
