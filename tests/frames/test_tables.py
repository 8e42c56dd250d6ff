"""The four tables: schema and dtypes, docs in step with the code, findings, bad input."""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pytest
from test_stats_flags import fixture_a, fixture_b, fixture_c, fixture_d, fixture_e, fixture_f
from test_tables_builder import HandBuilder

from histparse.frames import MONEY, SCHEMAS, Kind, TableError, Tables, tables
from histparse.frames.schema import markdown, sections
from histparse.parsing import parse_text
from histparse.replayer import replay
from histparse.stats import STATS

D = Decimal
DOCS = Path(__file__).resolve().parents[2] / "docs"

# A hand written by hand in PokerStars' format (without the trailing spaces PokerStars puts
# after some lines, which the parser ignores): heads-up, Hero on the button steals, the big
# blind defends, bets after the first draw, Hero folds.
HEADER = (
    "PokerStars Hand #1000000001:  Triple Draw 2-7 Lowball Limit ($0.50/$1 USD)"
    " - 2012/06/07 20:44:17 CET [2012/06/07 14:44:17 ET]\n"
)
HEADS_UP = (
    HEADER
    + """\
Table 'Handmade I' 6-max Seat #2 is the button
Seat 2: Hero ($20 in chips)
Seat 5: Villain One ($15.25 in chips)
Hero: posts small blind $0.25
Villain One: posts big blind $0.50
*** DEALING HANDS ***
Dealt to Hero [7h 5d 4c Kd Kh]
Hero: raises $0.50 to $1
Villain One: calls $0.50
*** FIRST DRAW ***
Villain One: discards 1 card
Hero: discards 2 cards [Kd Kh]
Dealt to Hero [7h 5d 4c] [9s 9d]
Villain One: bets $0.50
Hero: folds
Uncalled bet ($0.50) returned to Villain One
Villain One collected $1.90 from pot
Villain One: doesn't show hand
*** SUMMARY ***
Total pot $2 | Rake $0.10
Seat 2: Hero (button) (small blind) folded after the 1st Draw
Seat 5: Villain One (big blind) collected ($1.90)
"""
)


def test_a_handwritten_pokerstars_hand() -> None:
    t = tables(parse_text(HEADS_UP))
    p = t.players.set_index("player")
    assert p.loc["Hero", "position"] == "BTN" and p.loc["Villain One", "position"] == "BB"
    assert p.loc["Hero", "steal"] and p.loc["Hero", "steal_opp"]
    assert p.loc["Villain One", "fold_bb_to_steal_opp"]
    assert not p.loc["Villain One", "fold_bb_to_steal"]
    assert (p.loc["Hero", "net"], p.loc["Villain One", "net"]) == (D("-1.00"), D("0.90"))
    assert (p.loc["Hero", "rake_share"], p.loc["Villain One", "rake_share"]) == (
        D("0.05"),
        D("0.05"),
    )
    assert p.loc["Hero", "is_hero"] and not p.loc["Villain One", "is_hero"]
    h = t.hands.iloc[0]
    assert (h["small_blind"], h["big_blind"], h["small_bet"], h["big_bet"]) == (
        D("0.25"), D("0.50"), D("0.50"), D("1"),
    )  # fmt: skip
    assert h["started_at"] == pd.Timestamp("2012-06-07 18:44:17", tz="UTC")
    assert (h["n_players"], h["button_seat"], h["stakes"]) == (2, 2, "0.50/1.00 USD Limit")
    d = t.draws.set_index("player")
    assert d.loc["Hero", "discarded_cards"] == "Kd Kh"
    assert d.loc["Hero", "received_cards"] == "9s 9d"
    assert pd.isna(d.loc["Villain One", "discarded_cards"])


