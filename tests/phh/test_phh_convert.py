"""The converter piece by piece: positions, money units, actions and draws, the text format, and
every skip reason, each with a hand that needs it.

The "premise" tests feed pokerkit 0.7.7 the PHH a skipped hand would have needed, to show the
skip is real: pokerkit rejects it or plays it by other rules.
"""

from __future__ import annotations

import dataclasses
import tomllib
import warnings
from collections import deque
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

import pytest
from factories import make_hand
from hypothesis import given
from hypothesis import strategies as st
from pokerkit import HandHistory

from histparse.cards import parse_cards
from histparse.events import (
    Action,
    Collected,
    Draw,
    Event,
    Hand,
    HandCancelled,
    Mucks,
    Post,
    Seat,
    Section,
    SectionMarker,
    Shows,
    SummaryPot,
)
from histparse.game import ActionKind, LimitType, PostKind, Street
from histparse.parsing import read_histories
from histparse.phh import (
    PhhHand,
    PhhsWriter,
    Skipped,
    SkipReason,
    convert,
    dumps,
    dumps_all,
    toml_string,
)
from histparse.simulation import SimConfig, TournamentStructure, simulate, simulate_with_cards

PS_DATA = Path(__file__).resolve().parents[1] / "data" / "pokerstars"
F, CK, CL, B, R = (
    ActionKind.FOLD,
    ActionKind.CHECK,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)
D = Decimal


