"""Caps on an Inspect log file before Inspect reads it (`benyfits import-inspect`).

A `.eval` log is a zip archive. Inspect reads its members whole, so a 400 KB archive that unpacks
to 400 MB made the import peak at 977 MB before it failed. Here the archive's central directory
is checked first (entry count, each member's declared size and compression ratio, their total),
then every member is decompressed as a stream in 1 MB chunks, counting bytes against the same
caps, without keeping any of it: Python's zip reader never returns more than a member's declared
size, so once the declared sizes pass, Inspect's own read is bounded by them too. A `.json` log is
capped by its size on disk.

Inspect writes its members with zstd (method 93, through the `zipfile_zstd` patch). On Python 3.11
the zip reader decompresses a zstd member's compressed bytes whole, whatever size is asked for
(only deflate honours a `max_length`), so a zstd member whose directory lies about its size was
unpacked in one piece: a 48 KB archive holding 400 MB peaked at 980 MB in this check. A zstd member
is therefore read from its raw bytes by zstandard's stream reader, whose `read(n)` returns at most
n bytes, with the window capped at the member cap (no honest member needs a larger one). Other
methods (bzip2, lzma) have the same unbounded read and no BeNYfits log uses them: refused.

The caps are far above any BeNYfits log (a full Diverse run with its model events is a few MB
compressed, tens of MB unpacked; members compress about 10:1) and far below what hurts a worker.
"""
from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path

from eligibench.errors import BenyfitsError

MAX_FILE_BYTES = 256 * 2**20  # the log file on disk
MAX_ENTRIES = 20_000  # members of a .eval archive (one per sample and epoch, plus a few)
MAX_MEMBER_BYTES = 64 * 2**20  # one member, unpacked
MAX_TOTAL_BYTES = 512 * 2**20  # all members, unpacked
MAX_RATIO = 200  # unpacked / packed, for a member over RATIO_FLOOR (JSON compresses ~10:1; bombs ~1000:1)
RATIO_FLOOR = 2**20
CHUNK = 2**20
ZIP_ZSTANDARD = 93  # the zip method id of zstd (APPNOTE 4.4.5); Inspect's default since 0.3.1xx
STREAMED = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)  # methods whose zip reader honours the size asked


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
                if info.compress_type not in (*STREAMED, ZIP_ZSTANDARD):
                    raise UnsafeLog(f"{path}: member {info.filename!r} uses zip compression method "
                                    f"{info.compress_type}; a .eval log's members are zstd or deflate")
                seen = 0
                for chunk in _chunks(z, path, info, max_member):
                    seen += len(chunk)
                    unpacked += len(chunk)
                    if seen > max_member or unpacked > max_total:
                        raise UnsafeLog(f"{path}: member {info.filename!r} unpacks past the caps")
    except UnsafeLog:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError, ValueError) as e:
        raise UnsafeLog(f"{path}: a damaged .eval archive ({type(e).__name__}: {str(e)[:200]})") from None


def _chunks(z: zipfile.ZipFile, path: Path, info: zipfile.ZipInfo, max_member: int):
    """A member's unpacked bytes, at most CHUNK at a time (module docstring: why zstd is read apart)."""
    if info.compress_type == ZIP_ZSTANDARD:
        yield from _zstd_chunks(path, info, max_member)
        return
    with z.open(info) as member:
        while chunk := member.read(CHUNK):
            yield chunk


class _Raw:
    """The `size` bytes of a file from its current position, as a readable stream (never past them)."""

    def __init__(self, f, size: int):
        self.f, self.left = f, size

    def read(self, n: int = -1) -> bytes:
        n = self.left if n < 0 else min(n, self.left)
        data = self.f.read(n)
        self.left -= len(data)
        return data


def _zstd_chunks(path: Path, info: zipfile.ZipInfo, max_member: int):
    """A zstd member's unpacked bytes, CHUNK at most at a time, from its raw bytes in the file; its
    CRC and size checked against the directory at the end (a member that lies fails as damaged)."""
    import zstandard  # Inspect's dependency (zipfile_zstd); imported here, where a zstd member needs it

    with open(path, "rb") as f:
        f.seek(info.header_offset)
        head = f.read(30)
        if len(head) != 30 or head[:4] != b"PK\x03\x04" or info.flag_bits & 1:
            raise UnsafeLog(f"{path}: a damaged .eval archive (member {info.filename!r} has no readable local header)")
        name_len, extra_len = struct.unpack("<HH", head[26:30])
        f.seek(info.header_offset + 30 + name_len + extra_len)
        reader = zstandard.ZstdDecompressor(max_window_size=max(max_member, 2**20)).stream_reader(
            _Raw(f, info.compress_size), read_across_frames=True, closefd=False)
        seen, crc = 0, 0
        try:
            while chunk := reader.read(CHUNK):
                seen += len(chunk)
                if seen > info.file_size:  # as the zip reader: never more than the directory declares
                    break
                crc = zlib.crc32(chunk, crc)
                yield chunk
        except zstandard.ZstdError as e:
            raise UnsafeLog(f"{path}: a damaged .eval archive (member {info.filename!r}: zstd: {str(e)[:200]})") from None
    if seen != info.file_size or crc != info.CRC:
        got = f"past the {info.file_size} bytes" if seen > info.file_size else f"to {seen} bytes, not the {info.file_size}"
        raise UnsafeLog(f"{path}: a damaged .eval archive (member {info.filename!r} unpacks {got} its directory "
                        "declares, or its CRC differs)")
