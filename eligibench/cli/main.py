"""`benyfits`: the command line. Thin subcommands over library functions."""
from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Callable

from eligibench.errors import DEBUG_ENV, BenyfitsError, run_main


def _cmd_validate(args: argparse.Namespace) -> int:
    from eligibench.catalog import load_catalog

    catalog = load_catalog(args.opportunities)
    print(f"{len(catalog)} opportunities valid in {args.opportunities or 'opportunities/'}")
    if args.submission:
        from eligibench.evaluation.hosting import check_loads, load_manifest

        manifest = load_manifest(args.submission)
        check_loads(manifest, cwd=Path.cwd())
        what = (f"service {manifest.url} answers" if manifest.is_service
                else f"{manifest.entry_point} imports and constructs in the jail")
        print(f"{args.submission}: manifest valid; {what}")
    return 0


def _cmd_profile(args: argparse.Namespace) -> int:
    import json

    from eligibench.errors import HouseholdError
    from eligibench.household import Household, household_from_v1, render_profile

    if args.edition is not None:  # a wrong edition is named before the file is read
        from eligibench.cli.edition_option import resolve_edition

        resolve_edition(args.edition)
    try:
        raw = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise BenyfitsError(f"{args.file}: cannot be read: {getattr(e, 'strerror', None) or e}") from None
    except json.JSONDecodeError as e:
        raise BenyfitsError(f"{args.file}: not valid JSON ({e.msg} at line {e.lineno})") from None
    except RecursionError:
        raise BenyfitsError(f"{args.file}: JSON nested too deeply") from None
    try:
        if args.format == "v1":
            hh = household_from_v1(raw.get("hh", raw) if isinstance(raw, dict) else raw)
        else:
            hh = Household.from_dict(raw)
    except HouseholdError as e:
        raise BenyfitsError(f"{args.file}: {e}") from None
    from eligibench.cli.profile_edition import in_edition

    print(render_profile(in_edition(hh, args.edition, args.file)).text)
    return 0


# Which module registers each command, in the order `benyfits --help` lists them. `main` builds only the
# invoked command's subparser (fully: its help, choices and errors are unchanged), so a start imports what
# that command needs and not every command's libraries (measured: every start cost ~1.3 CPU-s when all
# were built; `check --help` now ~0.3 CPU-s). A module whose `register` adds several commands is named
# for each. tests/cli/test_command_table.py fails, naming the command, when this table and what the modules
# register disagree: a command added or removed elsewhere needs one line here.
COMMANDS: dict[str, str] = {
    "validate": "eligibench.cli.main:register_validate",
    "profile": "eligibench.cli.main:register_profile",
    "check": "eligibench.cli.check:register",
    "import-v1": "eligibench.cli.check:register_import",
    "evaluate": "eligibench.cli.evaluate:register",
    "submit": "eligibench.cli.submit:register",
    "worker": "eligibench.cli.submit:register",
    "leaderboard": "eligibench.cli.leaderboard:register",
    "compare": "eligibench.cli.compare:register",
    "export-results": "eligibench.cli.export_results:register",
    "export-trajectories": "eligibench.cli.export_trajectories:register",
    "cost": "eligibench.cli.cost:register",
    "regrade": "eligibench.cli.regrade:register",
    "new-agent": "eligibench.cli.new_agent:register",
    "runs": "eligibench.cli.runs:register",
    "view": "eligibench.cli.view:register",
    "export-run": "eligibench.cli.view:register",
    "play": "eligibench.cli.play:register",
    "import-inspect": "eligibench.cli.import_inspect:register",
    "serve-model": "eligibench.cli.serve_model:register",
    "list": "eligibench.cli.listing:register",
}


