"""Human runs beside the ranking (issue 20): people who played the agent (`benyfits play`) are a
"human" row with its interval, like the paper's human ceiling; never ranked among agent runs
(`queries.HUMAN_STATUS` runs are left out of `queries.evaluated_rows`)."""
from __future__ import annotations

import pandas as pd

from leaderboard import queries as Q

HUMAN_COLUMNS = ("Who", "Role", "Participants", "Dialogs", "Accuracy", "F1", Q.AVG_TURNS, "Min per dialog")


def human_rows(r) -> pd.DataFrame:
    """One row per role people played: accuracy and F1 (pooled over the human runs' stored
    metrics, the widest interval of any participant shown as the row's), turns and time."""
    df = Q.human_figures(r)
    if df is None:
        return pd.DataFrame(columns=list(HUMAN_COLUMNS))

    def ci(v, lo, hi):
        return "" if pd.isna(v) else (f"{v:.1f}" + ("" if pd.isna(lo) else f" [{lo:.1f}, {hi:.1f}]"))

    rows = [{"Who": "human", "Role": f"person as the {x.role}", "Participants": int(x.people), "Dialogs": int(x.n),
             "Accuracy": ci(x.acc, x.acc_lo, x.acc_hi), "F1": ci(x.f1, x.f1_lo, x.f1_hi),
             Q.AVG_TURNS: None if pd.isna(x.turns) else round(x.turns, 1),
             "Min per dialog": None if pd.isna(x.minutes) else round(x.minutes, 1)} for x in df.itertuples(index=False)]
    return pd.DataFrame(rows, columns=list(HUMAN_COLUMNS))
