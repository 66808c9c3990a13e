"""The BeNYfits leaderboard: a Gradio 6 app over the results store.

    benyfits leaderboard [--store results/benyfits.duckdb | --snapshot DIR] [--port 7860] [--no-upload]
    python -m leaderboard ...            (same options)

Every request opens the store read-only and closes it. While an evaluation holds the write lock
the app serves the last data it read, shows a plain "results are being updated, retrying"
banner and retries by itself every few seconds until the lock goes. v1's reported rows come
from leaderboard/data/ and never depend on the store. No server path, interpreter path or
process id reaches a page (`queries.sanitize`).

Tabs: Leaderboard (one protocol at a time; v1's reported rows beside it), F1 vs turns, Per
opportunity, Dialogs (transcript, profile, the reasons behind every verdict), Compare, Simulator,
Submit (or Queue with --no-upload). Every view has a deep link: ?tab=&run=&dialog=&protocol=...
"""
from __future__ import annotations

import argparse
import html
import json
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator

import gradio as gr
import pandas as pd

from eligibench.evaluation.hosting import SubmissionError
from eligibench.results.store import ResultStore
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.ratelimit import RateLimiter
from leaderboard.truth import CSS as TRUTH_CSS
from leaderboard.truth import DialogFacts, GroundTruth, profile_html, render_reasons
from leaderboard.upload import Limits, accept_upload

TITLE = "BeNYfits leaderboard"
HEATMAP_DEFAULT_RUNS = 12
READ_TIMEOUT_S = 2.0  # how long one request waits for a writer before serving the last good data
RETRY_EVERY_S = 3.0
BUSY_BANNER = ('<div class="bf-busy" role="status">The results are being updated, retrying… '
               '(showing the last results read; this page refreshes by itself)</div>')
TABS = ("board", "scatter", "opportunity", "dialogs", "compare", "simulator", "submit")

CSS = TRUTH_CSS + R.TABLE_CSS + """
.bf-note { font-size: 13px; color: #57606a; }
.bf-busy { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 6px; padding: 8px 12px; font-size: 14px; }
.bf-protocol { background: #ddf4ff; border: 1px solid #54aeff; border-radius: 6px; padding: 6px 10px; font-size: 13px; }
.bf-protocol.bf-other { background: #fff1e5; border-color: #fb8f44; }
.bf-legend { font-size: 12px; color: #57606a; }
.bf-heat-wrap { overflow-x: auto; max-width: 100%; }
.bf-heat { border-collapse: collapse !important; font-size: 10px; border: none !important; width: auto !important; }
.bf-heat th, .bf-heat tr, .bf-heat thead, .bf-heat tbody, #bf-heatmap table { border: none !important;
    background: none !important; box-shadow: none !important; }
.bf-heat td { width: 22px; min-width: 22px; height: 22px; text-align: center; color: #1f2328;
              border: 1px solid #fff !important; padding: 0 !important; line-height: 20px; }
.bf-heat td a { color: inherit; text-decoration: none; display: block; }
.bf-heat td.bf-na, .bf-heat-legend .bf-na { background: #eaeef2; }
.bf-heat th.bf-vert { vertical-align: bottom; padding: 2px 0; font-weight: 400; }
.bf-heat th.bf-vert span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap;
                           display: inline-block; max-height: 230px; overflow: hidden; text-overflow: ellipsis; }
.bf-heat th.bf-rowlab { text-align: right; padding: 0 8px 0 0 !important; white-space: nowrap; font-weight: 500;
                        font-size: 12px; line-height: 22px; }
.bf-heat-legend { font-size: 12px; margin-bottom: 6px; }
.bf-heat-legend span { display: inline-block; padding: 1px 8px; margin-left: 2px; }
@media (max-width: 600px) { .gradio-container { padding: 4px !important; } }
"""


def url_js(*keys: str, fixed: dict[str, str] | None = None) -> str:
    """JS for an event's `js=`: write the given inputs (and `fixed` values) into the page URL
    (?key=value), so the view can be linked; empty values are dropped."""
    sets = "".join(f" u.searchParams.set({json.dumps(k)}, {json.dumps(v)});" for k, v in (fixed or {}).items())
    return ("(...args) => { const u = new URL(window.location.href);" + sets + " const keys = " + json.dumps(list(keys)) + ";"
            " keys.forEach((k, i) => { let v = args[i]; if (Array.isArray(v)) v = v.join(',');"
            " if (v === null || v === undefined || v === '' || v === false) u.searchParams.delete(k);"
            " else u.searchParams.set(k, v === true ? '1' : String(v)); });"
            " window.history.replaceState(null, '', u.toString()); return args; }")


@dataclass(frozen=True)
class AppConfig:
    store: Path  # the DuckDB results file (also where uploads are queued)
    snapshot: Path | None = None  # read Parquet snapshots instead of the live store
    submissions: Path = Path("submissions")
    dataset_dir: Path = Path("benyfits")
    opportunities_dir: Path | None = Path("opportunities")
    audit_file: Path | None = Path("reports/audit.json")
    paper_results: Path = Q.PAPER_RESULTS
    limits: Limits = field(default_factory=Limits)
    allow_upload: bool = True
    uploads_per_hour: int = 5  # per client address
    read_timeout: float = READ_TIMEOUT_S
    # issue 20: the Play tab (leaderboard/tabs/play.py); `project` holds params.yaml and the store it writes
    allow_play: bool = True
    plays_per_hour: int = 20  # dialogs started per client address
    project: Path = Path(".")


