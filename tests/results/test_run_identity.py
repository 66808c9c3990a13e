"""Issue 13, run identity: the submission's code hash and each model's identity."""
from __future__ import annotations

import http.server
import json
import shutil
import threading
from pathlib import Path

import pytest

from eligibench.models import ModelConfigError, ModelSpec, gguf_sha256, make_model, model_identity
from eligibench.models.embedded import packaged_gguf
from eligibench.results import code_hash

ROOT = Path(__file__).resolve().parents[2]


def test_code_hash_changes_with_any_file_but_not_caches(tmp_path):
    f = tmp_path / "sub"
    shutil.copytree(ROOT / "submissions" / "random", f, ignore=shutil.ignore_patterns("__pycache__"))
    h = code_hash(f)
    (f / "__pycache__").mkdir(exist_ok=True)
    (f / "__pycache__" / "x.pyc").write_bytes(b"cache")
    assert code_hash(f) == h
    (f / "helpers.py").write_text("X = 1\n")
    assert code_hash(f) != h
    (f / "helpers.py").unlink()
    (f / "agent.py").write_text((f / "agent.py").read_text() + "\n# changed\n")
    assert code_hash(f) != h


def test_model_identity_holds_the_gguf_hash_and_decoding_settings():
    spec = ModelSpec("embedded", "SmolLM2-135M-Instruct")
    ident = model_identity(spec)
    assert ident.endswith(f"sha256:{gguf_sha256(packaged_gguf())}")
    assert model_identity(ModelSpec("embedded", "SmolLM2-135M-Instruct", base_url="http://127.0.0.1:1/v1")) == ident
    assert model_identity(ModelSpec("embedded", "SmolLM2-135M-Instruct", temperature=0.7)) != ident
    assert model_identity(ModelSpec("embedded", "SmolLM2-135M-Instruct", max_tokens=10)) != ident


@pytest.fixture()
def serving_other_model():
    """TEST STAND-IN for a llama.cpp server that serves another model."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"data": [{"id": "/models/other-7b.Q4.gguf"}]}).encode()
            self.send_response(200)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *a):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}/v1"
    srv.shutdown()


def test_embedded_backend_rejects_a_server_that_serves_another_model(serving_other_model, tmp_path):
    with pytest.raises(ModelConfigError, match="serves .*other-7b.*not this model"):
        make_model(ModelSpec("embedded", "SmolLM2-135M-Instruct", base_url=serving_other_model))
    other = tmp_path / "other-7b.Q4.gguf"
    other.write_bytes(b"GGUF stand-in bytes")  # a GGUF path the server does serve (by file name)
    make_model(ModelSpec("embedded", str(other), base_url=serving_other_model)).close()
