"""The draw-decision review: its equities against an enumeration from the simulator's truth,
and a made 8-low broken at the last draw against a one-card draw flagged with its cost."""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from histparse.cards import Card, parse_cards
from histparse.equity import evaluate
from histparse.parsing import parse_text
from histparse.replayer import read_facts
from histparse.review import best_kept, review, review_hand, summarise
from histparse.simulation import SimConfig, simulate_with_cards
from histparse.simulation.bots import STATION
from histparse.simulation.deal import FullDeal


def _share(mine: tuple[Card, ...], k: int, theirs: tuple[Card, ...], j: int,
           pool: list[Card]) -> Fraction:  # fmt: skip
    """The exact share of ``mine`` + k cards against ``theirs`` + j cards, every pair of
    disjoint card sets from ``pool`` equally likely (numpy over all of them)."""
    a = np.array(list(itertools.combinations(pool, k)), dtype=np.int8).reshape(-1, max(k, 1))
    b = np.array(list(itertools.combinations(pool, j)), dtype=np.int8).reshape(-1, max(j, 1))
    a = a if k else np.zeros((1, 0), dtype=np.int8)
    b = b if j else np.zeros((1, 0), dtype=np.int8)
    ia, ib = np.meshgrid(np.arange(len(a)), np.arange(len(b)), indexing="ij")
    ia, ib = ia.ravel(), ib.ravel()
    clash = np.zeros(len(ia), dtype=np.bool_)
    for x in range(k):
        for y in range(j):
            clash |= a[ia, x] == b[ib, y]
    ia, ib = ia[~clash], ib[~clash]
    hand_a = np.concatenate([np.broadcast_to(np.array(mine, np.int8), (len(ia), 5 - k)), a[ia]], 1)
    hand_b = np.concatenate(
        [np.broadcast_to(np.array(theirs, np.int8), (len(ib), 5 - j)), b[ib]], 1
    )
    ra, rb = evaluate(hand_a), evaluate(hand_b)
    doubled = int(2 * (ra < rb).sum() + (ra == rb).sum())
    return Fraction(doubled, 2 * len(ia))


def _hands_before_draw(deal: FullDeal, number: int) -> dict[str, tuple[Card, ...]]:
    """Every player's five cards going into draw ``number``, from the simulator's truth."""
    hands = {name: tuple(cards) for name, cards in deal.dealt}
    for d in deal.draws:
        if d.number >= number:
            break
        kept = [c for c in hands[d.player] if c not in d.discarded]
        hands[d.player] = tuple(kept) + tuple(d.received)
    return hands


def _final(deal: FullDeal) -> dict[str, tuple[Card, ...]]:
    return _hands_before_draw(deal, 99)


def test_the_last_draw_equities_equal_an_enumeration_from_the_truth() -> None:
    """Over 500 last-draw decisions of simulated heads-up hands: the review's equity for the
    draw actually made is the exact share found from the simulator's cards (the opponent's
    kept cards averaged over the subsets of its shown hand, as the review assumes), and the
    opponent's true kept cards are always one of those subsets."""
    config = SimConfig(players=2, bots=(STATION,), seating_rate=0.0, chat_rate=0.0)
    checked = 0
    for hand, deal in simulate_with_cards(40_000, seed=35, config=config):
        if any(d.reshuffled for d in deal.draws):
            continue
        replay = read_facts(hand)
        third = [d for d in deal.draws if d.number == 3]
        if (
            len(third) != 2
            or not replay.body.has_showdown
            or "Hero" not in {d.player for d in third}
        ):
            continue
        if max(len(d.discarded) for d in third) > 1:
            continue  # kept cheap: both stand pat or draw one (the enumeration is per test)
        rows = review_hand(replay, "Hero", draws=(3,), actual_only=True)
        assert len(rows) == 1, hand.hand_id
        row = rows[0]
        (actual,) = row.choices  # the draw made alone
        assert actual.label == row.actual and row.cost_equity == 0
        assert actual.exact is not None, hand.hand_id  # one card at most against one at most
        before = _hands_before_draw(deal, 3)
        final = _final(deal)
        mine = next(d for d in third if d.player == "Hero")
        theirs = next(d for d in third if d.player != "Hero")
        assert set(row.before) == set(before["Hero"])
        dead = {c for d in deal.draws if d.player == "Hero" and d.number < 3 for c in d.discarded}
        true_kept = set(before[theirs.player]) - set(theirs.discarded)
        j = len(theirs.discarded)
        candidates = [
            c for c in itertools.combinations(sorted(final[theirs.player]), 5 - j)
            if not set(c) & set(before["Hero"])
        ]  # fmt: skip
        assert true_kept in [set(c) for c in candidates]
        kept = tuple(c for c in before["Hero"] if c not in mine.discarded)
        expected = Fraction(0)
        for cand in candidates:
            seen = set(before["Hero"]) | dead | set(cand)
            pool = [c for c in range(52) if c not in seen]
            expected += _share(kept, 5 - len(kept), cand, j, pool)
        assert actual.exact == expected / len(candidates), hand.hand_id
        checked += 1
        if checked == 500:
            break
    assert checked == 500


