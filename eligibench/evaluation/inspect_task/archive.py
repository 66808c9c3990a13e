"""Caps on an Inspect log file before Inspect reads it (`benyfits import-inspect`).

A `.eval` log is a zip archive. Inspect reads its members whole, so a 400 KB archive that unpacks
to 400 MB made the import peak at 977 MB before it failed. Here the archive's central directory
is checked first (entry count, each member's declared size and compression ratio, their total),
then every member is decompressed as a stream in 1 MB chunks, counting bytes against the same
caps, without keeping any of it: Python's zip reader never returns more than a member's declared
size, so once the declared sizes pass, Inspect's own read is bounded by them too. A `.json` log is
capped by its size on disk.

The caps are far above any BeNYfits log (a full Diverse run with its model events is a few MB
compressed, tens of MB unpacked; members compress about 10:1) and far below what hurts a worker.
"""
from __future__ import annotations

import zipfile
from pathlib import Path

from eligibench.errors import BenyfitsError

MAX_FILE_BYTES = 256 * 2**20  # the log file on disk
MAX_ENTRIES = 20_000  # members of a .eval archive (one per sample and epoch, plus a few)
MAX_MEMBER_BYTES = 64 * 2**20  # one member, unpacked
MAX_TOTAL_BYTES = 512 * 2**20  # all members, unpacked
MAX_RATIO = 200  # unpacked / packed, for a member over RATIO_FLOOR (JSON compresses ~10:1; bombs ~1000:1)
RATIO_FLOOR = 2**20
CHUNK = 2**20


class UnsafeLog(BenyfitsError):
    """A log file over a cap, or an archive that is not what its directory says."""


def check_log_file(path: Path, *, max_file: int = MAX_FILE_BYTES, max_entries: int = MAX_ENTRIES,
                   max_member: int = MAX_MEMBER_BYTES, max_total: int = MAX_TOTAL_BYTES,
                   max_ratio: float = MAX_RATIO) -> None:
    """Raise UnsafeLog (one line naming the file, member and cap) unless `path` is a log file
    within the caps (module docstring). Nothing is kept in memory beyond one chunk."""
    path = Path(path)
    try:
        if not path.is_file():
            raise UnsafeLog(f"{path}: no such log file" if not path.exists() else f"{path}: not a file")
        size = path.stat().st_size
    except OSError as e:
        raise UnsafeLog(f"{path}: cannot be read: {e.strerror or e}") from None
    if size > max_file:
        raise UnsafeLog(f"{path}: {size / 2**20:.0f} MB, over the {max_file / 2**20:.0f} MB cap on a log file")
    if not zipfile.is_zipfile(path):
        if path.suffix == ".eval":
            raise UnsafeLog(f"{path}: not a .eval log (a .eval log is a zip archive)")
        return  # a .json log: its size is the cap
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            if len(infos) > max_entries:
                raise UnsafeLog(f"{path}: {len(infos)} archive entries, over the cap of {max_entries}")
            total = 0
            for info in infos:
                declared = info.file_size
                if declared > max_member:
                    raise UnsafeLog(f"{path}: member {info.filename!r} unpacks to {declared / 2**20:.0f} MB, over the "
                                    f"{max_member / 2**20:.0f} MB cap on one member")
                if declared > RATIO_FLOOR and declared > max_ratio * max(info.compress_size, 1):
                    raise UnsafeLog(f"{path}: member {info.filename!r} unpacks {declared / max(info.compress_size, 1):.0f} "
                                    f"times its packed size, over the cap of {max_ratio:g} (a zip bomb?)")
                total += declared
                if total > max_total:
                    raise UnsafeLog(f"{path}: the archive unpacks to over {max_total / 2**20:.0f} MB, its cap")
            unpacked = 0
            for info in infos:  # the real sizes, streamed: a directory that lies fails here
                seen = 0
                with z.open(info) as member:
                    while chunk := member.read(CHUNK):
                        seen += len(chunk)
                        unpacked += len(chunk)
                        if seen > max_member or unpacked > max_total:
                            raise UnsafeLog(f"{path}: member {info.filename!r} unpacks past the caps")
    except UnsafeLog:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError, ValueError) as e:
        raise UnsafeLog(f"{path}: a damaged .eval archive ({type(e).__name__}: {str(e)[:200]})") from None
