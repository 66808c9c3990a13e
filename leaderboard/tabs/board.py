"""The Leaderboard tab: the ranking of one protocol (ranks with ties), v1's reported rows beside it,
the simulator and text filters, the column chooser and the export of the table as shown."""
from __future__ import annotations

import datetime as _dt
import html
import re
from typing import Any, Mapping

import gradio as gr
import pandas as pd

from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard.board import PageData
from leaderboard.defaults import default_protocol
from leaderboard.downloads import links_html
from leaderboard.tabs.common import Context, Tab, note, url_js

BOARD_INPUTS = ("protocol", "simulators", "filter", "columns", "include_reported", "edition")


def protocol_choices(protos: Mapping[str, Q.StoredProtocol]) -> list[tuple[str, str]]:
    order = sorted(protos.values(), key=lambda p: ({"full": 0, "custom": 1, "smoke": 2}.get(p.kind, 3), -p.runs, p.id))
    return [(p.label, p.id) for p in order]


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
    return Q.edition_of(page.protocols, inputs.get("protocol")) or Q.DEFAULT_EDITION


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
    return R.table_html(df, "bf-across", clickable=False, caption=(
        "<b>The same configuration on each edition</b>: its latest finished run under each edition's rules, with "
        "the same simulator, trials, question cap and households used. Editions are never ranked together: a "
        "score moves with the rules (thresholds, programs added and removed), not only with the agent."))


def protocol_banner(protos: Mapping[str, Q.StoredProtocol], chosen: str | None) -> str:
    if not chosen or chosen not in protos:
        return ""
    p = protos[chosen]
    default = default_protocol(protos, None)
    if p.kind == "full" and chosen == default:
        return (f'<div class="bf-protocol">Ranking under the <b>full protocol</b> with simulator '
                f'<b>{html.escape(p.simulator or "not recorded")}</b> <code>{html.escape(p.id)}</code>: '
                f'{html.escape(p.describe())}. Runs under other protocols (smoke, custom, another simulator) are '
                'ranked in their own sections: pick one above.</div>')
    base = protos.get(default) if default and protos[default].kind == "full" else None
    diffs = Q.protocol_differences(base, p)
    head = (f"<b>Full protocol with another simulator</b> ({html.escape(p.simulator or 'not recorded')})"
            if p.kind == "full" else f"<b>A {html.escape(p.kind)} protocol</b>")
    return (f'<div class="bf-protocol bf-other">{head}: these runs are ranked only among '
            f'themselves. What differs: {html.escape("; ".join(diffs))}. <br>Protocol '
            f'<code>{html.escape(p.id)}</code>: {html.escape(p.describe())}.</div>')


def shown_table(table: pd.DataFrame, protocol: str | None, sims: list[str] | None, filt: str,
                cols: list[str]) -> tuple[pd.DataFrame, str]:
    """The ranking as displayed (one protocol, filters, chosen columns) and a filter message: a
    malformed filter is named and ignored, never silently read as a word search."""
    msg = ""
    try:
        rows = Q.filter_table(Q.ranking(table, protocol), filt or "", None, sims or None)
    except ValueError as e:
        rows, msg = Q.filter_table(Q.ranking(table, protocol), "", None, sims or None), \
            f"⚠ Filter not applied: {html.escape(str(e))}"
    return Q.select_columns(rows, cols), msg


def reported_table(table: pd.DataFrame, cols: list[str]) -> pd.DataFrame:
    rep = table[table["Source"] == Q.REPORTED]
    return Q.select_columns(Q.sort_table(rep, Q.TW_F1), [c for c in cols if c not in Q.INTERVAL_COLUMNS
                                                         and c != "Rank"]).drop(columns=["Rank"], errors="ignore")


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


