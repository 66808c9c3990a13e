"""The Play tab (issue 20): a person plays the agent or the household in the browser, through the
same library as `benyfits play` (eligibench.evaluation.play): the same dialog loop, budget,
simulator (the params' default, the grounded one, calls no model) and scoring, and every finished
dialog is stored as a human run.

How a browser drives a loop that pulls: each game runs `PlayRun.play` in its own thread with a
`BrowserSeat` whose methods post what the loop needs next (a question, an answer, the decisions)
to an outbox and block on an inbox; each click puts the person's input in the inbox and returns
the next thing the loop asks for. The browser holds only an opaque game token (a `gr.State`);
the household's labels stay in the server's row object and reach a component only in the
result, after the finish (the outbox carries turns, questions and opportunity names, never a
label). A game idle for `IDLE_S` is stopped like Ctrl-C in the terminal (a draft is kept).

Rate-limited like uploads: at most `plays_per_hour` dialogs started per client address.

Callbacks are module-level functions of the tab's components (`PlayUI`), the `PlayServer` and the
ground truth, bound by `build` (tests call them directly).
"""
from __future__ import annotations

import html
import queue
import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gradio as gr

from eligibench.results import TERMINATION_WORDS
from leaderboard.ratelimit import RateLimiter
from leaderboard.tabs.common import bind

IDLE_S = 30 * 60.0  # a game nobody touched for this long is stopped (its draft kept)
STEP_S = 180.0  # how long one click waits for the loop's next request (an agent's model call)
ROLES = {"the agent (ask the household)": "agent", "the household (answer an agent)": "user"}
VERDICT_CLASS = "bf-play-verdict"  # marks the checker's verdicts: only ever in the result panel


class _Stop(Exception):
    pass


class BrowserSeat:
    """Both seats (`AgentSeat`, `UserSeat`) for a person in a browser tab: see the module docstring."""

    def __init__(self):
        self.inbox: queue.Queue = queue.Queue()
        self.outbox: queue.Queue = queue.Queue()

    def _take(self):
        try:
            v = self.inbox.get(timeout=IDLE_S)
        except queue.Empty:
            raise KeyboardInterrupt from None  # idle: stop like Ctrl-C, the draft is kept
        if v is _Stop:
            raise KeyboardInterrupt
        return v

    def next_question(self, dialog) -> str | None:
        self.outbox.put(("ask", _turns(dialog.turns), dialog.limit - len(dialog.turns)))
        return self._take()

    def decide(self, dialog) -> dict[str, bool]:
        self.outbox.put(("decide", _turns(dialog.turns), [(b.id, b.name) for b in dialog.opportunities]))
        return self._take()

    def answer(self, turns, question: str) -> str:
        self.outbox.put(("answer", _turns(turns), question))
        return self._take()


def _turns(turns) -> list[tuple[str, str]]:
    return [(t.question, t.answer) for t in turns]


@dataclass
class Game:
    """One dialog in progress: its thread, seat, row (server side only) and what it asks now."""

    role: str
    row: Any
    play: Any
    seat: BrowserSeat = field(default_factory=BrowserSeat)
    waiting: tuple | None = None
    result: Any = None
    thread: threading.Thread | None = None

    def next(self) -> tuple:
        try:
            self.waiting = self.seat.outbox.get(timeout=STEP_S)
        except queue.Empty:
            self.waiting = ("error", "the other side did not answer in time; try again")
        return self.waiting


