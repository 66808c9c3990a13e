"""What the Ray executor needs on a cluster of several machines, beside scheduling the dialogs:

- **Token authentication.** A Ray cluster without it runs code for anyone who reaches its ports.
  Connecting to a running cluster (`evaluate.ray.address`, `$RAY_ADDRESS`) is refused unless
  this process runs with `RAY_AUTH_MODE=token` (Ray 2.52 or later); the cluster then refuses
  any client without its token (`tests/evaluation/test_queue_on_ray.py`). A one-node Ray the
  executor starts itself makes its own token (Ray's default since 2.52 when the mode is set).
- **The agent's folder travels in Ray's object store.** A queued submission lives under
  `submissions/` on the store's machine only; the worker nodes have the project checkout but
  not the uploads. The driver packs the folder once (a tar of its files, caches and links left
  out), it goes to the nodes with the run's kit (`ray.put`), and each node unpacks it once into
  `<project>/.benyfits-worker/<digest>/<name>/`, where the jailed agent process runs it.

  Not `runtime_env={"working_dir": ...}` or `py_modules`: Ray puts those folders on the task
  worker's `sys.path` (and makes working_dir its cwd), so an uploaded file named like a module
  the harness imports would run inside the Ray worker, outside the jail. The object store
  carries bytes only; the code runs where it runs today, inside bubblewrap on the node.
"""
from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import os
import shutil
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.errors import BenyfitsError

AUTH_MODE_ENV = "RAY_AUTH_MODE"
NODE_COPIES = Path(".benyfits-worker")  # under the project on each node: the unpacked agent folders
SKIP = frozenset({"__pycache__", ".git", ".pytest_cache", ".mypy_cache", ".ruff_cache"})


class ClusterUnauthenticated(BenyfitsError):
    """Connecting to a Ray cluster without token authentication."""


def require_token_auth(address: str) -> None:
    """Refuse to join the cluster at `address` unless this process uses Ray's token authentication."""
    mode = os.environ.get(AUTH_MODE_ENV, "")
    if mode.strip().lower() != "token":
        raise ClusterUnauthenticated(
            f"executor 'ray': joining the Ray cluster at {address} needs token authentication, but "
            f"${AUTH_MODE_ENV} is {mode or 'unset'!r} (expected 'token'): an unauthenticated cluster runs code for "
            "anyone who reaches it. Start every node and this command with RAY_AUTH_MODE=token and the cluster's "
            "token ($RAY_AUTH_TOKEN or ~/.ray/auth_token; `ray get-auth-token --generate`; docs/scale.md)")


@dataclass(frozen=True)
class ShippedFolder:
    """An agent folder as bytes: its name, the digest of its tar, the gzipped tar."""

    name: str
    digest: str
    archive: bytes

    @classmethod
    def pack(cls, folder: Path) -> "ShippedFolder":
        folder = Path(folder)
        if not folder.is_dir():
            raise BenyfitsError(f"executor 'ray': the agent folder {folder} does not exist on the driver's machine")

        def keep(info: tarfile.TarInfo) -> tarfile.TarInfo | None:
            if SKIP & set(Path(info.name).parts) or info.issym() or info.islnk():
                return None
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""  # same files, same digest
            return info

        raw = io.BytesIO()
        with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
            tar.add(folder, arcname=folder.name, filter=keep)
        data = raw.getvalue()
        return cls(folder.name, hashlib.sha256(data).hexdigest()[:24], gzip.compress(data, mtime=0))

    def unpack(self, project: Path) -> Path:
        """The folder on this node (unpacked once per digest; concurrent tasks race harmlessly)."""
        home = Path(project) / NODE_COPIES / self.digest
        target = home / self.name
        if target.is_dir():
            return target
        home.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".unpack-", dir=home))
        try:
            with tarfile.open(fileobj=io.BytesIO(gzip.decompress(self.archive)), mode="r:") as tar:
                tar.extractall(scratch, filter="data")  # no absolute paths, no escapes, no device files
            (scratch / self.name).chmod(0o755)  # the jail's user reads it (mkdtemp made its parent 0700)
            try:
                os.rename(scratch / self.name, target)  # atomic: another task never sees half a folder
            except OSError:
                if not target.is_dir():  # not a lost race: a real failure
                    raise
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        return target


@dataclass(frozen=True)
class ShippedKit:
    """A run's kit (executors.NodeKit) whose agent runs from the folder shipped with it."""

    kit: Any  # the session's DialogKit (a dataclass with `project` and `agent_folder`)
    folder: ShippedFolder

    def make_agent(self, trial: int = 0) -> Any:
        here = self.folder.unpack(self.kit.project)
        return dataclasses.replace(self.kit, agent_folder=here).make_agent(trial)

    def user_models(self, trials: Sequence[int]) -> Any:
        return self.kit.user_models(trials)

    def endpoints(self) -> Mapping[str, str]:
        return self.kit.endpoints()


def ship_agent(kit: Any) -> Any:
    """The kit with its agent's folder shipped, for an agent process; the kit itself for a service
    agent (nothing of it runs on the nodes) or a kit that names no folder."""
    resolved = getattr(kit, "resolved", None)
    if resolved is None or not dataclasses.is_dataclass(kit) or resolved.manifest.is_service:
        return kit
    return ShippedKit(kit, ShippedFolder.pack(kit.agent_folder or resolved.manifest.folder))
