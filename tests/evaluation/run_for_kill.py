"""Helper process for the resume test: evaluates a plan of slow scripted dialogs into a store."""
import sys
from pathlib import Path

from eligibench.datasets.rows import Row
from eligibench.evaluation.hosting import OpportunityBrief
from eligibench.evaluation.run import ResolvedRun, evaluate
from eligibench.household.model import household
from eligibench.household.profile import render_profile
from eligibench.results.records import RunSpec
from eligibench.results.store import ResultStore
from tests.evaluation.doubles import ExtractiveUserModel, ScriptedAgent
from tests.evaluation.plans import runner_plan


def plan(n: int) -> tuple[ResolvedRun, RunSpec]:
    hh = household({"name": "Ana Ruiz", "age": 34})
    rows = [Row(f"r{i:03d}", "diverse", hh, ("IDNYC",), (True,), ("t",), render_profile(hh).text, "", "v")
            for i in range(n)]
    spec = RunSpec("scripted", {}, "extractive-test-user", {}, "v", ("diverse",))
    return runner_plan(spec, {"diverse": rows}, {"IDNYC": OpportunityBrief("IDNYC", "IDNYC", "Lives in NYC, 10+.")}, 48,
                   concurrency=2, bootstrap=50)


if __name__ == "__main__":
    store = ResultStore(Path(sys.argv[1]))
    sleep = float(sys.argv[2])
    evaluate(*plan(int(sys.argv[3])), store, lambda: ScriptedAgent(questions=2, sleep_s=sleep), ExtractiveUserModel())