class PlayServer:
    """The games of one app (several browser tabs, several threads)."""

    def __init__(self, project: Path, submissions: Path, plays_per_hour: int):
        self.project, self.submissions = Path(project), Path(submissions)
        self.limiter = RateLimiter(plays_per_hour, 3600.0)
        self.games: dict[str, Game] = {}
        self._lock = threading.Lock()
        self._resolved: dict[str, Any] = {}

    def limits(self) -> str:
        return self.limiter.describe().replace("upload(s)", "dialog(s)")

    def resolved(self, submission: str | None):
        """The run resolved once per submission (`None`: playing the agent)."""
        from eligibench.evaluation.play import HUMAN_MANIFEST
        from eligibench.evaluation.run import load_run

        key = submission or ""
        with self._lock:
            if key not in self._resolved:
                source = self.submissions / submission if submission else HUMAN_MANIFEST
                self._resolved[key] = load_run(source, self.project)
            return self._resolved[key]

    def households(self) -> list[tuple[str, str]]:
        try:
            rows = self.resolved(None).rows
        except Exception:  # no dataset here: the tab says so instead of failing the page
            return []
        return [(f"{r.dataset} / {r.id} ({len(r.opportunities)} opportunities)", f"{r.dataset}/{r.id}")
                for rs in rows.values() for r in rs]

    def agents(self) -> list[str]:
        """Submissions a person can answer here: those whose manifest declares no model (a public
        server never starts model servers for a visitor)."""
        from eligibench.extensions import agents

        # the registry's agents (a broken manifest is listed without its manifest: simply not offered)
        return [e.name for e in agents(folder=self.submissions).describe() if e.value is not None and not e.value.models]

    def start(self, role: str, participant: str, household: str, submission: str | None, client: str) -> tuple[str, Game]:
        from eligibench.evaluation.play import PlayRun, pseudonym

        allowed, wait = self.limiter.allow(client or "unknown")
        if not allowed:
            raise ValueError(f"too many dialogs from your address ({self.limits()}); try again in "
                             f"{wait / 60:.0f} minute(s)")
        if role == "user" and submission not in self.agents():
            raise ValueError(f"pick an agent to answer (one of {', '.join(self.agents()) or 'none here'})")
        resolved = self.resolved(submission if role == "user" else None)
        dataset, _, row_id = (household or "").partition("/")
        rows = [r for r in resolved.rows.get(dataset, ()) if r.id == row_id]
        if not rows:
            raise ValueError(f"pick a household (no {household!r} in the evaluated subset)")
        row = rows[0]
        play = PlayRun(resolved, role, pseudonym(participant), self.project, "browser", [row])
        game = Game(role, row, play)
        game.thread = threading.Thread(target=self._run, args=(game, resolved), daemon=True, name="play-game")
        game.thread.start()
        token = secrets.token_urlsafe(16)
        with self._lock:
            self.games[token] = game
        return token, game

    def _run(self, game: Game, resolved) -> None:
        from eligibench.evaluation.play import Quit
        from eligibench.evaluation.run import open_session
        from leaderboard.queries import sanitize

        try:
            with open_session(resolved, self.project, person_plays_agent=game.role == "agent") as session:
                game.play.record_isolation(session.kit.isolation)
                agent = session.make_agent(0) if game.role == "user" else None
                try:
                    game.result = game.play.play(game.row, game.seat, agent=agent, user_model=session.user_model)
                finally:
                    if agent is not None:
                        agent.close()
            game.play.finish()
            game.seat.outbox.put(("done",))
        except Quit:
            game.seat.outbox.put(("quit",))
        except Exception as e:  # the page shows it; the thread must not die silently
            game.seat.outbox.put(("error", sanitize(e)))

    def game(self, token: str | None) -> Game | None:
        with self._lock:
            return self.games.get(token or "")

    def drop(self, token: str | None) -> None:
        with self._lock:
            game = self.games.pop(token or "", None)
        if game is not None and game.thread is not None and game.thread.is_alive():
            game.seat.inbox.put(_Stop)


# -- what the page shows ------------------------------------------------------------------------


def chat(turns: list[tuple[str, str]], pending: str | None = None) -> list[dict]:
    out = []
    for q, a in turns:
        out += [{"role": "assistant", "content": q}, {"role": "user", "content": a}]
    if pending:
        out.append({"role": "assistant", "content": pending})
    return out


def requirements_md(row, briefs) -> str:
    """Each program's requirements behind its name, collapsed (all of them open made the page 5,500
    px tall): the names are the list a player works through, a click opens one."""
    return "\n\n".join(f"<details><summary><b>{html.escape(b.name)}</b></summary>\n\n{b.requirements.strip()}\n\n</details>"
                         for b in (briefs[o] for o in row.opportunities))


