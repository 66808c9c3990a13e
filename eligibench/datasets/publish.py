"""The published dataset folder `benyfits/` (card + Parquet) and its upload to the Hugging Face Hub.

The folder is what `datasets.load_dataset("/abs/path/benyfits", config)` reads (or `"./benyfits"`
from the project root), and what is uploaded: one commit whose message carries the data version,
with the card's loading snippet naming the Hub repo.
"""
from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from eligibench.datasets.rows import read_columns
from eligibench.errors import BenyfitsError
from eligibench.files import write_text

CONFIGS = ("diverse", "representative", "opportunities")
SPLIT = "test"
LICENSE = "cc-by-4.0"
CITATION_YEAR = 2026  # a constant, not the build date: the card's bytes are deterministic

OPPORTUNITY_SCHEMA = pa.schema([
    ("id", pa.string()), ("name", pa.string()), ("category", pa.string()), ("scope", pa.string()),
    ("requirements", pa.string()), ("interpretation", pa.list_(pa.string())),
    ("implied", pa.list_(pa.struct([("condition", pa.string()), ("reason", pa.string())]))), ("split", pa.string()),
    ("source_program_name", pa.string()), ("source_unique_id", pa.string()), ("source_eligibility_sha256", pa.string()),
])


@dataclass(frozen=True)
class BuildInfo:
    data_version: str
    params: dict[str, Any]
    source: dict[str, Any]  # origin, location, data_date of the NYC pull the catalog was checked against
    drift: dict[str, Any]  # checked, has_drift, counts
    counts: dict[str, dict[str, int]]  # config -> households, pairs, positive
    editions: tuple[EditionFiles, ...] = ()  # later editions published beside 2024
    train: tuple[TrainFiles, ...] = ()  # the train split of each edition (issue 34), split "train"
    # configuration -> the `data_version` its rows carry (filled by build_folder from the files): the
    # card lists them, so a row's `data_version` can be checked against the card (the folder's
    # version above is a digest of these, never equal to any row's)
    row_versions: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class EditionFiles:
    """A later edition's datasets: configurations `diverse-<edition>`, `representative-<edition>`,
    `opportunities-<edition>` in their own folder `data/<its data version>/`."""

    edition: str
    data_version: str
    diverse: Path
    representative: Path
    catalog: dict[str, Any]
    counts: dict[str, dict[str, int]]

    def configs(self) -> list[tuple[str, str]]:
        """(config name, path inside the folder) of each configuration."""
        return [(f"{c}-{self.edition}", f"{data_dir(self.data_version)}/{c}-{self.edition}.parquet") for c in CONFIGS]


@dataclass(frozen=True)
class TrainFiles:
    """One edition's train split: configuration `train` (2024) or `train-<edition>`, split
    `train`, in its own folder `data/<its data version>/` (eligibench/datasets/train.py)."""

    config: str
    data_version: str
    path: Path
    counts: dict[str, int]

    @property
    def published(self) -> str:
        return f"{data_dir(self.data_version)}/{self.config}.parquet"


TRAIN_SPLIT = "train"


def _train_rows(train: tuple[TrainFiles, ...]) -> str:
    return "".join(f"| `{t.config}` (split `{TRAIN_SPLIT}`) | {t.counts['households']} households, {t.counts['pairs']} pairs, "
                   f"{t.counts['positive']} positive | FOR TRAINING ONLY: same generators, own seeds, no published household (near-duplicates dropped) |\n"
                   for t in train)


def write_opportunities_parquet(path: Path, catalog: dict[str, Any]) -> None:
    cols: dict[str, list] = {n: [] for n in OPPORTUNITY_SCHEMA.names}
    for o in catalog["opportunities"]:
        src = o["source"]
        for key, value in (("id", o["id"]), ("name", o["name"]), ("category", o["category"]), ("scope", o["scope"]),
                           ("requirements", o["requirements"]), ("interpretation", o["interpretation"]),
                           ("implied", o.get("implied", [])), ("split", o["split"]),
                           ("source_program_name", src["program_name"]), ("source_unique_id", src["unique_id"]),
                           ("source_eligibility_sha256", src["eligibility_sha256"])):
            cols[key].append(value)
    pq.write_table(pa.table(cols, schema=OPPORTUNITY_SCHEMA), path, compression="zstd", write_statistics=False)