@dataclass(frozen=True)
class PageData:
    table: pd.DataFrame  # evaluated runs (all protocols) + v1 reported rows
    protocols: dict[str, Q.Protocol]
    runs: list[tuple[str, str]]  # (label, run_id), newest first
    labels: dict[str, str]  # run_id -> short label
    stats: pd.DataFrame  # simulator card table
    audit: str  # simulator card audit markdown
    queue: pd.DataFrame
    busy: bool = False  # the store was locked: this is the last good data (or none yet)


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
        self.exports = Path(tempfile.mkdtemp(prefix="benyfits-lb-export-"))

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
                protos = Q.protocols(r)
                runs = Q.run_choices(r)
                stats = Q.simulator_stats(r)
                audits = Q.audits(r, self.config.audit_file)
                queue = Q.queue_table(r)
        except Q.StoreBusyError:
            if self._last is not None:
                return replace(self._last, busy=True)
            empty = pd.DataFrame(columns=list(Q.TABLE_COLUMNS))
            return PageData(self._with_reported(empty), {}, [], {}, pd.DataFrame(columns=list(Q.SIMULATOR_COLUMNS)),
                            "", pd.DataFrame(columns=list(Q.QUEUE_COLUMNS)), busy=True)
        labels = {rid: label.split(" · ")[0] + f" ({rid[:6]})" for label, rid in runs}
        page = PageData(self._with_reported(evaluated), protos, runs, labels, stats,
                        audit_markdown(audits, self.paper), queue)
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
        return Q.sort_table(table, "TW-F1", descending=True)

    def header(self, page: PageData) -> str:
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
        return R.heatmap_html(acc, pairs, order), values

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
            return [], f"Not a dialog: {html.escape(key)}.", "", ""
        with self.source.reader() as r:
            t = Q.transcript(r, run_id, dataset, row_id, trial)
        if t is None:
            return [], f"No dialog {html.escape(key)} in run {html.escape(run_id)}.", "", ""
        facts_by_turn: dict[int, list[dict]] = {}
        for f in t["facts"]:
            facts_by_turn.setdefault(int(f["idx"]), []).append(f)
        checks = {int(c["idx"]): c for c in t["checks"]}
        messages = chat_messages(t["turns"], facts_by_turn, checks, t["notes"])
        preds = {p["opportunity"]: p["predicted"] for p in t["predictions"]}
        opportunities = [p["opportunity"] for p in t["predictions"] if p["label"] is not None] or list(preds)
        run = t.get("run", {})
        version = run.get("data_version") or None
        reasons = self.truth.reasons(dataset, row_id, opportunities, version)
        right = sum(1 for p in t["predictions"]
                    if p["label"] is not None and p["predicted"] is not None and bool(p["predicted"]) == bool(p["label"]))
        labelled = sum(1 for p in t["predictions"] if p["label"] is not None)
        summary = (f"**{html.escape(str(run.get('submission', '')))}** on **{dataset} / {row_id}** "
                   f"(trial {trial}) with simulator `{run.get('simulator', '')}`: "
                   f"{len(t['turns'])} question(s), ended **{t['termination']}**"
                   + (f" (error: `{Q.sanitize(t['error'])}`)" if t.get("error") else "")
                   + f"; {right}/{labelled} opportunities predicted correctly.")
        if not t.get("predictions_given", True):
            summary += " The agent gave no predictions (each counts as wrong)."
        proc = t.get("process")
        if proc:
            cov = proc.get("needed_coverage")
            summary += ("\n\nProcess: " + (f"{100 * cov:.0f}% of the needed facts disclosed" if cov is not None else "")
                        + f", {proc.get('redundant_questions', 0)} redundant question(s)"
                        + (f", {proc.get('turns_over_oracle')} question(s) more than an oracle asker"
                           if proc.get("turns_over_oracle") is not None else "")
                        + ("; **declared ready before the needed facts were known**" if proc.get("premature_ready") else "")
                        + ".")
        row = self.truth.row(dataset, row_id, version)
        if row is not None and version and row.data_version != version:
            summary += (f"\n\n⚠ The run used data version `{run.get('data_version')}`; the dataset folder now holds "
                        f"`{row.data_version}`: the ground truth shown is today's.")
        names = {}
        if row is not None:
            from eligibench.household.profile import display_name

            names = {i: display_name(row.household, i) for i in range(len(row.household.members))}
        facts = DialogFacts(frozenset(f["fact_key"] for f in t["facts"]), "turn_facts" in self._tables(),
                            t["failures"])
        return messages, summary, render_reasons(reasons, preds, facts, names), profile_html(row)

    def _tables(self) -> set[str]:
        with self.source.reader() as r:
            return r.tables()

    def compare(self, run_a: str, run_b: str, key: str) -> tuple[str, list[dict], list[dict]]:
        if not (run_a and run_b and key):
            return "Pick two runs and a household both ran.", [], []
        dataset, row_id, trial = Q.parse_dialog_key(key)
        with self.source.reader() as r:
            a = Q.transcript(r, run_a, dataset, row_id, trial)
            b = Q.transcript(r, run_b, dataset, row_id, trial)
        if a is None or b is None:
            return f"Both runs need dialog {html.escape(key)}.", [], []
        pa = {p["opportunity"]: p for p in a["predictions"]}
        pb = {p["opportunity"]: p for p in b["predictions"]}
        lines = [f"**{dataset} / {row_id}** (trial {trial}): A = **{html.escape(str(a['run'].get('submission')))}** "
                 f"({len(a['turns'])} questions, {a['termination']}), B = **{html.escape(str(b['run'].get('submission')))}** "
                 f"({len(b['turns'])} questions, {b['termination']})",
                 "", "| opportunity | truth | A predicted | B predicted |", "|---|---|---|---|"]

        def yn(v):
            return "—" if v is None else ("yes" if v else "no")

        for opp in sorted(set(pa) | set(pb)):
            label = (pa.get(opp) or pb.get(opp) or {}).get("label")
            cells = []
            for p in (pa.get(opp), pb.get(opp)):
                v = None if p is None else p["predicted"]
                mark = "" if label is None or v is None else (" ✓" if bool(v) == bool(label) else " ✗")
                cells.append(yn(v) + mark)
            lines.append(f"| {opp} | {yn(label)} | {cells[0]} | {cells[1]} |")
        return "\n".join(lines), chat_messages(a["turns"]), chat_messages(b["turns"])

    # -- exports -------------------------------------------------------------------------------

    def export_table(self, shown: pd.DataFrame, stem: str) -> list[str]:
        csv_text, json_text = Q.table_export(shown)
        out = []
        for suffix, text in ((".csv", csv_text), (".json", json_text)):
            path = self.exports / f"{stem}{suffix}"
            path.write_text(text, encoding="utf-8")
            out.append(str(path))
        return out

    def export_run(self, run_id: str) -> str | None:
        with self.source.reader() as r:
            data = Q.run_export(r, run_id)
        if data is None:
            return None
        path = self.exports / f"run-{run_id}.json"
        path.write_text(json.dumps(data, indent=1, sort_keys=True, default=str) + "\n", encoding="utf-8")
        return str(path)

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
            return False, f"**Not accepted:** {html.escape(Q.sanitize(e))}"
        return True, (f"**Accepted:** {installed.name} is queued (entry {installed.queue_id}). The worker "
                      "(`benyfits worker`) evaluates it; its row appears on the Leaderboard tab once it runs.")


