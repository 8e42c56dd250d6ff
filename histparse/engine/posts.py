"""Forced bets (R-TABLE-2): default amounts and how each post splits into live and dead money.

Live money counts towards the poster's bet in the pre-draw round (blinds, a new player's extra
big blind); dead money goes to the pot only (antes, dead blinds, the small-blind part of
``SMALL_AND_BIG_BLIND``).
"""

from __future__ import annotations

from histparse.engine.config import GameConfig
from histparse.engine.errors import IllegalPost, StateError
from histparse.game import PostKind

# Enum members as module constants: Enum classes have a Python __getattr__ hook.
_SMALL_BLIND = PostKind.SMALL_BLIND
_BIG_BLIND = PostKind.BIG_BLIND
_SMALL_AND_BIG_BLIND = PostKind.SMALL_AND_BIG_BLIND
_ANTE = PostKind.ANTE
_DEAD_BLIND = PostKind.DEAD_BLIND


def default_post(config: GameConfig, kind: PostKind) -> int:
    """The amount a full post of ``kind`` takes under ``config``."""
    if kind is _SMALL_BLIND:
        return config.small_blind
    if kind is _BIG_BLIND:
        return config.big_blind
    if kind is _SMALL_AND_BIG_BLIND:
        return config.small_blind + config.big_blind
    if kind is _ANTE:
        return config.ante
    return config.small_blind  # DEAD_BLIND: usually a missed small blind


def split_post(
    config: GameConfig, player: str, kind: PostKind, amount: int | None, stack: int, check: bool
) -> tuple[int, int, int]:
    """Validate a post and return ``(amount, live, dead)``.

    ``amount=None`` posts the full amount or the whole stack when it is smaller (all-in). With
    ``check`` an amount other than the full one or the whole stack raises ``IllegalPost``.
    """
    if not isinstance(kind, PostKind):
        raise StateError(f"{player}: {kind!r} is not a PostKind")
    full = default_post(config, kind)
    if amount is None:
        amount = min(full, stack)
    if isinstance(amount, bool) or not isinstance(amount, int):
        raise StateError(f"{player} posts {amount!r}: amounts are int minor units")
    if amount <= 0:
        raise StateError(f"{player} posts {amount}: a post must be positive")
    if amount > stack:
        raise StateError(f"{player} posts {amount} but has only {stack}")
    if check and amount != full and amount != stack:
        allowed = {full}
        if kind is _DEAD_BLIND:
            allowed.add(config.big_blind)  # a missed big blind may also be posted dead
        if amount not in allowed:
            what = "there is no ante" if kind is _ANTE and not full else f"expected {full}"
            raise IllegalPost(
                "R-TABLE-2",
                f"{player} posts {kind.label} {amount}: {what} (or all-in for {stack})",
            )
    if kind is _SMALL_BLIND or kind is _BIG_BLIND:
        return amount, amount, 0
    if kind is _SMALL_AND_BIG_BLIND:
        live = min(amount, config.big_blind)
        return amount, live, amount - live
    return amount, 0, amount