def replay(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Returning reserved")
        state = deque(HandHistory.loads(text), maxlen=1).pop()
    assert not state.status
    return list(state.stacks)


# --- a small hand builder (cash, $1/$2 limit, blinds $0.50/$1) ------------------------------


def built_hand(
    seats: Sequence[tuple[str, str]],
    button: int,
    events: Sequence[Event],
    *,
    hero: str | None = None,
    limit: LimitType = LimitType.FIXED,
) -> Hand:
    """A hand with ``seats`` (name, stack) in seats 1.. and ``events`` (line numbers set)."""
    return make_hand(
        hand_id="4242",
        stakes=(D("1"), D("2")),
        limit_type=limit,
        button_seat=button,
        hero=hero,
        seats=(Seat(k, name, D(stack)) for k, (name, stack) in enumerate(seats, 1)),
        events=(dataclasses.replace(e, line=k) for k, e in enumerate(events, 10)),
    )


def post(name: str, kind: PostKind, amount: str, all_in: bool = False) -> Post:
    return Post(name, kind, D(amount), all_in, line=0)


def act(
    street: Street, name: str, kind: ActionKind, amount: str | None = None, to: str | None = None,
    all_in: bool = False,
) -> Action:  # fmt: skip
    return Action(
        street, name, kind, None if amount is None else D(amount), None if to is None else D(to),
        all_in, line=0,
    )  # fmt: skip


def marker(section: Section) -> SectionMarker:
    return SectionMarker(section, line=0)


def draw(street: Street, name: str, count: int) -> Draw:
    return Draw(street, name, count, None, count == 0, line=0)


PRE, D1, D2, D3 = Street.PREDRAW, Street.DRAW1, Street.DRAW2, Street.DRAW3
THREE = [("Ann", "20"), ("Bob", "20"), ("Cid", "20")]


def skipped(hand: Hand, **kw: bool) -> Skipped:
    result = convert(hand, allow_unknown=True, **kw)
    assert isinstance(result, Skipped), dumps(result)
    return result


# --- positions, money, actions --------------------------------------------------------------


def test_six_max_positions_money_and_actions() -> None:
    """A real $0.10/$0.20 hand: small blind first, button last, cents, ``cbr`` round totals."""
    hand = next(read_histories(PS_DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"))
    phh = convert(hand, allow_unknown=True)
    assert isinstance(phh, PhhHand)
    # Button seat 5 (bakter9): seat 6 posts the small blind, seat 1 the big blind.
    assert phh.players == ("TheLabman", "Hero", "rumble1111", "Eisenherz73", "cypis28", "bakter9")
    assert phh.seats == (6, 1, 2, 3, 4, 5)
    assert phh.blinds_or_straddles == (5, 10, 0, 0, 0, 0)
    assert (phh.small_bet, phh.big_bet) == (10, 20)
    assert phh.starting_stacks == (631, 400, 458, 754, 140, 78)
    assert phh.antes == (0,) * 6 and phh.ante_trimming_status
    assert dict(phh.user_fields) == {"_money_unit": "0.01", "_rake": 10}
    acts = phh.actions
    assert acts[:6] == (
        "d dh p1 ??????????",
        "d dh p2 8sTs8h2s3s",
        "d dh p3 ??????????",
        "d dh p4 ??????????",
        "d dh p5 ??????????",
        "d dh p6 ??????????",
    )
    # "raises $0.10 to $0.30" is cbr 30; the capping raise to $0.40 is cbr 40.
    assert acts[6:16] == (
        "p3 cc", "p4 f", "p5 cbr 20", "p6 cbr 30", "p1 f", "p2 f", "p3 cc", "p5 cbr 40",
        "p6 cc", "p3 cc",
    )  # fmt: skip
    # First draw: everyone discards, then the replacements are dealt.
    assert acts[16:22] == (
        "p3 sd ????", "p5 sd ????", "p6 sd ??", "d dh p3 ????", "d dh p5 ????", "d dh p6 ??",
    )  # fmt: skip
    assert acts[-2:] == ("p5 sm 7c6d9c4s2c", "p6 sm 7s5s8d4h3c")
    # The $0.02 uncalled bet came back to cypis28; bakter9 won $2.01 after $0.10 rake.
    assert phh.finishing_stacks == (626, 390, 418, 754, 62, 201)
    # pokerkit, without rake, pays bakter9 the whole pot.
    assert replay(dumps(phh)) == [626, 390, 418, 754, 62, 211]


def test_heads_up_order_is_big_blind_then_button() -> None:
    """Heads-up the button posts the small blind and is last; pokerkit reverses the blinds
    (and antes) itself, so the lists stay ``[small, big]``."""
    for hand, deal in simulate_with_cards(40, 3, SimConfig(players=2, max_seats=2, rake=None)):
        phh = convert(hand, deal)
        assert isinstance(phh, PhhHand)
        button = next(s.player for s in hand.seats if s.seat == hand.button_seat)
        assert phh.players[1] == button
        assert phh.blinds_or_straddles == (5, 10)
        sb = next(p.player for p in hand.posts if p.kind is PostKind.SMALL_BLIND)
        assert sb == button


def test_tournament_chips_antes_and_metadata() -> None:
    config = SimConfig(players=4, tournament=TournamentStructure(hands_per_level=2))
    with_antes = [
        (h, p)
        for h, d in simulate_with_cards(30, 8, config)
        if isinstance(p := convert(h, d), PhhHand) and any(p.antes)
    ]
    assert with_antes
    hand, phh = with_antes[0]
    ante = next(e.amount for e in hand.posts if e.kind is PostKind.ANTE)
    assert set(phh.antes) == {int(ante)}
    assert dict(phh.user_fields)["_money_unit"] == "1"
    assert phh.event == f"PokerStars Tournament #{hand.tournament_id}"
    assert phh.level == hand.level and phh.currency is None
    assert phh.hand == int(hand.hand_id) and phh.table == hand.table_name
    start = hand.started_at
    assert (phh.year, phh.month, phh.day) == (start.year, start.month, start.day)
    assert phh.time is not None and phh.time.hour == start.hour and phh.time_zone == "UTC"


def test_draws_stand_pat_and_received_cards() -> None:
    for hand, deal in simulate_with_cards(30, 4, SimConfig(rake=None)):
        phh = convert(hand, deal)
        if not isinstance(phh, PhhHand) or not deal.draws:
            continue
        p = {name: f"p{k}" for k, name in enumerate(phh.players, 1)}
        for d in deal.draws:
            if d.discarded:
                sd = f"{p[d.player]} sd " + "".join(map(str, d.discarded))
                dh = f"d dh {p[d.player]} " + "".join(map(str, d.received))
                assert phh.actions.index(sd) < phh.actions.index(dh)
            else:
                assert f"{p[d.player]} sd" in phh.actions
        return
    pytest.fail("no hand with draws")


# --- text -----------------------------------------------------------------------------------


def test_dumps_is_toml_pokerkit_reads_with_every_field() -> None:
    hand, deal = next(iter(simulate_with_cards(1, 1, SimConfig())))
    phh = convert(hand, deal)
    assert isinstance(phh, PhhHand)
    text = dumps(phh)
    data = tomllib.loads(text)
    assert data["variant"] == "F2L3D"
    assert data["players"] == list(phh.players)
    assert data["actions"] == list(phh.actions)
    assert data["finishing_stacks"] == list(phh.finishing_stacks or ())
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no unexpected-field warning: user fields start with _
        history = HandHistory.loads(text)
    assert history.user_defined_fields["_money_unit"] == "0.01"
    assert history.seats == list(phh.seats or ()) and history.hand == phh.hand


def test_phhs_sections_load_all() -> None:
    phhs = [
        p
        for h, d in simulate_with_cards(12, 6, SimConfig())
        if isinstance(p := convert(h, d), PhhHand)
    ]
    text = dumps_all(phhs)
    assert text.startswith("[1]\n") and f"\n[{len(phhs)}]\n" in text
    loaded = list(HandHistory.loads_all(text))
    assert [h.hand for h in loaded] == [p.hand for p in phhs]

    class Sink:
        def __init__(self) -> None:
            self.parts: list[str] = []

        def write(self, s: str) -> int:
            self.parts.append(s)
            return len(s)

    sink = Sink()
    writer = PhhsWriter(sink)  # type: ignore[arg-type]
    for p in phhs:
        writer.write(p)
    assert "".join(sink.parts) == text and writer.count == len(phhs)


@given(st.text())
def test_toml_string_round_trips(text: str) -> None:
    assert tomllib.loads(f"x = {toml_string(text)}")["x"] == text


def test_names_with_quotes_and_backslashes_survive() -> None:
    hand, deal = next(iter(simulate_with_cards(1, 1, SimConfig(rake=None))))
    phh = convert(hand, deal)
    assert isinstance(phh, PhhHand)
    odd = dataclasses.replace(phh, players=('a "quoted" one', "back\\slash", *phh.players[2:]))
    history = HandHistory.loads(dumps(odd))
    assert history.players == list(odd.players)


def test_phh_hand_checks_its_lists() -> None:
    hand, deal = next(iter(simulate_with_cards(1, 1, SimConfig())))
    phh = convert(hand, deal)
    assert isinstance(phh, PhhHand)
    with pytest.raises(ValueError, match="antes"):
        dataclasses.replace(phh, antes=(0,))
    with pytest.raises(ValueError, match="must start with '_'"):
        dataclasses.replace(phh, user_fields=(("rake", 1),))


# --- skips ----------------------------------------------------------------------------------


def test_cancelled_and_other_games_are_skipped() -> None:
    cancelled = next(read_histories(PS_DATA / "3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"))
    assert cancelled.cancelled
    assert skipped(cancelled).reason is SkipReason.CANCELLED
    single = next(read_histories(PS_DATA / "2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt"))
    s = skipped(single)
    assert s.reason is SkipReason.GAME and s.hand_id == single.hand_id
    assert s.path.endswith("allin.txt") and s.line == single.source.first_line
    assert str(s).startswith(f"{s.path}:{s.line}: hand #{single.hand_id}: not 2-7 Triple Draw")


@pytest.mark.parametrize("limit", [LimitType.POT, LimitType.NO_LIMIT])
def test_pot_and_no_limit_are_skipped(limit: LimitType) -> None:
    for hand, deal in simulate_with_cards(5, 1, SimConfig(limit=limit)):
        result = convert(hand, deal)
        assert isinstance(result, Skipped) and result.reason is SkipReason.LIMIT


def test_unknown_cards_skip_unless_allowed() -> None:
    hand = next(read_histories(PS_DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt"))
    result = convert(hand)
    assert isinstance(result, Skipped) and result.reason is SkipReason.UNKNOWN_CARDS
    assert "TheLabman: first five cards" in result.detail
    assert isinstance(convert(hand, allow_unknown=True), PhhHand)


def test_stood_pat_and_shown_is_known() -> None:
    """An opponent who never drew and showed held the shown cards from the start."""
    events = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        marker(Section.DEALING_HANDS),
        act(PRE, "Ann", CL, "0.50"), act(PRE, "Bob", CK),
        *[e for s, street in ((Section.FIRST_DRAW, D1), (Section.SECOND_DRAW, D2),
                              (Section.THIRD_DRAW, D3))
          for e in (marker(s), draw(street, "Bob", 0), draw(street, "Ann", 0),
                    act(street, "Bob", CK), act(street, "Ann", CK))],
        marker(Section.SHOW_DOWN),
        Shows("Bob", parse_cards("7c 5d 4h 3s 2c"), line=0),
        Shows("Ann", parse_cards("8c 6d 4c 3h 2d"), line=0),
        Collected("Bob", D("2"), line=0),
    ]  # fmt: skip
    hand = built_hand([("Ann", "10"), ("Bob", "10")], 1, events)
    phh = convert(hand)
    assert isinstance(phh, PhhHand), phh
    assert phh.actions[:2] == ("d dh p1 7c5d4h3s2c", "d dh p2 8c6d4c3h2d")
    assert phh.finishing_stacks == (1100, 900)
    assert replay(dumps(phh)) == [1100, 900]


def test_extra_big_blind_of_a_new_player_is_skipped() -> None:
    hand = next(
        h
        for h in read_histories(PS_DATA / "3-Draw-Limit-USD-0.10-0.20-200911.txt")
        if h.hand_id == "35839176665"
    )
    s = skipped(hand)
    assert s.reason is SkipReason.BLINDS and s.detail.startswith("tom1206 posts an extra big")


def test_premise_an_extra_big_blind_is_a_straddle_to_pokerkit() -> None:
    """With the extra big blind in ``blinds_or_straddles`` pokerkit makes the player after it
    act first, not the player left of the big blind (R-BET-2)."""
    phh = (
        'variant = "F2L3D"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [5, 10, 0, 10]\n'
        "small_bet = 10\nbig_bet = 20\nstarting_stacks = [500, 500, 500, 500]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????", '
        '"d dh p4 ??????????"]\n'
    )
    state = deque(HandHistory.loads(phh), maxlen=1).pop()
    assert state.actor_index == 0  # the small blind, after the "straddle" of p4; not p3


def test_small_and_big_blinds_are_skipped() -> None:
    events = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        post("Cid", PostKind.SMALL_AND_BIG_BLIND, "1.50"), marker(Section.DEALING_HANDS),
    ]  # fmt: skip
    s = skipped(built_hand(THREE, 3, events))
    assert s.reason is SkipReason.BLINDS and "small & big blinds" in s.detail


def test_dead_blind_is_skipped() -> None:
    events = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        post("Cid", PostKind.DEAD_BLIND, "0.50"), marker(Section.DEALING_HANDS),
    ]  # fmt: skip
    s = skipped(built_hand(THREE, 3, events))
    assert s.reason is SkipReason.BLINDS and "dead blind" in s.detail


def test_premise_pokerkit_misplays_one_players_ante() -> None:
    """A dead 50 from p3 as its ante: everyone folds to the big blind, who should win the
    small blind and the dead money (2100). With ante_trimming_status = true (what antes need)
    pokerkit hands p3 the 50 back and the big blind gets 2050."""
    phh = (
        'variant = "F2L3D"\nante_trimming_status = true\nantes = [0, 0, 50]\n'
        "blinds_or_straddles = [50, 100, 0]\nsmall_bet = 100\nbig_bet = 200\n"
        "starting_stacks = [2000, 2000, 2000]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????", '
        '"p3 f", "p1 f"]\n'
    )
    assert replay(phh) == [1950, 2050, 2000]


def test_uneven_antes_are_skipped() -> None:
    events = [
        post("Ann", PostKind.ANTE, "0.10"), post("Bob", PostKind.ANTE, "0.10"),
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        marker(Section.DEALING_HANDS),
    ]  # fmt: skip
    s = skipped(built_hand(THREE, 3, events))
    assert s.reason is SkipReason.BLINDS and s.detail.startswith("Cid posts an ante of 0")


def test_short_big_blind_is_skipped() -> None:
    events = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"),
        post("Bob", PostKind.BIG_BLIND, "0.70", all_in=True),
        marker(Section.DEALING_HANDS),
    ]
    s = skipped(built_hand([("Ann", "20"), ("Bob", "0.70"), ("Cid", "20")], 3, events))
    assert s.reason is SkipReason.BLINDS and "a big blind of 70 units" in s.detail


def test_premise_pokerkit_plays_a_short_big_blind_as_posted() -> None:
    """Under the engine (R-BET-7 reading) the others must call the full big blind; pokerkit
    asks the first player for the 7 chips posted."""
    phh = (
        'variant = "F2L3D"\nantes = [0, 0, 0]\nblinds_or_straddles = [5, 10, 0]\n'
        "small_bet = 10\nbig_bet = 20\nstarting_stacks = [500, 7, 500]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????"]\n'
    )
    state = deque(HandHistory.loads(phh), maxlen=1).pop()
    assert state.actor_index == 2 and state.checking_or_calling_amount == 7


