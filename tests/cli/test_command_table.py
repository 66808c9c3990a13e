"""`benyfits` builds only the invoked command's subparser, found through main.COMMANDS: the table
must name every command the cli modules register, and a light command's start must not pay for
the heavy libraries other commands need."""
import argparse
import importlib
import inspect
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import eligibench.cli
from eligibench.cli.main import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parents[2]

# what a start of these commands must not import: each costs a tenth of a second to a second of CPU, and
# together they made every `benyfits` start cost ~1.3 CPU-s
HEAVY = ("pyarrow", "httpx", "duckdb", "numpy", "eligibench.evaluation.run", "eligibench.truth")
# every command but evaluate/submit/worker (their options list the run package's executors) and play
# (its --dataset choices come from eligibench.results, which imports duckdb)
LIGHT = ("validate", "profile", "check", "import-v1", "leaderboard", "compare", "export-results",
         "export-trajectories", "cost", "regrade", "new-agent", "view", "export-run", "import-inspect", "list")


def _registered(register) -> list[str]:
    sub = argparse.ArgumentParser().add_subparsers()
    register(sub)
    return list(sub.choices)


def _register_functions() -> dict[str, object]:
    """Every `register*` function of the eligibench.cli modules, as "module:function"."""
    found = {}
    for info in pkgutil.iter_modules(eligibench.cli.__path__):
        if info.name == "__main__":  # runs the command line when imported
            continue
        module = importlib.import_module(f"eligibench.cli.{info.name}")
        for name, f in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("register") and f.__module__ == module.__name__ and name != "registrar":
                found[f"{module.__name__}:{name}"] = f
    return found


def test_the_table_names_exactly_what_each_module_registers():
    table: dict[str, set[str]] = {}
    for command, target in COMMANDS.items():
        table.setdefault(target, set()).add(command)
    functions = _register_functions()
    for target, f in functions.items():
        got = set(_registered(f))
        assert got == table.get(target, set()), (
            f"{target} registers {sorted(got)} but eligibench/cli/main.py COMMANDS maps {sorted(table.get(target, ()))} "
            f"to it: add or remove those lines of COMMANDS")
    assert set(table) <= set(functions), f"COMMANDS names {sorted(set(table) - set(functions))}, which do not exist"


def test_one_command_alone_has_the_same_help_as_in_the_full_parser(capsys):
    full = build_parser()
    [commands] = [a for a in full._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(commands.choices) == list(COMMANDS)
    for command in ("check", "view", "export-run", "profile"):
        helps = []
        for parser in (full, build_parser(command)):
            with pytest.raises(SystemExit):
                parser.parse_args([command, "--help"])
            helps.append(capsys.readouterr().out)
        assert helps[0] == helps[1] and f"usage: benyfits {command}" in helps[0]


def test_an_error_of_the_main_parser_reads_the_same_with_one_command_built(capsys):
    messages = []
    for parser in (build_parser(), build_parser("check")):
        with pytest.raises(SystemExit):
            parser.parse_args(["check", "x.jsonl", "--no-such-flag"])
        messages.append(capsys.readouterr().err)
    assert messages[0] == messages[1]
    assert messages[0].count("\n") == 1 and "unrecognized arguments: --no-such-flag" in messages[0]


def test_a_light_commands_start_imports_none_of_the_heavy_libraries():
    # one process for all: each command is parsed in a fork of a parent that imported nothing of ours
    script = f"""
import json, os, sys
heavy, out = {HEAVY!r}, {{}}
for command in {LIGHT!r}:
    r, w = os.pipe()
    if os.fork() == 0:
        os.close(r)
        sys.stdout = open(os.devnull, "w")
        try:
            from eligibench.cli.main import main
            main([command, "--help"])
        except SystemExit:
            pass
        os.write(w, json.dumps([m for m in heavy if m in sys.modules]).encode())
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        out[command] = json.loads(f.read())
    os.wait()
print(json.dumps(out))
"""
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    imported = {command: heavy for command, heavy in json.loads(r.stdout).items() if heavy}
    assert imported == {}, f"these commands' start imports heavy libraries (move the import into the command): {imported}"


@pytest.mark.parametrize("argv", [["evaluate", "--households", "0"], ["evaluate", "--persona", "nobody"],
                                  ["compare", "--nosuch"], ["nosuch"]])
def test_a_bad_option_value_is_one_line_naming_the_option_and_the_help(argv, capsys):
    # argparse printed the command's usage (12 lines for evaluate) above the line saying what was wrong
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "usage" not in err, err
    assert "error: " in err and "--help)" in err
