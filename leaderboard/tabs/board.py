"""The Leaderboard tab: the ranking of one protocol (ranks with ties), v1's reported rows beside it,
the simulator and text filters, the column chooser and the export of the table as shown.
Callbacks are module-level functions of the tab's components (`BoardUI`) and the board."""
from __future__ import annotations

import datetime as _dt
import html
import re
from dataclasses import dataclass
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from eligibench.results import AUTHORS, IDS_PANEL, metric
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.board import Board, PageData
from leaderboard.defaults import HUMAN_KIND, default_edition, default_protocol, human_protocols
from leaderboard.downloads import links_html
from leaderboard.protocol_words import is_sealed, protocol_name, protocol_names
from leaderboard.queries import GROUND_TRUTH, NOT_RECORDED
from leaderboard.tabs.common import Context, Tab, bind, note, url_js

BOARD_INPUTS = ("protocol", "simulators", "filter", "columns", "include_reported", "edition")


def protocol_choices(protos: Mapping[str, Q.StoredProtocol]) -> list[tuple[str, str]]:
    """(name in words, id) per protocol, the sealed split first, then full, custom, smoke. People's
    protocols are listed apart (the human rows beside the ranking), not in this dropdown."""
    listed = {k: p for k, p in protos.items() if p.kind != HUMAN_KIND}
    names = protocol_names(listed, edition=True, runs=True)
    order = sorted(listed.values(), key=lambda p: (not is_sealed(p), {"full": 0, "custom": 1, "smoke": 2}.get(p.kind, 3),
                                                    -p.runs, p.id))
    return [(names[p.id], p.id) for p in order]


# the edition in the URL (?edition=, absent for 2024); the previous edition's protocol leaves it
EDITION_URL_JS = ("(p, f, c, e) => { const u = new URL(window.location.href); u.searchParams.delete('protocol');"
                  f" if (e && e !== '{Q.DEFAULT_EDITION}') u.searchParams.set('edition', e);"
                  " else u.searchParams.delete('edition');"
                  " window.history.replaceState(null, '', u.toString()); return [p, f, c, e]; }")


def chosen_edition(page: PageData, inputs: Mapping[str, Any]) -> str:
    """The edition whose protocols are listed: the selector's, else the chosen protocol's, else 2024."""
    eds = Q.editions(page.protocols)
    chosen = inputs.get("edition")
    if chosen in eds:
        return chosen
    return Q.edition_of(page.protocols, inputs.get("protocol")) or default_edition(page.protocols, Q.DEFAULT_EDITION)


def chosen_protocol(page: PageData, inputs: Mapping[str, Any]) -> str | None:
    """The protocol ranked: the chosen one when it follows the chosen edition, else that
    edition's default (a ranking never mixes editions)."""
    protos = Q.protocols_of(page.protocols, chosen_edition(page, inputs))
    chosen = inputs.get("protocol")
    return chosen if chosen in protos else default_protocol(protos, page.latest)


def across_html(page: PageData) -> str:
    """A configuration's scores on each edition side by side (only when one has runs on two)."""
    df = Q.across_editions(page.table, page.protocols)
    if df.empty:
        return ""
    df = df.drop(columns=["Runs"])  # run ids are hashes: the Dialogs tab names runs by name and time
    return R.table_html(df, "bf-across", clickable=False, caption=(
        "<b>The same configuration on each edition</b>: its latest finished run under each edition's rules, with "
        "the same simulator, trials, question cap and households used. Editions are never ranked together: a "
        "score moves with the rules (thresholds, programs added and removed), not only with the agent."))