def dataset_counts(path: Path) -> dict[str, int]:
    t = read_columns(path, ["labels"]).column("labels").to_pylist()
    return {"households": len(t), "pairs": sum(len(x) for x in t), "positive": sum(sum(x) for x in t)}


def data_dir(data_version: str) -> str:
    """Where a version's Parquet files live inside the folder. The version is in the path because
    `datasets` keys its cache on the card's config paths, not on file contents: with fixed paths
    a rebuilt dataset would load the previous build's cached rows."""
    return "data/" + data_version.replace("+", "-")


def loading_snippet(repo_id: str | None = None) -> str:
    """The card's "how to load" block: the Hub repo id in an uploaded copy; locally the folder's
    path (absolute from anywhere, or the bare name from the project root only). The bare name is
    resolved against the working directory first and then the Hub, and `datasets` caches it
    under that name: elsewhere it fails or serves a copy cached from another checkout."""
    if repo_id:
        return (f"```python\nfrom datasets import load_dataset\n"
                f"diverse = load_dataset(\"{repo_id}\", \"diverse\", split=\"{SPLIT}\")\n```\n")
    return ("```python\nfrom datasets import load_dataset\n"
            f"# from anywhere: the folder's absolute path (a path is never confused with a Hub repo or another checkout's cache)\n"
            f"diverse = load_dataset(\"/path/to/BeNYfits/benyfits\", \"diverse\", split=\"{SPLIT}\")\n"
            f"# from the project root only\n"
            f"diverse = load_dataset(\"./benyfits\", \"diverse\", split=\"{SPLIT}\")\n```\n")


def hub_card(local_card: str, repo_id: str) -> str:
    """The card as uploaded to `repo_id`: the local card with its loading snippet naming the repo."""
    local = loading_snippet(None)
    if local not in local_card:
        raise BenyfitsError("benyfits/README.md: the card has no local loading snippet to replace: rebuild it (dvc repro publish)")
    return local_card.replace(local, loading_snippet(repo_id))


def card(info: BuildInfo, repo_id: str | None = None) -> str:
    """The dataset card (README.md) of a published folder: YAML metadata, then the overview,
    the field tables and the provenance sections."""
    body = _card_overview(info, repo_id) + CARD_FIELDS + _card_provenance(info)
    return "---\n" + _card_data(info).to_yaml() + "\n---\n" + body.lstrip("\n")


def _card_data(info: BuildInfo):
    """The card's YAML metadata: license, task, and one config per published Parquet file."""
    from huggingface_hub import DatasetCardData

    return DatasetCardData(
        language="en", license=LICENSE, pretty_name="BeNYfits",
        task_categories=["question-answering"], size_categories="n<1K",
        configs=[{"config_name": c, "data_files": [{"split": SPLIT, "path": f"{data_dir(info.data_version)}/{c}.parquet"}]}
                 for c in CONFIGS]
        + [{"config_name": c, "data_files": [{"split": SPLIT, "path": path}]} for e in info.editions for c, path in e.configs()]
        + [{"config_name": t.config, "data_files": [{"split": TRAIN_SPLIT, "path": t.published}]} for t in info.train],
    )


def _drift_line(drift: dict[str, Any]) -> str:
    if not drift.get("checked"):
        return "Drift against the live source was **not checked** (source unavailable when this was built)."
    if drift.get("has_drift"):
        return "The source has **drifted** from the curated texts (see `reports/drift.md` in the project); the curated 2024 texts are used."
    return "No drift: every curated program's source text was unchanged."


