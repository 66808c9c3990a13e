"""`load_run`: the one way from a project's params to a resolved run.

Before this module every caller rebuilt the chain params.load -> read_config -> load_manifest ->
resolve_run by hand (the evaluate and generate stages, `benyfits evaluate` and `benyfits play`,
the leaderboard's play tab, the queue worker), each with its own idea of where params.yaml and
the submission folder are. Now a run is named by what the caller has: a run configuration name
(`evaluate.runs`), a submission folder, or an already loaded manifest (the human stand-in).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from eligibench import params, paths
from eligibench.datasets import Row
from eligibench.evaluation.hosting import Manifest, load_manifest
from eligibench.evaluation.run.config import check_config, read_config
from eligibench.evaluation.run.model import EvalConfig, ResolvedRun
from eligibench.evaluation.run.resolve import resolve_run


def load_config(project: Path | str = Path("."), overrides: Mapping[str, Any] | None = None,
                params_file: Path | str | None = None) -> EvalConfig:
    """The project's `evaluate` params, validated; `overrides` are `evaluate` keys set over the
    file's, a dotted key (`ray.address`) reaching into a mapping (the small-run flags of
    `benyfits evaluate`); `params_file` defaults to `<project>/params.yaml`."""
    path = Path(params_file) if params_file is not None else Path(project) / paths.PARAMS
    raw = params.load(path)
    if overrides:
        raw = {**raw, "evaluate": _set_over(dict(params.optional_section(raw, "evaluate")), overrides)}
    return read_config(raw)


def _set_over(section: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """`section` with each override set (copies: the loaded params are not changed)."""
    for key, value in overrides.items():
        head, _, rest = key.partition(".")
        if rest:
            inner = section.get(head)
            section[head] = _set_over(dict(inner) if isinstance(inner, Mapping) else {}, {rest: value})
        else:
            section[head] = value
    return section


def load_run(source: str | Path | Manifest, project: Path | str = Path("."),
             overrides: Mapping[str, Any] | None = None, *, run: str | None = None,
             config: EvalConfig | None = None, params_file: Path | str | None = None, split: str = "public",
             rows: Mapping[str, list[Row]] | None = None, stand_in_label: str | None = None) -> ResolvedRun:
    """One run, resolved. `source`: a run configuration name (str: `evaluate.runs.<name>`, its
    submission under `<project>/submissions/`), a submission folder (Path) or a loaded manifest.
    `run` picks a run configuration for a folder or manifest (default: the one named like the
    submission, else defaults). `config`: an `evaluate` section already read (then
    `overrides`/`params_file` are not read), checked again here (`config.check_config`): a caller
    may have changed it since."""
    project = Path(project)
    config = check_config(config) if config is not None else load_config(project, overrides, params_file)
    if isinstance(source, str):
        if run is not None:
            raise ValueError(f"load_run({source!r}): a run configuration name was given twice (run={run!r})")
        chosen = config.run(source)
        manifest = load_manifest(project / paths.SUBMISSIONS / chosen.submission)
    else:
        manifest = source if isinstance(source, Manifest) else load_manifest(Path(source))
        chosen = config.run(run) if run is not None else None
    return resolve_run(config, manifest, chosen, split=split, project=project, rows=rows,
                       stand_in_label=stand_in_label)
