"""The README is a front door: it opens with the two plain commands (no compiler flags, no cache
switches), stays short, and holds nothing a user cannot follow (no issue numbers, no paths outside
the repository, no content hashes that a rebuild moves)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
MAIN = "python3.11 -m venv .venv && . .venv/bin/activate && pip install -e . && dvc repro"
TESTS = "python3.11 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && pytest"


def test_readme_opens_with_the_two_plain_commands():
    blocks = re.findall(r"```bash\n(.*?)\n```", README, flags=re.S)
    assert blocks[:2] == [MAIN, TESTS], blocks[:2]
    before = README[: README.index("```bash")]
    assert before.strip() == "# BeNYfits", f"text before the commands: {before!r}"


def test_readme_is_short_and_followable():
    lines = README.splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines; a front door holds at most 150"
    assert not re.search(r"\bissues? \d+", README, re.I), "README names issue numbers a user cannot look up"
    assert "../shared" not in README, "README points outside the repository"
    assert not re.search(r"\b(dv|gt)-[0-9a-f]{12}\b", README), "README quotes content hashes"
    for banned in ("CMAKE_ARGS", "--no-cache-dir"):
        assert banned not in README, f"README still asks for {banned}"


def test_docs_name_no_issue_numbers_and_no_shared_paths():
    offenders = {}
    for doc in sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        hits = re.findall(r"\bissues? \d+", text, re.I) + (["../shared"] if "../shared" in text else [])
        if hits:
            offenders[doc.name] = len(hits)
    assert not offenders, f"docs name issue numbers or ../shared (a user has neither): {offenders}"
