"""The app's data access, shared by every tab's handlers: one page read (the last good one while a
writer holds the store), the heatmap cache, transcripts with their reasons, exports, uploads."""
from __future__ import annotations

import html
import json
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator, Mapping

import pandas as pd

from eligibench.evaluation.hosting import SubmissionError
from eligibench.household import display_name
from eligibench.results import IDS_PANEL, SNAKE_WORDS, TERMINATION_WORDS, ResultStore
from eligibench.truth import human_words
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.config import AppConfig
from leaderboard.downloads import Downloads
from leaderboard.human import human_rows
from leaderboard.literal import literal_markdown as lit
from leaderboard.notes import notes_markdown
from leaderboard.persona_card import persona_audit_lines
from leaderboard.plain_facts import CHECK_WORDS, fact_sentence, keys_in_words
from leaderboard.protocol_words import user_words
from leaderboard.ratelimit import RateLimiter
from leaderboard.upload import accept_upload
from leaderboard.verdict_reasons import DialogFacts, GroundTruth, profile_html, render_reasons


@dataclass(frozen=True)
class PageData:
    table: pd.DataFrame  # evaluated runs (all protocols) + v1 reported rows
    protocols: dict[str, Q.StoredProtocol]
    runs: list[tuple[str, str]]  # (label, run_id), newest first
    labels: dict[str, str]  # run_id -> short label
    stats: pd.DataFrame  # simulator card table
    audit: str  # simulator card audit markdown
    queue: pd.DataFrame
    busy: bool = False  # the store was locked: this is the last good data (or none yet)
    cold: bool = False  # busy before anything was read: nothing is known about the runs yet
    latest: str | None = None  # the protocol of the most recent run (the default view's fallback)
    humans: pd.DataFrame | None = None  # people's runs (`benyfits play`): a row beside the ranking
    rank_tables: dict | None = None  # protocol id -> scoring.RankTable: rank ranges, detectable difference (issue 31)