def _check_dtypes(t: Tables) -> None:
    for name, cols in SCHEMAS.items():
        df: pd.DataFrame = getattr(t, name)
        assert list(df.columns) == [c.name for c in cols], name
        for c in cols:
            dtype = df[c.name].dtype
            if c.kind is Kind.MONEY:
                assert dtype == MONEY and dtype.pyarrow_dtype == pa.decimal128(18, 2)
            elif c.kind is Kind.CATEGORY:
                assert isinstance(dtype, pd.CategoricalDtype), c.name
                if c.categories is not None:
                    assert tuple(dtype.categories) == c.categories
            elif c.kind is Kind.STRING:
                assert dtype == "string[pyarrow]", c.name
            elif c.kind is Kind.TIMESTAMP:
                assert str(dtype) == "datetime64[ns, UTC]"
            elif c.kind in (Kind.NULLABLE_INT8, Kind.NULLABLE_INT16, Kind.NULLABLE_INT32):
                assert dtype == c.kind.value.split()[0], c.name
            elif c.kind is Kind.NULLABLE_FLOAT64:
                assert dtype == "Float64", c.name
            else:
                assert dtype == c.kind.value, (c.name, dtype)
            if not c.nullable:
                assert not df[c.name].isna().any(), (name, c.name)


def test_dtypes_follow_the_schema() -> None:
    _check_dtypes(tables([fixture_a(), fixture_b(), fixture_c()]))


def test_no_hands_gives_empty_typed_tables() -> None:
    t = tables([])
    assert all(getattr(t, n).empty for n in SCHEMAS)
    _check_dtypes(t)


def test_every_stat_has_a_count_and_an_opportunity_column() -> None:
    names = {c.name for c in SCHEMAS["players"]}
    for s in STATS:
        assert s.name in names and s.opp in names


def test_docs_tables_md_is_the_schema() -> None:
    text = (DOCS / "tables.md").read_text(encoding="utf-8")
    # Regenerate after a schema change: keep the introduction, append ``sections()``.
    assert text.endswith(sections())
    for name, cols in SCHEMAS.items():
        assert f"## `{name}`\n\n" + markdown(cols) in text, name


def test_docs_stats_md_defines_every_stat() -> None:
    text = (DOCS / "stats.md").read_text(encoding="utf-8")
    for s in STATS:
        if not s.name.startswith("d"):
            assert f"`{s.name}`" in text or f"`{s.name[:-2]}" in text, s.name
    assert "`d{k}_drew{c}`" in text


@dataclasses.dataclass
class Finding:
    site: str
    hand_id: str
    rule: str = "R-BET-5"


def test_findings_are_counted_per_hand() -> None:
    hands = [fixture_a(), HandBuilder(["X", "Y"], button=1, hand_id="2").sb("X").bb("Y")
             .deal().fold("X").uncalled("Y", "0.05").collect("Y", "0.10").build()]  # fmt: skip
    assert list(tables(hands).hands["findings"]) == [0, 0]
    found = [Finding("PokerStars", "2"), Finding("PokerStars", "2"), Finding("Other", "1")]
    assert list(tables(hands, found).hands["findings"]) == [0, 2]
    by_key = {("PokerStars", "1"): [object()] * 3, ("PokerStars", "2"): 1}
    assert list(tables(hands, by_key).hands["findings"]) == [3, 1]
    assert list(tables(hands, {"2": 4}).hands["findings"]) == [0, 4]
    with pytest.raises(TypeError, match="site"):
        tables(hands, [object()])  # type: ignore[list-item]


def _unseated() -> HandBuilder:
    h = HandBuilder(["A", "B"], button=1, hand_id="7").sb("A").bb("B").deal()
    return h.call("Ghost", "0.10")


def test_an_action_by_an_unseated_player_keeps_the_hand() -> None:
    """Nothing drops a hand: the line is the audit's finding (STRUCT-PLAYER); the tables keep
    the hand, its action as written, and no row for a player who is not dealt in."""
    hand = _unseated().build()
    assert "STRUCT-PLAYER" in replay(hand).codes
    seen: list[str] = []
    t = tables([fixture_a(), hand], on_error=lambda h, err: seen.append(str(err)))
    assert seen == []
    assert list(t.hands["hand_id"]) == ["1", "7"]
    assert set(t.players[t.players["hand_id"] == "7"]["player"].astype(str)) == {"A", "B"}
    ghost = t.actions[(t.actions["hand_id"] == "7") & (t.actions["player"] == "Ghost")]
    assert list(ghost["action"].astype(str)) == ["call"]


def test_on_error_skips_the_bad_hand_and_reports_it() -> None:
    seen: list[tuple[str, str]] = []
    again = fixture_a()
    t = tables(
        [fixture_a(), again],
        on_error=lambda hand, err: seen.append((hand.hand_id, str(err))),
    )
    assert [h for h, _ in seen] == ["1"] and "already read" in seen[0][1]
    assert list(t.hands["hand_id"]) == ["1"]
    assert set(t.players["hand_id"]) == {"1"} and set(t.actions["hand_id"]) == {"1"}