_HEADER = (
    "PokerStars Hand #900000001:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - "
    "2020/01/01 10:00:00 ET\n"
)
_BREAK = (
    _HEADER
    + """\
Table 'Review' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Hero: posts small blind $0.05
Villain: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [8c 6d 4h 3s Kd]
Hero: raises $0.10 to $0.20
Villain: calls $0.10
*** FIRST DRAW ***
Villain: discards 1 card
Hero: discards 1 card [Kd]
Dealt to Hero [8c 6d 4h 3s] [2c]
Villain: checks
Hero: bets $0.10
Villain: calls $0.10
*** SECOND DRAW ***
Villain: discards 1 card
Hero: stands pat on [8c 6d 4h 3s 2c]
Villain: checks
Hero: bets $0.20
Villain: calls $0.20
*** THIRD DRAW ***
Villain: discards 1 card
Hero: discards 1 card [8c]
Dealt to Hero [6d 4h 3s 2c] [Qh]
Villain: checks
Hero: checks
*** SHOW DOWN ***
Villain: shows [7h 5d 3d 2h Jc] (Lo: J,7,5,3,2)
Hero: shows [6d 4h 3s 2c Qh] (Lo: Q,6,4,3,2)
Villain collected $1.00 from pot
*** SUMMARY ***
Total pot $1.00 | Rake $0
Seat 1: Hero (button) (small blind) showed [6d 4h 3s 2c Qh] and lost with Lo: Q,6,4,3,2
Seat 2: Villain (big blind) showed [7h 5d 3d 2h Jc] and won ($1.00) with Lo: J,7,5,3,2
"""
)


def _villain_stands_pat(*draws: str) -> str:
    """``_BREAK`` with Villain standing pat at the draws named (``"SECOND"``, ``"THIRD"``)
    instead of drawing one."""
    text = _BREAK
    for draw in draws:
        text = text.replace(
            f"*** {draw} DRAW ***\nVillain: discards 1 card",
            f"*** {draw} DRAW ***\nVillain: stands pat",
        )
    return text