def result_html(game: Game, truth) -> str:
    """The result page: per opportunity the prediction and the checker's verdict, then the reasons
    behind each verdict (leaderboard.verdict_reasons, the same as the Dialogs tab)."""
    from leaderboard.verdict_reasons import render_reasons

    r, row = game.result, game.row
    preds = dict(r.predictions or {})
    briefs = game.play.resolved.briefs
    names = {o: briefs[o].name for o in row.opportunities if o in briefs}  # a person reads names, not ids
    lines = [f'<table class="{VERDICT_CLASS}"><tr><th>opportunity</th><th>prediction</th><th>checker verdict</th>'
             "<th></th></tr>"]
    right = 0
    for o, label in zip(row.opportunities, row.labels):
        p = preds.get(o)
        ok = p is not None and bool(p) == bool(label)
        right += ok
        word = "—" if p is None else ("eligible" if p else "not eligible")
        lines.append(f"<tr data-opportunity=\"{html.escape(o)}\"><td>{html.escape(names.get(o, o))}</td><td>{word}</td>"
                     f"<td>{'eligible' if label else 'not eligible'}</td><td>{'✓' if ok else '✗'}</td></tr>")
    lines.append("</table>")
    who = "Your" if game.role == "agent" else "The agent's"
    head = (f"<p><b>{who} predictions: {right} of {len(row.labels)} right</b>, {len(r.turns)} question(s), "
            f"{r.wall_s / 60:.1f} min; ended: {html.escape(TERMINATION_WORDS.get(r.termination, r.termination))}. "
            "Stored as a human run (shown beside the ranking, never in it).</p>")
    reasons = ""
    if truth is not None:
        try:
            reasons = render_reasons(truth.reasons(row.dataset, row.id, list(row.opportunities)), preds)
        except Exception:  # explanations are extra: the verdicts above stand without them
            reasons = ""
    # the verdicts first; the reasons (long: requirement texts and checker lines) collapsed under them
    why = (f'<details class="bf-play-why"><summary><b>Why each verdict</b> (the decisive requirement, the facts it '
           f'needed, the checker lines)</summary>{reasons}</details>') if reasons else ""
    return head + "".join(lines) + why


@dataclass(frozen=True)
class PlayUI:
    """The tab's components (what its callbacks read and update)."""
    token: Any  # gr.State: the opaque game token
    role: Any
    participant: Any
    household: Any
    agent: Any
    start: Any
    status: Any
    dialog: Any
    said: Any
    send: Any
    finish: Any
    decisions: Any
    submit: Any
    req: Any
    pbox: Any
    profile: Any
    result: Any

    @property
    def outputs(self) -> list:
        return [self.token, self.status, self.dialog, self.said, self.send, self.finish, self.decisions, self.submit,
                self.req, self.pbox, self.profile, self.result]


