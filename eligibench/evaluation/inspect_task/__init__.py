"""BeNYfits as an Inspect AI task (docs/inspect.md): `inspect eval benyfits/diverse --model <provider/model>`.

The evaluated model is the agent, inside a documented default scaffold (its name, `SCAFFOLD`, is a
protocol field); the simulated user is ours (the params' simulator mode), the scorer our checkers'
labels through the scoring path; `import_log` brings an Inspect log onto the board as a run of its
own protocol (`benyfits import-inspect LOG`).

Modules:
- `source`: the task's rows, requirement texts, simulated user and protocol (`load_source`, `TaskSource`, `SCAFFOLD`).
- `records`: one dialog as a `DialogResult`, carried through the log as JSON.
- `scaffold`: the default scaffold: prompt, `ask_user` and `submit_verdicts` tools, the dialog rules.
- `scorer`: the checkers' labels scored by `scoring`: F1, turns, TW-F1 per sample and pooled; per-pair reasons.
- `arguments`: the task arguments (`-T name=value`), each checked into one line naming it (`read_args`, `TaskArgumentError`).
- `offline`: mockllm's token counts without tiktoken's downloaded file, so the tasks run with no network.
- `tasks`: the `@task`s `diverse` and `representative`, registered as `benyfits/<dataset>` (the entry point).
- `log_import`: an Inspect log into the results store as a run (`import_log`): dialogs and predictions only, scored against our rows.
- `archive`: caps on a log file before Inspect reads it (entries, member and total sizes, compression ratio).
"""
from __future__ import annotations

from eligibench.evaluation.inspect_task.archive import UnsafeLog, check_log_file
from eligibench.evaluation.inspect_task.arguments import ARGUMENTS, TaskArgs, TaskArgumentError, read_args
from eligibench.evaluation.inspect_task.log_import import ImportedRun, import_log
from eligibench.evaluation.inspect_task.records import DialogState, dialog_from_json, dialog_json
from eligibench.evaluation.inspect_task.scaffold import MAX_BAD_SUBMITS, MAX_IDLE, SYSTEM, benyfits_scaffold
from eligibench.evaluation.inspect_task.scorer import checkers_scorer, figures
from eligibench.evaluation.inspect_task.source import SCAFFOLD, TaskSource, load_source
from eligibench.evaluation.inspect_task.tasks import NAMESPACE, TASK_REGISTRY, diverse, representative

__all__ = ["ARGUMENTS", "ImportedRun", "TaskArgs", "TaskArgumentError", "read_args", "DialogState", "MAX_BAD_SUBMITS", "MAX_IDLE", "NAMESPACE", "SCAFFOLD", "SYSTEM", "TASK_REGISTRY",
           "TaskSource", "UnsafeLog", "benyfits_scaffold", "check_log_file", "checkers_scorer", "dialog_from_json", "dialog_json", "diverse",
           "figures", "import_log", "load_source", "representative"]
