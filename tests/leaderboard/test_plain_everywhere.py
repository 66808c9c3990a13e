"""Plain words everywhere a person reads (issue 36 item 3), exhaustively: every published row of
every built edition, every opportunity of it, every failure cause, every fact of the household
disclosed (exactly and not), every simulator-check verdict, every way a dialog ends. What the
Dialogs tab, the Play tab's result, `benyfits view` and `benyfits play` render for a person must
show no fact key (`m0.`, `hh.`), no snake_case identifier, no issue number, no "YAML", no
sentence starting with OR / AND, no program id where the program has a name, and no raw JSON.

Left out on purpose: the checker's source lines (behind "Show the code"; the code is the point
there) and the requirement texts (the programs' own words, quoted from the curated catalogue)."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from eligibench.catalog import available, edition_catalog, load_edition
from eligibench.datasets import read_parquet
from eligibench.household import display_name, household_facts
from eligibench.results import CAUSE_WORDS, FAILURE_CAUSES, TERMINATION_WORDS, TERMINATIONS
from leaderboard.board import chat_messages
from leaderboard.plain_facts import CHECK_WORDS, keys_in_words
from leaderboard.verdict_reasons import SHOW_CODE_CLASS, DialogFacts, GroundTruth, render_reasons
from tests.published import published_evaluation_files

ROOT = Path(__file__).resolve().parents[2]

CODE_SHAPES = (
    (re.compile(r"\bm\d+\."), "a member fact key"),
    (re.compile(r"\bhh\b"), "a household fact key"),
    (re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"), "a snake_case identifier"),
    (re.compile(r"\bissue \d+|(?<![\w&])#\d+\b", re.I), "an issue number"),
    (re.compile(r"\bYAML\b"), "YAML"),
    (re.compile(r"(?:^|[.!?:]\s+)(?:OR|AND)\b"), "a sentence starting with a connective"),
    (re.compile(r"\{\s*\"|\"\s*:\s*[\[{\"\d]"), "raw JSON"),
)


def _program_names() -> dict[str, str]:
    names: dict[str, str] = {}
    for edition in available():
        names.update({o.id: o.name for o in edition_catalog(load_edition(edition)).opportunities})
    return names


NAMES = _program_names()
# an id that is also a word of some program's name (e.g. "IDNYC") cannot be told apart from the name
IDS = re.compile(r"\b(" + "|".join(sorted((i for i in NAMES if not any(i in n for n in NAMES.values())),
                                         key=len, reverse=True)) + r")\b")


def code_in(text: str) -> list[str]:
    """What in `text` is code rather than words: one finding per shape found."""
    found = [f"{why}: {m[0]!r}" for rx, why in CODE_SHAPES for m in [rx.search(text)] if m]
    m = IDS.search(text)
    if m:
        found.append(f"a program id where a name exists: {m[0]!r} ({NAMES[m[0]]})")
    return found


def shown_text(page: str) -> str:
    """The words of rendered HTML a person reads: the checker source behind "Show the code" and the
    quoted requirement texts removed, tags dropped, entities unescaped."""
    page = re.sub(rf'<details class="{SHOW_CODE_CLASS}">.*?</details>', " ", page, flags=re.S)
    page = re.sub(r'<div class="bf-req">.*?</div></div>', " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return " ".join(html.unescape(page).split())


def test_the_detector_finds_each_shape_the_issue_reported():
    """Each string the issue quoted is caught (the test fails on them), plain sentences pass."""
    for bad in ("m0.age = 15", "hh.size = 1", "hh: size", "(needed_fact_not_disclosed)", "(checker fixed, issue 19)",
                "(YAML reading)", "Requirement not met: OR someone age 60 or older.",
                '{"average.f1": 0.5}', "CoolingAssistanceBenefit predicted eligible"):
        assert code_in(bad), bad
    assert code_in("Maria Ruiz is 15 years old. Requirement met: someone age 60 or older.") == []


def _published_rows():
    return [row for f, _ in published_evaluation_files() for row in read_parquet(f)]


def _turns_disclosing_everything(hh) -> tuple[list[dict], dict[int, list[dict]], dict[int, dict]]:
    """One turn per fact of the household, disclosed exactly on even turns and not exactly on odd
    ones, each with a simulator-check verdict and a detail naming its fact as the check writes it."""
    turns, facts, checks = [], {}, {}
    verdicts = sorted(CHECK_WORDS)
    for i, (key, f) in enumerate(household_facts(hh).items()):
        turns.append({"idx": i, "question": "What can you tell me?", "answer": "Here is what I know."})
        value = f.value if i % 2 == 0 else (f.value + 1 if isinstance(f.value, int) and not isinstance(f.value, bool)
                                             else f.value)
        facts[i] = [{"fact_key": key, "value": json.dumps(value), "exact": i % 2 == 0}]
        detail = (f"numbers agree: {key}={f.value}" if i % 3 == 0 else
                  f"said it does not know; the profile states {key}" if i % 3 == 1 else f"not sure of {key}")
        checks[i] = {"verdict": verdicts[i % len(verdicts)], "detail": detail}
    return turns, facts, checks


@pytest.mark.needs_datasets
# every evaluation row of both editions (about 170) at about 0.2 s of reasons and rendering each:
# well under a minute on a quiet core, but the longest of the dataset tests, so marked end-to-end
@pytest.mark.e2e
def test_every_rendered_explanation_of_every_published_pair_is_plain():
    rows = _published_rows()
    truth = GroundTruth(ROOT / "benyfits", ROOT / "opportunities")
    bad: list[str] = []
    pairs = causes_shown = facts_shown = 0
    for row in rows:
        hh = row.household
        names = {i: display_name(hh, i) for i in range(len(hh.members))}
        reasons = truth.reasons(row.dataset, row.id, list(row.opportunities))
        wrong = {r.opportunity: not (r.label if r.label is not None else r.verdict) for r in reasons}
        needed = {k for r in reasons for k in r.needed}
        half = frozenset(sorted(needed)[::2])
        for cause in FAILURE_CAUSES:  # every cause on every opportunity (each predicted wrong)
            facts = DialogFacts(half, True, {o: cause for o in row.opportunities}, frozenset(sorted(needed)[1::4]))
            page = render_reasons(reasons, wrong, facts, names)
            causes_shown += page.count("Failure cause:")
            bad += [f"{row.id} (reasons, cause {cause}): {x}" for x in code_in(shown_text(page))]
        page = render_reasons(reasons, {r.opportunity: not w for r, w in zip(reasons, wrong.values())},
                              DialogFacts(), names)  # all right, store without fact tables
        bad += [f"{row.id} (reasons, right): {x}" for x in code_in(shown_text(page))]
        pairs += len(reasons)
        turns, disclosed, checks = _turns_disclosing_everything(hh)
        for m in chat_messages(turns, disclosed, checks, None, hh, names):
            text = re.sub(r"[*`]", "", m["content"])
            facts_shown += text.count("Facts disclosed:")
            bad += [f"{row.id} (chat): {x} in {text[-160:]!r}" for x in code_in(text)]
        bad += [f"{row.id} (fact {k}): {x}" for k in needed for x in code_in(keys_in_words(k, names))]
    assert pairs == sum(len(r.opportunities) for r in rows)
    assert causes_shown == pairs * len(FAILURE_CAUSES) and facts_shown > 0
    assert not bad, f"{len(bad)} rendered string(s) speak code:\n" + "\n".join(bad[:40])


def test_the_store_words_a_person_reads_are_plain():
    """Every way a dialog ends and every failure cause, as the board, `view` and `play` word them."""
    assert set(TERMINATION_WORDS) == set(TERMINATIONS) and set(CAUSE_WORDS) == set(FAILURE_CAUSES)
    bad = [f"{k}: {x}" for k, v in {**TERMINATION_WORDS, **CAUSE_WORDS, **CHECK_WORDS}.items() for x in code_in(v)]
    assert not bad, bad


@pytest.mark.needs_datasets
def test_the_play_result_names_programs_and_words_the_ending(tmp_path):
    """The Play tab's result table and head: names, the ending in words, no JSON."""
    from types import SimpleNamespace

    from eligibench.evaluation.play import HUMAN_MANIFEST
    from eligibench.evaluation.run import load_run
    from leaderboard.tabs.play import result_html

    rows = _published_rows()
    resolved = load_run(HUMAN_MANIFEST, ROOT)
    truth = GroundTruth(ROOT / "benyfits", ROOT / "opportunities")
    bad = []
    for termination in TERMINATIONS:
        for row in [r for rs in resolved.rows.values() for r in rs]:
            result = SimpleNamespace(predictions={o: True for o in row.opportunities}, turns=(), wall_s=60.0,
                                     termination=termination)
            game = SimpleNamespace(result=result, row=row, role="agent",
                                   play=SimpleNamespace(resolved=resolved, run_id="abc123"))
            text = shown_text(result_html(game, truth if termination == TERMINATIONS[0] else None))
            bad += [f"{row.id} ({termination}): {x}" for x in code_in(text)]
    assert rows and not bad, "\n".join(bad[:20])


