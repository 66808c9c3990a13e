"""The generate stage runs its jobs side by side, one per core (stages/generate.py), each on its
own llama.cpp server with the cores shared out (attach_servers(..., cores=))."""
from contextlib import ExitStack
from urllib.parse import urlparse

import psutil
import pytest

from eligibench.models import ModelSpec, attach_servers
from stages.generate import side_by_side


@pytest.mark.parametrize("jobs, cores, expected", [
    (2, 2, (2, 1)),   # the CPU default: worksheet and ProADA, one core each
    (1, 2, (1, 2)),   # one job keeps the machine's split (1 decode, 2 prefill threads)
    (2, 1, (1, 1)),   # one core: one job after the other
    (3, 8, (3, 2)),
    (5, 2, (2, 1)),
])
def test_side_by_side_shares_the_cores(jobs, cores, expected):
    assert side_by_side(jobs, cores) == expected


def _server_cmdline(port: int) -> list[str]:
    for p in psutil.process_iter(["cmdline"]):
        cmd = p.info["cmdline"] or []
        if "eligibench.models.llama_server" in cmd and str(port) in cmd:
            return cmd
    raise AssertionError(f"no eligibench.models.llama_server process listens on port {port}")


@pytest.mark.model
def test_attach_servers_gives_each_server_the_cores_it_was_given():
    spec = ModelSpec(backend="embedded", model="SmolLM2-135M-Instruct")
    with ExitStack() as stack:
        out = attach_servers({"code": spec, "dialog": spec}, stack, cores=1)
        assert out["code"].base_url == out["dialog"].base_url  # still one server per GGUF
        cmd = _server_cmdline(urlparse(out["code"].base_url).port)
    args = dict(zip(cmd[::2], cmd[1::2])) | dict(zip(cmd[1::2], cmd[2::2]))
    assert args["--n_threads"] == "1" and args["--n_threads_batch"] == "1", cmd
