"""`benyfits`: the command line. Thin subcommands over library functions."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="benyfits", description="BeNYfits benchmark tools")
    parser.add_argument("--debug", action="store_true",
                        help=f"show the Python traceback of an error (also ${DEBUG_ENV}=1); accepted anywhere")
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate", help="validate the opportunity catalog (opportunities/*.yaml)")
    v.add_argument("--opportunities", type=Path, default=None, help="folder of <Id>.yaml files")
    v.add_argument("--submission", type=Path, default=None,
                   help="also check this submission folder: its manifest, and that its entry point imports "
                        "and constructs in the agent jail")
    v.set_defaults(func=_cmd_validate)
    pr = sub.add_parser("profile", help="render a household JSON file as the simulated user's profile")
    pr.add_argument("file")
    pr.add_argument("--format", choices=("ours", "v1"), default="ours")
    from eligibench.cli.edition_option import add_edition_option

    add_edition_option(pr, "state the household in this edition's feature schema, as its simulated user holds it",
                       default=None, default_text="the schema the household states")
    pr.set_defaults(func=_cmd_profile)
    from eligibench.cli import check as cli_check
    from eligibench.cli import evaluate as cli_evaluate

    cli_check.register(sub)
    cli_check.register_import(sub)
    cli_evaluate.register(sub)
    from eligibench.cli import leaderboard as cli_leaderboard
    from eligibench.cli import submit as cli_submit

    cli_submit.register(sub)
    cli_leaderboard.register(sub)
    from eligibench.cli import compare as cli_compare

    cli_compare.register(sub)
    from eligibench.cli import export_results as cli_export_results

    cli_export_results.register(sub)
    from eligibench.cli import export_trajectories as cli_export_trajectories
    cli_export_trajectories.register(sub)
    from eligibench.cli import cost as cli_cost

    cli_cost.register(sub)
    from eligibench.cli import regrade as cli_regrade

    cli_regrade.register(sub)
    from eligibench.cli import new_agent as cli_new_agent

    cli_new_agent.register(sub)
    from eligibench.cli import view as cli_view

    cli_view.register(sub)
    from eligibench.cli import play as cli_play

    cli_play.register(sub)
    from eligibench.cli import import_inspect as cli_import_inspect

    cli_import_inspect.register(sub)
    from eligibench.cli import listing as cli_listing

    cli_listing.register(sub)
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
    args = build_parser().parse_args(argv)

    def run() -> int:
        _preflight(args)
        return args.func(args)

    return run_main("benyfits", run)


if __name__ == "__main__":
    sys.exit(main())
