"""Human runs beside the ranking (issue 20): people who played the agent (`benyfits play`) are a
"human" row with its interval, like the paper's human ceiling; never ranked among agent runs
(`HUMAN_STATUS` runs are left out of `queries.evaluated_rows`)."""
from __future__ import annotations

import pandas as pd

HUMAN_STATUS = "human"  # eligibench.evaluation.play.HUMAN: the status (and protocol kind) of a human run
HUMAN_COLUMNS = ("Who", "Role", "Participants", "Dialogs", "Accuracy", "F1", "Avg turns", "Min per dialog")


def human_rows(r) -> pd.DataFrame:
    """One row per role people played: accuracy and F1 (pooled over the human runs' stored
    metrics, the widest interval of any participant shown as the row's), turns and time."""
    if r.empty or not r.has("runs", "metrics", "dialogs"):
        return pd.DataFrame(columns=list(HUMAN_COLUMNS))
    df = r.df(
        "SELECT json_extract_string(r.extra, '$.play_role') AS role,"
        " count(DISTINCT json_extract_string(r.extra, '$.participant')) AS people,"
        " sum(m.value) FILTER (WHERE m.name = 'dialogs') AS n,"
        " avg(m.value) FILTER (WHERE m.name = 'accuracy') AS acc,"
        " min(m.ci_low) FILTER (WHERE m.name = 'accuracy') AS acc_lo, max(m.ci_high) FILTER (WHERE m.name = 'accuracy') AS acc_hi,"
        " avg(m.value) FILTER (WHERE m.name = 'f1') AS f1,"
        " min(m.ci_low) FILTER (WHERE m.name = 'f1') AS f1_lo, max(m.ci_high) FILTER (WHERE m.name = 'f1') AS f1_hi,"
        " avg(m.value) FILTER (WHERE m.name = 'turns') AS turns,"
        " avg(m.value) FILTER (WHERE m.name = 'wall_s_per_dialog') / 60 AS minutes"
        f" FROM runs r JOIN metrics m USING (run_id) WHERE r.status = '{HUMAN_STATUS}' AND m.dataset = 'average'"
        " GROUP BY role ORDER BY role")

    def ci(v, lo, hi):
        return "" if pd.isna(v) else (f"{v:.1f}" + ("" if pd.isna(lo) else f" [{lo:.1f}, {hi:.1f}]"))

    rows = [{"Who": "human", "Role": f"person as the {x.role}", "Participants": int(x.people), "Dialogs": int(x.n),
             "Accuracy": ci(x.acc, x.acc_lo, x.acc_hi), "F1": ci(x.f1, x.f1_lo, x.f1_hi),
             "Avg turns": None if pd.isna(x.turns) else round(x.turns, 1),
             "Min per dialog": None if pd.isna(x.minutes) else round(x.minutes, 1)} for x in df.itertuples(index=False)]
    return pd.DataFrame(rows, columns=list(HUMAN_COLUMNS))
