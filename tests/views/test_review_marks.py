"""The draw review in the table replayer: each reviewed draw marked on its own line's step, with
the review's row as it is (``show --html --review``, ``browse --html --review``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from histparse.cli import main
from histparse.parsing import read_histories
from histparse.replayer import replay
from histparse.review import review_hand
from histparse.views import table_model
from histparse.views.table import model_json

from .conftest import REAL

STT = REAL / "fulltilt" / "3-Draw-Limit-USD-STT-2max-10-201211.txt"
HAND = "31331067778"  # the hero breaks a pat T-5 at draw 2 against a one-card draw


def _replayed() -> object:
    hand = next(h for h in read_histories(STT) if h.hand_id == HAND)
    return replay(hand)


def test_each_reviewed_draw_is_marked_on_the_step_of_its_line() -> None:
    r = _replayed()
    reviews = review_hand(r, "Hero", samples=500)  # type: ignore[arg-type]
    assert {x.draw for x in reviews} == {1, 2, 3}
    m = table_model(r, reviews)  # type: ignore[arg-type]
    marked = [(k, s) for k, s in enumerate(m.steps) if s.review is not None]
    assert len(marked) == len(reviews)
    for (k, step), review in zip(marked, reviews, strict=True):
        mark = step.review
        assert mark is not None
        # The line of that very draw: the player's draw line, on that draw's street.
        assert step.text.startswith("Hero draws ") and step.street == 1 + review.draw
        assert (mark.player, mark.draw, mark.best, mark.actual) == (
            "Hero", review.draw, review.best, review.actual,
        )  # fmt: skip
        assert [c.equity for c in mark.choices] == [c.equity for c in review.choices]
        assert mark.cost == str(review.cost)  # chips: no symbol
        assert m.steps[k - 1].review is None
    # The unreviewed model has no marks at all, and the JSON carries the row once per draw.
    assert all(s.review is None for s in table_model(r).steps)  # type: ignore[arg-type]
    data = json.loads(model_json(m))
    rows = [step[6]["r"] for step in data["steps"] if "r" in step[6]]
    assert [row["draw"] for row in rows] == [1, 2, 3]
    assert rows[1]["choices"][0][0] == "pat" and rows[1]["player"] == "Hero"


def test_a_draw_that_could_not_be_valued_is_marked_with_its_reason() -> None:
    r = _replayed()
    # Seen by the opponent: its cards at each draw are not known, the reason says so.
    reviews = review_hand(r, "Player0", samples=500)  # type: ignore[arg-type]
    assert reviews and all(x.reason for x in reviews)
    m = table_model(r, reviews)  # type: ignore[arg-type]
    marks = [s.review for s in m.steps if s.review is not None]
    assert len(marks) == len(reviews)
    assert all(
        k.choices == () and k.reason == x.reason for k, x in zip(marks, reviews, strict=True)
    )


def test_show_and_browse_mark_the_review_on_their_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "hand.html"
    assert main(["show", HAND, str(STT), "--html", str(page), "--review", "hero"]) == 0
    text = page.read_text(encoding="utf-8")
    assert len(re.findall(r'"r":\{"player":"Hero"', text)) == 3
    browse = tmp_path / "browse.html"
    assert main(["browse", str(STT), "--html", str(browse), "--review", "--showdown"]) == 0
    err = capsys.readouterr().err
    # Only the hands kept (the hero's showdowns) are reviewed, read again after the filters.
    kept = re.search(r"(\d+) hands written", err)
    assert kept is not None
    assert f"draws valued in the {kept.group(1)} hands kept" in err
    # Without the page there is nothing to mark: said, exit 2.
    assert main(["show", HAND, str(STT), "--review"]) == 2
    assert main(["browse", str(STT), "--review"]) == 2
    assert "--review marks the draws on the --html page" in capsys.readouterr().err
    # A name at no seat of the hand is said, and the page is written without marks.
    assert main(["show", HAND, str(STT), "--html", str(page), "--review", "nobody"]) == 0
    assert "'nobody' not at this table" in capsys.readouterr().err
    assert '"r":{' not in page.read_text(encoding="utf-8")


def test_the_page_shows_the_review_from_its_draw_to_the_end_of_that_street(
    tmp_path: Path,
) -> None:
    """In Chromium, the page's own stepping: the review panel appears on the reviewed draw's
    step, stays through that street's betting, and shows the row's cost and best choice."""
    from .test_browser import CHROMIUM, _selftest

    if CHROMIUM is None:
        pytest.skip("no chromium on PATH (Debian: apt-get install chromium)")
    page = tmp_path / "hand.html"
    assert main(["show", HAND, str(STT), "--html", str(page), "--review"]) == 0
    (seen,) = _selftest(page, "hp-tabletest")["hands"]
    r = _replayed()
    m = table_model(r, review_hand(r, "Hero"))  # type: ignore[arg-type]
    texts = [s.get("review", "") for s in seen["steps"]]
    assert len(texts) == len(m.steps)
    current = None
    for step, text in zip(m.steps, texts, strict=True):
        if step.review is not None:
            current = step.review
        elif current is not None and step.street != 1 + current.draw:
            current = None
        if current is None:
            assert text == ""
            continue
        assert text.startswith(f"Draw review: Hero, draw {current.draw} (")
        assert f"pot {current.pot}, facing {current.facing}" in text
        if (current.cost_equity or 0) > 1e-12:
            assert f"= {current.cost} (best: {current.best})" in text
        else:
            assert ": the best choice" in text
    assert sum(1 for t in texts if "(best: pat)" in t) >= 1


def test_the_panel_gives_each_exact_fraction_unless_too_long_to_read() -> None:
    """The last draw (exact): each choice's fraction as text (``47/205``); a fraction longer
    than 40 characters only as its decimal (none), as a sampled draw's."""
    import dataclasses
    from fractions import Fraction

    from histparse.views.review_mark import review_mark

    r = _replayed()
    first, _, last = review_hand(r, "Hero", samples=500)  # type: ignore[arg-type]
    assert last.method == "exact" and first.method == "monte-carlo"
    mark = review_mark(last, "$")
    assert [c.exact for c in mark.choices] == [str(c.exact) for c in last.choices]
    assert mark.choices[0].exact == "47/205" and mark.cost == f"${last.cost}"
    assert all(c.exact is None for c in review_mark(first).choices)
    at_40 = Fraction(1, 10**37 + 1)  # "1/" and 38 digits
    past = Fraction(1, 10**38 + 1)
    assert (len(str(at_40)), len(str(past))) == (40, 41)
    for value, shown in ((at_40, str(at_40)), (past, None)):
        long = dataclasses.replace(last.choices[0], exact=value)
        row = dataclasses.replace(last, choices=(long,))
        assert review_mark(row).choices[0].exact == shown
    with pytest.raises(dataclasses.FrozenInstanceError):
        mark.cost = None  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        mark.choices[0].exact = None  # type: ignore[misc]