def layout(server: PlayServer) -> PlayUI:
    """The tab's components (call inside the app's `gr.Tabs`)."""
    households = server.households()
    agents = server.agents()
    with gr.Tab("Play", id="play"):
        gr.Markdown(
            "Try the task yourself. **As the agent**: ask the simulated household questions, then decide which "
            "opportunities it is eligible for. **As the household**: answer an agent's questions as the person in "
            "the profile. Same dialog loop, question limit, simulator and scoring as any run; finished dialogs are "
            "stored as *human* runs (a hash of your name, never the name; shown beside the ranking, never in it). "
            f"The checker's verdicts appear only after you finish. Limit: {server.limits()}. In a terminal: "
            "`benyfits play` (docs/play.md).")
        token = gr.State(None)
        with gr.Row():
            role = gr.Radio(list(ROLES), value=list(ROLES)[0], label="Play", elem_id="bf-play-role", scale=2)
            participant = gr.Textbox(label="Your name or code", placeholder="only a hash of it is stored",
                                     elem_id="bf-play-participant", scale=2)
            household = gr.Dropdown(choices=households, value=households[0][1] if households else None,
                                    label="Household", elem_id="bf-play-household", scale=2)
            agent = gr.Dropdown(choices=agents, value="random" if "random" in agents else (agents[0] if agents else None),
                                label="Agent to answer", visible=False, elem_id="bf-play-agent", scale=1)
            start = gr.Button("Start", variant="primary", elem_id="bf-play-start", scale=1)
        status = gr.Markdown(elem_id="bf-play-status")
        # issue 36: the verdicts at the top when the game ends, not under the requirement texts
        result = gr.HTML(elem_id="bf-play-result")
        with gr.Row(equal_height=False):
            with gr.Column(scale=3):
                dialog = gr.Chatbot(label="Dialog (the agent's questions; the household's answers)", height=420,
                                    latex_delimiters=[], feedback_options=None, elem_id="bf-play-chat")
                with gr.Row():
                    said = gr.Textbox(label="Your question", scale=4, elem_id="bf-play-input", interactive=False)
                    send = gr.Button("Send", scale=1, elem_id="bf-play-send", interactive=False)
                finish = gr.Button("Finish: decide eligibility", elem_id="bf-play-finish", visible=False)
                decisions = gr.CheckboxGroup(choices=[], label="Tick each opportunity you decide the household IS "
                                             "eligible for (unticked: not eligible)", visible=False,
                                             elem_id="bf-play-decisions")
                submit = gr.Button("Submit decisions", variant="primary", visible=False, elem_id="bf-play-submit")
            with gr.Column(scale=2):
                with gr.Accordion("Requirements", open=True, elem_id="bf-play-req"):
                    req = gr.Markdown("Start a dialog to see the requirement texts.")
                with gr.Accordion("Household profile", open=True, visible=False, elem_id="bf-play-profile-box") as pbox:
                    profile = gr.HTML(elem_id="bf-play-profile")
    return PlayUI(token, role, participant, household, agent, start, status, dialog, said, send, finish, decisions,
                  submit, req, pbox, profile, result)


def ended(ui: PlayUI, server: PlayServer, truth, tok, game: Game, step: tuple) -> dict:
    """The loop stopped: finished (the verdicts and reasons shown, the game dropped), quit or failed."""
    # the game is over: no question box, no Send (issue 36), until the next Start
    out = {ui.said: gr.Textbox(value="", interactive=False, visible=False),
           ui.send: gr.Button(interactive=False, visible=False), ui.finish: gr.Button(visible=False)}
    kind = step[0]
    if kind == "done":
        r = game.result
        out[ui.dialog] = chat([(t.question, t.answer) for t in r.turns])
        out[ui.status] = "**Finished.** The checker's verdicts and the reasons behind them are below."
        out[ui.result] = result_html(game, truth)
        server.drop(tok)
        out[ui.token] = None
    elif kind == "quit":
        out[ui.status] = "Stopped; the dialog so far is kept as a draft: start the same household again to resume."
    else:
        out[ui.status] = f"**Error:** {html.escape(str(step[1]))}"
    return out


def view(ui: PlayUI, server: PlayServer, truth, tok, game: Game, step: tuple, note: str = "") -> dict:
    """The tab for the loop's next request (`Game.next`): a question or an answer to type, the
    decisions to tick, or the end."""
    kind = step[0]
    out = {ui.token: tok, ui.status: note, ui.result: ""}
    out[ui.finish] = gr.Button(visible=kind == "ask")
    out[ui.decisions] = gr.CheckboxGroup(visible=False)
    out[ui.submit] = gr.Button(visible=False)
    if kind == "ask":
        out[ui.dialog] = chat(step[1])
        out[ui.said] = gr.Textbox(value="", label=f"Your question ({step[2]} left)", interactive=True, visible=True)
        out[ui.send] = gr.Button(interactive=True, visible=True)
    elif kind == "answer":
        out[ui.dialog] = chat(step[1], step[2])
        out[ui.said] = gr.Textbox(value="", label="Your answer (as the household)", interactive=True, visible=True)
        out[ui.send] = gr.Button(interactive=True, visible=True)
    elif kind == "decide":
        out[ui.dialog] = chat(step[1])
        out[ui.said] = gr.Textbox(value="", interactive=False)
        out[ui.send] = gr.Button(interactive=False)
        out[ui.decisions] = gr.CheckboxGroup(choices=[(name, oid) for oid, name in step[2]], value=[], visible=True)
        out[ui.submit] = gr.Button(visible=True)
    else:
        out.update(ended(ui, server, truth, tok, game, step))
    return out


