"""The BeNYfits leaderboard: a Gradio 6 app over the results store, assembled from its tabs.

    benyfits leaderboard [--store results/benyfits.duckdb | --snapshot DIR] [--port 7860] [--no-upload]
    python -m leaderboard ...            (same options)

Every request opens the store read-only (the results read layer, `eligibench.results`) and closes
it. While an evaluation holds the write lock every tab keeps what it showed, the page shows a plain
"results are being updated, retrying" banner and retries by itself until the lock goes; a server
started during a write says it is waiting for the store, never "no runs". v1's reported rows come
from leaderboard/data/ and never depend on the store. No server path, interpreter path or process
id reaches a page (`queries.sanitize`).

Tabs (`leaderboard.tabs`, one module each with one `build(ctx)`): Leaderboard, F1 vs turns, Per
opportunity, Dialogs, Compare, Simulator, Submit (or Queue with --no-upload). Every view has a deep
link: ?tab=&run=&dialog=&edition=&protocol=&filter=&columns=&sort=...
"""
from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import gradio as gr
import pandas as pd

from eligibench import paths
from leaderboard import queries as Q
from leaderboard import render as R
from leaderboard import security
from leaderboard.board import Board, PageData, audit_markdown, chat_messages
from leaderboard.config import READ_TIMEOUT_S, AppConfig
from leaderboard.defaults import warn_if_store_missing
from leaderboard.tabs import (
    BOARD_INPUTS,
    BUSY_BANNER,
    RETRY_EVERY_S,
    Context,
    Tab,
    bind,
    compare,
    dialogs,
    gradings,
    opportunity,
    priorities,
    realism,
    scatter,
    sensitivity,
    simulator,
    submit,
)
from leaderboard.tabs import board as board_tab
from leaderboard.upload import Limits
from leaderboard.verdict_reasons import CSS as TRUTH_CSS

__all__ = ["AppConfig", "Board", "CSS", "Limits", "PageData", "READ_TIMEOUT_S", "TAB_BUILDERS", "audit_markdown",
           "build_app", "chat_messages", "launch", "main"]

TITLE = "BeNYfits leaderboard"
# the tabs, in order: a new tab is one module in leaderboard/tabs and one entry here
TAB_BUILDERS: tuple[Callable[[Context], Tab], ...] = (
    board_tab.build, scatter.build, opportunity.build, dialogs.build, compare.build, simulator.build, sensitivity.build, realism.build, priorities.build, gradings.build, submit.build)

CSS = TRUTH_CSS + R.TABLE_CSS + R.SCATTER_CSS + """
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


INTRO = ("Dialog agents question a simulated user to decide which NYC benefit programs a "
         "household qualifies for, asking as few questions as possible. **F1** is micro F1 over "
         f"user-opportunity pairs, **turns** are questions per dialog, **{Q.TW_F1}** = F1 / (turns/100 + 1) "
         "on the averages over the two datasets. Intervals are 95% household-bootstrap intervals; "
         "`n=` is the number of households behind one, and `n/a` marks an interval that says nothing "
         "(one household, or zero width). Runs are ranked only against runs measured under the same "
         f"protocol (datasets, question cap, trials, simulator); **=1** marks a run whose {Q.TW_F1} interval "
         "overlaps the top run's.")


@dataclass(frozen=True)
class Page:
    """What the page-level callbacks read and update: the board, the built tabs and the page's
    own components (the state every tab fills from, the header, the busy banner and its retry)."""
    board: Board
    built: tuple[Tab, ...]
    tabs: gr.Tabs
    table_state: gr.State
    proto_state: gr.State
    run_labels: gr.State
    header: gr.Markdown
    banner: gr.HTML
    retry_timer: gr.Timer
    open_run: Callable[[str], dict]  # the Dialogs tab's view of one run

    @property
    def outputs(self) -> list:
        """Everything a page read updates: the page state, then each tab's `outputs`."""
        out = [self.table_state, self.proto_state, self.run_labels, self.header, self.banner, self.retry_timer]
        for t in self.built:
            out += [c for c in t.outputs if c not in out]
        return out

    @property
    def link_outputs(self) -> list:
        out = self.outputs + [self.tabs]
        for t in self.built:
            out += [c for c in t.link_outputs if c not in out]
        return out


REDISPLAYED = ("board", "scatter", "opportunity")  # the tabs a change of the board's controls redraws


def fill_all(p: Page, page: PageData, values: dict, only: tuple[str, ...] | None = None) -> dict:
    out: dict = {}
    for t in p.built:
        if t.fill is not None and (only is None or t.id in only):
            out.update(t.fill(page, values))
    return out


def page_view(p: Page, page: PageData, *values) -> dict:
    """Every tab filled from one read (the last good one while the store is busy)."""
    out = fill_all(p, page, dict(zip(BOARD_INPUTS, values)))
    out.update({p.table_state: page.table, p.proto_state: page.protocols, p.run_labels: page.labels,
                p.header: p.board.header(page), p.banner: BUSY_BANNER if page.busy else "",
                p.retry_timer: gr.Timer(active=page.busy)})
    return out


