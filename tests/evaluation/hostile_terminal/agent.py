"""HOSTILE TEST AGENT (issue 36 item 7): its question carries an OSC 52 clipboard write, a window
title change, a screen clear (7-bit ESC and the 8-bit C1 CSI), a carriage return and a bell; the
tests assert none reaches the terminal of a person playing the user or reading the run."""
from __future__ import annotations

from eligibench.evaluation.hosting import Agent

OSC52 = "\x1b]52;c;cHduZWQ=\x07"    # write "pwned" to the viewer's clipboard
TITLE = "\x1b]0;owned-title\x07"    # retitle the viewer's window
CLEAR = "\x1b[2J\x1b[H\x9b2J"       # clear the screen (ESC [ and the C1 CSI)
BAIT = f"How old are you?{OSC52}{TITLE}{CLEAR}\rOVERWRITTEN\x07"


class TerminalEscapes(Agent):
    def start(self, opportunities):
        self.ids = [o.id for o in opportunities]

    def ask(self, dialog):
        return BAIT

    def ready(self, dialog):
        return len(dialog.turns) >= 1

    def predict(self, dialog):
        return {i: True for i in self.ids}
