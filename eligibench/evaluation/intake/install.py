"""Submission folders: safety checks, installing one into `submissions/`, and queueing it."""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from eligibench.evaluation.hosting import Manifest, SubmissionError, load_manifest

IGNORED = (".git", "__pycache__", ".mypy_cache", ".pytest_cache", ".ipynb_checkpoints", ".DS_Store")
MAX_FOLDER_FILES = 500
MAX_FOLDER_BYTES = 50 * 1024 * 1024


def check_folder(folder: Path, max_files: int = MAX_FOLDER_FILES, max_bytes: int = MAX_FOLDER_BYTES) -> tuple[int, int]:
    """Files and bytes of a submission folder; refuses symlinks that leave it and oversize folders."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SubmissionError(f"{folder}: not a folder")
    root = os.path.realpath(folder)
    files = size = 0
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=False):
        dirnames[:] = [d for d in dirnames if d not in IGNORED]
        for name in dirnames + filenames:
            if name in IGNORED:
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, folder)
            if os.path.islink(path):
                target = os.path.realpath(path)
                if target != root and not target.startswith(root + os.sep):
                    raise SubmissionError(f"{folder}: symlink {rel} -> {os.readlink(path)} points outside "
                                          "the submission folder")
                if os.path.isdir(path):
                    raise SubmissionError(f"{folder}: symlink {rel} points to a folder: copy the folder instead")
            if name in filenames:
                if not os.path.isfile(path):
                    raise SubmissionError(f"{folder}: {rel} is not a regular file")
                files += 1
                size += os.path.getsize(path)
    if files > max_files:
        raise SubmissionError(f"{folder}: {files} files, more than the limit of {max_files}")
    if size > max_bytes:
        raise SubmissionError(f"{folder}: {size / 1e6:.1f} MB, more than the limit of {max_bytes / 1e6:.1f} MB")
    return files, size


@dataclass(frozen=True)
class Installed:
    name: str
    path: Path
    queue_id: int


def install_submission(folder: Path, submissions_root: Path, store, move: bool = False,
                       manifest: Manifest | None = None) -> Installed:
    """Put a validated folder at submissions_root/<name> and queue it.

    The name is claimed atomically (mkdir); an existing submission of that name is an error. With
    move=True the folder's contents are renamed into place (an unpacked upload); otherwise copied.
    A folder that already IS submissions_root/<name> is only queued.
    """
    folder = Path(folder)
    manifest = manifest or load_manifest(folder)
    submissions_root = Path(submissions_root)
    dest = submissions_root / manifest.name
    created = False
    if folder.resolve() != dest.resolve():
        submissions_root.mkdir(parents=True, exist_ok=True)
        try:
            dest.mkdir()
            created = True
        except FileExistsError:
            raise SubmissionError(f"a submission named {manifest.name!r} already exists in {submissions_root}/: "
                                  "choose another name in manifest.yaml") from None
        try:
            if move:
                for child in folder.iterdir():
                    os.rename(child, dest / child.name)
            else:
                shutil.copytree(folder, dest, dirs_exist_ok=True, symlinks=False,
                                ignore=shutil.ignore_patterns(*IGNORED))
            load_manifest(dest)
        except BaseException:
            shutil.rmtree(dest, ignore_errors=True)
            raise
    try:
        queue_id = store.enqueue(manifest.name, str(dest))
    except Exception as e:
        if created:  # a busy store must not leave the name taken by an unqueued folder
            shutil.rmtree(dest, ignore_errors=True)
        raise SubmissionError(f"could not queue {manifest.name!r} ({type(e).__name__}: {e}); nothing was installed: "
                              "try again" if created else f"could not queue {manifest.name!r}: {e}") from e
    return Installed(manifest.name, dest, queue_id)


def replace_submission(folder: Path, submissions_root: Path, store, manifest: Manifest | None = None) -> Installed:
    """Install a new version of one's own submission over the installed one and queue it.

    Own = the installed manifest lists the same authors (the only identity a folder carries). The
    old folder is set aside and restored if installing fails, so nothing is lost; its runs stay
    in the store (the new code has a new code hash, hence a new run id)."""
    folder = Path(folder)
    manifest = manifest or load_manifest(folder)
    dest = Path(submissions_root) / manifest.name
    if not dest.exists() or folder.resolve() == dest.resolve():
        return install_submission(folder, submissions_root, store, manifest=manifest)
    old = load_manifest(dest)
    if sorted(old.authors) != sorted(manifest.authors):
        raise SubmissionError(f"{dest} belongs to {', '.join(old.authors)}, not {', '.join(manifest.authors)}: "
                              "--replace only replaces one's own submission (same authors); choose another name")
    aside = dest.with_name(f".{manifest.name}.replaced")
    shutil.rmtree(aside, ignore_errors=True)
    os.rename(dest, aside)
    try:
        installed = install_submission(folder, submissions_root, store, manifest=manifest)
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(aside, dest)
        raise
    shutil.rmtree(aside, ignore_errors=True)
    return installed
