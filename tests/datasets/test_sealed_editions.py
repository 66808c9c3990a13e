"""The 2026-08 sealed split (docs/integrity.md): built by the very function that builds the public
2026-08 datasets (the edition's checkers, thresholds, feature schema, catalog, interests), with
seeds from the secret whose derivation holds the edition; 2024's sealed output does not move."""
from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest
import yaml

from eligibench.datasets import sealed
from eligibench.errors import BenyfitsError
from tests.built_data import build_sealed_2026, public_2026, sealed_2024, sealed_2026
from tests.conftest import ROOT
from tests.evaluation.doubles import write_one_question_agent

EDITION = "2026-08"
SECRET = "x1-test-secret-0123456789"  # a test secret: the real one never enters git
COUNT = 300  # fuzzed households per build (the real params fuzz 10,000)
# 2024's sealed split for SECRET, round 1, computed BEFORE later editions got sealed splits
# (commit d9a358b): its seeds, and the sha256 of its manifest (every row's hash) at 200 fuzzed
# households with the catalog {"opportunities": []}. The manifest re-measured after the third reading
# and the plausibility rules (2024 checkers' verdicts and the samplers changed on purpose); the seeds
# never move. Re-measured after rows gained the `priorities` column (every row hash moves by one
# field; with that column dropped the same build gives the previous pin c34c3b3e..., so the sealed
# households and labels did not move). Re-measured when SCRIE and Enhanced STAR became variants of DRIE
# and Basic STAR (their trace ids renumbered; with 023323b8... before, households, labels, needed facts,
# flips and priorities of every row identical, 16 rows' trace ids and the unreached lines' numbers moved).
PINNED_SEEDS_2024 = (6201993922210273024, 4761435587417594791)
PINNED_MANIFEST_2024 = "d18b943fdc49243bbc4cf57328774a868e0321f150f7d05a89302bc25d275220"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return sealed_2026(tmp_path_factory, SECRET, COUNT)


@pytest.fixture(scope="module")
def public(tmp_path_factory):
    return public_2026(tmp_path_factory, COUNT)


@pytest.fixture(scope="module")
def sealed_2024_pinned(tmp_path_factory):
    """2024's sealed split for SECRET at the pinned 200 fuzzed households, once per session."""
    return sealed_2024(tmp_path_factory, SECRET, 200)


def test_2024_sealed_output_is_unchanged_for_the_same_secret(sealed_2024_pinned):
    s = sealed.SealedSecret(SECRET, "1")
    assert (s.seed("households"), s.seed("representative")) == PINNED_SEEDS_2024
    assert sealed.read_secret({sealed.SEED_ENV: SECRET}).seed("households") == PINNED_SEEDS_2024[0]
    diverse, representative, report = (sealed_2024_pinned[k] for k in ("diverse", "representative", "report"))
    m = sealed.manifest(s, {"diverse": diverse, "representative": representative}, {"diverse": report})
    assert "edition" not in m  # 2024's manifest keeps its bytes
    got = hashlib.sha256(json.dumps(m, sort_keys=True).encode()).hexdigest()
    # if this fails after a deliberate change to a 2024 checker or to params.yaml, recompute the pin;
    # otherwise the 2024 sealed split moved
    assert got == PINNED_MANIFEST_2024


def test_the_edition_is_in_the_seed_and_the_paths(tmp_path):
    s24 = sealed.SealedSecret(SECRET, "1")
    s26 = s24.for_edition(EDITION)
    assert s26.seed("households") != s24.seed("households") and s26.seed("representative") != s24.seed("representative")
    assert sealed.rows_folder(tmp_path, "1") == tmp_path / "data" / "sealed" / "1"
    assert sealed.rows_folder(tmp_path, "1", EDITION) == tmp_path / "data" / "sealed" / EDITION / "1"
    assert sealed.manifest_path(tmp_path, "1", EDITION) == tmp_path / "reports" / "sealed" / EDITION / "1.json"
    with pytest.raises(BenyfitsError, match="'2030-01' has no sealed split"):
        s24.for_edition("2030-01")
    with pytest.raises(sealed.SealedSeedMissing, match="BENYFITS_SEALED_ROUND='2026-08'"):
        sealed.read_secret({sealed.SEED_ENV: SECRET, sealed.ROUND_ENV: EDITION})  # would be 2026-08's folder


