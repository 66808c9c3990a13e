"""What goes into the store is storable: text cleaned, numbers checked (issue 13, store integrity).

Text from agents and models can hold anything: lone surrogates (not encodable as UTF-8, which
made DuckDB reject the whole write), NUL characters, megabytes. `clean_text` replaces surrogates
and NULs with U+FFFD and caps the length (marking the cut). Numbers must be finite, non-negative
and fit BIGINT / DOUBLE: `count` and `seconds` raise `UnstorableValue` naming the field, and the
runner then records that one dialog as failed instead of failing the run.
"""
from __future__ import annotations

import math
import re

MAX_TEXT = 20_000  # a question or an answer
MAX_ERROR = 4_000  # an error message
MAX_COUNT = 2**63 - 1
_BAD = re.compile("[\ud800-\udfff\x00]")


class UnstorableValue(ValueError):
    """A dialog value the store cannot hold (names the field)."""


def clean_text(value: object, limit: int = MAX_TEXT) -> str | None:
    if value is None:
        return None
    text = value if isinstance(value, str) else str(value)
    text = _BAD.sub("\ufffd", text)
    if len(text) > limit:
        text = text[: limit - 40] + f" [... cut: {len(text)} characters]"
    return text


def count(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            as_float = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise UnstorableValue(f"{field}: {value!r} is not a count") from None
        if not math.isfinite(as_float) or as_float != int(as_float):
            raise UnstorableValue(f"{field}: {value!r} is not a whole, finite count")
        value = int(as_float)
    if not 0 <= value <= MAX_COUNT:
        raise UnstorableValue(f"{field}: {value} is outside 0 .. 2^63-1")
    return value


def seconds(field: str, value: object) -> float:
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        raise UnstorableValue(f"{field}: {value!r} is not a number of seconds") from None
    if not math.isfinite(v) or v < 0:
        raise UnstorableValue(f"{field}: {value!r} is not a finite, non-negative number of seconds")
    return v