def protocol_banner(protos: Mapping[str, Q.StoredProtocol], chosen: str | None) -> str:
    """A heading line in words saying what the ranking shows and how far to trust it; the protocol's
    id is in the ids panel below the table, never here."""
    if not chosen or chosen not in protos:
        return ""
    p = protos[chosen]
    name = html.escape(protocol_name(p, edition=True))
    default = default_protocol(protos, None)
    if chosen == default and is_sealed(p):
        return (f'<div class="bf-protocol"><b>Ranking: {name}.</b> The sealed split: its households are never '
                "handed out, so no agent can carry their answers; this is the ranking to trust. Runs under "
                "other protocols (the public split, smoke checks) are ranked in their own sections: pick one "
                "above.</div>")
    if chosen == default and p.kind == "full":
        return (f'<div class="bf-protocol"><b>Ranking: {name}.</b> The full protocol: every household, the '
                "reference simulated user, the public split (no sealed-split run yet). Runs under other protocols (smoke, custom, "
                "another simulator) are ranked in their own sections: pick one above.</div>")
    base = protos.get(default) if default and protos[default].kind == "full" else None
    diffs = Q.protocol_differences(base, p)
    if chosen == default:  # neither a sealed nor a full protocol has runs: say what this is
        head = (f"<b>Showing: {name}.</b> No run under the sealed split or the full protocol yet, so this ranking "
                + ("is a pipeline check, not a result" if p.kind == "smoke" else "is not the benchmark's result"))
    elif is_sealed(p):
        head = f"<b>{name}</b>: ranked only among themselves"
    else:
        head = (f"<b>{name}</b>: " + ("the public split (its labels are published), " if p.kind == "full" else "")
                + "ranked only among themselves")
    return (f'<div class="bf-protocol bf-other">{head}. What differs from the full protocol: '
            f'{html.escape("; ".join(diffs))}.</div>')


def ids_panel(rows: pd.DataFrame, chosen: str | None) -> str:
    """Every id behind the listed rows (run, protocol, data version, ground truth), collapsed: a
    person reads names, a script or a bug report needs the ids."""
    if rows.empty or "Run" not in rows.columns:
        return ""
    items = []
    if chosen:
        items.append(f"<li>Protocol: <code>{html.escape(chosen)}</code></li>")
    for _, r in rows.iterrows():
        bits = [f"run <code>{html.escape(str(r['Run']))}</code>"]
        for col in ("Data version", GROUND_TRUTH):
            if col in rows.columns and not R.is_blank(r[col]) and r[col] != NOT_RECORDED:
                bits.append(f"{html.escape(col.lower())} <code>{html.escape(str(r[col]))}</code>")
        items.append(f"<li>{html.escape(str(r['Submission']))}: {', '.join(bits)}</li>")
    return (f'<details class="bf-ids" id="bf-ids"><summary>{html.escape(IDS_PANEL)}</summary>'
            f'<ul class="bf-note">{"".join(items)}</ul></details>')


def board_rows(table: pd.DataFrame, protocol: str | None) -> pd.DataFrame:
    """The ranking of one protocol, then its finished runs with agent errors, unranked (issue 36), and
    its public-split runs of an edition without a sealed split, listed as not ranked (sealed_rule)."""
    parts = [x for x in (Q.unranked_agent_errors(table, protocol), Q.unranked_public(table, protocol)) if not x.empty]
    unranked = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame()
    ranked = Q.ranking(table, protocol)
    return pd.concat([ranked, unranked], ignore_index=True) if not unranked.empty else ranked


def listed_rows(table: pd.DataFrame, protocol: str | None, sims: list[str] | None,
                filt: str) -> tuple[pd.DataFrame, str]:
    """The rows listed for one protocol after the filters (every column), and a filter message: a
    malformed filter is named and ignored, never silently read as a word search."""
    msg = ""
    listed = board_rows(table, protocol)
    try:
        rows = Q.filter_table(listed, filt or "", None, sims or None)
    except ValueError as e:
        rows, msg = Q.filter_table(listed, "", None, sims or None), \
            f"⚠ Filter not applied: {html.escape(str(e))}"
    return rows, msg


def shown_table(table: pd.DataFrame, protocol: str | None, sims: list[str] | None, filt: str,
                cols: list[str]) -> tuple[pd.DataFrame, str]:
    """The ranking as displayed (one protocol, filters, chosen columns) and the filter message."""
    rows, msg = listed_rows(table, protocol, sims, filt)
    return Q.select_columns(rows, cols), msg


def reported_table(table: pd.DataFrame, cols: list[str]) -> pd.DataFrame:
    rep = table[table["Source"] == Q.REPORTED]
    return Q.select_columns(Q.sort_table(rep, Q.TW_F1), [c for c in cols if c not in Q.INTERVAL_COLUMNS
                                                         and c not in ("Rank", Q.RANK_RANGE)]).drop(
        columns=["Rank", Q.RANK_RANGE], errors="ignore")


