"""Deterministic, crash-safe file writing: same content, same bytes; never a half-written file."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from eligibench.errors import BenyfitsError


def write_text(path: Path | str, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    os.replace(tmp, path)


def probe_writable(path: Path | str) -> Path:
    """The nearest existing folder of `path`, after a temporary file was created and removed there:
    raises OSError when `path` could not be created (under a file, /proc, a read-only folder), so a
    command can say so in one line before any work."""
    folder = Path(path)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise NotADirectoryError(20, "not a folder", str(folder))
    fd, probe = tempfile.mkstemp(dir=folder, prefix=".benyfits-probe-")
    os.close(fd)
    os.unlink(probe)
    return folder


def write_json(path: Path | str, obj: Any) -> None:
    write_text(path, json.dumps(obj, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def read_json(path: Path | str) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


MAX_YAML_BYTES = 1_000_000


class UnsafeYamlError(ValueError):
    """A YAML file that is not plain data: too large, not UTF-8, aliases, too deeply nested."""


def read_yaml(path: Path | str, max_bytes: int = MAX_YAML_BYTES, max_depth: int = 64) -> Any:
    """YAML as plain data, checked before anything expands: at most `max_bytes`, UTF-8, no
    anchors or aliases (a 600-byte alias bomb expands to gigabytes), nesting at most `max_depth`.
    Raises UnsafeYamlError (or FileNotFoundError) with a message naming the file and the problem."""
    import yaml

    path = Path(path)
    try:
        if path.is_dir():
            raise UnsafeYamlError(f"{path}: is a directory, expected a YAML file")
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as e:  # symlink loop, permissions, ...
        raise UnsafeYamlError(f"{path}: cannot be read: {e.strerror or e}") from None
    if len(data) > max_bytes:
        raise UnsafeYamlError(f"{path}: over {max_bytes} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UnsafeYamlError(f"{path}: not UTF-8 (byte {e.start})") from None
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = event.start_mark.line + 1
                raise UnsafeYamlError(f"{path}:{line}: anchors and aliases are not allowed")
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > max_depth:
                    raise UnsafeYamlError(f"{path}:{event.start_mark.line + 1}: nested deeper than {max_depth}")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        return yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise UnsafeYamlError(f"{path}: malformed YAML: {e}") from None


# -- folders a command writes ------------------------------------------------------------------
# A command that writes a folder (export-results, export-trajectories, new-agent) never deletes or
# overwrites a file it did not write. Its marker file lists the files it wrote there, so a second
# run may write over those (and remove the ones it no longer writes) and nothing else. Before,
# `export-results OUT` replaced OUT wholesale: the user's notes, and even the store being exported
# when it lived inside OUT, were deleted.
OUTPUT_MARKER = ".benyfits-output.json"


class OutputFolderError(BenyfitsError, ValueError):
    """A folder a command may not write into (one CLI line naming the folder or file)."""


def _owned(folder: Path, command: str) -> tuple[frozenset[str], bool]:
    """(files the command recorded in the folder's marker, whether a marker of `command` is there)."""
    marker = folder / OUTPUT_MARKER
    if not marker.is_file():
        return frozenset(), False
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset(), False
    if not isinstance(data, dict) or data.get("command") != command or not isinstance(data.get("files"), list):
        return frozenset(), False
    files = frozenset(f for f in data["files"] if isinstance(f, str) and f and not f.startswith(("/", "..")) and ".." not in Path(f).parts)
    return files, True


def _visible(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != OUTPUT_MARKER)


def check_output_folder(folder: Path | str, command: str, force: bool = False, *,
                        protect: tuple[Path | str, ...] = (), marker: bool = True) -> Path:
    """Refuse (OutputFolderError, one line) a folder `command` may not write: an existing file, a
    non-empty folder it did not create (no marker of `command`) unless `force`, a folder holding a
    `protect`ed path (the store the command reads) unless `force`. Checked before any work; the
    folder is created only when the files are written (`write_output_folder`), so a failing
    command leaves nothing behind. `marker=False` (new-agent: a folder the user goes on to edit):
    every existing non-empty folder needs `force`, and even then no existing file is written over."""
    folder = Path(folder)
    flag = f"{command} --force"
    if folder.exists() and not folder.is_dir():
        raise OutputFolderError(f"{folder}: is a file, expected a folder to write (choose a new folder name)")
    if not folder.exists():
        return folder
    try:
        present = _visible(folder)
    except OSError as e:
        raise OutputFolderError(f"{folder}: cannot be read: {e.strerror or e}") from None
    held = [Path(p) for p in protect if _inside(Path(p), folder)]
    if held and not force:
        raise OutputFolderError(f"{folder}: holds {held[0]}, the results store this command reads: choose another "
                                f"folder ({flag} writes beside it, never over it)")
    owned, ours = _owned(folder, command) if marker else (frozenset(), False)
    if present and not marker and not force:
        raise OutputFolderError(f"{folder}: already exists and is not empty ({present[0]}, ...): choose another name "
                                f"or folder, or {flag} to add its files beside them (none is overwritten)")
    if present and not ours and not force:
        raise OutputFolderError(f"{folder}: not empty and not written by {command} ({len(present)} entr"
                                f"{'y' if len(present) == 1 else 'ies'}, e.g. {present[0]}): choose a new or empty "
                                f"folder, or {flag} to write beside them (nothing there is deleted or overwritten)")
    return folder


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def write_output_folder(folder: Path | str, staging: Path | str, command: str, force: bool = False, *,
                        protect: tuple[Path | str, ...] = (), marker: bool = True) -> list[str]:
    """Move every file under `staging` into `folder` (same relative paths), after the checks of
    `check_output_folder`, plus one: a file already there that `command` did not write (its
    marker does not list it) is never written over, `force` or not. Files the marker lists that
    this run no longer writes are removed (they are the command's own); the marker is rewritten
    last. Returns the relative paths written. Each file lands by an atomic rename."""
    folder, staging = Path(folder), Path(staging)
    check_output_folder(folder, command, force, protect=protect, marker=marker)
    files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
    owned = _owned(folder, command)[0] if marker and folder.is_dir() else frozenset()
    guarded = {Path(p).resolve() for p in protect}
    for rel in files:
        target = folder / rel
        if folder.exists() and not _inside(target.parent, folder):  # data/ made a link to a folder of the user's
            raise OutputFolderError(f"{target}: its folder is a symbolic link out of {folder}: nothing was written "
                                    "(the files there are not this command's)")
        if target.resolve() in guarded:
            raise OutputFolderError(f"{target}: is the results store this command reads: never written over")
        if (target.exists() or target.is_symlink()) and rel not in owned:
            raise OutputFolderError(f"{target}: exists and was not written by {command}: nothing was written "
                                    "(move it away or choose another folder)")
        if marker and rel == OUTPUT_MARKER:
            raise OutputFolderError(f"{target}: the command's own marker name")
    folder.mkdir(parents=True, exist_ok=True)
    for rel in files:
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
        os.close(fd)
        os.replace(_copy(staging / rel, Path(tmp)), target)
    for rel in sorted(owned - set(files)):  # the command's own files from an earlier run, no longer written
        stale = folder / rel
        if stale.is_file() and not stale.is_symlink() and _inside(stale.parent, folder):
            stale.unlink()
    if marker:
        write_json(folder / OUTPUT_MARKER, {"command": command, "files": files,
                                            "note": f"files written by benyfits {command}; it writes over only these"})
    return files


def _copy(src: Path, dst: Path) -> Path:
    import shutil

    shutil.copyfile(src, dst)
    shutil.copymode(src, dst)  # mkstemp makes 0600; the file keeps the mode it was written with (a jailed agent's uid reads it)
    return dst