def test_2026_08_sealed_rows_differ_from_public_and_from_2024(built, public, sealed_2024_pinned):
    s, datasets, _ = built
    old = sealed_2024_pinned["diverse"]  # 2024's for the same secret
    for name in ("diverse", "representative"):
        rows, pub = datasets[name], public[name]
        assert rows and all(r.id.startswith(f"{name}-{EDITION}-") for r in rows)
        assert {sealed.row_hash(r) for r in rows}.isdisjoint({sealed.row_hash(r) for r in pub})
        assert [r.profile for r in rows] != [r.profile for r in pub]
        rate = lambda rs: sum(sum(r.labels) for r in rs) / sum(len(r.labels) for r in rs)  # noqa: E731
        assert abs(rate(rows) - rate(pub)) < 0.15  # as hard as the public one
        # labelled by the edition's checkers, with its feature schema (version-2 households)
        assert all(r.household.feature_schema == 2 for r in rows)
    assert {r.profile for r in datasets["diverse"]}.isdisjoint({r.profile for r in old})
    assert len(datasets["representative"]) == len(public["representative"])


def test_manifest_records_the_edition_and_no_household_or_label(built):
    s, datasets, report = built
    m = sealed.manifest(s, datasets, {"diverse": report})
    assert (m["split"], m["edition"], m["round"]) == ("sealed", EDITION, "1")
    text = json.dumps(m)
    d = m["datasets"]["diverse"]
    assert d["households"] == len(datasets["diverse"]) == len(d["row_hashes"])
    assert d["coverage"]["elements_covered"] == report["elements_covered"] > 0
    for r in datasets["diverse"][:5] + datasets["representative"][:5]:
        assert r.profile[:40] not in text and json.dumps(list(r.opportunities)) not in text
    assert SECRET not in text and SECRET not in repr(s)


def test_rebuilding_is_byte_identical_and_written_privately(built, tmp_path):
    s, datasets, report = built
    _, again, report2 = build_sealed_2026(SECRET, COUNT)  # a second build, made here
    for root, ds, rep in ((tmp_path / "a", datasets, report), (tmp_path / "b", again, report2)):
        sealed.write(root, s, ds, sealed.manifest(s, ds, {"diverse": rep}))
    for rel in (f"data/sealed/{EDITION}/1/diverse.parquet", f"data/sealed/{EDITION}/1/representative.parquet",
                f"reports/sealed/{EDITION}/1.json"):
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel
    back = sealed.load_rows(tmp_path / "a", "1", edition=EDITION)
    assert [r.id for r in back["diverse"]] == [r.id for r in datasets["diverse"]]
    with pytest.raises(BenyfitsError, match=r"no sealed diverse, representative rows of the 2026-08 edition: "
                                            r"build them with `python -m stages.sealed --edition 2026-08`"):
        sealed.load_rows(tmp_path / "a", "2", edition=EDITION)


def sealed_project(root: Path, built) -> Path:
    """A project holding the published 2026-08 requirement texts and this secret's sealed rows."""
    from tests.leaderboard.synthetic import make_dataset

    s, datasets, report = built
    make_dataset(root / "benyfits", n_diverse=2, n_representative=1, version="synthetic-2026-08", edition=EDITION)
    sealed.write(root, s, datasets, sealed.manifest(s, datasets, {"diverse": report}))
    return root


def sealed_config(edition: str = EDITION):
    from eligibench.evaluation.run import read_config

    p = copy.deepcopy(yaml.safe_load((ROOT / "params.yaml").read_text()))
    p["evaluate"].update(edition=edition, subset={"diverse": 2, "representative": 1}, trials=1, bootstrap=10,
                         concurrency=1, store="results/test.duckdb")
    return read_config(p)


