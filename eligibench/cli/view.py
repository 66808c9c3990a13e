"""`benyfits view RUN_ID` (the run in the terminal: figures, then each dialog's transcript and its
predictions against the truth, rich tables) and `benyfits export-run RUN_ID` (the run as JSON,
results.run_document). The run is looked up in the board's store, then results/local.duckdb
(development runs), unless `--store` names one; a unique run id prefix is enough.

The truth column is the run's: the labels its evaluation computed under its protocol's edition
(2024 unless the protocol names another). `view --edition E` says which edition's verdicts the
reader expects; a run measured under another edition is a one-line error naming the run's, never
a table of verdicts silently under other rules (the stored dialogs hold no households to
recompute them from)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from eligibench.cli.project import add_project_option


def _stores(args: argparse.Namespace) -> list[Path]:
    from eligibench.cli.stores import searched_stores

    return searched_stores(args.store, Path(args.project))


def _document(args: argparse.Namespace) -> dict:
    from eligibench.results import find_run, run_document

    store, run = find_run(_stores(args), args.run_id)
    return run_document(store, run)


def _export(args: argparse.Namespace) -> int:
    from eligibench.cli.output_file import check_output_file, write_output_file

    if args.output:  # before the lookup: never over a store it reads (or any), a folder, or a file unasked
        check_output_file(args.output, "--output", force=args.force, protect=tuple(_stores(args)))
    text = json.dumps(_document(args), indent=1, sort_keys=True, default=str) + "\n"
    if args.output:
        write_output_file(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def _run_edition(run: dict) -> str:
    from eligibench.results import parse_protocol

    return parse_protocol(run.get("protocol_id"), run.get("protocol")).edition


def _program_names(project: Path, edition: str) -> dict[str, str]:
    """Opportunity id -> the program's name under `edition` (a person reads names, issue 36); {}
    when the opportunity folder is not here (ids are shown then)."""
    from eligibench.catalog import edition_catalog, load_edition

    try:
        return {o.id: o.name for o in edition_catalog(load_edition(edition, project / "opportunities")).opportunities}
    except Exception:  # noqa: BLE001 - names are a courtesy: the table still reads with ids
        return {}


def _yes_no(v: bool | None) -> str:
    return "-" if v is None else ("eligible" if v else "not eligible")


PRIORITY_FIGURES = ("priority_weighted_f1", "recommendation_match", "give_up_match", "patience_used", "patience_spent")


def _priorities(console, metrics: list[dict], metric) -> None:
    """A priorities run's figures (docs/priorities.md), each with its 95% household-bootstrap interval."""
    from rich.table import Table

    found = {m["name"]: m for m in metrics if m["dataset"] == "average" and m["name"] in PRIORITY_FIGURES}
    if not found:
        return
    table = Table(title="priorities (95% household-bootstrap intervals)")
    for col in ("figure", "value", "95% interval"):
        table.add_column(col)
    for name in PRIORITY_FIGURES:
        m = found.get(name)
        if m is None or m["value"] is None:
            table.add_row(metric(name).label, "-", "no recommendation made" if name == "recommendation_match" else "-")
            continue
        ci = "-" if m.get("ci_low") is None else f"[{m['ci_low']:.1f}, {m['ci_high']:.1f}]"
        table.add_row(metric(name).label, f"{m['value']:.1f}", ci)
    console.print(table)


