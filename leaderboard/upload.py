"""Zipped submissions from the web page: checked, unpacked safely, installed and queued.

Refused, each with a message that says what and where:
- not a ZIP archive, encrypted entries, an archive larger than ``max_zip_bytes``;
- more than ``max_files`` entries, or more than ``max_unpacked_bytes`` when unpacked (declared
  sizes are checked first, then actual bytes are counted while writing: a lying header cannot
  inflate past the limit);
- absolute paths (``/x``, ``C:/x``, ``\\\\server``), backslashes, ``..`` components, NUL bytes
  (checked in the name as stored: zipfile cuts it at the first NUL), control and bidirectional
  characters (a newline, U+202E); entries flagged encrypted in the central or the local header;
- symlinks (those that point outside the folder are named as such) and any other special file;
- no ``manifest.yaml`` at the top of the archive or inside its single top folder;
- an invalid manifest or entry point (``eligibench.evaluation.hosting.manifest.load_manifest``);
- a name that is already taken in ``submissions/``;
- a corrupt archive: bad CRC, sizes that lie, an unknown compression method, truncated data,
  over-long names (each part at most 255 bytes, the path at most 1024): every zipfile, zlib and
  OS error while reading becomes an UploadError with a plain message naming the entry;
- a busy results store: the installed folder is removed again, so the name is not burnt.

The archive is unpacked into a private staging folder inside the submissions folder (so the final
move is a rename) whose name starts with a dot and whose files sit one level down, so nothing
that lists submissions ever sees a half-unpacked one.
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
import unicodedata
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from eligibench import params
from eligibench.evaluation.hosting import SubmissionError, check_loads, enforced, load_manifest, policy_from_params
from eligibench.evaluation.intake import Installed, install_submission

SKIPPED = ("__MACOSX",)
SKIPPED_FILES = (".DS_Store",)
_DRIVE = re.compile(r"^[A-Za-z]:")
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 1024
# What reading a corrupt archive can raise: each becomes an UploadError (never a traceback).
ZIP_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, zlib.error, EOFError, OSError,
              RuntimeError, ValueError, UnicodeError, OverflowError)


class UploadError(SubmissionError):
    """An uploaded archive that cannot be accepted (the message is shown to the submitter)."""


@dataclass(frozen=True)
class Limits:
    max_zip_bytes: int = 5 * 1024 * 1024
    max_unpacked_bytes: int = 20 * 1024 * 1024
    max_files: int = 200

    def describe(self) -> str:
        return (f"ZIP up to {self.max_zip_bytes / 2**20:g} MB, at most {self.max_files} files and "
                f"{self.max_unpacked_bytes / 2**20:g} MB unpacked")


def _mb(n: int) -> str:
    return f"{n / 2**20:.1f} MB"


def _member_parts(info: zipfile.ZipInfo) -> tuple[str, ...]:
    name = info.filename
    # zipfile cuts a name at its first NUL (`a\0\0\0b.py` reads as `a`): check the name as stored
    raw = getattr(info, "orig_filename", name)
    if "\x00" in raw:
        raise UploadError(f"entry {raw!r}: NUL byte in the file name")
    odd = next((c for c in raw if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")), None)
    if odd is not None:
        # control characters (newlines, ...) and invisible or bidirectional formatting (U+202E
        # reverses what a reader sees): a file name must read as what it is
        raise UploadError(f"entry {raw!r}: control or bidirectional character U+{ord(odd):04X} in the file name")
    if name.startswith(("/", "\\")) or _DRIVE.match(name):
        raise UploadError(f"entry {name!r}: absolute paths are not allowed")
    if "\\" in name:
        raise UploadError(f"entry {name!r}: backslashes are not allowed in paths (use '/')")
    parts = tuple(p for p in PurePosixPath(name).parts if p not in ("", "."))
    if ".." in parts:
        raise UploadError(f"entry {name!r}: '..' would escape the submission folder (path traversal)")
    if len(name.encode("utf-8", "surrogateescape")) > MAX_PATH_BYTES or any(
            len(p.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES for p in parts):
        raise UploadError(f"entry {name[:60]!r}...: name too long (at most {MAX_NAME_BYTES} bytes per part, "
                          f"{MAX_PATH_BYTES} in all)")
    return parts


ENCRYPTED = 0x1 | 0x40  # traditional and strong encryption flags


def _local_flags(zf: zipfile.ZipFile, info: zipfile.ZipInfo) -> int:
    """The flags of the entry's local header (zipfile trusts the central directory's; an archive
    may flag an entry encrypted in one and not the other)."""
    zf.fp.seek(info.header_offset)
    header = zf.fp.read(8)
    if len(header) < 8 or header[:4] != b"PK\x03\x04":
        raise UploadError(f"entry {info.filename!r}: the archive is corrupt or unsupported: bad local header")
    return int.from_bytes(header[6:8], "little")


def _kind(info: zipfile.ZipInfo) -> str:
    mode = info.external_attr >> 16
    if info.create_system == 3 and mode:  # Unix attributes present
        if stat.S_ISLNK(mode):
            return "symlink"
        if stat.S_ISDIR(mode):
            return "dir"
        if stat.S_ISREG(mode) or stat.S_IFMT(mode) == 0:
            return "dir" if info.is_dir() else "file"
        return "special"
    return "dir" if info.is_dir() else "file"


def _symlink_error(zf: zipfile.ZipFile, info: zipfile.ZipInfo, parts: tuple[str, ...]) -> UploadError:
    target = zf.read(info)[:1024].decode("utf-8", "replace")
    escapes = target.startswith(("/", "\\")) or bool(_DRIVE.match(target))
    depth = len(parts) - 1  # folders above the link inside the archive
    for p in PurePosixPath(target.replace("\\", "/")).parts:
        if p == "..":
            depth -= 1
            if depth < 0:
                escapes = True
                break
        elif p not in ("", "."):
            depth += 1
    if escapes:
        return UploadError(f"entry {info.filename!r}: symlink to {target!r} escapes the submission folder")
    return UploadError(f"entry {info.filename!r}: symlinks are not allowed (it points to {target!r}); "
                       "put the file itself in the archive")


def check_zip(path: str | Path, limits: Limits = Limits()) -> list[tuple[zipfile.ZipInfo, tuple[str, ...]]]:
    """Every check that needs no unpacking; returns the regular files to extract with their parts."""
    try:
        return _check_zip(Path(path), limits)
    except UploadError:
        raise
    except ZIP_ERRORS as e:
        raise UploadError(f"the archive is corrupt or unsupported: {_plain(e)}") from None


def _plain(e: BaseException) -> str:
    if isinstance(e, NotImplementedError):
        return f"unsupported compression method ({e})"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror
    return str(e)[:200] or type(e).__name__


def _check_zip(path: Path, limits: Limits) -> list[tuple[zipfile.ZipInfo, tuple[str, ...]]]:
    size = path.stat().st_size
    if size > limits.max_zip_bytes:
        raise UploadError(f"the archive is {_mb(size)}, more than the limit of {_mb(limits.max_zip_bytes)}")
    if not zipfile.is_zipfile(path):
        raise UploadError("not a ZIP archive: zip the submission folder (manifest.yaml + code) and upload the .zip")
    files: list[tuple[zipfile.ZipInfo, tuple[str, ...]]] = []
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
        if len(infos) > limits.max_files:
            raise UploadError(f"the archive has {len(infos)} entries, more than the limit of {limits.max_files} files")
        declared = 0
        seen: set[tuple[str, ...]] = set()
        for info in infos:
            parts = _member_parts(info)
            if not parts or parts[0] in SKIPPED or parts[-1] in SKIPPED_FILES:
                continue
            if info.flag_bits & ENCRYPTED or _local_flags(zf, info) & ENCRYPTED:
                raise UploadError(f"entry {info.filename!r}: encrypted entries are not allowed")
            kind = _kind(info)
            if kind == "symlink":
                raise _symlink_error(zf, info, parts)
            if kind == "special":
                raise UploadError(f"entry {info.filename!r}: only regular files and folders are allowed")
            if kind == "dir":
                continue
            if parts in seen:
                raise UploadError(f"entry {info.filename!r} appears twice in the archive")
            seen.add(parts)
            declared += info.file_size
            if declared > limits.max_unpacked_bytes:
                raise UploadError(f"the archive unpacks to more than the limit of {_mb(limits.max_unpacked_bytes)}")
            files.append((info, parts))
    prefixes = {parts[:i] for parts in seen for i in range(1, len(parts))}
    clash = prefixes & seen
    if clash:
        raise UploadError(f"{'/'.join(sorted(clash)[0])} is both a file and a folder in the archive")
    if not files:
        raise UploadError("the archive is empty")
    return files


def extract_zip(path: str | Path, dest: str | Path, limits: Limits = Limits()) -> Path:
    """Check and unpack into dest (which must be empty or missing); returns the folder holding
    manifest.yaml (dest itself, or its single top folder)."""
    files = check_zip(path, limits)
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    try:
        _extract(path, dest, files, limits)
    except UploadError:
        raise
    except ZIP_ERRORS as e:
        current = getattr(e, "_entry", "")
        raise UploadError(f"{f'entry {current!r}: ' if current else ''}the archive is corrupt or unsupported: "
                          f"{_plain(e)}") from None
    return find_root(dest)


def _extract(path: str | Path, dest: Path, files: list, limits: Limits) -> None:
    root = os.path.realpath(dest)
    total = 0
    with zipfile.ZipFile(path) as zf:
        for info, parts in files:
            target = os.path.realpath(os.path.join(root, *parts))
            if not target.startswith(root + os.sep):  # belt and braces after _member_parts
                raise UploadError(f"entry {info.filename!r} would be written outside the submission folder")
            try:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with zf.open(info) as src, open(target, "xb") as out:
                    while True:
                        chunk = src.read(1 << 16)
                        if not chunk:
                            break
                        total += len(chunk)
                        if total > limits.max_unpacked_bytes:
                            raise UploadError(f"the archive unpacks to more than the limit of "
                                              f"{_mb(limits.max_unpacked_bytes)}")
                        out.write(chunk)
            except ZIP_ERRORS as e:
                e._entry = info.filename  # named in the upload error
                raise


def find_root(dest: Path) -> Path:
    if (dest / "manifest.yaml").is_file():
        return dest
    entries = [p for p in dest.iterdir() if p.name not in SKIPPED + SKIPPED_FILES]
    if len(entries) == 1 and entries[0].is_dir() and (entries[0] / "manifest.yaml").is_file():
        return entries[0]
    raise UploadError("no manifest.yaml at the top of the archive (or inside its single top folder): "
                      "zip the submission folder itself")


def _service_policy(project: Path):
    """The operator's rule for service URLs: params.yaml `services.allow` where the project has one."""
    path = project / "params.yaml"
    return policy_from_params(params.load(path), str(path)) if path.is_file() else policy_from_params({})


def accept_upload(zip_path: str | Path, submissions_root: str | Path, store, limits: Limits = Limits()) -> Installed:
    """Check, unpack, validate the manifest and entry point, move into submissions/<name>, queue."""
    submissions_root = Path(submissions_root)
    submissions_root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".upload-", dir=submissions_root))
    try:
        root = extract_zip(zip_path, staging / "files", limits)
        try:
            manifest = load_manifest(root)
            # the board runs on the operator's machine: an uploaded service's card is fetched under the
            # worker's address rule, so a submitted URL cannot make it reach the operator's own network
            with enforced(_service_policy(submissions_root.parent)):
                check_loads(manifest, cwd=submissions_root.parent)  # imports and constructs it in the jail
        except SubmissionError as e:
            raise UploadError(str(e).replace(str(root), "<archive>")) from None
        return install_submission(root, submissions_root, store, move=True, manifest=manifest)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
