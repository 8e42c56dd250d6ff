"""The shipped rule book and format notes: every rule id the code, the findings page and the
tests cite is a rule of docs/rules.md, every link to a rule lands on its anchor, and every
"docs/formats.md §N" names a section that exists, so a clone can be read on its own."""

from __future__ import annotations

import re
from pathlib import Path

from histparse.replayer.findings import CODES

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")

# Rules of docs/rules.md that no test names yet. Kept exact so that a test naming one of
# them (or a new rule without a test) shows up here.
UNNAMED_BY_TESTS: set[str] = set()


def _rules() -> list[str]:
    """The rule ids of docs/rules.md, in order, read from the list items that state them."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    items = re.findall(r'^- <a id="(R-[A-Z]+-\d+)"></a>(R-[A-Z]+-\d+) ', text, re.M)
    assert all(anchor == shown for anchor, shown in items)
    return [anchor for anchor, _ in items]


def _texts(*patterns: str) -> dict[Path, str]:
    return {
        path: path.read_text(encoding="utf-8")
        for pattern in patterns
        for path in sorted(ROOT.glob(pattern))
        if ".venv" not in path.parts
    }


def test_every_rule_has_one_anchor_and_every_rule_item_has_one() -> None:
    rules = _rules()
    assert len(rules) == len(set(rules)) == 25
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    # No rule item was left without its anchor.
    assert re.findall(r"^- (R-[A-Z]+-\d+) ", text, re.M) == []
    assert re.findall(r'<a id="([^"]+)">', text) == rules


def test_every_rule_id_of_the_findings_page_and_catalogue_is_a_rule() -> None:
    rules = set(_rules())
    page = (DOCS / "findings.md").read_text(encoding="utf-8")
    named = set(RULE_ID.findall(page))
    assert named and named <= rules
    catalogue = {info.rule for info in CODES.values() if info.rule is not None}
    assert catalogue and catalogue <= rules


def test_every_rule_id_cited_in_the_code_is_a_rule() -> None:
    rules = set(_rules())
    cited = {
        (path.relative_to(ROOT).as_posix(), rule)
        for path, text in _texts("histparse/**/*.py", "histparse/**/*.lark").items()
        for rule in RULE_ID.findall(text)
    }
    assert cited
    assert {(path, rule) for path, rule in cited if rule not in rules} == set()


def test_every_link_to_a_rule_lands_on_its_anchor() -> None:
    rules = set(_rules())
    links = [
        (path.name, target)
        for path, text in _texts("README.md", "docs/*.md").items()
        for target in re.findall(r"\]\((?:docs/)?rules\.md#([^)]*)\)", text)
    ]
    assert len(links) >= 36
    assert [link for link in links if link[1] not in rules] == []


def test_every_rule_is_named_by_a_test() -> None:
    # README: "Every rule ... has at least one test that names its id".
    here = Path(__file__).resolve()
    named = {
        rule
        for path, text in _texts("tests/**/*.py").items()
        if path.resolve() != here
        for rule in RULE_ID.findall(text)
    }
    assert set(_rules()) - named == UNNAMED_BY_TESTS


def test_every_formats_section_cited_exists() -> None:
    notes = (DOCS / "formats.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#{2,3} (B?\d+(?:\.\d+)?)\.? ", notes, re.M))
    assert {"1", "1.0", "1.13", "7", "B1.4", "B9"} <= sections
    cited = {
        (path.relative_to(ROOT).as_posix(), section)
        for path, text in _texts(
            "histparse/**/*.py", "tests/**/*.py", "README.md", "docs/*.md"
        ).items()
        for section in re.findall(r"formats\.md\)? §(B?\d+(?:\.\d+)?)", text)
    }
    assert len(cited) >= 20
    assert {(path, s) for path, s in cited if s not in sections} == set()


def test_nothing_points_outside_the_repository() -> None:
    # The rule book and the format notes used to be cited from beside the repository, and the
    # real files read from there (a fresh clone elsewhere has only its own copy).
    outside = re.compile(r"\.\./shared|/work/shared|\bRULES\.md|\bFORMATS(-SITES)?\.md")
    here = Path(__file__).resolve()
    texts = _texts(
        "histparse/**/*.py",
        "histparse/**/*.lark",
        "tests/**/*.py",
        "tests/data/**/*.md",
        "README.md",
        "docs/rules.md",
        "docs/findings.md",
        "notebooks/*.ipynb",
    )
    assert len(texts) > 100
    found = [
        (path.relative_to(ROOT).as_posix(), text.count("\n", 0, m.start()) + 1)
        for path, text in texts.items()
        if path.resolve() != here
        for m in outside.finditer(text)
    ]
    assert found == []
