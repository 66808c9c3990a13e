"""A MinHash fingerprint of a source text: lets drift detection measure how much a program's
eligibility text changed (and find renamed rows) without keeping the source text in the repo."""
from __future__ import annotations

import hashlib
import re

from eligibench.catalog.plain_text import plain_text

PERMUTATIONS = 32
_WORD = re.compile(r"[a-z0-9$%]+")


def _shingles(text: str) -> set[str]:
    words = _WORD.findall(plain_text(text).lower())
    if len(words) < 3:
        return {" ".join(words)}
    return {" ".join(words[i : i + 3]) for i in range(len(words) - 2)}


def fingerprint(html: str) -> str:
    """32 minimum hashes of the text's word 3-grams, 8 hex digits each."""
    shingles = [s.encode() for s in _shingles(html)]
    out = []
    for i in range(PERMUTATIONS):
        salt = i.to_bytes(2, "big")
        out.append(min(hashlib.blake2b(s, digest_size=4, salt=salt).hexdigest() for s in shingles))
    return "".join(out)


def similarity(a: str, b: str) -> float:
    """Estimated Jaccard similarity of two fingerprints' texts (share of equal minimum hashes)."""
    pa = [a[i : i + 8] for i in range(0, len(a), 8)]
    pb = [b[i : i + 8] for i in range(0, len(b), 8)]
    return sum(x == y for x, y in zip(pa, pb)) / PERMUTATIONS
