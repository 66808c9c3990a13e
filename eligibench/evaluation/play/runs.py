"""Human runs are runs: a person's dialogs are stored in the results store like any run's, under a
run whose protocol kind is `human` (never ranked with agent runs; the leaderboard shows them as a
"human" row beside the ranking).

A human run's identity: the role the person played (agent or user), their pseudonymous participant
id (`pseudonym`: a name is never stored), the simulator (playing the agent) or the submission and
its run configuration (playing the user), the data version and the selection of households. Its
dialogs record the time each took (`dialogs.wall_s`). Re-opening the same setup resumes it: rows
already stored are skipped, and a dialog interrupted with Ctrl-C continues from its draft.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.datasets import Row
from eligibench.evaluation.hosting import Agent, Manifest
from eligibench.evaluation.play.people import HumanAgent, HumanUser, Quit
from eligibench.evaluation.run import ResolvedRun, evaluate, run_identity
from eligibench.results import DialogResult, ResultStore, RunSpec, run_id_for

HUMAN = "human"  # the protocol kind, and the status of a human run (no agent ranking reads it)
ROLES = ("agent", "user")
_PSEUDONYM = re.compile(r"^p-[0-9a-f]{10}$")

# Playing the agent there is no submission: the run is resolved with this stand-in manifest
# (no folder, no models), so the simulator, rows and limits come from the same params as any run.
HUMAN_MANIFEST = Manifest(folder=Path("/nonexistent/human"), name=HUMAN, strategy="a person asks and decides",
                          authors=(), entry_point="", models={}, license="", test_only=True)


def pseudonym(name: str) -> str:
    """A participant's stored id: `p-` and 10 hex digits of a hash of what they typed (an id
    already of that form is kept), so names and e-mails never reach the store."""
    name = name.strip()
    if not name:
        raise ValueError("a participant id is needed (any name or code; only a hash of it is stored)")
    if _PSEUDONYM.match(name):
        return name
    return "p-" + hashlib.sha256(("benyfits-play:" + name.lower()).encode()).hexdigest()[:10]


def human_spec(resolved: ResolvedRun, role: str, participant: str, selection: str = "params subset") -> RunSpec:
    """The identity of one participant's human run (see the module docstring)."""
    if role not in ROLES:
        raise ValueError(f"role is {role!r}, expected one of {ROLES}")
    base = run_identity(resolved)
    protocol = {**dict(base.protocol), "kind": HUMAN, "human_role": role}
    params = {**dict(base.params), "participant": participant, "play_role": role, "selection": selection}
    extra = {**dict(base.extra), "participant": participant, "play_role": role}
    pid = hashlib.sha256(json.dumps(protocol, sort_keys=True, default=str).encode()).hexdigest()[:12]
    if role == "agent":
        return replace(base, submission=HUMAN, agent_models={}, role_models={}, params=params, extra=extra,
                       run_config=f"play-agent/{participant}", protocol=protocol, protocol_id=f"human-{pid}")
    return replace(base, simulator=f"human user {participant}", params=params, extra=extra,
                   run_config=f"play-user/{participant}/{base.run_config}", protocol=protocol,
                   protocol_id=f"human-{pid}")


@dataclass
class PlayRun:
    """One participant's human run: which rows are left, one dialog at a time, drafts, the score."""

    resolved: ResolvedRun
    role: str
    participant: str
    project: Path = Path(".")
    selection: str = "params subset"
    rows: Sequence[Row] | None = None  # default: every row the resolved run evaluates
    spec: RunSpec = field(init=False)
    run_id: str = field(init=False)

    def __post_init__(self):
        self.project = Path(self.project)
        self.spec = human_spec(self.resolved, self.role, self.participant, self.selection)
        self.run_id = run_id_for(self.spec)
        if self.rows is None:
            self.rows = [r for rs in self.resolved.rows.values() for r in rs]
        self.store = ResultStore(self.project / self.resolved.config.store)
        self.store.ensure_run(self.spec)

    def record_isolation(self, how: str) -> None:
        """How the run's agent ran (the session's decision): a person in the agent seat runs no code."""
        self.store.record_isolation(self.run_id, how)

    # -- what is left ---------------------------------------------------------------------------

    def done(self) -> set[tuple[str, str]]:
        return {(d, r) for d, r, _t in self.store.completed(self.run_id)}

    def pending(self) -> list[Row]:
        done = self.done()
        return [r for r in self.rows if (r.dataset, r.id) not in done]

    # -- drafts: a dialog stopped with Ctrl-C -----------------------------------------------------

    def _draft_path(self, row: Row) -> Path:
        return (self.project / self.resolved.config.store).parent / "play-drafts" / self.run_id / f"{row.dataset}__{row.id}.json"

    def draft(self, row: Row) -> list[str]:
        """What the person already said in this dialog before stopping (questions or answers)."""
        p = self._draft_path(row)
        return json.loads(p.read_text())["said"] if p.is_file() else []

    def _save_draft(self, row: Row, said: Sequence[str]) -> None:
        p = self._draft_path(row)
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_suffix(".tmp")
        tmp.write_text(json.dumps({"row_id": row.id, "dataset": row.dataset, "said": list(said)}))
        tmp.replace(p)  # atomic: a crash leaves the old draft or the new one

    # -- one dialog -----------------------------------------------------------------------------

    def play(self, row: Row, seat, agent: Agent | None = None, user_model: Any = None) -> DialogResult:
        """One dialog with a person in `seat`, stored when it ends. Playing the user, `agent` is the
        submission's agent; playing the agent, `user_model` is the simulator's model (None for a
        grounded simulator that calls none). A Quit (Ctrl-C) saves a draft and propagates."""
        r = self.resolved
        replay = self.draft(row)
        if self.role == "agent":
            person = HumanAgent(seat, replay)
            agent, user = person, r.user(user_model, row)
        else:
            if agent is None:
                raise ValueError("playing the user needs the submission's agent")
            person = user = HumanUser(seat, replay)
        try:
            result = r.dialog(agent, user, row)
        except (Quit, KeyboardInterrupt):
            # everything said so far, the replayed part included: the next play continues from here
            self._save_draft(row, person.said)
            raise Quit(person.said) from None
        self.store.record_dialog(self.run_id, result)
        self._draft_path(row).unlink(missing_ok=True)
        return result

    # -- the run's score ------------------------------------------------------------------------

    def finish(self) -> dict[str, Any]:
        """Score every stored dialog of the run (the same metrics and intervals as an agent run)
        and mark it `human`; the metrics by dataset.name."""
        done = self.done()
        rows: dict[str, list[Row]] = {}
        for row in self.rows:
            if (row.dataset, row.id) in done:
                rows.setdefault(row.dataset, []).append(row)
        if rows:
            evaluate(replace(self.resolved, rows=rows), self.spec, self.store, _no_agent, None)
        self.store.set_run_status(self.run_id, HUMAN)
        return {f"{m['dataset']}.{m['name']}": m["value"] for m in self.store.metrics(self.run_id)}


def _no_agent(_trial: int = 0) -> Agent:  # finish() only scores stored dialogs: no dialog is run
    raise AssertionError("no dialog is pending when a human run is scored")


def labels_of(row: Row) -> Mapping[str, bool]:
    """The checker verdicts of a row (shown to the person only after the dialog ends)."""
    return dict(zip(row.opportunities, row.labels))
