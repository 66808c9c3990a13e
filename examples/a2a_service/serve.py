"""Serve a BeNYfits agent as an A2A service (a2a-sdk): the example of docs/agent-services.md.

    python examples/a2a_service/serve.py submissions/random --port 8765

Any folder with an `Agent` (a reference agent of `submissions/`, or your own) is served behind
the A2A protocol; `benyfits evaluate --agent-url http://127.0.0.1:8765` then evaluates it as a
service. Each dialog is one A2A task: the harness's first message ("start") opens it, each answer
continues it, and every reply is the task's status message with one BeNYfits data part: a
question (state input-required) or verdicts (state completed). The format is
`eligibench.evaluation.hosting.service_wire` (the harness side reads exactly that).

An agent with model roles gets one OpenAI-compatible model for every role (`--model-url`,
`--model`); a team serving its own agent would call its own models instead.
"""
# ruff: noqa: E402  (the imports below the extra check: a missing a2a-sdk is one line, not a traceback)
from __future__ import annotations

import argparse
import asyncio
import threading
from pathlib import Path
from typing import Any

from eligibench.extras import A2A, exit_if_missing

exit_if_missing(A2A, "examples/a2a_service/serve.py")  # a2a-sdk is the a2a extra: one line, not an ImportError
import uvicorn
from a2a.helpers import get_data_parts, new_data_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.events import EventQueue
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore, TaskUpdater
from a2a.types import AgentCapabilities, AgentCard, AgentInterface, AgentSkill, Task, TaskState, TaskStatus
from starlette.applications import Starlette

from eligibench.evaluation.hosting import AgentContext, Dialog, OpportunityBrief, load_entry, load_manifest
from eligibench.results import Turn

RPC_PATH = "/a2a"


class DialogExecutor(AgentExecutor):
    """One agent object per A2A task (= one dialog); its calls run in a worker thread so a slow
    agent never blocks the server's loop."""

    def __init__(self, make_agent):
        self.make_agent = make_agent
        self.dialogs: dict[str, tuple[Any, Dialog]] = {}
        self.lock = threading.Lock()

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        task_id, context_id = context.task_id, context.context_id
        if context.current_task is None:  # a new dialog: the task exists before its first status
            await event_queue.enqueue_event(Task(id=task_id, context_id=context_id,
                                                 status=TaskStatus(state=TaskState.TASK_STATE_SUBMITTED)))
        updater = TaskUpdater(event_queue, task_id, context_id)
        data = [p for p in get_data_parts(context.message.parts) if isinstance(p, dict) and "benyfits" in p]
        if len(data) != 1:
            await updater.failed(updater.new_agent_message([new_data_part({"error": "expected one BeNYfits data part"})]))
            return
        reply, done = await asyncio.to_thread(self.turn, task_id, data[0])
        message = updater.new_agent_message([new_data_part({"benyfits": 1, **reply})])
        if done:
            await updater.complete(message)
        else:
            await updater.requires_input(message)

    def turn(self, task_id: str, msg: dict) -> tuple[dict, bool]:
        """The agent's reply to one harness message, and whether the dialog is over."""
        kind = msg.get("type")
        if kind == "start":
            briefs = tuple(OpportunityBrief(str(o["id"]), str(o["name"]), str(o["requirements"]))
                           for o in msg["opportunities"])
            agent = self.make_agent()
            agent.start(briefs)
            dialog = Dialog(briefs)
        else:
            with self.lock:
                agent, dialog = self.dialogs[task_id]
            if kind == "answer":
                dialog = Dialog(dialog.opportunities, dialog.turns + (Turn(str(msg["question"]), str(msg["answer"])),))
        if kind != "decide" and not agent.ready(dialog) and len(dialog.turns) < dialog.limit:
            question = agent.ask(dialog)
            with self.lock:
                self.dialogs[task_id] = (agent, dialog)
            return {"question": question, **({"notes": n} if (n := agent.notes()) is not None else {})}, False
        with self.lock:
            self.dialogs.pop(task_id, None)
        verdicts = dict(agent.predict(dialog))
        # the optional recommendation (Agent.recommend): the program to apply to first, beside the verdicts
        rec = agent.recommend(dialog) if hasattr(agent, "recommend") else None
        return {"verdicts": verdicts, **({"recommendation": rec} if rec is not None else {})}, True

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        with self.lock:
            self.dialogs.pop(context.task_id, None)


def agent_card(name: str, url: str) -> AgentCard:
    return AgentCard(
        name=name, description=f"the BeNYfits agent {name!r}, served over A2A", version="1",
        supported_interfaces=[AgentInterface(url=url.rstrip("/") + RPC_PATH, protocol_binding="JSONRPC",
                                             protocol_version="1.0")],
        capabilities=AgentCapabilities(streaming=False), default_input_modes=["application/json"],
        default_output_modes=["application/json"],
        skills=[AgentSkill(id="benyfits", name="benefit eligibility dialog", tags=["benyfits"],
                           description="asks a household questions, then says which opportunities it is eligible for")])


def build_app(make_agent, name: str, url: str, executor: AgentExecutor | None = None) -> Starlette:
    """The Starlette app serving `make_agent()` (a new Agent per dialog) at `url`."""
    card = agent_card(name, url)
    handler = DefaultRequestHandler(agent_executor=executor or DialogExecutor(make_agent),
                                    task_store=InMemoryTaskStore(), agent_card=card)
    return Starlette(routes=[*create_agent_card_routes(card), *create_jsonrpc_routes(handler, RPC_PATH)])


def factory_for(folder: Path, seed: int = 0, model_url: str | None = None, model: str = "default"):
    """A new Agent of the submission in `folder` per call (its models, if any, at `model_url`)."""
    manifest = load_manifest(folder)
    cls = load_entry(manifest, manifest.entry_point)
    models: dict[str, Any] = {}
    if manifest.models:
        if model_url is None:
            raise SystemExit(f"{folder}: the agent declares model roles {sorted(manifest.models)}: give --model-url")
        from eligibench.models import ModelSpec, make_model

        shared = make_model(ModelSpec("openai", model, base_url=model_url))
        models = {role: shared for role in manifest.models}
    return lambda: cls(AgentContext(seed=seed, models=models, options=dict(manifest.options or {})))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("submission", type=Path, help="an agent folder with manifest.yaml (e.g. submissions/random)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--model-url", default=None, help="OpenAI-compatible endpoint for the agent's model roles")
    p.add_argument("--model", default="default")
    args = p.parse_args(argv)
    url = f"http://{args.host}:{args.port}"
    name = load_manifest(args.submission).name
    app = build_app(factory_for(args.submission, args.seed, args.model_url, args.model), name, url)
    print(f"serving {name} as an A2A agent at {url}", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