def on_start(ui: PlayUI, server: PlayServer, truth, tok, role_label, who, hh, sub, request: gr.Request) -> dict:
    """Start: a new game (the previous one of this tab dropped), rate-limited per client address."""
    server.drop(tok)
    client = request.client.host if request is not None and request.client else ""
    r = ROLES.get(role_label, "agent")
    try:
        new, game = server.start(r, who or "", hh, sub, client)
    except Exception as e:
        blank = {o: gr.skip() for o in ui.outputs}
        return {**blank, ui.token: None, ui.status: f"**Not started:** {html.escape(str(e))}", ui.result: ""}
    out = view(ui, server, truth, new, game, game.next(), f"Dialog `{new[:6]}` started: household {game.row.id}.")
    briefs = game.play.resolved.briefs
    out[ui.req] = requirements_md(game.row, briefs)
    out[ui.pbox] = gr.Accordion(visible=r == "user")
    out[ui.profile] = f'<div class="bf-profile">{html.escape(game.row.profile)}</div>' if r == "user" else ""
    return out


def on_send(ui: PlayUI, server: PlayServer, truth, tok, text) -> dict:
    """A question (as the agent) or an answer (as the household) typed and sent."""
    game = server.game(tok)
    if game is None or game.waiting is None or game.waiting[0] not in ("ask", "answer"):
        return {ui.status: "Start a dialog first."}
    if not (text or "").strip():
        return {ui.status: "Type something first."}
    game.seat.inbox.put(text.strip())
    return view(ui, server, truth, tok, game, game.next())


def on_finish(ui: PlayUI, server: PlayServer, truth, tok) -> dict:
    game = server.game(tok)
    if game is None or game.waiting is None or game.waiting[0] != "ask":
        return {ui.status: "Start a dialog first."}
    game.seat.inbox.put(None)  # None: ready to decide (AgentSeat.next_question)
    return view(ui, server, truth, tok, game, game.next())


def on_submit(ui: PlayUI, server: PlayServer, truth, tok, ticked) -> dict:
    game = server.game(tok)
    if game is None or game.waiting is None or game.waiting[0] != "decide":
        return {ui.status: "Start a dialog first."}
    ticked = set(ticked or [])
    game.seat.inbox.put({oid: oid in ticked for oid, _ in game.waiting[2]})
    return view(ui, server, truth, tok, game, game.next())


def agent_picker(role_label: str) -> gr.Dropdown:
    """The agent to answer is chosen only when the person plays the household."""
    return gr.Dropdown(visible=ROLES.get(role_label) == "user")


def build(project: Path, submissions: Path, truth=None, plays_per_hour: int = 20) -> PlayServer:
    """The Play tab (call inside the app's `gr.Tabs`); the server holding its games."""
    server = PlayServer(project, submissions, plays_per_hour)
    ui = layout(server)
    ui.role.change(agent_picker, ui.role, ui.agent)
    ui.start.click(bind(on_start, ui, server, truth), [ui.token, ui.role, ui.participant, ui.household, ui.agent],
                   ui.outputs)
    ui.send.click(bind(on_send, ui, server, truth), [ui.token, ui.said], ui.outputs)
    ui.said.submit(bind(on_send, ui, server, truth), [ui.token, ui.said], ui.outputs)
    ui.finish.click(bind(on_finish, ui, server, truth), ui.token, ui.outputs)
    ui.submit.click(bind(on_submit, ui, server, truth), [ui.token, ui.decisions], ui.outputs)
    return server