def test_breaking_a_made_eight_at_the_last_draw_is_flagged_with_its_cost() -> None:
    """Hero breaks 8-6-4-3-2 at the last draw against a one-card draw: standing pat was best,
    and the cost is the pot times the equity given up, both exact."""
    (hand,) = parse_text(_BREAK)
    frame = review([hand], "Hero")
    row = frame.iloc[0]
    assert (row["draw"], row["actual"], row["best"]) == (3, "keep 4", "pat")
    # Independently: Villain kept four of 7-5-3-2-J (five candidates), drawing one; Hero's
    # earlier discard Kd is dead. Pat: 8-6-4-3-2 against each candidate + one card; break:
    # 6-4-3-2 + one card against the same.
    pat_hand = parse_cards("8c 6d 4h 3s 2c")
    shown = parse_cards("7h 5d 3d 2h Jc")
    pat = brk = Fraction(0)
    for cand in itertools.combinations(shown, 4):
        seen = set(pat_hand) | {parse_cards("Kd")[0]} | set(cand)
        pool = [c for c in range(52) if c not in seen]
        pat += _share(pat_hand, 0, cand, 1, pool)
        brk += _share(parse_cards("6d 4h 3s 2c"), 1, cand, 1, pool)
    pat, brk = pat / 5, brk / 5
    assert row["eq_pat"] == pytest.approx(float(pat), abs=1e-12)
    assert row["eq_actual"] == pytest.approx(float(brk), abs=1e-12)
    assert row["cost_equity"] == pytest.approx(float(pat - brk), abs=1e-12)
    pot = Decimal("0.20") * 2 + Decimal("0.10") * 2 + Decimal("0.20") * 2  # before the 3rd draw
    assert row["pot"] == pot
    assert row["cost"] == (pot * (pat - brk).numerator / (pat - brk).denominator).quantize(
        Decimal("0.01")
    )
    assert row["cost"] > 0
    summary = summarise(frame)
    top = summary.iloc[0]
    assert (top["draw"], top["facing"], top["mistakes"]) == (3, "draw 1", 1)


def test_a_heads_up_last_draw_is_exact_for_every_choice() -> None:
    """At the last draw heads-up against a draw of one or two cards, breaking to one card or
    none is valued exactly too (card classes), each the mean of equity()'s fractions over the
    opponent's candidate holdings, so the row says ``exact``; against a three-card draw those
    two choices are sampled (0.3 s a query) and the row says ``monte-carlo``."""
    from histparse.equity import Holding, Situation, equity

    shown, dead = parse_cards("7h 5d 3d 2h Jc"), parse_cards("Kd")
    for drawn in (1, 2, 3):
        text = _BREAK.replace(
            "*** THIRD DRAW ***\nVillain: discards 1 card",
            f"*** THIRD DRAW ***\nVillain: discards {drawn} card{'s' * (drawn > 1)}",
        )
        (row,) = review_hand(read_facts(parse_text(text)[0]), "Hero", draws=(3,))
        by_label = {c.label: c for c in row.choices}
        assert by_label["keep 2"].exact is not None  # three cards at most: exact as before
        if drawn == 3:
            assert row.method == "monte-carlo"
            assert by_label["keep 1"].exact is None and by_label["keep 0"].exact is None
            continue
        assert row.method == "exact"
        candidates = list(itertools.combinations(shown, 5 - drawn))
        for label, kept in (("keep 1", "2c"), ("keep 0", "")):
            cards = parse_cards(kept)
            thrown = tuple(c for c in parse_cards("8c 6d 4h 3s 2c") if c not in cards)
            total = Fraction(0)
            for cand in candidates:
                hero = Holding(tuple(cards), 0, thrown)
                situation = Situation((hero, Holding(cand)), draws_left=1, dead=dead)
                share = equity(situation, method="exact").players[0].exact
                assert share is not None
                total += share
            assert by_label[label].exact == total / len(candidates), (drawn, label)


def test_best_kept_prefers_low_distinct_ranks() -> None:
    cards = parse_cards("8c 8d 4h 3s Kd")
    assert best_kept(cards, 3) == tuple(sorted(parse_cards("8c 4h 3s")))
    assert best_kept(cards, 4) == tuple(sorted(parse_cards("8c 4h 3s Kd")))
    assert best_kept(cards, 0) == ()


def test_the_command_prints_the_costliest_draw_and_writes_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from histparse.cli import main

    path = tmp_path / "break.txt"
    path.write_text(_BREAK, encoding="utf-8")
    csv = tmp_path / "review.csv"
    status = main(["review", str(path), "--player", "Hero", "--csv", str(csv)])
    out = capsys.readouterr().out
    assert status == 0
    assert "draw 3 (1 left" in out and "best pat" in out
    rows = csv.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("site,hand_id,player,draw") and len(rows) == 1 + 3
    assert main(["review", str(tmp_path / "missing.txt"), "--player", "Hero"]) == 2


