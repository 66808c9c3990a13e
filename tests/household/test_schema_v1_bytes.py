"""Feature schema version 2 leaves the 2024 edition's built bytes alone (docs/features-v2.md).

A small seed-fixed run of the 2024 builders (the fuzzed-household store, Diverse and
Representative Parquet, their data versions) must give the very digests the code gave before
version 2 existed. `GOLDEN` was measured by running this file as a script on the commit before
schema v2 (5c03a7e, `git archive` into a temporary folder, `PYTHONPATH=<that folder> python
tests/household/test_schema_v1_bytes.py`); run it on the current code to re-measure.

Re-measured in issue 30 (a `git archive` of HEAD after the consistency rules, 2026-11-24 21:15 UTC): the benefit consistency rules
change the 2024 households on purpose (the fuzzer and the population sampler repair contradictions
such as receiving Medicaid while not eligible for it: docs/consistency.md), and the vocabulary of
derived facts changes 2024 labels; schema version 2 still leaves the 2024 bytes alone. A later
change to a 2024 checker's verdicts or to the samplers moves these digests again: re-measure.
Re-measured after the second-reading-2024 decided readings (eb14dd5: Homebase, PFL, Family Planning,
Lifeline, Access-A-Ride, Cornerstone, ... change 2024 labels; the fuzzed store is unchanged).
Re-measured after Unemployment Insurance's 30-hour bar (a new threshold the fuzzer aims at: the
fuzzed store moves).
Re-measured after the age-, sex- and relation-bound status rules and the fuzzer's second pass (every
feature no checker reads drawn from the population model: the fuzzed store and Diverse move; the
Representative sampler clears statuses outside their ages after the draw, so its 12 households here
keep their values), on a clone of 6691a0f.
Re-measured after the third reading (reason for care counted per child, Free Tax Prep's qualifying
siblings, derived facts traced per operand) and the plausibility rules the samplers now respect:
2024 labels and households move on purpose; measured identical on CI and on the development machine.
Re-measured after rows gained the `priorities` column (each household's importance weights,
eligibench/truth/priorities.py): the Diverse and Representative files and versions move because
every row carries one more field; the households do not (the fuzzed store keeps its digest, and the
same build with the new column dropped gives the previous diverse/representative digests exactly).
Re-measured again when 2024 SCRIE and Enhanced STAR became variants of DRIE and Basic STAR: their
rows' trace ids moved (the lines now live in the twin's file); households, labels and flips did not.
The fuzzed store's digest is of its uncompressed lines since the store is written at gzip level 6
(2026-11-28: the households, not the compressor's settings; the lines were the same bytes before).
"""
from __future__ import annotations

import gzip
import hashlib
import sys
import tempfile
from pathlib import Path

GOLDEN = {
    "fuzzed": "631f005e897077315dde4c845a9f8fe60ec6b5b46b6e64ab91c8c90dd18b42a8",
    "diverse": "13daabf5b2a44dc1b8487cc00233cbb68fecb01627ee43904bce14d4db1fd3a8",
    "diverse_version": "dv-3c260ca2e0ce",
    "representative": "e5b9cee2e349f17d689b7a95e909fc8d708fb0be56704c1ef02dc785d0b62e47",
    "representative_version": "dv-9a80d4317239",
}
FUZZ_COUNT, FUZZ_SEED = 150, 4242
REP_COUNT, REP_SEED = 12, 20250202
CATALOG = {"opportunities": [{"id": "probe"}]}  # a fixed stand-in for the catalog JSON the version digests


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digests() -> dict[str, str]:
    from checkers import registry
    from eligibench.datasets import (
        balanced_interests,
        build_row,
        fuzz_households,
        select,
        thresholds_from_checkers,
        with_content_version,
        write_parquet,
    )
    from eligibench.datasets.population import load_population, sample_households
    from eligibench.household import write_households
    from eligibench.truth import trace_all, traced_checkers

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        modules = registry()
        households = fuzz_households(FUZZ_COUNT, FUZZ_SEED, thresholds_from_checkers(modules.values()))
        write_households(tmp / "fuzzed.jsonl.gz", households)
        out["fuzzed"] = hashlib.sha256(gzip.decompress((tmp / "fuzzed.jsonl.gz").read_bytes())).hexdigest()
        checkers = traced_checkers(modules)
        sel = select(trace_all(households, checkers), "lines")
        rows = with_content_version([build_row(f"diverse-{n:04d}", "diverse", households[i], sel.pairs[i], checkers)
                                     for n, i in enumerate(sel.households)], CATALOG)
        write_parquet(tmp / "diverse.parquet", rows)
        out["diverse"], out["diverse_version"] = _sha(tmp / "diverse.parquet"), rows[0].data_version
        sampled = sample_households(REP_COUNT, REP_SEED, load_population())
        interests = balanced_interests(len(sampled), tuple(checkers), 3, 6, REP_SEED)
        rows = with_content_version([build_row(f"representative-{n:04d}", "representative", hh, wanted, checkers)
                                     for n, (hh, wanted) in enumerate(zip(sampled, interests))], CATALOG)
        write_parquet(tmp / "representative.parquet", rows)
        out["representative"], out["representative_version"] = _sha(tmp / "representative.parquet"), rows[0].data_version
    return out


def test_2024_builders_give_the_pre_v2_bytes():
    assert digests() == GOLDEN


if __name__ == "__main__":
    sys.path.insert(0, str(Path.cwd()))
    for k, v in digests().items():
        print(f'    "{k}": "{v}",')
