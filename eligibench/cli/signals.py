"""How a long-running command stops: SIGTERM (a kill, a supervisor, a stopped container) ends it as
Ctrl-C does, so its cleanup runs (a run marked `incomplete`, a server stopped) instead of the
process vanishing mid-way."""
from __future__ import annotations

import signal
import threading


def interrupt_on_sigterm(restore_ctrl_c: bool = False) -> None:
    """SIGTERM raises KeyboardInterrupt in the main thread (a second SIGTERM ends the process at
    once). It is raised here, not by re-sending SIGINT: a process started in the background by a
    script (`benyfits evaluate ... &`) or by a pytest-xdist worker inherits SIGINT ignored, and a
    re-sent SIGINT was swallowed (the run went on, and stayed `running`).

    `restore_ctrl_c`: also undo an inherited ignore of SIGINT, for a command whose contract is "until
    Ctrl-C" (`serve-model`: with SIGINT inherited ignored, Ctrl-C left it serving, measured 60 s)."""
    if threading.current_thread() is not threading.main_thread():
        return

    def on_term(signum, frame):  # noqa: ARG001 - the signal handler's signature
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    if restore_ctrl_c:
        signal.signal(signal.SIGINT, signal.default_int_handler)