def _view(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text  # agent and simulator text is never parsed as markup

    from eligibench.cli.edition_option import resolve_edition
    from eligibench.errors import BenyfitsError
    from eligibench.results import AGENT_ERROR, TERMINATION_WORDS, metric, run_status
    from eligibench.terminal import safe  # agent/simulator text: no control character reaches the terminal

    wanted = resolve_edition(args.edition) if args.edition is not None else None
    doc = _document(args)
    run = doc["run"]
    edition = _run_edition(run)
    if wanted is not None and wanted != edition:
        raise BenyfitsError(f"run {run['run_id']} was evaluated under the {edition} edition's rules, not {wanted}'s: "
                            f"its truth column is {edition}'s (view it with --edition {edition}, or evaluate again "
                            f"with --edition {wanted})")
    console = Console(width=args.width, highlight=False)
    errors = sum(1 for d in doc["dialogs"] if d["termination"] == AGENT_ERROR)
    status = safe(run_status(run.get("status") or "", errors, len(doc["dialogs"])))
    console.print(Text(f"run {run['run_id']}  {safe(run['submission'])}  status {status}  "
                       f"simulator {safe(run.get('simulator'))}  truth: the {edition} edition's rules  ({doc['store']})",
                       style="bold"))
    figures = Table(title="figures", show_lines=False)
    shown = ("turn_weighted_f1", "f1", "accuracy", "turns")  # column labels: the metric catalogue
    for col in ("dataset", *(metric(k).label for k in shown)):
        figures.add_column(col)
    by = {}
    for m in doc["metrics"]:
        by.setdefault(m["dataset"], {})[m["name"]] = m["value"]
    for dataset, ms in sorted(by.items()):
        figures.add_row(Text(safe(dataset)), *(("-" if ms.get(k) is None else f"{ms[k]:.1f}")
                                   for k in shown))
    console.print(figures)
    _priorities(console, doc["metrics"], metric)
    dialogs = [d for d in doc["dialogs"] if not args.household or d["row_id"] == args.household]
    names = _program_names(Path(args.project), edition) if dialogs else {}
    for d in dialogs[: args.limit]:
        ended = TERMINATION_WORDS.get(d["termination"], d["termination"])
        console.rule(Text(f"{safe(d['dataset'])} {safe(d['row_id'])} trial {d['trial']}: {safe(ended)}"))
        if d.get("error"):
            console.print(Text.assemble(("error: ", "red"), safe(d["error"])))
        for i, t in enumerate(d["turns"], 1):
            console.print(Text.assemble((f"Q{i} ", "cyan"), safe(t["question"])))
            console.print(Text.assemble((f"A{i} ", "green"), safe(t["answer"])))
        pairs = Table(title="predictions vs truth")
        for col in ("program", "predicted", "truth", "why"):
            pairs.add_column(col)
        preds = d.get("predictions")
        for opp, truth in sorted(d["labels"].items()):
            pred = None if preds is None else preds.get(opp)
            if pred is None:
                why = "no prediction (the dialog ended in an error): scored as wrong"
            elif pred == truth:
                why = "correct"
            else:
                why = "false positive" if pred else "missed: eligible but predicted not"
            pairs.add_row(Text(safe(names.get(opp, opp))), _yes_no(pred), _yes_no(truth), why)
        console.print(pairs)
        if d.get("recommendation") is not None:  # the agent's program to apply to first (docs/priorities.md)
            rec = d["recommendation"]
            console.print(Text(f"recommended first: {safe(names.get(rec, rec))}"))
    if len(dialogs) > args.limit:
        console.print(f"... {len(dialogs) - args.limit} more dialog(s): --limit N or --household ID")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    for name, func, helptext in (("view", _view, "show a run in the terminal: figures, transcripts, predictions vs truth"),
                                 ("export-run", _export, "write a run (record, metrics, dialogs) as JSON")):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("run_id", help="run id, or a unique prefix of one")
        add_project_option(p)
        p.add_argument("--store", default=None,
                       help="DuckDB results file (default: the board's store, then results/local.duckdb)")
        if name == "view":
            p.add_argument("--household", default=None, help="only this household (row id)")
            p.add_argument("--limit", type=int, default=20, help="dialogs shown at most (default 20)")
            p.add_argument("--width", type=int, default=None, help="terminal width (default: detected)")
            from eligibench.cli.edition_option import add_edition_option

            add_edition_option(p, "the edition whose verdicts the truth column must hold (another than the run's "
                                  "is an error)", default=None, default_text="the run's own")
        else:
            p.add_argument("--output", default=None, help="write to this file instead of stdout (a new file, or --force)")
            from eligibench.cli.output_file import add_force_option

            add_force_option(p, "--output")
        p.set_defaults(func=func)
