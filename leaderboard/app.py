"""The BeNYfits leaderboard: a Gradio 6 app over the results store.

    benyfits leaderboard [--store results/benyfits.duckdb | --snapshot DIR] [--port 7860]
    python -m leaderboard ...            (same options)

Every request opens the store read-only and closes it (retrying while an evaluation holds the
write lock), so the app keeps serving while `benyfits worker` or `dvc repro` writes results.
Tabs: Leaderboard, F1 vs turns, Per opportunity, Dialogs, Simulator, Submit.
"""
from __future__ import annotations

import argparse
import html
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import gradio as gr
import pandas as pd

from eligibench.evaluation.submissions import SubmissionError
from eligibench.results.store import ResultStore
from leaderboard import queries as Q
from leaderboard.truth import CSS as TRUTH_CSS
from leaderboard.truth import GroundTruth, profile_html, render_reasons
from leaderboard.upload import Limits, accept_upload

TITLE = "BeNYfits leaderboard"
HEATMAP_DEFAULT_RUNS = 12

CSS = TRUTH_CSS + """
#bf-table table { font-size: 13px; }
.bf-note { font-size: 13px; color: #57606a; }
.bf-heat-wrap { overflow-x: auto; max-width: 100%; }
.bf-heat { border-collapse: collapse !important; font-size: 10px; border: none !important; width: auto !important; }
.bf-heat th, .bf-heat tr, .bf-heat thead, .bf-heat tbody, #bf-heatmap table { border: none !important;
    background: none !important; box-shadow: none !important; }
#bf-heatmap th, #bf-heatmap tr { border: none !important; }
.bf-heat td { width: 22px; min-width: 22px; height: 22px; text-align: center; color: #1f2328;
              border: 1px solid #fff !important; padding: 0 !important; line-height: 20px; }
.bf-heat td.bf-na, .bf-heat-legend .bf-na { background: #eaeef2; }
.bf-heat th.bf-vert { vertical-align: bottom; padding: 2px 0; font-weight: 400; }
.bf-heat th.bf-vert span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap;
                           display: inline-block; max-height: 230px; overflow: hidden; text-overflow: ellipsis; }
.bf-heat th.bf-rowlab { text-align: right; padding: 0 8px 0 0 !important; white-space: nowrap; font-weight: 500;
                        font-size: 12px; line-height: 22px; }
.bf-heat-legend { font-size: 12px; margin-bottom: 6px; }
.bf-heat-legend span { display: inline-block; padding: 1px 8px; margin-left: 2px; }
"""


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


@dataclass(frozen=True)
class PageData:
    table: pd.DataFrame
    runs: list[tuple[str, str]]  # (label, run_id), newest first
    labels: dict[str, str]  # run_id -> short label
    best: list[str]  # run ids for the default heatmap
    heat: str  # heatmap HTML
    heat_values: pd.DataFrame
    stats: pd.DataFrame  # simulator card table
    audit: str  # simulator card audit markdown
    queue: pd.DataFrame


