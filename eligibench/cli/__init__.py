"""The `benyfits` command: one thin module per command group over library functions.

Modules:
- `main`: the entry point and the small commands (profile, catalog).
- `check`: `benyfits check` and `benyfits import-v1`.
- `evaluate`: `benyfits evaluate`.
- `submit`: `benyfits submit`, `benyfits worker` (on the store's machine; `--ray-address`: its runs' dialogs on a Ray cluster).
- `leaderboard`: `benyfits leaderboard`.
- `compare`: `benyfits compare RUN_A RUN_B` (paired comparison).
- `export_results`: `benyfits export-results` (results as a Hugging Face dataset folder).
- `export_trajectories`: `benyfits export-trajectories` (runs' dialogs as an SFT or DPO dataset; test data refused).
- `cost`: `benyfits cost` (dollars per run, per dialog and per correct verdict from the price table).
- `regrade`: `benyfits regrade RUN|--all` (re-score stored runs against the current checkers).
- `new_agent`: `benyfits new-agent`.
- `view`: `benyfits view` and `benyfits export-run`.
- `runs`: `benyfits runs` (the runs of both stores, short ids; what every run-id error points to).
- `output_file`: the one output file a command writes (`--output`, `--out`, `--export-tlx`): never a folder or a store, another file only with `--force`.
- `stores`: which results stores `view`, `export-run`, `compare` and `cost` search (the board's, then the development store).
- `project`: the `--project` option and the check that a command runs in a project root.
- `play`: `benyfits play` (a person as the agent or the household; ceiling; study mode).
- `simulator_option`: `benyfits evaluate --simulator SPEC`, `--simulator-mode`, `--rerun-simulator-faults N`.
- `edition_option`: the `--edition` option of `check`, `profile` and `view` (the published editions, validated).
- `import_inspect`: `benyfits import-inspect LOG` (an Inspect AI log onto the board under its own protocol).
- `serve_model`: `benyfits serve-model` (the embedded model at an OpenAI-compatible URL until Ctrl-C).
- `signals`: how a long-running command stops: SIGTERM as Ctrl-C (`evaluate`, `serve-model`), Ctrl-C even when started with it ignored.
- `persona_option`: the `--persona` option of `evaluate` and `play` (the persona a run is under; a card for the person).
- `listing`: `benyfits list [kind]` (every extension point with a description, from `eligibench.extensions`).
- `profile_edition`: `benyfits profile --edition`: a household's profile under an edition's feature schema.
"""

# The command is the entry point `eligibench.cli.main:main` (pyproject.toml); `main(argv)` runs it in
# this process (tests, notebooks). main.py imports only what argument parsing needs: a cheap import.
from eligibench.cli.main import main

__all__ = ["main"]
