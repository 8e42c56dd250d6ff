"""Poker Hand History (PHH) export: the open standard pokerkit reads, variant ``F2L3D``.

``convert(hand, deal=None, *, allow_unknown=False)`` turns one hand (its record, a ``Replay``,
or a ``Hand``, whose record is then read once) into a ``PhhHand`` or says why not (``Skipped``
with a ``SkipReason``); ``dumps`` writes one hand (``.phh``),
``dumps_all``/``PhhsWriter`` several (``.phhs``: sections ``[1]``, ``[2]``...);
``convert_files(paths, out)`` converts history files, ``write_phh(hands, out)`` writes a file.

What is written:

* Players in position order, first the first player left of the button (the small blind;
  heads-up, the big blind), last the button; ``seats`` gives their seat numbers.
* Money in int minor units: cents for real-money cash, chips for tournaments and play money
  (``_money_unit`` says which: ``"0.01"`` or ``"1"``). ``antes`` holds the ante for every
  position (a player short of it puts in what they have, in pokerkit as in the engine), with
  ``ante_trimming_status = true`` (an ante counts for side pots, as the engine counts it: a
  player all-in for less than the ante wins only what they matched);
  ``blinds_or_straddles`` is ``[small blind, big blind, 0...]``.
* ``actions``: the deal ``d dh pN`` (five cards), ``pN cbr X`` (bet or raise *to* X, the
  round total), ``pN cc`` (check or call), ``pN f``, each draw as every player's ``pN sd
  [cards]`` (stand pat or discard) and then ``d dh pN cards`` for the players who drew, and at
  a showdown ``pN sm cards`` (shows) or ``pN sm`` (mucks).
* ``finishing_stacks``: the stacks after the hand, rake taken. PHH has no rake field: the rake
  goes in the user field ``_rake`` and pokerkit, replaying without rake, gives it to the
  winners of the main pot. Also ``hand`` (number), ``table``, ``seat_count``, ``venue``
  (site), ``event``/``level`` (tournaments), ``currency``, and the start ``time`` (UTC)
  with ``day``/``month``/``year``.

"Fully known": every dealt-in player's first five cards, and for every draw they took part in
the cards they threw and the cards they were served (players who fold before the first draw
need their five cards too: PHH deals every player). A simulated hand with its ``FullDeal``
(``simulate_with_cards``) is always fully known; a site history almost never is (opponents'
draws are hidden), the exception being opponents who stood pat throughout and showed.
pokerkit 0.7.7 accepts unknown cards (``??``) in deals and discards (the real WSOP samples use
them) and decides a showdown from the shown hands, so ``allow_unknown=True`` converts hands
with hidden cards too, each written ``??``.

Skipped, with the reason (``SkipReason``):

* cancelled hands; games other than 2-7 Triple Draw; pot- and no-limit Triple Draw
  (pokerkit 0.7.7 has no PHH variant for them);
* blinds PHH cannot say: a new player's extra big blind or "small & big blinds" (a live blind
  out of the big blind's seat is a straddle in PHH, which changes who acts first), a big blind
  missing or short (all-in for less, or all-in with the ante: the engine still counts a full
  big blind as the first bet, pokerkit plays from what was posted), a dead blind or uneven
  antes (PHH's only dead money is antes, and pokerkit 0.7.7 misplays uneven ones);
* amounts that are not whole minor units; hands inconsistent with themselves (a draw of more
  than five cards, or one the shown cards contradict; payouts plus rake that differ from what
  went into the pot: no replay could end with the site's stacks);
* unknown cards, unless ``allow_unknown``;
* hands pokerkit 0.7.7 plays by other rules: a bet or raise after an incomplete all-in raise in
  the same round (pokerkit sizes the next raise from the all-in amount and counts the all-in
  towards the cap), more than four bets and raises in a round (a cap lifted heads-up), and a
  pot split three or more ways with two or more odd chips (pokerkit gives all odd chips to the
  first winner, docs/rules.md R-SHOW-2 one each).
"""

from histparse.phh.convert import MAX_BETS_PER_ROUND, convert
from histparse.phh.files import (
    ConvertReport,
    PhhFileError,
    PhhOutput,
    convert_files,
    convert_results,
    write_phh,
)
from histparse.phh.knowledge import CardKnowledge, DrawCards
from histparse.phh.record import PhhHand, UserValue
from histparse.phh.skips import Skipped, SkipReason
from histparse.phh.text import PhhsWriter, dumps, dumps_all, toml_string

__all__ = [
    "MAX_BETS_PER_ROUND",
    "CardKnowledge",
    "ConvertReport",
    "DrawCards",
    "PhhFileError",
    "PhhHand",
    "PhhOutput",
    "PhhsWriter",
    "SkipReason",
    "Skipped",
    "UserValue",
    "convert",
    "convert_files",
    "convert_results",
    "dumps",
    "dumps_all",
    "toml_string",
    "write_phh",
]