def refresh(p: Page, *values) -> dict:
    return page_view(p, p.board.page(), *values)


def load_page(p: Page, protocol, sims, filt, cols, include, edition, request: gr.Request) -> dict:
    """The first view: the page read, then each tab's deep link (?tab=, ?run=, ?protocol=, ...)."""
    q = dict(request.query_params) if request is not None else {}
    if q.get("columns"):
        cols = [c for c in q["columns"].split(",") if c in set(Q.TABLE_COLUMNS)]
    page = p.board.page()
    # no ?edition=: the linked protocol's edition (else 2024), so a protocol link opens its edition
    out = page_view(p, page, q.get("protocol"), sims, q.get("filter", ""), cols, include, q.get("edition"))
    for t in p.built:
        if t.link is not None:
            out.update(t.link(page, q))
    tab = q.get("tab")
    if tab in {t.id for t in p.built}:
        out[p.tabs] = gr.Tabs(selected=tab)
    elif q.get("run"):
        out[p.tabs] = gr.Tabs(selected="dialogs")
    return out


def redisplay(p: Page, tbl, protos, labels, *values) -> dict:
    """A change of the board's controls: redrawn from the page state (no store read)."""
    page = PageData(tbl, protos or {}, [(v, k) for k, v in (labels or {}).items()], labels or {},
                    pd.DataFrame(), "", pd.DataFrame())
    return fill_all(p, page, dict(zip(BOARD_INPUTS, values)), REDISPLAYED)


def open_from_table(p: Page, evt: gr.EventData) -> dict:
    """A ranking row opened (the table's script sends {run}): its run on the Dialogs tab."""
    data = getattr(evt, "_data", None)
    run_id = data.get("run") if isinstance(data, dict) else None
    if not run_id:
        return {}
    out = p.open_run(run_id)
    out[p.tabs] = gr.Tabs(selected="dialogs")
    return out


# After the page load: the linked tab (?tab=, else Dialogs for a ?run= link) is selected by a click
# on its button when the load's own selection lost: under load, the first tab's select while mounting
# won 6 of 8 ?tab= links tried (the Leaderboard tab opened). Until then the URL keeps the link's tab.
LINKED_TAB_JS = ("() => { window.bfLoaded = true; const q = new URL(window.location.href).searchParams;"
                 " const t = q.get('tab') || (q.get('run') ? 'dialogs' : null); if (!t) return [];"
                 " const b = document.querySelector('button[role=tab][data-tab-id=\"' + t + '\"]');"
                 " if (b && b.getAttribute('aria-selected') !== 'true') b.click(); return []; }")


def tab_url_js(built: Sequence[Tab]) -> str:
    """The selected tab in the URL: read the tab actually selected (Gradio also fires `select` for
    the first tab while mounting, which must not overwrite a deep link's tab)."""
    tab_ids = {t.label: t.id for t in built}
    return ("() => { if (!window.bfLoaded) return []; setTimeout(() => {"
            " const b = document.querySelector('button[role=tab][aria-selected=true]');"
            " if (!b) return; const id = " + json.dumps(tab_ids) + "[b.textContent.trim()]; if (!id) return;"
            " const u = new URL(window.location.href); u.searchParams.set('tab', id);"
            " window.history.replaceState(null, '', u.toString()); }, 100); return []; }")


def wire_page(demo: gr.Blocks, p: Page, s: dict) -> None:
    """The page's events: load (with deep links), refresh, retry, the board's controls redrawing
    from the page state, a ranking row opened, the selected tab written to the URL."""
    board_inputs, page_outputs = s["board_inputs"], p.outputs
    demo.load(bind(load_page, p), board_inputs, p.link_outputs).then(None, None, None, js=LINKED_TAB_JS)
    for event in (s["refresh"].click, s["board_timer"].tick, p.retry_timer.tick):
        event(bind(refresh, p), board_inputs, page_outputs)
    redisplay_outputs = [c for t in p.built if t.id in REDISPLAYED for c in t.outputs]
    redisplay_inputs = [p.table_state, p.proto_state, p.run_labels, *board_inputs]
    protocol, simulator_filter, filter_box, columns, include_reported, edition = board_inputs
    for control in (protocol, simulator_filter, columns, include_reported, edition):
        control.input(bind(redisplay, p), redisplay_inputs, redisplay_outputs)
    filter_box.submit(bind(redisplay, p), redisplay_inputs, redisplay_outputs)
    filter_box.change(bind(redisplay, p), redisplay_inputs, redisplay_outputs)  # applied as typed: a header
    # click right after typing is not swallowed by a blur that re-renders the table
    s["table"].open(bind(open_from_table, p), None, s["dialog_outputs"] + [p.tabs]).then(
        None, s["dialog_url_inputs"], None, js=s["dialog_url"])
    for t in p.built:
        t.tab.select(None, None, None, js=tab_url_js(p.built))


