"""One list of extension points (eligibench.extensions): each kind's registry agrees with the
tables the code validates against, agents are found as folders with a manifest, and
docs/architecture.md lists exactly the registered names."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from eligibench.catalog import available
from eligibench.evaluation.run import PROTOCOL_REGISTRY
from eligibench.evaluation.user import MODE_REGISTRY, PERSONAS
from eligibench.extensions import KINDS, agents, listing, markdown, one_line, registry
from eligibench.models import BACKEND_REGISTRY, BACKENDS
from eligibench.registry import UnknownName
from eligibench.results import DATASETS

ROOT = Path(__file__).resolve().parents[2]
CHEAP = [k for k in KINDS if k != "tasks"]  # tasks import inspect_ai and gymnasium (checked once below)


@pytest.mark.parametrize("kind", CHEAP)
def test_every_kind_lists_something_each_with_a_one_line_description(kind):
    entries = registry(kind).describe()
    assert entries, kind
    assert all(e.description.strip() and "\n" not in e.description for e in entries)


def test_registries_hold_the_names_the_code_validates_against():
    assert registry("personas").names() == tuple(PERSONAS)
    assert registry("backends").names() == BACKENDS and registry("backends") is BACKEND_REGISTRY
    assert registry("datasets").names() == DATASETS
    assert registry("editions").names() == available()
    assert registry("protocols") is PROTOCOL_REGISTRY and set(PROTOCOL_REGISTRY.names()) == {"full", "smoke", "custom"}
    assert registry("simulator-modes") is MODE_REGISTRY


def test_every_simulator_mode_spelling_is_one_the_cli_and_params_accept():
    from eligibench.cli.simulator_option import mode_override
    from eligibench.evaluation.user import read_mode

    for name in MODE_REGISTRY.names():
        spelled = name.replace("<select>", "model").replace("<answer>", "template")
        assert read_mode(mode_override(spelled)).mode == name.partition(":")[0]
    assert registry("personas").get("typical") is PERSONAS["typical"]


def test_the_executors_are_the_ones_the_run_config_accepts():
    # config.py keeps its own tuple (the run-model files are being consolidated elsewhere); equal here
    from eligibench.evaluation.run.config import EXECUTORS

    assert registry("executors").names() == EXECUTORS


def test_tasks_are_the_inspect_tasks_and_the_gym_environment():
    assert registry("tasks").names() == ("benyfits/diverse", "benyfits/representative", "benyfits/Eligibility-v0")
    from eligibench.extensions import INSPECT_TASK_NAMES  # what `list` names without the inspect extra

    assert registry("tasks").names()[:-1] == INSPECT_TASK_NAMES


def test_agents_are_the_folders_with_a_manifest_a_broken_one_listed_with_its_error(tmp_path):
    good = tmp_path / "good"
    good.mkdir()
    (good / "manifest.yaml").write_text("name: good\nstrategy: s\nauthors: [me]\nentry_point: agent:A\nmodels: {}\n"
                                        "license: MIT\ndescription: Asks twice. Then predicts.\n")
    (good / "agent.py").write_text("class A: ...\n")
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "manifest.yaml").write_text("name: broken\n")
    (tmp_path / "no_manifest").mkdir()
    found = agents(folder=tmp_path)
    assert found.names() == ("broken", "good")
    assert found.entry("good").description == "Asks twice"
    assert found.entry("broken").description.startswith("manifest invalid: ")
    assert found.get("good").entry_point == "agent:A"


def test_the_shipped_agents_are_the_submission_folders():
    folders = sorted(p.parent.name for p in (ROOT / "submissions").glob("*/manifest.yaml"))
    assert sorted(registry("agents").names()) == folders


def test_one_line_keeps_the_first_sentence_and_cuts_long_ones():
    assert one_line("First  part.\nSecond. Third.") == "First part"
    assert one_line("x" * 200, limit=20) == "x" * 17 + "..."


def test_an_unknown_kind_names_the_kinds():
    with pytest.raises(UnknownName, match="unknown kind 'widgets'; known: agents, backends"):
        registry("widgets")


def test_listing_prints_a_heading_and_one_line_per_entry():
    text = listing("personas")
    lines = text.splitlines()
    assert lines[0] == f"personas: {KINDS['personas'].description}"
    assert [ln.split()[0] for ln in lines[1:]] == list(PERSONAS)
    assert all(PERSONAS[n].description in text for n in PERSONAS)


def _doc_names() -> set[tuple[str, str]]:
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("## Extension points", 1)[1].split("\n## ", 1)[0]
    section = section.split("| kind | name | description |", 1)[1]  # the entries (the kinds' table is first)
    return {(m.group(1), m.group(2)) for m in re.finditer(r"^\| ([a-z-]+) \| ([^|`]+?) \| ", section, re.M)
            if m.group(1) in KINDS and m.group(2) != "what it is"}


def test_the_architecture_doc_lists_exactly_the_registered_names():
    registered = {(k, n) for k in KINDS for n in registry(k).names()}
    documented = _doc_names()
    assert not registered - documented, f"registered, missing from docs/architecture.md (run `benyfits list --markdown`): {sorted(registered - documented)}"
    assert not documented - registered, f"in docs/architecture.md, no longer registered: {sorted(documented - registered)}"


def test_the_markdown_table_is_what_the_doc_test_reads():
    entries = markdown().split("| kind | name | description |", 1)[1]
    rows = {(m.group(1), m.group(2)) for m in re.finditer(r"^\| ([a-z-]+) \| ([^|`]+?) \| ", entries, re.M)
            if m.group(1) in KINDS}
    assert ("personas", "typical") in rows and ("tasks", "benyfits/Eligibility-v0") in rows
