"""Each function of ``replayer/derived.py`` (the record's derived fields), value by value: on
real hands of ``tests/data`` whose lines show the case (antes, a dead blind, a missed small
blind, a silent return, the draws on Kings Club's lines, a hero who discards all five) and on
small hand-written hands for the cases no real file holds."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from test_tables_builder import HandBuilder

from histparse import read_histories
from histparse.cards import parse_cards
from histparse.engine import Position
from histparse.events import Hand
from histparse.game import LimitType
from histparse.replayer import Act, LineFacts, read_facts, replay
from histparse.replayer.derived import top_excess

D = Decimal
DATA = Path(__file__).resolve().parents[1] / "data"
KC = DATA / "real_histories" / "kingsclub"
C = parse_cards


def real(path: Path, hand_id: str) -> LineFacts:
    (hand,) = [h for h in read_histories(path) if h.hand_id == hand_id]
    return replay(hand).body


def facts(hand: Hand) -> LineFacts:
    # The record as the lines give it (no engine): hand-written hands may break the rules.
    return read_facts(hand).body


def kings_club_rake() -> LineFacts:
    # Kings Club #39879543, 44/88 limit, seven antes of 11; Player3 SB 22, Hero BB 44 and
    # Player1 "posts blind 44" (a small and big blind: 22 dead, 44 live). Draw lines name the
    # hero's cards; four reach the third round, two the showdown. No showdown marker.
    return real(KC / "2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt", "39879543")


def test_steps_of_antes_blinds_and_a_small_and_big_blind() -> None:
    body = kings_club_rake()
    rows = [tuple(s) for s in body.steps[:13]]
    antes = [
        (0, p, Act.POST_ANTE, D(11), None, False, line)
        for p, line in zip(
            ["Player0", "Player1", "Player2", "Player3", "Hero", "Player4", "Player5"],
            range(12, 19),
            strict=True,
        )
    ]
    assert rows == [
        *antes,
        (0, "Player3", Act.POST_SB, D(22), D(22), False, 19),
        (0, "Hero", Act.POST_BB, D(44), D(44), False, 20),
        # One line, two rows: the dead small-blind part, then the live big blind.
        (0, "Player1", Act.POST_DEAD, D(22), None, False, 21),
        (0, "Player1", Act.POST_BB, D(44), D(44), False, 21),
        (0, "Player4", Act.FOLD, D(0), None, False, 29),
        (0, "Player5", Act.FOLD, D(0), None, False, 30),
    ]
    # Eleven rows of posts, then 7 + 7 + 8 + 2 actions in the four rounds.
    assert len(body.steps) == 11 + 24 and body.all_in == frozenset()


def test_a_small_and_big_blind_short_of_the_big_blind_is_all_live() -> None:
    # E comes in with 0.08: posted all in, it is short of the 0.10 big blind, so no part of it
    # is dead and it makes one row.
    h = HandBuilder(["A", "B", "C", "E"], button=1, stacks=["5", "5", "5", "0.08"], hand_id="30")
    h.sb("B").bb("C").post("E", "sbbb", "0.08", all_in=True).deal()
    rows = [tuple(s) for s in facts(h.build()).steps]
    assert rows[2:] == [(0, "E", Act.POST_BB, D("0.08"), D("0.08"), True, 9)]


def test_a_dead_blind_and_an_all_in_ante() -> None:
    # Full Tilt #31497971185: Player2 posts a dead small blind and a big blind to come in.
    ft = DATA / "real_histories" / "fulltilt" / "3-Draw-Limit-USD-5-10-201211.txt"
    rows = [tuple(s) for s in real(ft, "31497971185").steps[:4]]
    assert rows == [
        (0, "Hero", Act.POST_SB, D("2.50"), D("2.50"), False, 7),
        (0, "Player0", Act.POST_BB, D(5), D(5), False, 8),
        (0, "Player2", Act.POST_DEAD, D("2.50"), None, False, 9),
        (0, "Player2", Act.POST_BB, D(5), D(5), False, 10),
    ]
    # PokerStars #71348201941, a heads-up tournament: Hero's ante of 1 puts them all in.
    stt = DATA / "pokerstars" / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
    body = real(stt, "71348201941")
    assert [tuple(s) for s in body.steps[:3]] == [
        (0, "Hero", Act.POST_ANTE, D(1), None, True, 5),
        (0, "Player0", Act.POST_ANTE, D(25), None, False, 6),
        (0, "Player0", Act.POST_BB, D(100), D(100), False, 7),
    ]
    assert body.all_in == frozenset({"Hero"})


def test_stakes_of_a_no_limit_hand_without_a_small_blind() -> None:
    # 50/100 no limit: the big bet is twice the big blind; nobody posted a small blind (Hero's
    # ante put them all in), so the header's stands.
    stt = DATA / "pokerstars" / "2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
    body = real(stt, "71348201941")
    assert (body.small_bet, body.big_bet, body.small_blind, body.big_blind) == (
        D(100), D(200), D(50), D(100),
    )  # fmt: skip


def test_stakes_are_the_first_blinds_posted_in_full() -> None:
    # A limit header of 0.10/0.20, and the blinds as posted: a short all-in small blind, then
    # the first small blind and the first big blind in full (not the header's 0.10), then a
    # second of each that does not count.
    h = HandBuilder(["A", "B", "C", "E"], button=4, stacks=["0.02", "5", "5", "5"], hand_id="21")
    h.sb("A", "0.02", all_in=True).sb("B", "0.04").bb("C", "0.12").sb("E", "0.06")
    h.bb("E", "0.10").deal()
    body = facts(h.build())
    assert (body.small_bet, body.big_bet, body.small_blind, body.big_blind) == (
        D("0.10"), D("0.20"), D("0.04"), D("0.12"),
    )  # fmt: skip
    # No blind posted: the header's big blind, and no small blind in a limit header.
    h = HandBuilder(["A", "B"], button=1, hand_id="22").deal()
    body = facts(h.build())
    assert (body.small_blind, body.big_blind) == (None, D("0.10"))
    # Pot limit: the header gives the blinds; the posted ones replace them.
    h = HandBuilder(["A", "B", "C"], button=1, limit=LimitType.POT, stakes=("0.25", "0.50"))
    body = facts(h.sb("B", "0.20").bb("C", "0.40").deal().build())
    assert (body.small_bet, body.big_bet, body.small_blind, body.big_blind) == (
        D("0.50"), D("1.00"), D("0.20"), D("0.40"),
    )  # fmt: skip


def test_positions_with_a_dead_small_blind() -> None:
    # Full Tilt #31349486094: button seat 2, nobody posts a small blind and Player1 (seat 4,
    # the first seat left of the button) posts the big blind, after antes: no SB.
    ft = DATA / "real_histories" / "fulltilt" / "1-Draw-NL-USD-0.20-0.40-201211.bad.collect.pot.txt"
    assert dict(real(ft, "31349486094").positions) == {
        "Player1": Position.BB, "Player2": Position.UTG, "Player3": Position.MP,
        "Hero": Position.CO, "Player0": Position.BTN,
    }  # fmt: skip
    # The same without antes: the big blind is the first seat's only post.
    h = HandBuilder(["A", "B", "C", "E"], button=1, hand_id="23").bb("B").deal()
    assert dict(facts(h.build()).positions) == {
        "B": Position.BB, "C": Position.MP, "E": Position.CO, "A": Position.BTN,
    }  # fmt: skip


def test_no_seat_dealt_in_has_no_positions() -> None:
    # Full Tilt #27020940000, a partial hand: only its summary is printed, nobody posts.
    ft = DATA / "real_histories" / "fulltilt" / "3-Draw-Limit-USD-20-40-201101.Partial.txt"
    body = real(ft, "27020940000")
    assert (body.seats, dict(body.positions), body.big_blind) == ((), {}, D(20))


def test_positions_when_the_small_blind_seat_posts_nothing_or_out_of_turn() -> None:
    # No small blind, and the big blind from the second seat left of the button: B's seat is
    # still the small blind's (missed), not a dead small blind.
    h = HandBuilder(["A", "B", "C", "E"], button=1, hand_id="24").bb("C").deal()
    assert dict(facts(h.build()).positions) == {
        "B": Position.SB, "C": Position.BB, "E": Position.CO, "A": Position.BTN,
    }  # fmt: skip
    # Blinds posted in the wrong order (B the big, C the small): a small blind was posted, so
    # the seats keep their places (SB, BB); only a dead small blind removes the SB.
    h = HandBuilder(["A", "B", "C"], button=1, hand_id="25").bb("B").sb("C").deal()
    assert dict(facts(h.build()).positions) == {
        "B": Position.SB, "C": Position.BB, "A": Position.BTN,
    }  # fmt: skip


def test_top_excess_is_the_top_contributors_unmatched_part() -> None:
    assert top_excess({}) is None
    assert top_excess({"A": D("0.05")}) == ("A", D("0.05"))
    assert top_excess({"A": D("0.10"), "B": D("0.30"), "C": D("0.10")}) == ("B", D("0.20"))
    assert top_excess({"A": D("0.30"), "B": D("0.30")}) is None
    assert top_excess({"A": D(3), "B": D(1)}) == ("A", D(2))


def test_invested_with_a_silent_return() -> None:
    # Kings Club #3516416: Player0 raises to 500 over an ante of 100 and everyone folds; the
    # site prints no return, so the 250 above Player3's big blind and ante is taken off.
    body = real(KC / "NL-2-7-SD-USD-125-250-202103.missed.sb.txt", "3516416")
    assert dict(body.invested) == {
        "Player0": D(350), "Player1": D(100), "Player2": D(225), "Player3": D(350),
        "Player4": D(100), "Hero": D(100),
    }  # fmt: skip
    # Nobody ahead (the last bet called): nothing to take off.
    assert kings_club_rake().invested["Player2"] == D(363)
    # Winamax prints no return either but counts the unmatched bet in what the winner
    # collects: Player0's last 50, which Hero folded to, stays in.
    wx = DATA / "real_histories" / "winamax"
    wx /= "Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
    assert dict(real(wx, "9250793-388-1478989461").invested) == {
        "Player0": D(175), "Hero": D(125),
    }  # fmt: skip


def home_game() -> LineFacts:
    # PokerStars Home Game #99631903994: Hero discards all five at the first draw (one
    # bracket), one at the second, stands pat on [6h 2c 5h 3s Tc] at the third, and shows.
    path = DATA / "pokerstars" / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    return real(path, "99631903994")


def test_dealt_cards_are_the_first_five() -> None:
    # The one-bracket line after discarding five is a second "deal": not the first five.
    assert dict(home_game().dealt_cards) == {"Hero": C("Kh As Kd 8h 2d")}
    assert dict(kings_club_rake().dealt_cards) == {"Hero": C("3c 7c 9d Th Jc")}


def test_draw_records_with_the_cards_on_the_draw_lines() -> None:
    rows = [tuple(r) for r in kings_club_rake().draw_records]
    assert rows == [
        (1, "Player3", 3, False, None, None, None),
        (1, "Hero", 3, False, C("9d Th Jc"), C("5s 9c Kd"), None),
        (1, "Player0", 3, False, None, None, None),
        (1, "Player2", 3, False, None, None, None),
        (2, "Player3", 2, False, None, None, None),
        (2, "Hero", 2, False, C("9c Kd"), C("Qd 6s"), None),
        (2, "Player0", 2, False, None, None, None),
        (2, "Player2", 1, False, None, None, None),
        (3, "Player3", 0, True, (), (), None),
        (3, "Player2", 1, False, None, None, None),
    ]


def test_draw_records_with_the_cards_on_the_dealt_lines() -> None:
    hero = [tuple(r) for r in home_game().draw_records if r.player == "Hero"]
    assert hero == [
        # One bracket after discarding five: all five are new, none kept (docs/findings.md).
        (1, "Hero", 5, False, C("Kh As Kd 8h 2d"), C("6h Td 2c 5h 3s"), ()),
        (2, "Hero", 1, False, C("Td"), C("Tc"), C("6h 2c 5h 3s")),
        (3, "Hero", 0, True, (), (), C("6h 2c 5h 3s Tc")),
    ]
    # PokerStars #81631597149 prints an empty bracket for a draw of two (`discards 2 cards
    # []`) and the whole hand twice on the next line: the cards are unknown.
    dup = (
        DATA
        / "pokerstars"
        / "Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
    )
    first = real(dup, "81631597149").draw_records[0]
    assert tuple(first) == (1, "Hero", 2, False, None, None, C("2s 7s 5h 3c Qh"))


def test_final_cards_the_hero_who_folds_keeps_the_last_dealt_hand() -> None:
    # Kings Club names the new cards on the draw line only: the hero's last whole hand
    # printed on a dealt or stand-pat line is the deal's. (The draws' cards are not folded
    # in: the hand held at the end was 3c 7c 5s Qd 6s.)
    final = dict(kings_club_rake().final_cards)
    assert final == {
        "Player3": C("3d 2s Td 6d 7s"), "Player2": C("2c 5d Qc 6c 8c"),
        "Hero": C("3c 7c 9d Th Jc"),
    }  # fmt: skip


def test_final_cards_from_the_summary() -> None:
    # PokerStars Home Game #99631918599: Player0 mucks at the showdown and the summary shows
    # the cards mucked; Hero's are the show's.
    path = DATA / "pokerstars" / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    assert dict(real(path, "99631918599").final_cards) == {
        "Player0": C("3d 9d Ah 6s 2h"), "Hero": C("2s 8d 4s 3s 6h"),
    }  # fmt: skip


def hero_hand(hero_pats: str | None, site: str = "PokerStars") -> HandBuilder:
    h = HandBuilder(["Hero", "V"], button=1, hero="Hero", hand_id="26", site=site)
    h.sb("Hero").bb("V").dealt("Hero", "Kh Qd 9c 5s 2d").call("Hero", "0.05").check("V")
    h.draw_round(1).pat("V", "8h 7d 6c 4s 3d").pat("Hero", hero_pats)
    return h


def test_final_cards_take_the_heros_latest_line() -> None:
    # A stand-pat line naming the cards, after the deal: the later line's cards (written
    # apart from the dealt ones here, to tell which line was read).
    final = facts(hero_hand("7h 5d 4c 3s 2h").build()).final_cards
    assert dict(final) == {"Hero": C("7h 5d 4c 3s 2h")}  # V's stand-pat line is not theirs
    # A stand-pat line naming the cards, then a draw: the later dealt line's.
    h = hero_hand("7h 5d 4c 3s 2h").draw_round(2).pat("V")
    h.discard("Hero", 1, "7h", kept="5d 4c 3s 2h", new="6d")
    assert dict(facts(h.build()).final_cards) == {"Hero": C("5d 4c 3s 2h 6d")}
    # A stand-pat line without cards: the deal's.
    assert dict(facts(hero_hand(None).build()).final_cards) == {"Hero": C("Kh Qd 9c 5s 2d")}
    # On a site whose stand-pat lines are suspect (Winamax), a hand where everyone stood pat
    # has its draws unrecorded: the pat line's cards are not taken.
    body = facts(hero_hand("7h 5d 4c 3s 2h", site="Winamax").build())
    assert body.unrecorded is True
    assert dict(body.final_cards) == {"Hero": C("Kh Qd 9c 5s 2d")}


def test_final_cards_only_the_heros_own_dealt_lines() -> None:
    # A site that prints an opponent's dealt line after the hero's: not the hero's cards.
    h = HandBuilder(["Hero", "V"], button=1, hero="Hero", hand_id="27")
    h.sb("Hero").bb("V").dealt("Hero", "Kh Qd 9c 5s 2d").dealt("V", "8h 7d 6c 4s 3d")
    final = facts(h.deal().fold("Hero").build()).final_cards
    assert dict(final) == {"Hero": C("Kh Qd 9c 5s 2d")}
    # A hero out of hand ("Seat 1: Hero (10 in chips) out of hand") is not dealt in: a line
    # showing cards for them gives them no final hand.
    h = HandBuilder(["Hero", "A", "B"], button=1, hero="Hero", hand_id="31")
    hand = h.sb("A").bb("B").dealt("Hero", "Kh Qd 9c 5s 2d").deal().fold("A").build()
    out = replace(hand, seats=(replace(hand.seats[0], out_of_hand="out of hand"), *hand.seats[1:]))
    body = facts(out)
    assert (body.dealt_in, dict(body.final_cards)) == (("A", "B"), {})
    # A hero dealt in whose cards no line shows has none.
    h = HandBuilder(["Hero", "V"], button=1, hero="Hero", hand_id="28")
    assert dict(facts(h.sb("Hero").bb("V").deal().fold("Hero").build()).final_cards) == {}


def test_has_showdown_needs_the_marker_and_two_players() -> None:
    # Two players left on PokerStars, which prints the marker, but no marker: no showdown.
    h = HandBuilder(["A", "B"], button=1, hand_id="29").sb("A").bb("B").deal()
    h.call("A", "0.05").check("B").collect("B", "0.20")
    assert facts(h.build()).has_showdown is False
    # Kings Club prints no marker: two players left (#39879543) is a showdown, one (#3516416,
    # everyone folded to the raise) is not.
    assert kings_club_rake().has_showdown is True
    body = real(KC / "NL-2-7-SD-USD-125-250-202103.missed.sb.txt", "3516416")
    assert body.has_showdown is False
