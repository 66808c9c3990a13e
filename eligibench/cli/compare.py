"""`benyfits compare RUN_A RUN_B`: paired comparison of two runs on the same protocol.

Prints one line per figure, e.g. ``A - B = +4.1 TW-F1 [1.2, 7.0], p = 0.01, n = 73 households: A
is better on TW-F1`` (interval: paired household bootstrap; p: that figure's own paired permutation
test, scoring.paired), McNemar's exact test on pair correctness, then the verdict in words: tied or ahead, both runs' rank ranges among the protocol's finished runs and the
difference this protocol can detect (scoring.rank_ranges, the board's figures). Runs are looked up
in the board's store and then the development store (`results/local.duckdb`) unless `--store`
names one. Two runs on different protocols are refused, naming each setting that differs as the
option that sets it (`--households 3 vs 5`), never as protocol hashes.

Two runs of one agent (submission and run configuration) whose protocols differ in the persona
only (`evaluate --persona`) are the realism comparison instead: the paired drop from the more
cooperative persona to the other on their shared households, each run's undeterminable pairs
(stored in `persona_pairs`) left out of both, and beside it each persona's share of determinable
pairs (`scoring.persona_drop`, the board's Realism figure). They are never ranked together, so no
rank ranges or verdict are printed.
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from eligibench.errors import BenyfitsError

# protocol fields (runs.protocol, flattened) as the option or setting a person changes
_SETTING_WORDS = {
    "question_cap": "--max-questions", "trials": "--trials", "split": "--split", "edition": "--edition",
    "persona": "--persona", "simulator.label": "--simulator", "simulator.reference": "reference simulator",
    "decoding": "simulator decoding", "scaffold": "scaffold", "kind": "protocol kind",
}


def _flat(d: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(d, dict):
        return {prefix: d}
    out: dict[str, Any] = {}
    for k, v in d.items():
        out |= _flat(v, f"{prefix}.{k}" if prefix else str(k))
    return out


def _shown(v: Any) -> str:
    if v is None:
        return "none (the protocol's limits)"
    return json.dumps(v, sort_keys=True) if isinstance(v, (dict, list)) else str(v)


def protocol_differences(a: dict | None, b: dict | None) -> list[str]:
    """What differs between two runs' protocols, in the words of the option that sets each
    ('--households 3 vs 5', '--max-questions 4 vs none (the protocol's limits)')."""
    fa, fb = _flat(a or {}), _flat(b or {})
    out: list[str] = []
    from eligibench.evaluation.scoring import protocol_persona, protocol_without_persona

    label_a, label_b = (protocol_without_persona(p or {}).get("simulator", {}).get("label") for p in (a, b))
    for key in sorted(set(fa) | set(fb)):
        va, vb = fa.get(key), fb.get(key)
        if key == "persona":  # absent is cooperative (left out of the JSON so old ids hold)
            va, vb = protocol_persona(a), protocol_persona(b)
        if va == vb or key == "kind" or (key == "simulator.label" and label_a == label_b):
            continue  # the kind follows from the settings; a label differing by its persona suffix is --persona
        parts = key.split(".")
        if parts[0] == "datasets" and len(parts) == 3:
            what = {"households_used": "--households", "households_total": "households in the dataset",
                    "data_version": "data version"}.get(parts[2], parts[2].replace("_", " "))
            what = f"{what} ({parts[1]})"
        elif parts[0] == "datasets":
            what = f"dataset {parts[1]}"
        elif key in _SETTING_WORDS:
            what = _SETTING_WORDS[key]
        elif parts[0] in ("simulator_pin", "simulator_identity"):
            what = f"simulator {parts[-1].replace('_', ' ')}"
        else:
            what = key.replace("_", " ").replace(".", " ")
        line = f"{what} {_shown(va)} vs {_shown(vb)}"
        if line not in out:
            out.append(line)
    return out


