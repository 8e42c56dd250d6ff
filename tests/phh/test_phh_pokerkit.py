"""PHH files checked against pokerkit 0.7.7, the reader the format is defined by.

* The three real WSOP 2-7 Triple Draw hands load and replay to their recorded final stacks
  (sanity of our reading of the format: positions, ``cbr`` totals, draws, ``??`` cards).
* Simulated fixed-limit hands, 2-6 players, cash and sit & go, converted with their full deal:
  pokerkit loads each from a ``.phhs`` file, replays it to the end and ends with the
  simulator's final stacks (raked hands: pokerkit has no rake, so it gives the rake to the
  main pot's winners; the difference is checked to be exactly the rake).
* The same hands read back from their PokerStars text (hero's view) with ``allow_unknown``
  replay to the same stacks, unknown cards and all.
"""

from __future__ import annotations

import warnings
from collections import Counter, deque
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from histparse.events import CapReached, Collected, Hand, Shows
from histparse.game import PostKind
from histparse.parsing import parse_text
from histparse.phh import PhhHand, Skipped, SkipReason, convert, dumps, write_phh
from histparse.replayer import replay as replay_hand
from histparse.simulation import (
    FullDeal,
    HardCase,
    Level,
    SimConfig,
    TournamentStructure,
    simulate,
    simulate_with_cards,
)
from histparse.writing import write_hands

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
SAMPLES = sorted(DATA.glob("*.phh"))

# pokerkit warns when it deals from the reserve (discards shuffled back: R-DRAW-3) or deals a
# card it did not expect; the cards are the simulator's, so these say nothing about the hand.
_DEALING_WARNINGS = ("Returning reserved", "A card being dealt")


def replay(history: HandHistory) -> list[int]:
    """Replay ``history`` to the end with pokerkit; the final stacks."""
    with warnings.catch_warnings():
        for message in _DEALING_WARNINGS:
            warnings.filterwarnings("ignore", message=message)
        # Iterating runs the actions; the last state is the hand's end.
        state = deque(history, maxlen=1).pop()
    assert not state.status, "the hand did not reach its end"
    return list(state.stacks)


def final_stacks(phh: PhhHand, deal: FullDeal, scale: int) -> list[int]:
    return [int(deal.final_stack(name) * scale) for name in phh.players]


# --- the real samples --------------------------------------------------------------------


def test_three_real_samples_are_here() -> None:
    assert [p.name for p in SAMPLES] == [
        "wsop-2023-43-5-hand55.phh",
        "wsop-2023-43-5-hand57.phh",
        "wsop-2023-43-5-hand60.phh",
    ]
    assert "F2L3D" in (DATA / "SOURCES.md").read_text()


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_real_samples_replay_to_their_finishing_stacks(path: Path) -> None:
    with path.open("rb") as f:
        history = HandHistory.load(f)
    assert history.variant == "F2L3D"
    assert history.finishing_stacks is not None
    assert replay(history) == history.finishing_stacks


def test_unknown_cards_are_accepted_by_pokerkit() -> None:
    """Hand 60 deals ``??`` cards and discards ``Kh??``: pokerkit replays it all the same."""
    text = (DATA / "wsop-2023-43-5-hand60.phh").read_text()
    assert "??????????" in text and "sd Kh??" in text
    history = HandHistory.loads(text)
    assert replay(history) == history.finishing_stacks


def test_samples_show_the_position_order_we_write() -> None:
    """Five-handed: the small blind is p1, the big blind p2 and the first to act p3."""
    history = HandHistory.loads((DATA / "wsop-2023-43-5-hand55.phh").read_text())
    assert history.blinds_or_straddles == [125000, 250000, 0, 0, 0]
    acts = [a for a in history.actions if not a.startswith("d ")]
    assert acts[0] == "p3 f"


# --- simulated hands, full deal ------------------------------------------------------------

NO_RAKE = {"rake": None}
CASES: dict[str, tuple[int, SimConfig]] = {
    "heads-up table": (70, SimConfig(players=2, max_seats=2, **NO_RAKE)),
    "3 players": (60, SimConfig(players=3, **NO_RAKE)),
    "4 players": (60, SimConfig(players=4, **NO_RAKE)),
    "5 players all-in": (
        60,
        SimConfig(players=5, focus=frozenset({HardCase.ALL_IN, HardCase.SIDE_POTS}), **NO_RAKE),
    ),
    "6 players capped": (60, SimConfig(focus=frozenset({HardCase.CAPPED}), **NO_RAKE)),
    "6 players reshuffle": (40, SimConfig(focus=frozenset({HardCase.RESHUFFLE}), **NO_RAKE)),
    "6 players split": (50, SimConfig(focus=frozenset({HardCase.SPLIT}), **NO_RAKE)),
    "6 players raked": (60, SimConfig()),
    "sit & go 6": (80, SimConfig(tournament=TournamentStructure(hands_per_level=5))),
    "sit & go 3": (40, SimConfig(players=3, tournament=TournamentStructure(hands_per_level=4))),
}


