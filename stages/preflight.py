"""Stage `preflight`: before the first stage does any work, what the pipeline's last stages will
need from this machine (eligibench.preflight.for_pipeline): bubblewrap for each run configuration
whose agent must be jailed (`evaluate.isolation`; the reference agents shipped in the repository
run without it when it is missing), and the model files of every configured role. A missing one
fails here, in seconds, naming the package and the command that installs it, instead of at the
first dialog after the datasets are built.

The roots of the pipeline (fetch, households, edition_catalog) depend on its output, so DVC runs
it first; the output holds only what was checked (never what was found on this machine), so a
re-run with the same result re-runs nothing downstream."""
import sys

from eligibench import params, paths, preflight
from eligibench.errors import run_main
from eligibench.files import write_json

OUT = paths.REPORTS / "preflight.json"


def main() -> None:
    preflight.check(preflight.for_pipeline(params.load()))
    write_json(OUT, {"checked": ["bubblewrap for every run configuration whose agent must run in the jail",
                                 "the model files of every configured role"]})
    print(f"preflight: the pipeline's system packages and model files are present -> {OUT}")


if __name__ == "__main__":
    sys.exit(run_main("stage preflight", main))
