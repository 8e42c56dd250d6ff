"""The table replayer's model (``views.table``): every step's money against the replay's
record, on every real hand of every site; the money text; the hero's draws."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from histparse.events import Hand
from histparse.parsing import read_histories, read_results
from histparse.replayer import replay
from histparse.views import money_label, table_model
from histparse.views.hand import GroupedMoney
from histparse.views.table import model_json

from .conftest import REAL

WRITTEN = Path(__file__).resolve().parents[1] / "data" / "browse" / "written.txt"


def test_every_real_hands_money_is_the_records() -> None:
    """Money moves between the stacks and the pot only; the pot before the first collection
    is what the record says the players put in; each stack ends at start - invested +
    collected."""
    hands = [r for r in read_results(REAL) if isinstance(r, Hand)]
    assert len(hands) > 100
    for hand in hands:
        r = replay(hand)
        m = table_model(r)
        f = Decimal(10) ** m.scale
        body = r.body
        start = sum(s.stack for s in m.seats)
        for step in m.steps:
            assert sum(step.stacks) + step.pot == start, (hand.hand_id, step.text)
        collecting = [k for k, s in enumerate(m.steps) if " collects " in s.text]
        if collecting and not body.cancelled:
            before = m.steps[collecting[0] - 1]
            assert before.pot == int(sum(body.invested.values()) * f), hand.hand_id
        last = m.steps[-1]
        for k, seat in enumerate(m.seats):
            if seat.player in body.invested:
                net = body.collected_by(seat.player) - body.invested[seat.player]
                assert last.stacks[k] == seat.stack + int(net * f), (hand.hand_id, seat.player)
        assert len(m.steps) >= 1 + len(body.moves)


def test_the_hero_s_draws_and_hand_after_each() -> None:
    second = list(read_histories(WRITTEN))[1]
    m = table_model(replay(second))
    texts = [s.text for s in m.steps]
    assert "Hero draws 1 [Kh] for [4d]" in texts
    drew = m.steps[texts.index("Hero draws 1 [Kh] for [4d]")]
    hero = next(k for k, s in enumerate(m.seats) if s.hero)
    assert drew.cards[hero] == "8d 6s 5c 2h 4d" and drew.hand == "Lo: 8,6,5,4,2 (rank 8)"
    assert drew.drew[hero] == 1 and drew.bets == (0, 0)
    shown = [s for s in m.steps if s.text.startswith("Villain shows")]
    assert shown and shown[0].cards[1 - hero] == "9c 7c 6d 3s 2c"
    assert m.steps[-1].text == "Hero collects $1.18 from pot"
    assert m.result[0] == "main pot $1.20, rake $0.02: Hero $1.18"


def test_big_amounts_have_separators() -> None:
    assert money_label(10346100, "$", 2, 2) == "$103,461.00"
    assert money_label(-150000, "", 0, 0) == "-150,000"
    assert money_label(5, "\u20ac", 3, 2, signed=True) == "+\u20ac0.005"


@given(st.integers(-(10**15), 10**15), st.integers(0, 4), st.integers(0, 2))
def test_money_text_reads_back_as_its_amount(amount: int, scale: int, places: int) -> None:
    places = min(places, scale)
    text = money_label(amount, "$", scale, places)
    assert Decimal(text.replace("$", "").replace(",", "")) == Decimal(amount).scaleb(-scale)
    whole = text.lstrip("-$").split(".")[0]
    assert all(len(g) == 3 for g in whole.split(",")[1:])


def test_the_model_cannot_close_its_script_element(hostile_hand: Hand) -> None:
    text = model_json(table_model(replay(hostile_hand)))
    assert "<" not in text and "\\u003cscript>" in text


def test_the_replayer_and_the_browser_read_the_record_not_the_events(tmp_path: Path) -> None:
    from tests.test_layers import PACKAGE_DIR, event_walks

    copy = tmp_path / "histparse" / "read"
    copy.mkdir(parents=True)
    for name in ("table.py", "browse.py"):
        (copy / name).write_text((PACKAGE_DIR / "views" / name).read_text(encoding="utf-8"))
    assert event_walks(tmp_path / "histparse", ("read",)) == []


def test_the_lines_of_the_page_group_thousands_too() -> None:
    g = GroupedMoney("$", Decimal("0.01"))
    assert g(Decimal("103461")) == "$103,461.00"
    assert g(Decimal("-1234.5"), signed=True) == "-$1,234.50"
    assert GroupedMoney("", Decimal(1))(Decimal(1500000)) == "1,500,000"
    assert g(Decimal("0.005")) == "$0.005"  # finer than the unit: as written