def _entries(found: list, protocol: str | None) -> dict[str, list]:
    """run id -> its dialogs: the finished runs of `protocol` in the stores holding A and B without an
    agent error (the board's entries of that protocol: such runs are never ranked), the first store's
    run winning, A and B always included."""
    from eligibench.results import AGENT_ERROR

    out: dict[str, list] = {}
    for store in dict.fromkeys(s for s, _ in found):
        for r in store.runs():
            if r.get("protocol_id") == protocol and r.get("status") == "done" and r["run_id"] not in out:
                dialogs = store.dialog_results(r["run_id"])
                if not any(d.termination == AGENT_ERROR for d in dialogs):
                    out[r["run_id"]] = dialogs
    for store, r in found:
        if r["run_id"] not in out:
            out[r["run_id"]] = store.dialog_results(r["run_id"])
    return out


def _protocol(run: dict) -> dict:
    proto = run.get("protocol")
    proto = json.loads(proto) if isinstance(proto, str) else proto
    return proto if isinstance(proto, dict) else {}


def _persona_only(a: dict, b: dict) -> bool:
    """True when the two runs' protocols differ in the persona and nothing else."""
    from eligibench.evaluation.scoring import protocol_without_persona

    pa, pb = _protocol(a), _protocol(b)
    return bool(pa and pb) and protocol_without_persona(pa) == protocol_without_persona(pb)


def _persona_drop(args: argparse.Namespace, found: list) -> int:
    """One agent's runs under two personas: the paired drop and each persona's determinable share."""
    from eligibench.evaluation.scoring import format_p, persona_drop, protocol_persona
    from eligibench.evaluation.user import PERSONAS
    from eligibench.terminal import safe

    (sa, a), (sb, b) = found
    agent = lambda r: (r["submission"], r.get("run_config") or "")  # noqa: E731 - the board's grouping
    if agent(a) != agent(b):
        raise BenyfitsError(f"runs {safe(a['submission'])} ({a['run_id'][:8]}) and {safe(b['submission'])} "
                            f"({b['run_id'][:8]}) differ in --persona ({protocol_persona(_protocol(a))} vs "
                            f"{protocol_persona(_protocol(b))}) and are runs of different agents or run configurations: "
                            "the persona drop compares one agent's runs under two personas (two agents compare under "
                            "one persona)")
    rank = {p: i for i, p in enumerate(PERSONAS)}
    if rank.get(protocol_persona(_protocol(b)), 99) < rank.get(protocol_persona(_protocol(a)), 99):
        (sa, a), (sb, b) = (sb, b), (sa, a)  # the drop runs from the more cooperative persona
    pa, pb = protocol_persona(_protocol(a)), protocol_persona(_protocol(b))
    hidden = [{(r["dataset"], r["row_id"], r["opportunity"]) for r in s.process_rows("persona_pairs", r_["run_id"])}
              for s, r_ in ((sa, a), (sb, b))]
    drop = persona_drop(sa.dialog_results(a["run_id"]), sb.dialog_results(b["run_id"]), hidden[0], hidden[1],
                        n_boot=args.n_boot, seed=args.seed, level=args.level)
    c = drop.comparison
    if c.households == 0:
        raise BenyfitsError("the two runs share no scored household: nothing to compare")
    shares = {side: drop.determinable_share(side) for side in ("baseline", "persona")}
    counts = {"baseline": drop.pairs - drop.hidden_baseline, "persona": drop.pairs - drop.hidden_persona}
    if args.json:
        print(json.dumps({"kind": "persona_drop", "agent": a["submission"], "baseline": {"run": a["run_id"], "persona": pa},
                          "persona": {"run": b["run_id"], "persona": pb}, "households": c.households,
                          "pairs": drop.pairs, "left_out": drop.left_out,
                          "determinable": {side: {"pairs": counts[side], "share": shares[side]}
                                           for side in ("baseline", "persona")},
                          "mcnemar": vars(c.mcnemar), "differences": {k: vars(d) for k, d in c.differences.items()},
                          "better": {k: c.words(k, pa, pb) for k in c.differences}}))
        return 0
    name = safe(a["submission"])
    print(f"persona drop of {name}: {pa} ({a['run_id'][:8]}) minus {pb} ({b['run_id'][:8]}) on the same "
          f"{c.households} households, on the pairs both personas let questions determine")
    for figure in c.differences:
        print(c.line(figure, pa, pb))
    print("determinable pairs (how much of the task each persona leaves measurable): "
          + ", ".join(f"{p} {counts[side]} of {drop.pairs} ({100 * shares[side]:.0f}%)" if shares[side] is not None
                      else f"{p} none" for p, side in ((pa, "baseline"), (pb, "persona")))
          + f"; {drop.left_out} pair(s) left out of both runs' scores")
    m = c.mcnemar
    print(f"McNemar (pair correctness): {m.a_only} pairs only {pa} got right, {m.b_only} only {pb}, "
          f"of {m.pairs} pairs, {format_p(m.p)}")
    print("not ranked together: another persona is another protocol")
    return 0


