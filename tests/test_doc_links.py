"""Every link between the project's own documents leads somewhere: a relative link in the README, the changelog or
docs/ names a file or folder of the repository, and a `#fragment` names a heading of that page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("**/*.md"))]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def _anchor(heading: str) -> str:
    """A heading as GitHub makes its anchor: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    return {_anchor(m) for m in re.findall(r"^#+ (.+)$", page.read_text(), re.M)}


def _links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)  # code blocks hold no links
    return [a or b for a, b in LINK.findall(text)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_heading_that_exist(page: Path) -> None:
    broken = []
    for link in _links(page):
        if re.match(r"[a-z]+:", link):  # http(s), mailto: another site's, not checked offline
            continue
        path, _, fragment = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif fragment and target.suffix == ".md" and fragment not in _anchors(target):
            broken.append(f"{link}: no heading #{fragment} in {target.name}")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def test_the_link_check_reads_links_and_anchors() -> None:
    """The check itself: it finds both kinds of link and makes GitHub's anchors."""
    assert _anchor("Recipe: add a rule variant") == "recipe-add-a-rule-variant"
    readme = _links(ROOT / "README.md")
    assert "docs/PLAYING.md" in readme and any(link.endswith("docs/images/table.png") for link in readme)
