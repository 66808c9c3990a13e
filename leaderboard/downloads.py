"""Downloads under clean names: `/bf-export/<token>/<name>` serves a file the app wrote, and the
page links to it by that path (issue 23 item 5).

Gradio's `gr.File` links to `/gradio_api/file=/tmp/gradio/<hash>/<name>`: the server's temporary
folder shows in every download link. Here each export is written to the app's own export folder
under a random token (two people exporting at once never overwrite each other's file) and served
by a route added to Gradio's FastAPI app through `launch(app_kwargs={"routes": [...]})` (Gradio
passes `app_kwargs` to `FastAPI(...)`, so the route is in place before Gradio's own). The link
is relative, so it works wherever the app is mounted; the response names the file
(`Content-Disposition: attachment; filename=<name>`).
"""
from __future__ import annotations

import html
import re
import secrets
import tempfile
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse
from starlette.routing import Route

PREFIX = "bf-export"
_TOKEN = re.compile(r"[0-9a-f]{16}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,150}")
_TYPES = {".csv": "text/csv; charset=utf-8", ".json": "application/json"}


class Downloads:
    """The export folder: `save` writes a file and returns its link; `route` serves it."""

    def __init__(self, folder: Path | None = None):
        self._given = Path(folder) if folder else None
        self._temporary: tempfile.TemporaryDirectory | None = None

    @property
    def folder(self) -> Path:
        """The given folder, else a temporary one made at the first export and removed with the
        board (or at exit): a board that exports nothing leaves nothing behind in /tmp."""
        if self._given is not None:
            return self._given
        if self._temporary is None:
            self._temporary = tempfile.TemporaryDirectory(prefix="benyfits-lb-export-")
        return Path(self._temporary.name)

    def save(self, name: str, text: str) -> str:
        """Write `text` as `name` under a fresh token; the relative link that downloads it."""
        if not _NAME.fullmatch(name):
            raise ValueError(f"download name {name!r}: letters, digits, '.', '_' and '-' only")
        token = secrets.token_hex(8)
        (self.folder / token).mkdir(parents=True, exist_ok=True)
        (self.folder / token / name).write_text(text, encoding="utf-8")
        return f"{PREFIX}/{token}/{name}"

    def path(self, token: str, name: str) -> Path | None:
        if not (_TOKEN.fullmatch(token) and _NAME.fullmatch(name)):
            return None
        p = self.folder / token / name
        return p if p.is_file() else None

    async def serve(self, request: Request):
        p = self.path(request.path_params["token"], request.path_params["name"])
        if p is None:
            return PlainTextResponse("no such download (exports last while the app runs)", status_code=404)
        return FileResponse(p, media_type=_TYPES.get(p.suffix, "application/octet-stream"), filename=p.name)

    def route(self) -> Route:
        return Route(f"/{PREFIX}/{{token}}/{{name}}", self.serve, methods=["GET"])


def links_html(links: list[str], what: str) -> str:
    """The download links as the page shows them: the clean file name, nothing of the server."""
    if not links:
        return ""
    items = "".join(f'<li><a href="{html.escape(u)}" download="{html.escape(u.rsplit("/", 1)[-1])}">'
                    f'{html.escape(u.rsplit("/", 1)[-1])}</a></li>' for u in links)
    return f'<div class="bf-downloads"><b>{html.escape(what)}</b><ul>{items}</ul></div>'