class Board:
    """The app's data access, shared by its event handlers (safe to call from several threads)."""

    def __init__(self, config: AppConfig):
        self.config = config
        self.source = Q.open_source(config.store, config.snapshot)
        self.truth = GroundTruth(config.dataset_dir, config.opportunities_dir)

    @contextmanager
    def _reader(self, r: Q.Reader | None = None) -> Iterator[Q.Reader]:
        """The caller's open reader, or a fresh read-only one closed afterwards."""
        if r is not None:
            yield r
        else:
            with self.source.reader() as fresh:
                yield fresh

    # -- main table ----------------------------------------------------------------------------

    def table(self, r: Q.Reader | None = None) -> pd.DataFrame:
        with self._reader(r) as r:
            return Q.leaderboard_table(r, True, self.config.paper_results)

    def header(self, table: pd.DataFrame) -> str:
        n_eval = int((table["Source"] == Q.EVALUATED).sum()) if not table.empty else 0
        n_rep = int((table["Source"] == Q.REPORTED).sum()) if not table.empty else 0
        return (f"Results from {html.escape(self.source.describe())}: **{n_eval}** evaluated run(s), "
                f"**{n_rep}** v1 reported row(s). Reported rows are the v1 paper's figures "
                f"(arXiv 2502.19610), shown for comparison and not reproduced here.")

    def page(self) -> "PageData":
        """Everything the page shows on load, read through ONE read-only connection."""
        with self.source.reader() as r:
            tbl = self.table(r)
            runs = self.runs(r)
            labels = {rid: label.split(" · ")[0] + f" ({rid[:6]})" for label, rid in runs}
            evaluated = tbl[(tbl["Source"] == Q.EVALUATED) & tbl["TW-F1"].notna()]
            best = [x for x in evaluated["Run"].tolist() if x][:HEATMAP_DEFAULT_RUNS]
            heat, heat_values = self.heatmap(best, labels, r)
            stats, audit = self.simulator_card(r)
            queue = self.queue(r)
        return PageData(tbl, runs, labels, best, heat, heat_values, stats, audit, queue)

    # -- dialogs -------------------------------------------------------------------------------

    def runs(self, r: Q.Reader | None = None) -> list[tuple[str, str]]:
        with self._reader(r) as r:
            return Q.run_choices(r)

    def dialogs(self, run_id: str) -> pd.DataFrame:
        with self.source.reader() as r:
            return Q.dialog_list(r, run_id)

    def transcript(self, run_id: str, key: str) -> tuple[list[dict], str, str, str]:
        if not run_id or not key:
            return [], "Pick a run and a dialog.", "", ""
        dataset, row_id, trial = Q.parse_dialog_key(key)
        with self.source.reader() as r:
            t = Q.transcript(r, run_id, dataset, row_id, trial)
        if t is None:
            return [], f"No dialog {html.escape(key)} in run {run_id}.", "", ""
        messages: list[dict] = []
        for turn in t["turns"]:
            messages.append({"role": "assistant", "content": f"**Q{turn['idx'] + 1}.** {turn['question'] or ''}"})
            messages.append({"role": "user", "content": turn["answer"] or ""})
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
                   + (f" (error: `{t['error']}`)" if t.get("error") else "")
                   + f"; {right}/{labelled} opportunities predicted correctly.")
        if not t.get("predictions_given", True):
            summary += " The agent gave no predictions (each counts as wrong)."
        row = self.truth.row(dataset, row_id, version)
        if row is not None and version and row.data_version != version:
            summary += (f"\n\n⚠ The run used data version `{run.get('data_version')}`; the dataset folder now holds "
                        f"`{row.data_version}`: the ground truth shown is today's.")
        return messages, summary, render_reasons(reasons, preds), profile_html(row)

    # -- per opportunity -----------------------------------------------------------------------

    def heatmap(self, run_ids: list[str] | None, labels: dict[str, str],
                r: Q.Reader | None = None) -> tuple[str, pd.DataFrame]:
        with self._reader(r) as r:
            long = Q.opportunity_accuracy(r, run_ids)
        if run_ids:  # rows in the order asked for (best first by default)
            rank = {rid: i for i, rid in enumerate(run_ids)}
            long = long.sort_values("run_id", key=lambda s: s.map(rank), kind="stable")
        acc = Q.accuracy_matrix(long, labels)
        pairs = Q.accuracy_matrix(long, labels, value="pairs")
        values = acc.round(1).reset_index(names="Run") if not acc.empty else pd.DataFrame()
        return heatmap_html(acc, pairs), values

    # -- simulator -----------------------------------------------------------------------------

    def simulator_card(self, r: Q.Reader | None = None) -> tuple[pd.DataFrame, str]:
        with self._reader(r) as r:
            stats = Q.simulator_stats(r)
            audits = Q.audits(r, self.config.audit_file)
        return stats, audit_markdown(audits, Q.load_paper_results(self.config.paper_results))

    # -- queue ---------------------------------------------------------------------------------

    def queue(self, r: Q.Reader | None = None) -> pd.DataFrame:
        with self._reader(r) as r:
            return Q.queue_table(r)

    def upload(self, file_path: str | None) -> tuple[bool, str]:
        """(accepted, message for the submitter)."""
        if not self.config.allow_upload:
            return False, "Uploads are switched off on this server."
        if not file_path:
            return False, "Choose a .zip file first."
        try:
            installed = accept_upload(file_path, self.config.submissions, ResultStore(self.config.store),
                                      self.config.limits)
        except SubmissionError as e:
            return False, f"**Not accepted:** {html.escape(str(e))}"
        return True, (f"**Accepted:** {installed.name} is queued (entry {installed.queue_id}). The worker "
                      "(`benyfits worker`) evaluates it; its row appears on the Leaderboard tab once it runs.")


# ------------------------------------------------------------------------------------------------
# figures and cards


