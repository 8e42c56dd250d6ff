"""Render one hand as text: ``render_hand(hand, replay=None) -> str``.

The text has a header, the seats with stacks and positions, then the hand street by street
(every post and action with the pot after it, every draw line, the hero's hand after each
draw), the showdown, the result from the replay (pots with their winners, rake, each player's
net) and the hand's findings. Money is printed exactly, in the hand's money unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC
from decimal import Decimal

from histparse.cards import Card, CardError, format_hand
from histparse.events import (
    Action,
    CapReached,
    Chat,
    DealtTo,
    DoesntShow,
    Draw,
    Event,
    Hand,
    HandCancelled,
    Mucks,
    PlayerStatus,
    Post,
    Reshuffle,
    SectionMarker,
    Shows,
    StatusKind,
    SummarySeat,
    TournamentFinish,
    TournamentWin,
    UncalledBet,
)
from histparse.game import ActionKind, PostKind, Street
from histparse.money import MoneyText
from histparse.numerals import ordinal
from histparse.ranking import describe_rank, hand_rank
from histparse.replayer import PotOutcome, Replay
from histparse.replayer import replay as replay_hand
from histparse.show.pot import running_pot
from histparse.sites import words_for
from histparse.textio import visible

__all__ = ["describe_cards", "render_hand"]

_ZERO = Decimal(0)
# The pot column starts after the longest line text, but a long chat line should not push
# every pot far to the right.
_MAX_TEXT = 44
_STREET_TITLES = {
    Street.PREDEAL: "Blinds and antes",
    Street.PREDRAW: "Pre-draw",
    Street.DRAW1: "First draw",
    Street.DRAW2: "Second draw",
    Street.DRAW3: "Third draw",
    Street.SHOWDOWN: "Showdown",
}
_POST_TEXT = {
    PostKind.SMALL_BLIND: "posts small blind",
    PostKind.BIG_BLIND: "posts big blind",
    PostKind.SMALL_AND_BIG_BLIND: "posts small & big blinds",
    PostKind.ANTE: "posts the ante",
    PostKind.DEAD_BLIND: "posts a dead blind",
}


@dataclass(frozen=True, slots=True)
class _Row:
    """One line of the street-by-street part: who, what, and the pot after it (if it moved
    money or could have)."""

    player: str
    text: str
    pot: Decimal | None = None
    line: int = 0  # the source line it shows (the HTML view marks findings on it)


_Item = str | _Row


def describe_cards(cards: Sequence[Card], site: str | None = None) -> str:
    """``Lo: 7,5,4,3,2 (rank 1)`` for a five-card hand, worded as ``site`` words its hands
    (Full Tilt: ``7,5,4,3,2 (rank 1)``; PokerStars' wording when None), or why the cards are
    no hand."""
    if len(cards) != 5:
        return f"not a five-card hand ({len(cards)} cards)"
    try:
        rank = hand_rank(cards)
    except CardError:
        return "not a valid hand (a card appears twice)"
    text = describe_rank(rank) if site is None else words_for(site).describe(rank)
    return f"{text} (rank {rank})"


def render_hand(hand: Hand, replay: Replay | None = None) -> str:
    """The hand as text, street by street, ending with a newline.

    ``replay`` is ``replay(hand)`` (computed when not given); it supplies the positions'
    dealt-in players, the pots with their winners, each player's net and the findings.
    """
    if replay is None:
        replay = replay_hand(hand)
    elif replay.hand.hand_id != hand.hand_id or replay.hand.site != hand.site:
        raise ValueError(
            f"the replay is of {replay.hand.site} hand #{replay.hand.hand_id}, "
            f"not of {hand.site} hand #{hand.hand_id}"
        )
    money = MoneyText.for_hand(hand)
    lines: list[str] = []
    lines.extend(_header(hand, money))
    lines.append("")
    lines.extend(_seats(hand, replay, money))
    lines.append("")
    lines.extend(_layout(_streets(hand, money), money))
    lines.append("")
    lines.extend(_result(hand, replay, money))
    lines.append("")
    lines.extend(_findings(replay))
    # Names and chat are shown as they are, never as terminal controls (escape sequences,
    # bidi overrides): every invisible character is written as an escape.
    return "\n".join(visible(line) for line in lines) + "\n"


# ------------------------------------------------------------------------------------ header


def _header(hand: Hand, money: MoneyText) -> list[str]:
    game = hand.game.label if hand.mixed_game is None else f"{hand.mixed_game} ({hand.game.label})"
    low, high = hand.stakes
    stakes = f"{hand.limit_type.label} {money(low)}/{money(high)}"
    if hand.currency is not None:
        stakes += f" {hand.currency}"
    if hand.is_play_money:
        stakes += " (play money)"
    lines = [f"{hand.site} hand #{hand.hand_id}: {game}, {stakes}"]
    if hand.is_tournament:
        parts = [f"Tournament #{hand.tournament_id}"]
        if hand.buy_in:
            sym = hand.layout.buy_in_symbol
            buy_in = "+".join(f"{sym}{part}" for part in hand.buy_in)
            if hand.buy_in_currency:
                buy_in += f" {hand.buy_in_currency}"
            parts.append(f"buy-in {buy_in}")
        if hand.match_round is not None:
            parts.append(f"match round {hand.match_round}")
        if hand.level is not None:
            parts.append(f"level {hand.level}")
        lines.append(", ".join(parts))
    if hand.is_home_game:
        lines.append("Home game" + (f" {{{hand.club}}}" if hand.club else ""))
    table = f"Table '{hand.table_name}'"
    if hand.max_seats is not None:
        table += f" {hand.max_seats}-max"
    when = hand.started_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    lines.append(f"{table}, {when}, button seat {hand.button_seat}")
    src = hand.source
    lines.append(f"From {src.path}, lines {src.first_line}-{src.last_line}")
    return lines


# ------------------------------------------------------------------------------------- seats


def seating(replay: Replay) -> tuple[dict[str, int], dict[str, str]]:
    """Who is dealt in (player -> seat) and each one's position, as the record has them: the
    one decision of the replay's pass (``sites.dealt_in_seats``), shared with the tables."""
    body = replay.body
    dealt = {s.player: s.seat for s in body.seats}
    return dealt, {p: pos.value for p, pos in body.positions.items()}


def _seats(hand: Hand, replay: Replay, money: MoneyText) -> list[str]:
    dealt, positions = seating(replay)
    name_w = max((len(s.player) for s in hand.seats), default=0)
    stacks = {s.player: money(s.stack) for s in hand.seats}
    stack_w = max((len(t) for t in stacks.values()), default=0)
    lines = ["Seats"]
    for s in sorted(hand.seats, key=lambda s: s.seat):
        position = positions.get(s.player)
        notes = []
        if s.player == hand.hero:
            notes.append("hero")
        if s.bounty is not None:
            notes.append(f"bounty {hand.layout.buy_in_symbol}{s.bounty}")
        if s.out_of_hand is not None:
            notes.append(f"out of hand ({s.out_of_hand})")
        elif s.player not in dealt:
            notes.append("sitting out")
        line = (
            f"  Seat {s.seat}: {s.player:<{name_w}}  {stacks[s.player]:>{stack_w}}  "
            f"{position if position is not None else '-':<3}"
        )
        if notes:
            line += "  " + ", ".join(notes)
        lines.append(line.rstrip())
    return lines


# ----------------------------------------------------------------------------------- streets


def _street_of(e: Event) -> Street | None:
    if isinstance(e, SectionMarker):
        return e.section.street
    if isinstance(e, Action | Draw | DealtTo):
        return e.street
    return None


def _street_title(hand: Hand, street: Street) -> str:
    if street is Street.DRAW1 and hand.game.draws == 1:
        return "Draw"
    return _STREET_TITLES[street]


def _streets(hand: Hand, money: MoneyText) -> list[_Item]:
    """The lines from the first post to the summary, grouped under street titles."""
    pots = running_pot(hand)
    summary_cards = {
        e.player: e.cards for e in hand.iter_events(SummarySeat) if e.cards is not None
    }
    hero = hand.hero
    site = hand.site
    hero_cards: tuple[Card, ...] | None = None
    items: list[_Item] = []
    street: Street | None = None
    pot = _ZERO

    def holds(player: str, cards: tuple[Card, ...]) -> None:
        items.append(_Row(player, f"holds {format_hand(cards)}: {describe_cards(cards, site)}"))

    stamped = 0  # items before this index carry the line of the event they show

    def stamp(line: int) -> None:
        nonlocal stamped
        for k in range(stamped, len(items)):
            item = items[k]
            if isinstance(item, _Row):
                items[k] = replace(item, line=line)
        stamped = len(items)

    for index, e in enumerate(hand.events):
        if index:
            stamp(hand.events[index - 1].line)
        at = _street_of(e)
        if at is Street.SUMMARY:
            stamped = len(items)
            break
        if street is None or (at is not None and at > street):
            street = Street.PREDEAL if at is None else at
            title = _street_title(hand, street)
            items.append(title if street is Street.PREDEAL else f"{title} (pot {money(pot)})")
        if index in pots:
            pot = pots[index]
        if isinstance(e, Post):
            text = f"{_POST_TEXT[e.kind]} {money(e.amount)}" + _all_in(e.all_in)
            items.append(_Row(e.player, text, pot))
        elif isinstance(e, Action):
            items.append(_Row(e.player, _action_text(e, money), pot))
        elif isinstance(e, UncalledBet):
            items.append(_Row(e.player, f"takes back the uncalled {money(e.amount)}", pot))
        elif isinstance(e, DealtTo):
            if e.new is None:
                items.append(
                    _Row(
                        e.player, f"is dealt {format_hand(e.kept)}: {describe_cards(e.kept, site)}"
                    )
                )
            else:
                items.append(_Row(e.player, f"receives {format_hand(e.new)}"))
                holds(e.player, e.hand)
            if e.player == hero:
                hero_cards = e.hand
        elif isinstance(e, Draw):
            items.append(_Row(e.player, _draw_text(e)))
            if e.pat and e.player == hero:
                if e.pat_cards is not None:
                    hero_cards = e.pat_cards
                if hero_cards is not None:
                    holds(e.player, hero_cards)
        elif isinstance(e, Shows):
            text = f"shows {format_hand(e.cards)}: {describe_cards(e.cards, site)}"
            if e.description is not None and len(e.cards) == 5:
                try:
                    ours = words_for(site).describe(hand_rank(e.cards))
                except CardError:
                    ours = None
                if ours != e.description:
                    text += f" (the site says {e.description})"
            items.append(_Row(e.player, text))
        elif isinstance(e, Mucks):
            cards = summary_cards.get(e.player)
            if cards is None:
                items.append(_Row(e.player, "mucks"))
            else:
                text = (
                    f"mucks; the summary shows {format_hand(cards)}: {describe_cards(cards, site)}"
                )
                items.append(_Row(e.player, text))
        elif isinstance(e, DoesntShow):
            items.append(_Row(e.player, "does not show"))
        elif isinstance(e, CapReached):
            items.append(_Row("", "betting is capped"))
        elif isinstance(e, Reshuffle):
            items.append(_Row("", "the deck is reshuffled"))
        elif isinstance(e, HandCancelled):
            items.append(_Row("", "hand cancelled"))
        elif isinstance(e, Chat):
            items.append(_Row(e.player, f'says "{e.text}"'))
        elif isinstance(e, PlayerStatus):
            status = words_for(hand.site).statuses[e.kind]
            if e.kind is StatusKind.JOINS:
                status = status.format(seat=e.seat)
            items.append(_Row(e.player, status))
        elif isinstance(e, TournamentFinish):
            text = f"finishes the tournament in {ordinal(e.place)} place"
            if e.prize is not None:
                text += f" and receives {e.currency_symbol}{e.prize}"
            items.append(_Row(e.player, text))
        elif isinstance(e, TournamentWin):
            text = f"wins the tournament and receives {e.currency_symbol}{e.prize}"
            items.append(_Row(e.player, text))
        # Collected lines and the summary are summed up in the result.
    else:
        if hand.events:
            stamp(hand.events[-1].line)
    return items


def _all_in(flag: bool) -> str:
    return " and is all-in" if flag else ""


def _action_text(e: Action, money: MoneyText) -> str:
    kind = e.kind
    if kind is ActionKind.FOLD:
        text = "folds"
    elif kind is ActionKind.CHECK:
        text = "checks"
    elif kind is ActionKind.CALL:
        text = f"calls {money(e.amount or _ZERO)}"
    elif kind is ActionKind.BET:
        text = f"bets {money(e.amount or _ZERO)}"
    elif e.amount is None:  # a site that writes only the total ("raises to $x")
        text = f"raises to {money(e.to_amount or _ZERO)}"
    else:
        text = f"raises {money(e.amount)} to {money(e.to_amount or _ZERO)}"
    return text + _all_in(e.all_in)


def _draw_text(e: Draw) -> str:
    if e.pat:
        return "stands pat" if e.pat_cards is None else f"stands pat on {format_hand(e.pat_cards)}"
    text = f"discards {e.count} card{'' if e.count == 1 else 's'}"
    if e.discarded is not None:
        text += f" {format_hand(e.discarded)}"
    return text


def _layout(items: Iterable[_Item], money: MoneyText) -> list[str]:
    items = list(items)
    rows = [i for i in items if isinstance(i, _Row)]
    name_w = max((len(r.player) for r in rows), default=0)
    text_w = min(max((len(r.text) for r in rows if r.pot is not None), default=0), _MAX_TEXT)
    lines = []
    for item in items:
        if isinstance(item, str):
            lines.append(item)
            continue
        line = f"  {item.player:<{name_w}}  {item.text}"
        if item.pot is not None:
            line = f"  {item.player:<{name_w}}  {item.text:<{text_w}}  pot {money(item.pot)}"
        lines.append(line.rstrip())
    return lines


# ------------------------------------------------------------------------------------ result


def _pot_line(pot: PotOutcome, money: MoneyText) -> str:
    line = f"  {pot.name} {money(pot.amount)} (rake {money(pot.rake)})"
    if pot.collected:
        line += " won by " + ", ".join(f"{p} {money(a)}" for p, a in pot.collected)
    else:
        line += " collected by nobody"
    if sorted(pot.collected) != sorted(pot.shares):
        rightful = ", ".join(f"{p} {money(a)}" for p, a in pot.shares) or "nobody"
        line += f"; the rules award it to {rightful}"
    if pot.odd_chips:
        line += f"; odd chip to {', '.join(pot.odd_chips)}"
    return line


def _result(hand: Hand, replay: Replay, money: MoneyText) -> list[str]:
    lines = ["Result"]
    body = replay.body
    if body.cancelled:
        lines.append("  hand cancelled: no pot was played, the money went back")
        return lines
    summary = body.summary_pot
    if summary is not None:
        lines.append(f"  total pot {money(summary.total)}, rake {money(summary.rake)}")
    elif replay.total_pot is not None:
        lines.append(f"  total pot {money(replay.total_pot)} (no summary line)")
    if replay.complete:
        lines.extend(_pot_line(pot, money) for pot in replay.pots)
    else:
        lines.append("  the rules engine could not settle this hand (see the findings)")
        for c in body.collected:
            lines.append(f"  {c.player} collected {money(c.amount)} from the {c.pot}")
    players = [p for p in replay.players if p.dealt_in or p.invested or p.collected]
    if players:
        name_w = max(len(p.player) for p in players)
        cells = [
            (p.player, money(p.invested), money(p.collected), money(p.net, signed=True))
            for p in players
        ]
        w1, w2, w3 = (max(len(c[k]) for c in cells) for k in (1, 2, 3))
        w1, w2, w3 = max(w1, len("invested")), max(w2, len("collected")), max(w3, len("net"))
        lines.append(
            f"  {'player':<{name_w}}  {'invested':>{w1}}  {'collected':>{w2}}  {'net':>{w3}}"
        )
        for name, invested, collected, net in cells:
            lines.append(f"  {name:<{name_w}}  {invested:>{w1}}  {collected:>{w2}}  {net:>{w3}}")
    return lines


def _findings(replay: Replay) -> list[str]:
    if not replay.findings:
        return ["Findings", "  no findings"]
    lines = ["Findings"]
    for f in replay.findings:
        rule = f" ({f.rule})" if f.rule else ""
        lines.append(f"  {f.severity.label} {f.code}{rule} at line {f.line}: {f.message}")
    return lines
