"""An edition's datasets built by the library the edition stages call, on small inputs, and
published beside 2024's as their own configurations."""
import json
import os
import subprocess
import sys

import pytest

from checkers import registry
from checkers.editions import edition_registry
from eligibench import params
from eligibench.catalog import edition_catalog, load_catalog, load_edition
from eligibench.datasets import (
    BuildInfo,
    EditionFiles,
    build_edition_datasets,
    build_folder,
    dataset_counts,
    dataset_params,
    dataset_path,
    folder_version,
    read_parquet,
    write_parquet,
)


def _small_params() -> dict:
    p = params.load()
    p["households"] = dict(p["households"], count=150)
    p["representative"] = dict(p["representative"], count=6, per_opportunity=None)
    return p


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("editions")
    p = _small_params()
    cat24 = {"opportunities": [o.to_dict() for o in load_catalog().opportunities]}
    ed = load_edition("2026-08")
    cat26 = {"edition": "2026-08", "feature_schema": ed.feature_schema,
             "opportunities": [o.to_dict() for o in edition_catalog(ed).opportunities]}
    b24 = build_edition_datasets("2024", registry(), cat24, p)
    b26 = build_edition_datasets("2026-08", edition_registry("2026-08"), cat26, p, feature_schema=ed.feature_schema)
    files = {}
    for tag, b in (("2024", b24), ("2026-08", b26)):
        for kind in ("diverse", "representative"):
            files[tag, kind] = tmp / f"{kind}-{tag}.parquet"
            write_parquet(files[tag, kind], list(getattr(b, kind)))
    e = EditionFiles("2026-08", folder_version({"diverse": b26.diverse[0].data_version,
                                                "representative": b26.representative[0].data_version}),
                     files["2026-08", "diverse"], files["2026-08", "representative"], cat26,
                     {k: dataset_counts(files["2026-08", k]) for k in ("diverse", "representative")})
    info = BuildInfo(folder_version({"diverse": b24.diverse[0].data_version, "representative": b24.representative[0].data_version}),
                     dataset_params(p), {}, {"checked": False}, {k: dataset_counts(files["2024", k]) for k in ("diverse", "representative")}, (e,))
    out = tmp / "proj" / "benyfits"
    build_folder(out, files["2024", "diverse"], files["2024", "representative"], cat24, info)
    return b24, b26, out, files


def test_2026_08_households_state_feature_schema_2_and_read_back(built):
    b24, b26, _, files = built
    assert load_edition("2026-08").feature_schema == 2
    assert {r.household.feature_schema for r in b24.diverse + b24.representative} == {1}
    assert {r.household.feature_schema for r in b26.diverse + b26.representative} == {2}
    back = read_parquet(files["2026-08", "diverse"])
    assert [r.household for r in back] == [r.household for r in b26.diverse]
    assert "Medicare" in b26.diverse[0].profile and "Medicare" not in b24.diverse[0].profile


def test_edition_rows_use_the_editions_opportunities_and_their_own_data_version(built):
    b24, b26, _, _ = built
    ids26 = set(load_edition("2026-08").opportunity_ids)
    assert all(set(r.opportunities) <= ids26 for r in b26.diverse + b26.representative)
    assert "ActionNYC" not in {o for r in b26.diverse for o in r.opportunities}
    assert b26.diverse[0].id.startswith("diverse-2026-08-") and b26.diverse[0].dataset == "diverse"
    assert b24.diverse[0].id.startswith("diverse-0") and b24.diverse[0].data_version != b26.diverse[0].data_version


def test_published_folder_keeps_diverse_as_2024_and_adds_edition_configs(built):
    _, b26, out, _ = built
    card = (out / "README.md").read_text()
    assert "config_name: diverse-2026-08" in card and "config_name: representative-2026-08" in card
    assert dataset_path(out, "diverse").name == "diverse.parquet"  # 2024 lookups still find one file
    code = ("import datasets, json\n"
            "print(json.dumps({c: datasets.load_dataset('benyfits', c, split='test')[0]['id'] for c in ('diverse', 'diverse-2026-08', 'opportunities-2026-08')}))")
    r = subprocess.run([sys.executable, "-c", code], cwd=out.parent, capture_output=True, text=True,
                       env=dict(os.environ, HF_HUB_OFFLINE="1", HF_DATASETS_OFFLINE="1", HF_HOME=str(out.parent / "hf")))
    assert r.returncode == 0, r.stderr[-2000:]
    first = json.loads(r.stdout.strip().splitlines()[-1])
    assert first["diverse"].startswith("diverse-0") and first["diverse-2026-08"] == b26.diverse[0].id
    assert first["opportunities-2026-08"] == sorted(load_edition("2026-08").opportunity_ids)[0]


def test_card_lists_the_version_each_configurations_rows_carry_and_each_editions_curation(built):
    """docs/datasets.md: compare a row's `data_version` with the card's; the folder's version never equals a row's."""
    b24, b26, out, _ = built
    text = (out / "README.md").read_text()
    for config, rows in (("diverse", b24.diverse), ("representative", b24.representative),
                         ("diverse-2026-08", b26.diverse), ("representative-2026-08", b26.representative)):
        assert f"  - `{config}`: `{rows[0].data_version}`" in text, config
    assert "Program texts are frozen at the 2024 curation;" not in text
    assert "frozen at the 2024 curation; the `-2026-08` configurations' at the 2026-08 edition's pull" in text