def _heat_color(v: float) -> str:
    """Red (0) - yellow (50) - green (100), like matplotlib's RdYlGn."""
    stops = ((0.0, (215, 48, 39)), (50.0, (254, 224, 139)), (100.0, (26, 152, 80)))
    v = min(100.0, max(0.0, float(v)))
    (x0, c0), (x1, c1) = (stops[0], stops[1]) if v <= 50 else (stops[1], stops[2])
    t = (v - x0) / (x1 - x0)
    return "rgb({},{},{})".format(*(round(a + (b - a) * t) for a, b in zip(c0, c1)))


def heatmap_html(acc: pd.DataFrame, pairs: pd.DataFrame) -> str:
    """Runs (rows) x opportunities (columns), each cell coloured by accuracy; hover for counts."""
    if acc.empty:
        return "<p>No predictions yet for the selected runs.</p>"
    head = "".join(f'<th class="bf-vert"><span>{html.escape(str(c))}</span></th>' for c in acc.columns)
    body = []
    for label, row in acc.iterrows():
        cells = []
        for opp, v in row.items():
            n = pairs.at[label, opp] if (label in pairs.index and opp in pairs.columns) else None
            if v is None or pd.isna(v):
                cells.append(f'<td class="bf-na" title="{html.escape(str(label))} · {html.escape(str(opp))}: '
                             'no household had it"></td>')
            else:
                tip = f"{label} · {opp}: {v:.1f}% of {int(n) if n is not None and not pd.isna(n) else '?'} pairs"
                cells.append(f'<td style="background:{_heat_color(v)}" title="{html.escape(tip)}">{v:.0f}</td>')
        body.append(f'<tr><th class="bf-rowlab">{html.escape(str(label))}</th>{"".join(cells)}</tr>')
    legend = "".join(f'<span style="background:{_heat_color(v)}">{v}</span>' for v in (0, 25, 50, 75, 100))
    return (f'<div class="bf-heat-legend">accuracy % {legend} <span class="bf-na">no pair</span></div>'
            f'<div class="bf-heat-wrap"><table class="bf-heat"><thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


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


def datatypes(df: pd.DataFrame) -> list[str]:
    return ["number" if c in Q.NUMBER_COLUMNS else "str" for c in df.columns]


def _display(table: pd.DataFrame, include_reported: bool, simulators: list[str] | None,
             columns: list[str]) -> gr.Dataframe:
    sources = [Q.EVALUATED, Q.REPORTED] if include_reported else [Q.EVALUATED]
    shown = Q.select_columns(Q.filter_table(table, "", sources, simulators or None), columns)
    return gr.Dataframe(value=shown, datatype=datatypes(shown), headers=list(shown.columns))


def _markdown_note(text: str) -> str:
    return f'<div class="bf-note">{text}</div>'


# ------------------------------------------------------------------------------------------------
# the app


def build_app(config: AppConfig) -> gr.Blocks:
    board = Board(config)
    limits = config.limits
    with gr.Blocks(title=TITLE, fill_width=True) as demo:
        table_state = gr.State(pd.DataFrame(columns=list(Q.TABLE_COLUMNS)))
        run_labels = gr.State({})
        gr.Markdown(f"# {TITLE}\nDialog agents question a simulated user to decide which NYC benefit programs a "
                    "household qualifies for, asking as few questions as possible. **F1** is micro F1 over "
                    "user-opportunity pairs, **turns** are questions per dialog, **TW-F1** = F1 / (turns/100 + 1) "
                    "on the averages over the two datasets. Intervals are 95% household-bootstrap intervals.")
        header = gr.Markdown()
        with gr.Tabs() as tabs:
            with gr.Tab("Leaderboard", id="board"):
                with gr.Row():
                    include_reported = gr.Checkbox(value=True, label="Show v1 reported rows")
                    simulator_filter = gr.Dropdown(choices=[], value=[], multiselect=True, label="Simulator",
                                                   info="empty = every simulator", scale=3)
                    with gr.Column(scale=0, min_width=160):
                        refresh = gr.Button("Refresh", min_width=100)
                        auto_refresh = gr.Checkbox(value=False, label="Auto-refresh (30 s)")
                    board_timer = gr.Timer(30, active=False)
                with gr.Accordion("Columns", open=False):
                    columns = gr.CheckboxGroup(choices=[c for c in Q.TABLE_COLUMNS if c != "Submission"],
                                               value=[c for c in Q.DEFAULT_COLUMNS if c != "Submission"],
                                               label="Shown columns (Submission is always shown)")
                table = gr.Dataframe(value=pd.DataFrame(columns=list(Q.DEFAULT_COLUMNS)), interactive=False,
                                     show_search="filter", pinned_columns=1, max_height=620, wrap=False,
                                     elem_id="bf-table", label="Runs (sort: a column header's ⋮ menu; click a row to "
                                     "open its dialogs)", buttons=["fullscreen", "copy"])
                gr.Markdown(_markdown_note(
                    "Source <b>reported</b>: v1's published figures (no intervals, not re-run). Source "
                    "<b>evaluated</b>: runs in this project's store; a run still in progress shows its status "
                    "and dialog count until its metrics are written."))
            with gr.Tab("F1 vs turns", id="scatter"):
                scatter = gr.ScatterPlot(value=pd.DataFrame({"Avg turns": [], "Avg F1": [], "Source": []}),
                                         x="Avg turns", y="Avg F1", color="Source",
                                         tooltip=["Submission", "Simulator", "Avg F1", "Avg turns", "TW-F1"],
                                         title="F1 against questions asked (averages over the datasets)",
                                         x_title="turns (questions per dialog)", y_title="F1 (%)", height=480)
                gr.Markdown(_markdown_note("Up and to the left is better: higher F1 with fewer questions."))
            with gr.Tab("Per opportunity", id="opportunity"):
                heat_runs = gr.Dropdown(choices=[], value=[], multiselect=True, label="Runs",
                                        info=f"default: the {HEATMAP_DEFAULT_RUNS} best evaluated runs by TW-F1")
                gr.Markdown(_markdown_note(
                    "Accuracy per opportunity over the user-opportunity pairs of each run (infrastructure errors "
                    "left out; a missing prediction counts as wrong). Hover a cell for its pair count."))
                heat_plot = gr.HTML(js_on_load=None, elem_id="bf-heatmap")
                with gr.Accordion("Values", open=False):
                    heat_table = gr.Dataframe(interactive=False, max_height=400)
            with gr.Tab("Dialogs", id="dialogs"):
                with gr.Row():
                    dlg_run = gr.Dropdown(choices=[], label="Run", scale=3)
                    dlg_key = gr.Dropdown(choices=[], label="Dialog (dataset / household / trial)", scale=2)
                dlg_list = gr.Dataframe(interactive=False, max_height=260, show_search="search",
                                        label="Dialogs of the run (click one to open it)")
                dlg_summary = gr.Markdown()
                with gr.Row(equal_height=False):
                    with gr.Column(scale=1):
                        dlg_chat = gr.Chatbot(label="Transcript (left: the agent's questions, right: the simulated "
                                              "user's answers)", height=560, latex_delimiters=[],
                                              feedback_options=None, placeholder="No questions in this dialog.")
                    with gr.Column(scale=1):
                        gr.Markdown("**Ground truth and its reason**: per opportunity, the requirements and the "
                                    "checker lines that ran for this household (highlighted; line numbers from "
                                    "the checker file).")
                        dlg_truth = gr.HTML(js_on_load=None, elem_id="bf-truth")
                with gr.Accordion("Household profile (what the simulated user was told)", open=False):
                    dlg_profile = gr.HTML(js_on_load=None)
            with gr.Tab("Simulator", id="simulator"):
                sim_stats = gr.Dataframe(interactive=False, label="Simulated users in the store")
                sim_audit = gr.Markdown()
            with gr.Tab("Submit", id="submit"):
                gr.Markdown(
                    "Upload your submission folder as a **.zip**: `manifest.yaml` (name, strategy, authors, "
                    "entry_point `module:Class`, models, license) at the top of the archive or inside one top "
                    f"folder, plus your code. Limits: {limits.describe()}; no absolute paths, no `..`, no "
                    "symlinks. The submission is checked, unpacked into `submissions/<name>` and queued; the "
                    "evaluation worker runs it in a separate process with time and memory limits and no access "
                    "to the hidden households or labels. From a checkout, `benyfits submit PATH` does the same "
                    "with a one-household smoke dialog first.")
                with gr.Row():
                    upload_file = gr.File(label="Submission (.zip)", file_types=[".zip"], file_count="single",
                                          type="filepath", interactive=config.allow_upload, scale=3, height=150,
                                          elem_id="bf-upload")
                    upload_btn = gr.Button("Submit", variant="primary", scale=1, interactive=config.allow_upload)
                upload_status = gr.Markdown(elem_id="bf-upload-status")
                queue = gr.Dataframe(interactive=False, label="Evaluation queue (newest first)", max_height=360,
                                     elem_id="bf-queue")
                queue_timer = gr.Timer(15)

        # -- handlers ----------------------------------------------------------------------------

        def load_all(include, sims, cols):
            page = board.page()
            tbl, runs, labels, best = page.table, page.runs, page.labels, page.best
            heat, heat_values, stats, audit_md, queue_df = page.heat, page.heat_values, page.stats, page.audit, page.queue
            sim_choices = sorted({s for s in tbl["Simulator"] if s})
            sims = [s for s in (sims or []) if s in sim_choices]
            heat_choices = [(label, rid) for label, rid in runs]
            first_run = runs[0][1] if runs else None
            return (tbl, labels, board.header(tbl), _display(tbl, include, sims, cols),
                    gr.Dropdown(choices=sim_choices, value=sims), Q.scatter_frame(tbl),
                    gr.Dropdown(choices=heat_choices, value=best), heat, heat_values,
                    gr.Dropdown(choices=heat_choices, value=first_run), stats, audit_md, queue_df)

        load_outputs = [table_state, run_labels, header, table, simulator_filter, scatter, heat_runs, heat_plot,
                        heat_table, dlg_run, sim_stats, sim_audit, queue]
        demo.load(load_all, [include_reported, simulator_filter, columns], load_outputs)
        refresh.click(load_all, [include_reported, simulator_filter, columns], load_outputs)
        board_timer.tick(load_all, [include_reported, simulator_filter, columns], load_outputs)
        auto_refresh.change(lambda on: gr.Timer(active=bool(on)), auto_refresh, board_timer)

        for control in (include_reported, simulator_filter, columns):
            control.change(_display, [table_state, include_reported, simulator_filter, columns], table)

        def open_run(evt: gr.SelectData):
            row = evt.row_value or []
            run_id = row[-1] if row else ""
            cols = list(Q.TABLE_COLUMNS)
            if isinstance(row, list) and len(row) == len(cols):
                run_id = row[cols.index("Run")]
            if not run_id or not isinstance(run_id, str):
                return gr.Dropdown(), gr.Tabs()
            return gr.Dropdown(value=run_id), gr.Tabs(selected="dialogs")

        table.select(open_run, None, [dlg_run, tabs])

        def on_run(run_id):
            df = board.dialogs(run_id) if run_id else pd.DataFrame(columns=list(Q.DIALOG_COLUMNS))
            keys = [Q.dialog_key(d, r, t) for d, r, t in zip(df["Dataset"], df["Household"], df["Trial"])]
            return df, gr.Dropdown(choices=keys, value=keys[0] if keys else None)

        dlg_run.change(on_run, dlg_run, [dlg_list, dlg_key])

        def on_dialog(run_id, key):
            return board.transcript(run_id, key)

        dlg_key.change(on_dialog, [dlg_run, dlg_key], [dlg_chat, dlg_summary, dlg_truth, dlg_profile])

        def pick_dialog(evt: gr.SelectData):
            row = evt.row_value or []
            if len(row) >= 3:
                return gr.Dropdown(value=Q.dialog_key(row[0], row[1], int(row[2])))
            return gr.Dropdown()

        dlg_list.select(pick_dialog, None, dlg_key)

        def on_heat(run_ids, labels):
            return board.heatmap(list(run_ids or []), labels or {})

        heat_runs.change(on_heat, [heat_runs, run_labels], [heat_plot, heat_table])

        def on_upload(path):
            accepted, message = board.upload(path)
            return message, board.queue(), (gr.File(value=None) if accepted else gr.File())

        upload_btn.click(on_upload, upload_file, [upload_status, queue, upload_file])
        queue_timer.tick(board.queue, None, queue)
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
    )


def launch(config: AppConfig, host: str = "127.0.0.1", port: int = 7860, block: bool = True, quiet: bool = False):
    demo = build_app(config)
    demo.queue(default_concurrency_limit=4)
    demo.launch(server_name=host, server_port=port, prevent_thread_lock=not block, ssr_mode=False,
                max_file_size=config.limits.max_zip_bytes, show_error=True, quiet=quiet, css=CSS,
                footer_links=[], theme=gr.themes.Default())
    return demo


def main_from_args(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    source = config.snapshot or config.store
    print(f"leaderboard: reading {source}; uploads -> {config.submissions}; http://{args.host}:{args.port}")
    launch(config, args.host, args.port, block=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    from leaderboard.args import add_arguments

    parser = argparse.ArgumentParser(prog="python -m leaderboard", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return main_from_args(parser.parse_args(argv))


