"""`benyfits play`: a person plays the agent (`--as agent`) or the household (`--as user`) in the
terminal, through the same dialog loop, simulator and scoring as any run (eligibench.evaluation.play).

Keys: F2 (or /req) shows the requirement texts, F3 (or /profile) the household's profile when
playing the user, /ready ends the questions (playing the agent), Up/Down walk the history,
Ctrl-C saves the dialog so far and quits; the same command later resumes it.
"""
from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from eligibench.errors import BenyfitsError
from eligibench.terminal import safe

HELP_AGENT = ("Ask the household questions, one per line. /ready when you can decide, /req or F2: requirements, "
              "Ctrl-C: save and quit.")
HELP_USER = ("Answer the agent's questions as the person in the profile. /profile or F3: profile, /req or F2: "
             "requirements, Ctrl-C: save and quit.")


class TerminalSeat:
    """A person at a terminal (prompt_toolkit: line editing, history, key bindings)."""

    def __init__(self, briefs, profile: str, history: Path):
        from prompt_toolkit import PromptSession
        from prompt_toolkit.history import FileHistory
        from prompt_toolkit.key_binding import KeyBindings

        self.briefs, self.profile, self._shown = list(briefs), profile, 0
        kb = KeyBindings()

        @kb.add("f2")
        def _req(event):
            from prompt_toolkit.application import run_in_terminal
            run_in_terminal(self.show_requirements)

        @kb.add("f3")
        def _prof(event):
            from prompt_toolkit.application import run_in_terminal
            run_in_terminal(self.show_profile)

        history.parent.mkdir(parents=True, exist_ok=True)
        self.session = PromptSession(history=FileHistory(str(history)), key_bindings=kb)

    def show_requirements(self) -> None:
        for b in self.briefs:
            print(f"\n== {b.name} ==\n{b.requirements.strip()}")
        print()

    def show_profile(self) -> None:
        print("\n== Your household ==\n" + (self.profile or "(not shown when playing the agent)") + "\n")

    def _line(self, prompt: str) -> str:
        while True:
            text = self.session.prompt(prompt, bottom_toolbar=" F2 requirements  F3 profile  Ctrl-C save and quit ").strip()
            if text in ("/req", "/requirements"):
                self.show_requirements()
            elif text == "/profile":
                self.show_profile()
            elif text == "/quit":
                raise KeyboardInterrupt
            elif text:
                return text

    # -- playing the agent ----------------------------------------------------------------------
    def next_question(self, dialog) -> str | None:
        for t in dialog.turns[self._shown:]:
            print(f"  household: {safe(t.answer)}")
        self._shown = len(dialog.turns)
        left = dialog.limit - len(dialog.turns)
        text = self._line(f"you ({left} questions left) > ")
        return None if text == "/ready" else text

    def decide(self, dialog) -> dict[str, bool]:
        for t in dialog.turns[self._shown:]:
            print(f"  household: {safe(t.answer)}")
        print("\nYour decision for each opportunity:")
        out = {}
        for b in dialog.opportunities:
            while True:
                a = self._line(f"eligible for {b.name}? [y/n] > ").lower()
                if a in ("y", "yes", "n", "no"):
                    out[b.id] = a.startswith("y")
                    break
                print("  type y or n")
        return out

    # -- playing the user -----------------------------------------------------------------------
    def answer(self, turns, question: str) -> str:
        print(f"\n  agent: {safe(question)}")  # an agent's OSC 52 / title / clear never reaches the terminal
        return self._line("you (household) > ")

    def questionnaire(self) -> dict[str, str]:
        from eligibench.evaluation.play import TLX_ITEMS

        print("\nNASA-TLX: rate each 0-100 (steps of 5).")
        return {k: self._line(f"{text} > ") for k, text in TLX_ITEMS}


