"""A run is resolved once: (evaluate params, run configuration, manifest, split) -> one immutable
`ResolvedRun`, and everything else reads it.

Before this module the same run was worked out in several places (options merged and the data
version found in both the session and the generate stage, subset selection re-implemented by the
audit, three simulator-label functions, config fields copied into a run plan and RunSpec.params),
and they drifted: `evaluate.simulator.max_tokens` entered the run id while the runner built the
simulated user with its own default. Now `resolve_run` is the only place a run's settings are
derived, `run_identity` the only place its identity is, and the session, the generate and audit
stages, the queue worker and the agent host take what they need from the ResolvedRun.

`identity_params` lists the params keys a run's identity depends on; a test checks each is a
DVC param of the stages that resolve runs (changing one re-runs them).
"""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from eligibench import paths
from eligibench.catalog import available
from eligibench.datasets import Row, config_name, dataset_path, read_columns, sealed
from eligibench.errors import ParamsError
from eligibench.evaluation.hosting import Manifest, OpportunityBrief, SubmissionError
from eligibench.evaluation.run.config import dataset_totals, load_rows, subset_rows
from eligibench.evaluation.run.model import EvalConfig, ResolvedRun, RunConfig, SimulatorSetup
from eligibench.evaluation.run.protocol import DEFAULT_EDITION, DatasetUse, Protocol, is_reference, model_label
from eligibench.evaluation.run.protocol import simulator_label as protocol_simulator_label
from eligibench.evaluation.run.seeds import seed_table
from eligibench.evaluation.run.simulator_identity import with_identity
from eligibench.evaluation.user import FREE_FORM
from eligibench.models import ModelSpec, model_identity
from eligibench.results import RunSpec, code_hash

# The params keys (under `evaluate`) a resolved run reads, so its identity can depend on them.
# Every one must be a DVC param of each stage that resolves runs (tests/pipeline/test_dvc_deps.py).
IDENTITY_KEYS = ("simulator", "simulator_mode", "agent_model", "runs", "subset", "subset_select", "max_questions",
                 "trials", "seed", "budget", "call_timeout_s", "agent_memory_mb", "edition")


def role_specs(manifest: Manifest, config: EvalConfig, run: RunConfig) -> dict[str, ModelSpec]:
    """The model spec serving each role the manifest declares: the run configuration's spec for
    that role, else `evaluate.agent_model`."""
    declared = dict(manifest.models or {})
    extra = sorted(set(run.models) - set(declared))
    if extra:
        raise SubmissionError(f"params.yaml: run configuration {run.name!r} sets models for role(s) {extra}, but "
                              f"{manifest.name}'s manifest declares {sorted(declared) or 'no roles'}")
    specs = {role: run.models.get(role, config.agent_model) for role in declared}
    for role, wanted in declared.items():
        served = specs[role]
        # a name other than "default" is a request the run must honour or refuse, never ignore
        if wanted != "default" and wanted not in (served.model, f"{served.backend}:{served.model}"):
            raise SubmissionError(f"{manifest.folder}/manifest.yaml: field 'models': role {role!r} asks for "
                                  f"{wanted!r}, but this run serves {served.backend}:{served.model} for it: write "
                                  f"'default' (the run's model) or give a run configuration in params.yaml "
                                  f"'evaluate.runs' that serves {wanted!r}")
    return specs


def run_options(manifest: Manifest, run: RunConfig) -> dict[str, Any]:
    """The options an agent gets: its manifest's, with the run configuration's over them."""
    return {**dict(manifest.options or {}), **dict(run.options)}


def simulator_setup(config: EvalConfig, stand_in_label: str | None = None) -> SimulatorSetup:
    """The run's simulated user from the params (or a named stand-in, which plays free-form)."""
    if stand_in_label is not None:
        return SimulatorSetup(FREE_FORM, stand_in_label, stand_in_label, False, stand_in=True)
    s, mode = config.simulator, config.simulator_mode
    base = f"{s.backend}:{s.model}@t{s.temperature}/s{s.seed}"
    # free-form labels stay as they were, so v1-comparable runs keep their ids; a grounded mode
    # that calls no model is labelled by the mode alone
    label = base if not mode.grounded else (f"{base} {mode.label}" if mode.uses_model else mode.label)
    protocol_base = protocol_simulator_label(s)
    protocol_label = (protocol_base if not mode.grounded
                      else (f"{protocol_base} {mode.label}" if mode.uses_model else mode.label))
    # the paper's reference simulator is free-form; a grounded mode over it is a custom simulator
    return SimulatorSetup(mode, label, protocol_label, is_reference(s) and not mode.grounded)


def load_briefs(dataset_dir: Path, data_version: str | None = None,
                edition: str = DEFAULT_EDITION) -> dict[str, OpportunityBrief]:
    """Requirement texts as published beside the rows (`opportunities` config, or the edition's
    `opportunities-2026-08`): what the agent is shown is the edition's own text."""
    table = read_columns(dataset_path(dataset_dir, config_name("opportunities", edition), data_version),
                         ["id", "name", "requirements"])
    return {d["id"]: OpportunityBrief(d["id"], d["name"], d["requirements"]) for d in table.to_pylist()}