def sort_shown(shown: pd.DataFrame, sort: str | None) -> pd.DataFrame:
    """The rows in the order the browser shows them: `sort` is "<column>" or "-<column>" (descending)
    as the table's header clicks write it to the URL; empty = the ranking."""
    if not sort:
        return shown
    desc = sort.startswith("-")
    col = sort[1:] if desc else sort
    return Q.sort_table(shown, col, descending=desc) if col in shown.columns else shown


def export_stem(protocol: str | None) -> str:
    """A clean download name: what it is, the protocol, the day."""
    slug = re.sub(r"[^A-Za-z0-9]+", "-", protocol or "all").strip("-").lower()[:24]
    return f"benyfits-leaderboard-{slug}-{_dt.date.today().isoformat()}"


DEFAULT_COLS = [c for c in Q.DEFAULT_COLUMNS if c not in ("Rank", "Submission")]
BOARD_URL = url_js("protocol", "filter", "columns")
# the sort the browser shows lives in the URL (the table's script writes ?sort=): the export reads it there
SORT_FROM_URL_JS = "(...a) => { a[a.length - 1] = new URL(window.location.href).searchParams.get('sort') || ''; return a; }"


@dataclass(frozen=True)
class BoardUI:
    """The tab's components (what its callbacks read and update)."""
    edition: Any
    protocol: Any
    simulator_filter: Any
    filter_box: Any
    refresh: Any
    auto_refresh: Any
    board_timer: Any
    columns: Any
    proto_banner: Any
    across: Any
    filter_msg: Any
    table: Any
    humans: Any  # issue 20: people's runs (`benyfits play`, the Play tab) beside the ranking, never in it
    include_reported: Any
    reported: Any
    export_btn: Any
    export_files: Any  # links by clean name (leaderboard/downloads.py)
    sort_state: Any  # the URL's ?sort= (export reads it)
    reruns: Any  # issue 31: what the simulator re-runs of the ranked runs' fault dialogs found
    ids: Any  # every id behind the listed rows, collapsed (no hash in the default view)

    @property
    def inputs(self) -> list:  # in BOARD_INPUTS order
        return [self.protocol, self.simulator_filter, self.filter_box, self.columns, self.include_reported,
                self.edition]


def layout() -> tuple[gr.Tab, BoardUI]:
    with gr.Tab("Leaderboard", id="board") as tab:
        with gr.Row():
            edition = gr.Dropdown(choices=[Q.DEFAULT_EDITION], value=Q.DEFAULT_EDITION, label="Edition", scale=1,
                                  elem_id="bf-edition-pick", min_width=120,
                                  info="the rules the runs followed (docs/editions.md)")
            protocol = gr.Dropdown(choices=[], value=None, label="Protocol", scale=3, elem_id="bf-protocol-pick",
                                   info="one ranking per protocol (and simulator); the full protocol first")
            simulator_filter = gr.Dropdown(choices=[], value=[], multiselect=True, label="Simulator",
                                           info="empty = every simulator", scale=2)
            filter_box = gr.Textbox(label="Filter", scale=3, elem_id="bf-filter",
                                    placeholder=f"e.g. {Q.TW_F1} >= 30; {Q.AVG_TURNS} < 10; react",
                                    info=f"numeric conditions compare numbers ({Q.AGENT_ERRORS} = 0 hides the unranked "
                                         "runs whose agent failed); other words search names")
            with gr.Column(scale=0, min_width=150):
                refresh = gr.Button("Refresh", min_width=100)
                auto_refresh = gr.Checkbox(value=False, label="Auto-refresh (30 s)")
            board_timer = gr.Timer(30, active=False)
        with gr.Accordion("Columns", open=False):
            columns = gr.CheckboxGroup(choices=[c for c in Q.TABLE_COLUMNS if c not in ("Rank", "Submission")],
                                       value=DEFAULT_COLS, label="Shown columns (Rank and Submission are always shown)",
                                       elem_id="bf-columns")
        proto_banner = gr.HTML("", elem_id="bf-protocol-banner", js_on_load=None)
        across = gr.HTML("", elem_id="bf-across-editions")
        filter_msg = gr.Markdown(elem_id="bf-filter-msg")
        table = gr.HTML("", elem_id="bf-table", js_on_load=R.TABLE_JS)
        reruns = gr.HTML("", elem_id="bf-reruns")
        ids = gr.HTML("", elem_id="bf-ids-panel")
        gr.Markdown(note("Click a column header (or focus it and press Enter) to sort by it (again to reverse; "
                         "<b>reset order</b> returns to the ranking). Click a run, or focus it and press Enter, to "
                         f"open its dialogs. <b>=1</b>: the run's {Q.TW_F1} interval overlaps the top run's. <b>{Q.RANK_RANGE}</b>: "
                         "the ranks the run takes in 95% of paired household resamples (\"2-4\"; the sentence "
                         "above the table says which difference this protocol can detect). <b>unranked</b>: "
                         "some dialogs ended in the agent's error (Status <i>agent errors n/N</i>); such a run is "
                         "listed, never ranked."))
        humans = gr.Dataframe(visible=False, interactive=False, label="People (beside the ranking, not in it)",
                              elem_id="bf-human")
        include_reported = gr.Checkbox(value=True, label="Show v1's reported rows (beside, not ranked among, our runs)")
        reported = gr.HTML("", elem_id="bf-reported", js_on_load=R.TABLE_JS)
        with gr.Row():
            export_btn = gr.Button("Download this table as shown (CSV + JSON)", size="sm", elem_id="bf-export-table")
        export_files = gr.HTML("", elem_id="bf-export-table-files")
        sort_state = gr.Textbox(visible=False, elem_id="bf-sort")
    return tab, BoardUI(edition, protocol, simulator_filter, filter_box, refresh, auto_refresh, board_timer, columns,
                        proto_banner, across, filter_msg, table, humans, include_reported, reported, export_btn,
                        export_files, sort_state, reruns, ids)