class Board:
    """The app's data access, shared by its event handlers (safe to call from several threads)."""

    def __init__(self, config: AppConfig):
        self.config = config
        self.source = Q.open_source(config.store, config.snapshot, config.read_timeout)
        self.truth = GroundTruth(config.dataset_dir, config.opportunities_dir)
        self.reported = Q.reported_rows(config.paper_results)  # from the project's JSON, never the store
        self.paper = Q.load_paper_results(config.paper_results)
        self._last: PageData | None = None
        self._last_stamp: tuple | None = None
        self._heat: dict[tuple, tuple[str, pd.DataFrame]] = {}
        self.uploads = RateLimiter(config.uploads_per_hour, 3600.0)
        self.downloads = Downloads()  # exports under clean names (leaderboard/downloads.py)

    @contextmanager
    def _reader(self, r: Q.Reader | None = None) -> Iterator[Q.Reader]:
        if r is not None:
            yield r
        else:
            with self.source.reader() as fresh:
                yield fresh

    # -- page ----------------------------------------------------------------------------------

    def page(self) -> PageData:
        """Everything the page shows on load, read through ONE read-only connection; the last good
        data (marked busy) while a writer holds the store."""
        stamp = self._stamp()
        if stamp is not None and self._last is not None and self._last_stamp == stamp:
            return self._last  # nothing was written since the last read: no need to open the store
        try:
            with self.source.reader() as r:
                evaluated = Q.evaluated_rows(r)
                evaluated, rank_tables = Q.with_rank_ranges(r, evaluated)
                protos = Q.protocols(r)
                runs = Q.run_choices(r)
                stats = Q.simulator_stats(r)
                audits = Q.audits(r, self.config.audit_file)
                queue = Q.queue_table(r)
                latest = Q.latest_protocol(r)
                humans = human_rows(r)
        except Q.StoreLockedError:
            if self._last is not None:
                return replace(self._last, busy=True)
            empty = pd.DataFrame(columns=list(Q.TABLE_COLUMNS))
            return PageData(self._with_reported(empty), {}, [], {}, pd.DataFrame(columns=list(Q.SIMULATOR_COLUMNS)),
                            "", pd.DataFrame(columns=list(Q.QUEUE_COLUMNS)), busy=True, cold=True)
        # chips and rows name a run by its configuration and when it ran, never by its id (a hash)
        labels = {rid: label.split(" · ")[0] + f" ({label.split(' · ')[-1]})" for label, rid in runs}
        page = PageData(self._with_reported(evaluated), protos, runs, labels, stats,
                        audit_markdown(audits, self.paper), queue, latest=latest, humans=humans,
                        rank_tables=rank_tables)
        self._last, self._last_stamp = page, stamp
        return page

    def _stamp(self) -> tuple | None:
        """(size, mtime) of the store file and its write-ahead log: any write changes one of them.
        None for a snapshot folder or a missing file (always read)."""
        path = getattr(self.source, "path", None)
        if path is None or not Path(path).exists():
            return None
        out = []
        for f in (Path(path), Path(str(path) + ".wal")):
            try:
                st = f.stat()
                out.append((st.st_size, st.st_mtime_ns))
            except FileNotFoundError:
                out.append(None)
        return tuple(out)

    def _with_reported(self, evaluated: pd.DataFrame) -> pd.DataFrame:
        frames = [f for f in (evaluated, self.reported) if not f.empty]
        table = pd.concat(frames, ignore_index=True) if len(frames) > 1 else (frames[0] if frames else evaluated)
        return Q.sort_table(table, Q.TW_F1, descending=True)

    def header(self, page: PageData) -> str:
        if page.cold:  # never "0 runs": nothing could be read yet
            return (f"Waiting for the {html.escape(self.source.describe())}: an evaluation is writing to it. "
                    "The runs appear here as soon as it can be read (this page retries by itself).")
        t = page.table
        n_eval = int((t["Source"] == Q.EVALUATED).sum()) if not t.empty else 0
        n_rep = int((t["Source"] == Q.REPORTED).sum()) if not t.empty else 0
        return (f"Results from the {html.escape(self.source.describe())}: **{n_eval}** evaluated run(s) under "
                f"**{len(page.protocols)}** protocol(s), and **{n_rep}** v1 reported row(s) shown beside them "
                "(the v1 paper's figures, arXiv 2502.19610; not re-run here).")

    # -- heatmap -------------------------------------------------------------------------------

    def heatmap(self, run_ids: list[str], labels: dict[str, str]) -> tuple[str, pd.DataFrame]:
        stamp = self._stamp()
        key = (tuple(run_ids), tuple(sorted((labels or {}).items())), stamp)
        if stamp is not None and key in self._heat:
            return self._heat[key]
        out = self._heatmap(run_ids, labels)
        if stamp is not None:
            self._heat = {k: v for k, v in self._heat.items() if k[2] == stamp}  # drop stale entries
            self._heat[key] = out
        return out

    def _heatmap(self, run_ids: list[str], labels: dict[str, str]) -> tuple[str, pd.DataFrame]:
        with self.source.reader() as r:
            long = Q.opportunity_accuracy(r, run_ids)
        if run_ids:  # rows in the order asked for (best first by default)
            rank = {rid: i for i, rid in enumerate(run_ids)}
            long = long.sort_values("run_id", key=lambda s: s.map(rank), kind="stable")
        order = list(dict.fromkeys(long["run_id"])) if not long.empty else []
        acc = Q.accuracy_matrix(long, labels)
        pairs = Q.accuracy_matrix(long, labels, value="pairs")
        values = acc.round(1).reset_index(names="Run") if not acc.empty else pd.DataFrame()
        return R.heatmap_html(acc, pairs, order, self.program_names()), values

    # -- dialogs -------------------------------------------------------------------------------

    def dialog_list(self, run_id: str, f: Q.DialogFilter) -> tuple[pd.DataFrame, dict[str, list[str]]]:
        with self.source.reader() as r:
            return Q.dialog_list(r, run_id, f), Q.dialog_facets(r, run_id)

    def transcript(self, run_id: str, key: str) -> tuple[list[dict], str, str, str]:
        """(chat messages, summary Markdown, reasons HTML, profile HTML) of one dialog."""
        if not run_id or not key:
            return [], "Pick a run and a dialog.", "", ""
        try:
            dataset, row_id, trial = Q.parse_dialog_key(key)
        except ValueError:
            return [], f"Not a dialog: {lit(key)}.", "", ""
        with self.source.reader() as r:  # one connection for the dialog and the store's tables
            t = Q.transcript(r, run_id, dataset, row_id, trial)
            has_turn_facts = "turn_facts" in r.tables()
        if t is None:
            return [], f"No dialog {lit(key)} in run {lit(run_id)}.", "", ""
        facts_by_turn: dict[int, list[dict]] = {}
        for f in t["facts"]:
            facts_by_turn.setdefault(int(f["idx"]), []).append(f)
        checks = {int(c["idx"]): c for c in t["checks"]}
        run = t.get("run", {})
        version = run.get("data_version") or None
        row = self.truth.row(dataset, row_id, version)
        hh = row.household if row is not None else None
        names = {i: display_name(hh, i) for i in range(len(hh.members))} if hh is not None else {}
        messages = chat_messages(t["turns"], facts_by_turn, checks, t["notes"], hh, names)
        preds = {p["opportunity"]: p["predicted"] for p in t["predictions"]}
        opportunities = [p["opportunity"] for p in t["predictions"] if p["label"] is not None] or list(preds)
        reasons = self.truth.reasons(dataset, row_id, opportunities, version)
        right = sum(1 for p in t["predictions"]
                    if p["label"] is not None and p["predicted"] is not None and bool(p["predicted"]) == bool(p["label"]))
        labelled = sum(1 for p in t["predictions"] if p["label"] is not None)
        summary = (f"**{lit(run.get('submission', ''))}** on **{lit(dataset)} / {lit(row_id)}** "
                   f"(trial {trial}) with the {lit(user_words(run.get('simulator', '')))}: "
                   f"{len(t['turns'])} question(s), ended: **{lit(TERMINATION_WORDS.get(t['termination'], t['termination']))}**"
                   + (f" (error: {lit(Q.sanitize(t['error']))})" if t.get("error") else "")
                   + f"; {right}/{labelled} opportunities predicted correctly.")
        if not t.get("predictions_given", True):
            summary += " The agent gave no predictions (each counts as wrong)."
        proc = t.get("process")
        if proc:
            cov = proc.get("needed_coverage")
            summary += ("\n\nProcess: " + (f"{100 * cov:.0f}% of the needed facts disclosed" if cov is not None else "")
                        + f", {proc.get('redundant_questions', 0)} redundant question(s)"
                        + oracle_words(len(t["turns"]), proc.get("oracle_questions"))
                        + ("; **declared ready before the needed facts were known**" if proc.get("premature_ready") else "")
                        + ".")
        if row is not None and version and row.data_version != version:
            summary += (f"\n\n⚠ The run used data version `{run.get('data_version')}`; the dataset folder now holds "
                        f"`{row.data_version}`: the ground truth shown is today's.")
        disclosed = frozenset(f["fact_key"] for f in t["facts"])
        facts = DialogFacts(disclosed, has_turn_facts, t["failures"],
                            asked_unknown(row, t["turns"], checks) - disclosed)
        return messages, summary, render_reasons(reasons, preds, facts, names), profile_html(row)

    def program_names(self) -> dict[str, str]:
        """Opportunity id -> the program's name in words (the curated briefs)."""
        try:
            return {oid: name for oid, (name, _) in self.truth.briefs(None).items()}
        except Exception:  # noqa: BLE001 - no opportunities folder: ids split into words instead
            return {}

    def compare(self, run_a: str, run_b: str, key: str) -> tuple[str, list[dict], list[dict]]:
        if not (run_a and run_b and key):
            return "Pick two runs and a household both ran.", [], []
        dataset, row_id, trial = Q.parse_dialog_key(key)
        with self.source.reader() as r:
            a = Q.transcript(r, run_a, dataset, row_id, trial)
            b = Q.transcript(r, run_b, dataset, row_id, trial)
        if a is None or b is None:
            return f"Both runs need dialog {lit(key)}.", [], []
        pa = {p["opportunity"]: p for p in a["predictions"]}
        pb = {p["opportunity"]: p for p in b["predictions"]}
        lines = [f"**{dataset} / {row_id}** (trial {trial}): A = **{lit(a['run'].get('submission'))}** "
                 f"({len(a['turns'])} questions, {_ended(a['termination'])}), "
                 f"B = **{lit(b['run'].get('submission'))}** ({len(b['turns'])} questions, {_ended(b['termination'])})",
                 "", "| program | truth | A predicted | B predicted |", "|---|---|---|---|"]

        def yn(v):
            return "—" if v is None else ("yes" if v else "no")

        names = self.program_names()
        for opp in sorted(set(pa) | set(pb), key=lambda o: R.program_words(o, names)):
            label = (pa.get(opp) or pb.get(opp) or {}).get("label")
            cells = []
            for p in (pa.get(opp), pb.get(opp)):
                v = None if p is None else p["predicted"]
                mark = "" if label is None or v is None else (" ✓" if bool(v) == bool(label) else " ✗")
                cells.append(yn(v) + mark)
            lines.append(f"| {R.program_words(opp, names)} | {yn(label)} | {cells[0]} | {cells[1]} |")
        return "\n".join(lines), chat_messages(a["turns"]), chat_messages(b["turns"])

    # -- exports -------------------------------------------------------------------------------

    def export_table(self, shown: pd.DataFrame, stem: str) -> list[str]:
        """The table as shown, CSV and JSON: their download links (clean names, no server path)."""
        csv_text, json_text = Q.table_export(shown)
        return [self.downloads.save(f"{stem}{suffix}", text) for suffix, text in ((".csv", csv_text), (".json", json_text))]

    def export_run(self, run_id: str) -> str | None:
        """A run's JSON export: its download link, None for an unknown run."""
        with self.source.reader() as r:
            data = Q.run_export(r, run_id)
        if data is None:
            return None
        return self.downloads.save(f"benyfits-run-{run_id}.json",
                                   json.dumps(data, indent=1, sort_keys=True, default=str) + "\n")

    # -- queue ---------------------------------------------------------------------------------

    def queue(self) -> pd.DataFrame:
        with self.source.reader() as r:
            return Q.queue_table(r)

    def upload(self, file_path: str | None, client: str = "") -> tuple[bool, str]:
        """(accepted, message for the submitter)."""
        if not self.config.allow_upload:
            return False, "Uploads are switched off on this server."
        if not file_path:
            return False, "Choose a .zip file first."
        allowed, wait = self.uploads.allow(client or "unknown")
        if not allowed:
            return False, (f"**Not accepted:** too many uploads from your address "
                           f"({self.uploads.describe()}); try again in {wait / 60:.0f} minute(s).")
        try:
            installed = accept_upload(file_path, self.config.submissions, ResultStore(self.config.store),
                                      self.config.limits)
        except SubmissionError as e:
            return False, f"**Not accepted:** {lit(Q.sanitize(e))}"
        return True, (f"**Accepted:** {installed.name} is queued (entry {installed.queue_id}). The worker "
                      "(`benyfits worker`) evaluates it; its row appears on the Leaderboard tab once it runs.")