def run(args: argparse.Namespace) -> int:
    from eligibench.cli.stores import existing_stores
    from eligibench.evaluation.scoring import FIGURES, compare_runs, format_p, pair_verdict, rank_ranges
    from eligibench.results import find_run

    stores = existing_stores(args.store)
    found = [find_run(stores, args.run_a), find_run(stores, args.run_b)]
    (sa, a), (sb, b) = found
    if a.get("protocol_id") != b.get("protocol_id") and _persona_only(a, b):
        return _persona_drop(args, found)
    if a.get("protocol_id") != b.get("protocol_id"):
        from eligibench.terminal import safe

        differ = protocol_differences(a.get("protocol"), b.get("protocol")) or ["settings recorded before protocols "
                                                                              "were described"]
        raise BenyfitsError(f"runs {safe(a['submission'])} ({a['run_id'][:8]}) and {safe(b['submission'])} "
                            f"({b['run_id'][:8]}) were run under different settings, so a paired comparison is not "
                            f"possible: {safe('; '.join(differ))}. Run both with the same settings (one agent's "
                            "runs differing only in --persona give the persona drop)")
    results = _entries(found, a.get("protocol_id"))
    c = compare_runs(results[a["run_id"]], results[b["run_id"]], n_boot=args.n_boot, seed=args.seed, level=args.level)
    if c.households == 0:
        raise BenyfitsError("the two runs share no scored household: nothing to compare")
    from eligibench.terminal import safe  # stored names may come from imports or other stores

    name_a, name_b = safe(a["submission"]), safe(b["submission"])
    if name_a == name_b:
        name_a, name_b = f"{name_a}@{a['run_id'][:8]}", f"{name_b}@{b['run_id'][:8]}"
    try:
        table = rank_ranges(results, n_boot=max(args.n_boot, 2), seed=args.seed, level=args.level)
    except ValueError:  # the protocol's runs share no household: rank A and B among themselves
        table = rank_ranges({k: results[k] for k in (a["run_id"], b["run_id"])},
                            n_boot=max(args.n_boot, 2), seed=args.seed, level=args.level)
    verdict = pair_verdict(table, a["run_id"], b["run_id"], c.differences["turn_weighted_f1"].ci, name_a, name_b)
    if args.json:
        print(json.dumps({"a": a["run_id"], "b": b["run_id"], "households": c.households,
                          "mcnemar": vars(c.mcnemar), "differences": {k: vars(d) for k, d in c.differences.items()},
                          "better": {k: c.words(k, name_a, name_b) for k in FIGURES},
                          "rank_ranges": {x.key: x.text for x in table.ranges},
                          "tie_groups": {x.key: x.group for x in table.ranges},
                          "detectable": vars(table.detectable), "verdict": verdict}))
        return 0
    for name in FIGURES:
        print(c.line(name, name_a, name_b))
    m = c.mcnemar
    print(f"McNemar (pair correctness): {m.a_only} pairs only {name_a} got right, {m.b_only} only {name_b}, "
          f"of {m.pairs} pairs, {format_p(m.p)}")
    print(verdict)
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("compare", help="paired comparison of two runs (bootstrap interval, McNemar's test, rank ranges); "
                                       "one agent's runs under two personas: the persona drop")
    p.add_argument("run_a", help="run id (or a unique prefix)")
    p.add_argument("run_b")
    p.add_argument("--store", default=None,
                   help="DuckDB results file (default: the board's store, then results/local.duckdb)")
    p.add_argument("--n-boot", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", type=float, default=0.95)
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(func=run)