def chat_messages(turns: list[dict], facts: dict[int, list[dict]] | None = None,
                  checks: dict[int, dict] | None = None, notes: dict[int, Any] | None = None) -> list[dict]:
    """Chatbot messages: the agent's questions (with its notes when it exposes them) and the
    simulated user's answers (with the facts they disclosed and the simulator check's verdict)."""
    out: list[dict] = []
    for turn in turns:
        i = int(turn["idx"])
        q = f"**Q{i + 1}.** {turn['question'] or ''}"
        note = (notes or {}).get(i)
        if note:
            text = note if isinstance(note, str) else json.dumps(note, indent=1, default=str)
            q += f"\n\n<details><summary>agent notes</summary>\n\n```\n{text[:4000]}\n```\n</details>"
        out.append({"role": "assistant", "content": q})
        a = turn["answer"] or ""
        disclosed = (facts or {}).get(i) or []
        if disclosed:
            a += "\n\n*facts disclosed:* " + ", ".join(
                f"`{f['fact_key']}` = {f['value']}" + ("" if f.get("exact") in (None, True) else " (not exact)")
                for f in disclosed)
        check = (checks or {}).get(i)
        if check and check.get("verdict") not in (None, "faithful", "ok"):
            a += f"\n\n⚠ *simulator check:* {check['verdict']}" + (f" ({check['detail']})" if check.get("detail") else "")
        out.append({"role": "user", "content": a})
    return out


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
        lines = [f"### Faithfulness audit: `{a.simulator or 'simulator'}`",
                 f"Read from {a.source}" + (f", {a.created_at}" if a.created_at else "") + "."]
        if pct is not None:
            lines.append(f"\n**{s.get('faithful', '?')} / {s.get('probes', '?')} probes faithful ({pct}%)**"
                         + (f" over {s['households']} household(s)" if s.get("households") else "")
                         + (f", data version `{s['data_version']}`" if s.get("data_version") else "") + ".")
        by_kind = s.get("by_kind") or {}
        if isinstance(by_kind, dict) and by_kind:
            lines.append("\n| probe kind | probes | faithful % |\n|---|---|---|")
            for kind, v in by_kind.items():
                if isinstance(v, dict):
                    lines.append(f"| {kind} | {v.get('probes', '')} | {v.get('faithful_pct', '')} |")
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


def _note(text: str) -> str:
    return f'<div class="bf-note">{text}</div>'


def protocol_choices(protos: dict[str, Q.Protocol]) -> list[tuple[str, str]]:
    order = sorted(protos.values(), key=lambda p: ({"full": 0, "custom": 1, "smoke": 2}.get(p.kind, 3), -p.runs, p.id))
    return [(p.label, p.id) for p in order]


def protocol_banner(protos: dict[str, Q.Protocol], chosen: str | None) -> str:
    if not chosen or chosen not in protos:
        return ""
    p = protos[chosen]
    default = Q.default_protocol(protos)
    if p.kind == "full" and chosen == default:
        return (f'<div class="bf-protocol">Ranking under the <b>full protocol</b> <code>{html.escape(p.id)}</code>: '
                f'{html.escape(p.describe())}. Runs under other protocols (smoke, custom) are ranked in their own '
                'sections: pick one above.</div>')
    base = protos.get(default) if default and protos[default].kind == "full" else None
    diffs = Q.protocol_differences(base, p)
    return (f'<div class="bf-protocol bf-other"><b>Not the full protocol</b>: these runs are ranked only among '
            f'themselves. What differs: {html.escape("; ".join(diffs))}. <br>Protocol '
            f'<code>{html.escape(p.id)}</code>: {html.escape(p.describe())}.</div>')