FOUR = [("Ann", "20"), ("Bob", "20"), ("Cid", "2.50"), ("Dan", "20")]
SHORT_ALL_IN = [
    post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
    marker(Section.DEALING_HANDS),
    act(PRE, "Cid", CL, "1"), act(PRE, "Dan", CL, "1"), act(PRE, "Ann", CL, "0.50"),
    act(PRE, "Bob", CK),
    marker(Section.FIRST_DRAW),
    draw(D1, "Ann", 0), draw(D1, "Bob", 1), draw(D1, "Cid", 0), draw(D1, "Dan", 0),
    act(D1, "Ann", CK), act(D1, "Bob", B, "1", "1"),
    act(D1, "Cid", R, "0.50", "1.50", all_in=True),
    act(D1, "Dan", R, "0.50", "2"),  # the completion PokerStars and the engine allow
]  # fmt: skip


def test_raise_after_an_incomplete_all_in_raise_is_skipped() -> None:
    s = skipped(built_hand(FOUR, 4, SHORT_ALL_IN))
    assert s.reason is SkipReason.RULES
    assert s.detail.startswith("Dan raises after Cid's incomplete all-in raise")


def test_a_call_after_an_incomplete_all_in_raise_converts() -> None:
    events = [*SHORT_ALL_IN[:-1], act(D1, "Dan", CL, "1.50"), act(D1, "Ann", F)]
    assert not isinstance(convert(built_hand(FOUR, 4, events), allow_unknown=True), Skipped)


