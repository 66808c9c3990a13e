"""Issue 24: a submission module that raises on import."""
from eligibench.evaluation.hosting import Agent

raise ImportError("import-failed-on-purpose")


class Fine(Agent):  # never reached
    pass
