"""The front ends are pip extras (pyproject.toml): a command that needs one that is not installed stops
in one line naming the command, the extra and the line that installs it, exit status 2, no traceback
(eligibench/extras.py). Each case runs the real command in a subprocess with the extra's package
hidden (`sys.modules[name] = None`: what `import` and `find_spec` see when it is not installed),
so no second virtualenv is needed; the plain install itself is measured in docs/performance.md."""
from __future__ import annotations

from pathlib import Path

from eligibench.evaluation.hosting import write_service_manifest
from tests.evaluation.reference_project import ROOT, run

# argv[1] is the module hidden; then the `benyfits` arguments, or `-m MODULE ...` / `-f SCRIPT ...`
HIDE = """import runpy, sys
sys.modules[sys.argv.pop(1)] = None
if sys.argv[1] == "-m":
    sys.argv = sys.argv[2:]; runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
elif sys.argv[1] == "-f":
    sys.argv = sys.argv[2:]; runpy.run_path(sys.argv[0], run_name="__main__")
else:
    from eligibench.cli.main import main
    sys.exit(main(sys.argv[1:]))
"""


def hidden(module: str, *argv: str, cwd: Path = ROOT):
    return run(["-c", HIDE, module, *argv], cwd, timeout=120)


def assert_one_line(r, line: str) -> None:
    assert r.returncode == 2, r.output
    assert r.stderr == line + "\n", r.stderr
    assert "Traceback" not in r.output


def test_board_extra_missing_is_one_line_for_both_ways_to_start_the_board():
    need = "the leaderboard needs the board extra (gradio is not installed): pip install -e '.[board]'"
    assert_one_line(hidden("gradio", "leaderboard", "--port", "0"), f"benyfits: error: benyfits leaderboard: {need}")
    assert_one_line(hidden("gradio", "-m", "leaderboard", "--port", "0"), f"python -m leaderboard: error: {need}")


def test_inspect_extra_missing_refuses_import_inspect_before_any_store_and_list_still_names_the_tasks(tmp_path):
    store = tmp_path / "results.duckdb"
    r = hidden("inspect_ai", "import-inspect", str(tmp_path / "run.eval"), "--store", str(store))
    assert_one_line(r, "benyfits: error: benyfits import-inspect: the Inspect task needs the inspect extra "
                       "(inspect-ai is not installed): pip install -e '.[inspect]'")
    assert not store.exists()
    listed = hidden("inspect_ai", "list", "tasks")
    assert listed.returncode == 0, listed.output
    names = [line.split()[0] for line in listed.stdout.splitlines()[1:]]
    assert names == ["benyfits/diverse", "benyfits/representative", "benyfits/Eligibility-v0"]
    assert listed.stdout.count("needs the inspect extra: pip install -e '.[inspect]'") == 2


def test_a2a_extra_missing_is_one_line_for_agent_url_a_service_manifest_and_the_service_example(tmp_path):
    need = "an agent served over A2A needs the a2a extra (a2a-sdk is not installed): pip install -e '.[a2a]'"
    url = "http://127.0.0.1:9"  # never contacted: the extra is checked before any connection
    r = hidden("a2a", "evaluate", "--agent-url", url, "--project", str(ROOT))
    assert_one_line(r, f"benyfits: error: benyfits evaluate --agent-url: {need}")
    folder = tmp_path / "svc"
    write_service_manifest(folder, "svc", url)
    r = hidden("a2a", "validate", "--submission", str(folder))  # the library path: fetch_card
    assert_one_line(r, f"benyfits: error: the agent service {url}: {need}")
    r = hidden("a2a", "-f", str(ROOT / "examples" / "a2a_service" / "serve.py"), "submissions/random")
    assert_one_line(r, f"examples/a2a_service/serve.py: error: {need}")