def _card_overview(info: BuildInfo, repo_id: str | None) -> str:
    """What the benchmark is, its data version, the configs and how to load them."""
    d, r = info.counts["diverse"], info.counts["representative"]
    return f"""
# BeNYfits

Households and New York City public-benefit opportunities for evaluating dialog agents that
find out, by asking questions, which opportunities a household is eligible for. Each row is a
household (1-6 members, 124 features each), the opportunities it is interested in, and the
ground-truth eligibility labels computed by hand-written checkers, with the simulated user's
natural-language profile.

**Data version:** `{info.data_version}` (the folder `data/{info.data_version}/`; each configuration's
rows carry their own dataset's version, listed under Versions)

A data version is a digest of content, never of the code or files that built it: each dataset's
rows carry their own version (`data_version` column), sha256 over every published row without
that column plus the opportunities' ids, names, categories, scopes and requirement texts; the
folder's version is a digest of the two datasets' versions. Identical rows always have the same
version; any changed byte (a household, a label, a trace id, a profile sentence, a requirement
text) gives a new one. Results are recorded with the version they were evaluated on.

## Configs

| config | rows | what |
|---|---|---|
| `diverse` | {d['households']} households, {d['pairs']} pairs, {d['positive']} positive | selected from {info.params.get('households', {}).get('count', '?'):,} fuzzed households to cover every checker {'line' if info.params.get('diverse', {}).get('coverage') == 'lines' else 'trace'} they reach |
| `representative` | {r['households']} households, {r['pairs']} pairs, {r['positive']} positive | sampled from population marginals; each household interested in {info.params.get('representative', {}).get('opportunities_min')}-{info.params.get('representative', {}).get('opportunities_max')} random opportunities |
| `opportunities` | 82 | the curated opportunities: requirements shown to agents, scope, NYC source row and its sha256 |
{_edition_rows(info.editions)}
{_train_rows(info.train)}
Which split is for what: the `test` split of `diverse` and `representative` (and their edition
variants) is for development and reported results; the official protocol uses a sealed split
built the same way from a secret seed (never published); the `train` configurations are for
training (SFT, DPO, RL: docs/training.md in the project) and are never evaluated on.
The configurations without a suffix are the 2024 edition (the paper's rules). An edition
suffix (`diverse-2026-08`) is the same benchmark under a later pull of the city's rules, with
its own data version; results on different editions are never ranked together.

{loading_snippet(repo_id)}

"""


# The field tables: the same for every build (the Parquet schemas, `rows.SCHEMA`).
CARD_FIELDS = """## Fields (diverse, representative)

| field | type | meaning |
|---|---|---|
| `id` | string | row id (`diverse-0000` ...) |
| `dataset` | string | `diverse` or `representative` |
| `data_version` | string | this dataset's version (see Versions) |
| `household` | string (JSON) | the household in the v1 layout `{"features": {"members": [{"features": {...}}]}}`; member 0 is the person answering; parse with `json.loads` |
| `members` | int | household size (1-6) |
| `opportunities` | list of string | opportunity ids the household is interested in |
| `labels` | list of bool | aligned with `opportunities`: eligible or not |
| `trace_ids` | list of string | aligned: id of the checker trace that decided the label |
| `profile` | string | the simulated user's natural-language profile |
| `roster` | string | the profile's roster of members |
| `needed_facts` | list of list of string | aligned: the facts (`m<member index>.<feature>`, `hh.size`) the checker read and its verdict depended on |
| `flip` | list of string | aligned: the smallest one-feature change a person could have made that flips the verdict, JSON `{"feature", "member", "from", "to", "condition"}` (`condition`: the checker line whose outcome changes), or `""` when no single change does; each was verified by re-running the checker on the changed household |
| `priorities` | list of float | aligned: how much each opportunity matters to the household (nonnegative weights summing to 1, rounded to 6 decimals), derived from the household's needs and each program's category plus seeded noise; part of the ground truth (the priorities track) |

## Fields (opportunities)

| field | type | meaning |
|---|---|---|
| `id`, `name` | string | the opportunity id (what `opportunities` lists) and its name |
| `category`, `scope` | string | program category; who it is about (person or household) |
| `requirements` | string | the requirement text shown to agents |
| `interpretation` | list of string | how the checker reads ambiguous parts of the NYC text |
| `implied` | list of {condition, reason} | conditions the checker adds that the NYC text does not state, with why |
| `split` | string | the catalog split the opportunity belongs to |
| `source_program_name`, `source_unique_id`, `source_eligibility_sha256` | string | the NYC Open Data row (`kvhd-5fmu`) it was curated from and the sha256 of its eligibility text |

The labels come from hand-written checkers, one module per opportunity (`checkers/<module>.py` in the BeNYfits project; each row's
`trace_ids` names the path taken); how
they were checked (coverage, traces, reviewed disagreements) is in the ground-truth report
(`reports/ground_truth.md` in the project, built by `dvc repro`).

"""


