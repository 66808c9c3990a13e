"""`kind: service` manifests: a URL instead of code, checked field by field like a code manifest."""
from __future__ import annotations

import pytest

from eligibench.evaluation.hosting import SubmissionError, load_manifest, write_service_manifest

BASE = "name: svc\nkind: service\nurl: http://127.0.0.1:8765/\nstrategy: s\nauthors: [A]\nlicense: MIT\n"


def test_a_service_manifest_has_a_url_and_no_code(tmp_path):
    (tmp_path / "manifest.yaml").write_text(BASE)
    m = load_manifest(tmp_path)
    assert m.is_service and m.url == "http://127.0.0.1:8765" and m.entry_point == "" and dict(m.models) == {}
    again = write_service_manifest(tmp_path / "w", "svc", "http://127.0.0.1:8765")
    assert again.is_service and again.url == m.url


@pytest.mark.parametrize("text, message", [
    (BASE.replace("url: http://127.0.0.1:8765/", "url: ftp://x"), "field 'url': 'ftp://x', expected http(s)"),
    (BASE.replace("url: http://127.0.0.1:8765/\n", ""), "field 'url': missing (kind: service)"),
    (BASE + "entry_point: agent:A\n", "entry_point not allowed for kind: service"),
    (BASE.replace("kind: service", "kind: remote"), "field 'kind': 'remote', expected one of process, service"),
])
def test_a_bad_service_manifest_names_the_field(tmp_path, text, message):
    (tmp_path / "manifest.yaml").write_text(text)
    with pytest.raises(SubmissionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_manifest(tmp_path)