def test_premise_pokerkit_sizes_a_raise_from_the_short_all_in() -> None:
    """After a bet of 100 and a short all-in to 150, the engine (and PokerStars) let the next
    player complete to 200; pokerkit asks for 250 and refuses 200."""
    phh = (
        'variant = "F2L3D"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0]\n'
        "small_bet = 100\nbig_bet = 200\nstarting_stacks = [2000, 2000, 250, 2000]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????", '
        '"d dh p4 ??????????", "p3 cc", "p4 cc", "p1 cc", "p2 cc", "p1 sd", "p2 sd", '
        '"p3 sd", "p4 sd", "p1 cc", "p2 cbr 100", "p3 cbr 150"]\n'
    )
    state = deque(HandHistory.loads(phh), maxlen=1).pop()
    assert state.actor_index == 3
    assert state.min_completion_betting_or_raising_to_amount == 250
    assert not state.can_complete_bet_or_raise_to(200)


def test_a_fifth_bet_in_a_round_is_skipped() -> None:
    """Heads-up with the cap lifted (a site rule): pokerkit stops at four bets and raises."""
    events = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        marker(Section.DEALING_HANDS),
        act(PRE, "Ann", CL, "0.50"), act(PRE, "Bob", CK), marker(Section.FIRST_DRAW),
        draw(D1, "Bob", 0), draw(D1, "Ann", 0),
        act(D1, "Bob", B, "1", "1"), act(D1, "Ann", R, "1", "2"), act(D1, "Bob", R, "1", "3"),
        act(D1, "Ann", R, "1", "4"), act(D1, "Bob", R, "1", "5"),
    ]  # fmt: skip
    s = skipped(built_hand([("Ann", "20"), ("Bob", "20")], 1, events))
    assert s.reason is SkipReason.RULES and s.detail.startswith("5 bets and raises")