def _card_provenance(info: BuildInfo) -> str:
    """Splits, versions, the build's params and source, license, citation and limitations."""
    src = info.source
    drift_line = _drift_line(info.drift)
    return f"""## Public and sealed splits

This folder is the **public** (development) split. Official leaderboard runs use a **sealed**
split built the same way from a secret seed that is never published, so results on these rows
are development figures, never ranked with official ones.

## Versions

- **Data version** `{info.data_version}`: this folder's version, the folder name `data/<version>/`
  and the upload commit's message (`BeNYfits data <version>`); a digest of the two datasets'
  versions. Results are recorded with it.
- each row's `data_version` column: that dataset's own version (diverse's and representative's
  differ; never the folder's); the folder's version is derived from them. The rows of each
  configuration carry (compare `ds[0]["data_version"]` with its line):
{_row_version_lines(info)}- the BeNYfits v1 paper's data is a different dataset; "v1" in the project means that format.

## How it was built

`dvc repro` in the BeNYfits project, with these params:

```json
{json.dumps(info.params, indent=1, sort_keys=True)}
```

NYC Open Data source (`kvhd-5fmu`, "Benefits and Programs"): {src.get('origin')}{f" ({src.get('location')})" if src.get('location') else ""}{f", data as of {src.get('data_date')}" if src.get('data_date') else ""}.
{drift_line}

## License

Data: {LICENSE}. Program texts are curated from NYC Open Data (free to use under the NYC Open
Data terms of use); requirement texts, profiles and households are ours.

## Citation

```bibtex
@misc{{benyfits_rebuilt,
  title        = {{BeNYfits (rebuilt): a data-versioned benchmark for benefit-eligibility dialog agents}},
  author       = {{{{BeNYfits maintainers}}}},
  year         = {{{CITATION_YEAR}}},
  howpublished = {{Hugging Face dataset}},
  note         = {{Data version {info.data_version}; public split}}
}}
@article{{toles2025programsynthesis,
  title   = {{Program Synthesis Dialog Agents for Interactive Decision-Making}},
  author  = {{Toles, Matthew and others}},
  journal = {{arXiv preprint arXiv:2502.19610}},
  year    = {{2025}}
}}
```

## Limitations

- Labels are as good as the checkers' readings of the program texts; each reading is listed in
  the `opportunities` config (`interpretation`), and every condition a checker adds that the
  NYC text does not state is listed with its reason (`implied`; also in the requirement texts).
  Eligibility in the real programs is decided by the agencies.
- Households are synthetic. The Diverse set is chosen for checker coverage, not realism; the
  Representative set follows population marginals with documented fixes, not joint
  distributions.
{_frozen_line(info)}
"""


def _edition_rows(editions: tuple[EditionFiles, ...]) -> str:
    out = []
    for e in editions:
        d, r = e.counts["diverse"], e.counts["representative"]
        out += [f"| `diverse-{e.edition}` | {d['households']} households, {d['pairs']} pairs, {d['positive']} positive | edition {e.edition} (data version `{e.data_version}`) |",
                f"| `representative-{e.edition}` | {r['households']} households, {r['pairs']} pairs, {r['positive']} positive | edition {e.edition} |",
                f"| `opportunities-{e.edition}` | {len(e.catalog['opportunities'])} | edition {e.edition}'s opportunities |"]
    return "\n".join(out)


