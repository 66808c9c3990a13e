"""Response headers for every page and file the leaderboard serves (issue 24).

The Content Security Policy is the second wall behind `literal`: whatever text reaches a page, the
browser loads images, fonts, media, frames and connections from the app's own origin only (plus
`data:`/`blob:` URLs Gradio builds itself), never from a host an agent names. Scripts and styles
stay 'self' with inline and eval allowed, because Gradio 6's frontend needs them (its `js=`
handlers are compiled with `new Function`). Measured: with this policy the app loads, and a
transcript holding `![t](http://HOST/p.png)` and `<img src=...>` makes no request leave the page
(tests/leaderboard/test_lb_markup.py).

Added as an ASGI middleware through `launch(app_kwargs={"middleware": [...]})`: Gradio passes
`app_kwargs` to its FastAPI app, and Starlette refuses middleware added after start-up.
"""
from __future__ import annotations

from starlette.middleware import Middleware

CSP = ("default-src 'self'; img-src 'self' data: blob:; media-src 'self' data: blob:; font-src 'self' data:; "
       "connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
       "script-src 'self' 'unsafe-inline' 'unsafe-eval'; style-src 'self' 'unsafe-inline'")
HEADERS = ((b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"))


class SecurityHeaders:
    """ASGI middleware: adds `HEADERS` to every HTTP response (replacing any of the same name)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                names = {name for name, _ in HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": headers + list(HEADERS)}
            await send(message)

        return await self.app(scope, receive, send_with_headers)


def middleware() -> list[Middleware]:
    return [Middleware(SecurityHeaders)]