def _markdown_words(text: str) -> str:
    """Chat or summary Markdown as read: emphasis marks dropped, the agent's own notes left out
    (they are the agent's words, shown literally: leaderboard/literal.py)."""
    text = re.sub(r"<details><summary>agent notes</summary>.*?</details>", " ", text, flags=re.S)
    return re.sub(r"[*`\\]", "", text)


@pytest.mark.needs_datasets
def test_a_stored_run_reads_plain_on_the_board_and_in_view(tmp_path, capsys):
    """A run over every published 2024 household (every ending, every failure cause the run's
    dialogs produce, facts disclosed, simulator checks): the Dialogs tab's list, each dialog's
    summary, chat and reasons, and `benyfits view` of the whole run."""
    from eligibench.cli.main import main
    from eligibench.datasets import dataset_path
    from eligibench.results import ResultStore
    from leaderboard import queries as Q
    from leaderboard.board import Board
    from leaderboard.config import AppConfig
    from tests.leaderboard.synthetic import Household, write_run

    rows = [r for d in ("diverse", "representative") for r in read_parquet(dataset_path(ROOT / "benyfits", d))]
    households = [Household(r.dataset, r.id, r.opportunities, r.labels, r.profile) for r in rows]
    store = ResultStore(tmp_path / "store" / "runs.duckdb")
    run_id = write_run(store, households, "plain", agent_errors=True, data_version=rows[0].data_version)
    board = Board(AppConfig(store=store.path, dataset_dir=ROOT / "benyfits", opportunities_dir=ROOT / "opportunities",
                            audit_file=None, allow_play=False))
    listing, _ = board.dialog_list(run_id, Q.DialogFilter())
    assert len(listing) == len(rows)
    bad = [f"list: {x}" for col in ("Termination", "Failure causes") for v in set(listing[col]) for x in code_in(v)]
    assert len(set(listing["Termination"])) >= 2 and set(listing["Failure causes"]) - {""}
    for d, r, t in zip(listing["Dataset"], listing["Household"], listing["Trial"]):
        chat, summary, reasons, _ = board.transcript(run_id, Q.dialog_key(d, r, t))
        texts = [_markdown_words(summary), shown_text(reasons), *(_markdown_words(m["content"]) for m in chat)]
        bad += [f"{r}: {x}" for text in texts for x in code_in(text)]
    other = write_run(store, households, "plain-b", seed=1, data_version=rows[0].data_version)
    for d, r, t in zip(listing["Dataset"], listing["Household"], listing["Trial"]):  # the Compare tab
        md, _, _ = board.compare(run_id, other, Q.dialog_key(d, r, t))
        bad += [f"compare {r}: {x}" for x in code_in(_markdown_words(md))]
    assert main(["view", run_id, "--store", str(store.path), "--project", str(ROOT), "--limit", "1000",
                 "--width", "240"]) == 0
    out = capsys.readouterr().out.replace(str(store.path), "the store")
    bad += [f"view: {x}" for x in code_in(out)]
    assert out.count("predictions vs truth") == len(rows)
    assert not bad, f"{len(bad)} rendered string(s) speak code:\n" + "\n".join(sorted(set(bad))[:40])
