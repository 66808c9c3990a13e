"""`benyfits evaluate --persona NAME`: the run is under that persona of the simulated user, another
protocol with its own run id; no flag (or the params' own persona) keeps today's run id. Before,
no flag existed and `--simulator-mode typical` was refused without saying which flag sets a persona.

The run itself is not started (`run_submission` is replaced by a stand-in that hands back the
resolved run): what the flag changes is decided before any dialog, so the test takes a few seconds."""
from __future__ import annotations

import pytest

from eligibench.cli.main import build_parser, main
from eligibench.evaluation import run as run_package
from eligibench.evaluation.run import load_run, run_identity
from eligibench.results import run_id_for
from tests.conftest import ROOT

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)


class _Resolved(Exception):
    def __init__(self, resolved):
        self.resolved = resolved


def _stand_in(resolved, *args, **kwargs):
    raise _Resolved(resolved)


def _evaluate(monkeypatch, tmp_path, *flags: str) -> int:
    monkeypatch.setattr(run_package, "run_submission", _stand_in)
    return main(["evaluate", str(ROOT / "submissions" / "random"), "--project", str(ROOT), "--households", "2",
                 "--store", str(tmp_path / "dev.duckdb"), *flags])


def _resolved(monkeypatch, tmp_path, *flags: str):
    with pytest.raises(_Resolved) as caught:
        _evaluate(monkeypatch, tmp_path, *flags)
    return caught.value.resolved


def test_persona_is_another_protocol_and_run_id_and_no_flag_keeps_the_id(monkeypatch, tmp_path):
    plain = _resolved(monkeypatch, tmp_path)
    assert plain.config.simulator_mode.persona == "cooperative"
    # no flag: the id of the params' own configuration, as `load_run` gives it (the pinned derivation)
    same = load_run(ROOT / "submissions" / "random", ROOT, config=plain.config)
    assert run_id_for(run_identity(plain)) == run_id_for(run_identity(same))
    cooperative = _resolved(monkeypatch, tmp_path, "--persona", "cooperative")
    assert run_id_for(run_identity(cooperative)) == run_id_for(run_identity(plain))
    ids = {run_id_for(run_identity(plain))}
    for persona in ("typical", "hard"):
        resolved = _resolved(monkeypatch, tmp_path, "--persona", persona)
        spec = run_identity(resolved)
        assert resolved.config.simulator_mode.persona == persona
        assert spec.simulator.endswith(f" persona:{persona}")
        ids.add(run_id_for(spec))
    assert len(ids) == 3  # each persona its own run


@pytest.mark.parametrize("flags, said", [
    (("--simulator-mode", "typical"), "--simulator-mode 'typical': typical is a persona, not a simulator mode: use "
                                      "--persona typical"),
    (("--persona", "hard", "--simulator-mode", "free-form"), "--persona 'hard': personas need a grounded simulated "
                                                             "user with template answers (this run's is free-form"),
])
def test_bad_persona_flags_are_one_line_naming_the_flag(monkeypatch, tmp_path, capsys, flags, said):
    assert _evaluate(monkeypatch, tmp_path, *flags) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"benyfits: error: {said}") and err.count("\n") == 1


@pytest.mark.parametrize("command", ["evaluate", "play"])
def test_evaluate_and_play_take_the_same_option(command, capsys):
    args = build_parser(command).parse_args([command, "--persona", "hard"])
    assert args.persona == "hard"
    with pytest.raises(SystemExit):
        build_parser(command).parse_args([command, "--persona", "grumpy"])
    assert "argument --persona: invalid choice: 'grumpy'" in capsys.readouterr().err