def shown_table(table: pd.DataFrame, protocol: str | None, sims: list[str] | None, filt: str,
                cols: list[str]) -> tuple[pd.DataFrame, str]:
    """The ranking as displayed (one protocol, filters, chosen columns) and a filter message."""
    msg = ""
    try:
        rows = Q.filter_table(Q.ranking(table, protocol), filt or "", None, sims or None)
    except ValueError as e:
        rows, msg = Q.ranking(table, protocol), f"⚠ {html.escape(str(e))}"
    return Q.select_columns(rows, cols), msg


def reported_table(table: pd.DataFrame, cols: list[str]) -> pd.DataFrame:
    rep = table[table["Source"] == Q.REPORTED]
    return Q.select_columns(Q.sort_table(rep, "TW-F1"), [c for c in cols if not c.endswith("95% CI")])


def _human_row(config: "AppConfig") -> None:
    from leaderboard.human import human_rows

    def load():
        with Q.open_source(config.store, config.snapshot).reader() as r:
            return human_rows(r)

    try:
        df = load()
    except Exception:  # the store is busy or absent: the row is extra, never the page's failure
        return
    if not df.empty:
        gr.Markdown("**People** (`benyfits play`; beside the ranking, not in it)")
        gr.Dataframe(df, interactive=False, elem_id="bf-human")


