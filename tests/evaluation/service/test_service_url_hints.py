"""A service URL error names what the user gave (`--agent-url`, `--name`), never the scratch manifest
`benyfits evaluate --agent-url` writes; a URL whose card is a 404 (the JSON-RPC path `/a2a` given
instead of the base) says which URL to give."""
from __future__ import annotations

import pytest

from eligibench.cli import main
from eligibench.evaluation.hosting import (
    AgentContext,
    ServiceUnreachable,
    SubmissionError,
    fetch_card,
    write_service_manifest,
)
from tests.evaluation.service.asking_agent import AskingAgent
from tests.evaluation.service.servers import a2a_service


@pytest.mark.parametrize("url, problem", [("ftp://127.0.0.1:8765", "expected http:// or https://"),
                                          ("http://127.0.0.1:8765/a2a?x=1", "a query")])
def test_a_bad_url_names_the_option_not_the_scratch_manifest(tmp_path, url, problem):
    with pytest.raises(SubmissionError) as e:
        write_service_manifest(tmp_path / "scratch" / "asker", "asker", url)
    text = str(e.value)
    assert text.startswith(f"--agent-url {url!r}: ") and problem in text and str(tmp_path) not in text
    assert not (tmp_path / "scratch").exists()  # checked before anything is written


def test_a_bad_name_names_the_option(tmp_path):
    with pytest.raises(SubmissionError, match=r"^--name 'Bad Name': must be lowercase"):
        write_service_manifest(tmp_path / "x", "Bad Name", "http://127.0.0.1:8765")


def test_evaluate_prints_one_line_naming_the_url_given(capsys):
    assert main(["evaluate", "--agent-url", "ftp://127.0.0.1:8765", "--households", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--agent-url 'ftp://127.0.0.1:8765'" in err
    assert "benyfits-service-" not in err and "manifest.yaml" not in err


def test_the_rpc_path_instead_of_the_base_says_which_url_to_give():
    with a2a_service(lambda: AskingAgent(AgentContext())) as served:
        with pytest.raises(ServiceUnreachable) as e:
            fetch_card(served.url + "/a2a", timeout_s=10)
        fetch_card(served.url, timeout_s=10)  # the base URL works
    text = str(e.value)
    assert "HTTP 404" in text and f"likely {served.url}" in text and "JSON-RPC path /a2a" in text
    assert "\n" not in text  # one line (httpx's own 404 text spans three)
