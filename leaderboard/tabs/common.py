"""What every tab shares: the `Tab` contract, the `Context` tabs build in, the busy banner and the
URL helpers."""
from __future__ import annotations

import inspect
import json
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import gradio as gr

from leaderboard.board import Board, PageData

RETRY_EVERY_S = 3.0
BUSY_TEXT = "The results are being updated, retrying…"
BUSY_BANNER = (f'<div class="bf-busy" role="status">{BUSY_TEXT} '
               '(showing the last results read; this page refreshes by itself)</div>')


def busy_note(what: str) -> str:
    """A tab's own banner while its content waits for the store."""
    return f'<div class="bf-busy" role="status">{BUSY_TEXT} ({what} appears when the store can be read)</div>'


def note(text: str) -> str:
    return f'<div class="bf-note">{text}</div>'


def url_js(*keys: str, fixed: dict[str, str] | None = None) -> str:
    """JS for an event's `js=`: write the given inputs (and `fixed` values) into the page URL
    (?key=value), so the view can be linked; empty values are dropped."""
    sets = "".join(f" u.searchParams.set({json.dumps(k)}, {json.dumps(v)});" for k, v in (fixed or {}).items())
    return ("(...args) => { const u = new URL(window.location.href);" + sets + " const keys = " + json.dumps(list(keys)) + ";"
            " keys.forEach((k, i) => { let v = args[i]; if (Array.isArray(v)) v = v.join(',');"
            " if (v === null || v === undefined || v === '' || v === false) u.searchParams.delete(k);"
            " else u.searchParams.set(k, v === true ? '1' : String(v)); });"
            " window.history.replaceState(null, '', u.toString()); return args; }")


Updates = dict  # component -> value or gr.update


def bind(fn: Callable, *first: Any) -> Callable:
    """`fn` with its first arguments fixed (a tab's components, the board), as gradio needs it:
    the remaining parameters' signature and resolved annotations are kept, so gradio still
    injects `gr.SelectData` / `gr.Request` by type (gradio 6.31's `utils.get_type_hints` reads
    only plain functions and methods, so a `functools.partial` would lose the event's data).
    Callbacks stay module-level functions, tested by calling them with the same first arguments."""
    params = list(inspect.signature(fn).parameters.values())[len(first):]
    hints = typing.get_type_hints(fn)

    def bound(*args: Any, **kwargs: Any) -> Any:
        return fn(*first, *args, **kwargs)

    bound.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    bound.__annotations__ = {p.name: hints[p.name] for p in params if p.name in hints}
    bound.__name__ = bound.__qualname__ = fn.__name__
    bound.__doc__ = fn.__doc__
    return bound


@dataclass
class Context:
    """What tabs share while they are built: the data access, the page-level state (the table of
    every run, the protocols, the run labels) and the components other tabs read (`shared`,
    filled by the tab that creates them: e.g. the board tab's protocol dropdown)."""
    board: Board
    tabs: gr.Tabs
    table_state: gr.State
    proto_state: gr.State
    run_labels: gr.State
    shared: dict[str, Any] = field(default_factory=dict)


@dataclass
class Tab:
    id: str
    label: str
    tab: gr.Tab
    outputs: list = field(default_factory=list)  # what `fill` may update
    fill: Callable[[PageData, Mapping[str, Any]], Updates] | None = None  # (page, board inputs) -> updates
    link: Callable[[PageData, Mapping[str, str]], Updates] | None = None  # (page, URL query) -> updates
    link_outputs: list = field(default_factory=list)