def _convert_case(
    config: SimConfig, hands: int, seed: int
) -> list[tuple[Hand, FullDeal, PhhHand | Skipped]]:
    return [(h, d, convert(h, d)) for h, d in simulate_with_cards(hands, seed, config)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_simulated_hands_replay_in_pokerkit_to_the_simulators_stacks(
    name: str, tmp_path: Path
) -> None:
    hands, config = CASES[name]
    results = _convert_case(config, hands, seed=11)
    converted = [(h, d, r) for h, d, r in results if isinstance(r, PhhHand)]
    skipped = [r for _, _, r in results if isinstance(r, Skipped)]
    # Only the documented simulator cases are skipped: new players' extra big blinds, short
    # big blinds and pokerkit's other all-in raise sizing.
    assert {s.reason for s in skipped} <= {SkipReason.BLINDS, SkipReason.RULES}
    assert len(converted) >= 0.8 * len(results)

    out = tmp_path / "hands.phhs"
    assert write_phh((r for _, _, r in converted), out) == len(converted)
    with out.open("rb") as f:
        histories = list(HandHistory.load_all(f))
    assert len(histories) == len(converted)

    scale = 1 if config.tournament is not None else 100
    raked = 0
    for (hand, deal, phh), history in zip(converted, histories, strict=True):
        assert history.players == list(phh.players)
        truth = final_stacks(phh, deal, scale)
        assert list(phh.finishing_stacks or ()) == truth
        got = replay(history)
        rake = dict(phh.user_fields).get("_rake", 0)
        assert isinstance(rake, int)
        if not rake:
            assert got == truth, f"hand #{hand.hand_id}:\n{dumps(phh)}"
            continue
        raked += 1
        # No rake in PHH: pokerkit pays the whole pot, so exactly the rake goes back to
        # players who collected.
        winners = {c.player for c in hand.events_of(Collected)}
        diff = [g - t for g, t in zip(got, truth, strict=True)]
        assert sum(diff) == rake
        assert all(d >= 0 for d in diff)
        assert {phh.players[i] for i, d in enumerate(diff) if d} <= winners
    if name == "6 players raked":
        assert raked > 0


def test_antes_all_in_for_less_replay_in_pokerkit() -> None:
    """Big antes and short stacks: players all-in with (part of) the ante, heads-up and
    six-handed. PHH writes the full ante for everyone and ante_trimming_status = true; pokerkit
    takes what the stack holds and builds the side pots the engine builds."""
    levels = tuple(Level(low, 2 * low, low) for low in (20, 40, 80, 160, 320, 640))
    short_antes = 0
    for players, seed in ((2, 1), (2, 4), (6, 1), (6, 2)):
        config = SimConfig(
            players=players,
            tournament=TournamentStructure(starting_stack=600, hands_per_level=3, levels=levels),
            focus=frozenset({HardCase.ALL_IN}),
        )
        for hand, deal, phh in _convert_case(config, 40, seed):
            if not isinstance(phh, PhhHand):
                continue
            short_antes += any(p.kind is PostKind.ANTE and p.all_in for p in hand.posts)
            assert len(set(phh.antes)) == 1
            assert replay(HandHistory.loads(dumps(phh))) == final_stacks(phh, deal, 1)
    assert short_antes >= 5


def test_the_simulated_corpus_covers_the_hard_parts() -> None:
    """The cases above exercise showdowns, mucks, all-ins, draws of five, reshuffles, antes,
    heads-up and capped rounds (so the replay test means something)."""
    seen: Counter[str] = Counter()
    for hands, config in CASES.values():
        for hand, deal, phh in _convert_case(config, hands, seed=11):
            if not isinstance(phh, PhhHand):
                continue
            acts = phh.actions
            seen["showdown"] += any(" sm " in a for a in acts)
            seen["muck"] += any(a.endswith(" sm") for a in acts)
            seen["all-in"] += any(getattr(e, "all_in", False) for e in hand.events)
            redeals = acts[len(phh.players) :]
            seen["draw five"] += any(
                a.startswith("d dh") and len(a.split()[-1]) == 10 for a in redeals
            )
            seen["reshuffle"] += any(d.reshuffled for d in deal.draws)
            seen["antes"] += any(phh.antes)
            seen["heads-up"] += len(phh.players) == 2
            seen["six"] += len(phh.players) == 6
            seen["capped"] += any(isinstance(e, CapReached) for e in hand.events)
    for what in ("showdown", "muck", "all-in", "draw five", "reshuffle", "antes", "heads-up"):
        assert seen[what] > 0, what
    assert seen["six"] > 0 and seen["capped"] > 0


# Derandomized: CI must not fail on a new seed found by chance. The one counterexample found so
# far is a pokerkit limitation: pokerkit 0.7.7 cannot load a fixed-limit hand where a player
# calls all-in for less after a raise over another all-in ("Unable to repair the hand
# history"), though the hand is legal under the rule book and replays in histparse. It was held
# here as an xfail example (seed 18443) until the simulator's 6-max bots (issue 19) stopped
# dealing that hand from that seed.
@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 6),
    tournament=st.booleans(),
    focus=st.sets(st.sampled_from([HardCase.ALL_IN, HardCase.SPLIT, HardCase.CAPPED])),
)
def test_any_simulation_replays_to_the_simulators_stacks(
    seed: int, players: int, tournament: bool, focus: set[HardCase]
) -> None:
    """The law: every hand the converter writes, pokerkit replays to the simulator's stacks."""
    config = SimConfig(
        players=players,
        rake=None,
        focus=frozenset(focus),
        tournament=TournamentStructure(hands_per_level=3) if tournament else None,
    )
    scale = 1 if tournament else 100
    for hand, deal, phh in _convert_case(config, 15, seed):
        if isinstance(phh, Skipped):
            assert phh.reason in (SkipReason.BLINDS, SkipReason.RULES)
            continue
        theirs = replay(HandHistory.loads(dumps(phh)))
        ours = final_stacks(phh, deal, scale)
        if theirs != ours:
            # Odd chips: the rule book gives each split pot's odd chip to the first winner
            # clockwise from the button (R-SHOW-2); pokerkit spreads them by its own order, so
            # with two split pots the two can differ by those chips and nothing else.
            odd = sum(len(pot.odd_chips) for pot in replay_hand(hand).pots)
            assert odd >= 2, (theirs, ours)
            assert sum(theirs) == sum(ours)
            assert sum(abs(a - b) for a, b in zip(theirs, ours, strict=True)) <= odd * scale


