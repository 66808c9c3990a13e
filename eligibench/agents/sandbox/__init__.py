"""A sandbox for untrusted generated code (ProADA's decision functions).

- `policy`: an AST allow-list; `validate(code)` raises PolicyError naming each violation's line.
- `worker`: the long-lived process (`python -m eligibench.agents.sandbox.worker`) that runs validated code
  with restricted builtins under memory / CPU limits; a missing fact comes back as a result.
- `runner`: `Sandbox`, which starts the worker, enforces a wall-clock timeout per call (kill and
  restart) and returns `SandboxResult(ok, value, error_kind, message, key, member, ...)`.
"""
from eligibench.agents.sandbox.policy import (
           ALLOWED_BUILTINS,
           FORBIDDEN_NAMES,
           SAFE_METHODS,
           PolicyError,
           Violation,
           function_arity,
           validate,
)
from eligibench.agents.sandbox.runner import ERROR_KINDS, WORKER_ARGV, Sandbox, SandboxError, SandboxResult

__all__ = [
    "ALLOWED_BUILTINS",
    "ERROR_KINDS",
    "FORBIDDEN_NAMES",
    "PolicyError",
    "SAFE_METHODS",
    "Sandbox",
    "SandboxError",
    "SandboxResult",
    "Violation",
    "WORKER_ARGV",
    "function_arity",
    "validate",
]
