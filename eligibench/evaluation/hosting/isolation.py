"""Who may run without the jail: the isolation policy of agent hosting (params.yaml
`evaluate.isolation`, docs/integrity.md). The jail itself (bubblewrap, limits, the wire, killing
the group) is `eligibench.jail`, shared with the generated-code sandbox.

`isolation_for(policy, folder, project)` is the rule:

- `jail`: every agent runs inside bubblewrap; without it, none runs.
- `auto` (the default): with bubblewrap, every agent runs inside it; without it, only a reference
  agent runs, unjailed, and the run records `none (reference agent)`. A reference agent is a
  folder `<project>/submissions/<name>` that git tracks and whose files are exactly the committed
  ones (`why_not_reference`): the repository's own code, as shipped. A folder anywhere else, one
  installed by `benyfits submit` or an upload (untracked), a modified or symlinked reference, or a
  project that is not a git checkout is not a reference. Agents that arrive from outside (submit's
  smoke dialog, the queue worker, `check_loads`) are evaluated under `jail` whatever the params say.
- `development` (never in params.yaml: `benyfits evaluate` picks it for your own folder, one that
  is not a submission: outside `submissions/` and not named like a submission there): as `auto`,
  but without bubblewrap the folder runs unjailed and the run records `none (development)`. It
  is your own code on your own machine (as tau2-bench and Inspect run it); the jail protects the
  board's operator from code they did not write, and such runs live in the local store, which the
  board never reads.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from eligibench import system
from eligibench.jail import require_bwrap
from eligibench.results import DEVELOPMENT as DEVELOPMENT  # re-exported as isolation.DEVELOPMENT
from eligibench.results import JAILED, SERVICE_NOT_INSPECTED, UNJAILED
from eligibench.results import (
    NO_AGENT_PROCESS as NO_AGENT_PROCESS,  # re-exported: isolation.X is how a run was isolated
)

SERVICE = SERVICE_NOT_INSPECTED  # an A2A agent (docs/agent-services.md): its code ran elsewhere, never seen

# How a run's agents were isolated, as recorded on the run (results store `runs.isolation`).
BUBBLEWRAP = JAILED
POLICIES = ("auto", "jail")  # params.yaml evaluate.isolation
DEVELOPMENT_POLICY = "development"  # benyfits evaluate of your own folder (not a submission); never from params
# what a run may record when its agent process ran without the jail (the host starts it unjailed)
RUNS_UNJAILED = (UNJAILED, DEVELOPMENT)


def why_not_reference(folder: Path, project: Path) -> str | None:
    """None when `folder` is a reference agent shipped in the repository: `<project>/submissions/<name>`
    (symlinks resolved), tracked by git, its files exactly the committed ones (no change, no
    untracked file; git-ignored files such as __pycache__ do not count). Else the reason it is not.

    git decides because it is what "shipped in the repository" means: `benyfits submit` and
    uploads install into `submissions/` too, untracked; committing a folder is shipping it."""
    project = Path(project).resolve()
    folder = Path(folder).resolve()
    own = project / "submissions"
    if folder.parent != own:
        return f"{folder} is not a folder of {own}"
    git = shutil.which("git")
    if git is None:
        return "git is not installed, so the folder cannot be checked against the repository"
    rel = f"submissions/{folder.name}"

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([git, "-C", str(project), *args, "--", rel], capture_output=True, text=True, timeout=60)

    tracked = run("ls-files", "-z")
    if tracked.returncode != 0:
        return f"{project} is not a git checkout ({tracked.stderr.strip().splitlines()[-1] if tracked.stderr.strip() else 'git ls-files failed'})"
    if not tracked.stdout:
        return f"{rel} is not in the repository (not committed)"
    status = run("status", "--porcelain", "--untracked-files=all")
    if status.returncode != 0:
        return f"git status failed in {project}"
    changed = [line[3:].removeprefix(rel + "/") for line in status.stdout.splitlines() if line.strip()]
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"{rel} differs from the committed reference ({', '.join(changed[:3])}{more})"
    return None


def isolation_for(policy: str, folder: Path, project: Path, agent: str = "") -> str:
    """How an agent in `folder` will run under `policy` (POLICIES or DEVELOPMENT_POLICY): BUBBLEWRAP
    when bwrap is there, UNJAILED for a reference agent under `auto` without it, DEVELOPMENT for
    any other folder under `development` without it; else IsolationUnavailable
    naming the package, the agent and why it may not run unjailed. Decided once per run, before
    any model server starts."""
    if policy not in (*POLICIES, DEVELOPMENT_POLICY):
        raise ValueError(f"isolation policy {policy!r}, expected one of {(*POLICIES, DEVELOPMENT_POLICY)}")
    if system.bwrap_path() is not None:
        return BUBBLEWRAP
    why = "evaluate.isolation is jail" if policy == "jail" else why_not_reference(folder, project)
    if why is None:
        return UNJAILED
    if policy == DEVELOPMENT_POLICY:
        return DEVELOPMENT
    require_bwrap(agent or str(folder), why)
    raise AssertionError("unreachable: require_bwrap raises when bwrap is missing")