def asked_unknown(row: Any, turns: list[dict], checks: dict[int, dict]) -> frozenset[str]:
    """Facts asked and answered "I don't know": the facts each such turn's question concerns (the
    lexical selector the simulator's answer check uses) where the check found no answer."""
    if row is None:
        return frozenset()
    from eligibench.evaluation.user import DONT_KNOW, lexical_select, says_unknown

    out: set[str] = set()
    for turn in turns:
        i = int(turn["idx"])
        verdict = (checks.get(i) or {}).get("verdict")
        if verdict == DONT_KNOW or (verdict is None and says_unknown(turn.get("answer") or "")):
            out.update(lexical_select(turn.get("question") or "", row.household))
    return frozenset(out)


def oracle_words(turns: int, oracle: Any) -> str:
    """The dialog's questions against an oracle asker's (one question per needed feature), in words;
    never a negative count (stores written before the fix hold turns - oracle, possibly < 0)."""
    if oracle is None:
        return ""
    oracle = int(oracle)
    if turns > oracle:
        return f", {turns - oracle} question(s) more than an oracle asker (who needs {oracle})"
    if turns < oracle:
        return f", {oracle - turns} question(s) fewer than an oracle asker needs ({oracle}) to learn every needed fact"
    return f", as many questions as an oracle asker ({oracle})"


