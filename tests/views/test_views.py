"""The HTML views: short reprs, the notebook hook, what a hand view shows, escaping, pages."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from histparse.events import Hand
from histparse.money import MoneyText
from histparse.parsing import read_results
from histparse.replayer import replay
from histparse.show import running_pot
from histparse.views import (
    AuditReport,
    FindingList,
    audit_report,
    hand_html,
    hand_page,
    step_pots,
)

from .conftest import (
    FLAGGED,
    HOSTILE_CHAT,
    HOSTILE_NAME,
    HOSTILE_TABLE,
    PLAIN,
    STARS,
    hostile_text,
)


def test_hand_and_replay_reprs_are_one_short_line(plain_hand: Hand) -> None:
    text = repr(plain_hand)
    assert "\n" not in text and len(text) < 300
    assert "#35839001292" in text and "PokerStars" in text and "45 events" in text
    r = replay(plain_hand)
    assert repr(r) == "<Replay PokerStars #35839001292: complete, 1 pots, 0 findings>"


def test_replay_repr_names_its_codes(flagged_hand: Hand) -> None:
    text = repr(replay(flagged_hand))
    assert "CARD-DUPLICATE" in text and "CARD-HERO-DRAW" in text and len(text) < 300


def test_a_fresh_interpreter_finds_the_views_on_first_display() -> None:
    """The models never import the views (a later layer): the hook loads them on demand."""
    code = (
        "import sys\n"
        "from histparse.parsing import read_histories\n"
        f"h = next(iter(read_histories({str(PLAIN)!r})))\n"
        "assert 'histparse.views' not in sys.modules\n"
        "html = h._repr_html_()\n"
        "assert 'hp-hand' in html and 'histparse.views' in sys.modules\n"
        "from histparse.replayer import replay\n"
        "assert 'hp-hand' in replay(h)._repr_html_()\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "ok"


def test_the_hand_view_shows_seats_button_pots_and_ranks(plain_hand: Hand) -> None:
    html = hand_html(plain_hand)
    # Every seat with its stack, the button on seat 5.
    for seat in plain_hand.seats:
        assert f"<td>{seat.player}</td>" in html
    assert re.search(r'5</td><td><span class="hp-button"[^>]*>D</span></td><td>bakter9', html)
    assert "$7.54" in html
    # Cards as glyphs in suit colours; the 2-7 ranks as the text replayer prints them.
    assert '<span class="hp-card hp-h">8\u2665</span>' in html
    assert "Lo: 9,7,6,4,2 (rank 29)" in html and "Lo: 8,7,5,4,3 (rank 13)" in html
    # Street titles with the pot, the pot after each action, the winner.
    assert "Second draw (pot $1.75)" in html
    assert "bakter9 $2.01" in html
    assert "no findings" in html


def test_each_step_shows_the_pot_after_its_line(plain_hand: Hand) -> None:
    """The pot of every step is the running pot of the lines (``histparse.show``), and the
    last is the settled pot before rake."""
    pots = step_pots(plain_hand)
    money = MoneyText.for_hand(plain_hand)
    html = hand_html(plain_hand)
    assert re.findall(r'class="hp-row[^"]*"[^>]* data-pot="([^"]*)"', html) == pots
    assert set(pots) <= {money(p) for p in running_pot(plain_hand).values()}
    r = replay(plain_hand)
    assert pots[-1] == money(sum(p.amount for p in r.pots))


def test_findings_are_marked_on_the_lines_they_name(flagged_hand: Hand) -> None:
    r = replay(flagged_hand)
    html = hand_html(flagged_hand, r)
    assert r.findings
    for f in r.findings:
        row = re.search(rf'<tr class="hp-row[^"]*hp-flag[^"]*" id="L{f.line}"', html)
        note = f"{f.severity.label} {f.code} ({f.rule})</span>: " in html
        assert (row is not None and note) or f.line == flagged_hand.source.first_line
    # The findings table links each code's rule into the rule book.
    assert re.search(r'<a href="[^"]*rules\.md#R-RANK-1">R-RANK-1</a>', html)


def test_hostile_names_chat_and_tables_render_as_text(hostile_hand: Hand) -> None:
    for html in (hand_html(hostile_hand), hand_page(hostile_hand), hostile_hand._repr_html_()):
        assert html is not None
        assert "<script>alert" not in html and "<img" not in html and "</title><b>" not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "&lt;img src=x onerror=&quot;alert(2)&quot;&gt;" in html
    assert HOSTILE_NAME and HOSTILE_CHAT and HOSTILE_TABLE


def test_pages_load_nothing_from_anywhere(plain_hand: Hand, tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_text(hostile_text(), encoding="utf-8")
    pages = [hand_page(plain_hand), audit_report(read_results(FLAGGED, path)).page()]
    for page in pages:
        assert page.startswith("<!DOCTYPE html>")
        assert "default-src 'none'" in page  # the content policy forbids anything not inline
        # The SVG namespace name is an identifier the script passes to createElementNS, not
        # an address anything is loaded from.
        text = page.replace('"http://www.w3.org/2000/svg"', "")
        assert not re.search(r"(?i)\b(src|srcset)\s*=|url\(|@import|https?://", text)
        # The page's own scripts, inline; the rest are data (a hand's model, as JSON).
        code = re.findall(r"<script( [^>]*)?>", page)
        assert code and all(a in ("", ' type="application/json" class="hp-model"') for a in code)


def test_finding_list_is_a_list_and_a_table(flagged_hand: Hand) -> None:
    findings = FindingList(replay(flagged_hand).findings)
    assert len(findings) == 8 and findings == list(replay(flagged_hand).findings)
    html = findings._repr_html_()
    assert html.count("<tr class=") == 8
    assert "CARD-DUPLICATE" in html and "#81631597149" in html


def test_the_audit_report_counts_sites_stakes_months_and_money() -> None:
    report = audit_report(read_results(STARS))
    c = report.counts
    assert c.read == c.parsed + c.rejected + c.unsupported and c.parsed == 42
    assert report.sites == {"PokerStars": 42}
    assert sum(report.stakes.values()) == 42 and sum(report.months.values()) == 42
    assert set(report.moved) == {"USD", "tournament chips"}
    html = report._repr_html_()
    assert "money moved (USD)" in html and "2013-06" in html
    # CARD-HERO-DRAW: 5 findings in 42 hands.
    assert f"{1000 * 5 / 42:.2f}" in html
    # The worst hand first, with its replayer behind a link.
    worst = report.worst()
    assert worst[0].hand.hand_id == "81631597149"
    assert '<a href="#hand-1">#81631597149</a>' in html and 'id="hand-1"' in html
    assert "not clean" in html and ">clean<" in html


def test_the_audit_page_lists_at_most_max_listed_findings_a_code() -> None:
    report = AuditReport(max_listed=2, max_hands=1)
    for result in read_results(FLAGGED):
        report.add(result)
    html = report.html()
    assert "... and 3 more (histparse audit --json lists every finding)" in html
    assert html.count('<details id="hand-') == 1