def reported_view(tbl: pd.DataFrame, cols: list[str], include: bool) -> str:
    """v1's reported rows as a table beside the ranking ('' when hidden)."""
    if not include:
        return ""
    rep = reported_table(tbl, cols)
    # columns v1 never reported (agent errors, simulator faults) would be blank: left out
    rep = rep[[c for c in rep.columns if c == "Submission" or rep[c].map(lambda v: not R.is_blank(v)).any()]]
    return R.table_html(rep, "bf-v1", clickable=False, caption=(
        f"<b>v1 reported</b> (protocol: {Q.V1_PROTOCOL}: Llama 3.1 70B simulated user, v1 datasets): the "
        "paper's figures, shown beside our runs and not ranked among them; no intervals were published."))


def fill_board(ui: BoardUI, page: PageData, values: Mapping[str, Any]) -> dict:
    """The ranking, banners and selectors for the page's data and the board's inputs."""
    ed = chosen_edition(page, values)
    protos = Q.protocols_of(page.protocols, ed)
    chosen = chosen_protocol(page, values)
    sim_choices = sorted({s for s in page.table["Simulator"] if s})
    sims = [s for s in (values.get("simulators") or []) if s in sim_choices]
    cols = values.get("columns") or DEFAULT_COLS
    rows, msg = listed_rows(page.table, chosen, sims, values.get("filter") or "")
    shown = Q.select_columns(rows, cols)
    caption = ("" if not shown.empty else
               "Waiting for the results store: an evaluation is writing to it." if page.cold else
               "No evaluated run under this protocol matches." if protos else
               f"No evaluated runs under the {ed} edition yet." if page.protocols else "No evaluated runs yet.")
    return {
        ui.edition: gr.Dropdown(choices=Q.editions(page.protocols), value=ed),
        ui.across: across_html(page),
        ui.protocol: gr.Dropdown(choices=protocol_choices(protos), value=chosen),
        # issue 31: what this protocol's household count and trials can tell apart, under its banner
        ui.proto_banner: protocol_banner(protos, chosen) + Q.detectable_html((page.rank_tables or {}).get(chosen), page.labels),
        ui.filter_msg: msg,
        ui.table: R.table_html(shown, "bf-ranking", caption=caption, runs=list(rows["Run"]),
                               authors=list(rows[AUTHORS]) if AUTHORS in rows.columns else None),
        ui.ids: ids_panel(rows, chosen),
        ui.reported: reported_view(page.table, cols, values.get("include_reported", True)),
        ui.simulator_filter: gr.Dropdown(choices=sim_choices, value=sims),
    }


def fill(ui: BoardUI, page: PageData, values: Mapping[str, Any]) -> dict:
    out = fill_board(ui, page, values)
    if page.humans is not None and not page.humans.empty:
        # people's protocols are listed here, apart from the Protocol dropdown (issue 36)
        named = "; ".join(p.label for p in human_protocols(page.protocols))
        out[ui.humans] = gr.Dataframe(value=page.humans, visible=True, label="People (beside the ranking, not in it)"
                                      + (f": {named}" if named else ""))
    return out


