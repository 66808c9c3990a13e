"""Preflight: before a run spends hours, confirm every role's endpoint can do what the run needs.

    problems = preflight({"simulator": sim_spec, "dialog": agent_spec})
    check_preflight(specs)   # raises PreflightError listing every problem

For each role: the endpoint answers; it serves the configured model (GET /models); a tiny chat
request with the spec's response_format style and a one-value enum schema comes back valid
(needs_json_schema, constrained specs only: an "unconstrained" spec has declared that it gets no
schema); the seed is accepted (needs_seed, when the spec sends one). Each Problem names the role,
the model, the endpoint and what is missing. A spec with replicas is checked replica by replica
(`_check_replicas`: a replica down is fine while another answers). Specs must already carry their base_url for server
backends (attach_servers first); requests use no retries and a short timeout.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from eligibench.models.types import ModelConfigError, ModelError, ModelRequestError, ModelSpec

PROBE_SCHEMA = {
    "type": "object",
    "properties": {"status": {"type": "string", "enum": ["ready"]}},
    "required": ["status"],
    "additionalProperties": False,
}
PROBE_MESSAGES = [{"role": "user", "content": 'Reply with JSON {"status": "ready"}.'}]


@dataclass(frozen=True)
class Problem:
    role: str
    model: str
    endpoint: str
    what: str  # "unreachable", "config", "model not served", "json schema", "seed", "chat"
    detail: str

    def __str__(self) -> str:
        return f"role {self.role!r} ({self.model} at {self.endpoint}): {self.what}: {self.detail}"


class PreflightError(ModelError):
    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("model preflight failed:\n" + "\n".join(f"- {p}" for p in self.problems))


def preflight(
    specs: Mapping[str, ModelSpec],
    needs_json_schema: bool = True,
    needs_seed: bool = True,
    timeout_s: float = 60.0,
) -> list[Problem]:
    """Every problem found, for every role (empty: the run can start)."""
    problems: list[Problem] = []
    for role, spec in specs.items():
        if spec.replicas:
            problems += _check_replicas(role, spec, needs_json_schema, needs_seed, timeout_s)
        else:
            problems += _check_role(role, spec, needs_json_schema, needs_seed, timeout_s)
    return problems


def _check_replicas(role: str, spec: ModelSpec, needs_json_schema: bool, needs_seed: bool,
                    timeout_s: float) -> list[Problem]:
    """Each replica is checked like a one-endpoint spec. A replica that answers but serves another
    model or refuses what the run needs is a problem (it would answer differently); one that does
    not answer is not, while another one does: the run's replica pool takes it out and re-probes it."""
    found = [_check_role(role, replace(spec, base_url=url, replicas=()), needs_json_schema, needs_seed, timeout_s)
             for url in spec.replicas]
    if all(any(p.what == "unreachable" for p in ps) for ps in found):
        return [p for ps in found for p in ps]  # none is left: the run cannot start
    return [p for ps in found for p in ps if p.what != "unreachable"]


def check_preflight(specs: Mapping[str, ModelSpec], **kwargs) -> None:
    problems = preflight(specs, **kwargs)
    if problems:
        raise PreflightError(problems)


def _check_role(role: str, spec: ModelSpec, needs_json_schema: bool, needs_seed: bool,
                timeout_s: float) -> list[Problem]:
    from eligibench.models.constrained import InvalidReply, parse_json_reply
    from eligibench.models.factory import make_model
    from eligibench.models.openai_compat import OpenAICompatModel

    probe = replace(spec, retries=0, timeout_s=min(spec.timeout_s, timeout_s))
    endpoint = spec.base_url or "(default endpoint)"

    def problem(what: str, detail: str) -> Problem:
        return Problem(role, spec.model, endpoint, what, " ".join(str(detail).split())[:500])

    try:
        model = make_model(probe)
    except ModelConfigError as exc:
        return [problem("config", exc)]
    except ModelError as exc:  # the server backends check health on construction
        return [problem("unreachable", exc)]
    if not isinstance(model, OpenAICompatModel):
        model.close()
        return []
    endpoint = model.base_url
    out: list[Problem] = []
    with model:
        try:
            served = [m.id for m in model.client.models.list().data]
        except Exception as exc:  # noqa: BLE001 - openai's connection and status errors alike
            kind = "unreachable" if _is_connection_error(exc) else "model not served"
            return [problem(kind, f"GET {endpoint}/models failed: {type(exc).__name__}: {exc}")]
        missing = _not_served(spec, served, endpoint)
        if missing:
            out.append(problem("model not served", missing))
        try:
            model.chat(PROBE_MESSAGES, max_tokens=8)
        except ModelRequestError as exc:
            if needs_seed and spec.constrained and spec.seed is not None and _works_without_seed(probe):
                out.append(problem("seed", f"the endpoint rejects the 'seed' field ({exc}); the run needs "
                                           "seeded sampling (or set decoding: unconstrained)"))
            else:
                out.append(problem("chat", f"a plain chat request was rejected: {exc}"))
            return out
        except ModelError as exc:
            out.append(problem("unreachable", f"a plain chat request failed: {exc}"))
            return out
        if needs_json_schema and spec.constrained:
            try:
                reply = model.chat(PROBE_MESSAGES, json_schema=PROBE_SCHEMA, max_tokens=24)
                parse_json_reply(reply.text, PROBE_SCHEMA)
            except (ModelError, InvalidReply) as exc:
                out.append(problem(
                    "json schema",
                    f"a request with response_format style {model.response_format_style!r} and a one-value "
                    f"enum schema did not come back valid ({type(exc).__name__}: {exc}); set "
                    "ModelSpec.response_format to the style the endpoint accepts, or decoding: unconstrained",
                ))
    return out


def _works_without_seed(spec: ModelSpec) -> bool:
    from eligibench.models.factory import make_model

    try:
        with make_model(replace(spec, seed=None)) as m:
            m.chat(PROBE_MESSAGES, max_tokens=8)
        return True
    except ModelError:
        return False


def _not_served(spec: ModelSpec, served: list[str], endpoint: str) -> str | None:
    from eligibench.models.registry import backend

    return backend(spec.backend).not_served(spec, served, endpoint)


def _is_connection_error(exc: BaseException) -> bool:
    import openai

    return isinstance(exc, (openai.APIConnectionError, ConnectionError, TimeoutError))