def chat_messages(turns: list[dict], facts: dict[int, list[dict]] | None = None,
                  checks: dict[int, dict] | None = None, notes: dict[int, Any] | None = None,
                  household: Any = None, names: Mapping[int, str] | None = None) -> list[dict]:
    """Chatbot messages: the agent's questions (with its notes when it exposes them) and the
    simulated user's answers (with the facts they disclosed, in sentences about the household's
    members when the household is known, and the simulator check's verdict)."""
    out: list[dict] = []
    for turn in turns:
        i = int(turn["idx"])
        # what the agent and the simulator wrote is shown literally (leaderboard/literal.py)
        q = f"**Q{i + 1}.** {lit(turn['question'])}"
        note = (notes or {}).get(i)
        if note:
            q += f"\n\n<details><summary>agent notes</summary>\n\n{notes_markdown(note)}\n</details>"
        out.append({"role": "assistant", "content": q})
        a = lit(turn["answer"])
        disclosed = (facts or {}).get(i) or []
        if disclosed:
            a += "\n\n*Facts disclosed:* " + " ".join(lit(disclosed_words(f, household)) for f in disclosed)
        check = (checks or {}).get(i)
        if check and check.get("verdict") not in (None, "faithful", "ok"):
            verdict = str(check["verdict"])
            a += (f"\n\n⚠ *Simulator check:* {lit(CHECK_WORDS.get(verdict, human_words(verdict)))}"
                  + (f" ({lit(keys_in_words(check['detail'], names))})" if check.get("detail") else ""))
        out.append({"role": "user", "content": a})
    return out