def test_a_rejected_hand_is_named_and_counted_not_dropped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Nothing read is lost silently: a damaged hand beside a good one is named with its file
    and line, counted, and the run exits 1 (EXIT_REJECTED) with the good hand reviewed."""
    from histparse.cli import main

    path = tmp_path / "mixed.txt"
    path.write_text(_BREAK + "\n\nPokerStars Hand #1: AAAA\n\n", encoding="utf-8")
    status = main(["review", str(path), "--player", "Hero"])
    captured = capsys.readouterr()
    assert status == 1
    assert "draw 3 (1 left" in captured.out
    assert f"{path}:" in captured.err and "no date" in captured.err
    assert "1 rejected" in captured.err


def test_two_draws_left_against_a_pat_hand_is_exact() -> None:
    """With two draws left heads-up, a stand-pat, a one-card or a two-card draw against a hand
    that stood pat is valued exactly in ``auto`` (the class paths), each the fraction equity()
    finds for that situation (the opponent follows the default policy at the last draw, as
    stated)."""
    from histparse.equity import DEFAULT_POLICY, DrawToBest, Holding, Situation, StandPat, equity
    from histparse.ranking import WORST_RANK

    text = _villain_stands_pat("SECOND", "THIRD")
    (hand,) = parse_text(text)
    (row,) = review_hand(read_facts(hand), "Hero", draws=(2,))
    assert (row.draws_left, row.facing, row.actual) == (2, "pat", "pat")
    by_label = {c.label: c for c in row.choices}
    # Villain stood pat at this draw: pat in every deal now, the default policy at the last.
    pat_now = DrawToBest((DEFAULT_POLICY.pat_at[0], WORST_RANK, DEFAULT_POLICY.pat_at[2]))
    villain = Holding.of("7h 5d 3d 2h Jc", policy=pat_now)
    dead = parse_cards("Kd")

    def exact(hero: Holding) -> Fraction | None:
        situation = Situation((hero, villain), draws_left=2, dead=dead)
        return equity(situation, method="exact").players[0].exact

    assert by_label["pat"].exact == exact(Holding.of("8c 6d 4h 3s 2c", policy=StandPat()))
    assert by_label["keep 4"].exact == exact(Holding.of("6d 4h 3s 2c", discards="8c"))
    # A two-card draw against a one-card draw or a pat hand is exact too (its last draw summed
    # into the pairing); a three-card draw is still sampled.
    assert by_label["keep 3"].exact == exact(Holding.of("4h 3s 2c", discards="8c 6d"))
    assert by_label["keep 2"].exact is None
    assert row.best == "pat"


def test_two_draws_left_against_a_one_card_draw_that_may_break_is_exact() -> None:
    """Villain draws one at the second draw and stands pat at the third: at the second its
    kept cards are four of the five shown, and those with the jack (three low cards) may
    break at the last draw. Heads-up with one card drawn or none by each, standing pat and
    drawing one are still valued exactly, each the mean of equity()'s fractions over the five
    candidates (sampled before 2026-12-07: only a draw that reads one card at most at each
    draw was exact)."""
    from histparse.equity import Holding, Situation, StandPat, equity

    text = _villain_stands_pat("THIRD")
    (row,) = review_hand(read_facts(parse_text(text)[0]), "Hero", draws=(2,))
    assert (row.draws_left, row.facing, row.actual, row.candidates) == (2, "draw 1", "pat", 5)
    by_label = {c.label: c for c in row.choices}
    candidates = list(itertools.combinations(parse_cards("7h 5d 3d 2h Jc"), 4))
    assert any(parse_cards("Jc")[0] in c for c in candidates)
    for label, hero in (
        ("pat", Holding.of("8c 6d 4h 3s 2c", policy=StandPat())),
        ("keep 4", Holding.of("6d 4h 3s 2c", discards="8c")),
    ):
        total = Fraction(0)
        for cand in candidates:
            situation = Situation((hero, Holding(cand)), draws_left=2, dead=parse_cards("Kd"))
            share = equity(situation, method="exact").players[0].exact
            assert share is not None
            total += share
        assert by_label[label].exact == total / len(candidates), label
    assert by_label["keep 2"].exact is None  # a three-card draw: sampled


def test_an_opponent_that_stood_pat_stands_pat_in_every_deal() -> None:
    """Villain stood pat on J-7 at the last draw (the default policy would draw to 7-5-3-2):
    the review values Hero's choices against the J-7 itself, so Hero's pat 8-6 wins it all."""
    text = _villain_stands_pat("THIRD")
    (hand,) = parse_text(text)
    (row,) = review_hand(read_facts(hand), "Hero", draws=(3,))
    assert (row.facing, row.candidates) == ("pat", 1)
    by_label = {c.label: c for c in row.choices}
    assert by_label["pat"].exact == 1
    assert row.best == "pat" and row.cost_equity > 0


def test_a_cost_between_two_exact_choices_is_exact_and_said_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where the draw made and the best choice are exact but others sampled, the row gives both
    fractions (``exact_actual``, ``exact_best``), the cost is the pot times their difference,
    and the command says the cost is exact; a row all exact says ``exact``."""
    from histparse.cli import main
    from histparse.parsing import read_histories

    real = Path(__file__).resolve().parents[1] / "data" / "real_histories" / "fulltilt"
    stt = real / "3-Draw-Limit-USD-STT-2max-10-201211.txt"
    # Hero stood pat on a 9-7 with two draws left against a pat 8-6: keeping four is best.
    hand = next(h for h in read_histories(stt) if h.hand_id == "31331182923")
    row = review([hand], "Hero").set_index("draw").loc[2]
    assert (row["actual"], row["best"], row["method"]) == ("pat", "keep 4", "monte-carlo")
    best, actual = Fraction(row["exact_best"]), Fraction(row["exact_actual"])
    assert actual == 0 and float(best) == pytest.approx(row["eq_best"])
    assert row["cost"] == (row["pot"] * best.numerator / best.denominator).quantize(Decimal("0.01"))
    assert row["eq_keep_0"] > 0  # sampled: no fraction for it
    # The command: Villain stands pat at the second and third draws of _BREAK.
    text = _villain_stands_pat("SECOND", "THIRD")
    path = tmp_path / "pat.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["review", str(path), "--player", "Hero"]) == 0
    lines = capsys.readouterr().out.splitlines()
    costs = {
        line.split(" draw ")[1][0]: line for line in lines if line.startswith("  PokerStars #")
    }
    after = {d: lines[lines.index(line) + 1] for d, line in costs.items()}
    assert after["3"].endswith("(exact)")
    assert after["2"].endswith("(exact cost; other choices monte-carlo)")
    assert after["1"].endswith("(monte-carlo)")
    # Hero breaks to two cards at the second draw (sampled) where pat was best (exact): one
    # fraction alone does not make the cost exact.
    broken = text.replace(
        "Hero: stands pat on [8c 6d 4h 3s 2c]",
        "Hero: discards 3 cards [8c 6d 4h]\nDealt to Hero [3s 2c] [9h Th Js]",
    ).replace(
        "Hero: discards 1 card [8c]\nDealt to Hero [6d 4h 3s 2c] [Qh]",
        "Hero: stands pat on [3s 2c 9h Th Js]",
    )
    broken = broken.replace("6d 4h 3s 2c Qh", "3s 2c 9h Th Js").replace("Q,6,4,3,2", "J,T,9,3,2")
    (row,) = review(parse_text(broken), "Hero").query("draw == 2").itertuples()
    assert (row.actual, row.best, row.exact_best) == ("keep 2", "pat", "35/41")
    assert pd.isna(row.exact_actual)
    path.write_text(broken, encoding="utf-8")
    assert main(["review", str(path), "--player", "Hero"]) == 0
    out = capsys.readouterr().out.splitlines()
    line = next(x for x in out if x.startswith("  PokerStars #900000001 draw 2"))
    assert out[out.index(line) + 1].endswith("(monte-carlo)")
