"""An uploaded service manifest is checked on the operator's machine (the board): its agent card is
fetched under the worker's address rule, so a URL naming loopback is refused before any request
reaches the service, unless params.yaml `services.allow` names it."""
from __future__ import annotations

import http.server
import threading
import zipfile
from pathlib import Path

import pytest

from eligibench.results import ResultStore
from leaderboard.upload import UploadError, accept_upload


class _Counting(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 - the standard library's name
        _Counting.hits.append(self.path)
        self.send_response(404)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def service():
    _Counting.hits = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Counting)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def _zip(tmp: Path, port: int) -> Path:
    manifest = (f"name: probe-service\nkind: service\nurl: http://127.0.0.1:{port}\nstrategy: probe\n"
                "authors: [Tester]\nlicense: MIT\n")
    path = tmp / "service.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("manifest.yaml", manifest)
    return path


def test_an_uploaded_loopback_service_is_refused_before_any_request(tmp_path, service):
    project = tmp_path / "project"
    (project / "submissions").mkdir(parents=True)
    store = ResultStore(project / "results" / "board.duckdb")
    with pytest.raises(UploadError, match="loopback"):
        accept_upload(_zip(tmp_path, service), project / "submissions", store)
    assert _Counting.hits == []
    assert not (project / "submissions" / "probe-service").exists()


def test_the_operators_allow_list_lets_its_own_service_be_reached(tmp_path, service):
    project = tmp_path / "project"
    (project / "submissions").mkdir(parents=True)
    (project / "params.yaml").write_text(f"services:\n  allow: ['127.0.0.1:{service}']\n")
    store = ResultStore(project / "results" / "board.duckdb")
    with pytest.raises(UploadError):  # the probe serves no agent card: refused, but only after asking for it
        accept_upload(_zip(tmp_path, service), project / "submissions", store)
    assert _Counting.hits, "the allowed service was never asked for its card"