def _ended(termination: str) -> str:
    """How a dialog ended, in words."""
    return lit(TERMINATION_WORDS.get(termination, termination))


def disclosed_words(f: Mapping[str, Any], household: Any = None) -> str:
    """One disclosed fact as a sentence: the household's own when the answer stated it exactly,
    else the fact's label and the value the answer gave ("(not exact)")."""
    exact = f.get("exact") in (None, True)
    value = f.get("value")
    try:  # the store holds the value as JSON text
        value = json.loads(value) if isinstance(value, str) else value
    except ValueError:
        pass
    text = fact_sentence(f["fact_key"], household if exact else None, value=value)
    return (text if text.endswith(".") else text + ".") + ("" if exact else " (not exact)")


def audit_markdown(audits: list[Q.Audit], paper: dict[str, Any]) -> str:
    v1 = paper.get("simulated_user_faithfulness", {})
    parts = []
    if not audits:
        parts.append("### Faithfulness audit\n\n**No audit yet.** The audit stage (`dvc repro audit`, "
                     "`stages/audit.py`) probes the simulated user with questions whose answers the household "
                     "fixes and writes its summary to the store (table `audit`) and `reports/audit.json`.")
    for a in audits:
        s = a.summary
        pct = s.get("faithful_pct")
        lines = [f"### Faithfulness audit: {user_words(a.simulator) if a.simulator else 'simulated user'}",
                 f"Read from {a.source}" + (f", {a.created_at}" if a.created_at else "") + "."]
        if pct is not None:
            lines.append(f"\n**{s.get('faithful', '?')} / {s.get('probes', '?')} probes faithful ({pct}%)**"
                         + (f" over {s['households']} household(s)" if s.get("households") else "")
                         + ".")
        by_kind = s.get("by_kind") or {}
        if isinstance(by_kind, dict) and by_kind:
            lines.append("\n| probe kind | probes | faithful % |\n|---|---|---|")
            for kind, v in by_kind.items():
                if isinstance(v, dict):
                    words = SNAKE_WORDS.get(str(kind), str(kind).replace("_", " "))
                    lines.append(f"| {words} | {v.get('probes', '')} | {v.get('faithful_pct', '')} |")
        lines += persona_audit_lines(s)
        if s.get("data_version"):  # an id: collapsed, never in the default view
            lines.append(f"\n<details><summary>{IDS_PANEL}</summary>\n\ndata version `{s['data_version']}`\n</details>")
        examples = s.get("examples") or []
        if isinstance(examples, list) and examples:
            lines.append("\n<details><summary>Example probes</summary>\n\n| question | expected | answer | faithful |"
                         "\n|---|---|---|---|")
            for ex in examples[:20]:
                if isinstance(ex, dict):
                    cells = [str(ex.get(k, "")).replace("|", "\\|").replace("\n", " ")
                             for k in ("question", "expected", "answer", "faithful")]
                    lines.append("| " + " | ".join(cells) + " |")
            lines.append("\n</details>")
        parts.append("\n".join(lines))
    if v1:
        parts.append(f"*v1 reference:* {v1.get('faithful')} of {v1.get('annotated')} manually annotated "
                     f"simulated-user answers were faithful (Llama 3.1 70B Instruct, 4-bit; {v1.get('note', '')}).")
    return "\n\n".join(parts)


