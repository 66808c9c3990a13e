"""Diverse dataset selection: the fewest households and pairs that keep every checker line
(or every distinct trace) that the fuzzed households reach.

Coverage elements are (opportunity, line) in "lines" mode or (opportunity, trace) in "paths"
mode, numbered and held as bits of Python ints, so a household's coverage is one OR and its
gain one popcount. Greedy picks the household adding the most uncovered elements (lowest index
on ties); then picked (household, opportunity) pairs whose every element is held by another
kept pair are dropped, always from the household keeping the most pairs.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass

from eligibench.errors import ParamsError
from eligibench.truth import TraceMatrix

COVERAGE_MODES = ("lines", "paths")


@dataclass(frozen=True)
class Selection:
    mode: str
    households: tuple[int, ...]  # indices into the fuzzed households, in pick order
    pairs: dict[int, tuple[str, ...]]  # household index -> opportunities kept for it
    universe: int  # elements reached by all fuzzed households
    covered: int  # elements covered by the kept pairs (== universe, asserted)


def _element_masks(m: TraceMatrix, mode: str) -> list[list[int]]:
    """masks[k][t]: the bits of trace t of opportunity k."""
    masks: list[list[int]] = []
    next_bit = 0
    for oid in m.opportunities:
        traces = m.traces[oid]
        if mode == "paths":
            masks.append([1 << (next_bit + t) for t in range(len(traces))])
            next_bit += len(traces)
            continue
        lines = sorted(m.coverable[oid])
        bit = {line: next_bit + i for i, line in enumerate(lines)}
        next_bit += len(lines)
        per = []
        for lines_run in traces:
            mask = 0
            for line in lines_run:
                mask |= 1 << bit[line]
            per.append(mask)
        masks.append(per)
    return masks


def select(m: TraceMatrix, mode: str = "lines") -> Selection:
    if mode not in COVERAGE_MODES:
        raise ParamsError(f"params.yaml: 'diverse.coverage' is {mode!r}, expected one of {', '.join(COVERAGE_MODES)}")
    masks = _element_masks(m, mode)
    hh_masks = []
    universe = 0
    for cell in m.cells:
        mask = 0
        for k, (_, t) in enumerate(cell):
            mask |= masks[k][t]
        hh_masks.append(mask)
        universe |= mask
    # Lazy greedy: a household's gain only shrinks as coverage grows, so a stale heap entry is
    # an upper bound; re-score the top until it stays on top.
    heap = [(-mk.bit_count(), i) for i, mk in enumerate(hh_masks)]
    heapq.heapify(heap)
    covered, picked = 0, []
    while covered != universe:
        neg, i = heapq.heappop(heap)
        gain = (hh_masks[i] & ~covered).bit_count()
        if heap and gain < -heap[0][0] or heap and gain == -heap[0][0] and heap[0][1] < i:
            heapq.heappush(heap, (-gain, i))
            continue
        picked.append(i)
        covered |= hh_masks[i]
    pairs = _drop_redundant_pairs(m, masks, picked)
    kept = 0
    for i, opps in pairs.items():
        for oid in opps:
            k = m.opportunities.index(oid)
            kept |= masks[k][m.cells[i][k][1]]
    assert kept == universe, "pair dropping lost coverage"
    order = tuple(i for i in picked if pairs.get(i))
    return Selection(mode, order, {i: pairs[i] for i in order}, universe.bit_count(), kept.bit_count())


def _drop_redundant_pairs(m: TraceMatrix, masks: list[list[int]], picked: list[int]) -> dict[int, tuple[str, ...]]:
    n_opps = len(m.opportunities)
    holders: dict[int, int] = {}  # element bit -> how many kept pairs hold it
    pair_bits: dict[tuple[int, int], list[int]] = {}
    for i in picked:
        for k in range(n_opps):
            mask = masks[k][m.cells[i][k][1]]
            bits = []
            while mask:
                low = mask & -mask
                bits.append(low.bit_length() - 1)
                mask ^= low
            pair_bits[(i, k)] = bits
            for b in bits:
                holders[b] = holders.get(b, 0) + 1
    kept = {i: list(range(n_opps)) for i in picked}
    # Always drop from the household that still keeps the most pairs, so kept pairs spread
    # across households. A pair that is needed stays needed (dropping only lowers counts), so a
    # household with no droppable pair is finished.
    order = {i: n for n, i in enumerate(picked)}
    heap = [(-n_opps, order[i], i) for i in picked]
    heapq.heapify(heap)
    while heap:
        _, rank, i = heapq.heappop(heap)
        for k in kept[i]:
            bits = pair_bits[(i, k)]
            if all(holders[b] > 1 for b in bits):
                kept[i].remove(k)
                for b in bits:
                    holders[b] -= 1
                heapq.heappush(heap, (-len(kept[i]), rank, i))
                break
    return {i: tuple(m.opportunities[k] for k in kept[i]) for i in picked if kept[i]}