def print_verdicts(row, result, names: dict[str, str], role: str = "agent") -> None:
    """The checker's verdicts beside the predictions, programs by name (never the id). The
    predictions are whoever played the agent's: the person's ("you said") or, when the person
    played the household, the agent's ("the agent said": the person never predicted anything)."""
    from eligibench.results import TERMINATION_WORDS

    ended = TERMINATION_WORDS.get(result.termination, result.termination)
    print("\nResult:" + ("" if result.predictions else f" no predictions ({ended}: {safe(result.error)})"))
    width = max([len(names.get(o, o)) for o in row.opportunities] + [10])
    for o, label in zip(row.opportunities, row.labels):
        p = (result.predictions or {}).get(o)
        mark = "right" if p == label else "wrong"
        if role == "user":  # the agent predicted; the person answered its questions
            said = ("the agent said you are " + ("eligible" if p else "not eligible") if p is not None
                    else "the agent gave no answer")
            print(f"  {names.get(o, o):{width}s}  {said:37s} checker: {'eligible' if label else 'not eligible':13s} "
                  f"the agent was {mark}")
            continue
        print(f"  {names.get(o, o):{width}s}  you said {'eligible' if p else 'not eligible' if p is not None else '-':13s}"
              f" checker: {'eligible' if label else 'not eligible':13s} {mark}")
    print(f"  {len(result.turns)} question(s), {result.wall_s / 60:.1f} min")


# the figures of a finished session, in words (they were a JSON dump)
# (metric labels: the catalogue, results.metric; the session's counts are no metric of it)
_FIGURE_WORDS = (("accuracy", "{:.1f}%"), ("f1", "{:.1f}"), ("turns", "{:.1f}"), ("dialogs", "{:.0f}"),
                 ("wall_s_per_dialog", "{:.0f}"))
_COUNT_WORDS = {"turns": " (questions per dialog)", "dialogs": "dialogs", "wall_s_per_dialog": "seconds per dialog"}


def _summary(run_id: str, role: str, metrics: dict[str, float]) -> str:
    """The session's figures as lines a person reads: averages over the datasets played."""
    lines = [f"\nYour session (playing the {role}), stored as human run {run_id}:"]
    from eligibench.results import METRICS, metric

    for name, fmt in _FIGURE_WORDS:
        v = metrics.get(f"average.{name}")
        in_catalogue = any(m.name == name for m in METRICS)
        label = metric(name).label + _COUNT_WORDS.get(name, "") if in_catalogue else _COUNT_WORDS[name]
        if v is not None:
            lines.append(f"  {label}: {fmt.format(v)}")
    return "\n".join(lines)


def _rows(args, config, resolved_rows, project: Path):
    from eligibench.evaluation.play import ceiling_rows, participant_share

    if args.ceiling:
        from eligibench import paths
        from eligibench.datasets import dataset_path, read_parquet

        every = {d: read_parquet(dataset_path(project / paths.DATASET_DIR, d)) for d in ("diverse", "representative")}
        sample = ceiling_rows(every, args.pairs)
        return participant_share(sample, args.index - 1, args.participants), f"ceiling {args.pairs} pairs"
    rows = [r for rs in resolved_rows.values() for r in rs]
    if args.dataset:
        rows = [r for r in rows if r.dataset == args.dataset]
    if args.row:
        rows = [r for r in rows if r.id == args.row]
        if not rows:
            raise BenyfitsError(f"no row {args.row!r} in the evaluated subset (see params.yaml evaluate.subset)")
    return rows, "params subset"


def _run(args: argparse.Namespace) -> int:
    from eligibench.cli.persona_option import card_for, with_persona
    from eligibench.evaluation.play import HUMAN_MANIFEST, PlayRun, Quit, pseudonym, record_tlx
    from eligibench.evaluation.run import load_config, load_run, open_session

    project = Path(args.project)
    config = with_persona(load_config(project, params_file=project / args.params), args.persona)
    participant = pseudonym(args.participant or os.environ.get("USER", ""))
    role = "agent" if args.ceiling else args.role
    source = HUMAN_MANIFEST if role == "agent" else Path(args.submission)
    resolved = load_run(source, project, run=args.config, config=config)
    rows, selection = _rows(args, config, resolved.rows, project)
    if args.ceiling:  # the sample's rows are the run's rows
        grouped: dict = {}
        for r in rows:
            grouped.setdefault(r.dataset, []).append(r)
        resolved = load_run(source, project, run=args.config, config=config, rows=grouped)
    play = PlayRun(resolved, role, participant, project, selection, rows)
    todo = play.pending()
    print(f"Participant {participant}, playing the {role}; run {play.run_id}: {len(rows) - len(todo)} of "
          f"{len(rows)} dialog(s) done.")
    print(HELP_AGENT if role == "agent" else HELP_USER)
    history = project / "results" / "play-history" / f"{participant}-{role}.txt"
    with open_session(resolved, project, person_plays_agent=role == "agent") as session:
        play.record_isolation(session.kit.isolation)
        try:
            for n, row in enumerate(todo):
                briefs = [resolved.briefs[o] for o in row.opportunities]
                seat = TerminalSeat(briefs, row.profile if role == "user" else "", history)
                print(f"\n--- Household {row.id} ({row.dataset}), {n + 1} of {len(todo)}: "
                      f"{', '.join(b.name for b in briefs)} ---")
                if play.draft(row):
                    print(f"(resuming: replaying {len(play.draft(row))} earlier line(s))")
                if role == "user":
                    seat.show_profile()
                    if card_for(config, row.id):  # issue 32: the persona to play, as the simulated one would
                        print(card_for(config, row.id) + "\n")
                agent = session.make_agent(0) if role == "user" else None
                try:
                    result = play.play(row, seat, agent=agent, user_model=session.user_model)
                finally:
                    if agent is not None:
                        agent.close()
                print_verdicts(row, result, {b.id: b.name for b in briefs}, role)
                if args.study:
                    while True:
                        try:
                            record_tlx(play.store, play.run_id, row.dataset, row.id, seat.questionnaire())
                            break
                        except ValueError as e:
                            print(f"  {e}")
        except Quit:
            print("\nSaved. Run the same command again to resume.")
    metrics = {k: v for k, v in play.finish().items() if v is not None}
    print(_summary(play.run_id, role, metrics))
    return 0


