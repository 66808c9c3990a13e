"""The sealed evaluation set: households built exactly like the published ones, from a secret seed.

The public datasets are the development split: anyone can ship their labels (every Diverse
household's list of opportunities is unique, so a lookup scores 100). The leaderboard's official
protocol evaluates on the sealed split instead: the same fuzzer, coverage selection, population
sampler, interest assignment and checkers, with the params of `params.yaml`, but every seed
derived from a secret that never enters git, DVC or the published folder:

- the secret: environment variable `BENYFITS_SEALED_SEED`, or the file named by
  `BENYFITS_SEALED_SEED_FILE` (first line; keep it mode 0600, outside the repository);
- the round: `BENYFITS_SEALED_ROUND` (default "1"): rotating the round gives a fresh set from
  the same secret (seeds are sha256(secret, round, purpose)).

What is published is only a manifest (`manifest`): per dataset the row hashes (sha256 of each
row as it would be published), counts of households and pairs, positive rate, coverage figures
and the data version, so anyone can check the sealed set is as hard as the public one without
seeing it. The rows themselves live in `data/sealed/<round>/` (git-ignored, hidden from agents).

Keep `build_diverse` / `build_representative` in step with `stages/diverse.py` and
`stages/representative.py`: they call the same library functions with the same params.

Later editions (`SEALED_EDITIONS`, the one list the evaluator and the board read): `build_edition`
runs the very function the edition's public stage runs (`datasets.build_edition_datasets`: its
checkers, thresholds, feature schema, catalog, `editions.representative` merged over
`representative`, balanced interests), with the households and representative seeds replaced by
seeds from the secret whose derivation also holds the edition (`SealedSecret.seed`), so 2024's
seeds, rows and manifest are byte-identical to before for the same secret and round. Its rows go
to `data/sealed/<edition>/<round>/`, its manifest (which then records "edition") to
`reports/sealed/<edition>/<round>.json`; 2024 keeps its paths.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from eligibench.datasets.coverage import coverage
from eligibench.datasets.diverse import select
from eligibench.datasets.editions import EditionDatasets, build_edition_datasets
from eligibench.datasets.fuzz import fuzz_households, thresholds_from_checkers
from eligibench.datasets.params import DiverseParams, HouseholdsParams, RepresentativeParams
from eligibench.datasets.population import load_population, sample_households
from eligibench.datasets.rows import Row, build_row, row_record
from eligibench.datasets.version import with_content_version
from eligibench.errors import BenyfitsError
from eligibench.truth import trace_all

SEED_ENV = "BENYFITS_SEALED_SEED"
SEED_FILE_ENV = "BENYFITS_SEALED_SEED_FILE"
ROUND_ENV = "BENYFITS_SEALED_ROUND"
SPLITS = ("public", "sealed")
SEALED_DIR = Path("data/sealed")
MANIFEST_DIR = Path("reports/sealed")
EDITION_2024 = "2024"  # the paper's edition: its seeds, paths and manifest are as before editions had sealed splits
# The editions with a sealed split: the evaluator refuses `--split sealed` for any other, and the
# board (leaderboard/queries/sealed_rule.py) never ranks public-split runs of any other.
SEALED_EDITIONS = (EDITION_2024, "2026-08")


class SealedSeedMissing(BenyfitsError):
    pass


@dataclass(frozen=True)
class SealedSecret:
    secret: str
    round: str
    edition: str = EDITION_2024

    def seed(self, purpose: str) -> int:
        """A 63-bit seed for one purpose ("households", "representative"), from the secret, round
        and (for a later edition only, so 2024's seeds do not move) the edition."""
        edition = "" if self.edition == EDITION_2024 else f"\0{self.edition}"
        digest = hashlib.sha256(f"benyfits-sealed\0{self.secret}\0{self.round}{edition}\0{purpose}".encode()).digest()
        return int.from_bytes(digest[:8], "big") >> 1

    def for_edition(self, edition: str) -> SealedSecret:
        if edition not in SEALED_EDITIONS:
            raise BenyfitsError(f"edition {edition!r} has no sealed split (sealed editions: {', '.join(SEALED_EDITIONS)})")
        return replace(self, edition=edition)

    def __repr__(self) -> str:  # never print the secret
        return f"SealedSecret(round={self.round!r}, edition={self.edition!r})"


def read_secret(env: Mapping[str, str] | None = None, edition: str = EDITION_2024) -> SealedSecret:
    env = os.environ if env is None else env
    secret = env.get(SEED_ENV, "").strip()
    if not secret and env.get(SEED_FILE_ENV):
        path = Path(env[SEED_FILE_ENV]).expanduser()
        try:
            secret = path.read_text(encoding="utf-8").splitlines()[0].strip() if path.stat().st_size else ""
        except (OSError, UnicodeDecodeError, IndexError) as e:
            raise SealedSeedMissing(f"{SEED_FILE_ENV}={path}: cannot read the sealed seed ({e})") from None
    if len(secret) < 16:
        raise SealedSeedMissing(
            f"the sealed set needs a secret of at least 16 characters in {SEED_ENV} or in the file named by "
            f"{SEED_FILE_ENV} (kept outside git); see docs/integrity.md")
    round_ = env.get(ROUND_ENV, "1").strip() or "1"
    if round_ in SEALED_EDITIONS or "/" in round_ or round_.startswith("."):
        # data/sealed/<round>/ (2024) must never be a later edition's data/sealed/<edition>/ folder
        raise SealedSeedMissing(f"{ROUND_ENV}={round_!r}: expected a round name that is not an edition "
                                f"({', '.join(SEALED_EDITIONS)}), without '/' or a leading '.'")
    return SealedSecret(secret, round_).for_edition(edition)


def build_diverse(secret: SealedSecret, params: Mapping[str, Any], checkers: dict, checker_modules: Sequence,
                  catalog: Mapping[str, Any], count: int | None = None) -> tuple[list[Row], dict[str, Any]]:
    """The sealed Diverse rows and their coverage report (as `stages/households.py` + `stages/diverse.py`)."""
    hp = HouseholdsParams.read(dict(params))
    dp = DiverseParams.read(dict(params))
    n = hp.count if count is None else count
    households = fuzz_households(n, secret.seed("households"), thresholds_from_checkers(checker_modules), hp.max_members)
    matrix = trace_all(households, checkers)
    sel = select(matrix, dp.coverage)
    rows = [build_row(f"diverse-{k:04d}", "diverse", households[i], sel.pairs[i], checkers)
            for k, i in enumerate(sel.households)]
    rows = with_content_version(rows, catalog)
    return rows, coverage(matrix, sel, rows, len(households))


def build_representative(secret: SealedSecret, params: Mapping[str, Any], checkers: dict,
                         catalog: Mapping[str, Any]) -> list[Row]:
    """The sealed Representative rows (as `stages/representative.py`)."""
    p = RepresentativeParams.read(dict(params), tuple(checkers))
    seed = secret.seed("representative")
    households = sample_households(p.count, seed, load_population())
    rng = random.Random(seed + 1)
    rows = []
    for n, hh in enumerate(households):
        k = rng.randint(p.opportunities_min, p.opportunities_max)
        rows.append(build_row(f"representative-{n:04d}", "representative", hh, sorted(rng.sample(p.pool, k)), checkers))
    return with_content_version(rows, catalog)


def build_edition(secret: SealedSecret, checkers: Mapping[str, Any], catalog_json: Mapping[str, Any],
                  params: Mapping[str, Any], progress: Any = None, feature_schema: int = 1) -> EditionDatasets:
    """A later edition's sealed Diverse and Representative rows: its public build
    (`build_edition_datasets`, as `stages/edition_datasets.py` calls it) with the secret's seeds.
    `checkers`: the edition's registry (modules, `checkers.editions.edition_registry`)."""
    if secret.edition == EDITION_2024:
        raise BenyfitsError("build_edition builds a later edition's sealed split: 2024's is build_diverse / "
                            "build_representative (its seeds and rows stay as they were)")
    out = {k: dict(v) if isinstance(v, Mapping) else v for k, v in params.items()}
    out["households"] = {**out.get("households", {}), "seed": secret.seed("households")}
    seed = secret.seed("representative")
    out["representative"] = {**out.get("representative", {}), "seed": seed}
    # the edition's own representative params are merged over these: the secret's seed must win there too
    out["editions"] = {**out.get("editions", {}),
                       "representative": {**(out.get("editions", {}).get("representative") or {}), "seed": seed}}
    return build_edition_datasets(secret.edition, checkers, catalog_json, out, progress=progress,
                                  feature_schema=feature_schema)


def row_hash(row: Row) -> str:
    return hashlib.sha256(json.dumps(row_record(row), sort_keys=True, separators=(",", ":"),
                                     ensure_ascii=False).encode("utf-8")).hexdigest()


def manifest(secret: SealedSecret, datasets: Mapping[str, Sequence[Row]],
             coverage_reports: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """What is published about the sealed set: no household, label or opportunity list."""
    out: dict[str, Any] = {"split": "sealed", "round": secret.round, "datasets": {}}
    if secret.edition != EDITION_2024:  # 2024's manifest keeps its bytes
        out = {"split": "sealed", "edition": secret.edition, "round": secret.round, "datasets": {}}
    for name, rows in datasets.items():
        pairs = sum(len(r.opportunities) for r in rows)
        positives = sum(sum(r.labels) for r in rows)
        entry = {"data_version": rows[0].data_version if rows else None, "households": len(rows), "pairs": pairs,
                 "positive": positives, "positive_rate": round(positives / pairs, 4) if pairs else None,
                 "members": sum(r.household.size for r in rows),
                 "row_hashes": sorted(row_hash(r) for r in rows)}
        report = (coverage_reports or {}).get(name)
        if report:
            entry["coverage"] = {k: report[k] for k in ("mode", "fuzzed_households", "lines_coverable",
                                                         "elements_to_cover", "elements_covered") if k in report}
        out["datasets"][name] = entry
    return out


def rows_folder(root: Path, secret_round: str, edition: str = EDITION_2024) -> Path:
    """`<root>/data/sealed/<round>/` (2024) or `<root>/data/sealed/<edition>/<round>/`: private."""
    base = Path(root) / SEALED_DIR
    return base / secret_round if edition == EDITION_2024 else base / edition / secret_round


def manifest_path(root: Path, secret_round: str, edition: str = EDITION_2024) -> Path:
    """`<root>/reports/sealed/<round>.json` (2024) or `<root>/reports/sealed/<edition>/<round>.json`: public."""
    base = Path(root) / MANIFEST_DIR
    return base / f"{secret_round}.json" if edition == EDITION_2024 else base / edition / f"{secret_round}.json"


def build_command(edition: str = EDITION_2024) -> str:
    return "python -m stages.sealed" + ("" if edition == EDITION_2024 else f" --edition {edition}")


def write(root: Path, secret: SealedSecret, datasets: Mapping[str, Sequence[Row]], public_manifest: dict) -> Path:
    """Rows to `rows_folder` (private), the manifest to `manifest_path` (public). Returns the rows' folder."""
    from eligibench.datasets.rows import write_parquet
    from eligibench.files import write_json

    folder = rows_folder(root, secret.round, secret.edition)
    for name, rows in datasets.items():
        write_parquet(folder / f"{name}.parquet", rows)
    write_json(manifest_path(root, secret.round, secret.edition), public_manifest)
    return folder


def load_rows(root: Path, secret_round: str, names: Sequence[str] = ("diverse", "representative"),
              edition: str = EDITION_2024) -> dict[str, list[Row]]:
    """The sealed rows of a round of an edition (the evaluator's side; never an agent's)."""
    from eligibench.datasets.rows import read_parquet

    folder = rows_folder(root, secret_round, edition)
    missing = [n for n in names if not (folder / f"{n}.parquet").is_file()]
    if missing:
        what = "" if edition == EDITION_2024 else f" of the {edition} edition"
        raise BenyfitsError(f"{folder}: no sealed {', '.join(missing)} rows{what}: build them with "
                            f"`{build_command(edition)}` ({SEED_ENV} set)")
    return {n: read_parquet(folder / f"{n}.parquet") for n in names}
