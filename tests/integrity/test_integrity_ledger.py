"""The victim ledger on a constructed case, pooling and disagreements (histparse.integrity)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from histparse.cli import main
from histparse.integrity import Pool, observe, victim_ledger
from histparse.parsing import parse_text
from histparse.replayer import replay

# Vic (big blind) and Dump (small blind) play to a showdown; Other folds. {winner} collects
# {collected} of a $0.80 pot with {rake} rake: whoever loses put in exactly $0.40.
_HAND = """\
PokerStars Hand #{hid}:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - 2013/06/05 16:01:16 ET
Table 'Gyptis XII' 6-max Seat #5 is the button
Seat 1: Vic ($2.26 in chips)
Seat 5: Other ($3.70 in chips)
Seat 6: Dump ($3.63 in chips)
Dump: posts small blind $0.05
Vic: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Other [Jc Ks 6s Qd 3s]
Other: folds
Dump: raises $0.10 to $0.20
Vic: calls $0.10
*** FIRST DRAW ***
Dump: discards 1 card
Vic: discards 1 card
Dump: checks
Vic: checks
*** SECOND DRAW ***
Dump: discards 2 cards
Vic: discards 1 card
Dump: checks
Vic: checks
*** THIRD DRAW ***
Dump: discards 2 cards
Vic: discards 1 card
Dump: checks
Vic: bets $0.20
Dump: calls $0.20
*** SHOW DOWN ***
Vic: shows [{vic}] (Lo: {vic_lo})
Dump: shows [{dump}] (Lo: {dump_lo})
{winner} collected ${collected} from pot
*** SUMMARY ***
Total pot $0.80 | Rake ${rake}
Seat 1: Vic (big blind) showed [{vic}] and {vic_end}
Seat 5: Other (button) folded before the Draw (didn't bet)
Seat 6: Dump (small blind) showed [{dump}] and {dump_end}



"""

_T7 = ("Ts 2c 4h 7s 3c", "T,7,4,3,2")
_E8 = ("5c 3h 6d 8c 2d", "8,6,5,3,2")


def _hand(hid: int, vic_wins: bool, rake: str = "0") -> str:
    collected = str(Decimal("0.80") - Decimal(rake))
    win, lose = _E8, _T7
    vic, dump = (win, lose) if vic_wins else (lose, win)
    won = f"won (${collected}) with Lo: {win[1]}"
    return _HAND.format(
        hid=hid,
        vic=vic[0],
        vic_lo=vic[1],
        dump=dump[0],
        dump_lo=dump[1],
        winner="Vic" if vic_wins else "Dump",
        collected=collected,
        rake=rake,
        vic_end=won if vic_wins else f"lost with Lo: {vic[1]}",
        dump_end=f"lost with Lo: {dump[1]}" if vic_wins else won,
    )


def _pool(*texts: tuple[str, str]) -> Pool:
    pool = Pool(["Vic"])
    for text, path in texts:
        for hand in parse_text(text, path):
            pool.add(observe(replay(hand)))
    return pool


def test_ledger_equals_injected_transfers_to_the_cent() -> None:
    # Injected: Vic loses $0.40 to Dump, wins $0.40 back, then loses $0.40 of which the site
    # rakes 5%: Dump gets 0.40 * 0.76 / 0.80 = $0.38 of Vic's money.
    text = _hand(1001, False) + _hand(1002, True) + _hand(1003, False, rake="0.04")
    pool = _pool((text, "other.txt"))
    assert all(not replay(h).findings for h in parse_text(text, "x"))
    lines = {(x.victim, x.other): x for x in victim_ledger(pool, ["Vic"])}
    dump = lines[("Vic", "Dump")]
    assert dump.lost == Decimal("0.78")
    assert dump.won == Decimal("0.40")
    assert dump.net == Decimal("-0.38")
    assert dump.hands == ("1001", "1002", "1003")
    other = lines[("Vic", "Other")]
    assert (other.lost, other.won, len(other.hands)) == (Decimal(0), Decimal(0), 3)


def test_copies_pool_into_one_hand_and_disagreements_are_found() -> None:
    good = _hand(1001, False)
    bad = good.replace("Dump collected $0.80", "Dump collected $0.70")
    pool = _pool((good, "a.txt"), (good, "b.txt"), (bad, "c.txt"))
    assert len(pool) == 1
    assert pool.copies("PokerStars", "1001") == 3
    assert pool.seen_counts() == {1: 1}  # three copies, one hero
    assert len(pool.disagreements) == 1
    found = pool.disagreements[0]
    assert found.parts == ("collected",)
    assert found.other[0] == "c.txt"
    assert "c.txt" in str(found) and "a.txt" in str(found)


def test_cli_names_the_ledger_and_exits_5_on_disagreement(tmp_path: Path, capsys: object) -> None:
    good = _hand(1001, False)
    (tmp_path / "a.txt").write_text(good, encoding="utf-8")
    (tmp_path / "b.txt").write_text(good.replace("$0.80 from", "$0.70 from"), encoding="utf-8")
    names = tmp_path / "names.txt"
    names.write_text("Vic\n", encoding="utf-8")
    status = main(["integrity", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"),
                   "--names", str(names), "--jobs", "1"])  # fmt: skip
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert status == 5  # EXIT_FINDINGS: copies of a hand disagree
    assert "Vic vs Dump: 1 hands, lost 0.40" in out
    assert "disagree on collected" in out
