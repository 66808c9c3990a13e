"""Feature schema version 2 leaves the 2024 edition's built bytes alone (docs/features-v2.md).

A small seed-fixed run of the 2024 builders (the fuzzed-household store, Diverse and
Representative Parquet, their data versions) must give the very digests the code gave before
version 2 existed. `GOLDEN` was measured by running this file as a script on the commit before
schema v2 (5c03a7e, `git archive` into a temporary folder, `PYTHONPATH=<that folder> python
tests/household/test_schema_v1_bytes.py`); run it on the current code to re-measure.
"""
from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path

GOLDEN = {
    "fuzzed": "ce6175de7c3fb4aaf93d345217e97813fa4f865dad67a82a2995ee17c1875e78",
    "diverse": "684646aea1cc06b2199cafb7f81bcfd40fbbb74fe98fa22c5d5479f3bf2c19e5",
    "diverse_version": "dv-9d1a0b71acb1",
    "representative": "335123ebbeb40ecdfd6a01cda78c9b8838b342229f4cfedef2fb7175e17021a2",
    "representative_version": "dv-437b3e26f143",
}
FUZZ_COUNT, FUZZ_SEED = 150, 4242
REP_COUNT, REP_SEED = 12, 20250202
CATALOG = {"opportunities": [{"id": "probe"}]}  # a fixed stand-in for the catalog JSON the version digests


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def digests() -> dict[str, str]:
    from checkers import registry
    from eligibench.datasets.diverse import select
    from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
    from eligibench.datasets.interests import balanced_interests
    from eligibench.datasets.population import load_population, sample_households
    from eligibench.datasets.rows import build_row, write_parquet
    from eligibench.datasets.version import with_content_version
    from eligibench.household.store import write_households
    from eligibench.truth.trace_all import trace_all
    from eligibench.truth.tracing import traced_checkers

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        modules = registry()
        households = fuzz_households(FUZZ_COUNT, FUZZ_SEED, thresholds_from_checkers(modules.values()))
        write_households(tmp / "fuzzed.jsonl.gz", households)
        out["fuzzed"] = _sha(tmp / "fuzzed.jsonl.gz")
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