def build_app(config: AppConfig) -> gr.Blocks:
    board = Board(config)
    with gr.Blocks(title=TITLE, fill_width=True) as demo:
        demo.bf_board = board  # launch() adds the board's download route
        table_state = gr.State(pd.DataFrame(columns=list(Q.TABLE_COLUMNS)))
        proto_state = gr.State({})
        run_labels = gr.State({})
        gr.Markdown(f"# {TITLE}")
        with gr.Accordion("About this leaderboard", open=False, elem_id="bf-intro"):
            gr.Markdown(INTRO)
        header = gr.Markdown(elem_id="bf-header")
        banner = gr.HTML("", elem_id="bf-banner", js_on_load=None)
        retry_timer = gr.Timer(RETRY_EVERY_S, active=False)
        with gr.Tabs(selected="board") as tabs:
            ctx = Context(board, tabs, table_state, proto_state, run_labels)
            built = tuple(build(ctx) for build in TAB_BUILDERS)
            if config.allow_play:  # issue 20: the Play tab (leaderboard/tabs/play.py), its own components and events
                from leaderboard.tabs import play as play_tab

                play_tab.build(config.project, config.submissions, board.truth, config.plays_per_hour)
        page = Page(board, built, tabs, table_state, proto_state, run_labels, header, banner, retry_timer,
                    ctx.shared["open_run"])
        wire_page(demo, page, ctx.shared)
    return demo


# ------------------------------------------------------------------------------------------------
# starting it


def config_from_args(args: argparse.Namespace) -> AppConfig:
    from eligibench.paths import default_store

    project = Path(getattr(args, "project", ".") or ".")
    results = getattr(args, "results", None)  # issue 22: a published results folder, read-only
    if results:
        from leaderboard.results_source import results_data_dir

        args.snapshot, args.no_upload = results_data_dir(results), True
    store = Path(args.store) if args.store else default_store(project)
    return AppConfig(
        store=store,
        snapshot=Path(args.snapshot) if args.snapshot else None,
        submissions=Path(args.submissions) if args.submissions else project / "submissions",
        dataset_dir=Path(args.dataset_dir) if args.dataset_dir else project / "benyfits",
        opportunities_dir=project / "opportunities",
        audit_file=Path(args.audit) if args.audit else project / paths.AUDIT_JSON,
        limits=Limits(max_zip_bytes=int(args.max_upload_mb * 2**20),
                      max_unpacked_bytes=int(args.max_unpacked_mb * 2**20), max_files=args.max_files),
        allow_upload=not args.no_upload,
        uploads_per_hour=args.uploads_per_hour,
        allow_play=not getattr(args, "no_play", False), project=project,  # issue 20: the Play tab
        plays_per_hour=getattr(args, "plays_per_hour", 20),
    )


# system fonts: the default theme's Google Fonts would be a remote request from every page
SYSTEM_FONTS = ("ui-sans-serif", "system-ui", "sans-serif")
SYSTEM_MONO = ("ui-monospace", "Consolas", "monospace")


def launch(config: AppConfig, host: str = "127.0.0.1", port: int = 7860, block: bool = True, quiet: bool = False):
    demo = build_app(config)
    demo.queue(default_concurrency_limit=4)
    # show_error=False: an exception's text (paths, process ids) never reaches the page
    demo.launch(server_name=host, server_port=port, prevent_thread_lock=not block, ssr_mode=False,
                max_file_size=config.limits.max_zip_bytes, show_error=False, quiet=quiet, css=CSS,
                footer_links=[], theme=gr.themes.Default(font=SYSTEM_FONTS, font_mono=SYSTEM_MONO),
                # CSP on every response; exports served under clean names (leaderboard/downloads.py)
                app_kwargs={"middleware": security.middleware(), "routes": [demo.bf_board.downloads.route()]})
    return demo


def free_port(host: str) -> int:
    """A port the system has free on `host` now. `--port 0` ("any free port") is resolved here:
    Gradio given port 0 served on a random port but then checked http://HOST:0 and stopped with
    two tracebacks (Connection refused)."""
    import socket

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def main_from_args(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    source = config.snapshot or config.store
    warn_if_store_missing(source)  # issue 26: started in the wrong folder shows 0 runs otherwise
    if not config.snapshot and Path(config.store).exists():  # a file that is not a store: one line, not a board
        from eligibench.results import check_store_path

        check_store_path(config.store)
    port = args.port or free_port(args.host)
    print(f"leaderboard: reading {source}; uploads -> {config.submissions if config.allow_upload else 'off'}; "
          f"http://{args.host}:{port}")
    launch(config, args.host, port, block=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    from leaderboard.args import add_arguments

    parser = argparse.ArgumentParser(prog="python -m leaderboard", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return main_from_args(parser.parse_args(argv))
