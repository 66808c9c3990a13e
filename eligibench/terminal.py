"""Text from agents and simulators made safe for a terminal (issue 36 item 7).

An agent's question holding OSC 52 (`ESC ] 52 ; c ; <base64> BEL`: write the viewer's clipboard), a
title change (`ESC ] 0 ; ... BEL`) or a screen clear (`ESC [ 2 J`) reached the terminal raw in
`benyfits play --as user`; `benyfits view` dropped BEL but kept ESC. `safe` is the one function
every command applies to agent- or simulator-supplied text before printing it: each C0 control
character other than newline and tab, DEL and each C1 control (U+0080-U+009F, which some
terminals read as CSI/OSC introducers) becomes a visible escape such as `\\x1b`, so the text still
says what was sent but the terminal acts on none of it. A carriage return is neutralised too (it
would let a line overwrite what was printed before it on the same line).
"""
from __future__ import annotations

import re
from typing import Any

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def safe(text: Any) -> str:
    """`text` with every control character but newline and tab shown as a `\\xNN` escape."""
    s = "" if text is None else str(text)
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", s)