def build_app(config: AppConfig) -> gr.Blocks:
    board = Board(config)
    limits = config.limits
    default_cols = [c for c in Q.DEFAULT_COLUMNS if c != "Submission"]
    with gr.Blocks(title=TITLE, fill_width=True) as demo:
        table_state = gr.State(pd.DataFrame(columns=list(Q.TABLE_COLUMNS)))
        proto_state = gr.State({})
        run_labels = gr.State({})
        gr.Markdown(f"# {TITLE}")
        with gr.Accordion("About this leaderboard", open=False, elem_id="bf-intro"):
            gr.Markdown("Dialog agents question a simulated user to decide which NYC benefit programs a "
                        "household qualifies for, asking as few questions as possible. **F1** is micro F1 over "
                        "user-opportunity pairs, **turns** are questions per dialog, **TW-F1** = F1 / (turns/100 + 1) "
                        "on the averages over the two datasets. Intervals are 95% household-bootstrap intervals; "
                        "`n=` is the number of households behind one, and `n/a` marks an interval that says nothing "
                        "(one household, or zero width). Runs are ranked only against runs measured under the same "
                        "protocol (datasets, question cap, trials, simulator).")
        header = gr.Markdown(elem_id="bf-header")
        banner = gr.HTML("", elem_id="bf-banner", js_on_load=None)
        retry_timer = gr.Timer(RETRY_EVERY_S, active=False)
        with gr.Tabs(selected="board") as tabs:
            with gr.Tab("Leaderboard", id="board") as tab_board:
                with gr.Row():
                    protocol = gr.Dropdown(choices=[], value=None, label="Protocol", scale=3, elem_id="bf-protocol-pick",
                                           info="one ranking per protocol; the full protocol first")
                    simulator_filter = gr.Dropdown(choices=[], value=[], multiselect=True, label="Simulator",
                                                   info="empty = every simulator", scale=2)
                    filter_box = gr.Textbox(label="Filter", scale=3, elem_id="bf-filter",
                                            placeholder="e.g. TW-F1 >= 30; Avg turns < 10; react",
                                            info="numeric conditions compare numbers; other words search names")
                    with gr.Column(scale=0, min_width=150):
                        refresh = gr.Button("Refresh", min_width=100)
                        auto_refresh = gr.Checkbox(value=False, label="Auto-refresh (30 s)")
                    board_timer = gr.Timer(30, active=False)
                with gr.Accordion("Columns", open=False):
                    columns = gr.CheckboxGroup(choices=[c for c in Q.TABLE_COLUMNS if c != "Submission"],
                                               value=default_cols, label="Shown columns (Submission is always shown)")
                proto_banner = gr.HTML("", elem_id="bf-protocol-banner", js_on_load=None)
                filter_msg = gr.Markdown()
                table = gr.HTML("", elem_id="bf-table", js_on_load=R.TABLE_JS)
                gr.Markdown(_note("Click a column header to sort by it (again to reverse; <b>reset order</b> returns "
                                  "to the ranking). Click a run to open its dialogs."))
                include_reported = gr.Checkbox(value=True, label="Show v1's reported rows (beside, not ranked among, "
                                                                 "our runs)")
                reported = gr.HTML("", elem_id="bf-reported", js_on_load=R.TABLE_JS)
                _human_row(config)  # issue 20: people's runs beside the ranking (leaderboard/human.py)
                with gr.Row():
                    export_btn = gr.Button("Download this table (CSV + JSON)", size="sm", elem_id="bf-export-table")
                export_files = gr.File(label="Table export", file_count="multiple", interactive=False,
                                       elem_id="bf-export-table-files", visible=False)
            with gr.Tab("F1 vs turns", id="scatter") as tab_scatter:
                scatter = gr.HTML("", elem_id="bf-scatter", js_on_load=None)
                gr.Markdown(_note("Up and to the left is better: higher F1 with fewer questions. Shows the protocol "
                                  "chosen on the Leaderboard tab, plus v1's reported figures. Hover a point."))
            with gr.Tab("Per opportunity", id="opportunity") as tab_opp:
                heat_runs = gr.Dropdown(choices=[], value=[], multiselect=True, label="Runs",
                                        info=f"default: the {HEATMAP_DEFAULT_RUNS} best runs of the chosen protocol")
                gr.Markdown(_note(
                    "Accuracy per opportunity over the user-opportunity pairs of each run (infrastructure errors "
                    "left out; a missing prediction counts as wrong). Hover a cell for its pair count; click it "
                    "for the dialogs behind it."))
                heat_plot = gr.HTML(js_on_load=None, elem_id="bf-heatmap")
                with gr.Accordion("Values", open=False):
                    heat_table = gr.Dataframe(interactive=False, max_height=400)
            with gr.Tab("Dialogs", id="dialogs") as tab_dialogs:
                with gr.Row():
                    dlg_run = gr.Dropdown(choices=[], label="Run", scale=3, elem_id="bf-dlg-run")
                    dlg_key = gr.Dropdown(choices=[], label="Dialog (dataset / household / trial)", scale=2,
                                          elem_id="bf-dlg-key")
                with gr.Row():
                    dlg_wrong = gr.Checkbox(value=False, label="only dialogs with a wrong pair", elem_id="bf-dlg-wrong")
                    dlg_opp = gr.Dropdown(choices=[], value=None, label="Opportunity", elem_id="bf-dlg-opp")
                    dlg_term = gr.Dropdown(choices=[], value=None, label="Termination", elem_id="bf-dlg-term")
                    dlg_cause = gr.Dropdown(choices=[], value=None, label="Failure cause", elem_id="bf-dlg-cause")
                dlg_list = gr.Dataframe(interactive=False, max_height=260, elem_id="bf-dlg-list",
                                        label="Dialogs of the run (click one to open it)")
                dlg_summary = gr.Markdown(elem_id="bf-dlg-summary")
                with gr.Row(equal_height=False):
                    with gr.Column(scale=1, min_width=300):
                        dlg_chat = gr.Chatbot(label="Transcript (the agent's questions; the simulated user's answers)",
                                              height=560, latex_delimiters=[], feedback_options=None,
                                              placeholder="No questions in this dialog.", elem_id="bf-chat")
                    with gr.Column(scale=1, min_width=300):
                        gr.Markdown("**Household profile** (what the simulated user was told)")
                        dlg_profile = gr.HTML(js_on_load=None, elem_id="bf-profile")
                gr.Markdown("**Why each verdict**: per opportunity, the decisive requirement with this household's "
                            "values, the failure cause of a wrong pair, the facts the decision needed (asked or "
                            "not), the requirements, and the checker lines that ran.")
                dlg_truth = gr.HTML(js_on_load=None, elem_id="bf-truth")
                with gr.Row():
                    run_export_btn = gr.Button("Download this run (JSON)", size="sm", elem_id="bf-export-run")
                    run_export_file = gr.File(label="Run export", interactive=False, visible=False,
                                              elem_id="bf-export-run-file")
            with gr.Tab("Compare", id="compare") as tab_compare:
                with gr.Row():
                    cmp_a = gr.Dropdown(choices=[], label="Run A", elem_id="bf-cmp-a")
                    cmp_b = gr.Dropdown(choices=[], label="Run B", elem_id="bf-cmp-b")
                    cmp_key = gr.Dropdown(choices=[], label="Household both ran", elem_id="bf-cmp-key")
                cmp_summary = gr.Markdown(elem_id="bf-cmp-summary")
                with gr.Row(equal_height=False):
                    cmp_chat_a = gr.Chatbot(label="Run A", height=480, latex_delimiters=[], feedback_options=None)
                    cmp_chat_b = gr.Chatbot(label="Run B", height=480, latex_delimiters=[], feedback_options=None)
            with gr.Tab("Simulator", id="simulator") as tab_sim:
                sim_stats = gr.Dataframe(interactive=False, label="Simulated users in the store")
                sim_audit = gr.Markdown()
            with gr.Tab("Submit" if config.allow_upload else "Queue", id="submit") as tab_submit:
                if config.allow_upload:
                    gr.Markdown(
                        "Upload your submission folder as a **.zip**: `manifest.yaml` (name, strategy, authors, "
                        "entry_point `module:Class`, models, license) at the top of the archive or inside one top "
                        f"folder, plus your code. Limits: {limits.describe()}, {board.uploads.describe()}; no "
                        "absolute paths, no `..`, no symlinks. The submission is checked, unpacked and queued; the "
                        "evaluation worker runs it in a separate process with time and memory limits and no access "
                        "to the hidden households or labels. From a checkout, `benyfits submit PATH` does the same "
                        "with a one-household smoke dialog first.")
                    with gr.Row():
                        upload_file = gr.File(label="Submission (.zip)", file_types=[".zip"], file_count="single",
                                              type="filepath", scale=3, height=150, elem_id="bf-upload")
                        upload_btn = gr.Button("Submit", variant="primary", scale=1)
                    upload_status = gr.Markdown(elem_id="bf-upload-status")
                queue = gr.Dataframe(interactive=False, label="Evaluation queue (newest first): pending, running, "
                                     "finished or failed (with the reason)", max_height=360, elem_id="bf-queue")
                queue_timer = gr.Timer(15)
            if config.allow_play:  # issue 20: the Play tab (leaderboard/tabs/play.py)
                from leaderboard.tabs.play import build as build_play_tab
                build_play_tab(config.project, config.submissions, board.truth, config.plays_per_hour)

        # -- handlers ----------------------------------------------------------------------------

        board_outputs = [table_state, proto_state, run_labels, header, banner, retry_timer, protocol, proto_banner,
                         filter_msg, table, reported, simulator_filter, scatter, heat_runs, heat_plot, heat_table,
                         dlg_run, cmp_a, cmp_b, sim_stats, sim_audit, queue]

        def board_view(page: PageData, chosen: str | None, sims, filt, cols, include) -> dict:
            protos = page.protocols
            if chosen not in protos:
                chosen = Q.default_protocol(protos)
            sim_choices = sorted({s for s in page.table["Simulator"] if s})
            sims = [s for s in (sims or []) if s in sim_choices]
            shown, msg = shown_table(page.table, chosen, sims, filt, cols)
            ranked = Q.ranking(page.table, chosen)
            best = [x for x in ranked.dropna(subset=["TW-F1"])["Run"].tolist() if x][:HEATMAP_DEFAULT_RUNS]
            try:
                heat, heat_values = board.heatmap(best, page.labels) if not page.busy else (gr.skip(), gr.skip())
            except Q.StoreBusyError:
                heat, heat_values = gr.skip(), gr.skip()
            points = Q.scatter_frame(pd.concat([ranked, page.table[page.table["Source"] == Q.REPORTED]],
                                               ignore_index=True))
            run_choices = [(label, rid) for label, rid in page.runs]
            return {
                table_state: page.table, proto_state: protos, run_labels: page.labels,
                header: board.header(page),
                banner: BUSY_BANNER if page.busy else "",
                retry_timer: gr.Timer(active=page.busy),
                protocol: gr.Dropdown(choices=protocol_choices(protos), value=chosen),
                proto_banner: protocol_banner(protos, chosen),
                filter_msg: msg,
                table: R.table_html(shown, "bf-ranking", caption="" if not shown.empty else
                                    "No evaluated run under this protocol matches." if protos else
                                    "No evaluated runs yet."),
                reported: reported_view(page.table, cols, include),
                simulator_filter: gr.Dropdown(choices=sim_choices, value=sims),
                scatter: R.scatter_svg(points),
                heat_runs: gr.Dropdown(choices=run_choices, value=best),
                heat_plot: heat, heat_table: heat_values,
                dlg_run: gr.Dropdown(choices=run_choices), cmp_a: gr.Dropdown(choices=run_choices),
                cmp_b: gr.Dropdown(choices=run_choices),
                sim_stats: page.stats, sim_audit: page.audit, queue: page.queue,
            }

        def reported_view(tbl: pd.DataFrame, cols, include) -> str:
            if not include:
                return ""
            rep = reported_table(tbl, cols)
            return R.table_html(rep, "bf-v1", clickable=False, caption=(
                f"<b>v1 reported</b> (protocol: {Q.V1_PROTOCOL}: Llama 3.1 70B simulated user, v1 datasets): the "
                "paper's figures, shown beside our runs and not ranked among them; no intervals were published."))

        def refresh_board(chosen, sims, filt, cols, include):
            return board_view(board.page(), chosen, sims, filt, cols, include)

        board_inputs = [protocol, simulator_filter, filter_box, columns, include_reported]
        link_outputs = board_outputs + [tabs, dlg_key, dlg_wrong, dlg_opp, dlg_term, dlg_cause, dlg_list, dlg_summary,
                                        dlg_chat, dlg_profile, dlg_truth, cmp_key, cmp_summary, cmp_chat_a, cmp_chat_b,
                                        filter_box]

        def load_page(sims, cols, include, request: gr.Request):
            q = dict(request.query_params) if request is not None else {}
            page = board.page()
            out = board_view(page, q.get("protocol"), sims, q.get("filter", ""), cols, include)
            out[filter_box] = q.get("filter", "")
            tab = q.get("tab")
            if tab in TABS:
                out[tabs] = gr.Tabs(selected=tab)
            run = q.get("run")
            if run and not page.busy:
                f = Q.DialogFilter(q.get("wrong") == "1", q.get("opportunity") or None, q.get("termination") or None,
                                   q.get("cause") or None)
                out.update(dialog_view(run, f, q.get("dialog")))
                out[dlg_run] = gr.Dropdown(choices=[(label, rid) for label, rid in page.runs], value=run)
                if tab not in TABS:
                    out[tabs] = gr.Tabs(selected="dialogs")
            a, b = q.get("a"), q.get("b")
            if a and b and not page.busy:
                out.update(compare_view(a, b, q.get("dialog") if tab == "compare" else None))
                choices = [(label, rid) for label, rid in page.runs]
                out[cmp_a], out[cmp_b] = gr.Dropdown(choices=choices, value=a), gr.Dropdown(choices=choices, value=b)
            return out

        demo.load(load_page, [simulator_filter, columns, include_reported], link_outputs)
        refresh.click(refresh_board, board_inputs, board_outputs)
        board_timer.tick(refresh_board, board_inputs, board_outputs)
        retry_timer.tick(refresh_board, board_inputs, board_outputs)
        auto_refresh.change(lambda on: gr.Timer(active=bool(on)), auto_refresh, board_timer)

        def redisplay(tbl, protos, chosen, sims, filt, cols, include, labels):
            page = PageData(tbl, protos or {}, [(v, k) for k, v in (labels or {}).items()], labels or {},
                            pd.DataFrame(), "", pd.DataFrame())
            out = board_view(page, chosen, sims, filt, cols, include)
            return {k: out[k] for k in (proto_banner, filter_msg, table, reported, scatter, heat_runs, heat_plot,
                                        heat_table)}

        redisplay_inputs = [table_state, proto_state, protocol, simulator_filter, filter_box, columns,
                            include_reported, run_labels]
        redisplay_outputs = [proto_banner, filter_msg, table, reported, scatter, heat_runs, heat_plot, heat_table]
        for control in (protocol, simulator_filter, columns, include_reported):
            control.input(redisplay, redisplay_inputs, redisplay_outputs)
        filter_box.submit(redisplay, redisplay_inputs, redisplay_outputs)
        filter_box.blur(redisplay, redisplay_inputs, redisplay_outputs)
        protocol.input(None, [protocol, filter_box], None, js=url_js("protocol", "filter"))
        filter_box.submit(None, [protocol, filter_box], None, js=url_js("protocol", "filter"))

        def export_shown(tbl, chosen, sims, filt, cols):
            shown, _ = shown_table(tbl, chosen, sims, filt, cols)
            return gr.File(value=board.export_table(shown, "benyfits-leaderboard"), visible=True)

        export_btn.click(export_shown, [table_state, protocol, simulator_filter, filter_box, columns], export_files)

        # -- dialogs: every change computes the transcript directly (no chained change events,
        # which never fired when the first dialog key of two runs was the same)

        def dialog_view(run_id: str, f: Q.DialogFilter, key: str | None = None) -> dict:
            try:
                df, facets = board.dialog_list(run_id, f) if run_id else (pd.DataFrame(columns=list(Q.DIALOG_COLUMNS)),
                                                                          {"opportunity": [], "termination": [],
                                                                           "cause": []})
                keys = [Q.dialog_key(d, r, t) for d, r, t in zip(df["Dataset"], df["Household"], df["Trial"])]
                key = key if key in keys else (keys[0] if keys else None)
                chat, summary, truth, profile = board.transcript(run_id, key) if key else (
                    [], "No dialog of this run matches the filters." if run_id else "Pick a run.", "", "")
            except Q.StoreBusyError:
                return {dlg_summary: "The results are being updated; try again in a moment."}
            return {
                dlg_run: gr.Dropdown(value=run_id), dlg_wrong: f.wrong_only,
                dlg_opp: gr.Dropdown(choices=[("any", "")] + [(o, o) for o in facets["opportunity"]],
                                     value=f.opportunity or ""),
                dlg_term: gr.Dropdown(choices=[("any", "")] + [(o, o) for o in facets["termination"]],
                                      value=f.termination or ""),
                dlg_cause: gr.Dropdown(choices=[("any", "")] + [(Q.CAUSE_WORDS.get(o, o), o) for o in facets["cause"]],
                                       value=f.cause or ""),
                dlg_list: df, dlg_key: gr.Dropdown(choices=keys, value=key),
                dlg_summary: summary, dlg_chat: chat, dlg_profile: profile, dlg_truth: truth,
            }

        dialog_outputs = [dlg_run, dlg_wrong, dlg_opp, dlg_term, dlg_cause, dlg_list, dlg_key, dlg_summary, dlg_chat,
                          dlg_profile, dlg_truth]
        dialog_url = url_js("run", "dialog", "wrong", "opportunity", "termination", "cause", fixed={"tab": "dialogs"})
        url_inputs = [dlg_run, dlg_key, dlg_wrong, dlg_opp, dlg_term, dlg_cause]

        def on_run(run_id):
            return dialog_view(run_id, Q.DialogFilter())

        dlg_run.input(on_run, dlg_run, dialog_outputs).then(None, url_inputs, None, js=dialog_url)

        def on_filter(run_id, wrong, opp, term, cause, key):
            return dialog_view(run_id, Q.DialogFilter(bool(wrong), opp or None, term or None, cause or None), key)

        filter_inputs = [dlg_run, dlg_wrong, dlg_opp, dlg_term, dlg_cause, dlg_key]
        for control in (dlg_wrong, dlg_opp, dlg_term, dlg_cause):
            control.input(on_filter, filter_inputs, dialog_outputs).then(None, url_inputs, None, js=dialog_url)

        def on_dialog(run_id, key):
            try:
                return board.transcript(run_id, key)
            except Q.StoreBusyError:
                return gr.skip(), "The results are being updated; try again in a moment.", gr.skip(), gr.skip()

        dlg_key.input(on_dialog, [dlg_run, dlg_key], [dlg_chat, dlg_summary, dlg_truth, dlg_profile]).then(
            None, url_inputs, None, js=dialog_url)

        def pick_dialog(run_id, evt: gr.SelectData):
            row = evt.row_value or []
            if len(row) < 3:
                return {}
            key = Q.dialog_key(row[0], row[1], int(row[2]))
            chat, summary, truth, profile = on_dialog(run_id, key)
            return {dlg_key: gr.Dropdown(value=key), dlg_chat: chat, dlg_summary: summary, dlg_truth: truth,
                    dlg_profile: profile}

        dlg_list.select(pick_dialog, dlg_run, [dlg_key, dlg_chat, dlg_summary, dlg_truth, dlg_profile]).then(
            None, url_inputs, None, js=dialog_url)

        def open_from_table(evt: gr.EventData):
            run_id = getattr(evt, "_data", {}).get("run") if isinstance(getattr(evt, "_data", None), dict) else None
            if not run_id:
                return {}
            out = dialog_view(run_id, Q.DialogFilter())
            out[tabs] = gr.Tabs(selected="dialogs")
            return out

        table.open(open_from_table, None, dialog_outputs + [tabs]).then(None, url_inputs, None, js=dialog_url)

        def do_export_run(run_id):
            try:
                path = board.export_run(run_id) if run_id else None
            except Q.StoreBusyError:
                path = None
            return gr.File(value=path, visible=path is not None)

        run_export_btn.click(do_export_run, dlg_run, run_export_file)

        # -- compare

        def compare_view(a: str, b: str, key: str | None = None) -> dict:
            try:
                with board.source.reader() as r:
                    keys = Q.shared_dialogs(r, a, b)
                key = key if key in keys else (keys[0] if keys else None)
                summary, chat_a, chat_b = board.compare(a, b, key) if key else (
                    "These runs share no household." if a and b else "Pick two runs.", [], [])
            except Q.StoreBusyError:
                return {cmp_summary: "The results are being updated; try again in a moment."}
            return {cmp_a: gr.Dropdown(value=a), cmp_b: gr.Dropdown(value=b), cmp_key: gr.Dropdown(choices=keys, value=key),
                    cmp_summary: summary, cmp_chat_a: chat_a, cmp_chat_b: chat_b}

        compare_outputs = [cmp_a, cmp_b, cmp_key, cmp_summary, cmp_chat_a, cmp_chat_b]
        compare_url = url_js("a", "b", "dialog", fixed={"tab": "compare"})
        compare_url_inputs = [cmp_a, cmp_b, cmp_key]
        for control in (cmp_a, cmp_b):
            control.input(lambda a, b: compare_view(a, b), [cmp_a, cmp_b], compare_outputs).then(
                None, compare_url_inputs, None, js=compare_url)
        cmp_key.input(compare_view, [cmp_a, cmp_b, cmp_key], compare_outputs).then(
            None, compare_url_inputs, None, js=compare_url)

        # -- heatmap

        def on_heat(run_ids, labels):
            try:
                return board.heatmap(list(run_ids or []), labels or {})
            except Q.StoreBusyError:
                return gr.skip(), gr.skip()

        heat_runs.input(on_heat, [heat_runs, run_labels], [heat_plot, heat_table])

        # -- tabs in the URL: read the tab actually selected (Gradio also fires `select` for the first
        # tab while mounting, which must not overwrite a deep link's tab)
        tab_ids = {"Leaderboard": "board", "F1 vs turns": "scatter", "Per opportunity": "opportunity",
                   "Dialogs": "dialogs", "Compare": "compare", "Simulator": "simulator", "Submit": "submit",
                   "Queue": "submit"}
        tab_js = ("() => { setTimeout(() => { const b = document.querySelector('button[role=tab][aria-selected=true]');"
                  " if (!b) return; const id = " + json.dumps(tab_ids) + "[b.textContent.trim()]; if (!id) return;"
                  " const u = new URL(window.location.href); u.searchParams.set('tab', id);"
                  " window.history.replaceState(null, '', u.toString()); }, 100); return []; }")
        for tab in (tab_board, tab_scatter, tab_opp, tab_dialogs, tab_compare, tab_sim, tab_submit):
            tab.select(None, None, None, js=tab_js)

        # -- queue and uploads

        def queue_now():
            try:
                return board.queue()
            except Q.StoreBusyError:
                return gr.skip()

        queue_timer.tick(queue_now, None, queue)
        if config.allow_upload:
            def on_upload(path, request: gr.Request):
                client = request.client.host if request is not None and request.client else ""
                accepted, message = board.upload(path, client)
                return message, queue_now(), (gr.File(value=None) if accepted else gr.File())

            upload_btn.click(on_upload, upload_file, [upload_status, queue, upload_file])
    return demo