def build_folder(out: Path, diverse: Path, representative: Path, catalog: dict[str, Any], info: BuildInfo) -> None:
    if out.exists():
        shutil.rmtree(out)  # one version per folder: no stale files from an earlier build
    data = out / data_dir(info.data_version)
    data.mkdir(parents=True)
    shutil.copyfile(diverse, data / "diverse.parquet")
    shutil.copyfile(representative, data / "representative.parquet")
    write_opportunities_parquet(data / "opportunities.parquet", catalog)
    for e in info.editions:
        folder = out / data_dir(e.data_version)
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(e.diverse, folder / f"diverse-{e.edition}.parquet")
        shutil.copyfile(e.representative, folder / f"representative-{e.edition}.parquet")
        write_opportunities_parquet(folder / f"opportunities-{e.edition}.parquet", e.catalog)
    for t in info.train:
        (out / data_dir(t.data_version)).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(t.path, out / t.published)
    files = {"diverse": diverse, "representative": representative}
    files |= {f"{c}-{e.edition}": getattr(e, c) for e in info.editions for c in ("diverse", "representative")}
    files |= {t.config: t.path for t in info.train}
    write_text(out / "README.md", card(replace(info, row_versions={c: rows_version(p) or "no rows" for c, p in files.items()})))


def rows_version(path: Path) -> str | None:
    """The `data_version` of a dataset file's rows (its first row's: a file holds one version), None
    for a file without rows: its one column read, not every household parsed and validated (the
    train split's 5,000 rows took seconds each)."""
    column = read_columns(path, ["data_version"]).column("data_version")
    return column[0].as_py() if len(column) else None


def _row_version_lines(info: BuildInfo) -> str:
    return "".join(f"  - `{c}`: `{v}`\n" for c, v in info.row_versions.items())


def _frozen_line(info: BuildInfo) -> str:
    """Which curation each edition's program texts are frozen at (one line per edition published)."""
    later = "".join(f"; the `-{e.edition}` configurations' at the {e.edition} edition's pull of the city's rules"
                    for e in info.editions)
    return f"- Program texts of the unsuffixed (2024) configurations are frozen at the 2024 curation{later}; the live source drifts."


def commit_message(data_version: str) -> str:
    return f"BeNYfits data {data_version}"


def upload_operations(folder: Path, repo_id: str | None = None) -> list:
    """The exact files one upload commit adds: every file in the folder, by relative path; with
    `repo_id`, the card (README.md) as `hub_card` rewrites it, so the uploaded copy says how to
    load itself from the Hub."""
    from huggingface_hub import CommitOperationAdd

    files = sorted(p for p in folder.rglob("*") if p.is_file())
    ops = []
    for p in files:
        rel = p.relative_to(folder).as_posix()
        if repo_id and rel == "README.md":
            ops.append(CommitOperationAdd(path_in_repo=rel, path_or_fileobj=hub_card(p.read_text(encoding="utf-8"), repo_id).encode("utf-8")))
        else:
            ops.append(CommitOperationAdd(path_in_repo=rel, path_or_fileobj=str(p)))
    return ops


def upload(folder: Path, repo_id: str, token: str, data_version: str, private: bool = False) -> str:
    from huggingface_hub import HfApi

    api = HfApi(token=token)
    api.create_repo(repo_id, repo_type="dataset", exist_ok=True, private=private)
    info = api.create_commit(repo_id, upload_operations(folder, repo_id), commit_message=commit_message(data_version), repo_type="dataset")
    return getattr(info, "commit_url", str(info))


class DatasetMissing(BenyfitsError):
    """A published dataset file that is not there (names the folder and what was expected)."""


def dataset_path(dataset_dir: Path | str, name: str, data_version: str | None = None) -> Path:
    """A published file of the dataset folder, ``data/<version>/<name>.parquet``: the given
    version's when present, else the only one (the publish stage writes exactly one version).
    DatasetMissing when there is none, or several and no version says which."""
    dataset_dir = Path(dataset_dir)
    if data_version:
        exact = dataset_dir / data_dir(data_version) / f"{name}.parquet"
        if exact.is_file():
            return exact
    found = sorted(dataset_dir.glob(f"data/*/{name}.parquet"))
    if len(found) == 1:
        return found[0]
    what = "none" if not found else f"{len(found)} ({', '.join(p.parent.name for p in found)}) and no data version given"
    raise DatasetMissing(f"{dataset_dir}/data/<version>/{name}.parquet: expected one, found {what}: "
                         "build the datasets first (dvc repro publish); if they are built in another "
                         "checkout, run from that project root or pass --project")
