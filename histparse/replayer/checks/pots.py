"""Pot checks: the money adds up, and each pot goes to its rightful winners (R-SHOW-2..4).

The arithmetic checks use only the lines (they run even when the engine could not finish);
the winner checks compare the ``collected`` lines with the engine's settlement.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import TYPE_CHECKING

from histparse.events import Collected
from histparse.money import percent_text
from histparse.replayer.checks.common import money
from histparse.replayer.findings import Code, Finding, make_finding

if TYPE_CHECKING:
    from histparse.replayer.types import PotOutcome, Replay

__all__ = ["check_pots"]

_ZERO = Decimal(0)


def check_pots(r: Replay) -> list[Finding]:
    """POT-* findings of one replayed hand."""
    out: list[Finding] = []
    hand = r.hand
    body = r.body
    sp = body.summary_pot
    profile = r.profile
    if body.cancelled or (sp is None and profile.prints_total_pot):
        return out
    # A site that returns uncalled bets silently: the rules' returns stand in for the lines.
    silent = _ZERO
    if not profile.prints_uncalled_bets and r.complete:
        silent = sum((x.amount for x in r.returned), _ZERO)
    put_in = sum(body.contributed.values(), _ZERO) - silent
    for u in body.uncalled:
        put_in -= u.amount
    collected = _ZERO
    for c in body.collected:
        collected += c.amount
    if sp is None:
        # No total printed and no rake line: the pot is what was collected.
        total, rake, line = collected, _ZERO, (body.collected[-1].line if body.collected else None)
    else:
        total, rake, line = sp.total, sp.rake, sp.line
    # What the printed total says the players put in the pot, and what was collected from it:
    # a total net of rake (Winamax) adds the rake back; a total and collection that include
    # the winner's own uncalled bet take it out.
    gross = total + rake if profile.total_pot_net else total
    from_pot = collected
    if profile.collects_uncalled and r.complete:
        # Only a winner's own uncalled bet is in their collection (and so in the total).
        takers = {c.player for c in body.collected}
        inside = sum((x.amount for x in r.returned if x.player in takers), _ZERO)
        gross -= inside
        from_pot -= inside
    if put_in != gross:
        out.append(
            make_finding(
                hand,
                Code.POT_TOTAL,
                f"the players put in {money(hand, put_in)} (after uncalled bets) but the total "
                f"pot is {money(hand, gross)}",
                line,
            )
        )
    rake_ok = gross - rake == from_pot
    if not rake_ok:
        out.append(
            make_finding(
                hand,
                Code.POT_RAKE,
                f"total pot {money(hand, gross)} minus rake {money(hand, rake)} is "
                f"{money(hand, gross - rake)} but {money(hand, from_pot)} was collected",
                line,
            )
        )
    total, collected = gross, from_pot
    _rake_profile(r, total, rake, out)
    if collected > total:
        line = body.collected[-1].line if body.collected else line
        out.append(
            make_finding(
                hand,
                Code.POT_OVERCOLLECTED,
                f"{money(hand, collected)} collected from a total pot of {money(hand, total)}",
                line,
            )
        )
    if r.complete and r.pots:
        if sp is not None and profile.prints_total_pot and profile.itemises_pots:
            _summary_breakdown(r, out)
        _collections(r, rake_ok, out)
    return out


def _rake_profile(r: Replay, total: Decimal, rake: Decimal, out: list[Finding]) -> None:
    hand = r.hand
    profile = r.profile
    line = r.body.summary_pot.line if r.body.summary_pot is not None else None
    if rake < _ZERO or rake > total:
        out.append(
            make_finding(
                hand,
                Code.POT_RAKE_PROFILE,
                f"rake {money(hand, rake)} on a pot of {money(hand, total)}",
                line,
            )
        )
        return
    if rake and (hand.is_tournament or hand.is_play_money) and not profile.rake_in_tournaments:
        out.append(
            make_finding(
                hand,
                Code.POT_RAKE_PROFILE,
                f"rake {money(hand, rake)} in a tournament or play-money hand",
                line,
            )
        )
    elif rake and profile.no_rake_before_draw and r.body.reached_draw == 0:
        out.append(
            make_finding(
                hand,
                Code.POT_RAKE_PROFILE,
                f"rake {money(hand, rake)} on a hand that ends before the first draw "
                f"({profile.site} takes none)",
                line,
            )
        )
    elif profile.max_rake is not None and rake:
        num, den = _ratio(profile.max_rake)
        if rake * den <= total * num:
            return  # within the exact share, so within its rounded-up ceiling too
        ceiling = (total * num / den / r.unit).to_integral_value(ROUND_CEILING) * r.unit
        if rake > ceiling:
            out.append(
                make_finding(
                    hand,
                    Code.POT_RAKE_PROFILE,
                    f"rake {money(hand, rake)} is above {profile.site}'s ceiling of "
                    f"{percent_text(profile.max_rake)} of the pot ({money(hand, ceiling)})",
                    line,
                )
            )


# id(fraction) -> (fraction, numerator, denominator): Fraction's numerator and denominator
# are Python properties; the profiles' few fractions are read once.
_RATIOS: dict[int, tuple[Fraction, int, int]] = {}


def _ratio(share: Fraction) -> tuple[int, int]:
    cached = _RATIOS.get(id(share))
    if cached is None or cached[0] is not share:
        cached = (share, share.numerator, share.denominator)
        if len(_RATIOS) < 64:
            _RATIOS[id(share)] = cached
    return cached[1], cached[2]


def _summary_breakdown(r: Replay, out: list[Finding]) -> None:
    """``Main pot X. Side pot-1 Y.`` against the pots the rules build (main pot net of rake)."""
    hand = r.hand
    sp = r.body.summary_pot
    assert sp is not None
    if sp.main is None:
        if len(r.pots) > 1:
            out.append(
                make_finding(
                    hand,
                    Code.POT_SIDE_POTS,
                    f"the rules build {len(r.pots)} pots but the summary gives one total",
                    sp.line,
                )
            )
        return
    nets = [p.net for p in r.pots]
    written = [sp.main, *sp.sides]
    if written != nets:
        out.append(
            make_finding(
                hand,
                Code.POT_SIDE_POTS,
                "the summary's pots are "
                + ", ".join(money(hand, a) for a in written)
                + "; the rules build "
                + ", ".join(f"{p.name} {money(hand, p.net)}" for p in r.pots)
                + " (after rake)",
                sp.line,
            )
        )


def _collections(r: Replay, rake_ok: bool, out: list[Finding]) -> None:
    hand = r.hand
    collections = _pot_collections(r)
    pots = {p.index: p for p in r.pots}
    count = len(pots)
    if count > 1:
        for c in collections:
            if c.pot != "pot":
                break
        else:
            _collections_by_player(r, rake_ok, out)
            return
    taken: dict[int, dict[str, Decimal]] = {}
    first_line: dict[int, int] = {}
    for c in collections:
        index = c.pot_index
        pot = pots.get(index)
        if pot is None:
            out.append(
                make_finding(
                    hand,
                    Code.POT_SIDE_POTS,
                    f"{c.player} collects from the {c.pot}, which the rules do not build",
                    c.line,
                )
            )
            continue
        got = taken.get(index)
        if got is None:
            got = taken[index] = {}
            first_line[index] = c.line
        got[c.player] = got.get(c.player, _ZERO) + c.amount
        if c.player not in pot.eligible:
            out.append(
                make_finding(
                    hand,
                    Code.POT_NOT_ELIGIBLE,
                    f"{c.player} collects from the {_name(pot, count)} but only "
                    f"{', '.join(pot.eligible)} may win it",
                    c.line,
                )
            )
        elif c.player not in pot.winners:
            out.append(
                make_finding(
                    hand,
                    Code.POT_WINNER,
                    f"{c.player} collects the {_name(pot, count)}; it belongs to "
                    f"{' and '.join(pot.winners)}{_ranks(r, pot)}",
                    c.line,
                )
            )
    for pot in r.pots:
        got = taken.get(pot.index, {})
        line = first_line.get(pot.index)
        taken_total = sum(got.values(), _ZERO)
        if taken_total > pot.amount:
            out.append(
                make_finding(
                    hand,
                    Code.POT_OVERCOLLECTED,
                    f"{money(hand, taken_total)} collected from the "
                    f"{_name(pot, count)}, which holds {money(hand, pot.amount)}",
                    line,
                )
            )
        shares = dict(pot.shares)
        if pot.net > _ZERO:
            for w in pot.winners:
                if w not in got and shares[w] > _ZERO:
                    out.append(
                        make_finding(
                            hand,
                            Code.POT_WINNER,
                            f"{w} wins the {_name(pot, count)} by the rules but collects "
                            "nothing from it",
                            line,
                        )
                    )
        if not rake_ok or set(got) != {w for w, share in pot.shares if share > _ZERO}:
            continue
        for w in pot.winners:
            if got.get(w, _ZERO) != shares[w]:
                code = Code.POT_SPLIT if len(pot.winners) > 1 else Code.POT_SIDE_POTS
                out.append(
                    make_finding(
                        hand,
                        code,
                        f"the {_name(pot, count)} is collected as "
                        + ", ".join(f"{w} {money(hand, got.get(w, _ZERO))}" for w in pot.winners)
                        + "; the rules give "
                        + ", ".join(f"{w} {money(hand, shares[w])}" for w in pot.winners)
                        + (f" (odd chips to {', '.join(pot.odd_chips)})" if pot.odd_chips else ""),
                        line,
                    )
                )
                break


def _collections_by_player(r: Replay, rake_ok: bool, out: list[Finding]) -> None:
    """Several pots but ``collected ... from pot`` lines: compare each player's total."""
    hand = r.hand
    body = r.body
    rightful = {p.player: p.rightful or _ZERO for p in r.players}
    got: dict[str, Decimal] = defaultdict(lambda: _ZERO)
    for c in _pot_collections(r):
        got[c.player] += c.amount
    for player, amount in got.items():
        if rightful.get(player, _ZERO) == 0:
            eligible = any(player in p.eligible for p in r.pots)
            out.append(
                make_finding(
                    hand,
                    Code.POT_WINNER if eligible else Code.POT_NOT_ELIGIBLE,
                    f"{player} collects {money(hand, amount)} but wins no pot by the rules",
                    next(c.line for c in body.collected if c.player == player),
                )
            )
        elif rake_ok and amount != rightful[player]:
            out.append(
                make_finding(
                    hand,
                    Code.POT_SPLIT,
                    f"{player} collects {money(hand, amount)}; the rules give "
                    f"{money(hand, rightful[player])}",
                    next(c.line for c in body.collected if c.player == player),
                )
            )
    for player, amount in rightful.items():
        if amount > 0 and player not in got:
            out.append(
                make_finding(
                    hand,
                    Code.POT_WINNER,
                    f"{player} wins {money(hand, amount)} by the rules but collects nothing",
                )
            )


def _pot_collections(r: Replay) -> list[Collected]:
    """The collection lines as money taken from the pots: a site whose collection includes the
    winner's own uncalled bet (``collects_uncalled``) has it taken off that player's first
    line."""
    collections = list(r.body.collected)
    if not r.profile.collects_uncalled or not r.complete:
        return collections
    for back in r.returned:
        for k, c in enumerate(collections):
            if c.player == back.player:
                collections[k] = replace(c, amount=c.amount - back.amount)
                break
    return collections


def _name(pot: PotOutcome, count: int) -> str:
    return "pot" if count == 1 else pot.name


def _ranks(r: Replay, pot: PotOutcome) -> str:
    shown = [r.body.shows[p] for p in pot.eligible if p in r.body.shows]
    if not shown:
        return ""
    parts = [f"{s.player} [{' '.join(map(str, s.cards))}]" for s in shown]
    return " (shown: " + ", ".join(parts) + ")"