def _report(args: argparse.Namespace) -> int:
    from eligibench.evaluation.play import HUMAN, ceiling_report, export_tlx_csv
    from eligibench.evaluation.run import load_config
    from eligibench.results import ResultStore

    project = Path(args.project)
    config = load_config(project, params_file=project / args.params)
    if args.export_tlx:  # before the store is opened: never over it, a folder, or a file unasked
        from eligibench.cli.output_file import check_output_file

        check_output_file(args.export_tlx, "--export-tlx", force=args.force, protect=(project / config.store,))
    store = ResultStore(project / config.store)
    if args.export_tlx:
        n = export_tlx_csv(store, Path(args.export_tlx))
        print(f"{n} questionnaire(s) written to {args.export_tlx}")
        return 0
    by: dict = {}
    for run in store.runs():
        extra = run.get("extra") or {}
        extra = json.loads(extra) if isinstance(extra, str) else extra
        params_ = run.get("params") or {}
        params_ = json.loads(params_) if isinstance(params_, str) else params_
        if run.get("status") == HUMAN and str(params_.get("selection", "")).startswith("ceiling"):
            by.setdefault(extra.get("participant"), []).extend(store.dialog_results(run["run_id"]))
    print(json.dumps(ceiling_report(by), indent=1))
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play the agent or the household yourself (terminal)")
    p.add_argument("--as", dest="role", choices=("agent", "user"), default="agent")
    p.add_argument("--participant", help="your name or code: only a hash of it is stored (default: $USER)")
    p.add_argument("--submission", default="submissions/random", help="--as user: the agent to answer")
    p.add_argument("--config", help="a run configuration in params.yaml evaluate.runs")
    from eligibench.cli.persona_option import add_persona_option
    from eligibench.results import DATASET_REGISTRY

    p.add_argument("--dataset", choices=DATASET_REGISTRY.names())
    p.add_argument("--row", help="play this household (a row id)")
    p.add_argument("--ceiling", action="store_true", help="the human-ceiling sample (docs/play.md)")
    p.add_argument("--pairs", type=int, default=83, help="--ceiling: sample size (the paper's 83 pairs)")
    p.add_argument("--participants", type=int, default=1, help="--ceiling: participants the sample is split across")
    p.add_argument("--index", type=int, default=1, help="--ceiling: which participant you are (1-based)")
    p.add_argument("--study", action="store_true", help="ask the NASA-TLX questionnaire after each dialog")
    p.add_argument("--report", action="store_true", help="print the ceiling report (no dialog)")
    p.add_argument("--export-tlx", help="write every stored questionnaire to this CSV (no dialog; a new file, or --force)")
    from eligibench.cli.output_file import add_force_option

    add_force_option(p, "--export-tlx")
    add_persona_option(p, "--as user: play the household as this persona, its card shown; --as agent: the "
                          "simulated household answers as this persona (docs/simulator.md)")
    p.add_argument("--params", default="params.yaml")
    p.add_argument("--project", default=".")
    p.set_defaults(func=lambda a: _report(a) if (a.report or a.export_tlx) else _run(a))