def test_an_amount_finer_than_cents_is_refused() -> None:
    h = HandBuilder(["A", "B"], button=1).sb("A", "0.005").bb("B").deal().fold("A")
    hand = h.uncalled("B", "0.095").collect("B", "0.105").build()
    with pytest.raises(TableError, match=r"0\.005 does not fit"):
        tables([hand])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("| Rake $0.10", "| Rake $0.1010"), r"amount 0\.1010 does not fit"),
        (("($20 in chips)", "($99999999999999999 in chips)"), "amount 99999999999999999 does"),
        (("bets $0.50", "bets $9999999999999999.50"), "amount 1.*does not fit"),
        (("2012/06/07", "2413/06/07"), "start time 2413-06-07 is outside"),
        (("Villain One: discards 1 card", "Villain One: discards 200 cards"), "does not fit int8"),
        (("Seat 5:", "Seat 200:"), "a seat number or card count does not fit int8"),
    ],
)
def test_a_hand_the_tables_cannot_hold_is_refused_alone(
    change: tuple[str, str], message: str
) -> None:
    # Amounts past decimal128(18, 2) and times past datetime64[ns] used to fail the whole
    # table (and so a whole export batch); now only their hand is refused, with its place.
    assert change[0] in HEADS_UP
    bad = HEADS_UP.replace(*change).replace("#1000000001", "#1000000002")
    hands = parse_text(HEADS_UP + "\n\n" + bad + "\n\n" + HEADS_UP.replace("01:", "03:"))
    with pytest.raises(TableError) as refused:
        tables(hands)
    assert re.search(message, str(refused.value)), str(refused.value)
    assert "PokerStars hand 1000000002 (<text>:" in str(refused.value)
    seen: list[tuple[str, str]] = []
    t = tables(hands, on_error=lambda hand, err: seen.append((hand.hand_id, str(err))))
    assert [h for h, _ in seen] == ["1000000002"]
    assert "PokerStars hand 1000000002 (<text>:" in seen[0][1]
    assert list(t.hands["hand_id"]) == ["1000000001", "1000000003"]
    assert set(t.players["hand_id"]) == {"1000000001", "1000000003"}


def test_more_actions_than_int16_numbers_refuse_the_hand() -> None:
    many = "Hero: checks\nVillain One: checks\n" * 16_400  # 32,800 steps, and 4 more
    text = HEADS_UP.replace("Hero: raises $0.50 to $1\nVillain One: calls $0.50\n", many)
    seen: list[str] = []
    hands = parse_text(text + "\n\n" + HEADS_UP.replace("01:", "03:"))
    t = tables(hands, on_error=lambda hand, err: seen.append(str(err)))
    assert len(seen) == 1 and "32804 posts and actions do not fit int16" in seen[0]
    assert list(t.hands["hand_id"]) == ["1000000003"]


def test_hands_of_several_players_keep_categories_of_names() -> None:
    t = tables([fixture_a(), fixture_b()])
    assert set(t.players["player"].cat.categories) == {"A", "B", "C", "D", "E", "F", "S"}
    assert t.hands["site"].dtype == "category"


def test_a_hand_read_twice_is_refused_or_left_out() -> None:
    with pytest.raises(TableError, match=r"hand 1 .* already read at <test>:1"):
        tables([fixture_a(), fixture_b(), fixture_a()])
    seen: list[str] = []
    t = tables([fixture_a(), fixture_a()], on_error=lambda h, e: seen.append(str(e)))
    assert len(t.hands) == 1 and len(seen) == 1
    assert len(t.players) == 6


def test_batches_give_the_same_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    import histparse.frames.build as build

    hands = [fixture_a(), fixture_b(), fixture_c(), fixture_d(), fixture_e(), fixture_f()]
    whole = tables(hands)
    monkeypatch.setattr(build, "CHUNK_HANDS", 2)
    batched = tables(hands)
    for name in SCHEMAS:
        pd.testing.assert_frame_equal(getattr(batched, name), getattr(whole, name))
    _check_dtypes(batched)
