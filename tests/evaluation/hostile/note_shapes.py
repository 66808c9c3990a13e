"""HOSTILE TEST AGENT (issue 36 item 7): one turn per shape of notes an agent can expose (a string,
a mapping with short and long values, a list, nested JSON, odd keys), each carrying markup that
would put an element with a remote source, a video, an SVG or a new-window link into the viewer's
page if the Dialogs tab rendered it: fences longer than the harness once used, carriage returns,
a closing </details>, table-cell breaks. `context.options["host"]` is the "remote" URL."""
from __future__ import annotations

from eligibench.evaluation.hosting import Agent


def _shapes(host: str) -> list:
    img, video = f"<img src={host}/i.png>", f"<video poster={host}/v.png></video>"
    svg, link = f"<svg><image href={host}/s.png /></svg>", f"<a href={host}/l target=_blank>click</a>"
    bait = f"{img} {video} {svg} {link} ![m]({host}/m.png) [t]({host}/t)"
    return [
        f"````\n</code></pre>{bait}\n````\n{img}",                         # a string: the 4-backtick escape
        {f"key {img}": f"{link} | {svg}", "short": video},                 # short values: table cells
        {"program": "x = 1\n``````\n" + bait + "\n``````\n</details>" + img},  # a long value: a code block
        [{"nested": [bait, {"deep": bait}]}, bait],                        # a list: JSON and cells
        {"cr": f"line\r```\r{bait}\r"},                                    # a lone CR is a line ending
        {f"|{img}\n| ---": f"`` {bait} ``", "~~~": f"~~~\n{bait}\n~~~"},   # cell breaks, other fences
        f"<details open><summary>{img}</summary>{bait}</details>",        # raw HTML as a whole string
    ]


class NoteShapes(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]
        self.shapes = _shapes(self.context.options["host"])

    def ask(self, dialog):
        return f"Question {len(dialog.turns) + 1}: how old are you?"

    def notes(self):
        return self.shapes[min(self._asked() - 1, len(self.shapes) - 1)]

    def _asked(self) -> int:
        self.count = getattr(self, "count", 0) + 1
        return self.count

    def ready(self, dialog):
        return len(dialog.turns) >= len(self.shapes)

    def predict(self, dialog):
        return {i: True for i in self.ids}
