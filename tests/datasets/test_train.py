"""Issue 34: the train split. Built by the real fuzzer, population sampler and checkers with its
own seeds; no train household equals or nearly equals (every feature but the name, money
rounded to $1,000) a published one or a sealed one; published as configuration `train`, split
`train`, loadable with `datasets.load_dataset`."""
from __future__ import annotations

import copy
import json

import pytest

from eligibench import params, paths
from eligibench.datasets import (
    BuildInfo,
    TrainFiles,
    build_folder,
    build_train,
    dataset_counts,
    dataset_params,
    dataset_path,
    near_key,
    read_parquet,
    write_parquet,
)
from eligibench.errors import ParamsError
from eligibench.household import replace_member
from tests.built_data import SEALED_2024_COUNT, SEALED_2024_SECRET, checkers_2024, sealed_2024
from tests.conftest import ROOT

pytestmark = pytest.mark.needs_datasets  # the published rows (`dvc repro`)

CATALOG = {"opportunities": []}


def _params(fuzzed=160, population=40, **over):
    p = copy.deepcopy(params.load(ROOT / "params.yaml"))
    p["train"].update(fuzzed=fuzzed, population=population, **over)
    return p


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    modules, checkers = checkers_2024()
    published = [r for name in ("diverse", "representative") for r in read_parquet(dataset_path(ROOT / paths.DATASET_DIR, name))]
    rows, dropped = build_train(checkers, list(modules.values()), CATALOG, _params(), [r.household for r in published])
    # test_sealed.py's sealed split (any secret's would do), built once per session
    sealed_split = sealed_2024(tmp_path_factory, SEALED_2024_SECRET, SEALED_2024_COUNT)
    return {"modules": modules, "checkers": checkers, "rows": rows, "dropped": dropped, "published": published,
            "sealed": sealed_split["diverse"] + sealed_split["representative"]}


def test_no_train_household_equals_or_nearly_equals_a_test_or_sealed_one(built):
    train = {near_key(r.household) for r in built["rows"]}
    assert len(built["rows"]) == 200 - built["dropped"] and len(train) == len(built["rows"])
    assert not train & {near_key(r.household) for r in built["published"]}
    assert not train & {near_key(r.household) for r in built["sealed"]}
    assert {r.dataset for r in built["rows"]} == {"train"} and all(r.labels and r.needed_facts for r in built["rows"])
    assert any(any(r.labels) for r in built["rows"]) and not all(all(r.labels) for r in built["rows"])


def test_a_published_household_with_rounded_income_is_dropped(built):
    """The filter, proven: the first train household planted among the published ones, its income
    moved by $300 and its name changed, is no longer in a rebuild."""
    first = built["rows"][0].household
    planted = replace_member(first, 0, name="Someone Else",
                             annual_work_income=first.members[0].annual_work_income + 300
                             if first.members[0].annual_work_income % 1000 < 500 else first.members[0].annual_work_income - 300)
    assert near_key(planted) == near_key(first)
    rows, dropped = build_train(built["checkers"], list(built["modules"].values()), CATALOG, _params(),
                                [r.household for r in built["published"]] + [planted])
    assert dropped == built["dropped"] + 1
    assert near_key(first) not in {near_key(r.household) for r in rows}


def test_deterministic_and_seeded_apart_from_the_public_split(built):
    again, _ = build_train(built["checkers"], list(built["modules"].values()), CATALOG, _params(), [])
    assert [r.household for r in again] == [r.household for r in built["rows"]]
    other, _ = build_train(built["checkers"], list(built["modules"].values()), CATALOG, _params(seed=7), [])
    assert other[0].household != built["rows"][0].household
    with pytest.raises(ParamsError, match="train.seed"):
        build_train(built["checkers"], list(built["modules"].values()), CATALOG,
                    _params(seed=params.load(ROOT / "params.yaml")["households"]["seed"]), [])


def test_published_as_the_train_configuration(built, tmp_path):
    from datasets import load_dataset

    src = tmp_path / "train.parquet"
    write_parquet(src, built["rows"])
    d, r = dataset_path(ROOT / paths.DATASET_DIR, "diverse"), dataset_path(ROOT / paths.DATASET_DIR, "representative")
    info = BuildInfo("dv-test", dataset_params(params.load(ROOT / "params.yaml")), {}, {"checked": False}, {"diverse": dataset_counts(d), "representative": dataset_counts(r)},
                     train=(TrainFiles("train", built["rows"][0].data_version, src, dataset_counts(src)),))
    out = tmp_path / "benyfits"
    build_folder(out, d, r, json.loads((ROOT / paths.CATALOG_JSON).read_text()), info)
    card = (out / "README.md").read_text()
    assert "config_name: train" in card and "FOR TRAINING ONLY" in card and "Which split is for what" in card
    loaded = load_dataset(str(out), "train", split="train", cache_dir=str(tmp_path / "cache"))
    assert loaded.num_rows == len(built["rows"]) and loaded[0]["dataset"] == "train"
    assert load_dataset(str(out), "diverse", split="test", cache_dir=str(tmp_path / "cache")).num_rows == dataset_counts(d)["households"]
