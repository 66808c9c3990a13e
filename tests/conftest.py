import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
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


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items):
    """Every test that uses a model server is marked `model`, so `pytest -m "not model"` is quick."""
    for item in items:
        if "server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.model)