def test_premise_pokerkit_caps_at_four() -> None:
    phh = (
        'variant = "F2L3D"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\n'
        "small_bet = 10\nbig_bet = 20\nstarting_stacks = [500, 500]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "p2 cc", "p1 cc", '
        '"p1 sd", "p2 sd", "p1 cbr 10", "p2 cbr 20", "p1 cbr 30", "p2 cbr 40"]\n'
    )
    state = deque(HandHistory.loads(phh), maxlen=1).pop()
    assert state.actor_index == 0 and not state.can_complete_bet_or_raise_to()


def _three_way_split(amounts: tuple[str, str, str]) -> Hand:
    events: list[Event] = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        marker(Section.DEALING_HANDS),
        act(PRE, "Cid", CL, "1"), act(PRE, "Ann", CL, "0.50"), act(PRE, "Bob", CK),
        *[e for s, street in ((Section.FIRST_DRAW, D1), (Section.SECOND_DRAW, D2),
                              (Section.THIRD_DRAW, D3))
          for e in (marker(s), draw(street, "Ann", 0), draw(street, "Bob", 0),
                    draw(street, "Cid", 0), act(street, "Ann", CK), act(street, "Bob", CK),
                    act(street, "Cid", CK))],
        marker(Section.SHOW_DOWN),
        Shows("Ann", parse_cards("7c 5d 4h 3s 2c"), line=0),
        Shows("Bob", parse_cards("7d 5h 4s 3c 2d"), line=0),
        Shows("Cid", parse_cards("7h 5s 4c 3d 2h"), line=0),
        *[Collected(n, D(a), line=0) for n, a in zip(("Ann", "Bob", "Cid"), amounts, strict=True)],
    ]  # fmt: skip
    return built_hand(THREE, 3, events)


