"""Progress bars for long stages (tqdm on stderr; quiet when not a terminal unless forced)."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Callable, Iterator

from tqdm import tqdm


@contextmanager
def bar(total: int, desc: str) -> Iterator[Callable[[int], None]]:
    disable = not sys.stderr.isatty() and os.environ.get("BENYFITS_PROGRESS") != "1"
    with tqdm(total=total, desc=desc, unit="", disable=disable, mininterval=0.5, dynamic_ncols=True) as t:
        yield t.update