# ------------------------------------------------------------------------------------------------
# starting it


def config_from_args(args: argparse.Namespace) -> AppConfig:
    from eligibench.paths import default_store

    project = Path(getattr(args, "project", ".") or ".")
    store = Path(args.store) if args.store else default_store(project)
    return AppConfig(
        store=store,
        snapshot=Path(args.snapshot) if args.snapshot else None,
        submissions=Path(args.submissions) if args.submissions else project / "submissions",
        dataset_dir=Path(args.dataset_dir) if args.dataset_dir else project / "benyfits",
        opportunities_dir=project / "opportunities",
        audit_file=Path(args.audit) if args.audit else project / "reports" / "audit.json",
        limits=Limits(max_zip_bytes=int(args.max_upload_mb * 2**20),
                      max_unpacked_bytes=int(args.max_unpacked_mb * 2**20), max_files=args.max_files),
        allow_upload=not args.no_upload,
        uploads_per_hour=args.uploads_per_hour,
        allow_play=not getattr(args, "no_play", False), project=project,  # issue 20: the Play tab
        plays_per_hour=getattr(args, "plays_per_hour", 20),
    )


def launch(config: AppConfig, host: str = "127.0.0.1", port: int = 7860, block: bool = True, quiet: bool = False):
    demo = build_app(config)
    demo.queue(default_concurrency_limit=4)
    # show_error=False: an exception's text (paths, process ids) never reaches the page
    demo.launch(server_name=host, server_port=port, prevent_thread_lock=not block, ssr_mode=False,
                max_file_size=config.limits.max_zip_bytes, show_error=False, quiet=quiet, css=CSS,
                footer_links=[], theme=gr.themes.Default())
    return demo


def main_from_args(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    source = config.snapshot or config.store
    print(f"leaderboard: reading {source}; uploads -> {config.submissions if config.allow_upload else 'off'}; "
          f"http://{args.host}:{args.port}")
    launch(config, args.host, args.port, block=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    from leaderboard.args import add_arguments

    parser = argparse.ArgumentParser(prog="python -m leaderboard", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return main_from_args(parser.parse_args(argv))
