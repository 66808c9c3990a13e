"""`benyfits check FILE [--edition E]`: run an edition's checkers (default 2024, the paper's) over
households and print one JSON line per verdict, naming the edition.

Our row format is a JSON line ``{"household": {"members": [...]}, "opportunities": [ids]}``;
``--format v1`` reads v1 lines (``hh`` + ``edge_case_programs``). A bad row is reported on
stderr with its row number and field; the other rows still run, and the exit code is 1.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Iterator, Mapping

from eligibench.errors import HouseholdError
from eligibench.household import Household, LabeledHousehold, RowError, iter_v1_file, read_jsonl


def parse_row(raw: Any, known_ids: frozenset[str], edition: str = "2024") -> LabeledHousehold:
    if not isinstance(raw, Mapping):
        raise HouseholdError("", f"expected a JSON object, got {type(raw).__name__}")
    if "household" not in raw:
        raise HouseholdError("", 'missing key "household"')
    hh = Household.from_dict(raw["household"])
    opps = raw.get("opportunities", [])
    if not isinstance(opps, list) or not all(isinstance(o, str) for o in opps):
        raise HouseholdError("opportunities", "expected a list of opportunity ids")
    for o in opps:
        if o not in known_ids:
            raise HouseholdError("opportunities", f"unknown opportunity id {o!r} (not in the {edition} edition)")
    return LabeledHousehold(hh, tuple(opps), {})


def iter_rows(path: str, fmt: str, known_ids: frozenset[str],
              edition: str = "2024") -> Iterator[tuple[int, LabeledHousehold | RowError]]:
    if fmt == "v1":
        from eligibench.datasets import derive_dependents

        rows = [row for row, _ in read_jsonl(path)]
        for row, item in zip(rows, iter_v1_file(path, known_ids)):
            if isinstance(item, LabeledHousehold):
                # v1's dependent=false is a generator artifact, not evidence (see datasets.v1import)
                item = LabeledHousehold(derive_dependents(item.household)[0], item.opportunities, item.labels)
            yield row, item
        return
    for row, line in read_jsonl(path):
        try:
            yield row, parse_row(json.loads(line), known_ids, edition)
        except json.JSONDecodeError as e:
            yield row, RowError(path, row, f"not valid JSON ({e.msg} at column {e.colno}; truncated line?)")
        except RecursionError:
            yield row, RowError(path, row, "JSON nested too deeply")
        except HouseholdError as e:
            yield row, RowError(path, row, str(e))


def run(path: str, fmt: str, all_opportunities: bool, out=sys.stdout, err=sys.stderr, edition: str = "2024") -> int:
    from eligibench.cli.edition_option import edition_checkers
    from eligibench.truth import traced_checkers

    # validated before the file is read: a bad edition name is one line, whatever the file holds
    registry = edition_checkers(edition)
    known = frozenset(registry)
    # each checker is instrumented when a row first asks for it: instrumenting all 81 cost ~0.8 CPU-s
    # of every run, most of a run that checks a few opportunities (the traces are the same)
    checkers: dict = {}
    bad = rows = 0
    for row, item in iter_rows(path, fmt, known, edition):
        rows += 1
        if isinstance(item, RowError):
            bad += 1
            print(f"benyfits check: {item}", file=err)
            continue
        ids = sorted(known) if all_opportunities else item.opportunities
        for oid in ids:
            if oid not in checkers:
                checkers |= traced_checkers({oid: registry[oid]})
            t = checkers[oid].run(item.household)
            out.write(json.dumps({"row": row, "opportunity": oid, "eligible": t.eligible, "trace": t.id,
                                  "edition": edition}) + "\n")
    if not rows:  # as import-v1 says: an empty input is an error, never a silent success
        from eligibench.errors import BenyfitsError

        raise BenyfitsError(f"{path}: no rows: nothing to check")
    if bad:
        print(f"benyfits check: {bad} bad row(s) skipped", file=err)
    return 1 if bad else 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check", help="run the eligibility checkers over a JSON-lines file of households")
    p.add_argument("file")
    p.add_argument("--format", choices=("ours", "v1"), default="ours")
    p.add_argument("--all", action="store_true", help="every opportunity of the edition, not only each row's opportunities of interest")
    from eligibench.cli.edition_option import add_edition_option

    add_edition_option(p, "whose rules decide (its checkers; an opportunity id must be one of its own)")
    p.set_defaults(func=lambda a: run(a.file, a.format, a.all, edition=a.edition))


def _import_v1(args: argparse.Namespace) -> int:
    from checkers import registry
    from eligibench.cli.output_file import check_output_file
    from eligibench.datasets import import_v1, write_parquet
    from eligibench.truth import traced_checkers

    check_output_file(args.out, "--out", force=args.force)  # before the work: never over a file unasked
    report = import_v1(args.file, args.dataset, traced_checkers(registry()), strict=args.strict)
    rows, disagreements = report.rows, report.disagreements
    for c in report.inconsistencies:
        print(f"  {args.file}: {c.row} (household {c.household + 1} of the file): {c.violation}")
    bad = len({c.row for c in report.inconsistencies})
    if bad:
        action = f"refused (--strict): {len(report.refused)} left out" if args.strict else "imported anyway (--strict refuses them)"
        print(f"{bad} households break a consistency rule ({len(report.inconsistencies)} violations); {action}")
    if not rows:
        from eligibench.errors import BenyfitsError

        raise BenyfitsError(f"{args.file}: no households: nothing written (an empty dataset would evaluate as 'done')")
    write_parquet(args.out, rows)
    pairs = sum(len(r.opportunities) for r in rows)
    print(f"{len(rows)} households, {pairs} pairs -> {args.out}; v1 labels kept where given")
    print(f"dependent: v1 writes false for every member but the first (a generator artifact), so "
          f"{report.members_rederived} such members were decided by the tax tests instead; "
          f"{report.dependents_derived} are tax dependents")
    for d in disagreements:
        print(f"  {d.row} {d.opportunity}: v1 says {d.v1_label}, our checker says {d.checker}")
    print(f"{len(disagreements)} of {pairs} v1 labels disagree with our checkers")
    return 0


def register_import(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import-v1", help="convert a v1 JSON-lines file into dataset rows (Parquet) for evaluation")
    p.add_argument("file")
    p.add_argument("--out", required=True, help="Parquet file to write (a new file, or --force)")
    from eligibench.cli.output_file import add_force_option

    add_force_option(p, "--out")
    p.add_argument("--dataset", default="v1", help="dataset name for the rows (default v1)")
    p.add_argument("--strict", action="store_true",
                   help="leave out households that break a consistency rule (they are always reported)")
    p.set_defaults(func=_import_v1)