def published_rows(config: EvalConfig, dataset_dir: Path, split: str = "public", project: Path = Path(".")
                   ) -> dict[str, list[Row]]:
    """The configured subset of each dataset of the run's edition (the public folder, or the sealed split)."""
    if split == "sealed":  # the official protocol: households built from the secret seed
        if config.edition not in sealed.SEALED_EDITIONS:
            raise ParamsError(f"params.yaml: 'evaluate.edition' is {config.edition!r}, but the sealed split is built "
                              f"for {', '.join(sealed.SEALED_EDITIONS)} only: evaluate it on the public split")
        secret = sealed.read_secret(edition=config.edition)
        return subset_rows(config, sealed.load_rows(project, secret.round, edition=config.edition))
    known = available()
    if config.edition not in known:  # before "build the datasets first", which would mislead (issue 36)
        raise ParamsError(f"params.yaml: 'evaluate.edition' is {config.edition!r}: no such edition "
                          f"(known: {', '.join(known)})")
    return load_rows(config, dataset_dir)


def resolve_run(config: EvalConfig, manifest: Manifest, run: RunConfig | None = None, *, split: str = "public",
                project: Path = Path("."), rows: Mapping[str, list[Row]] | None = None,
                stand_in_label: str | None = None) -> ResolvedRun:
    """The one place a run's settings are derived. `run`: the run configuration (default: the one
    named like the submission, else defaults); `rows`: evaluate these instead of the published
    subset; `stand_in_label`: a named test stand-in replaces the simulated user."""
    project = Path(project)
    if split not in sealed.SPLITS:
        raise ValueError(f"split is {split!r}, expected one of {sealed.SPLITS}")
    run = run or config.default_run(manifest.name)
    dataset_dir = project / paths.DATASET_DIR
    chosen = dict(rows) if rows is not None else published_rows(config, dataset_dir, split, project)
    frozen_rows = MappingProxyType({d: tuple(rs) for d, rs in chosen.items()})
    data_version = next(iter(r.data_version for rs in frozen_rows.values() for r in rs), "unknown")
    roles = role_specs(manifest, config, run)
    simulator = simulator_setup(config, stand_in_label)
    totals = dataset_totals(dataset_dir, data_version, config.edition)
    datasets = {d: DatasetUse(rs[0].data_version if rs else "unknown", len(rs), max(totals.get(d, len(rs)), len(rs)))
                for d, rs in frozen_rows.items()}
    # the configured simulator's backend even when its mode calls no model: grounded lexical/template
    # over the embedded spec is the CPU default, the labelled smoke protocol
    backend = "stand-in" if simulator.stand_in else config.simulator.backend
    # an unconstrained simulator changes the protocol; an agent role's decoding is the agent's
    # configuration (its role label says "unconstrained"), so agents on such endpoints stay comparable
    decoding = "constrained"
    if simulator.uses_model and not config.simulator.constrained:
        decoding = "unconstrained"
    protocol = Protocol(datasets, config.max_questions, config.trials, simulator.protocol_label, simulator.reference,
                        backend, split, decoding, config.edition, persona=simulator.mode.persona,
                        patience=simulator.mode.patience)
    # issue 31: the simulator's weights, quantization, sampling and prompt version, and its pin
    protocol = with_identity(protocol, config.simulator, simulator.mode, simulator.uses_model, config.edition, project)
    return ResolvedRun(
        config=config, run=run, manifest=manifest, split=split, rows=frozen_rows,
        briefs=MappingProxyType(load_briefs(dataset_dir, data_version, config.edition)),
        roles=MappingProxyType(roles), options=MappingProxyType(run_options(manifest, run)), simulator=simulator,
        protocol=protocol, data_version=data_version,
        seeds=MappingProxyType(seed_table(config.seed, config.trials, roles)),
    )


def run_identity(r: ResolvedRun) -> RunSpec:
    """The run's stored form, whose digest is its run id: the one function that builds a RunSpec
    from a run. Deliberately not read: `config.executor`, `concurrency`, `infra_retries`,
    `bootstrap`, `store`, `isolation` (where and how fast dialogs run, not what they compute; the
    run records its isolation in its own column). Same inputs, same id (tests/evaluation/test_run_id_pins.py)."""
    m, c = r.manifest, r.config
    params = {
        "subset": dict(c.subset), "subset_select": c.subset_select,
        "trials": c.trials, "seed": c.seed, "max_questions": c.max_questions,
        "simulator_max_tokens": c.simulator.max_tokens,
        "split": r.split,  # public (development) and sealed runs are never ranked together
        "call_timeout_s": c.call_timeout_s, "agent_memory_mb": c.agent_memory_mb,
        "budget": asdict(c.budget),
        "models": {role: model_identity(s) for role, s in sorted(r.roles.items())},
        "simulator_id": model_identity(c.simulator) if r.simulator.uses_model else r.simulator.label,
        "options": dict(r.options), "trial_seeds": {k: dict(v) for k, v in r.seeds.items()},
    }
    if r.simulator.mode.grounded:
        params["simulator_mode"] = r.simulator.mode.label
    return RunSpec(
        submission=m.name,
        agent_models={role: f"{s.backend}:{s.model}" for role, s in r.roles.items()},
        simulator=r.simulator.label,
        params=params,
        data_version=r.data_version, datasets=tuple(r.rows), trials=c.trials,
        extra={"strategy": m.strategy, "authors": list(m.authors), "license": m.license,
               "code_sha256": code_hash(m.folder), "run_config": r.run.name},
        run_config=r.run.name,
        role_models={role: model_label(s) for role, s in r.roles.items()},
        protocol_id=r.protocol.protocol_id,
        protocol=r.protocol.to_json(),
    )
