"""Per-client upload rate limit (sliding window, in memory: it resets when the app restarts)."""
from __future__ import annotations

import threading
import time
from collections import deque
from typing import Callable


class RateLimiter:
    """At most `limit` accepted attempts per client within `window_s` seconds."""

    def __init__(self, limit: int, window_s: float, clock: Callable[[], float] = time.monotonic):
        if limit < 1 or window_s <= 0:
            raise ValueError(f"rate limit needs limit >= 1 and window > 0, got {limit} per {window_s} s")
        self.limit, self.window_s, self._clock = limit, window_s, clock
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, client: str) -> tuple[bool, float]:
        """(allowed, seconds until the next attempt is allowed when refused); records an allowed one."""
        now = self._clock()
        with self._lock:
            q = self._seen.setdefault(client, deque())
            while q and now - q[0] >= self.window_s:
                q.popleft()
            if len(q) >= self.limit:
                return False, self.window_s - (now - q[0])
            q.append(now)
            return True, 0.0

    def describe(self) -> str:
        minutes = self.window_s / 60
        return f"at most {self.limit} upload(s) per {minutes:g} minute(s) from one address"
