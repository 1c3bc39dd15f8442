"""The documentation: the README is a short front door and the reference is a MkDocs site under
docs/ (issue #24). The site must build with `mkdocs build --strict` (a missing page, a page left
out of the nav, a link to a file or heading that is not there all fail it), and every relative
link in the README and the pages must lead somewhere as the files are read on a forge too."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

README_MAX_LINES = 250
"""The README is read in five minutes: past this, a section belongs in docs/."""

FENCE = re.compile(r"^(`{3,}|~{3,}).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.DOTALL)
LINK = re.compile(r"!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)


def prose(text: str) -> str:
    """The text outside fenced blocks and code spans, where a link can be."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings as GitHub makes them, and as mkdocs.yml has MkDocs make
    them (pymdownx.slugs, case lower): lowercase, no character but word characters, hyphens and
    spaces, each space a hyphen. A repeated heading gets -1, -2, ... on GitHub only, so none is
    linked to."""
    found: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        words = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text, not its target
        found.add(re.sub(r"[^\w\- ]", "", words.strip().lower()).replace(" ", "-"))
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """Each relative link of `page` (a file under `root`) whose file, or heading in it, does not exist."""
    broken = []
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("//"):
            continue  # another site's address, or mailto:
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        where = f"{page.relative_to(root)}: ({target})"
        if not linked.exists() or not linked.is_relative_to(root):
            broken.append(f"{where}: no file {path}")
        elif page.parent == root / "docs" and not linked.is_relative_to(root / "docs"):
            broken.append(f"{where}: a page of the site links outside docs/, which the site does not have")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked.read_text(encoding="utf-8")):
            broken.append(f"{where}: {linked.relative_to(root)} has no heading #{anchor}")
    return broken


def test_the_site_builds_strict_with_no_warning(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "WARNING" not in output, output
    for page in (ROOT / "docs").glob("*.md"):
        built = tmp_path / "site" / ("" if page.stem == "index" else page.stem) / "index.html"
        assert built.is_file(), f"{page.name} was not built into {built}"


def test_every_relative_link_leads_to_a_file_and_heading_that_exist() -> None:
    assert [problem for page in PAGES for problem in broken_links(page)] == []


def test_the_link_check_finds_a_missing_file_heading_and_a_link_out_of_docs(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "README.md").write_text("# refgm\n\n[the game](docs/liar.md#refgm-play)\n", encoding="utf-8")
    (tmp_path / "docs" / "liar.md").write_text("# The liar game\n\n## refgm play\n", encoding="utf-8")
    page = tmp_path / "docs" / "index.md"
    page.write_text(
        "[a](nowhere.md) [b](liar.md#no-such-heading) [c](../README.md) `[d](nowhere.md)`\n"
        "```\n[e](nowhere.md)\n```\n[f](liar.md#refgm-play) [g](#here) [h](https://example.org/x.md)\n## Here\n",
        encoding="utf-8",
    )
    problems = broken_links(page, tmp_path)
    assert [problem.split(": ")[1] for problem in problems] == [
        "(nowhere.md)", "(liar.md#no-such-heading)", "(../README.md)"
    ]
    assert broken_links(tmp_path / "README.md", tmp_path) == []


def test_the_readme_stays_short_and_links_to_every_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES, "the README is the front door: move reference text to docs/"
    linked = {Path(target.partition("#")[0]).name for target in LINK.findall(prose(readme)) if target.startswith("docs/")}
    pages = {page.name for page in (ROOT / "docs").glob("*.md")} - {"contributing.md"}  # CONTRIBUTING.md itself
    assert pages - linked == set()
