"""Exports are served under clean names (issue 23 item 5): the link is `bf-export/<token>/<name>`,
never the server's temp path, and the route serves only what the app wrote."""
from __future__ import annotations

from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from leaderboard.downloads import Downloads, links_html


@pytest.fixture()
def client(tmp_path):
    d = Downloads(tmp_path / "exports")
    return d, TestClient(Starlette(routes=[d.route()]))


def test_a_saved_export_downloads_under_its_name(client, tmp_path):
    d, c = client
    link = d.save("benyfits-leaderboard-full-2026-11-23.csv", "a,b\n1,2\n")
    assert link.startswith("bf-export/") and link.endswith("/benyfits-leaderboard-full-2026-11-23.csv")
    assert str(tmp_path) not in link
    r = c.get("/" + link)
    assert r.status_code == 200 and r.text == "a,b\n1,2\n"
    assert 'filename="benyfits-leaderboard-full-2026-11-23.csv"' in r.headers["content-disposition"]
    assert r.headers["content-type"].startswith("text/csv")
    html = links_html([link], "Table export")
    assert str(tmp_path) not in html and ">benyfits-leaderboard-full-2026-11-23.csv</a>" in html
    # two exports of the same name never overwrite each other
    assert d.save("benyfits-leaderboard-full-2026-11-23.csv", "other") != link
    assert c.get("/" + link).text == "a,b\n1,2\n"


def test_the_route_serves_nothing_else(client, tmp_path):
    d, c = client
    (tmp_path / "secret.txt").write_text("no")
    link = d.save("x.json", "{}")
    token = link.split("/")[1]
    for bad in (f"/bf-export/{token}/..%2F..%2Fsecret.txt", "/bf-export/../secret.txt", f"/bf-export/{token}/y.json",
                "/bf-export/nottoken/x.json", f"/bf-export/{token}/.hidden"):
        assert c.get(bad).status_code == 404, bad
    with pytest.raises(ValueError):
        d.save("../escape.csv", "")


def test_the_temporary_export_folder_is_made_at_the_first_export_and_removed_with_the_board():
    import gc
    import tempfile

    before = {p.name for p in Path(tempfile.gettempdir()).glob("benyfits-lb-export-*")}
    d = Downloads()
    assert {p.name for p in Path(tempfile.gettempdir()).glob("benyfits-lb-export-*")} == before  # nothing yet
    link = d.save("board.csv", "a,b\n")
    folder = d.folder
    assert (folder / link.split("/", 1)[1]).read_text() == "a,b\n"
    del d
    gc.collect()
    assert not folder.exists()