def build(ctx: Context) -> Tab:
    board = ctx.board
    default_cols = [c for c in Q.DEFAULT_COLUMNS if c not in ("Rank", "Submission")]
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
                                    info="numeric conditions compare numbers; other words search names")
            with gr.Column(scale=0, min_width=150):
                refresh = gr.Button("Refresh", min_width=100)
                auto_refresh = gr.Checkbox(value=False, label="Auto-refresh (30 s)")
            board_timer = gr.Timer(30, active=False)
        with gr.Accordion("Columns", open=False):
            columns = gr.CheckboxGroup(choices=[c for c in Q.TABLE_COLUMNS if c not in ("Rank", "Submission")],
                                       value=default_cols, label="Shown columns (Rank and Submission are always shown)",
                                       elem_id="bf-columns")
        proto_banner = gr.HTML("", elem_id="bf-protocol-banner", js_on_load=None)
        across = gr.HTML("", elem_id="bf-across-editions")
        filter_msg = gr.Markdown(elem_id="bf-filter-msg")
        table = gr.HTML("", elem_id="bf-table", js_on_load=R.TABLE_JS)
        gr.Markdown(note("Click a column header (or focus it and press Enter) to sort by it (again to reverse; "
                         "<b>reset order</b> returns to the ranking). Click a run, or focus it and press Enter, to "
                         f"open its dialogs. <b>=1</b>: the run's {Q.TW_F1} interval overlaps the top run's."))
        # issue 20: people's runs (`benyfits play`, the Play tab) beside the ranking, never in it
        humans = gr.Dataframe(visible=False, interactive=False, label="People (beside the ranking, not in it)",
                              elem_id="bf-human")
        include_reported = gr.Checkbox(value=True, label="Show v1's reported rows (beside, not ranked among, our runs)")
        reported = gr.HTML("", elem_id="bf-reported", js_on_load=R.TABLE_JS)
        with gr.Row():
            export_btn = gr.Button("Download this table as shown (CSV + JSON)", size="sm", elem_id="bf-export-table")
        export_files = gr.HTML("", elem_id="bf-export-table-files")  # links by clean name (leaderboard/downloads.py)
        sort_state = gr.Textbox(visible=False, elem_id="bf-sort")  # the URL's ?sort= (export reads it)

    inputs = [protocol, simulator_filter, filter_box, columns, include_reported, edition]
    ctx.shared.update(protocol=protocol, board_inputs=inputs, table=table, refresh=refresh, board_timer=board_timer,
                      auto_refresh=auto_refresh, filter_box=filter_box, columns=columns, sort=sort_state)

    def reported_view(tbl: pd.DataFrame, cols, include) -> str:
        if not include:
            return ""
        rep = reported_table(tbl, cols)
        return R.table_html(rep, "bf-v1", clickable=False, caption=(
            f"<b>v1 reported</b> (protocol: {Q.V1_PROTOCOL}: Llama 3.1 70B simulated user, v1 datasets): the "
            "paper's figures, shown beside our runs and not ranked among them; no intervals were published."))

    def fill_board(page: PageData, values: Mapping[str, Any]) -> dict:
        ed = chosen_edition(page, values)
        protos = Q.protocols_of(page.protocols, ed)
        chosen = chosen_protocol(page, values)
        sim_choices = sorted({s for s in page.table["Simulator"] if s})
        sims = [s for s in (values.get("simulators") or []) if s in sim_choices]
        cols = values.get("columns") or default_cols
        shown, msg = shown_table(page.table, chosen, sims, values.get("filter") or "", cols)
        caption = ("" if not shown.empty else
                   "Waiting for the results store: an evaluation is writing to it." if page.cold else
                   "No evaluated run under this protocol matches." if protos else
                   f"No evaluated runs under the {ed} edition yet." if page.protocols else "No evaluated runs yet.")
        return {
            edition: gr.Dropdown(choices=Q.editions(page.protocols), value=ed),
            across: across_html(page),
            protocol: gr.Dropdown(choices=protocol_choices(protos), value=chosen),
            proto_banner: protocol_banner(protos, chosen),
            filter_msg: msg,
            table: R.table_html(shown, "bf-ranking", caption=caption),
            reported: reported_view(page.table, cols, values.get("include_reported", True)),
            simulator_filter: gr.Dropdown(choices=sim_choices, value=sims),
        }

    def fill(page: PageData, values: Mapping[str, Any]) -> dict:
        out = fill_board(page, values)
        if page.humans is not None and not page.humans.empty:
            out[humans] = gr.Dataframe(value=page.humans, visible=True)
        return out

    def link(page: PageData, q: Mapping[str, str]) -> dict:
        out: dict = {filter_box: q.get("filter", "")}
        if q.get("columns"):
            known = set(Q.TABLE_COLUMNS)
            out[columns] = [c for c in q["columns"].split(",") if c in known]
        out[sort_state] = q.get("sort", "")
        return out

    def export_shown(tbl, chosen, sims, filt, cols, sort):
        shown, _ = shown_table(tbl, chosen, sims, filt, cols)
        return links_html(board.export_table(sort_shown(shown, sort), export_stem(chosen)), "Table export")

    # the sort the browser shows lives in the URL (the table's script writes ?sort=): read it there
    export_btn.click(export_shown, [ctx.table_state, protocol, simulator_filter, filter_box, columns, sort_state],
                     export_files, js="(...a) => { a[a.length - 1] = new URL(window.location.href).searchParams"
                                      ".get('sort') || ''; return a; }")
    board_url = url_js("protocol", "filter", "columns")
    url_inputs = [protocol, filter_box, columns, edition]
    protocol.input(None, url_inputs, None, js=board_url)
    filter_box.submit(None, url_inputs, None, js=board_url)
    columns.input(None, url_inputs, None, js=board_url)
    # a new edition ranks its own default protocol: the URL drops the old edition's protocol
    edition.input(None, url_inputs, None, js=EDITION_URL_JS)
    auto_refresh.change(lambda on: gr.Timer(active=bool(on)), auto_refresh, board_timer)
    return Tab("board", "Leaderboard", tab,
               outputs=[edition, protocol, proto_banner, across, filter_msg, table, reported, simulator_filter, humans],
               fill=fill, link=link, link_outputs=[filter_box, columns, sort_state])