FAULTS = metric("simulator_fault_rate").label  # the column the note refers to, as the catalogue names it


def reruns_html(listed: pd.DataFrame, words: Mapping[str, str]) -> str:
    """The re-runs of the listed runs' fault dialogs, in plain words ('' when none was re-run)."""
    if listed.empty or "Run" not in listed.columns:
        return ""
    items = [f"<li><b>{html.escape(str(name))}</b>: {html.escape(words[run])}</li>"
             for name, run in zip(listed["Submission"], listed["Run"]) if run in words]
    if not items:
        return ""
    return ('<div class="bf-note"><b>Simulator re-runs</b> (<code>evaluate --rerun-simulator-faults</code>): each '
            "dialog that held a simulator fault was run again with a new simulator seed; <i>cleared</i>: an attempt "
            f"had no simulator fault. The run's own scores (and its {html.escape(FAULTS)}) are kept as evaluated."
            f"<ul>{''.join(items)}</ul></div>")


def fill_with_reruns(ui: BoardUI, board: Board, page: PageData, values: Mapping[str, Any]) -> dict:
    """`fill`, plus the re-runs of the ranked runs (read from the store; left as they are while it is locked)."""
    out = fill(ui, page, values)
    if page.cold or page.busy:
        return out
    try:
        with board.source.reader() as r:
            words = Q.reruns_by_run(r)
    except Q.StoreLockedError:
        return out
    out[ui.reruns] = reruns_html(board_rows(page.table, chosen_protocol(page, values)), words)
    return out


def link(ui: BoardUI, page: PageData, q: Mapping[str, str]) -> dict:
    """A deep link's filter, columns and sort."""
    out: dict = {ui.filter_box: q.get("filter", "")}
    if q.get("columns"):
        known = set(Q.TABLE_COLUMNS)
        out[ui.columns] = [c for c in q["columns"].split(",") if c in known]
    out[ui.sort_state] = q.get("sort", "")
    return out


def export_shown(board: Board, tbl: pd.DataFrame, chosen: str | None, sims: list[str] | None, filt: str,
                 cols: list[str], sort: str | None) -> str:
    """The table as shown (protocol, filters, columns, the browser's sort) as CSV + JSON links."""
    shown, _ = shown_table(tbl, chosen, sims, filt, cols)
    return links_html(board.export_table(sort_shown(shown, sort), export_stem(chosen)), "Table export")


def auto_refresh_timer(on: bool) -> gr.Timer:
    return gr.Timer(active=bool(on))


def build(ctx: Context) -> Tab:
    tab, ui = layout()
    ctx.shared.update(protocol=ui.protocol, board_inputs=ui.inputs, table=ui.table, refresh=ui.refresh,
                      board_timer=ui.board_timer, auto_refresh=ui.auto_refresh, filter_box=ui.filter_box,
                      columns=ui.columns, sort=ui.sort_state)
    ui.export_btn.click(bind(export_shown, ctx.board),
                        [ctx.table_state, ui.protocol, ui.simulator_filter, ui.filter_box, ui.columns, ui.sort_state],
                        ui.export_files, js=SORT_FROM_URL_JS)
    url_inputs = [ui.protocol, ui.filter_box, ui.columns, ui.edition]
    ui.protocol.input(None, url_inputs, None, js=BOARD_URL)
    ui.filter_box.submit(None, url_inputs, None, js=BOARD_URL)
    ui.columns.input(None, url_inputs, None, js=BOARD_URL)
    # a new edition ranks its own default protocol: the URL drops the old edition's protocol
    ui.edition.input(None, url_inputs, None, js=EDITION_URL_JS)
    ui.auto_refresh.change(auto_refresh_timer, ui.auto_refresh, ui.board_timer)
    return Tab("board", "Leaderboard", tab,
               outputs=[ui.edition, ui.protocol, ui.proto_banner, ui.across, ui.filter_msg, ui.table, ui.reported,
                        ui.simulator_filter, ui.humans, ui.reruns, ui.ids],
               fill=bind(fill_with_reruns, ui, ctx.board), link=bind(link, ui), link_outputs=[ui.filter_box, ui.columns, ui.sort_state])