def test_a_2026_08_sealed_run_reads_the_sealed_rows_and_records_split_and_edition(built, tmp_path, monkeypatch):
    from eligibench.evaluation.hosting import load_manifest
    from eligibench.evaluation.run import resolve_run, run_identity

    proj = sealed_project(tmp_path / "project", built)
    config = sealed_config()
    manifest = load_manifest(ROOT / "submissions" / "direct")
    monkeypatch.setenv(sealed.SEED_ENV, SECRET)  # the round comes from the environment, as in a real run
    r = resolve_run(config, manifest, config.run("direct"), split="sealed", project=proj)
    sealed_ids = {row.id for rs in built[1].values() for row in rs}
    assert {row.id for rs in r.rows.values() for row in rs} <= sealed_ids
    assert r.data_version == built[1]["diverse"][0].data_version
    assert r.protocol.to_json()["split"] == "sealed" and r.protocol.to_json()["edition"] == EDITION
    assert run_identity(r).params["split"] == "sealed"
    public = resolve_run(config, manifest, config.run("direct"), project=proj)
    assert public.protocol.protocol_id != r.protocol.protocol_id  # never ranked together
    # not built for this round: one line naming the command that builds it
    monkeypatch.setenv(sealed.ROUND_ENV, "7")
    with pytest.raises(BenyfitsError) as e:
        resolve_run(config, manifest, config.run("direct"), split="sealed", project=proj)
    assert "\n" not in str(e.value) and "python -m stages.sealed --edition 2026-08" in str(e.value)


@pytest.mark.needs_bwrap
def test_a_tiny_agent_evaluated_on_the_2026_08_sealed_split_is_stored_as_sealed(built, tmp_path, monkeypatch):
    """The real session (jailed agent process, the run's store): the stored run's protocol says
    split sealed and edition 2026-08, and its dialogs are the sealed rows'."""
    from eligibench.evaluation.hosting import load_manifest
    from eligibench.evaluation.run import resolve_run, run_submission
    from eligibench.evaluation.user import QUOTING_LABEL, QuotingUserModel
    from eligibench.results import ResultStore

    proj = sealed_project(tmp_path / "project", built)
    write_one_question_agent(proj / "submissions" / "tiny", "tiny", cls="Tiny")
    monkeypatch.setenv(sealed.SEED_ENV, SECRET)
    config = sealed_config()
    resolved = resolve_run(config, load_manifest(proj / "submissions" / "tiny"), split="sealed", project=proj,
                           stand_in_label=QUOTING_LABEL)
    summary = run_submission(resolved, project=proj, user_model=QuotingUserModel())
    (run,) = ResultStore(proj / "results" / "test.duckdb").runs()
    protocol = run["protocol"] if isinstance(run["protocol"], dict) else json.loads(run["protocol"])
    assert run["run_id"] == summary["run_id"] and run["status"] == "done"
    assert (protocol["split"], protocol["edition"]) == ("sealed", EDITION)
    sealed_ids = {row.id for rs in built[1].values() for row in rs}
    assert {row.id for rs in resolved.rows.values() for row in rs} <= sealed_ids


def test_a_lookup_of_the_public_2026_08_labels_scores_100_public_and_about_chance_sealed(built, public):
    from eligibench.evaluation.hosting import AgentContext
    from tests.datasets.test_sealed import Coin, LabelLookup, _f1

    _, datasets, _ = built
    for name in ("diverse", "representative"):
        table = {r.opportunities: r.labels for r in public[name]}
        assert _f1(LabelLookup(AgentContext(), table), public[name]) == pytest.approx(100.0)
        lookup = LabelLookup(AgentContext(), table)
        on_sealed, chance = _f1(lookup, datasets[name]), _f1(Coin(AgentContext(), {}, seed=8), datasets[name])
        print(f"2026-08 {name}: lookup public 100.0, sealed {on_sealed:.1f} ({lookup.hits} hits of "
              f"{len(datasets[name])}), coin flip sealed {chance:.1f}")
        assert lookup.hits <= len(datasets[name]) // 10
        assert abs(on_sealed - chance) < 15
