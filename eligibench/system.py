"""System packages the product uses, found in one place: bubblewrap (the agent jail) and Chromium
(the browser the leaderboard's end-to-end tests and benchmarks drive).

Each tool can be pointed at by an environment variable, as a user would: `BENYFITS_BWRAP`, the
bwrap binary; `BENYFITS_CHROMIUM`, the chromium binary. A variable set to a path that is not an
executable file means the tool is missing (CI sets one to /nonexistent to prove the bare-machine
path on a machine that has the package). Unset, the tool is looked up on PATH by its usual names.

`find(tool)` -> the executable's path or None; `install_hint(tool)` -> the one line that
installs it (`apt-get install bubblewrap`).
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass


@dataclass(frozen=True)
class SystemTool:
    """A Debian package the product may need, and how its binary is found."""

    name: str  # what a person calls it ("bubblewrap")
    package: str  # the Debian package that installs it
    env: str  # the variable that names its binary (a missing path = the tool is missing)
    executables: tuple[str, ...]  # names looked up on PATH when the variable is unset
    needed_for: str  # what the product does with it (said in messages)


BWRAP = SystemTool("bubblewrap", "bubblewrap", "BENYFITS_BWRAP", ("bwrap",),
                   "the jail that submitted agents run in (docs/integrity.md)")
CHROMIUM = SystemTool("Chromium", "chromium", "BENYFITS_CHROMIUM", ("chromium", "chromium-browser"),
                      "the browser the leaderboard's end-to-end tests drive")
TOOLS = (BWRAP, CHROMIUM)


def find(tool: SystemTool) -> str | None:
    """The tool's executable: the path its variable names (None when that is not an executable
    file), else the first of its names on PATH, else None."""
    named = os.environ.get(tool.env)
    if named is not None and named.strip():
        return named if os.path.isfile(named) and os.access(named, os.X_OK) else None
    for exe in tool.executables:
        path = shutil.which(exe)
        if path:
            return path
    return None


def install_hint(tool: SystemTool) -> str:
    return f"apt-get install {tool.package}"


def missing_message(tool: SystemTool, why: str = "") -> str:
    """One line: what is missing, for what, and the command that installs it (or the variable
    that hides it, when that is why it is missing)."""
    named = os.environ.get(tool.env)
    where = (f" ({tool.env}={named} is not an executable file)" if named is not None and named.strip()
             else "")
    return (f"{tool.name} is not installed{where}: {why or tool.needed_for}; install the Debian package "
            f"`{tool.package}` ({install_hint(tool)})")


def bwrap_path() -> str | None:
    return find(BWRAP)


def chromium_path() -> str | None:
    return find(CHROMIUM)
