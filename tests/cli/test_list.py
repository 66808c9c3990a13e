"""`benyfits list [kind]` prints every extension point from the registry, and the options whose
values are extension points take their choices and help from it."""
from __future__ import annotations

import pytest

from eligibench.cli.main import build_parser, main
from eligibench.evaluation.run import EXECUTOR_REGISTRY
from eligibench.evaluation.user import PERSONA_REGISTRY
from eligibench.extensions import KINDS


def test_list_personas_prints_each_with_its_description(capsys):
    assert main(["list", "personas"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("personas: ")
    assert [(ln.split(None, 1)[0], ln.split(None, 1)[1].strip()) for ln in out[1:]] == \
        [(e.name, e.description) for e in PERSONA_REGISTRY.describe()]


def test_list_without_a_kind_prints_every_kind(capsys):
    assert main(["list"]) == 0
    headings = [ln.split(":")[0] for ln in capsys.readouterr().out.splitlines() if ln and not ln.startswith(" ")]
    assert headings == list(KINDS)


def test_an_unknown_kind_is_a_usage_error_naming_the_kinds(capsys):
    with pytest.raises(SystemExit) as e:
        main(["list", "widgets"])
    assert e.value.code == 2
    assert "invalid choice: 'widgets' (choose from 'agents', 'backends'" in capsys.readouterr().err


def test_markdown_with_a_kind_is_one_line_error(capsys):
    assert main(["list", "personas", "--markdown"]) == 2
    assert "list --markdown prints every kind" in capsys.readouterr().err


def _option(command: str, flag: str):
    sub = next(a for a in build_parser()._subparsers._group_actions if a.dest == "command")
    return next(a for a in sub.choices[command]._actions if flag in a.option_strings)


def test_options_take_their_choices_and_help_from_the_registry():
    persona = _option("play", "--persona")
    assert tuple(persona.choices) == PERSONA_REGISTRY.names()
    assert all(e.description in " ".join(persona.help.split()) for e in PERSONA_REGISTRY.describe())
    executor = _option("evaluate", "--executor")
    assert tuple(executor.choices) == EXECUTOR_REGISTRY.names()
    assert "dialogs in small batches as Ray tasks" in executor.help
    assert "vLLM server" in _option("evaluate", "--simulator").help
    assert "grounded:<select>/<answer>" in _option("evaluate", "--simulator-mode").help
    assert tuple(_option("play", "--dataset").choices) == ("diverse", "representative")


def test_a_persona_not_registered_is_refused_before_anything_runs(capsys):
    with pytest.raises(SystemExit) as e:
        main(["play", "--as", "user", "--persona", "grumpy"])
    assert e.value.code == 2
    assert "invalid choice: 'grumpy' (choose from 'cooperative', 'typical', 'hard')" in capsys.readouterr().err