def test_three_way_split_with_one_odd_chip_converts() -> None:
    phh = convert(_three_way_split(("1.00", "1.00", "1.00")))
    assert isinstance(phh, PhhHand)
    assert replay(dumps(phh)) == list(phh.finishing_stacks or ())


def test_three_way_split_with_two_odd_chips_is_skipped() -> None:
    # A pot of $3.02 split three ways: R-SHOW-2 gives the odd cents one at a time.
    hand = _three_way_split(("1.01", "1.01", "1.00"))
    s = skipped(hand)
    assert s.reason is SkipReason.RULES and "split 3 ways" in s.detail


def test_premise_pokerkit_gives_all_odd_chips_to_the_first_winner() -> None:
    """Three equal hands share 350 (the small blind folded): R-SHOW-2 pays 117, 117, 116;
    pokerkit pays 118, 116, 116."""
    rounds = ", ".join(['"p2 sd", "p3 sd", "p4 sd", "p2 cc", "p3 cc", "p4 cc"'] * 3)
    phh = (
        'variant = "F2L3D"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [50, 100, 0, 0]\n'
        "small_bet = 100\nbig_bet = 200\nstarting_stacks = [1000, 1000, 1000, 1000]\n"
        'actions = ["d dh p1 ??????????", "d dh p2 7c5d4h3s2c", "d dh p3 7d5h4s3c2d", '
        '"d dh p4 7h5s4c3d2h", "p3 cc", "p4 cc", "p1 f", "p2 cc", '
        f"{rounds}, "
        '"p2 sm 7c5d4h3s2c", "p3 sm 7d5h4s3c2d", "p4 sm 7h5s4c3d2h"]\n'
    )
    assert replay(phh) == [950, 1018, 1016, 1016]


def test_amounts_that_are_not_whole_cents_are_skipped() -> None:
    hand, deal = next(iter(simulate_with_cards(1, 1, SimConfig())))
    events = [
        dataclasses.replace(e, amount=D("0.105"))
        if isinstance(e, Post) and e.kind is PostKind.SMALL_BLIND
        else e
        for e in hand.events
    ]
    s = convert(dataclasses.replace(hand, events=tuple(events)), deal)
    assert isinstance(s, Skipped) and s.reason is SkipReason.MONEY and "0.105" in s.detail


def test_a_post_by_someone_not_dealt_in_is_malformed() -> None:
    events = [
        post("Ann", PostKind.SMALL_BLIND, "0.50"), post("Bob", PostKind.BIG_BLIND, "1"),
        post("Zed", PostKind.ANTE, "0.10"), marker(Section.DEALING_HANDS),
    ]  # fmt: skip
    s = skipped(built_hand(THREE, 3, events))
    assert s.reason is SkipReason.MALFORMED and "Zed" in s.detail


def test_a_cancelled_marker_wins_over_everything() -> None:
    events = [post("Ann", PostKind.SMALL_BLIND, "0.50"), HandCancelled(line=0)]
    assert skipped(built_hand(THREE, 3, events)).reason is SkipReason.CANCELLED


