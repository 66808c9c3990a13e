"""Stage `teacher_data`: the starter SFT set, the teacher's dialogs on the train split
(eligibench.training.starter) as a Hugging Face dataset folder `data/training/teacher-sft/`;
figures in `reports/teacher_data.json`."""
import sys
import time
from pathlib import Path

from eligibench import params, paths
from eligibench.errors import run_main
from eligibench.files import write_json
from eligibench.training import teacher_sft, trajectories

OUT = Path("data/training/teacher-sft")
REPORT = paths.REPORTS / "teacher_data.json"


def main() -> None:
    section = params.section(params.load(), "train")
    teacher = section.get("teacher") or {}
    episodes = params.get(teacher, "train.teacher.episodes", int, 1, 1_000_000)
    seed = params.get(teacher, "train.teacher.seed", int)
    start = time.monotonic()
    built, source = teacher_sft(Path("."), episodes, seed)
    trajectories.write_dataset(OUT, "sft", built.records, [source], 1.0)
    report = {"episodes": built.episodes, "kept": len(built.records), "mean_accuracy": round(built.mean_accuracy, 4),
              "mean_turns": round(built.mean_turns, 2), "mean_return": round(built.mean_return, 4),
              "seconds": round(time.monotonic() - start, 1)}
    write_json(REPORT, report)
    print(f"teacher_data: {report['kept']} of {built.episodes} teacher dialogs kept (every pair right) -> {OUT}/ "
          f"({report['seconds']} s; mean accuracy {report['mean_accuracy']}, {report['mean_turns']} questions)")


if __name__ == "__main__":
    sys.exit(run_main("stage teacher_data", main))