# --- simulated hands, hero's view ----------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        SimConfig(rake=None, focus=frozenset({HardCase.ALL_IN, HardCase.MUCK})),
        SimConfig(players=2, max_seats=2),
        SimConfig(players=4, tournament=TournamentStructure(hands_per_level=5)),
    ],
    ids=["cash all-in", "heads-up raked", "sit & go"],
)
def test_hero_view_with_unknown_cards_replays_like_the_full_deal(config: SimConfig) -> None:
    pairs = list(simulate_with_cards(60, 5, config))
    parsed = parse_text(write_hands([h for h, _ in pairs]))
    assert len(parsed) == len(pairs)
    partial = 0
    for seen, (hand, deal) in zip(parsed, pairs, strict=True):
        full = convert(hand, deal)
        strict = convert(seen)
        loose = convert(seen, allow_unknown=True)
        if isinstance(full, Skipped):
            assert isinstance(loose, Skipped) and loose.reason is full.reason
            continue
        assert isinstance(loose, PhhHand)
        assert loose.finishing_stacks == full.finishing_stacks
        assert loose.players == full.players and loose.starting_stacks == full.starting_stacks
        if isinstance(strict, Skipped):
            assert strict.reason is SkipReason.UNKNOWN_CARDS
            assert any("??" in a for a in loose.actions)
            partial += 1
        else:
            # Every card happened to be shown (all stood pat): then it is the full deal's PHH
            # up to the order in which the hands were dealt cards.
            assert sorted(strict.actions) == sorted(full.actions)
        assert replay(HandHistory.loads(dumps(loose))) == replay(HandHistory.loads(dumps(full)))
    assert partial > len(pairs) // 2


# --- the deal record ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [SimConfig(), SimConfig(players=3, tournament=TournamentStructure())],
    ids=["cash", "sit & go"],
)
def test_simulate_with_cards_yields_the_same_hands_as_simulate(config: SimConfig) -> None:
    pairs = list(simulate_with_cards(120, 9, config))
    assert [h for h, _ in pairs] == list(simulate(120, 9, config))
    assert all(h.hand_id == d.hand_id for h, d in pairs)


def test_full_deal_is_consistent_with_the_hand() -> None:
    """The first deal has distinct cards, discards come out of the hand held, the shown hands
    are the deal's final hands, and the stacks add up."""
    for hand, deal in simulate_with_cards(150, 2, SimConfig(rake=None)):
        players = [s.player for s in hand.seats]
        assert sorted(n for n, _ in deal.dealt) == sorted(players)
        first = [c for _, cards in deal.dealt for c in cards]
        assert len(first) == len(set(first)) == 5 * len(players)
        held = {n: list(cards) for n, cards in deal.dealt}
        for d in deal.draws:
            assert len(d.discarded) == len(d.received)
            for c in d.discarded:
                held[d.player].remove(c)  # raises if the card was not held
            held[d.player].extend(d.received)
            assert len(set(held[d.player])) == 5
        for e in hand.events_of(Shows):
            assert sorted(e.cards) == sorted(deal.final_hand(e.player))
        start = sum(s.stack for s in hand.seats)
        assert sum(stack for _, stack in deal.final_stacks) == start - deal.rake
        assert deal.rake == Decimal(0)
