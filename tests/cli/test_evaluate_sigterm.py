"""SIGTERM ends `benyfits evaluate` as Ctrl-C does (the runner then marks the run `incomplete`),
also where SIGINT is ignored: a process started in the background by a script (`cmd &`) inherits
SIGINT ignored, and the handler used to re-raise the SIGTERM as a SIGINT, which then did nothing:
the run went on past the kill and stayed `running` (measured by hand: still running 25 s after
SIGTERM). The real-process Ctrl-C and SIGTERM tests are tests/evaluation/test_run_interrupted.py."""
from __future__ import annotations

import signal
import time

import pytest

from eligibench.cli.signals import interrupt_on_sigterm


@pytest.mark.parametrize("sigint", [signal.SIG_IGN, signal.default_int_handler], ids=["sigint-ignored", "sigint-default"])
def test_sigterm_interrupts_the_run_whatever_sigint_does(sigint):
    old_int, old_term = signal.signal(signal.SIGINT, sigint), signal.getsignal(signal.SIGTERM)
    try:
        interrupt_on_sigterm()
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGTERM)
            time.sleep(1)  # the handler runs at once; never reached
        assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # a second SIGTERM ends the process at once
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)