def register_validate(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("validate", help="validate the opportunity catalog (opportunities/*.yaml)")
    v.add_argument("--opportunities", type=Path, default=None, help="folder of <Id>.yaml files")
    v.add_argument("--submission", type=Path, default=None,
                   help="also check this submission folder: its manifest, and that its entry point imports "
                        "and constructs in the agent jail")
    v.set_defaults(func=_cmd_validate)


def register_profile(sub: argparse._SubParsersAction) -> None:
    pr = sub.add_parser("profile", help="render a household JSON file as the simulated user's profile")
    pr.add_argument("file")
    pr.add_argument("--format", choices=("ours", "v1"), default="ours")
    from eligibench.cli.edition_option import add_edition_option

    add_edition_option(pr, "state the household in this edition's feature schema, as its simulated user holds it",
                       default=None, default_text="the schema the household states")
    pr.set_defaults(func=_cmd_profile)


def registrar(target: str) -> Callable[[argparse._SubParsersAction], None]:
    """The `register` function a COMMANDS entry ("module:function") names, its module imported now."""
    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function)


class OneLineParser(argparse.ArgumentParser):
    """A bad option value is one line naming the option and where the help is: argparse printed the
    command's whole usage first (12 lines for `evaluate`) above the one line that said what was wrong."""

    def error(self, message: str):  # noqa: D401 - argparse's hook
        self.exit(2, f"{self.prog}: error: {message} (options: {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or with `command` (a COMMANDS key) of that one only. The usage line
    still lists every command, so an error of the main parser reads the same either way."""
    parser = OneLineParser(prog="benyfits", description="BeNYfits benchmark tools")
    parser.add_argument("--debug", action="store_true",
                        help=f"show the Python traceback of an error (also ${DEBUG_ENV}=1); accepted anywhere")
    if command is None:
        sub = parser.add_subparsers(dest="command", required=True)
        targets = list(dict.fromkeys(COMMANDS.values()))
    else:  # the metavar argparse would print, from the table instead of the registered choices
        sub = parser.add_subparsers(dest="command", required=True, metavar="{" + ",".join(COMMANDS) + "}")
        targets = [COMMANDS[command]]
    for target in targets:
        registrar(target)(sub)
    return parser


def _preflight(args: argparse.Namespace) -> None:
    """What the command needs from the machine (eligibench.preflight), checked before it starts any
    server or agent: one line per missing thing, naming it and the command that provides it."""
    from eligibench import preflight as pf
    from eligibench import system

    # `benyfits evaluate` needs no branch here: its own flow refuses, in order and before any server
    # starts, a bad params value or store, a missing dataset (resolve_run), an agent that must be
    # jailed (open_session: hosting.isolation) and a missing model file (model_identity), each in one line
    folder = {"submit": getattr(args, "path", None), "validate": getattr(args, "submission", None)}.get(args.command)
    if args.command == "worker" or (folder and not _is_service(folder)):
        pf.check([pf.system_tool(system.BWRAP, "submitted agents run inside it: the smoke dialog, the entry point "
                                               "check and the queue worker never run one without it (your own folder "
                                               "runs unjailed with `benyfits evaluate FOLDER`; or serve it as an A2A "
                                               "service with examples/a2a_service/serve.py and submit a `kind: "
                                               "service` manifest, docs/agent-services.md)")])
    elif args.command == "leaderboard":
        pf.check([pf.port_free(args.host, args.port, "the leaderboard")])


def _is_service(folder: str) -> bool:
    """The folder's manifest names an A2A service: no code of it runs here, so no jail is needed. A
    manifest that does not load raises its own one-line error here, before any missing tool is named:
    the user's file is the first thing to fix."""
    from eligibench.evaluation.hosting import load_manifest

    return load_manifest(folder).is_service


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--debug" in argv:  # anywhere on the line, before or after the command
        argv = [a for a in argv if a != "--debug"]
        os.environ[DEBUG_ENV] = "1"
    # only a command in first place is built alone: `benyfits --help check` prints every command's help
    command = argv[0] if argv and argv[0] in COMMANDS else None
    args = build_parser(command).parse_args(argv)

    def run() -> int:
        _preflight(args)
        return args.func(args)

    return run_main("benyfits", run)


if __name__ == "__main__":
    sys.exit(main())