def test_a_deal_of_another_hand_is_an_error() -> None:
    pairs = list(simulate_with_cards(2, 1, SimConfig()))
    with pytest.raises(ValueError, match="is not hand"):
        convert(pairs[0][0], pairs[1][1])


def test_mucks_at_showdown_are_written_and_replayed() -> None:
    """A muck is ``pN sm``: pokerkit then gives the pot to the shown hand."""
    for hand, deal in simulate_with_cards(200, 2, SimConfig(rake=None)):
        if not hand.events_of(Mucks):
            continue
        phh = convert(hand, deal)
        if not isinstance(phh, PhhHand):
            continue
        assert any(a.endswith(" sm") for a in phh.actions)
        assert replay(dumps(phh)) == list(phh.finishing_stacks or ())
        return
    pytest.fail("no hand with a muck")


def test_rake_is_a_user_field_and_finishing_stacks_are_after_rake() -> None:
    for hand, deal in simulate_with_cards(50, 2, SimConfig()):
        rake = sum(p.rake for p in hand.events_of(SummaryPot))
        phh = convert(hand, deal)
        if rake and isinstance(phh, PhhHand):
            assert dict(phh.user_fields)["_rake"] == int(rake * 100)
            start = sum(phh.starting_stacks)
            assert sum(phh.finishing_stacks or ()) == start - int(rake * 100)
            return
    pytest.fail("no raked hand")


@pytest.mark.parametrize("hand_id, written", [("123", 123), ("9" * 25, "9" * 25), ("T-7", "T-7")])
def test_hand_number_is_an_int_only_when_toml_can_hold_it(hand_id: str, written: object) -> None:
    hand = next(iter(simulate(1, 1, SimConfig())))
    phh = convert(dataclasses.replace(hand, hand_id=hand_id), allow_unknown=True)
    assert isinstance(phh, PhhHand) and phh.hand == written
    assert tomllib.loads(dumps(phh))["hand"] == written


# Found by fuzzing mutated hands: each used to raise (ValueError, IndexError) or write a PHH
# pokerkit cannot play, instead of skipping the hand as inconsistent with itself.
def _handmade(old: str, new: str) -> Hand:
    from test_tables import HEADS_UP

    from histparse.parsing import parse_text

    assert old in HEADS_UP
    (hand,) = parse_text(HEADS_UP.replace(old, new))
    return hand


def test_a_draw_line_the_shown_cards_contradict_is_malformed() -> None:
    hand = _handmade(
        "Hero: discards 2 cards [Kd Kh]\n",
        "Hero: stands pat on [7h 5d 4c Kd Kh]\nHero: discards 2 cards [Kd Kh]\n",
    )
    skipped = convert(hand, allow_unknown=True)
    assert isinstance(skipped, Skipped) and skipped.reason is SkipReason.MALFORMED
    assert "Hero's draw does not match the cards shown" in skipped.detail
    # Without unknown cards allowed, the villain's unknown cards skip it first.
    assert getattr(convert(hand), "reason", None) is SkipReason.UNKNOWN_CARDS


def test_a_draw_of_more_than_five_cards_is_malformed() -> None:
    hand = _handmade("Villain One: discards 1 card", "Villain One: discards 6 cards")
    skipped = convert(hand, allow_unknown=True)
    assert isinstance(skipped, Skipped) and skipped.reason is SkipReason.MALFORMED
    assert skipped.detail == "Villain One discards 6 cards of five"


def test_discarding_more_than_held_is_malformed() -> None:
    from histparse.phh.knowledge import CardKnowledge, DrawCards

    known = CardKnowledge(
        {"A": (None,) * 5},
        {("A", 1): DrawCards((None,) * 5, (None,) * 5), ("A", 2): DrawCards((None,) * 6, ())},
    )
    with pytest.raises(ValueError, match="A discards more cards than they hold"):
        known.final_hand("A")


def test_a_hand_whose_payouts_do_not_add_up_is_malformed() -> None:
    consistent = _handmade("collected $1.90 from pot", "collected $1.90 from pot")
    assert isinstance(convert(consistent, allow_unknown=True), PhhHand)
    hand = _handmade("collected $1.90 from pot", "collected $2.90 from pot")
    skipped = convert(hand, allow_unknown=True)
    assert isinstance(skipped, Skipped) and skipped.reason is SkipReason.MALFORMED
    assert skipped.detail == "200 units go into the pot but 290 are collected and 10 raked"
